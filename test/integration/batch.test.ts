import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BATCH_ENDPOINTS, BATCH_LIMITS } from '../../functions/contracts/batch.ts';
import { OPERATION_SPECS } from '../../functions/operations/index.ts';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';
import { signatureValid, startWebhookReceiver } from '../helpers/webhook-receiver.ts';

const run = promisify(execFile);
const api = apiClient(inject('baseUrl'));
const keys = inject('keys');
const TERMINAL = ['completed', 'completed_with_errors', 'failed', 'canceled'];

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') } });
  return stdout.trim();
}

async function uploadMany(key: string, count: number, label: string): Promise<string[]> {
  const docs: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const chunk = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) =>
        api.upload(key, `${label}-${i + j}.pdf`, await makeTextPdf([[`${label} document ${i + j}`, `nonce ${Date.now()} ${Math.random()}`]])),
      ),
    );
    docs.push(...chunk);
  }
  return docs;
}

async function waitForBatch(key: string, batchId: string, until: (b: any) => boolean = (b) => TERMINAL.includes(b.status), timeoutMs = 110_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.call('GET', `/v1/batch/${batchId}`, { key });
    expect(res.status).toBe(200);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still ${res.body.status} ${JSON.stringify(res.body.counts)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('Batch on the local server (SQS lane, Step Functions ASL, signed webhooks)', () => {
  let secret: string;
  beforeAll(async () => {
    secret = await admin('signing-secret', '--org', 'acme');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs a 200-document parse batch: counts, items in order, downloadable results, one signed webhook', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const docs = await uploadMany(keys.proTest, 200, 'two-hundred');
      const submitted = await api.call('POST', '/v1/batch', {
        key: keys.proTest,
        json: { endpoint: '/v1/parse', document_keys: docs, webhook_url: receiver.url },
      });
      expect(submitted.status).toBe(200);
      expect(submitted.body).toMatchObject({ status: 'queued', total_items: 200 });
      expect(submitted.body.batch_id).toMatch(/^[0-9a-f-]{36}$/);

      const batch = await waitForBatch(keys.proTest, submitted.body.batch_id, (b) => TERMINAL.includes(b.status) && b.webhook?.delivered_at);
      expect(batch.status).toBe('completed');
      expect(batch.endpoint).toBe('/v1/parse');
      expect(batch.counts).toEqual({ total: 200, queued: 0, processing: 0, done: 200, failed: 0 });
      expect(batch.items.map((i: any) => i.doc_index)).toEqual(docs.map((_, i) => i));
      expect(batch.items.map((i: any) => i.document_key)).toEqual(docs);
      const results = await Promise.all(
        batch.items.map(async (item: any) => {
          expect(item.status).toBe('done');
          expect(item.result_key).toContain(item.request_id);
          const res = await fetch(item.result_url);
          expect(res.status).toBe(200);
          return (await res.json()) as any;
        }),
      );
      results.forEach((envelope, i) => {
        expect(envelope).toMatchObject({ status: 'success', task: 'parse', request_id: batch.items[i].request_id });
        expect(envelope.result.ocr).toContain(`two-hundred document ${i}`);
      });

      // Exactly one event, signed as the SPEC says.
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.deliveries).toHaveLength(1);
      const [delivery] = receiver.deliveries;
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-service-event']).toBe('batch.completed');
      expect(delivery.headers['x-service-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(signatureValid(secret, String(delivery.headers['x-service-signature']), delivery.raw)).toBe(true);
      expect(signatureValid('0'.repeat(64), String(delivery.headers['x-service-signature']), delivery.raw)).toBe(false);
      expect(JSON.parse(delivery.raw.toString('utf8'))).toEqual({
        event: 'batch.completed',
        batch_id: submitted.body.batch_id,
        status: 'completed',
        total_items: 200,
        done_items: 200,
        failed_items: 0,
      });
      expect(batch.webhook).toMatchObject({ url: receiver.url, event: 'batch.completed', status: 'delivered' });
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with backoff: 500, 500, 200 → three deliveries, one delivery id, fresh t, valid signatures', async () => {
    const receiver = await startWebhookReceiver([500, 500, 200]);
    try {
      const docs = await uploadMany(keys.proTest, 2, 'retry');
      const submitted = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint: '/v1/parse', document_keys: docs, webhook_url: receiver.url } });
      const deliveries = await receiver.waitFor(3);
      const ids = new Set(deliveries.map((d) => d.headers['x-service-delivery-id']));
      expect(ids.size).toBe(1);
      const stamps = deliveries.map((d) => /t=(\d+)/.exec(String(d.headers['x-service-signature']))![1]);
      expect(new Set(stamps).size).toBe(3);
      for (const d of deliveries) expect(signatureValid(secret, String(d.headers['x-service-signature']), d.raw)).toBe(true);
      // The same body bytes every time: only the signature's t changes.
      expect(new Set(deliveries.map((d) => d.raw.toString('hex'))).size).toBe(1);
      const batch = await waitForBatch(keys.proTest, submitted.body.batch_id, (b) => b.webhook?.delivered_at);
      expect(batch.webhook.attempts.map((a: any) => a.status_code)).toEqual([500, 500, 200]);
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.deliveries).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('Idempotency-Key: the same request returns the same batch; the same key with another body is refused', async () => {
    const docs = await uploadMany(keys.proTest, 3, 'idem');
    const key = `idem-${Date.now()}`;
    const body = { endpoint: '/v1/parse', document_keys: docs, options: { include_boxes: true } };
    const first = await api.call('POST', '/v1/batch', { key: keys.proTest, json: body, headers: { 'Idempotency-Key': key } });
    const second = await api.call('POST', '/v1/batch', { key: keys.proTest, json: body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.batch_id).toBe(first.body.batch_id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { ...body, document_keys: docs.slice(0, 2) }, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // Another organization's identical key is its own.
    const list = await api.call('GET', '/v1/batch?limit=100', { key: keys.proTest });
    expect(list.body.batches.filter((b: any) => b.batch_id === first.body.batch_id)).toHaveLength(1);
    const done = await waitForBatch(keys.proTest, first.body.batch_id);
    expect(done.counts.done).toBe(3);
  });

  it('bills each successful item once at half the synchronous price; failed items are not billed', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const docs = await uploadMany(keys.batchLive, 4, 'billing');
    // A key whose bytes were never uploaded: that item fails (409 document_not_uploaded) and is not billed.
    const receipt = await api.call('POST', '/v1/documents/upload', { key: keys.batchLive, json: { filename: 'never.pdf' } });
    const submitted = await api.call('POST', '/v1/batch', { key: keys.batchLive, json: { endpoint: '/v1/parse', document_keys: [...docs, receipt.body.document_key] } });
    const batch = await waitForBatch(keys.batchLive, submitted.body.batch_id);
    expect(batch.status).toBe('completed_with_errors');
    expect(batch.counts).toMatchObject({ done: 4, failed: 1 });
    expect(batch.items[4]).toMatchObject({ status: 'failed', error: { code: 'document_not_uploaded', http_status: 409 } });
    // SPEC: finished items carry result_key and result_url; a failed item's result JSON is its error body.
    expect(batch.items[4].result_key).toMatch(/error\.json$/);
    const errorDoc = await fetch(batch.items[4].result_url);
    expect(errorDoc.status).toBe(200);
    expect(await errorDoc.json()).toEqual({
      status: 'error',
      error: { code: 'document_not_uploaded', message: batch.items[4].error.message },
      request_id: expect.any(String),
    });
    expect(batch.items[4].request_id).toBeUndefined();
    const usage = await api.call('GET', `/v1/usage?from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}`, { key: keys.batchLive });
    expect(usage.status).toBe(200);
    const rows = usage.body.rows.filter((r: any) => r.batch);
    expect(rows.map((r: any) => r.request_id).sort()).toEqual(batch.items.slice(0, 4).map((i: any) => i.request_id).sort());
    for (const row of rows) expect(row).toMatchObject({ operation: 'parse', pages: 1, unit_price_usd: '0.0200', amount_usd: '0.0200' });
  });

  it('fails items with unknown keys instead of refusing the batch; failed_items > 0 settles completed_with_errors, even when none succeeded', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const [doc] = await uploadMany(keys.proTest, 1, 'unknown-keys');
      const unknown = crypto.randomUUID();
      // Another organization's key is answered exactly like one that never existed.
      const [foreign] = await uploadMany(keys.otherOrg, 1, 'foreign');
      const mixed = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint: '/v1/classify', document_keys: [doc, unknown, foreign] } });
      expect(mixed.status).toBe(200);
      expect(mixed.body).toMatchObject({ status: 'queued', total_items: 3 });
      const settled = await waitForBatch(keys.proTest, mixed.body.batch_id);
      expect(settled.status).toBe('completed_with_errors');
      expect(settled.counts).toMatchObject({ total: 3, done: 1, failed: 2 });
      expect(settled.items.map((i: any) => [i.status, i.error?.code, i.error?.http_status])).toEqual([
        ['done', undefined, undefined],
        ['failed', 'document_not_found', 404],
        ['failed', 'document_not_found', 404],
      ]);

      const allFailed = await api.call('POST', '/v1/batch', {
        key: keys.proTest,
        json: { endpoint: '/v1/split', document_keys: [unknown], webhook_url: receiver.url },
      });
      expect(allFailed.status).toBe(200);
      const none = await waitForBatch(keys.proTest, allFailed.body.batch_id);
      expect(none.status).toBe('completed_with_errors');
      expect(none.counts).toMatchObject({ total: 1, done: 0, failed: 1 });
      const [failedItem] = none.items;
      expect(failedItem.result_key).toEqual(expect.any(String));
      expect(none.assets_expire_at).toEqual(expect.any(String));
      expect(((await (await fetch(failedItem.result_url)).json()) as any).error).toEqual({ code: 'document_not_found', message: failedItem.error.message });
      const [delivery] = await receiver.waitFor(1);
      expect(delivery.headers['x-service-event']).toBe('batch.completed_with_errors');
      expect(JSON.parse(delivery.raw.toString())).toEqual({
        event: 'batch.completed_with_errors',
        batch_id: allFailed.body.batch_id,
        status: 'completed_with_errors',
        total_items: 1,
        done_items: 0,
        failed_items: 1,
      });
      // The event agrees with the record a receiver reads next.
      const after = await api.call('GET', `/v1/batch/${allFailed.body.batch_id}`, { key: keys.proTest });
      expect(after.body.items.filter((i: any) => i.status === 'failed' && i.result_url)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('DELETE mid-batch: canceled at once, queued items never run, items in flight finish; a finished batch cannot be canceled', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const docs = await uploadMany(keys.batchLive, 120, 'cancel');
    const submitted = await api.call('POST', '/v1/batch', { key: keys.batchLive, json: { endpoint: '/v1/parse', document_keys: docs } });
    await waitForBatch(keys.batchLive, submitted.body.batch_id, (b) => b.counts.done >= 3);
    const canceled = await api.call('DELETE', `/v1/batch/${submitted.body.batch_id}`, { key: keys.batchLive });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    expect(canceled.body.canceled_at).toBeTruthy();
    const settled = await waitForBatch(keys.batchLive, submitted.body.batch_id, (b) => b.finished_at && b.counts.processing === 0);
    expect(settled.status).toBe('canceled');
    expect(settled.counts.failed).toBe(0);
    expect(settled.counts.queued).toBeGreaterThan(0);
    expect(settled.counts.done + settled.counts.queued).toBe(120);
    // Items in flight at the DELETE finished: nothing is left processing, and every item that started is done.
    for (const item of settled.items) {
      if (item.status === 'queued') expect(item.started_at).toBeUndefined();
      else expect(item.status).toBe('done');
    }
    await new Promise((r) => setTimeout(r, 1000));
    const later = await api.call('GET', `/v1/batch/${submitted.body.batch_id}`, { key: keys.batchLive });
    expect(later.body.counts).toEqual(settled.counts);
    const usage = await api.call('GET', `/v1/usage?from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}`, { key: keys.batchLive });
    // Batch rows carry the batch's creation time: this batch's rows, and only for the items that ran.
    const billed = usage.body.rows.filter((r: any) => r.batch && r.created_at === settled.created_at).map((r: any) => r.request_id);
    expect(billed.sort()).toEqual(settled.items.filter((i: any) => i.status === 'done').map((i: any) => i.request_id).sort());

    const again = await api.call('DELETE', `/v1/batch/${submitted.body.batch_id}`, { key: keys.batchLive });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('batch_finished');
  });

  it('runs every operation the registry offers in batch (and refuses extract)', async () => {
    const [doc] = await uploadMany(keys.proTest, 1, 'registry');
    for (const endpoint of BATCH_ENDPOINTS) {
      const spec = Object.values(OPERATION_SPECS).find((s) => s?.endpoint === endpoint);
      const submitted = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint, document_keys: [doc] } });
      if (!spec) {
        expect(submitted.status).toBe(400);
        continue;
      }
      expect(submitted.status, endpoint).toBe(200);
      const batch = await waitForBatch(keys.proTest, submitted.body.batch_id);
      expect(batch.status, endpoint).toBe('completed');
      const envelope = (await (await fetch(batch.items[0].result_url)).json()) as any;
      expect(envelope.task).toBe(spec.operation);
    }
    const extract = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint: '/v1/extract', document_keys: [doc] } });
    expect(extract.status).toBe(400);
    expect(extract.body.error.message).toContain('/v1/extract is not available in batch');
  });

  it('validates the request as the synchronous endpoints do', async () => {
    const [doc] = await uploadMany(keys.proTest, 1, 'validation');
    const submit = (json: unknown, key = keys.proTest) => api.call('POST', '/v1/batch', { key, json });
    const cases: [unknown, number, string][] = [
      [{ endpoint: '/v1/nope', document_keys: [doc] }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: [] }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: ['not-a-uuid'] }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: Array(BATCH_LIMITS.maxDocuments + 1).fill(doc) }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: [doc], options: { include_boxes: 'maybe' } }, 400, 'invalid_option'],
      [{ endpoint: '/v1/parse', document_keys: [doc], options: { nonsense: 1 } }, 400, 'invalid_option'],
      [{ endpoint: '/v1/classify', document_keys: [doc], options: { options: { mode: 'psychic' } } }, 400, 'invalid_option'],
      [{ endpoint: '/v1/redact', document_keys: [doc], options: { pii_config: { mode: 'replace', types: [] } } }, 400, 'invalid_option'],
      [{ endpoint: '/v1/parse', document_keys: [doc], surprise: true }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: [doc], webhook_url: 'ftp://example.com/x' }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: [doc], webhook_url: 'http://10.1.2.3/hook' }, 400, 'invalid_request'],
      [{ endpoint: '/v1/parse', document_keys: [doc], webhook_url: 'http://169.254.169.254/latest/meta-data' }, 400, 'invalid_request'],
    ];
    for (const [json, status, code] of cases) {
      const res = await submit(json);
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBe(status);
      expect(res.body.error.code, JSON.stringify(json).slice(0, 120)).toBe(code);
    }
    const notJson = await api.call('POST', '/v1/batch', { key: keys.proTest, form: { endpoint: '/v1/parse' } });
    expect(notJson.status).toBe(400);
    // Advanced batch parse needs a paid plan; parse_mode is ignored for other endpoints.
    const [freeDoc] = await uploadMany(keys.freeTest, 1, 'free');
    const advanced = await submit({ endpoint: '/v1/parse', document_keys: [freeDoc], parse_mode: 'advanced' }, keys.freeTest);
    expect(advanced.status).toBe(403);
    expect(advanced.body.error.code).toBe('plan_required');
    const ignored = await submit({ endpoint: '/v1/classify', document_keys: [freeDoc], parse_mode: 'advanced' }, keys.freeTest);
    expect(ignored.status).toBe(200);
    const paid = await submit({ endpoint: '/v1/parse', document_keys: [doc], parse_mode: 'advanced' });
    expect(paid.status).toBe(200);
    expect((await waitForBatch(keys.proTest, paid.body.batch_id)).request_params.mode).toBe('advanced');
  });

  it('refuses a webhook_url for an organization whose webhook delivery an operator turned off', async () => {
    const [doc] = await uploadMany(keys.batchLive, 1, 'webhooks-off');
    const body = { endpoint: '/v1/parse', document_keys: [doc], webhook_url: 'http://127.0.0.1:9/hooks' };
    expect(JSON.parse((await admin('set-feature', '--org', 'batchco', '--feature', 'webhooks', '--enabled', 'false')).split('\n').pop()!)).toMatchObject({ enabled: false });
    try {
      const refused = await api.call('POST', '/v1/batch', { key: keys.batchLive, json: body });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('feature_not_enabled');
      const { webhook_url: _dropped, ...withoutWebhook } = body;
      expect((await api.call('POST', '/v1/batch', { key: keys.batchLive, json: withoutWebhook })).status).toBe(200);
    } finally {
      await admin('set-feature', '--org', 'batchco', '--feature', 'webhooks', '--enabled', 'true');
    }
    expect((await api.call('POST', '/v1/batch', { key: keys.batchLive, json: { ...body, webhook_url: 'http://10.0.0.1/hooks' } })).body.error.code).toBe('invalid_request');
  });

  it('is scoped to the organization and lists batches newest first with a cursor', async () => {
    const [doc] = await uploadMany(keys.proTest, 1, 'scope');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint: '/v1/parse', document_keys: [doc] } })).body.batch_id);
    expect((await api.call('GET', `/v1/batch/${ids[0]}`, { key: keys.otherOrg })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/batch/${ids[0]}`, { key: keys.otherOrg })).status).toBe(404);
    // Another organization's document_key is accepted like an unknown one, and its item fails as if it never existed.
    const foreign = await api.call('POST', '/v1/batch', { key: keys.otherOrg, json: { endpoint: '/v1/parse', document_keys: [doc] } });
    expect(foreign.status).toBe(200);
    const foreignBatch = await waitForBatch(keys.otherOrg, foreign.body.batch_id);
    expect(foreignBatch.items[0]).toMatchObject({ status: 'failed', error: { code: 'document_not_found', http_status: 404 } });
    expect((await api.call('GET', '/v1/batch?limit=100', { key: keys.otherOrg })).body.batches.map((b: any) => b.batch_id)).not.toContain(ids[0]);

    const first = await api.call('GET', '/v1/batch?limit=2', { key: keys.proTest });
    expect(first.status).toBe(200);
    expect(first.body.batches.map((b: any) => b.batch_id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api.call('GET', `/v1/batch?limit=2&cursor=${first.body.next_cursor}`, { key: keys.proTest });
    expect(second.body.batches[0].batch_id).toBe(ids[0]);
    // SPEC: `limit (integer)` with no stated maximum: a larger one is served as the page size cap, not refused.
    const large = await api.call('GET', `/v1/batch?limit=${BATCH_LIMITS.listMaxLimit * 10}`, { key: keys.proTest });
    expect(large.status, JSON.stringify(large.body)).toBe(200);
    expect(large.body.batches.length).toBeGreaterThanOrEqual(3);
    expect(large.body.batches.length).toBeLessThanOrEqual(BATCH_LIMITS.listMaxLimit);
    expect((await api.call('GET', '/v1/batch?limit=0', { key: keys.proTest })).status).toBe(400);
    expect((await api.call('GET', '/v1/batch?limit=two', { key: keys.proTest })).status).toBe(400);
    expect((await api.call('GET', '/v1/batch?cursor=garbage', { key: keys.proTest })).status).toBe(400);
    expect((await api.call('GET', '/v1/batch/not-a-uuid', { key: keys.proTest })).status).toBe(404);
  });
});
