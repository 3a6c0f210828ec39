/**
 * DynamoDbBatchRepository against dynalite (in memory, in this process): the
 * conditional updates that keep a redelivered item from running or counting
 * twice, the stale-attempt takeover, cancel/finish, the webhook record, and
 * listing newest first with a cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo, type LocalDynamo } from '../../helpers/dynalite.ts';
import { DynamoDbBatchRepository } from '../../../functions/adapters/aws/dynamodb-batches.ts';
import { TABLES } from '../../../functions/contracts/tables.ts';
import type { BatchItem, BatchRecord } from '../../../functions/ports/batches.ts';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function batchRecord(batchId: string, overrides: Partial<BatchRecord> = {}): BatchRecord {
  return {
    batchId,
    orgId: 'org-a',
    status: 'queued',
    request: { endpoint: '/v1/parse', operation: 'parse', query: {}, form: {}, keyId: 'key-1', keyKind: 'live' },
    totalItems: 2,
    documentKeys: ['doc-0', 'doc-1'],
    createdAt: T0.toISOString(),
    expiresAt: at(86_400).toISOString(),
    ...overrides,
  };
}

function itemsOf(batch: BatchRecord): BatchItem[] {
  return batch.documentKeys.map((documentKey, docIndex) => ({
    batchId: batch.batchId,
    orgId: batch.orgId,
    docIndex,
    documentKey,
    status: 'queued',
    requestId: `req-${batch.batchId}-${docIndex}`,
    attempts: 0,
  }));
}

describe('DynamoDbBatchRepository on dynalite', () => {
  let dynamo: LocalDynamo;
  let repo: DynamoDbBatchRepository;

  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    repo = new DynamoDbBatchRepository(dynamo.db, TABLES.batches.localName);
  });

  afterAll(() => dynamo.stop());

  it('creates a batch once, reads it and its items back in submission order', async () => {
    const batch = batchRecord('b-create');
    expect(await repo.create(batch, itemsOf(batch))).toBe(true);
    expect(await repo.create(batch, itemsOf(batch))).toBe(false);
    expect(await repo.get('org-a', 'b-create')).toMatchObject({ batchId: 'b-create', status: 'queued', totalItems: 2, documentKeys: ['doc-0', 'doc-1'] });
    expect((await repo.items('org-a', 'b-create')).map((i) => [i.docIndex, i.status])).toEqual([[0, 'queued'], [1, 'queued']]);
    // Another organization does not see it.
    expect(await repo.get('org-b', 'b-create')).toBeUndefined();
    expect(await repo.items('org-b', 'b-create')).toEqual([]);
  });

  it('claims an Idempotency-Key once; a second claim returns the first batch', async () => {
    expect(await repo.claimIdempotencyKey('org-a', 'key-x', 'hash-1', 'b-first', T0)).toEqual({ batchId: 'b-first', bodyHash: 'hash-1', fresh: true });
    expect(await repo.claimIdempotencyKey('org-a', 'key-x', 'hash-2', 'b-second', at(1))).toEqual({ batchId: 'b-first', bodyHash: 'hash-1', fresh: false });
  });

  it('starts an item once per attempt, takes over a stale attempt, and settles only the owning attempt', async () => {
    const batch = batchRecord('b-items');
    await repo.create(batch, itemsOf(batch));
    const first = await repo.startItem('org-a', 'b-items', 0, at(10), at(0));
    expect(first).toMatchObject({ kind: 'started', item: { status: 'processing', attempts: 1 } });
    // A redelivered message while the first attempt is fresh: busy.
    expect(await repo.startItem('org-a', 'b-items', 0, at(20), at(0))).toEqual({ kind: 'busy' });
    // Once the first attempt started before the stale line, a new attempt takes the item over.
    const second = await repo.startItem('org-a', 'b-items', 0, at(500), at(100));
    expect(second).toMatchObject({ kind: 'started', item: { attempts: 2 } });
    if (first.kind !== 'started' || second.kind !== 'started') throw new Error('expected both attempts to start');
    // The first (stale) attempt may no longer settle it; the owner may, once.
    expect(await repo.completeItem(first.item, 'results/0.json', at(510))).toBe(false);
    expect(await repo.completeItem(second.item, 'results/0.json', at(510))).toBe(true);
    expect(await repo.completeItem(second.item, 'results/0.json', at(511))).toBe(false);
    expect(await repo.startItem('org-a', 'b-items', 0, at(600), at(600))).toEqual({ kind: 'finished' });
    expect(await repo.item('org-a', 'b-items', 0)).toMatchObject({ status: 'done', resultKey: 'results/0.json' });
    expect(await repo.startItem('org-a', 'b-items', 9, at(600), at(0))).toEqual({ kind: 'missing' });
  });

  it('fails an item with its error, abandons only queued or stale items, and requeues a processing one', async () => {
    const batch = batchRecord('b-fail', { documentKeys: ['d0', 'd1', 'd2'], totalItems: 3 });
    await repo.create(batch, itemsOf(batch));
    const error = { httpStatus: 422, code: 'document_corrupt', message: 'The file is damaged.' };
    const started = await repo.startItem('org-a', 'b-fail', 0, at(1), at(0));
    if (started.kind !== 'started') throw new Error('expected a start');
    expect(await repo.failItem(started.item, error, 'errors/0.json', at(2))).toBe(true);
    expect(await repo.item('org-a', 'b-fail', 0)).toMatchObject({ status: 'failed', error, resultKey: 'errors/0.json' });

    expect(await repo.abandonItem('org-a', 'b-fail', 1, error, 'errors/1.json', at(3), at(0))).toBe(true);
    await repo.startItem('org-a', 'b-fail', 2, at(10), at(0));
    // Processing and fresh: not abandoned; stale: abandoned.
    expect(await repo.abandonItem('org-a', 'b-fail', 2, error, 'errors/2.json', at(11), at(5))).toBe(false);
    await repo.requeueItem('org-a', 'b-fail', 2);
    expect(await repo.item('org-a', 'b-fail', 2)).toMatchObject({ status: 'queued' });
  });

  it('marks dispatched and running once, cancels only a live batch, and finishes once', async () => {
    const batch = batchRecord('b-life');
    await repo.create(batch, itemsOf(batch));
    await repo.markDispatched('org-a', 'b-life', at(1));
    await repo.markDispatched('org-a', 'b-life', at(2));
    await repo.markRunning('org-a', 'b-life', at(3));
    expect(await repo.get('org-a', 'b-life')).toMatchObject({ status: 'running', dispatchedAt: at(1).toISOString(), startedAt: at(3).toISOString() });
    const counts = { total: 2, queued: 0, processing: 0, done: 2, failed: 0 };
    const webhook = { event: 'batch.completed', deliveryId: 'del-1', attempts: [] };
    expect(await repo.finish('org-a', 'b-life', 'completed', counts, webhook, at(4))).toBe(true);
    expect(await repo.finish('org-a', 'b-life', 'completed', counts, webhook, at(5))).toBe(false);
    expect(await repo.cancel('org-a', 'b-life', at(6))).toMatchObject({ status: 'completed', finalCounts: counts });
    expect(() => repo.finish('org-a', 'b-life', 'running', counts, undefined, at(7))).toThrow(/terminal/);

    const live = batchRecord('b-cancel');
    await repo.create(live, itemsOf(live));
    expect(await repo.cancel('org-a', 'b-cancel', at(1))).toMatchObject({ status: 'canceled', canceledAt: at(1).toISOString() });
  });

  it('records webhook attempts, delivery and giving up; lists unsettled batches', async () => {
    const batch = batchRecord('b-hook');
    await repo.create(batch, itemsOf(batch));
    const counts = { total: 2, queued: 0, processing: 0, done: 1, failed: 1 };
    await repo.finish('org-a', 'b-hook', 'completed_with_errors', counts, { event: 'batch.completed', deliveryId: 'del-2', attempts: [] }, at(1));
    const attempt = { at: at(2).toISOString(), t: 2, status_code: 500, duration_ms: 12 };
    await repo.recordWebhookAttempt('org-a', 'b-hook', attempt, false);
    expect((await repo.listUnsettled()).map((b) => b.batchId)).toContain('b-hook');
    await repo.webhookGaveUp('org-a', 'b-hook', at(3));
    expect((await repo.get('org-a', 'b-hook'))?.webhook).toMatchObject({ deliveryId: 'del-2', attempts: [attempt], gaveUpAt: at(3).toISOString() });
    expect((await repo.listUnsettled()).map((b) => b.batchId)).not.toContain('b-hook');

    const delivered = batchRecord('b-hook-ok');
    await repo.create(delivered, itemsOf(delivered));
    await repo.finish('org-a', 'b-hook-ok', 'completed', counts, { event: 'batch.completed', deliveryId: 'del-3', attempts: [] }, at(1));
    await repo.recordWebhookAttempt('org-a', 'b-hook-ok', { ...attempt, status_code: 200 }, true);
    expect((await repo.get('org-a', 'b-hook-ok'))?.webhook?.deliveredAt).toBe(attempt.at);
  });

  it('lists an organization\'s batches newest first, a page at a time, and refuses a forged cursor', async () => {
    // Batch ids are UUIDs (the cursor carries one).
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
    for (const [n, id] of ids.entries()) {
      const batch = batchRecord(id, { orgId: 'org-list', createdAt: at(100 * (n + 1)).toISOString() });
      await repo.create(batch, itemsOf(batch));
    }
    const first = await repo.list('org-list', 2);
    expect(first.batches.map((b) => b.batchId)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBeDefined();
    const second = await repo.list('org-list', 2, first.nextCursor);
    expect(second.batches.map((b) => b.batchId)).toEqual([ids[0]]);
    await expect(repo.list('org-list', 2, Buffer.from('ORG#other').toString('base64url'))).rejects.toMatchObject({ code: 'invalid_option' });
  });
});
