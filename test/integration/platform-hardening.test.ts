/**
 * Issue 21 items 6, 7, 8, 11, 12 end to end on the local server: uploads
 * bounded by the signed length, test keys neither feed live cache hits nor
 * run unbounded, key administration by id, revoked keys stop queued work,
 * rotated signing secrets overlap, stored inputs are downloads, and deeply
 * nested JSON options are 400s.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createS3Client } from '../../functions/adapters/aws/clients.ts';
import { objectKeys, STORAGE } from '../../functions/contracts/storage.ts';
import { parseOperation } from '../../functions/operations/parse-operation.ts';
import { acceptJob, runJob } from '../../functions/pipeline/jobs.ts';
import { createKey, revokeKeyById } from '../../functions/runtime/admin.ts';
import { buildDeps, EMULATOR_CREDENTIALS, type AppDeps } from '../../functions/runtime/deps.ts';
import { apiClient } from '../helpers/client.ts';
import { emulatorConfig } from '../helpers/emulator-config.ts';
import { makeNumberedPdf, makeTextPdf } from '../helpers/pdf.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';

const run = promisify(execFile);
const api = apiClient(inject('baseUrl'));
const keys = inject('keys');
const PUT_HEADERS = { 'Content-Type': 'application/pdf', 'x-amz-server-side-encryption': 'AES256' };

/** Runs the admin CLI; resolves with its last stdout line, or rejects with its stderr (exit 2). */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') } });
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1];
}

let deps: AppDeps;
beforeAll(() => {
  deps = buildDeps(
    emulatorConfig(),
    // Jobs are run by hand below, after the revocation.
    { jobQueue: { enqueue: async () => undefined } },
  );
});

