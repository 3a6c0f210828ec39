import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  ObjectChangedError,
  type BlobStore,
  type ObjectHead,
  type PresignPutRequest,
  type ReadCondition,
} from '../../ports/blob-store.ts';

function isPreconditionFailed(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * `inline; filename="…"` with the name reduced to safe ASCII. (The RFC 5987
 * `filename*=UTF-8''…` form would keep non-ASCII names, but its `*` and `'`
 * are canonicalised differently by the local S3 emulator, which then rejects
 * the signature.)
 */
function contentDisposition(filename: string, attachment: boolean): string {
  const safe = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${safe}"`;
}

/** BlobStore on S3 (or an S3-protocol emulator). */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async presignPut({ key, contentType, expiresInSeconds, contentLength, encryptionHeader = true }: PresignPutRequest): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      // Without the header the bucket's default encryption (SSE-S3) applies all the same.
      ...(encryptionHeader ? { ServerSideEncryption: 'AES256' as const } : {}),
      ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
    });
    // Content-Type is not signed by default; signing it makes S3 reject a PUT
    // whose type differs from the one declared at upload. The SSE header is
    // never hoisted into the query, so it is signed and required as well.
    // A declared length is signed too: a body of any other length no longer
    // matches the signature (S3 and the local emulator both answer 403).
    return getSignedUrl(this.s3, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(contentLength !== undefined ? ['content-type', 'content-length'] : ['content-type']),
    });
  }

  async presignGet(
    key: string,
    expiresInSeconds: number,
    options: { contentType?: string; filename?: string; attachment?: boolean } = {},
  ): Promise<string> {
    const disposition = options.filename
      ? contentDisposition(options.filename, Boolean(options.attachment))
      : options.attachment
        ? 'attachment'
        : undefined;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      ...(disposition ? { ResponseContentDisposition: disposition } : {}),
    });
    return getSignedUrl(this.s3, command, { expiresIn: expiresInSeconds });
  }

  async head(key: string): Promise<ObjectHead | undefined> {
    try {
      const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType, etag: out.ETag };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async getBytes(key: string, condition: ReadCondition = {}): Promise<Uint8Array> {
    let out;
    try {
      out = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(condition.etag ? { IfMatch: condition.etag } : {}) }),
      );
    } catch (error) {
      if (isPreconditionFailed(error)) throw new ObjectChangedError(key, 'its ETag no longer matches');
      throw error;
    }
    // S3 answers 412 to a failed If-Match; the local emulator ignores If-Match,
    // so the version and size that came back are compared here as well, before
    // the body is read.
    const discard = () => (out.Body as { destroy?: () => void } | undefined)?.destroy?.();
    if (condition.etag && out.ETag && out.ETag !== condition.etag) {
      discard();
      throw new ObjectChangedError(key, 'its ETag no longer matches');
    }
    if (condition.size !== undefined && out.ContentLength !== undefined && out.ContentLength > condition.size) {
      discard();
      throw new ObjectChangedError(key, `it is now ${out.ContentLength} bytes; ${condition.size} were checked`);
    }
    if (!out.Body) return new Uint8Array();
    const bytes = await out.Body.transformToByteArray();
    if (condition.size !== undefined && bytes.byteLength > condition.size) {
      throw new ObjectChangedError(key, `${bytes.byteLength} bytes arrived; ${condition.size} were checked`);
    }
    return bytes;
  }

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ServerSideEncryption: 'AES256',
      }),
    );
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
        ServerSideEncryption: 'AES256',
      }),
    );
  }
}
