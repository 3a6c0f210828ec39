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

/**
 * Query of GET /v1/batch. The SPEC gives `limit` as a plain integer with no
 * maximum, so a larger one is served as the page-size cap (the caller pages
 * on with `next_cursor`) instead of refused; below 1 or not an integer is 400.
 */
export const BatchListQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(BATCH_LIMITS.listDefaultLimit)
    .transform((n) => Math.min(n, BATCH_LIMITS.listMaxLimit))
    .meta({ description: `page size, default ${BATCH_LIMITS.listDefaultLimit}; values above ${BATCH_LIMITS.listMaxLimit} are served as ${BATCH_LIMITS.listMaxLimit}` }),
  cursor: z.string().max(512).optional(),
});
export type BatchListQuery = z.output<typeof BatchListQuery>;

// Response shapes (documentation and the generated SDK types; the handlers build them in pipeline/batches.ts).
const BatchStatusSchema = z.enum(['queued', 'running', 'completed', 'completed_with_errors', 'failed', 'canceled']);
const Counts = z.object({ total: z.int(), queued: z.int(), processing: z.int(), done: z.int(), failed: z.int() });

export const BatchReceipt = z.object({
  batch_id: z.uuid(),
  status: BatchStatusSchema,
  total_items: z.int(),
  endpoint: z.string(),
  created_at: z.string(),
  links: z.object({ self: z.string() }),
});

export const BatchItemView = z.object({
  doc_index: z.int(),
  document_key: z.string(),
  status: z.enum(['queued', 'processing', 'done', 'failed']),
  request_id: z.string().optional().meta({ description: 'done items: the stored request (GET /v1/requests/{request_id}/snapshot re-signs its links)' }),
  result_key: z.string().optional().meta({ description: 'finished (done or failed) items: storage key of the result JSON' }),
  result_url: z
    .string()
    .optional()
    .meta({ description: 'finished items: the result JSON — a done item\'s synchronous response envelope, a failed item\'s error body; valid 15 minutes' }),
  error: z.object({ code: z.string(), message: z.string(), http_status: z.int() }).optional(),
  started_at: z.string().optional(),
  finished_at: z.string().optional(),
});

export const WebhookAttemptView = z.object({
  at: z.string(),
  t: z.int(),
  status_code: z.int().optional(),
  error: z.string().optional(),
  duration_ms: z.int(),
});

export const BatchRecordView = z.object({
  batch_id: z.uuid(),
  status: BatchStatusSchema,
  endpoint: z.string(),
  counts: Counts,
  items: z.array(BatchItemView),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  request_params: z.record(z.string(), z.string()),
  webhook: z
    .object({
      url: z.string(),
      event: z.string().nullable(),
      delivery_id: z.string().nullable(),
      status: z.enum(['pending', 'sending', 'retrying', 'delivered', 'failed']),
      attempts: z.array(WebhookAttemptView),
      delivered_at: z.string().nullable(),
    })
    .nullable(),
  links: z.object({ self: z.string() }),
  assets_expire_at: z.string().optional(),
});

export const BatchListView = z.object({
  batches: z.array(
    z.object({
      batch_id: z.uuid(),
      status: BatchStatusSchema,
      endpoint: z.string(),
      total_items: z.int(),
      counts: Counts.optional(),
      created_at: z.string(),
      finished_at: z.string().nullable(),
      links: z.object({ self: z.string() }),
    }),
  ),
  next_cursor: z.string().nullable(),
});
