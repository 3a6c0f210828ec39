/**
 * Batch processing (SPEC "Batch", "States and transitions", "Events").
 *
 * Submission validates the whole batch as the synchronous endpoint would
 * validate one call, stores the batch and its items, queues one message per
 * item on the batch lane and starts the batch's workflow. Each item runs
 * through the same pipeline as a synchronous call (`runInference`), billed
 * at the batch rate under a billing row keyed by batch and item. The
 * workflow polls `checkBatchProgress`, which alone decides the terminal
 * state, then delivers one signed webhook with retries.
 *
 * Exactly-once effects come from conditional writes, not from the queue:
 * an item starts only from `queued` (or from a `processing` whose worker is
 * presumed gone), is settled only by the attempt that started it, and its
 * request id, stored response and billing row are the same on every attempt.
 *
 * @module
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  BATCH_ENDPOINTS,
  BATCH_LIMITS,
  BATCH_WORKER_TIMEOUT_SECONDS,
  isTerminalBatchStatus,
  progressPollSeconds,
  WEBHOOK_DELIVERY,
  WEBHOOK_EVENT_FOR,
  type BatchStatus,
} from '../contracts/batch.ts';
import { ApiError, type ErrorBody, type ErrorCode } from '../contracts/errors.ts';
import { TIER_LIMITS } from '../contracts/limits.ts';
import type { BatchSubmission } from '../contracts/schemas/batch.ts';
import { objectKeys } from '../contracts/storage.ts';
import { activeSigningSecrets } from '../domain/signing-secret.ts';
import { signatureHeader } from '../domain/webhook-signature.ts';
import type { Principal } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import { OPERATION_SPECS } from '../operations/index.ts';
import type { BatchCounts, BatchItem, BatchItemError, BatchItemMessage, BatchRecord, WebhookAttempt } from '../ports/batches.ts';
import type { AppDeps } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';
import { runInference } from './inference.ts';
import { assertKeyStillActive } from './key-status.ts';
import type { OperationSpec } from './operation.ts';

/** A processing item whose worker has been silent this long is presumed gone (its Lambda timed out). */
export const ITEM_STALE_MS = (BATCH_WORKER_TIMEOUT_SECONDS + 60) * 1000;
/** A batch not fully dispatched this long after creation lost its submitter; the workflow completes the dispatch. */
export const DISPATCH_GRACE_MS = 60_000;

/** Thrown by the webhook step so the state machine retries it (its Retry matches this name). */
export class WebhookDeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = WEBHOOK_DELIVERY.retryableError;
  }
}

/** The operation a batch endpoint runs; extract and unknown endpoints are 400, an allowed but unregistered one too. */
export function batchOperation(endpoint: string): OperationSpec {
  if (!(BATCH_ENDPOINTS as readonly string[]).includes(endpoint)) {
    throw new ApiError('invalid_request', `endpoint must be one of ${BATCH_ENDPOINTS.join(', ')}; ${endpoint} is not available in batch.`, {
      details: { allowed: [...BATCH_ENDPOINTS] },
    });
  }
  const spec = Object.values(OPERATION_SPECS).find((s) => s?.endpoint === endpoint);
  if (!spec) throw new ApiError('invalid_request', `${endpoint} is not available on this deployment yet.`);
  return spec;
}

function shapeKeys(schema: unknown): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return new Set(Object.keys(shape ?? {}));
}

/**
 * Batch `options` → the synchronous call's query parameters and form fields,
 * as the strings a multipart call carries, so both paths validate the same.
 */
export function operationInput(
  spec: OperationSpec,
  options: Record<string, unknown>,
  parseMode: 'fast' | 'advanced' | undefined,
): { query: Record<string, string>; form: Record<string, string> } {
  const queryKeys = shapeKeys(spec.querySchema);
  const formKeys = shapeKeys(spec.formSchema);
  formKeys.delete('document_key');
  const query: Record<string, string> = {};
  const form: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (formKeys.has(name)) form[name] = text;
    else if (queryKeys.has(name) && !(spec.operation === 'parse' && name === 'mode')) query[name] = text;
    else unknown.push(name);
  }
  if (unknown.length > 0) {
    const accepted = [...queryKeys, ...formKeys].filter((k) => !(spec.operation === 'parse' && k === 'mode'));
    throw new ApiError('invalid_option', `Unknown option(s) for ${spec.endpoint}: ${unknown.join(', ')}.`, {
      details: { unknown, accepted, ...(spec.operation === 'parse' && unknown.includes('mode') ? { hint: 'use parse_mode' } : {}) },
    });
  }
  // SPEC: parse_mode applies to /v1/parse only and is ignored elsewhere.
  if (spec.operation === 'parse' && parseMode) query.mode = parseMode;
  return { query, form };
}

