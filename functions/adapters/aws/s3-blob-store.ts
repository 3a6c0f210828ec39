import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobStore, ObjectHead, PresignPutRequest } from '../../ports/blob-store.ts';

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
function contentDisposition(filename: string): string {
  const safe = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${safe}"`;
}

/** BlobStore on S3 (or an S3-protocol emulator). */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async presignPut({ key, contentType, expiresInSeconds }: PresignPutRequest): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ServerSideEncryption: 'AES256',
    });
    // Content-Type is not signed by default; signing it makes S3 reject a PUT
    // whose type differs from the one declared at upload. The SSE header is
    // never hoisted into the query, so it is signed and required as well.
    return getSignedUrl(this.s3, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  async presignGet(
    key: string,
    expiresInSeconds: number,
    options: { contentType?: string; filename?: string } = {},
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
      ...(options.filename
        ? { ResponseContentDisposition: contentDisposition(options.filename) }
        : {}),
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

  async getBytes(key: string): Promise<Uint8Array> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) return new Uint8Array();
    return out.Body.transformToByteArray();
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
