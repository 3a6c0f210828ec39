/**
 * Batches in DynamoDB. The record and its items share one partition
 * (`ORG#<org>#BATCH#<id>`), so one Query reads a batch in submission order;
 * an index partition per organization lists batches newest first. Every
 * state change is a single-item conditional update (dynalite has no
 * transactions): an item moves queued → processing → done/failed at most
 * once per attempt, which is what keeps redelivered messages from counting
 * or billing an item twice.
 *
 * @module
 */
import { isConditionFailure } from './condition-failure.ts';
import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { ApiError } from '../../contracts/errors.ts';
import { BATCH_LIMITS, isTerminalBatchStatus, type BatchStatus } from '../../contracts/batch.ts';
import { keys } from '../../contracts/tables.ts';
import type {
  BatchCounts,
  BatchItem,
  BatchItemError,
  BatchPage,
  BatchRecord,
  BatchRepository,
  IdempotencyClaim,
  ItemStart,
  WebhookAttempt,
  WebhookState,
} from '../../ports/batches.ts';

async function conditional(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const ttlOf = (expiresAt: string) => Math.ceil(Date.parse(expiresAt) / 1000);

function webhookFromItem(w: Record<string, any> | undefined): WebhookState | undefined {
  if (!w) return undefined;
  return {
    event: w.event,
    deliveryId: w.delivery_id,
    attempts: w.attempts ?? [],
    ...(w.delivered_at ? { deliveredAt: w.delivered_at } : {}),
    ...(w.gave_up_at ? { gaveUpAt: w.gave_up_at } : {}),
  };
}

function batchFromItem(i: Record<string, any>): BatchRecord {
  return {
    batchId: i.batch_id,
    orgId: i.org_id,
    status: i.status,
    request: i.request,
    totalItems: i.total_items,
    documentKeys: i.document_keys ?? [],
    ...(i.webhook_url ? { webhookUrl: i.webhook_url } : {}),
    ...(i.idempotency_key ? { idempotencyKey: i.idempotency_key } : {}),
    createdAt: i.created_at,
    ...(i.dispatched_at ? { dispatchedAt: i.dispatched_at } : {}),
    ...(i.started_at ? { startedAt: i.started_at } : {}),
    ...(i.finished_at ? { finishedAt: i.finished_at } : {}),
    ...(i.canceled_at ? { canceledAt: i.canceled_at } : {}),
    ...(i.final_counts ? { finalCounts: i.final_counts } : {}),
    ...(i.webhook ? { webhook: webhookFromItem(i.webhook) } : {}),
    expiresAt: i.expires_at,
  };
}

function itemFromRow(i: Record<string, any>): BatchItem {
  return {
    batchId: i.batch_id,
    orgId: i.org_id,
    docIndex: i.doc_index,
    documentKey: i.document_key,
    status: i.status,
    requestId: i.request_id,
    attempts: i.attempts ?? 0,
    ...(i.started_at ? { startedAt: i.started_at } : {}),
    ...(i.finished_at ? { finishedAt: i.finished_at } : {}),
    ...(i.result_key ? { resultKey: i.result_key } : {}),
    ...(i.error ? { error: { httpStatus: i.error.http_status, code: i.error.code, message: i.error.message } } : {}),
  };
}

function itemRow(item: BatchItem, expiresAt: string): Record<string, unknown> {
  return {
    ...keys.batchItem(item.orgId, item.batchId, item.docIndex),
    batch_id: item.batchId,
    org_id: item.orgId,
    doc_index: item.docIndex,
    document_key: item.documentKey,
    status: item.status,
    request_id: item.requestId,
    attempts: item.attempts,
    ttl: ttlOf(expiresAt),
  };
}

/** The list cursor: the last index entry's sort key, opaque to callers. */
function encodeCursor(sk: string): string {
  return Buffer.from(sk, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}$/i.test(sk)) {
    throw new ApiError('invalid_option', 'cursor is not a value returned as next_cursor by GET /v1/batch.');
  }
  return sk;
}

const errorAttribute = (e: BatchItemError) => ({ http_status: e.httpStatus, code: e.code, message: e.message });

