import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler as createGetJob } from '../../../functions/handlers/get-job.ts';
import { createHandler as createSnapshot } from '../../../functions/handlers/get-snapshot.ts';
import { createHandler as createWorker } from '../../../functions/handlers/job-worker.ts';
import { JOB_STOP_MARGIN_MS } from '../../../functions/middleware/worker-deadline.ts';
import { createHandler as createParse } from '../../../functions/handlers/parse.ts';
import { createHandler as createUsage } from '../../../functions/handlers/usage.ts';
import { getEvent, inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf, makeTextPdf } from '../../helpers/pdf.ts';

const LIVE = 'hk_live_' + 'A'.repeat(40);
const TEST = 'hk_test_' + 'A'.repeat(40);
const OTHER = 'hk_live_' + 'O'.repeat(40);
const CUSTOM = 'hk_live_' + 'C'.repeat(40);
const DAY = 24 * 3600 * 1000;

let onePage: Uint8Array;
let sixtyOne: Uint8Array;
beforeAll(async () => {
  onePage = await makeTextPdf([['Cache me if you can']]);
  sixtyOne = await makeNumberedPdf(61);
});

async function setup() {
  const deps = fakeDeps();
  await seedKey(deps, LIVE, 'acme', 'pro');
  await seedKey(deps, TEST, 'acme', 'pro');
  await seedKey(deps, OTHER, 'globex', 'pro');
  await seedKey(deps, CUSTOM, 'bigco', 'custom');
  return deps;
}

const parse = (deps: FakeDeps, key: string, documentKey: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  createParse(() => deps)(inferenceEvent('parse', key, { document_key: documentKey }, query, headers), testContext());

const body = (res: { body: string }) => JSON.parse(res.body);

describe('Pipeline: result cache and billing', () => {
  let deps: FakeDeps;
  let documentKey: string;
  beforeEach(async () => {
    deps = await setup();
    documentKey = await putDocument(deps, 'acme', onePage);
  });

  it('serves the second identical parse from cache, with its own request_id, unbilled', async () => {
    const first = body(await parse(deps, LIVE, documentKey));
    const second = body(await parse(deps, LIVE, documentKey));
    expect(first.metadata.cached).toBe(false);
    expect(second.metadata.cached).toBe(true);
    expect(second.metadata.cached_request_id).toBe(first.request_id);
    expect(second.request_id).not.toBe(first.request_id);
    expect(second.result).toEqual(first.result);
    expect(deps.ledger.rows.map((r) => r.requestId)).toEqual([first.request_id]);
  });

  it.each([
    ['Cache-Control: no-cache', {}, { 'Cache-Control': 'no-cache' }, false],
    ['Cache-Control: no-store', {}, { 'cache-control': 'private, no-store' }, false],
    ['force_refresh=true', { force_refresh: 'true' }, {}, false],
    ['Cache-Control: max-age=0', {}, { 'Cache-Control': 'max-age=0' }, true],
    ['Cache-Control: public', {}, { 'Cache-Control': 'public' }, true],
  ])('with %s the repeat is cached=%s', async (_label, query, headers, expectCached) => {
    await parse(deps, LIVE, documentKey);
    const again = body(await parse(deps, LIVE, documentKey, query, headers));
    expect(again.metadata.cached).toBe(expectCached);
    expect(deps.ledger.rows).toHaveLength(expectCached ? 1 : 2);
  });

  it('serves a cache hit without downloading the document again', async () => {
    await parse(deps, LIVE, documentKey);
    const downloads = deps.blobs.getCount;
    const hit = body(await parse(deps, LIVE, documentKey));
    expect(hit.metadata.cached).toBe(true);
    // Only the stored response is read, not the document bytes.
    expect(deps.blobs.getCount - downloads).toBe(1);
  });

  it('keys the cache by parameters: another mode is a miss', async () => {
    await parse(deps, LIVE, documentKey);
    const boxes = body(await parse(deps, LIVE, documentKey, { include_boxes: 'true' }));
    expect(boxes.metadata.cached).toBe(false);
  });

  it('never shares the cache across organizations, even for the same bytes', async () => {
    await parse(deps, LIVE, documentKey);
    const theirs = await putDocument(deps, 'globex', onePage);
    const res = body(await parse(deps, OTHER, theirs));
    expect(res.metadata.cached).toBe(false);
  });

  it('expires cache entries after 24 hours', async () => {
    await parse(deps, LIVE, documentKey);
    deps.clock.advance(DAY - 60_000);
    const fresh = await putDocument(deps, 'acme', onePage);
    deps.clock.advance(60_000);
    expect(body(await parse(deps, LIVE, fresh)).metadata.cached).toBe(false);
  });

  it('neither stores nor caches a parse that ran past its deadline (the caller got a 503), and meters at most the page it opened', async () => {
    const deadline = Date.now() + 1;
    const context = { ...testContext(), getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) };
    const late = await createParse(() => deps)(inferenceEvent('parse', LIVE, { document_key: documentKey }), context);
    expect(late.statusCode).toBe(503);
    // Give the abandoned work time to finish, were it still running.
    await new Promise((r) => setTimeout(r, 1_500));
    // Stopped before opening: no row; stopped after: the one page it had opened (inference.ts meterPastDeadline).
    const lateRows = [...deps.ledger.rows];
    expect(lateRows.every((r) => r.requestId === body(late).request_id && r.pages === 1)).toBe(true);
    const retry = body(await parse(deps, LIVE, documentKey));
    expect(retry.metadata.cached).toBe(false);
    expect(deps.ledger.rows.map((r) => r.requestId)).toEqual([...lateRows.map((r) => r.requestId), retry.request_id]);
  });

  it('never bills a test key', async () => {
    await parse(deps, TEST, documentKey, { force_refresh: 'true' });
    await parse(deps, TEST, documentKey, { force_refresh: 'true' });
    expect(deps.ledger.rows).toHaveLength(0);
  });

  it('answers 410 document_expired after 24 hours', async () => {
    deps.clock.advance(DAY);
    const res = await parse(deps, LIVE, documentKey);
    expect(res.statusCode).toBe(410);
    expect(body(res).error.code).toBe('document_expired');
  });
});

