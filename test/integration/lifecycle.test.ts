import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { makeNumberedPdf, makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

async function pollJob(key: string, jobId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.call('GET', `/v1/jobs/${jobId}`, { key });
    if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Local API: request lifecycle on the emulators', () => {
  let sixtyOne: Uint8Array;
  beforeAll(async () => {
    sixtyOne = await makeNumberedPdf(61);
  });

  it('caches, bills and reports usage through DynamoDB, with CSV matching JSON', async () => {
    const from = new Date().toISOString();
    const pdf = await makeTextPdf([['Usage ledger check', String(Date.now())]]);
    const doc = await api.upload(keys.proLive, 'ledger.pdf', pdf);
    const parse = (headers: Record<string, string> = {}, query = '') =>
      api.call('POST', `/v1/parse${query}`, { key: keys.proLive, form: { document_key: doc }, headers });

    const first = await parse();
    const hit = await parse({ 'Cache-Control': 'max-age=0' });
    const forced = await parse({ 'Cache-Control': 'no-cache' });
    const refreshed = await parse({}, '?force_refresh=true');
    expect([first.body.metadata.cached, hit.body.metadata.cached, forced.body.metadata.cached, refreshed.body.metadata.cached]).toEqual([
      false,
      true,
      false,
      false,
    ]);

    const usage = await api.call('GET', `/v1/usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`, {
      key: keys.proTest,
    });
    expect(usage.status).toBe(200);
    expect(usage.body.rows.map((r: { request_id: string }) => r.request_id)).toEqual([
      first.body.request_id,
      forced.body.request_id,
      refreshed.body.request_id,
    ]);
    expect(usage.body.totals).toMatchObject({ requests: 3, pages: 3, amount_usd: '0.1200' });
    const csv = await api.call('GET', `/v1/usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`, {
      key: keys.proTest,
      headers: { Accept: 'text/csv' },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((csv.body as string).trim().split('\r\n').slice(1).map((l) => l.split(',')[1])).toEqual(
      usage.body.rows.map((r: { request_id: string }) => r.request_id),
    );
  });

  it('signs fresh, working links on every snapshot and hides it from other organizations', async () => {
    const pdf = await makeTextPdf([['Snapshot me']]);
    const doc = await api.upload(keys.proTest, 'snap.pdf', pdf);
    const original = await api.call('POST', '/v1/parse?include_image=true', { key: keys.proTest, form: { document_key: doc } });
    expect(original.status).toBe(200);
    const path = `/v1/requests/${original.body.request_id}/snapshot`;
    const a = await api.call('GET', path, { key: keys.proTest });
    await new Promise((r) => setTimeout(r, 1100)); // SigV4 signatures change with the second
    const b = await api.call('GET', path, { key: keys.proLive });
    expect(a.status).toBe(200);
    expect(a.body.input.url).not.toBe(b.body.input.url);
    for (const snap of [a.body, b.body]) {
      const input = await fetch(snap.input.url);
      expect(input.status).toBe(200);
      expect(Buffer.from(await input.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    }
    const imageA = a.body.result.result.pages[0].image_url;
    const imageB = b.body.result.result.pages[0].image_url;
    expect(original.body.result.pages[0].image_url).toBeDefined();
    {
      expect(imageA).not.toBe(imageB);
      expect((await fetch(imageB)).status).toBe(200);
    }
    const { image_url: _o, ...origPage } = original.body.result.pages[0];
    const { image_url: _a, ...snapPage } = a.body.result.result.pages[0];
    expect(snapPage).toEqual(origPage);
    expect((await api.call('GET', path, { key: keys.otherOrg })).status).toBe(404);
  });

  it('dates a snapshot at the original request: a job at its acceptance, a synchronous call at its arrival; expires_at 30 days on', async () => {
    const doc = await api.upload(keys.proTest, 'dated.pdf', await makeTextPdf([['Dated snapshot', `nonce ${Math.random()}`]]));
    const accepted = await api.call('POST', '/v1/classify', { key: keys.proTest, form: { document_key: doc }, headers: { 'X-Async': 'true' } });
    expect(accepted.status).toBe(200);
    const job = await pollJob(keys.proTest, accepted.body.job_id);
    expect(job.status).toBe('succeeded');
    const fromJob = await api.call('GET', `/v1/requests/${job.request_id}/snapshot`, { key: keys.proTest });
    expect(fromJob.body.created_at).toBe(accepted.body.created_at);
    expect(Date.parse(fromJob.body.expires_at) - Date.parse(fromJob.body.created_at)).toBe(30 * 24 * 3600 * 1000);

    const before = Date.now();
    const sync = await api.call('POST', '/v1/parse?force_refresh=true', { key: keys.proTest, form: { document_key: doc } });
    expect(sync.status).toBe(200);
    const after = Date.now();
    const fromSync = await api.call('GET', `/v1/requests/${sync.body.request_id}/snapshot`, { key: keys.proTest });
    const created = Date.parse(fromSync.body.created_at);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(after);
  });

  it('runs X-Async jobs through the queue: 413 on the job for pro, success for custom', async () => {
    const proDoc = await api.upload(keys.proTest, 'sixty-one.pdf', sixtyOne);
    const proJob = await api.call('POST', '/v1/parse?mode=advanced', {
      key: keys.proTest,
      form: { document_key: proDoc },
      headers: { 'X-Async': 'true' },
    });
    expect(proJob.status).toBe(200);
    expect(proJob.body.status).toBe('queued');
    const failed = await pollJob(keys.proTest, proJob.body.job_id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ http_status: 413, error: { code: 'page_limit_exceeded' } });

    const customDoc = await api.upload(keys.customTest, 'sixty-one.pdf', sixtyOne);
    const customJob = await api.call('POST', '/v1/parse?mode=advanced', {
      key: keys.customTest,
      form: { document_key: customDoc },
      headers: { 'X-Async': 'true' },
    });
    const done = await pollJob(keys.customTest, customJob.body.job_id);
    expect(done.status).toBe('succeeded');
    expect(done.response.metadata.pages).toBe(61);
    expect((await api.call('GET', `/v1/jobs/${customJob.body.job_id}`, { key: keys.otherOrg })).status).toBe(404);
  });
});
