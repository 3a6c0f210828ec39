import type { BatchItemStatus, BatchStatus } from '../contracts/batch.ts';
import type { Operation } from '../contracts/prices.ts';

/** How every item of a batch runs: the synchronous call's options, validated at submission. */
export interface BatchRequest {
  readonly endpoint: string;
  readonly operation: Operation;
  /** The operation's query parameters, as strings (as the synchronous call receives them). */
  readonly query: Record<string, string>;
  /** The operation's form fields other than document_key. */
  readonly form: Record<string, string>;
  readonly keyId: string;
  readonly keyKind: 'live' | 'test';
}

export interface WebhookAttempt {
  readonly at: string;
  /** The `t` the attempt was signed with. */
  readonly t: number;
  readonly status_code?: number;
  readonly error?: string;
  readonly duration_ms: number;
}

export interface WebhookState {
  readonly event: string;
  /** Stable across retries of the one event. */
  readonly deliveryId: string;
  readonly attempts: readonly WebhookAttempt[];
  readonly deliveredAt?: string;
  readonly gaveUpAt?: string;
}

export interface BatchCounts {
  readonly total: number;
  readonly queued: number;
  readonly processing: number;
  readonly done: number;
  readonly failed: number;
}

export interface BatchRecord {
  readonly batchId: string;
  readonly orgId: string;
  readonly status: BatchStatus;
  readonly request: BatchRequest;
  readonly totalItems: number;
  /** In submission order; kept on the record so a submission cut off half-way can be completed. */
  readonly documentKeys: readonly string[];
  readonly webhookUrl?: string;
  readonly idempotencyKey?: string;
  readonly createdAt: string;
  /** Set once every item message is queued and the workflow started (submission may be retried until then). */
  readonly dispatchedAt?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly canceledAt?: string;
  /** Counts when the batch became terminal (the webhook body). */
  readonly finalCounts?: BatchCounts;
  readonly webhook?: WebhookState;
  readonly expiresAt: string;
}

export interface BatchItemError {
  readonly httpStatus: number;
  readonly code: string;
  readonly message: string;
}

export interface BatchItem {
  readonly batchId: string;
  readonly orgId: string;
  readonly docIndex: number;
  readonly documentKey: string;
  readonly status: BatchItemStatus;
  /** Deterministic per item: retries store and bill under the same id. */
  readonly requestId: string;
  readonly attempts: number;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  /** The result JSON: the response envelope of a `done` item, the error body of a `failed` one. */
  readonly resultKey?: string;
  readonly error?: BatchItemError;
}

export type ItemStart =
  | { readonly kind: 'started'; readonly item: BatchItem }
  | { readonly kind: 'finished' }
  | { readonly kind: 'busy' }
  | { readonly kind: 'missing' };

export interface BatchPage {
  readonly batches: readonly BatchRecord[];
  readonly nextCursor?: string;
}

export interface IdempotencyClaim {
  readonly batchId: string;
  readonly bodyHash: string;
  /** false: the key was claimed earlier (by this body or another). */
  readonly fresh: boolean;
}

export interface BatchRepository {
  /** Claims an Idempotency-Key for a new batch id, or returns the earlier claim. */
  claimIdempotencyKey(orgId: string, key: string, bodyHash: string, batchId: string, now: Date): Promise<IdempotencyClaim>;
  /** Creates the batch and its items; false when the batch already exists (a retried submission). */
  create(batch: BatchRecord, items: readonly BatchItem[]): Promise<boolean>;
  /** Creates the items that do not exist yet (recovering a submission cut off half-way). */
  ensureItems(items: readonly BatchItem[]): Promise<void>;
  markDispatched(orgId: string, batchId: string, now: Date): Promise<void>;
  get(orgId: string, batchId: string): Promise<BatchRecord | undefined>;
  items(orgId: string, batchId: string): Promise<BatchItem[]>;
  item(orgId: string, batchId: string, docIndex: number): Promise<BatchItem | undefined>;
  /** Newest first. */
  list(orgId: string, limit: number, cursor?: string): Promise<BatchPage>;
  /** queued → running (first item started); no-op otherwise. */
  markRunning(orgId: string, batchId: string, now: Date): Promise<void>;
  /** queued (or processing whose worker is presumed gone, started before `staleBefore`) → processing. */
  startItem(orgId: string, batchId: string, docIndex: number, now: Date, staleBefore: Date): Promise<ItemStart>;
  /** processing (this attempt) → done; false when another attempt owns the item now. */
  completeItem(item: BatchItem, resultKey: string, now: Date): Promise<boolean>;
  /** processing (this attempt) → failed; `resultKey` holds the item's error document. */
  failItem(item: BatchItem, error: BatchItemError, resultKey: string, now: Date): Promise<boolean>;
  /**
   * queued, or processing started before `staleBefore` (its worker presumed
   * gone) → failed: a dead-lettered message, or the processing target passed.
   */
  abandonItem(orgId: string, batchId: string, docIndex: number, error: BatchItemError, resultKey: string, now: Date, staleBefore: Date): Promise<boolean>;
  /** processing → queued, for items whose worker is known to be gone (local restart). */
  requeueItem(orgId: string, batchId: string, docIndex: number): Promise<void>;
  /** queued/running → canceled; returns the record after the attempt, or undefined when missing. */
  cancel(orgId: string, batchId: string, now: Date): Promise<BatchRecord | undefined>;
  /** queued/running → a terminal state with its counts and webhook; false when already terminal. */
  finish(orgId: string, batchId: string, status: BatchStatus, counts: BatchCounts, webhook: WebhookState | undefined, now: Date): Promise<boolean>;
  recordWebhookAttempt(orgId: string, batchId: string, attempt: WebhookAttempt, delivered: boolean): Promise<void>;
  webhookGaveUp(orgId: string, batchId: string, now: Date): Promise<void>;
  /** Batches not terminal, or terminal with a webhook neither delivered nor given up (local restart recovery). */
  listUnsettled?(): Promise<BatchRecord[]>;
}

export interface BatchItemMessage {
  readonly orgId: string;
  readonly batchId: string;
  readonly docIndex: number;
}

/** The batch lane: SQS on AWS, the durable local queue locally. */
export interface BatchQueue {
  sendItems(messages: readonly BatchItemMessage[]): Promise<void>;
}

/** Tracks a batch to its terminal state and webhook: Step Functions on AWS, aws-local-stepfunctions locally. */
export interface BatchWorkflow {
  /** Idempotent per batch. */
  start(orgId: string, batchId: string): Promise<void>;
}

export interface WebhookResponse {
  readonly statusCode: number;
}

/** Sends one webhook POST; refuses targets outside what the deployment allows (SSRF). */
export interface WebhookTransport {
  post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<WebhookResponse>;
  /** Rejects a webhook_url at submission (scheme, credentials, and on AWS private addresses). */
  checkTarget(url: string): Promise<void>;
}