describe('Pipeline: stored request snapshots', () => {
  it('returns the original response with fresh links on every call, expires at day 30, and hides it from other organizations', async () => {
    // Prepare
    const deps = await setup();
    const documentKey = await putDocument(deps, 'acme', onePage, 'one.pdf');
    const original = body(await parse(deps, LIVE, documentKey, { include_boxes: 'true' }));
    const snapshot = createSnapshot(() => deps);
    const read = (key: string) =>
      snapshot(getEvent(`/v1/requests/${original.request_id}/snapshot`, key, { request_id: original.request_id }), testContext());

    // Act
    const a = body(await read(LIVE));
    const b = body(await read(TEST));

    // Assess
    expect(a).toMatchObject({
      request_id: original.request_id,
      endpoint: '/v1/parse',
      operation: 'parse',
      status: 'completed',
      filename: 'one.pdf',
      page_count: 1,
      request_params: { mode: 'fast', include_boxes: true, include_image: false },
      expired: false,
      input: { content_type: 'application/pdf' },
    });
    expect(a.result).toEqual(original);
    expect(Date.parse(a.expires_at) - Date.parse(a.created_at)).toBe(30 * DAY);
    expect(a.input.url).not.toBe(b.input.url);
    expect(a.assets_expire_at).toBeDefined();

    expect((await read(OTHER)).statusCode).toBe(404);

    deps.clock.advance(31 * DAY);
    const late = body(await read(LIVE));
    expect(late).toMatchObject({ expired: true, input: null, result: null, status: 'completed' });
  });

  it('answers 404 for a request id that was never stored', async () => {
    const deps = await setup();
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await createSnapshot(() => deps)(getEvent(`/v1/requests/${id}/snapshot`, LIVE, { request_id: id }), testContext());
    expect(res.statusCode).toBe(404);
  });
});

