/**
 * The batch handlers' sample events (events/batch-*.json, for `sam local
 * invoke -e`) run through their handlers against the real emulators of the
 * integration run. The queue and workflow are recorded here instead of
 * sent, so each handler is seen on its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_DEAD_LETTER_HANDLER, BATCH_PROGRESS_HANDLER, BATCH_WEBHOOK_HANDLER, BATCH_WORKER_HANDLER, ROUTES } from '../../functions/contracts/routes.ts';
import { hashApiKey } from '../../functions/domain/api-keys.ts';
import { checkBatchProgress, itemRequestId } from '../../functions/pipeline/batches.ts';
import type { BatchItemMessage } from '../../functions/ports/batches.ts';
import { buildDeps, type AppDeps } from '../../functions/runtime/deps.ts';
import { SAMPLE_BATCH_ID, SAMPLE_DOCUMENT_KEY, SAMPLE_EVENT_API_KEY, testContext } from '../helpers/events.ts';
import { emulatorConfig } from '../helpers/emulator-config.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const ORG = 'events-org';
const sent: BatchItemMessage[] = [];
const started: string[] = [];
let deps: AppDeps;

const event = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'events', `${name}.json`), 'utf8'));
const handler = async (name: string) =>
  ((await import(`../../functions/handlers/${name}.ts`)) as { createHandler: (d: () => AppDeps) => (e: unknown, c?: unknown) => Promise<any> }).createHandler(
    () => deps,
  );

beforeAll(async () => {
  deps = buildDeps(emulatorConfig(), {
    batchQueue: { sendItems: async (messages) => void sent.push(...messages) },
    batchWorkflow: { start: async (_org, batchId) => void started.push(batchId) },
  });
  const now = new Date();
  await deps.accounts.ensureOrganization(ORG, 'pro', now);
  await deps.accounts.putKey({ keyHash: hashApiKey(SAMPLE_EVENT_API_KEY), keyId: 'key_events_test', orgId: ORG, kind: 'test', displayPrefix: 'hk_test_Samp', createdAt: now.toISOString() });
  const objectKey = `uploads/${ORG}/${SAMPLE_DOCUMENT_KEY}`;
  await deps.documents.create({
    orgId: ORG,
    documentKey: SAMPLE_DOCUMENT_KEY,
    filename: 'sample.pdf',
    contentType: 'application/pdf',
    kind: 'pdf',
    objectKey,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
  });
  await deps.blobs.put(objectKey, await makeTextPdf([['Sample batch event document']]), 'application/pdf');
  // The sample batch: two items of the sample document, queued.
  const createdAt = now.toISOString();
  await deps.batches.create(
    {
      batchId: SAMPLE_BATCH_ID,
      orgId: ORG,
      status: 'queued',
      request: { endpoint: '/v1/parse', operation: 'parse', query: {}, form: {}, keyId: 'key_events_test', keyKind: 'test' },
      totalItems: 2,
      documentKeys: [SAMPLE_DOCUMENT_KEY, SAMPLE_DOCUMENT_KEY],
      createdAt,
      dispatchedAt: createdAt,
      expiresAt: new Date(now.getTime() + 86400_000).toISOString(),
    },
    [0, 1].map((docIndex) => ({
      batchId: SAMPLE_BATCH_ID,
      orgId: ORG,
      docIndex,
      documentKey: SAMPLE_DOCUMENT_KEY,
      status: 'queued' as const,
      requestId: itemRequestId(SAMPLE_BATCH_ID, docIndex),
      attempts: 0,
    })),
  );
  await deps.batches.markDispatched(ORG, SAMPLE_BATCH_ID, now);
});

describe('Batch sample events', () => {
  it('has a sample event for every batch handler', () => {
    const names = [...ROUTES.filter((r) => r.handler.startsWith('batch-')).map((r) => r.handler), BATCH_WORKER_HANDLER, BATCH_DEAD_LETTER_HANDLER, BATCH_PROGRESS_HANDLER, BATCH_WEBHOOK_HANDLER];
    for (const name of names) expect(() => event(name), name).not.toThrow();
  });

  it('runs the batch lifecycle from the sample events', async () => {
    const submit = await (await handler('batch-submit'))(event('batch-submit'), testContext('batch-submit'));
    expect(submit.statusCode).toBe(200);
    const receipt = JSON.parse(Buffer.from(submit.body, submit.isBase64Encoded ? 'base64' : 'utf8').toString());
    expect(receipt).toMatchObject({ status: 'queued', total_items: 1 });
    expect(sent).toEqual([{ orgId: ORG, batchId: receipt.batch_id, docIndex: 0 }]);
    expect(started).toEqual([receipt.batch_id]);

    const get = await (await handler('batch-get'))(event('batch-get'), testContext('batch-get'));
    expect(get.statusCode).toBe(200);
    expect(JSON.parse(get.body)).toMatchObject({ batch_id: SAMPLE_BATCH_ID, status: 'queued', counts: { total: 2, queued: 2 } });
    const list = await (await handler('batch-list'))(event('batch-list'), testContext('batch-list'));
    expect(JSON.parse(list.body).batches.map((b: any) => b.batch_id)).toEqual(expect.arrayContaining([SAMPLE_BATCH_ID, receipt.batch_id]));

    // Item 0 runs; item 1's message is dead-lettered.
    expect(await (await handler(BATCH_WORKER_HANDLER))(event(BATCH_WORKER_HANDLER))).toEqual({ batchItemFailures: [] });
    expect(await (await handler(BATCH_DEAD_LETTER_HANDLER))(event(BATCH_DEAD_LETTER_HANDLER))).toEqual({ batchItemFailures: [] });
    // The same worker message again (an SQS redelivery) changes nothing.
    expect(await (await handler(BATCH_WORKER_HANDLER))(event(BATCH_WORKER_HANDLER))).toEqual({ batchItemFailures: [] });
    const items = await deps.batches.items(ORG, SAMPLE_BATCH_ID);
    expect(items.map((i) => [i.status, i.attempts])).toEqual([
      ['done', 1],
      ['failed', 0],
    ]);
    // The dead-lettered item still has a result JSON: its error body.
    expect(items[1].resultKey).toBeDefined();
    expect(JSON.parse(Buffer.from(await deps.blobs.getBytes(items[1].resultKey!)).toString('utf8'))).toEqual({
      status: 'error',
      error: { code: 'internal_error', message: items[1].error!.message },
      request_id: itemRequestId(SAMPLE_BATCH_ID, 1),
    });

    expect(await (await handler(BATCH_PROGRESS_HANDLER))(event(BATCH_PROGRESS_HANDLER))).toEqual({
      status: 'completed_with_errors',
      terminal: true,
      notify: false,
      wait_seconds: 0,
    });
    // No webhook_url on the sample batch: nothing to deliver.
    expect(await (await handler(BATCH_WEBHOOK_HANDLER))(event(BATCH_WEBHOOK_HANDLER))).toEqual({ delivered: false });
    const cancel = await (await handler('batch-cancel'))(event('batch-cancel'), testContext('batch-cancel'));
    expect(cancel.statusCode).toBe(409);
    expect(JSON.parse(cancel.body).error.code).toBe('batch_finished');
  });

  it('fails items still unfinished after the 24-hour target with processing_timeout, each with its error body as result JSON', async () => {
    const batchId = '00000000-0000-4000-8000-00000000aaaa';
    const createdAt = new Date(Date.now() - 25 * 3600_000).toISOString();
    await deps.batches.create(
      {
        batchId,
        orgId: ORG,
        status: 'queued',
        request: { endpoint: '/v1/parse', operation: 'parse', query: {}, form: {}, keyId: 'key_events_test', keyKind: 'test' },
        totalItems: 20,
        documentKeys: Array.from({ length: 20 }, () => SAMPLE_DOCUMENT_KEY),
        createdAt,
        dispatchedAt: createdAt,
        expiresAt: new Date(Date.now() + 86400_000).toISOString(),
      },
      Array.from({ length: 20 }, (_, docIndex) => ({
        batchId,
        orgId: ORG,
        docIndex,
        documentKey: SAMPLE_DOCUMENT_KEY,
        status: 'queued' as const,
        requestId: itemRequestId(batchId, docIndex),
        attempts: 0,
      })),
    );
    await deps.batches.markDispatched(ORG, batchId, new Date(createdAt));
    expect(await checkBatchProgress(deps, ORG, batchId)).toMatchObject({ status: 'completed_with_errors', terminal: true });
    const items = await deps.batches.items(ORG, batchId);
    expect(items).toHaveLength(20);
    for (const item of items) {
      expect(item).toMatchObject({ status: 'failed', error: { code: 'processing_timeout', httpStatus: 504 } });
      const body = JSON.parse(Buffer.from(await deps.blobs.getBytes(item.resultKey!)).toString('utf8'));
      expect(body).toMatchObject({ status: 'error', error: { code: 'processing_timeout' }, request_id: item.requestId });
    }
  });
});
