/**
 * S3 layout shared by the CDK stack (bucket, lifecycle rules, grants) and the
 * adapters. One private bucket holds everything; lifetime is decided by the
 * prefix, so a lifecycle rule per prefix is all the clean-up there is.
 *
 * @module
 */

export const STORAGE = {
  /** Environment variable holding the bucket name. */
  bucketEnvVar: 'DOCINTEL_BUCKET',
  /** Bucket name used by the local server. */
  localBucket: 'docintel-documents',
  prefixes: {
    /** Bytes PUT by callers through presigned URLs; usable 24 h. */
    uploads: { prefix: 'uploads/', expireAfterDays: 1 },
    /** Stored requests: input copies, responses, page images; kept 30 days. */
    stored: { prefix: 'stored/', expireAfterDays: 30 },
    /** Responses too large to return inline, read through a presigned link; kept 24 h. */
    responses: { prefix: 'responses/', expireAfterDays: 1 },
  },
} as const;

export const objectKeys = {
  upload: (orgId: string, documentKey: string) => `${STORAGE.prefixes.uploads.prefix}${orgId}/${documentKey}`,
  storedResponse: (orgId: string, requestId: string) =>
    `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/response.json`,
  storedInput: (orgId: string, requestId: string) => `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/input`,
  offloadedResponse: (orgId: string, responseId: string) =>
    `${STORAGE.prefixes.responses.prefix}${orgId}/${responseId}.json`,
  storedPageImage: (orgId: string, requestId: string, page: number) =>
    `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/pages/${page}.png`,
  /** A failed batch item's result JSON: the error body the synchronous call would have returned. */
  storedItemError: (orgId: string, requestId: string) => `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/error.json`,
  /** The redacted document as one PDF (redact `output=pdf`). */
  storedRedactedPdf: (orgId: string, requestId: string) => `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/redacted.pdf`,
  /** The document as a searchable PDF (parse `output=pdf`). */
  storedSearchablePdf: (orgId: string, requestId: string) => `${STORAGE.prefixes.stored.prefix}${orgId}/${requestId}/searchable.pdf`,
} as const;
