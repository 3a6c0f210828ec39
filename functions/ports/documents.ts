import type { FileKind } from '../contracts/media-types.ts';

export interface DocumentRecord {
  readonly orgId: string;
  readonly documentKey: string;
  readonly filename: string;
  /** Content type declared (or detected from the filename) at upload. */
  readonly contentType: string;
  readonly kind: FileKind;
  readonly declaredLength?: number;
  readonly objectKey: string;
  readonly createdAt: string;
  /** document_key lifetime end (24 h after issue). */
  readonly expiresAt: string;
  /** SHA-256 of the bytes, remembered with the ETag it was computed for (result-cache key). */
  readonly contentHash?: { readonly etag: string; readonly sha256: string };
}

export interface DocumentRepository {
  create(record: DocumentRecord): Promise<void>;
  get(orgId: string, documentKey: string): Promise<DocumentRecord | undefined>;
  rememberContentHash(orgId: string, documentKey: string, etag: string, sha256: string): Promise<void>;
}