describe('Pipeline: asynchronous jobs and limits', () => {
  async function runQueuedJobs(deps: FakeDeps) {
    const worker = createWorker(() => deps);
    while (deps.jobQueue.messages.length) {
      const message = deps.jobQueue.messages.shift()!;
      await worker({ Records: [{ messageId: 'm', body: JSON.stringify(message) } as never] });
    }
  }
  const getJob = (deps: FakeDeps, key: string, jobId: string) =>
    createGetJob(() => deps)(getEvent(`/v1/jobs/${jobId}`, key, { job_id: jobId }), testContext());

  it('accepts X-Async advanced parse of 61 pages on pro with 200, and the job carries the 413', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'acme', sixtyOne);
    const accepted = await parse(deps, LIVE, documentKey, { mode: 'advanced' }, { 'X-Async': 'true' });
    expect(accepted.statusCode).toBe(200);
    const { job_id, status } = body(accepted);
    expect(status).toBe('queued');
    expect(body(await getJob(deps, TEST, job_id)).status).toBe('queued');

    await runQueuedJobs(deps);
    const job = body(await getJob(deps, TEST, job_id));
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ http_status: 413, status: 'error', error: { code: 'page_limit_exceeded' } });
    expect(deps.ledger.rows).toHaveLength(0);
    expect((await getJob(deps, OTHER, job_id)).statusCode).toBe(404);
  });

  it('runs the same request as a job on the custom tier, with the envelope on the job', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'bigco', sixtyOne);
    const accepted = body(await parse(deps, CUSTOM, documentKey, { mode: 'advanced' }, { 'X-Async': 'true' }));
    await runQueuedJobs(deps);
    const job = body(await getJob(deps, CUSTOM, accepted.job_id));
    expect(job.status).toBe('succeeded');
    expect(job.response.metadata.pages).toBe(61);
    expect(job.response.result.pages[60].structured).toBeDefined();
    expect(deps.ledger.rows).toHaveLength(1);
    expect(deps.ledger.rows[0]).toMatchObject({ mode: 'advanced', pages: 61, unitPriceMicroUsd: 80_000, amountMicroUsd: 61 * 80_000 });
  });

  it('stops a job that runs into the worker deadline and records it failed with processing_timeout, billed only for pages it read', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'bigco', sixtyOne);
    const accepted = body(await parse(deps, CUSTOM, documentKey, { mode: 'advanced' }, { 'X-Async': 'true' }));
    // An invocation left with just the stop margin (+5 ms) when the job starts.
    const ends = Date.now() + JOB_STOP_MARGIN_MS + 5;
    const context = { ...testContext(), getRemainingTimeInMillis: () => Math.max(0, ends - Date.now()) };
    const message = deps.jobQueue.messages.shift()!;
    const result = await createWorker(() => deps)({ Records: [{ messageId: 'm', body: JSON.stringify(message) } as never] }, context);
    expect(result.batchItemFailures).toEqual([]);
    const job = body(await getJob(deps, CUSTOM, accepted.job_id));
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ http_status: 504, error: { code: 'processing_timeout' } });
    // Stopped within milliseconds: at most a row for what it had read, never the 61 pages (deadline metering: sandbox-charge.test.ts).
    expect(deps.ledger.rows.length).toBeLessThanOrEqual(1);
    expect(deps.ledger.rows.every((r) => r.pages < 61)).toBe(true);
  });

  it('gives a browser (Origin header) no raised limits even on the custom tier', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'bigco', sixtyOne);
    const accepted = body(
      await parse(deps, CUSTOM, documentKey, { mode: 'advanced' }, { 'X-Async': 'true', Origin: 'https://app.example.com' }),
    );
    await runQueuedJobs(deps);
    expect(body(await getJob(deps, CUSTOM, accepted.job_id)).error.http_status).toBe(413);
  });

  it('answers a synchronous advanced parse over 60 pages with 413 before any billing', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'bigco', sixtyOne);
    const res = await parse(deps, CUSTOM, documentKey, { mode: 'advanced' });
    expect(res.statusCode).toBe(413);
    expect(deps.ledger.rows).toHaveLength(0);
  });

  it('rejects X-Async values other than true/false with 400', async () => {
    const deps = await setup();
    const documentKey = await putDocument(deps, 'acme', onePage);
    expect((await parse(deps, LIVE, documentKey, {}, { 'X-Async': 'yes' })).statusCode).toBe(400);
  });
});

describe('Handler: usage', () => {
  it('lists exactly the billable calls of a scripted sequence, with CSV matching JSON', async () => {
    const deps = await setup();
    const doc = await putDocument(deps, 'acme', onePage);
    const big = await putDocument(deps, 'acme', sixtyOne);
    const broken = await putDocument(deps, 'acme', new TextEncoder().encode('%PDF-1.7 broken'));

    await parse(deps, LIVE, doc); // billed: 1 page fast
    await parse(deps, LIVE, doc); // cache hit: free
    await parse(deps, TEST, doc, { force_refresh: 'true' }); // test key: free
    expect((await parse(deps, LIVE, big, { mode: 'advanced' })).statusCode).toBe(413); // limit: free
    expect((await parse(deps, LIVE, broken)).statusCode).toBe(422); // failure: free
    await parse(deps, LIVE, doc, { mode: 'advanced' }); // billed: 1 page advanced
    await parse(deps, LIVE, big); // billed: 61 pages fast

    const usage = createUsage(() => deps);
    const json = body(await usage(getEvent('/v1/usage', TEST, null, { from: '2026-11-01', to: '2026-11-30' }), testContext()));
    expect(json.rows.map((r: { operation: string; mode: string; pages: number; amount_usd: string }) => [r.mode, r.pages, r.amount_usd])).toEqual([
      ['fast', 1, '0.0400'],
      ['advanced', 1, '0.0800'],
      ['fast', 61, '2.4400'],
    ]);
    expect(json.totals).toMatchObject({ requests: 3, pages: 63, amount_usd: '2.5600' });

    const csv = await usage(getEvent('/v1/usage', TEST, null, { from: '2026-11-01', to: '2026-11-30' }, { Accept: 'text/csv' }), testContext());
    expect(csv.headers!['Content-Type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,request_id,key_id,operation,mode,pages,unit_price_usd,amount_usd,batch');
    expect(lines.slice(1).map((l) => l.split(','))).toEqual(
      json.rows.map((r: Record<string, unknown>) =>
        [r.created_at, r.request_id, r.key_id, r.operation, r.mode, r.pages, r.unit_price_usd, r.amount_usd, r.batch].map(String),
      ),
    );
    const other = body(await usage(getEvent('/v1/usage', OTHER, null, { from: '2026-11-01', to: '2026-11-30' }), testContext()));
    expect(other.rows).toHaveLength(0);
  });

  it('rejects malformed ranges with 400', async () => {
    const deps = await setup();
    const res = await createUsage(() => deps)(getEvent('/v1/usage', LIVE, null, { from: '2026-13-01' }), testContext());
    expect(res.statusCode).toBe(400);
  });
});
