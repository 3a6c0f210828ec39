/**
 * The 200 bodies of the routes that had no response schema: the inference
 * envelopes (one `result` shape per operation), the job receipt and job
 * record, upload receipts, usage, limits and snapshots. docs/openapi.json
 * types every 200 response from these (so the SDK's results are typed end
 * to end), and the integration tests check real answers of the local
 * server against them (test/integration/response-schemas.test.ts), so they
 * cannot drift from what the handlers send.
 *
 * Objects the service may grow (metadata, limits) are loose; the documented
 * fields are typed.
 *
 * @module
 */
import { z } from 'zod';
import { ENGINE_SLOTS, type EngineSlot, type FallbackReason } from '../engines.ts';
import { FinancialExtractResult } from './extract.ts';

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[x0, y0, x1, y1], fractions of the page (0–1)');
const isoTime = z.string().describe('ISO 8601 UTC');

const REGION_TYPES = ['title', 'section_header', 'paragraph', 'list_item', 'table', 'figure', 'page_header', 'page_footer', 'page_number', 'caption', 'key_value', 'selection_mark', 'signature'] as const;

const TableCell = z.object({
  row: z.number().int(),
  column: z.number().int(),
  row_span: z.number().int(),
  column_span: z.number().int(),
  text: z.string(),
  header: z.boolean().optional(),
  bbox: bbox.optional(),
});

export const ParseRegion = z.object({
  type: z.enum(REGION_TYPES),
  bbox,
  text: z.string(),
  reading_order: z.number().int(),
  table: z
    .object({
      rows: z.number().int(),
      columns: z.number().int(),
      cells: z.array(TableCell),
    })
    .optional()
    .describe('table regions only'),
  level: z
    .number()
    .int()
    .min(1)
    .max(6)
    .optional()
    .describe('title (1) and section_header (2–6) regions only: the heading level, from numbering depth and size (see docs/layout.md)'),
  state: z.enum(['selected', 'unselected']).optional().describe('selection_mark regions only: whether the box is checked'),
  label: z.string().optional().describe('selection_mark regions only: the words printed right of the mark'),
});

export const ParsePage = z.object({
  page_number: z.number().int(),
  text: z.string(),
  boxes: z.array(z.object({ text: z.string(), bbox, confidence: z.number() })).optional().describe('include_boxes=true'),
  structured: z.object({ html: z.string(), markdown: z.string(), regions: z.array(ParseRegion) }).optional().describe('mode=advanced'),
  image_url: z.string().optional().describe('include_image=true: a short-lived link to the page PNG'),
  dimensions: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
});

export const DocumentTable = z.object({
  page_numbers: z.array(z.number().int()).describe('pages the table spans, in order'),
  rows: z.number().int(),
  columns: z.number().int(),
  header_rows: z.number().int().describe('leading rows made only of header cells'),
  cells: z.array(TableCell.extend({ page_number: z.number().int().describe('the page the cell was read on') })),
});

const KeyValueSide = z.object({ text: z.string(), bbox, page_number: z.number().int() });

export const KeyValuePair = z.object({
  key: KeyValueSide,
  value: KeyValueSide.nullable().describe('null: the label has no value (an empty field)'),
  confidence: z.number(),
  source: z
    .enum(['layout', 'form_field', 'selection_mark'])
    .describe('layout: read from the page; form_field: a PDF form field and its label; selection_mark: a check box and its label (value: selected/unselected)'),
});

export const ParseResult = z.object({
  ocr: z.string().describe('the whole text'),
  pages: z.array(ParsePage),
  tables: z
    .array(DocumentTable)
    .optional()
    .describe('mode=advanced: every table of the document; a table continued on the next page (same columns, repeated or missing header) is one entry'),
  key_value_pairs: z.array(KeyValuePair).optional().describe('mode=advanced: labels linked to their values (right, below, or across a gap)'),
  pdf_url: z
    .string()
    .optional()
    .describe('output=pdf: a short-lived link to the document as a searchable PDF (its own pages; an invisible text layer of the OCR on scanned pages)'),
});

/** The financial result, with its citations: one schema, the extractor's own (schemas/extract.ts). */
export { FinancialExtractResult };

