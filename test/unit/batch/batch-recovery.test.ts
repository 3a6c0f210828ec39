/**
 * The batch recovery paths that only run deployed, on a manual clock (no
 * sleeping): a redelivered item whose first worker died is taken over once
 * it is stale; a submission cut off before dispatch is dispatched by the
 * workflow's poll after the grace period; a webhook whose retries ran out is
 * given up and no longer due. The batch store is the real DynamoDB adapter
 * on in-process dynalite; the queue, workflow and webhook target record.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalDynamo, type LocalDynamo } from '../../helpers/dynalite.ts';
import { DynamoDbBatchRepository } from '../../../functions/adapters/aws/dynamodb-batches.ts';
import { TABLES } from '../../../functions/contracts/tables.ts';
import { createHandler as webhookTask } from '../../../functions/handlers/batch-webhook.ts';
import {
  checkBatchProgress,
  DISPATCH_GRACE_MS,
  ITEM_STALE_MS,
  itemRequestId,
  runBatchItem,
  WebhookDeliveryFailed,
} from '../../../functions/pipeline/batches.ts';
import type { BatchItemMessage, BatchRecord, WebhookTransport } from '../../../functions/ports/batches.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';

const ORG = 'org-recover';

interface Recorders {
  readonly sent: BatchItemMessage[];
  readonly workflows: string[];
  readonly posts: string[];
  webhookStatus: number;
}

describe('batch recovery paths', () => {
  let dynamo: LocalDynamo;
  let batches: DynamoDbBatchRepository;
  let deps: FakeDeps;
  let recorded: Recorders;
  let sequence = 0;

  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    batches = new DynamoDbBatchRepository(dynamo.db, TABLES.batches.localName);
  });

  afterAll(() => dynamo.stop());

  beforeEach(async () => {
    recorded = { sent: [], workflows: [], posts: [], webhookStatus: 500 };
    const webhooks: WebhookTransport = {
      post: async (url) => {
        recorded.posts.push(url);
        return { statusCode: recorded.webhookStatus };
      },
      checkTarget: async () => undefined,
    };
    deps = {
      ...fakeDeps(),
      batches,
      batchQueue: { sendItems: async (messages) => void recorded.sent.push(...messages) },
      batchWorkflow: { start: async (_orgId, batchId) => void recorded.workflows.push(batchId) },
      webhooks,
    };
    await seedKey(deps, 'hk_live_recovery0000000000000000', ORG);
  });

  /** A batch as submission writes it (items queued), optionally not yet dispatched. */
  async function createBatch(documentKeys: string[], overrides: Partial<BatchRecord> = {}): Promise<BatchRecord> {
    sequence++;
    const batch: BatchRecord = {
      batchId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      orgId: ORG,
      status: 'queued',
      request: { endpoint: '/v1/parse', operation: 'parse', query: {}, form: {}, keyId: `key_${ORG}_live`, keyKind: 'live' },
      totalItems: documentKeys.length,
      documentKeys,
      createdAt: deps.clock.now().toISOString(),
      expiresAt: new Date(deps.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      ...overrides,
    };
    const items = documentKeys.map((documentKey, docIndex) => ({
      batchId: batch.batchId,
      orgId: ORG,
      docIndex,
      documentKey,
      status: 'queued' as const,
      requestId: itemRequestId(batch.batchId, docIndex),
      attempts: 0,
    }));
    expect(await batches.create(batch, items)).toBe(true);
    return batch;
  }

  it('takes over an item whose worker died once it is stale, not before, and runs it to done', async () => {
    const documentKey = await putDocument(deps, ORG, Buffer.from('Quarterly report\nRevenue grew.\n'), 'report.txt', 'text/plain', 'txt');
    const batch = await createBatch([documentKey]);
    const message = { orgId: ORG, batchId: batch.batchId, docIndex: 0 };
    // The first worker started the item, then its Lambda died without settling it.
    const first = await batches.startItem(ORG, batch.batchId, 0, deps.clock.now(), new Date(0));
    expect(first.kind).toBe('started');

    deps.clock.advance(ITEM_STALE_MS - 1000);
    expect(await runBatchItem(deps, message, { receiveCount: 2 })).toBe('busy');
    expect(await batches.item(ORG, batch.batchId, 0)).toMatchObject({ status: 'processing', attempts: 1 });

    deps.clock.advance(2000);
    expect(await runBatchItem(deps, message, { receiveCount: 3 })).toBe('done');
    expect(await batches.item(ORG, batch.batchId, 0)).toMatchObject({ status: 'done', attempts: 2 });
    // Done is final: a late redelivery skips it.
    expect(await runBatchItem(deps, message, { receiveCount: 4 })).toBe('skipped');
  });

  it('dispatches a submission cut off before dispatch only after the grace period', async () => {
    const batch = await createBatch(['doc-a', 'doc-b', 'doc-c']);
    deps.clock.advance(DISPATCH_GRACE_MS - 1000);
    expect(await checkBatchProgress(deps, ORG, batch.batchId)).toMatchObject({ terminal: false });
    expect(recorded.sent).toEqual([]);
    expect(recorded.workflows).toEqual([]);
    expect((await batches.get(ORG, batch.batchId))?.dispatchedAt).toBeUndefined();

    deps.clock.advance(2000);
    expect(await checkBatchProgress(deps, ORG, batch.batchId)).toMatchObject({ terminal: false });
    expect(recorded.sent.map((m) => m.docIndex)).toEqual([0, 1, 2]);
    expect(recorded.workflows).toEqual([batch.batchId]);
    expect((await batches.get(ORG, batch.batchId))?.dispatchedAt).toBe(deps.clock.now().toISOString());
  });

  it('gives a webhook up after its failed attempts: recorded, and no longer due', async () => {
    const batch = await createBatch(['doc-a'], { webhookUrl: 'https://hooks.example.com/docintel' });
    await batches.markDispatched(ORG, batch.batchId, deps.clock.now());
    const started = await batches.startItem(ORG, batch.batchId, 0, deps.clock.now(), new Date(0));
    if (started.kind !== 'started') throw new Error('expected the item to start');
    await batches.completeItem(started.item, 'results/a.json', deps.clock.now());
    expect(await checkBatchProgress(deps, ORG, batch.batchId)).toMatchObject({ status: 'completed', terminal: true, notify: true });

    const task = webhookTask(() => deps);
    await expect(task({ org_id: ORG, batch_id: batch.batchId, action: 'deliver' })).rejects.toBeInstanceOf(WebhookDeliveryFailed);
    await expect(task({ org_id: ORG, batch_id: batch.batchId, action: 'deliver' })).rejects.toThrow(/answered 500/);
    expect(recorded.posts).toHaveLength(2);

    deps.clock.advance(60_000);
    expect(await task({ org_id: ORG, batch_id: batch.batchId, action: 'give_up' })).toEqual({ delivered: false });
    const settled = await batches.get(ORG, batch.batchId);
    expect(settled?.webhook).toMatchObject({ gaveUpAt: deps.clock.now().toISOString() });
    expect(settled?.webhook?.attempts.map((a) => a.status_code)).toEqual([500, 500]);
    expect(settled?.webhook?.deliveredAt).toBeUndefined();
    expect(await checkBatchProgress(deps, ORG, batch.batchId)).toMatchObject({ terminal: true, notify: false });
    expect((await batches.listUnsettled()).map((b) => b.batchId)).not.toContain(batch.batchId);
  });
});
