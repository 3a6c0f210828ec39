import { describe, expect, inject, it } from 'vitest';
import { createKey } from '../../functions/runtime/admin.ts';
import { buildDeps } from '../../functions/runtime/deps.ts';
import { apiClient } from '../helpers/client.ts';
import { emulatorConfig } from '../helpers/emulator-config.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

function expectErrorShape(body: any, code: string) {
  expect(body).toMatchObject({ status: 'error', error: { code, message: expect.any(String) } });
  expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
}

describe('Local API: authentication and routing', () => {
  it('answers 401 for no key, a bad key and a revoked key, all in the error shape', async () => {
    const none = await api.call('GET', '/v1/limits');
    const bad = await api.call('GET', '/v1/limits', { key: 'hk_live_' + 'x'.repeat(40) });
    expect(none.status).toBe(401);
    expectErrorShape(none.body, 'missing_api_key');
    expect(bad.status).toBe(401);
    expectErrorShape(bad.body, 'invalid_api_key');
  });

  it("answers 404 for another organization's document, never hinting that it exists", async () => {
    const documentKey = await api.upload(keys.proTest, 'mine.pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF'));
    const theirs = await api.call('POST', '/v1/parse', { key: keys.otherOrg, form: { document_key: documentKey } });
    const unknown = await api.call('POST', '/v1/parse', {
      key: keys.otherOrg,
      form: { document_key: '00000000-0000-4000-8000-000000000000' },
    });
    expect(theirs.status).toBe(404);
    expectErrorShape(theirs.body, 'document_not_found');
    expect(unknown.status).toBe(404);
    expect(theirs.body.error.message.replace(documentKey, 'K')).toBe(
      unknown.body.error.message.replace('00000000-0000-4000-8000-000000000000', 'K'),
    );
  });

  it('answers unknown routes with 404 and wrong methods with 405 in the error shape', async () => {
    const missing = await api.call('GET', '/v1/nothing-here', { key: keys.proTest });
    const wrong = await api.call('GET', '/v1/parse', { key: keys.proTest });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body, 'route_not_found');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expectErrorShape(wrong.body, 'method_not_allowed');
  });

  it('serves browsers (CORS): preflights get 204 with the allowed headers; answers to a request with Origin, errors too, carry Access-Control-Allow-Origin', async () => {
    const preflight = await api.call('OPTIONS', '/v1/documents/upload', {
      headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    for (const name of ['X-API-Key', 'X-Async', 'Content-Type', 'Cache-Control', 'Idempotency-Key']) {
      expect(preflight.headers.get('access-control-allow-headers')).toContain(name);
    }
    const batchPreflight = await api.call('OPTIONS', '/v1/batch/6f1c2a9e-1111-4222-8333-944455556666', { headers: { Origin: 'https://app.example.com' } });
    expect(batchPreflight.status).toBe(204);
    expect(batchPreflight.headers.get('access-control-allow-methods')).toContain('DELETE');

    const ok = await api.call('GET', '/v1/limits', { key: keys.proLive, headers: { Origin: 'https://app.example.com' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    const refused = await api.call('GET', '/v1/limits', { headers: { Origin: 'https://app.example.com' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // Without Origin (server-to-server) nothing changes; an unknown path is still 404.
    expect((await api.call('GET', '/v1/limits', { key: keys.proLive })).headers.get('access-control-allow-origin')).toBeNull();
    expect((await api.call('OPTIONS', '/v1/nowhere', { headers: { Origin: 'https://app.example.com' } })).status).toBe(404);
  });

  it('GET /v1/limits answers with the limits object itself, equal to the upload receipt\'s `limits`', async () => {
    const limits = await api.call('GET', '/v1/limits', { key: keys.proTest });
    const receipt = await api.call('POST', '/v1/documents/upload', { key: keys.proTest, json: { filename: 'a.pdf' } });
    expect(limits.status).toBe(200);
    expect(limits.body).toEqual(receipt.body.limits);
    expect(limits.body.limits).toBeUndefined();
    const custom = await api.call('GET', '/v1/limits', { key: keys.customTest });
    expect(custom.body.raised).toMatchObject({ upload_max_bytes: 512 * 1024 * 1024, max_pages_advanced: 500 });
  });

  it("rate-limits a burst of 1,001 requests on a live key on the last one, and an organization's test keys together", async () => {
    const burst = async (key: string, count = 1001) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 25) {
        const batch = Array.from({ length: Math.min(25, count - i) }, () => api.call('GET', '/v1/limits', { key }));
        for (const r of await Promise.all(batch)) statuses.push(r.status);
      }
      return statuses;
    };
    const live = await burst(keys.freeLive);
    expect(live.filter((s) => s === 200)).toHaveLength(1000);
    expect(live.filter((s) => s === 429)).toHaveLength(1);
    const limited = await api.call('GET', '/v1/limits', { key: keys.freeLive });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectErrorShape(limited.body, 'rate_limited');
    // A fresh organization's two test keys share one window of 1,000 (other files' calls must not count here).
    const deps = buildDeps(emulatorConfig());
    const [first, second] = [(await createKey(deps, 'burstco', 'pro', 'test')).api_key, (await createKey(deps, 'burstco', 'pro', 'test')).api_key];
    const test = [...(await burst(first, 500)), ...(await burst(second, 500))];
    expect(test.every((s) => s === 200)).toBe(true);
    const overTest = await api.call('GET', '/v1/limits', { key: first });
    expect(overTest.status).toBe(429);
    expect(overTest.body.error.details).toMatchObject({ reason: 'rate', limit: 1000 });
  });
});
