/**
 * docintel SDK: `new DocintelClient({ baseUrl, apiKey })`, typed from the
 * OpenAPI document; `verifyWebhook` for batch webhook receivers.
 *
 * @module
 */
export {
  DocintelClient,
  BatchApi,
  TERMINAL_BATCH_STATUSES,
  type BatchList,
  type BatchProgress,
  type BatchReceipt,
  type BatchRecord,
  type BatchSubmission,
  type CallOptions,
  type ClassifyOptions,
  type DocintelClientOptions,
  type DocumentInput,
  type ExtractOptions,
  type InferenceEnvelope,
  type ParseEnvelope,
  type ExtractEnvelope,
  type FinancialExtractEnvelope,
  type SchemaExtractEnvelope,
  type ClassifyEnvelope,
  type SplitEnvelope,
  type RedactEnvelope,
  type ParseResult,
  type ExtractResult,
  type ClassifyResult,
  type SplitResult,
  type RedactResult,
  type ClassifyOptionsJson,
  type SplitOptionsJson,
  type PiiConfigJson,
  type JobView,
  type UploadReceipt,
  type Usage,
  type Limits,
  type JobReceipt,
  type JobStatus,
  fetchKeepingKeyHome,
  type ParseOptions,
  type RedactOptions,
  type SplitOptions,
} from './client.ts';
export { DocintelError } from './errors.ts';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookEvent, type WebhookFailure } from './webhooks.ts';
export type { paths, operations, components } from './openapi-types.ts';
