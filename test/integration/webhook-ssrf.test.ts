import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { DELIVERY_FAILURE_REASONS } from '../../functions/adapters/http/webhook-transport.ts';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

/** webhook_url values an attacker would try against a deployment's network (the local server allows only loopback). */
const SPECIAL_TARGETS = [
  'http://[::a9fe:a9fe]/latest/meta-data/',
  'http://[::169.254.169.254]/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b:1::a00:1]/',
  'http://[fec0::1]/',
  'http://[2001::1]/',
  'http://[2001:db8::1]/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[100::1]/',
  'http://0251.0376.0251.0376/',
  'http://100.100.100.200/',
  'http://192.0.0.170/',
  'http://198.18.0.1/',
  'http://255.255.255.255/',
];

describe('webhook_url SSRF through the local server', () => {
  it.each(SPECIAL_TARGETS)('refuses a batch whose webhook_url is %s with 400 at submission, creating nothing', async (webhook_url) => {
    const doc = await api.upload(keys.proTest, 'ssrf.pdf', await makeTextPdf([['ssrf probe']]));
    const newest = async () => (await api.call('GET', '/v1/batch?limit=1', { key: keys.proTest })).body.batches[0]?.batch_id;
    const before = await newest();
    const res = await api.call('POST', '/v1/batch', { key: keys.proTest, json: { endpoint: '/v1/parse', document_keys: [doc], webhook_url } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', error: { code: 'invalid_request' } });
    expect(await newest()).toBe(before);
  });

  it('records a fixed reason, not the socket error, when a delivery fails (GET /v1/batch is no probing oracle)', async () => {
    // A loopback port nobody listens on (loopback is the one private target the local server allows).
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const doc = await api.upload(keys.proTest, 'ssrf-oracle.pdf', await makeTextPdf([['oracle probe']]));
    const submitted = await api.call('POST', '/v1/batch', {
      key: keys.proTest,
      json: { endpoint: '/v1/parse', document_keys: [doc], webhook_url: `http://127.0.0.1:${port}/hook` },
    });
    expect(submitted.status).toBe(200);
    const deadline = Date.now() + 60_000;
    let batch: any;
    for (;;) {
      batch = (await api.call('GET', `/v1/batch/${submitted.body.batch_id}`, { key: keys.proTest })).body;
      if (batch.webhook?.attempts?.length) break;
      if (Date.now() > deadline) throw new Error(`no webhook attempt recorded: ${JSON.stringify(batch.webhook)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const [attempt] = batch.webhook.attempts;
    expect(Object.values(DELIVERY_FAILURE_REASONS)).toContain(attempt.error);
    expect(JSON.stringify(batch.webhook.attempts)).not.toMatch(/ECONNREFUSED|connect /);
    expect(attempt.error).not.toContain(String(port));
    await api.call('DELETE', `/v1/batch/${submitted.body.batch_id}`, { key: keys.proTest });
  });
});
