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
}

export interface BlobStore {
  /** A PUT address that requires the signed Content-Type and `x-amz-server-side-encryption: AES256`. */
  presignPut(request: PresignPutRequest): Promise<string>;
  presignGet(key: string, expiresInSeconds: number, options?: { contentType?: string; filename?: string }): Promise<string>;
  /** Size and type of an object, or undefined when it does not exist. */
  head(key: string): Promise<ObjectHead | undefined>;
  getBytes(key: string): Promise<Uint8Array>;
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  copy(fromKey: string, toKey: string): Promise<void>;
}