export const SchemaExtractResult = z.object({
  entities: z.record(z.string(), z.unknown()).describe('the schema, filled (the SPEC result field)'),
  data: z.record(z.string(), z.unknown()).describe('the same filled schema as entities'),
  confidence: z.record(z.string(), z.unknown()),
  schema_source: z.enum(['request', 'template']),
});

export const ExtractResult = z.union([FinancialExtractResult, SchemaExtractResult]);

export const ClassifyResult = z.object({
  label: z.string(),
  confidence: z.number(),
  candidates: z.array(z.object({ label: z.string(), confidence: z.number() })).describe('up to 5, best first'),
});

export const SplitResult = z.object({
  segments: z.array(
    z.object({
      document_index: z.number().int(),
      start_page: z.number().int(),
      end_page: z.number().int(),
      type: z.string(),
      confidence: z.number().optional().describe("the learned boundary model's certainty of this start (starts next to a scanned page)"),
    }),
  ),
});

export const RedactResult = z.object({
  output: z.enum(['inline', 'urls', 'pdf']),
  pdf_url: z.string().optional().describe('output=pdf: a short-lived link to the redacted PDF'),
  pages: z.array(
    z.object({
      page_number: z.number().int(),
      image_url: z.string().optional().describe('output=urls'),
      content_type: z.literal('image/png').optional(),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
      image_base64: z.string().optional().describe('output=inline'),
    }),
  ),
  updated_text_block: z.string().describe('the text with each finding replaced'),
  summary: z.record(z.string(), z.number().int()).describe('findings per type'),
});

const Metadata = z.looseObject({
  pages: z.number().int(),
  source: z.string().optional(),
  filename: z.string().optional(),
  file_size: z.number().int().optional(),
  cached: z.boolean().optional(),
  engine_fallback: z
    .object({
      slot: z.enum(ENGINE_SLOTS as [EngineSlot, ...EngineSlot[]]),
      engine: z.string(),
      reason: z.enum(['throttled', 'unavailable', 'timeout', 'access_denied', 'invalid_response'] as const satisfies readonly FallbackReason[]),
      used: z.literal('local'),
    })
    .optional()
    .describe('present when the hosted engine this deployment chose (e.g. bedrock) failed and the local engine answered instead'),
  hosted_engines_off: z
    .object({ reason: z.literal('test_key'), slots: z.array(z.enum(ENGINE_SLOTS as [EngineSlot, ...EngineSlot[]])) })
    .optional()
    .describe("present when an hk_test_ key ran the local engines because an administrator turned the deployment's hosted engines off for its organization"),
  hosted_text_limit: z
    .object({
      max_chars_per_page: z.number().int(),
      max_chars_per_request: z.number().int(),
      chars_hosted: z.number().int(),
      pages: z.array(z.number().int()),
    })
    .optional()
    .describe('redact with a hosted detector: the pages whose text past the per-page or per-request cap was detected locally'),
});

/** The synchronous answer of an inference route (docs/api.md "Envelope"). */
function envelope<T extends string, R extends z.ZodType>(task: T, result: R) {
  return z.object({
    status: z.literal('success'),
    request_id: z.string(),
    task: z.literal(task),
    model_used: z.string(),
    result,
    duration_ms: z.number(),
    metadata: Metadata,
    assets_expire_at: isoTime.optional().describe('earliest expiry of a signed link in the result'),
  });
}

export const ParseEnvelope = envelope('parse', ParseResult);
export const ExtractEnvelope = envelope('extract', ExtractResult);
export const ClassifyEnvelope = envelope('classify', ClassifyResult);
export const SplitEnvelope = envelope('split', SplitResult);
export const RedactEnvelope = envelope('redact', RedactResult);

export const INFERENCE_ENVELOPES = {
  parse: ParseEnvelope,
  extract: ExtractEnvelope,
  classify: ClassifyEnvelope,
  split: SplitEnvelope,
  redact: RedactEnvelope,
} as const;

const TASK = z.enum(['parse', 'extract', 'classify', 'split', 'redact']);

