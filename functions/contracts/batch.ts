/**
 * Batch processing (SPEC "Batch", "States and transitions", "Events"): the
 * endpoints a batch may run, its limits, its states and the webhook
 * schedule. Shared by the handlers, the local server and the CDK stack.
 *
 * @module
 */

/** The endpoints a batch may run (SPEC: extract is not offered in batch). */
export const BATCH_ENDPOINTS = ['/v1/parse', '/v1/classify', '/v1/split', '/v1/redact'] as const;
export type BatchEndpoint = (typeof BATCH_ENDPOINTS)[number];

export const BATCH_LIMITS = {
  /** Documents per batch (SPEC: "not shown"). Larger sets go in several batches. */
  maxDocuments: 1000,
  /** GET /v1/batch page size. */
  listDefaultLimit: 20,
  listMaxLimit: 100,
  /** Lifetime of an item's `result_url`. */
  resultUrlSeconds: 900,
  /** Deliveries of one item message before it is given up as failed (the queue's maxReceiveCount). */
  maxItemReceives: 3,
  /** An Idempotency-Key is remembered this long; after that the same key starts a new batch. */
  idempotencyKeySeconds: 24 * 3600,
  idempotencyKeyMaxLength: 255,
  /** The SPEC's processing target: items still unfinished after it are failed with `processing_timeout`. */
  processingTargetSeconds: 24 * 3600,
  /** Batch records (and their items) are kept as long as stored requests. */
  retentionSeconds: 30 * 24 * 3600,
  webhookUrlMaxLength: 2048,
} as const;

/** The batch worker's time limit per delivery (Lambda timeout); an item silent longer is taken over. */
export const BATCH_WORKER_TIMEOUT_SECONDS = 300;

/**
 * `queued` until the first item starts, `running` while items run, then one
 * terminal state. Item outcomes lead only to `completed` or
 * `completed_with_errors` (SPEC's transition table: any failed item, even
 * when all failed, is `completed_with_errors`); `failed` stays in the set for
 * records written before that rule and for clients that list the SPEC's statuses.
 */
export const BATCH_STATUSES = ['queued', 'running', 'completed', 'completed_with_errors', 'failed', 'canceled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const TERMINAL_BATCH_STATUSES: readonly BatchStatus[] = ['completed', 'completed_with_errors', 'failed', 'canceled'];
export const isTerminalBatchStatus = (status: BatchStatus): boolean => TERMINAL_BATCH_STATUSES.includes(status);

export const BATCH_ITEM_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

/** The webhook event a terminal state sends; `canceled` sends none (the caller canceled it). */
export const WEBHOOK_EVENT_FOR: Readonly<Partial<Record<BatchStatus, string>>> = {
  completed: 'batch.completed',
  completed_with_errors: 'batch.completed_with_errors',
  // Not produced by item outcomes any more (see BATCH_STATUSES); a record already `failed` had failed_items > 0.
  failed: 'batch.completed_with_errors',
};

/** Webhook delivery: one POST per attempt with this timeout; retries follow the state machine's Retry (below). */
export const WEBHOOK_DELIVERY = {
  timeoutMs: 10_000,
  /** Error name the webhook function throws on a non-2xx, timeout or network error; the state machine retries on it. */
  retryableError: 'WebhookDeliveryFailed',
  /** Mirrors the ASL Retry of SendWebhook (a unit test keeps them equal): 1 attempt + 12 retries, ≈ 4.6 h in all. */
  retry: { intervalSeconds: 10, backoffRate: 2, maxAttempts: 12, maxDelaySeconds: 3600 },
  /** Receivers' tolerance for `t` (the SPEC's example and the SDK verifier's default). */
  toleranceSeconds: 300,
} as const;

/** How often the state machine checks a running batch: soon at first, then every 30 s at most. */
export function progressPollSeconds(elapsedSeconds: number): number {
  return Math.min(30, Math.max(2, Math.round(elapsedSeconds / 10)));
}

/** The state machine definition (Amazon States Language), loaded by the CDK stack and the local server. */
export const BATCH_STATE_MACHINE_FILE = new URL('./batch-state-machine.asl.json', import.meta.url);

/** Placeholders in the ASL file, replaced with function ARNs (DefinitionSubstitutions on AWS). */
export const BATCH_STATE_MACHINE_SUBSTITUTIONS = {
  progressFunction: 'BatchProgressFunctionArn',
  webhookFunction: 'BatchWebhookFunctionArn',
} as const;