/** Same id on every attempt of an item: its stored request and billing row are written once. */
export function itemRequestId(batchId: string, docIndex: number): string {
  const hex = createHash('sha256').update(`${batchId}:${docIndex}`).digest('hex');
  // UUID layout, version 8 (custom), RFC 4122 variant.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function receipt(batch: BatchRecord): Record<string, unknown> {
  return {
    batch_id: batch.batchId,
    status: batch.status,
    total_items: batch.totalItems,
    endpoint: batch.request.endpoint,
    created_at: batch.createdAt,
    links: { self: `/v1/batch/${batch.batchId}` },
  };
}

function newItems(batch: BatchRecord): BatchItem[] {
  return batch.documentKeys.map((documentKey, docIndex) => ({
    batchId: batch.batchId,
    orgId: batch.orgId,
    docIndex,
    documentKey,
    status: 'queued' as const,
    requestId: itemRequestId(batch.batchId, docIndex),
    attempts: 0,
  }));
}

/**
 * Items exist, every queued item has a message, the workflow runs: safe to
 * repeat (a retried submission, or the workflow finishing an interrupted one).
 */
export async function dispatchBatch(deps: AppDeps, batch: BatchRecord, options: { fresh?: boolean } = {}): Promise<void> {
  let pending: readonly BatchItemMessage[];
  if (options.fresh) {
    pending = batch.documentKeys.map((_, docIndex) => ({ orgId: batch.orgId, batchId: batch.batchId, docIndex }));
  } else {
    await deps.batches.ensureItems(newItems(batch));
    const items = await deps.batches.items(batch.orgId, batch.batchId);
    // Redelivering a message of an item already started is harmless: it cannot start twice.
    pending = items.filter((i) => i.status === 'queued').map((i) => ({ orgId: batch.orgId, batchId: batch.batchId, docIndex: i.docIndex }));
  }
  await deps.batchQueue.sendItems(pending);
  await deps.batchWorkflow.start(batch.orgId, batch.batchId);
  await deps.batches.markDispatched(batch.orgId, batch.batchId, deps.clock.now());
}

export interface SubmitResult {
  readonly receipt: Record<string, unknown>;
  /** An Idempotency-Key replay: the existing batch. */
  readonly replayed: boolean;
}

export async function submitBatch(
  deps: AppDeps,
  principal: Principal,
  body: BatchSubmission,
  idempotencyKey: string | undefined,
): Promise<SubmitResult> {
  const spec = batchOperation(body.endpoint);
  const { query, form } = operationInput(spec, body.options ?? {}, body.parse_mode);
  // Exactly what the synchronous endpoint accepts (the document_key is checked below).
  const validQuery = validate(spec.querySchema, query, 'option', 'invalid_option');
  validate(spec.formSchema, { ...form, document_key: body.document_keys[0] }, 'option', 'invalid_option');
  if (spec.operation === 'parse' && body.parse_mode === 'advanced' && !TIER_LIMITS[principal.tier].advancedParseMode) {
    throw new ApiError('plan_required', 'parse_mode=advanced in batch needs the Pro or Enterprise plan.', { details: { tier: principal.tier } });
  }
  spec.authorize?.(validQuery, principal);
  if (body.webhook_url) {
    // SPEC: webhook delivery is enabled gradually per account; an operator can turn it off for one.
    if ((await deps.accounts.getOrganization(principal.orgId))?.webhooksEnabled === false) {
      throw new ApiError('feature_not_enabled', 'Webhook delivery is not enabled for this organization; submit without webhook_url and poll GET /v1/batch/{batch_id}.');
    }
    await deps.webhooks.checkTarget(body.webhook_url);
  }
  // Unknown, expired or another organization's keys are not refused here: like an X-Async job, each such
  // item fails with the error the synchronous call would give (404 document_not_found, 410 document_expired).

  const now = deps.clock.now();
  let batchId: string = randomUUID();
  if (idempotencyKey !== undefined) {
    const bodyHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const claim = await deps.batches.claimIdempotencyKey(principal.orgId, idempotencyKey, bodyHash, batchId, now);
    if (claim.bodyHash !== bodyHash) {
      throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was used for a different batch request; use a new key for a new batch.', {
        details: { batch_id: claim.batchId },
      });
    }
    batchId = claim.batchId;
    if (!claim.fresh) {
      const existing = await deps.batches.get(principal.orgId, batchId);
      if (existing) {
        // The first submission may have stopped before dispatching: finish it.
        if (!existing.dispatchedAt) await dispatchBatch(deps, existing);
        return { receipt: receipt((await deps.batches.get(principal.orgId, batchId)) ?? existing), replayed: true };
      }
    }
  }

  const batch: BatchRecord = {
    batchId,
    orgId: principal.orgId,
    status: 'queued',
    request: { endpoint: spec.endpoint, operation: spec.operation, query, form, keyId: principal.keyId, keyKind: principal.keyKind },
    totalItems: body.document_keys.length,
    documentKeys: body.document_keys,
    ...(body.webhook_url ? { webhookUrl: body.webhook_url } : {}),
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + BATCH_LIMITS.retentionSeconds * 1000).toISOString(),
  };
  const created = await deps.batches.create(batch, newItems(batch));
  await dispatchBatch(deps, batch, { fresh: created });
  return { receipt: receipt(batch), replayed: !created };
}