/** X-Async: true answers this instead of the envelope. */
export const JobReceipt = z.object({
  status: z.literal('queued'),
  job_id: z.string(),
  task: TASK,
  created_at: isoTime,
  links: z.object({ self: z.string() }),
});

/** A response too large for the API: the top-level fields and a short-lived link to the full JSON (docs/api.md "Large responses"). */
export const OffloadedResponse = z.looseObject({
  response_offloaded: z.literal(true),
  response_url: z.string(),
});

export const JobView = z.object({
  job_id: z.string(),
  status: z.enum(['queued', 'processing', 'succeeded', 'failed']),
  task: TASK,
  endpoint: z.string(),
  created_at: isoTime,
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  attempts: z.number().int(),
  request_params: z.record(z.string(), z.unknown()),
  links: z.object({ self: z.string(), snapshot: z.string().optional() }),
  request_id: z.string().optional(),
  response: z.union([ParseEnvelope, ExtractEnvelope, ClassifyEnvelope, SplitEnvelope, RedactEnvelope]).nullable().optional().describe('succeeded: the envelope (null once the stored result expired)'),
  assets_expire_at: isoTime.optional(),
  error: z
    .looseObject({
      http_status: z.number().int(),
      error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
    })
    .optional()
    .describe('failed: the error the synchronous call would have answered'),
});

export const Limits = z.looseObject({
  tier: z.string(),
  upload: z.looseObject({ max_bytes: z.number().int(), url_expires_in: z.number().int(), document_key_lifetime_seconds: z.number().int() }),
  rate_limit: z.looseObject({
    requests_per_minute: z.number().int(),
    test_keys_exempt: z.boolean(),
    test_key_requests_per_minute_per_organization: z.number().int().describe('hk_test_ keys: per organization, across all of its test keys'),
  }),
  concurrency: z
    .looseObject({ test_keys_per_operation: z.number().int(), live_keys_per_operation: z.number().int() })
    .describe("synchronous inference requests in flight per operation for this organization's keys; over it 429 rate_limited"),
  operations: z.record(z.string(), z.record(z.string(), z.unknown())),
  raised: z.looseObject({ applies_when: z.array(z.string()), upload_max_bytes: z.number().int(), max_pages_advanced: z.number().int() }).nullable(),
  retention: z.record(z.string(), z.number()),
});

/** GET /v1/limits answers the limits object itself (the upload receipt's `limits`). */
export const LimitsView = Limits;

export const UploadReceipt = z.object({
  document_key: z.string(),
  upload_url: z.string().describe('PUT the bytes here, with upload_headers'),
  expires_in: z.number().int(),
  upload_headers: z.record(z.string(), z.string()),
  content_type: z.string(),
  document_expires_at: isoTime,
  limits: Limits,
});

export const UsageRow = z.object({
  created_at: isoTime,
  request_id: z.string(),
  key_id: z.string(),
  operation: TASK,
  mode: z.string(),
  pages: z.number().int(),
  unit_price_usd: z.string(),
  amount_usd: z.string(),
  batch: z.boolean().optional(),
});

export const UsageView = z.object({
  org_id: z.string(),
  from: isoTime,
  to: isoTime,
  currency: z.literal('USD'),
  rows: z.array(UsageRow),
  totals: z.object({
    requests: z.number().int(),
    pages: z.number().int(),
    amount_usd: z.string(),
    by_operation: z.record(z.string(), z.object({ requests: z.number().int(), pages: z.number().int(), amount_usd: z.string() })),
  }),
});

export const SnapshotView = z.object({
  request_id: z.string(),
  endpoint: z.string(),
  operation: TASK,
  status: z.string(),
  filename: z.string(),
  page_count: z.number().int(),
  created_at: isoTime,
  expires_at: isoTime,
  request_params: z.record(z.string(), z.unknown()),
  expired: z.boolean().describe('after 30 days: input and result are null'),
  input: z.object({ content_type: z.string(), url: z.string().nullable() }).nullable(),
  result: z.union([ParseEnvelope, ExtractEnvelope, ClassifyEnvelope, SplitEnvelope, RedactEnvelope]).nullable().describe('the envelope as first answered, links signed anew'),
  assets_expire_at: isoTime.optional(),
});
