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
}

export interface DocumentRepository {
  create(record: DocumentRecord): Promise<void>;
  get(orgId: string, documentKey: string): Promise<DocumentRecord | undefined>;
}
