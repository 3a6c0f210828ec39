/**
 * Issue 21 items 6, 7, 8, 11, 12 against the ports' in-memory fakes: billing
 * cannot be dodged with test keys, uploads are read only as checked, revoked
 * keys stop their queued work, signing secrets rotate with an overlap, and
 * JSON form fields cannot nest their way into a stack overflow.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../functions/contracts/errors.ts';
import { JSON_FIELD_LIMITS, SANDBOX_LIMITS } from '../../../functions/contracts/limits.ts';
import { SplitForm } from '../../../functions/contracts/schemas/classify.ts';
import { ExtractForm } from '../../../functions/contracts/schemas/extract.ts';
import { RedactForm } from '../../../functions/contracts/schemas/redact.ts';
import { activeSigningSecrets, deriveSigningSecret } from '../../../functions/domain/signing-secret.ts';
import { signatureHeader } from '../../../functions/domain/webhook-signature.ts';
import { createHandler as createParse } from '../../../functions/handlers/parse.ts';
import { createHandler as createSnapshot } from '../../../functions/handlers/get-snapshot.ts';
import { validate } from '../../../functions/middleware/validate.ts';
import { parseOperation } from '../../../functions/operations/parse-operation.ts';
import { loadDocumentInput } from '../../../functions/pipeline/document-input.ts';
import { runInference } from '../../../functions/pipeline/inference.ts';
import { acceptJob, runJob } from '../../../functions/pipeline/jobs.ts';
import type { OperationSpec } from '../../../functions/pipeline/operation.ts';
import {
  createKey,
  listKeys,
  revokeKeyById,
  rotateSigningSecret,
  setSandboxLimit,
  signingSecret,
} from '../../../functions/runtime/admin.ts';
import { verifyWebhook } from '../../../sdk/webhooks.ts';
import { getEvent, getTestEvent, inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf, makeTextPdf } from '../../helpers/pdf.ts';

const LIVE = 'hk_live_' + 'P'.repeat(40);
const TEST = 'hk_test_' + 'P'.repeat(40);
const SIBLING = 'hk_test_' + 'S'.repeat(40);
const DOC = '11111111-1111-4111-8111-111111111111';

let onePage: Uint8Array;
let threePages: Uint8Array;
beforeAll(async () => {
  onePage = await makeTextPdf([['Sandbox look-alike invoice 42']]);
  threePages = await makeNumberedPdf(3);
});

async function setup(): Promise<FakeDeps> {
  const deps = fakeDeps();
  await seedKey(deps, LIVE, 'acme', 'pro');
  await seedKey(deps, TEST, 'acme', 'pro');
  await seedKey(deps, SIBLING, 'sibling', 'pro');
  return deps;
}

const parse = (deps: FakeDeps, key: string, documentKey: string, query: Record<string, string> = {}) =>
  createParse(() => deps)(inferenceEvent('parse', key, { document_key: documentKey }, query), testContext());
const body = (res: { body: string }) => JSON.parse(res.body);

describe('Item 7: test keys cannot make billing optional', () => {
  let deps: FakeDeps;
  let documentKey: string;
  beforeEach(async () => {
    deps = await setup();
    documentKey = await putDocument(deps, 'acme', onePage);
  });

  it('never serves a result computed for a test key to a live key: the live call runs and is billed', async () => {
    const sandbox = body(await parse(deps, TEST, documentKey));
    const live = body(await parse(deps, LIVE, documentKey));
    expect(sandbox.metadata.cached).toBe(false);
    expect(live.metadata.cached).toBe(false);
    expect(deps.ledger.rows.map((r) => [r.requestId, r.keyId, r.pages])).toEqual([[live.request_id, 'key_acme_live', 1]]);
  });

  it('keeps the cache within each key kind: test hits test, live hits live', async () => {
    const firstTest = body(await parse(deps, TEST, documentKey));
    const firstLive = body(await parse(deps, LIVE, documentKey));
    const againTest = body(await parse(deps, TEST, documentKey));
    const againLive = body(await parse(deps, LIVE, documentKey));
    expect(againTest.metadata).toMatchObject({ cached: true, cached_request_id: firstTest.request_id });
    expect(againLive.metadata).toMatchObject({ cached: true, cached_request_id: firstLive.request_id });
    expect(deps.ledger.rows).toHaveLength(1);
  });

  it('counts test-key pages per organization and UTC day and answers 429 sandbox_limit_exceeded past the ceiling, before any work', async () => {
    await setSandboxLimit(deps, 'acme', 4);
    const threePageKey = await putDocument(deps, 'acme', threePages);
    expect((await parse(deps, TEST, threePageKey)).statusCode).toBe(200);
    // A cache hit costs nothing and is not counted.
    expect(body(await parse(deps, TEST, threePageKey)).metadata.cached).toBe(true);
    const refused = await parse(deps, TEST, threePageKey, { force_refresh: 'true' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).error).toMatchObject({
      code: 'sandbox_limit_exceeded',
      details: { pages: 3, used_today: 3, max_pages_per_day: 4 },
    });
    expect(Number(refused.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(deps.requests.items.size).toBe(2);
    // One more page still fits; live keys of the organization are not limited by it.
    expect((await parse(deps, TEST, documentKey)).statusCode).toBe(200);
    expect((await parse(deps, LIVE, threePageKey, { force_refresh: 'true' })).statusCode).toBe(200);
    // The next UTC day starts from zero.
    deps.clock.advance(24 * 3600 * 1000);
    expect((await parse(deps, TEST, await putDocument(deps, 'acme', threePages), { force_refresh: 'true' })).statusCode).toBe(200);
  });

  it('reserves sandbox pages beside the work: a refusal stops the work and nothing is stored, cached or billed', async () => {
    await setSandboxLimit(deps, 'acme', 2);
    const threePageKey = await putDocument(deps, 'acme', threePages);
    let sawRefusal: boolean | undefined;
    const watching: OperationSpec = {
      ...parseOperation,
      async execute(context) {
        // Longer than the reservation takes: by now the refusal has aborted the work.
        await new Promise((resolve) => setTimeout(resolve, 50));
        sawRefusal = context.signal?.aborted;
        return parseOperation.execute(context);
      },
    };
    const principal = { orgId: 'acme', tier: 'pro' as const, keyId: 'k-test', keyKind: 'test' as const, sandboxPagesPerDay: 2 };
    const refused = runInference(deps, watching, {
      requestId: 'req-refused',
      principal,
      query: parseOperation.querySchema.parse({}),
      form: { document_key: threePageKey },
      forceRefresh: true,
      raised: false,
      synchronous: true,
    });
    await expect(refused).rejects.toMatchObject({ code: 'sandbox_limit_exceeded' });
    expect(sawRefusal).toBe(true);
    expect(deps.requests.items.size).toBe(0);
    expect(deps.ledger.rows).toHaveLength(0);
    expect(deps.cache.items.size).toBe(0);
    expect([...deps.sandbox.days.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('gives pages back when the work fails, and uses the documented default ceiling', async () => {
    const corrupt = await putDocument(deps, 'acme', new TextEncoder().encode('%PDF-1.4 not really a pdf'));
    const failed = await parse(deps, TEST, corrupt);
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect([...deps.sandbox.days.values()].reduce((a, b) => a + b, 0)).toBe(0);
    const decision = await deps.sandbox.reserve('acme', '2026-11-22', SANDBOX_LIMITS.testKeyPagesPerDay, SANDBOX_LIMITS.testKeyPagesPerDay);
    expect(decision.allowed).toBe(true);
    expect((await parse(deps, TEST, documentKey)).statusCode).toBe(429);
  });
});

describe('Item 8: uploads are read only as checked', () => {
  let deps: FakeDeps;
  beforeEach(async () => {
    deps = await setup();
  });

  async function declared(length: number, actual: Uint8Array) {
    const documentKey = await putDocument(deps, 'acme', actual);
    const record = (await deps.documents.get('acme', documentKey))!;
    await deps.documents.create({ ...record, declaredLength: length });
    return documentKey;
  }

  it('refuses a stored file larger than the declared content_length with 413 before parsing it', async () => {
    const documentKey = await declared(10, onePage);
    const res = await parse(deps, LIVE, documentKey);
    expect(res.statusCode).toBe(413);
    expect(body(res).error).toMatchObject({ code: 'file_too_large', details: { file_size: onePage.byteLength, declared_length: 10 } });
    expect(deps.blobs.getCount).toBe(0);
    expect(deps.ledger.rows).toEqual([]);
  });

  it('refuses a stored file smaller than declared with 422 upload_size_mismatch', async () => {
    const res = await parse(deps, LIVE, await declared(onePage.byteLength + 5, onePage));
    expect(res.statusCode).toBe(422);
    expect(body(res).error.code).toBe('upload_size_mismatch');
  });

  it('accepts the declared length exactly', async () => {
    expect((await parse(deps, LIVE, await declared(onePage.byteLength, onePage))).statusCode).toBe(200);
  });

  it('reads only the object version whose size was checked: a replacement in between is 409 document_changed', async () => {
    const documentKey = await putDocument(deps, 'acme', onePage);
    const principal = { orgId: 'acme', tier: 'pro' as const, keyId: 'key_acme_live', keyKind: 'live' as const };
    const input = await loadDocumentInput(deps, principal, documentKey);
    await deps.blobs.put(input.record.objectKey, new Uint8Array(300_000), 'application/pdf');
    const error = await input.readBytes().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('document_changed');
    expect(error.statusCode).toBe(409);
  });

  it('signs the declared length into the upload address', async () => {
    const { createHandler } = await import('../../../functions/handlers/upload.ts');
    const event = getTestEvent('upload');
    const res = await createHandler(() => deps)(
      {
        ...event,
        headers: { 'Content-Type': 'application/json', 'X-API-Key': LIVE },
        multiValueHeaders: {},
        body: Buffer.from(JSON.stringify({ filename: 'a.pdf', content_length: 10 })).toString('base64'),
        isBase64Encoded: true,
      },
      testContext(),
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).upload_url).toContain('length=10');
  });
});

describe('Item 12: stored inputs are downloads, never rendered', () => {
  it('signs the snapshot input link as an attachment', async () => {
    const deps = await setup();
    const first = body(await parse(deps, LIVE, await putDocument(deps, 'acme', onePage)));
    const snapshot = await createSnapshot(() => deps)(
      getEvent(`/v1/requests/${first.request_id}/snapshot`, LIVE, { request_id: first.request_id }),
      testContext(),
    );
    expect(snapshot.statusCode).toBe(200);
    expect(body(snapshot).input.url).toContain('disposition=attachment');
  });
});

describe('Item 11 and 12: keys, queued work and retries', () => {
  let deps: FakeDeps;
  let documentKey: string;
  const principal = { orgId: 'acme', tier: 'pro' as const, keyId: 'key_acme_live', keyKind: 'live' as const };
  beforeEach(async () => {
    deps = await setup();
    documentKey = await putDocument(deps, 'acme', onePage);
  });

  it('fails a queued job of a key revoked before it ran, unbilled, with 403 api_key_revoked', async () => {
    const accepted = await acceptJob(deps, parseOperation, principal, { query: {}, form: { document_key: documentKey }, forceRefresh: false, raised: false });
    const revoked = await revokeKeyById(deps, 'key_acme_live');
    expect(revoked).toMatchObject({ key_id: 'key_acme_live', org_id: 'acme', revoked_at: expect.any(String) });
    await runJob(deps, 'acme', accepted.job_id as string);
    const job = await deps.jobs.get('acme', accepted.job_id as string);
    expect(job?.status).toBe('failed');
    expect(job?.error).toMatchObject({ httpStatus: 403, body: { error: { code: 'api_key_revoked' } } });
    expect(deps.ledger.rows).toEqual([]);
  });

  it('runs every attempt of a job as one request: a retry with force_refresh is billed once', async () => {
    const accepted = await acceptJob(deps, parseOperation, principal, {
      query: { force_refresh: 'true' },
      form: { document_key: documentKey },
      forceRefresh: true,
      raised: false,
    });
    const jobId = accepted.job_id as string;
    await runJob(deps, 'acme', jobId);
    const first = (await deps.jobs.get('acme', jobId))!;
    // The worker stopped after billing but before the job was marked done: the message is redelivered.
    deps.jobs.items.set(`acme/${jobId}`, { ...first, status: 'queued', requestId: undefined, finishedAt: undefined });
    deps.clock.advance(10 * 60 * 1000);
    await runJob(deps, 'acme', jobId);
    const second = (await deps.jobs.get('acme', jobId))!;
    expect(second.requestId).toBe(first.requestId);
    expect(first.requestId).toBe(first.request.requestId);
    expect(deps.ledger.rows).toHaveLength(1);
    expect(deps.ledger.rows[0]).toMatchObject({ requestId: first.requestId, createdAt: first.createdAt });
  });

  it('lists keys by id without hashes or plaintext, and revoked keys no longer authenticate', async () => {
    const listed = await listKeys(deps, 'acme');
    expect(listed.map((k) => k.key_id).sort()).toEqual(['key_acme_live', 'key_acme_test']);
    expect(JSON.stringify(listed)).not.toContain(LIVE);
    expect(Object.keys(listed[0]).sort()).toEqual(['created_at', 'key_id', 'kind', 'org_id', 'prefix', 'revoked_at']);
    await revokeKeyById(deps, 'key_acme_test');
    expect((await parse(deps, TEST, documentKey)).statusCode).toBe(401);
    expect((await listKeys(deps, 'acme')).find((k) => k.key_id === 'key_acme_test')?.revoked_at).toEqual(expect.any(String));
    expect(await revokeKeyById(deps, 'key_nobody')).toBeUndefined();
    await expect(revokeKeyById(deps, 'hk_live_not_an_id')).rejects.toThrow(/Invalid key id/);
  });

  it('create-key refuses to change an existing organization tier unless asked', async () => {
    await expect(createKey(deps, 'acme', 'free', 'live')).rejects.toThrow(/is on tier 'pro'.*--change-tier/);
    expect((await deps.accounts.getOrganization('acme'))?.tier).toBe('pro');
    expect((await createKey(deps, 'acme', 'pro', 'live')).tier).toBe('pro');
    expect((await createKey(deps, 'acme', 'enterprise', 'live', { changeTier: true })).tier).toBe('enterprise');
    expect((await deps.accounts.getOrganization('acme'))?.tier).toBe('enterprise');
  });

  it('validates sandbox ceilings an administrator sets', async () => {
    await expect(setSandboxLimit(deps, 'acme', -1)).rejects.toThrow(/pages-per-day/);
    await expect(setSandboxLimit(deps, 'acme', 1.5)).rejects.toThrow(/pages-per-day/);
    await expect(setSandboxLimit(deps, 'nobody', 10)).rejects.toThrow(/No organization/);
  });
});

describe('Item 11: signing secrets rotate with an overlap window', () => {
  const master = Buffer.from('test-master-secret');
  const payload = Buffer.from('{"event":"batch.completed","batch_id":"b"}');

  it('keeps generation 0 equal to the SPEC derivation from the organization id', () => {
    expect(activeSigningSecrets(master, 'acme', {}, new Date())).toEqual([deriveSigningSecret(master, 'acme')]);
  });

  it('rotates: the new secret signs first, the previous one too until the window ends, then alone', async () => {
    const deps = await setup();
    const before = await signingSecret(deps, 'acme');
    const rotated = await rotateSigningSecret(deps, 'acme', 24);
    expect(rotated.generation).toBe(1);
    expect(rotated.signing_secret).not.toBe(before);
    expect(await signingSecret(deps, 'acme')).toBe(rotated.signing_secret);
    const org = (await deps.accounts.getOrganization('acme'))!;
    const now = deps.clock.now();
    expect(activeSigningSecrets(master, 'acme', org, now)).toEqual([rotated.signing_secret, before]);
    expect(activeSigningSecrets(master, 'acme', org, new Date(now.getTime() + 24 * 3600 * 1000))).toEqual([rotated.signing_secret]);
    await expect(rotateSigningSecret(deps, 'acme', 24 * 8)).rejects.toThrow(/overlap-hours/);
    await expect(rotateSigningSecret(deps, 'nobody')).rejects.toThrow(/No organization/);
  });

  it('sends one v1= per secret, and the SDK accepts the event with either secret alone', () => {
    const oldSecret = deriveSigningSecret(master, 'acme', 0);
    const newSecret = deriveSigningSecret(master, 'acme', 1);
    const t = 1_800_000_000;
    const header = signatureHeader([newSecret, oldSecret], payload, t);
    expect(header.match(/v1=[0-9a-f]{64}/g)).toHaveLength(2);
    expect(header.startsWith(`t=${t},v1=`)).toBe(true);
    const now = t * 1000;
    for (const secret of [oldSecret, newSecret]) {
      expect(() => verifyWebhook(payload, header, secret, { now })).not.toThrow();
    }
    expect(() => verifyWebhook(payload, header, deriveSigningSecret(master, 'acme', 2), { now })).toThrow();
  });
});

describe('Item 6: JSON form fields are bounded in nesting and size (400, never a stack overflow)', () => {
  const nestedObject = (depth: number) => '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
  const invalid = (fn: () => unknown) => {
    const error = (() => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      return undefined;
    })() as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.statusCode).toBe(400);
    return error.message;
  };

  it.each([1_000, 100_000])('extract schema nested %i deep is a 400', (depth) => {
    const text = depth * 6 > JSON_FIELD_LIMITS.maxBytes ? /at most \d+ characters/ : /nests more than 16 levels/;
    expect(invalid(() => validate(ExtractForm, { document_key: DOC, schema: nestedObject(depth) }, 'form field'))).toMatch(text);
  });

  it('extract schema at the documented depth is accepted', () => {
    const ok = validate(ExtractForm, { document_key: DOC, schema: nestedObject(JSON_FIELD_LIMITS.schemaMaxDepth - 1) }, 'form field');
    expect(ok.schema).toBeDefined();
  });

  it.each([10, 5_000, 40_000])('split custom_domain_guidelines and segment_classes nested %i deep are 400s', (depth) => {
    const deepArray = '['.repeat(depth) + ']'.repeat(depth);
    const guidelines = `{"custom_domain_guidelines":{"domain_name":"x","identifier_patterns":${deepArray}}}`;
    const classes = `{"segment_classes":{"invoice":${nestedObject(depth)}}}`;
    expect(invalid(() => validate(SplitForm, { document_key: DOC, options: guidelines }, 'form field'))).toMatch(/options nests more than 8 levels/);
    expect(invalid(() => validate(SplitForm, { document_key: DOC, options: classes }, 'form field'))).toMatch(/options nests more than 8 levels/);
  });

  it.each([10, 5_000, 40_000])('redact pii_config nested %i deep is a 400', (depth) => {
    const config = `{"types":[{"name":"badge","description":${'['.repeat(depth) + ']'.repeat(depth)}}]}`;
    expect(invalid(() => validate(RedactForm, { document_key: DOC, pii_config: config }, 'form field'))).toMatch(/pii_config nests more than 8 levels/);
  });

  it('a valid split options object and pii_config still pass', () => {
    const options = JSON.stringify({ segment_classes: { invoice: { description: 'a bill', standalone: true } }, custom_domain_guidelines: { domain_name: 'freight' } });
    expect(validate(SplitForm, { document_key: DOC, options }, 'form field').options?.segment_classes?.invoice.standalone).toBe(true);
    const pii = JSON.stringify({ mode: 'replace', types: [{ name: 'badge', description: 'badge numbers like B-1234' }] });
    expect(validate(RedactForm, { document_key: DOC, pii_config: pii }, 'form field').pii_config?.types).toHaveLength(1);
  });

  it('refuses JSON text longer than the field limit', () => {
    const long = JSON.stringify({ custom_domain_guidelines: { domain_name: 'x', heuristics: 'a'.repeat(JSON_FIELD_LIMITS.maxBytes) } });
    expect(invalid(() => validate(SplitForm, { document_key: DOC, options: long }, 'form field'))).toMatch(/at most 262144 characters/);
  });
});
