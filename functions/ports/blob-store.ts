/** Object storage as the engines and handlers need it; S3 is one implementation. */
export interface ObjectHead {
  readonly size: number;
  readonly contentType?: string;
  /** Changes whenever the bytes change. */
  readonly etag?: string;
}

export interface PresignPutRequest {
  readonly key: string;
  readonly contentType: string;
  readonly expiresInSeconds: number;
  /**
   * The exact byte count the PUT must carry, when the caller declared it:
   * signed into the address, so storage refuses a body of any other length.
   */
  readonly contentLength?: number;
  /**
   * Whether the PUT must send `x-amz-server-side-encryption: AES256` (signed
   * into the address; the default). Without it the bucket's default
   * encryption applies, and S3 refuses the header if it is sent anyway (it
   * rejects unsigned `x-amz-*` headers).
   */
  readonly encryptionHeader?: boolean;
}

/** What a read expects of the object: the version seen by an earlier `head`. */
export interface ReadCondition {
  /** The ETag seen at the check; a different version fails with `ObjectChangedError`. */
  readonly etag?: string;
  /** The size seen at the check; a larger body fails with `ObjectChangedError` before it is read. */
  readonly size?: number;
}

/**
 * The object is no longer the version a `head` checked (replaced between the
 * size check and the read): reading it would process bytes nobody checked.
 */
export class ObjectChangedError extends Error {
  constructor(key: string, reason: string) {
    super(`Object ${key} changed since it was checked: ${reason}`);
    this.name = 'ObjectChangedError';
  }
}

export interface BlobStore {
  /** A PUT address that requires the signed Content-Type and (unless turned off) `x-amz-server-side-encryption: AES256`. */
  presignPut(request: PresignPutRequest): Promise<string>;
  /**
   * A GET address. `attachment: true` makes the response a download
   * (`Content-Disposition: attachment`), for caller-supplied bytes that a
   * browser must never render in our origin.
   */
  presignGet(
    key: string,
    expiresInSeconds: number,
    options?: { contentType?: string; filename?: string; attachment?: boolean },
  ): Promise<string>;
  /** Size and type of an object, or undefined when it does not exist. */
  head(key: string): Promise<ObjectHead | undefined>;
  /** The bytes; with a condition, only of the version that was checked (else `ObjectChangedError`). */
  getBytes(key: string, condition?: ReadCondition): Promise<Uint8Array>;
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
}
