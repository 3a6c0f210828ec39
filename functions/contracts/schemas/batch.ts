import { z } from 'zod';
import { BATCH_LIMITS } from '../batch.ts';
import { documentKey } from './common.ts';

/** Body of POST /v1/batch (SPEC "POST /v1/batch"). Unknown fields are rejected so typos surface. */
export const BatchSubmission = z.strictObject({
  endpoint: z.string().trim().min(1).max(64),
  document_keys: z
    .array(documentKey)
    .min(1, 'document_keys must hold at least one document_key')
    .max(BATCH_LIMITS.maxDocuments, `a batch holds at most ${BATCH_LIMITS.maxDocuments} documents; submit several batches`),
  /**
   * The synchronous call's options by the same names: its query parameters
   * (e.g. include_boxes, force_refresh) and its form fields other than
   * document_key (classify/split `options`, redact `pii_config`), JSON values
   * given as objects or as the strings the form would carry.
   */
  options: z.record(z.string(), z.unknown()).optional(),
  webhook_url: z.url({ protocol: /^https?$/, message: 'webhook_url must be an absolute http(s) URL' }).max(BATCH_LIMITS.webhookUrlMaxLength).optional(),
  parse_mode: z.enum(['fast', 'advanced']).optional(),
});
export type BatchSubmission = z.output<typeof BatchSubmission>;

/** Query of GET /v1/batch. */
export const BatchListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(BATCH_LIMITS.listMaxLimit).default(BATCH_LIMITS.listDefaultLimit),
  cursor: z.string().max(512).optional(),
});
export type BatchListQuery = z.output<typeof BatchListQuery>;