async function receipt(key: string, contentLength?: number) {
  const res = await api.call('POST', '/v1/documents/upload', {
    key,
    json: { filename: 'sized.pdf', ...(contentLength !== undefined ? { content_length: contentLength } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body as { upload_url: string; document_key: string };
}

const parse = (key: string, documentKey: string, query = '') => api.call('POST', `/v1/parse${query}`, { key, form: { document_key: documentKey } });

describe('Item 8: the declared upload length is enforced', () => {
  it('refuses a PUT of 300 KB to an address issued for content_length 10, and accepts exactly 10 bytes', async () => {
    const r = await receipt(keys.proTest, 10);
    const big = await fetch(r.upload_url, { method: 'PUT', headers: PUT_HEADERS, body: new Uint8Array(300_000) });
    expect(big.status).toBe(403);
    const notUploaded = await parse(keys.proTest, r.document_key);
    expect(notUploaded.status).toBe(409);
    expect(notUploaded.body.error.code).toBe('document_not_uploaded');
    const exact = await fetch(r.upload_url, { method: 'PUT', headers: PUT_HEADERS, body: new Uint8Array(10) });
    expect(exact.status).toBe(200);
  });

  it('checks the stored size again before reading: an object larger than declared is 413, never parsed', async () => {
    const r = await receipt(keys.proTest, 10);
    // Written around the presigned address (as a replaced or smuggled object would be).
    const s3 = createS3Client({ region: 'us-east-1', s3Endpoint: inject('s3Endpoint'), credentials: EMULATOR_CREDENTIALS });
    const pdf = await makeNumberedPdf(2);
    await s3.send(
      new PutObjectCommand({ Bucket: STORAGE.localBucket, Key: objectKeys.upload('acme', r.document_key), Body: pdf, ContentType: 'application/pdf' }),
    );
    const res = await parse(keys.proTest, r.document_key);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'file_too_large', details: { file_size: pdf.byteLength, declared_length: 10 } });
  });

  it('still accepts uploads that declare their real length (the client helper does)', async () => {
    const documentKey = await api.upload(keys.proTest, 'honest.pdf', await makeTextPdf([['Honest length look-alike']]));
    expect((await parse(keys.proTest, documentKey)).status).toBe(200);
  });
});

describe('Item 7: test keys do not make billing optional', () => {
  it('a result first computed for an hk_test_ key is recomputed (billed) for an hk_live_ key of the same organization', async () => {
    const documentKey = await api.upload(keys.proTest, 'kinds.pdf', await makeTextPdf([['Key kinds look-alike', `nonce ${Math.random()}`]]));
    const sandbox = await parse(keys.proTest, documentKey);
    const live = await parse(keys.proLive, documentKey);
    const liveAgain = await parse(keys.proLive, documentKey);
    const sandboxAgain = await parse(keys.proTest, documentKey);
    expect([sandbox.status, live.status, liveAgain.status, sandboxAgain.status]).toEqual([200, 200, 200, 200]);
    expect(sandbox.body.metadata.cached).toBe(false);
    expect(live.body.metadata.cached).toBe(false);
    expect(liveAgain.body.metadata).toMatchObject({ cached: true, cached_request_id: live.body.request_id });
    expect(sandboxAgain.body.metadata).toMatchObject({ cached: true, cached_request_id: sandbox.body.request_id });
  });

  it('caps test-key pages per organization and day: 429 sandbox_limit_exceeded with Retry-After, other organizations unaffected', async () => {
    const created = JSON.parse(await admin('create-key', '--org', 'sandboxco', '--tier', 'pro', '--test'));
    expect(JSON.parse(await admin('set-sandbox-limit', '--org', 'sandboxco', '--pages-per-day', '2'))).toEqual({ org_id: 'sandboxco', sandbox_pages_per_day: 2 });
    const three = await api.upload(created.api_key, 'three.pdf', await makeNumberedPdf(3));
    const refused = await parse(created.api_key, three);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'sandbox_limit_exceeded', details: { pages: 3, max_pages_per_day: 2 } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const one = await api.upload(created.api_key, 'one.pdf', await makeTextPdf([['One sandbox page']]));
    expect((await parse(created.api_key, one)).status).toBe(200);
    expect((await api.call('GET', '/v1/limits', { key: keys.otherOrg })).status).toBe(200);
    const limits = await api.call('GET', '/v1/limits', { key: created.api_key });
    expect(limits.body.sandbox.test_key_pages_per_day).toEqual(expect.any(Number));
  });
});

describe('Item 11: keys by id, revoked keys stop their queued work', () => {
  it('lists keys by id (no plaintext, no hash) and revokes one by id: it gets 401 at once', async () => {
    const created = JSON.parse(await admin('create-key', '--org', 'keysco', '--tier', 'pro'));
    expect(created.key_id).toMatch(/^key_/);
    const listed = JSON.parse(await admin('list-keys', '--org', 'keysco'));
    expect(listed.keys).toEqual([
      { key_id: created.key_id, org_id: 'keysco', kind: 'live', prefix: expect.stringMatching(/^hk_live_/), created_at: expect.any(String), revoked_at: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.api_key);
    expect((await api.call('GET', '/v1/limits', { key: created.api_key })).status).toBe(200);
    const revoked = JSON.parse(await admin('revoke-key', '--key-id', created.key_id));
    expect(revoked).toMatchObject({ revoked: true, key_id: created.key_id, org_id: 'keysco' });
    expect((await api.call('GET', '/v1/limits', { key: created.api_key })).status).toBe(401);
    expect(JSON.parse(await admin('list-keys', '--org', 'keysco')).keys[0].revoked_at).toEqual(expect.any(String));
  });

  it('create-key refuses to change an existing organization tier without --change-tier', async () => {
    await admin('create-key', '--org', 'tierco', '--tier', 'pro');
    const refused = await admin('create-key', '--org', 'tierco', '--tier', 'free').catch((e: { stderr: string; code: number }) => e);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/is on tier 'pro'.*--change-tier/s) });
    const changed = JSON.parse(await admin('create-key', '--org', 'tierco', '--tier', 'enterprise', '--change-tier'));
    expect((await api.call('GET', '/v1/limits', { key: changed.api_key })).body.tier).toBe('enterprise');
  });

  it('fails a job queued by a key revoked before the job ran (DynamoDB key-by-id lookup), unbilled', async () => {
    const created = await createKey(deps, 'revokeco', 'pro', 'live');
    const documentKey = await api.upload(created.api_key, 'queued.pdf', await makeTextPdf([['Queued before revocation']]));
    const principal = { orgId: 'revokeco', tier: 'pro' as const, keyId: created.key_id, keyKind: 'live' as const };
    const accepted = await acceptJob(deps, parseOperation, principal, { query: {}, form: { document_key: documentKey }, forceRefresh: false, raised: false });
    await revokeKeyById(deps, created.key_id);
    await runJob(deps, 'revokeco', accepted.job_id as string);
    const job = await deps.jobs.get('revokeco', accepted.job_id as string);
    expect(job).toMatchObject({ status: 'failed', error: { httpStatus: 403, body: { error: { code: 'api_key_revoked' } } } });
    const now = new Date();
    expect(await deps.ledger.list('revokeco', new Date(now.getTime() - 3600_000), new Date(now.getTime() + 3600_000))).toEqual([]);
  });
});

describe('Item 11: signing secrets rotate with an overlap window', () => {
  const v1Values = (header: string) => header.split(',').filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
  const sign = (secret: string, t: string, raw: Buffer) => createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');

  it('sends two v1= signatures during the overlap: one with the new secret, one with the previous', async () => {
    const created = JSON.parse(await admin('create-key', '--org', 'rotateco', '--tier', 'pro', '--test'));
    const before = await admin('signing-secret', '--org', 'rotateco');
    const rotated = JSON.parse(await admin('rotate-signing-secret', '--org', 'rotateco', '--overlap-hours', '2'));
    expect(rotated).toMatchObject({ org_id: 'rotateco', generation: 1, signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rotated.signing_secret).not.toBe(before);
    expect(await admin('signing-secret', '--org', 'rotateco')).toBe(rotated.signing_secret);

    const receiver = await startWebhookReceiver([200]);
    try {
      const doc = await api.upload(created.api_key, 'rotate.pdf', await makeTextPdf([['Rotation look-alike']]));
      const submitted = await api.call('POST', '/v1/batch', { key: created.api_key, json: { endpoint: '/v1/parse', document_keys: [doc], webhook_url: receiver.url } });
      expect(submitted.status).toBe(200);
      const [delivery] = await receiver.waitFor(1, 90_000);
      const header = String(delivery.headers['x-service-signature']);
      const t = /t=(\d+)/.exec(header)![1];
      expect(v1Values(header)).toEqual([sign(rotated.signing_secret, t, delivery.raw), sign(before, t, delivery.raw)]);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});

describe('Item 12: stored inputs are served as downloads', () => {
  it('the snapshot input link answers with Content-Disposition: attachment', async () => {
    const documentKey = await api.upload(keys.proTest, 'shown.pdf', await makeTextPdf([['Attachment look-alike']]));
    const original = await parse(keys.proTest, documentKey);
    const snapshot = await api.call('GET', `/v1/requests/${original.body.request_id}/snapshot`, { key: keys.proTest });
    expect(snapshot.status).toBe(200);
    const input = await fetch(snapshot.body.input.url);
    expect(input.status).toBe(200);
    expect(input.headers.get('content-disposition')).toMatch(/^attachment; filename="shown\.pdf"$/);
  });
});

describe('Item 6: deeply nested JSON options are 400s, and the server stays up', () => {
  let documentKey: string;
  beforeAll(async () => {
    documentKey = await api.upload(keys.proTest, 'nested.pdf', await makeTextPdf([['Nested options look-alike']]));
  });
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
  const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it.each([
    ['/v1/extract?category=non_financial', 'schema', () => deepObject(1_000)],
    ['/v1/extract?category=non_financial', 'schema', () => deepArray(40_000)],
    ['/v1/split', 'options', () => `{"custom_domain_guidelines":{"domain_name":"x","heuristics":${deepArray(40_000)}}}`],
    ['/v1/split', 'options', () => `{"segment_classes":{"invoice":${deepObject(5_000)}}}`],
    ['/v1/classify', 'options', () => `{"custom_llm_classes":${deepObject(5_000)}}`],
    ['/v1/redact', 'pii_config', () => `{"types":[{"name":"badge","description":${deepArray(40_000)}}]}`],
  ])('%s with %s nested deep answers 400', async (path, field, value) => {
    const started = performance.now();
    const res = await api.call('POST', path, { key: keys.proTest, form: { document_key: documentKey, [field]: value() } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/nests more than \d+ levels|at most \d+ characters/);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect((await api.call('GET', '/v1/limits', { key: keys.otherOrg })).status).toBe(200);
  });
});