export class DynamoDbBatchRepository implements BatchRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async claimIdempotencyKey(orgId: string, key: string, bodyHash: string, batchId: string, now: Date): Promise<IdempotencyClaim> {
    const keyHash = createHash('sha256').update(key, 'utf8').digest('hex');
    const expiresAt = new Date(now.getTime() + BATCH_LIMITS.idempotencyKeySeconds * 1000).toISOString();
    const fresh = await conditional(() =>
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.idempotencyKey(orgId, keyHash), org_id: orgId, batch_id: batchId, body_hash: bodyHash, expires_at: expiresAt, ttl: ttlOf(expiresAt) },
          // TTL deletion is lazy: an expired claim may be taken over.
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      ),
    );
    if (fresh) return { batchId, bodyHash, fresh: true };
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.idempotencyKey(orgId, keyHash), ConsistentRead: true }));
    if (!out.Item) return this.claimIdempotencyKey(orgId, key, bodyHash, batchId, now);
    return { batchId: out.Item.batch_id, bodyHash: out.Item.body_hash, fresh: false };
  }

  async create(batch: BatchRecord, items: readonly BatchItem[]): Promise<boolean> {
    const created = await conditional(() =>
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.batch(batch.orgId, batch.batchId),
            batch_id: batch.batchId,
            org_id: batch.orgId,
            status: batch.status,
            request: batch.request,
            total_items: batch.totalItems,
            document_keys: batch.documentKeys,
            webhook_url: batch.webhookUrl,
            idempotency_key: batch.idempotencyKey,
            created_at: batch.createdAt,
            expires_at: batch.expiresAt,
            ttl: ttlOf(batch.expiresAt),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    if (!created) return false;
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.batchIndexEntry(batch.orgId, batch.createdAt, batch.batchId), batch_id: batch.batchId, ttl: ttlOf(batch.expiresAt) },
      }),
    );
    // A brand-new batch has no items yet: unconditional batch writes are safe and 25× fewer calls.
    for (let i = 0; i < items.length; i += 25) {
      let requests: Record<string, any>[] = items.slice(i, i + 25).map((item) => ({ PutRequest: { Item: itemRow(item, batch.expiresAt) } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        const out = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.table]: requests } }));
        requests = (out.UnprocessedItems?.[this.table] ?? []) as Record<string, any>[];
        if (requests.length > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      }
    }
    return true;
  }

  async ensureItems(items: readonly BatchItem[]): Promise<void> {
    if (items.length === 0) return;
    const batch = await this.get(items[0].orgId, items[0].batchId);
    if (!batch) throw new Error(`batch ${items[0].batchId} does not exist`);
    const put = (item: BatchItem) =>
      conditional(() =>
        this.db.send(new PutCommand({ TableName: this.table, Item: itemRow(item, batch.expiresAt), ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    for (let i = 0; i < items.length; i += 16) await Promise.all(items.slice(i, i + 16).map(put));
  }

  async markDispatched(orgId: string, batchId: string, now: Date): Promise<void> {
    await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(orgId, batchId),
          UpdateExpression: 'SET dispatched_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(dispatched_at)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      ),
    );
  }

  async get(orgId: string, batchId: string): Promise<BatchRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.batch(orgId, batchId), ConsistentRead: true }));
    return out.Item && out.Item.org_id === orgId ? batchFromItem(out.Item) : undefined;
  }

  async items(orgId: string, batchId: string): Promise<BatchItem[]> {
    const items: BatchItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :item)',
          ExpressionAttributeValues: { ':pk': keys.batchPartition(orgId, batchId), ':item': 'ITEM#' },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const row of out.Items ?? []) if (row.org_id === orgId) items.push(itemFromRow(row));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  async item(orgId: string, batchId: string, docIndex: number): Promise<BatchItem | undefined> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.batchItem(orgId, batchId, docIndex), ConsistentRead: true }),
    );
    return out.Item && out.Item.org_id === orgId ? itemFromRow(out.Item) : undefined;
  }

  async list(orgId: string, limit: number, cursor?: string): Promise<BatchPage> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.batchIndexPartition(orgId) },
        ScanIndexForward: false,
        Limit: limit,
        ...(cursor ? { ExclusiveStartKey: { pk: keys.batchIndexPartition(orgId), sk: decodeCursor(cursor) } } : {}),
      }),
    );
    const entries = out.Items ?? [];
    const batches = (await Promise.all(entries.map((e) => this.get(orgId, e.batch_id as string)))).filter(
      (b): b is BatchRecord => b !== undefined,
    );
    const last = out.LastEvaluatedKey?.sk as string | undefined;
    return { batches, ...(last ? { nextCursor: encodeCursor(last) } : {}) };
  }

  async markRunning(orgId: string, batchId: string, now: Date): Promise<void> {
    await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(orgId, batchId),
          UpdateExpression: 'SET #s = :running, started_at = :now',
          ConditionExpression: '#s = :queued',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':now': now.toISOString() },
        }),
      ),
    );
  }

  async startItem(orgId: string, batchId: string, docIndex: number, now: Date, staleBefore: Date): Promise<ItemStart> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batchItem(orgId, batchId, docIndex),
          UpdateExpression: 'SET #s = :processing, started_at = :now, attempts = if_not_exists(attempts, :zero) + :one',
          ConditionExpression: 'attribute_exists(pk) AND (#s = :queued OR (#s = :processing AND started_at < :stale))',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':processing': 'processing',
            ':queued': 'queued',
            ':now': now.toISOString(),
            ':stale': staleBefore.toISOString(),
            ':zero': 0,
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { kind: 'started', item: itemFromRow(out.Attributes!) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const current = await this.item(orgId, batchId, docIndex);
      if (!current) return { kind: 'missing' };
      return current.status === 'done' || current.status === 'failed' ? { kind: 'finished' } : { kind: 'busy' };
    }
  }

  private settle(item: BatchItem, set: string, values: Record<string, unknown>, remove = ''): Promise<boolean> {
    return conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batchItem(item.orgId, item.batchId, item.docIndex),
          UpdateExpression: `SET ${set}${remove ? ` REMOVE ${remove}` : ''}`,
          // Only the attempt that owns the item settles it.
          ConditionExpression: '#s = :processing AND attempts = :attempts',
          ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
          ExpressionAttributeValues: { ':processing': 'processing', ':attempts': item.attempts, ...values },
        }),
      ),
    );
  }

  completeItem(item: BatchItem, resultKey: string, now: Date): Promise<boolean> {
    return this.settle(item, '#s = :done, result_key = :key, finished_at = :now', { ':done': 'done', ':key': resultKey, ':now': now.toISOString() }, '#e');
  }

  failItem(item: BatchItem, error: BatchItemError, resultKey: string, now: Date): Promise<boolean> {
    return this.settle(item, '#s = :failed, #e = :error, result_key = :key, finished_at = :now', {
      ':failed': 'failed',
      ':error': errorAttribute(error),
      ':key': resultKey,
      ':now': now.toISOString(),
    });
  }

  abandonItem(orgId: string, batchId: string, docIndex: number, error: BatchItemError, resultKey: string, now: Date, staleBefore: Date): Promise<boolean> {
    return conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batchItem(orgId, batchId, docIndex),
          UpdateExpression: 'SET #s = :failed, #e = :error, result_key = :key, finished_at = :now',
          ConditionExpression: '#s = :queued OR (#s = :processing AND started_at < :stale)',
          ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
          ExpressionAttributeValues: {
            ':failed': 'failed',
            ':queued': 'queued',
            ':processing': 'processing',
            ':error': errorAttribute(error),
            ':key': resultKey,
            ':now': now.toISOString(),
            ':stale': staleBefore.toISOString(),
          },
        }),
      ),
    );
  }

  async requeueItem(orgId: string, batchId: string, docIndex: number): Promise<void> {
    await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batchItem(orgId, batchId, docIndex),
          UpdateExpression: 'SET #s = :queued',
          ConditionExpression: '#s = :processing',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':queued': 'queued', ':processing': 'processing' },
        }),
      ),
    );
  }

  async cancel(orgId: string, batchId: string, now: Date): Promise<BatchRecord | undefined> {
    await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(orgId, batchId),
          UpdateExpression: 'SET #s = :canceled, canceled_at = :now',
          ConditionExpression: '#s = :queued OR #s = :running',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':canceled': 'canceled', ':queued': 'queued', ':running': 'running', ':now': now.toISOString() },
        }),
      ),
    );
    return this.get(orgId, batchId);
  }

  finish(orgId: string, batchId: string, status: BatchStatus, counts: BatchCounts, webhook: WebhookState | undefined, now: Date): Promise<boolean> {
    if (!isTerminalBatchStatus(status)) throw new Error(`finish needs a terminal status, got ${status}`);
    return conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(orgId, batchId),
          UpdateExpression: `SET #s = :status, finished_at = :now, final_counts = :counts${webhook ? ', webhook = :webhook' : ''}`,
          // A canceled batch stays canceled; any other terminal state is final.
          ConditionExpression: 'attribute_not_exists(finished_at) AND (#s = :queued OR #s = :running OR #s = :status)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':queued': 'queued',
            ':running': 'running',
            ':now': now.toISOString(),
            ':counts': counts,
            ...(webhook ? { ':webhook': { event: webhook.event, delivery_id: webhook.deliveryId, attempts: [] } } : {}),
          },
        }),
      ),
    );
  }

  async recordWebhookAttempt(orgId: string, batchId: string, attempt: WebhookAttempt, delivered: boolean): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.batch(orgId, batchId),
        UpdateExpression: `SET webhook.attempts = list_append(webhook.attempts, :attempt)${delivered ? ', webhook.delivered_at = :at' : ''}`,
        ConditionExpression: 'attribute_exists(webhook)',
        ExpressionAttributeValues: { ':attempt': [attempt], ...(delivered ? { ':at': attempt.at } : {}) },
      }),
    );
  }

  async webhookGaveUp(orgId: string, batchId: string, now: Date): Promise<void> {
    await conditional(() =>
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(orgId, batchId),
          UpdateExpression: 'SET webhook.gave_up_at = :now',
          ConditionExpression: 'attribute_exists(webhook)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      ),
    );
  }

  async listUnsettled(): Promise<BatchRecord[]> {
    const out: BatchRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'sk = :batch',
          ExpressionAttributeValues: { ':batch': 'BATCH' },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const row of page.Items ?? []) {
        const batch = batchFromItem(row);
        const webhookPending = batch.webhook && !batch.webhook.deliveredAt && !batch.webhook.gaveUpAt;
        if (!batch.finishedAt || webhookPending) out.push(batch);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }
}
