/**
 * Turns a `document_key` into the bytes to process, enforcing tenancy,
 * the 24-hour lifetime and the upload ceiling, before any billable work.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { TIER_LIMITS } from '../contracts/limits.ts';
import type { Principal } from '../middleware/http.ts';
import { ObjectChangedError } from '../ports/blob-store.ts';
import type { DocumentRecord } from '../ports/documents.ts';
import type { AppDeps } from '../runtime/deps.ts';

export interface DocumentInput {
  readonly record: DocumentRecord;
  readonly size: number;
  /** SHA-256 of the bytes when already known for this exact object version (no download needed). */
  readonly knownSha256?: string;
  readonly etag?: string;
  /** Downloads the bytes (once). */
  readBytes(): Promise<Uint8Array>;
}

export interface InputContext {
  /** Raised ceilings apply (custom tier, API caller, X-Async: true). */
  readonly raised: boolean;
}

export async function resolveDocument(deps: AppDeps, principal: Principal, documentKey: string): Promise<DocumentRecord> {
  // The key embeds the organization: another organization's document is simply not found.
  const record = await deps.documents.get(principal.orgId, documentKey);
  if (!record) {
    throw new ApiError('document_not_found', `No document with document_key ${documentKey} in this organization.`);
  }
  if (deps.clock.now().getTime() >= Date.parse(record.expiresAt)) {
    throw new ApiError(
      'document_expired',
      `document_key ${documentKey} expired at ${record.expiresAt} (keys are usable for 24 hours); upload the file again.`,
      { details: { expired_at: record.expiresAt } },
    );
  }
  return record;
}

export async function loadDocumentInput(
  deps: AppDeps,
  principal: Principal,
  documentKey: string,
  context: InputContext = { raised: false },
): Promise<DocumentInput> {
  const record = await resolveDocument(deps, principal, documentKey);
  const head = await deps.blobs.head(record.objectKey);
  if (!head) {
    throw new ApiError(
      'document_not_uploaded',
      `No file has been uploaded for document_key ${documentKey} yet: PUT the bytes to the upload_url first.`,
    );
  }
  const limits = TIER_LIMITS[principal.tier];
  const ceiling = context.raised && limits.raised ? limits.raised.uploadBytes : limits.uploadBytes;
  if (head.size > ceiling) {
    throw new ApiError('file_too_large', `The file is ${head.size} bytes; the ceiling for this request is ${ceiling} bytes.`, {
      details: {
        file_size: head.size,
        max_bytes: ceiling,
        ...(limits.raised && !context.raised ? { hint: 'Larger files are accepted with X-Async: true on the custom tier.' } : {}),
      },
    });
  }
  if (head.size === 0) {
    throw new ApiError('document_empty', 'The uploaded file is empty (0 bytes).');
  }
  checkAgainstDeclaredLength(record, head.size);
  let download: Promise<Uint8Array> | undefined;
  const known = record.contentHash && head.etag && record.contentHash.etag === head.etag ? record.contentHash.sha256 : undefined;
  return {
    record,
    size: head.size,
    ...(known ? { knownSha256: known } : {}),
    etag: head.etag,
    // Only the version whose size was checked above is read: a PUT that replaced
    // it since (a bigger file) fails here instead of reaching a parser.
    readBytes: () => (download ??= readChecked(deps, record, { etag: head.etag, size: head.size })),
  };
}

/**
 * The upload address is signed for the declared length, so S3 refuses any
 * other body; this is the second check, on what is actually stored.
 */
function checkAgainstDeclaredLength(record: DocumentRecord, size: number): void {
  const declared = record.declaredLength;
  if (declared === undefined || size === declared) return;
  const details = { file_size: size, declared_length: declared };
  if (size > declared) {
    throw new ApiError('file_too_large', `The stored file is ${size} bytes, larger than the content_length of ${declared} declared at upload.`, {
      details,
    });
  }
  throw new ApiError('upload_size_mismatch', `The stored file is ${size} bytes, not the content_length of ${declared} declared at upload; upload it again.`, {
    details,
  });
}

async function readChecked(deps: AppDeps, record: DocumentRecord, condition: { etag?: string; size: number }): Promise<Uint8Array> {
  try {
    return await deps.blobs.getBytes(record.objectKey, condition);
  } catch (error) {
    if (error instanceof ObjectChangedError) {
      throw new ApiError(
        'document_changed',
        `The file of document_key ${record.documentKey} was replaced while this request read it; send the request again.`,
        { cause: error },
      );
    }
    throw error;
  }
}