export function countItems(items: readonly BatchItem[]): BatchCounts {
  const counts = { total: items.length, queued: 0, processing: 0, done: 0, failed: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}

function webhookView(batch: BatchRecord): Record<string, unknown> | null {
  if (!batch.webhookUrl) return null;
  const w = batch.webhook;
  return {
    url: batch.webhookUrl,
    event: w?.event ?? null,
    delivery_id: w?.deliveryId ?? null,
    status: !w ? 'pending' : w.deliveredAt ? 'delivered' : w.gaveUpAt ? 'failed' : w.attempts.length > 0 ? 'retrying' : 'sending',
    attempts: w?.attempts ?? [],
    delivered_at: w?.deliveredAt ?? null,
  };
}

/** The caller's batch by the path's id; another organization's, an unknown or a malformed id → 404. */
export async function batchOf(deps: AppDeps, principal: Principal, batchId: string): Promise<BatchRecord> {
  const batch = /^[0-9a-f-]{36}$/i.test(batchId) ? await deps.batches.get(principal.orgId, batchId) : undefined;
  if (!batch) throw new ApiError('not_found', `No batch ${batchId} in this organization.`);
  return batch;
}

/** GET /v1/batch/{batch_id}: the SPEC's record, items in submission order, finished (done or failed) items with a short-lived result_url. */
export async function batchView(deps: AppDeps, batch: BatchRecord): Promise<Record<string, unknown>> {
  const items = await deps.batches.items(batch.orgId, batch.batchId);
  const expiresAt = new Date(deps.clock.now().getTime() + BATCH_LIMITS.resultUrlSeconds * 1000).toISOString();
  let signed = false;
  const views = await Promise.all(
    items.map(async (item) => {
      const view: Record<string, unknown> = { doc_index: item.docIndex, document_key: item.documentKey, status: item.status };
      if (item.status === 'done' && item.resultKey) view.request_id = item.requestId;
      if (item.status === 'failed' && item.error) {
        view.error = { code: item.error.code, message: item.error.message, http_status: item.error.httpStatus };
      }
      // SPEC: finished items carry result_key and result_url — a done item's envelope, a failed item's error body.
      if ((item.status === 'done' || item.status === 'failed') && item.resultKey) {
        view.result_key = item.resultKey;
        view.result_url = await deps.blobs.presignGet(item.resultKey, BATCH_LIMITS.resultUrlSeconds, { contentType: 'application/json' });
        signed = true;
      }
      if (item.startedAt) view.started_at = item.startedAt;
      if (item.finishedAt) view.finished_at = item.finishedAt;
      return view;
    }),
  );
  return {
    batch_id: batch.batchId,
    status: batch.status,
    endpoint: batch.request.endpoint,
    counts: countItems(items),
    items: views,
    created_at: batch.createdAt,
    started_at: batch.startedAt ?? null,
    finished_at: batch.finishedAt ?? null,
    canceled_at: batch.canceledAt ?? null,
    request_params: { ...batch.request.query, ...batch.request.form },
    webhook: webhookView(batch),
    links: { self: `/v1/batch/${batch.batchId}` },
    ...(signed ? { assets_expire_at: expiresAt } : {}),
  };
}

/** One entry of GET /v1/batch: the record without items. */
export function batchSummary(batch: BatchRecord): Record<string, unknown> {
  return {
    batch_id: batch.batchId,
    status: batch.status,
    endpoint: batch.request.endpoint,
    total_items: batch.totalItems,
    ...(batch.finalCounts ? { counts: batch.finalCounts } : {}),
    created_at: batch.createdAt,
    finished_at: batch.finishedAt ?? null,
    links: { self: `/v1/batch/${batch.batchId}` },
  };
}

/** DELETE /v1/batch/{batch_id}: queued items are stopped; items already processing finish. */
export async function cancelBatch(deps: AppDeps, batch: BatchRecord): Promise<BatchRecord> {
  if (isTerminalBatchStatus(batch.status)) {
    throw new ApiError('batch_finished', `The batch is already ${batch.status}; only a queued or running batch can be canceled.`, {
      details: { status: batch.status },
    });
  }
  const after = await deps.batches.cancel(batch.orgId, batch.batchId, deps.clock.now());
  if (!after) throw new ApiError('not_found', `No batch ${batch.batchId} in this organization.`);
  if (after.status !== 'canceled') {
    throw new ApiError('batch_finished', `The batch finished (${after.status}) before it could be canceled.`, { details: { status: after.status } });
  }
  return after;
}

/**
 * Stores a failed item's result JSON — the error body (our one error shape)
 * the synchronous call would have returned — and gives its key, so a failed
 * item, like a done one, carries `result_key` and `result_url`. Written
 * before the item is settled: a settled item never points at nothing.
 */
async function storeItemError(deps: AppDeps, orgId: string, requestId: string, error: BatchItemError): Promise<string> {
  const key = objectKeys.storedItemError(orgId, requestId);
  const body: ErrorBody = { status: 'error', error: { code: error.code as ErrorCode, message: error.message }, request_id: requestId };
  await deps.blobs.put(key, JSON.stringify(body), 'application/json');
  return key;
}

export type ItemOutcome = 'done' | 'skipped' | 'busy';

export interface RunItemOptions {
  /** SQS ApproximateReceiveCount of this delivery. */
  readonly receiveCount: number;
  readonly signal?: AbortSignal;
}

/** Runs one batch item. `busy`: another worker holds it, retry the message later. */
export async function runBatchItem(deps: AppDeps, message: BatchItemMessage, options: RunItemOptions): Promise<ItemOutcome> {
  const { orgId, batchId, docIndex } = message;
  const batch = await deps.batches.get(orgId, batchId);
  // A canceled batch's queued items are never processed (they stay `queued`).
  if (!batch || batch.status === 'canceled' || batch.finishedAt) return 'skipped';
  const now = deps.clock.now();
  const started = await deps.batches.startItem(orgId, batchId, docIndex, now, new Date(now.getTime() - ITEM_STALE_MS));
  if (started.kind === 'busy') return 'busy';
  if (started.kind !== 'started') return 'skipped';
  const item = started.item;
  if (batch.status === 'queued') await deps.batches.markRunning(orgId, batchId, now);

  try {
    const spec = batchOperation(batch.request.endpoint);
    const [organization] = await Promise.all([deps.accounts.getOrganization(orgId), assertKeyStillActive(deps, batch.request.keyId)]);
    if (!organization) throw new ApiError('not_found', 'The organization no longer exists.');
    const principal: Principal = {
      orgId,
      tier: organization.tier,
      keyId: batch.request.keyId,
      keyKind: batch.request.keyKind,
      ...(organization.sandboxPagesPerDay !== undefined ? { sandboxPagesPerDay: organization.sandboxPagesPerDay } : {}),
      ...(organization.testKeyHostedEngines === false ? { testKeyHostedEngines: false } : {}),
    };
    const query = validate(spec.querySchema, batch.request.query, 'option', 'invalid_option');
    const form = validate(spec.formSchema, { ...batch.request.form, document_key: item.documentKey }, 'option', 'invalid_option');
    const envelope = await runInference(deps, spec, {
      requestId: item.requestId,
      principal,
      query,
      form,
      forceRefresh: spec.forceRefresh(query),
      raised: false,
      synchronous: false,
      signal: options.signal,
      batch: { createdAt: batch.createdAt },
    });
    await deps.batches.completeItem(item, objectKeys.storedResponse(orgId, envelope.request_id), deps.clock.now());
    return 'done';
  } catch (error) {
    const expected = error instanceof ApiError && (error.statusCode < 500 || error.code === 'processing_timeout');
    if (expected || options.receiveCount >= BATCH_LIMITS.maxItemReceives) {
      const apiError = error instanceof ApiError ? error : new ApiError('internal_error', 'Internal error', { cause: error });
      if (!expected) logger.error('batch item failed', { batch_id: batchId, doc_index: docIndex, error: error as Error });
      const failure: BatchItemError = {
        httpStatus: apiError.statusCode,
        code: apiError.code,
        message: apiError.expose ? apiError.message : `The document could not be processed after ${options.receiveCount} attempts; it was not billed.`,
      };
      await deps.batches.failItem(item, failure, await storeItemError(deps, orgId, item.requestId, failure), deps.clock.now());
      return 'done';
    }
    // Unexpected (a dependency failed): hand the item back and let the queue redeliver it.
    logger.warn('batch item attempt failed; will retry', { batch_id: batchId, doc_index: docIndex, error: error as Error });
    await deps.batches.requeueItem(orgId, batchId, docIndex);
    throw error;
  }
}

/** The dead-letter path: an item whose message could not be processed (crashes, timeouts) is failed, unbilled. */
export async function abandonBatchItem(deps: AppDeps, message: BatchItemMessage): Promise<void> {
  const now = deps.clock.now();
  const failure: BatchItemError = {
    httpStatus: 500,
    code: 'internal_error',
    message: `The document could not be processed after ${BATCH_LIMITS.maxItemReceives} attempts; it was not billed.`,
  };
  const resultKey = await storeItemError(deps, message.orgId, itemRequestId(message.batchId, message.docIndex), failure);
  // An item a live worker still holds (a duplicate message dead-lettered while it runs) is left to that worker.
  await deps.batches.abandonItem(message.orgId, message.batchId, message.docIndex, failure, resultKey, now, new Date(now.getTime() - ITEM_STALE_MS));
}

export interface ProgressReport {
  readonly status: BatchStatus | 'missing';
  readonly terminal: boolean;
  /** A webhook is due (terminal, webhook_url given, an event for this state, not delivered yet). */
  readonly notify: boolean;
  readonly wait_seconds: number;
}

/**
 * The state a batch settles in once every item has (SPEC "States and
 * transitions"): every item done → `completed`; at least one failed
 * (`failed_items` > 0) → `completed_with_errors`, even when none succeeded —
 * the SPEC's table sends every item outcome to one of these two.
 */
export function terminalStatus(counts: BatchCounts): Extract<BatchStatus, 'completed' | 'completed_with_errors'> {
  return counts.failed === 0 ? 'completed' : 'completed_with_errors';
}

/** Items failed at once when a batch passes its processing target. */
const TIMEOUT_SETTLE_CONCURRENCY = 16;

const webhookDue = (batch: BatchRecord) => Boolean(batch.webhook && !batch.webhook.deliveredAt && !batch.webhook.gaveUpAt);

/** The workflow's poll: decides whether the batch is terminal and records that state, once. */
export async function checkBatchProgress(deps: AppDeps, orgId: string, batchId: string): Promise<ProgressReport> {
  const batch = await deps.batches.get(orgId, batchId);
  if (!batch) return { status: 'missing', terminal: true, notify: false, wait_seconds: 0 };
  if (batch.finishedAt) return { status: batch.status, terminal: true, notify: webhookDue(batch), wait_seconds: 0 };
  const now = deps.clock.now();
  const ageMs = now.getTime() - Date.parse(batch.createdAt);
  const wait = { status: batch.status, terminal: false, notify: false, wait_seconds: progressPollSeconds(ageMs / 1000) } as const;
  if (!batch.dispatchedAt) {
    if (ageMs > DISPATCH_GRACE_MS) await dispatchBatch(deps, batch);
    return wait;
  }
  let items = await deps.batches.items(orgId, batchId);
  if (ageMs > BATCH_LIMITS.processingTargetSeconds * 1000 && batch.status !== 'canceled') {
    const error = { httpStatus: 504, code: 'processing_timeout', message: 'The document was not processed within the batch processing target of 24 hours; it was not billed.' };
    // A few at a time: up to 1,000 items each need a put and a conditional write within the poll's time
    // limit; a poll cut short is resumed by the next (settled items are skipped).
    const unfinished = items.filter((item) => item.status === 'queued' || item.status === 'processing');
    for (let i = 0; i < unfinished.length; i += TIMEOUT_SETTLE_CONCURRENCY) {
      await Promise.all(
        unfinished.slice(i, i + TIMEOUT_SETTLE_CONCURRENCY).map(async (item) =>
          deps.batches.abandonItem(orgId, batchId, item.docIndex, error, await storeItemError(deps, orgId, item.requestId, error), now, now),
        ),
      );
    }
    items = await deps.batches.items(orgId, batchId);
  }
  const counts = countItems(items);
  let status: BatchStatus;
  if (batch.status === 'canceled') {
    // Items already processing finish normally before the batch settles.
    if (counts.processing > 0) return wait;
    status = 'canceled';
  } else {
    if (counts.queued + counts.processing > 0) return wait;
    status = terminalStatus(counts);
  }
  const event = WEBHOOK_EVENT_FOR[status];
  const webhook = batch.webhookUrl && event ? { event, deliveryId: randomUUID(), attempts: [] } : undefined;
  await deps.batches.finish(orgId, batchId, status, counts, webhook, now);
  const settled = (await deps.batches.get(orgId, batchId)) ?? batch;
  return { status: settled.status, terminal: true, notify: webhookDue(settled), wait_seconds: 0 };
}

/** The webhook body (SPEC "Webhook event body"): the same bytes on every attempt. */
export function webhookBody(batch: BatchRecord): Buffer {
  const counts = batch.finalCounts!;
  return Buffer.from(
    JSON.stringify({
      event: batch.webhook!.event,
      batch_id: batch.batchId,
      status: batch.status,
      total_items: counts.total,
      done_items: counts.done,
      failed_items: counts.failed,
    }),
    'utf8',
  );
}

/** One delivery attempt; throws `WebhookDeliveryFailed` so the workflow retries with backoff. */
export async function deliverBatchWebhook(deps: AppDeps, orgId: string, batchId: string): Promise<{ delivered: boolean }> {
  const batch = await deps.batches.get(orgId, batchId);
  if (!batch?.webhook || !batch.webhookUrl || !batch.finalCounts) return { delivered: false };
  if (batch.webhook.deliveredAt) return { delivered: true };
  const body = webhookBody(batch);
  const started = deps.clock.now();
  const organization = await deps.accounts.getOrganization(orgId);
  const secrets = activeSigningSecrets(await deps.secrets.masterSecret(), orgId, organization ?? {}, started);
  const t = Math.floor(started.getTime() / 1000);
  const headers = {
    'Content-Type': 'application/json',
    'X-Service-Event': batch.webhook.event,
    'X-Service-Delivery-Id': batch.webhook.deliveryId,
    'X-Service-Signature': signatureHeader(secrets, body, t),
  };
  let attempt: WebhookAttempt;
  let delivered = false;
  try {
    const response = await deps.webhooks.post(batch.webhookUrl, headers, body, WEBHOOK_DELIVERY.timeoutMs);
    delivered = response.statusCode >= 200 && response.statusCode < 300;
    attempt = { at: started.toISOString(), t, status_code: response.statusCode, duration_ms: Date.now() - started.getTime() };
  } catch (error) {
    attempt = { at: started.toISOString(), t, error: (error as Error).message.slice(0, 300), duration_ms: Date.now() - started.getTime() };
  }
  await deps.batches.recordWebhookAttempt(orgId, batchId, attempt, delivered);
  if (!delivered) {
    throw new WebhookDeliveryFailed(
      attempt.status_code !== undefined ? `webhook answered ${attempt.status_code}` : `webhook delivery failed: ${attempt.error}`,
    );
  }
  return { delivered: true };
}

export async function giveUpBatchWebhook(deps: AppDeps, orgId: string, batchId: string): Promise<void> {
  logger.warn('webhook delivery given up after the last retry', { batch_id: batchId, org_id: orgId });
  await deps.batches.webhookGaveUp(orgId, batchId, deps.clock.now());
}
