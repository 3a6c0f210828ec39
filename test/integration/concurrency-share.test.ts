/**
 * Issue 38 item 2 on the local server: one organization flooding an
 * operation with test-key requests is refused at its concurrency share
 * (429 rate_limited, Retry-After) while another organization's calls to the
 * same operation keep answering; the flooder gets in again once its
 * requests have finished; an operator can raise an organization's share.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONCURRENCY_SHARE } from '../../functions/contracts/limits.ts';
import { createKey } from '../../functions/runtime/admin.ts';
import { buildDeps } from '../../functions/runtime/deps.ts';
import { apiClient } from '../helpers/client.ts';
import { emulatorConfig } from '../helpers/emulator-config.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const run = promisify(execFile);
const api = apiClient(inject('baseUrl'));

const parse = (key: string, documentKey: string) => api.call('POST', '/v1/parse?force_refresh=true', { key, form: { document_key: documentKey } });

describe('Concurrency share per organization and operation (test keys)', () => {
  let flooder: string;
  let neighbour: string;
  let floodDoc: string;
  let neighbourDoc: string;

  beforeAll(async () => {
    const deps = buildDeps(emulatorConfig());
    flooder = (await createKey(deps, 'floodco', 'pro', 'test')).api_key;
    neighbour = (await createKey(deps, 'quietco', 'pro', 'test')).api_key;
    // A few pages, so each parse lasts long enough for the burst to overlap.
    const pages = Array.from({ length: 6 }, (_, i) => [`Flood page ${i + 1}`, 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.'.repeat(4)]);
    floodDoc = await api.upload(flooder, 'flood.pdf', await makeTextPdf(pages));
    neighbourDoc = await api.upload(neighbour, 'quiet.pdf', await makeTextPdf([['A quiet one-page letter.']]));
  });

  it("refuses the flooder's requests past its share with 429 and Retry-After, while the other organization's calls answer", async () => {
    // Act: eight parses from one organization and, at the same moment, two from another (its whole share)
    const [flood, others] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => parse(flooder, floodDoc))),
      Promise.all([parse(neighbour, neighbourDoc), parse(neighbour, neighbourDoc)]),
    ]);

    // Assess
    expect(others.map((r) => r.status)).toEqual([200, 200]);
    const refused = flood.filter((r) => r.status === 429);
    const answered = flood.filter((r) => r.status === 200);
    expect(refused.length + answered.length, JSON.stringify(flood.map((r) => [r.status, r.body?.error?.code]))).toBe(8);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].headers.get('retry-after')).toBe(String(CONCURRENCY_SHARE.retryAfterSeconds));
    expect(refused[0].body).toMatchObject({
      status: 'error',
      error: {
        code: 'rate_limited',
        details: { reason: 'concurrency_share', operation: 'parse', max_in_flight: CONCURRENCY_SHARE.testKeysPerOperation },
      },
    });

    // Assess: the flood's slots were handed back, so its next call gets in
    expect((await parse(flooder, floodDoc)).status).toBe(200);
  });

  it('shows the share in GET /v1/limits, and an operator raises it with the admin CLI', async () => {
    // Prepare
    const before = await api.call('GET', '/v1/limits', { key: neighbour });
    expect(before.body.concurrency).toEqual({
      test_keys_per_operation: CONCURRENCY_SHARE.testKeysPerOperation,
      live_keys_per_operation: CONCURRENCY_SHARE.liveKeysPerOperation,
    });
    expect(before.body.rate_limit).toMatchObject({ test_keys_exempt: false, test_key_requests_per_minute_per_organization: 1000 });

    // Act
    const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'set-concurrency-share', '--org', 'quietco', '--test-keys', '5'], {
      env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') },
    });

    // Assess
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({ org_id: 'quietco', test_keys_per_operation: 5 });
    const after = await api.call('GET', '/v1/limits', { key: neighbour });
    expect(after.body.concurrency.test_keys_per_operation).toBe(5);
    const burst = await Promise.all(Array.from({ length: 4 }, () => parse(neighbour, neighbourDoc)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
