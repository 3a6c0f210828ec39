/**
 * Issue 38 item 2 (concurrency share) and item 3 (work past its deadline
 * is metered), with in-memory fakes: an organization over its share of an
 * operation gets 429 before any work while others get in, slots come back
 * on every outcome, an operator's share is honoured and shown, and a live
 * request stopped by its deadline is billed for the pages it read.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../functions/contracts/errors.ts';
import { CONCURRENCY_SHARE } from '../../../functions/contracts/limits.ts';
import { createHandler as createLimits } from '../../../functions/handlers/limits.ts';
import { createHandler as createParse } from '../../../functions/handlers/parse.ts';
import { deadlineExceeded } from '../../../functions/middleware/http-errors.ts';
import type { Principal } from '../../../functions/middleware/http.ts';
import { parseOperation } from '../../../functions/operations/parse-operation.ts';
import { withConcurrencyShare } from '../../../functions/pipeline/concurrency-share.ts';
import { runInference, type Submission } from '../../../functions/pipeline/inference.ts';
import type { OperationSpec } from '../../../functions/pipeline/operation.ts';
import { setConcurrencyShare, setTestKeyRateLimit } from '../../../functions/runtime/admin.ts';
import { getEvent, inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf } from '../../helpers/pdf.ts';

const TEST = 'hk_test_' + 'F'.repeat(40);
const OTHER_TEST = 'hk_test_' + 'G'.repeat(40);
const LIVE = 'hk_live_' + 'F'.repeat(40);
const TEST_PRINCIPAL: Principal = { orgId: 'acme', tier: 'pro', keyId: 'key_acme_test', keyKind: 'test' };
const LIVE_PRINCIPAL: Principal = { orgId: 'acme', tier: 'pro', keyId: 'key_acme_live', keyKind: 'live' };

let threePages: Uint8Array;
beforeAll(async () => {
  threePages = await makeNumberedPdf(3);
});

async function setup(): Promise<FakeDeps> {
  const deps = fakeDeps();
  await seedKey(deps, TEST, 'acme', 'pro');
  await seedKey(deps, LIVE, 'acme', 'pro');
  await seedKey(deps, OTHER_TEST, 'globex', 'pro');
  return deps;
}

/** Holds `count` of the holder's slots, as requests still running would. */
async function occupy(deps: FakeDeps, orgId: string, kind: 'test' | 'live', count: number): Promise<void> {
  for (let i = 0; i < count; i++) await deps.concurrency.acquire({ orgId, group: 'parse', kind }, count, deps.clock.now(), 35);
}

describe('withConcurrencyShare', () => {
  let deps: FakeDeps;
  beforeEach(async () => {
    deps = await setup();
  });

  it('refuses past the share with 429 rate_limited, Retry-After and the share in details, without running the work', async () => {
    // Prepare
    await occupy(deps, 'acme', 'test', CONCURRENCY_SHARE.testKeysPerOperation);
    let ran = false;

    // Act
    const refused = withConcurrencyShare(deps, TEST_PRINCIPAL, 'parse', async () => {
      ran = true;
    });

    // Assess
    await expect(refused).rejects.toMatchObject({
      code: 'rate_limited',
      statusCode: 429,
      headers: { 'Retry-After': String(CONCURRENCY_SHARE.retryAfterSeconds) },
      details: { reason: 'concurrency_share', operation: 'parse', in_flight: 2, max_in_flight: 2 },
    });
    expect(ran).toBe(false);
  });

  it('hands the slot back after success and after failure', async () => {
    await withConcurrencyShare(deps, TEST_PRINCIPAL, 'parse', async () => expect(deps.concurrency.inFlight('acme', 'parse', 'test')).toBe(1));
    expect(deps.concurrency.inFlight('acme', 'parse', 'test')).toBe(0);
    await expect(withConcurrencyShare(deps, TEST_PRINCIPAL, 'parse', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(deps.concurrency.inFlight('acme', 'parse', 'test')).toBe(0);
  });

  it('counts test and live keys apart, gives live keys half the reservation, and honours an operator share', async () => {
    await occupy(deps, 'acme', 'test', CONCURRENCY_SHARE.testKeysPerOperation);
    await expect(withConcurrencyShare(deps, LIVE_PRINCIPAL, 'parse', async () => 'in')).resolves.toBe('in');
    expect(CONCURRENCY_SHARE.liveKeysPerOperation).toBe(40);
    await occupy(deps, 'acme', 'live', 40);
    await expect(withConcurrencyShare(deps, LIVE_PRINCIPAL, 'parse', async () => 'in')).rejects.toMatchObject({ details: { max_in_flight: 40 } });
    await expect(withConcurrencyShare(deps, { ...TEST_PRINCIPAL, testKeyConcurrency: 3 }, 'parse', async () => 'in')).resolves.toBe('in');
  });
});

describe('Handler: parse under the concurrency share', () => {
  it("answers 429 to the flooding organization's test key before any work, while another organization and X-Async still get in", async () => {
    // Prepare
    const deps = await setup();
    const mine = await putDocument(deps, 'acme', threePages);
    const theirs = await putDocument(deps, 'globex', threePages);
    await occupy(deps, 'acme', 'test', 2);
    const parse = createParse(() => deps);

    // Act
    const refused = await parse(inferenceEvent('parse', TEST, { document_key: mine }), testContext());
    const other = await parse(inferenceEvent('parse', OTHER_TEST, { document_key: theirs }), testContext());
    const queued = await parse(inferenceEvent('parse', TEST, { document_key: mine }, {}, { 'X-Async': 'true' }), testContext());

    // Assess
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'Retry-After': String(CONCURRENCY_SHARE.retryAfterSeconds) });
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'rate_limited', details: { reason: 'concurrency_share' } });
    // Nothing of the refused request's organization was counted (globex's parse was).
    expect([...deps.sandbox.days.keys()].filter((day) => day.startsWith('acme/'))).toEqual([]);
    expect(other.statusCode).toBe(200);
    expect(queued.statusCode).toBe(200);
    expect(deps.concurrency.inFlight('globex', 'parse', 'test')).toBe(0);
  });
});

describe('Handler: parse looks the document up while its slot is taken', () => {
  it('asks for the document before the slot is granted, and answers from both', async () => {
    // Prepare: a slot that takes a while, as a conditional write does.
    const deps = await setup();
    const mine = await putDocument(deps, 'acme', threePages);
    const order: string[] = [];
    const acquire = deps.concurrency.acquire.bind(deps.concurrency);
    deps.concurrency.acquire = async (...args) => {
      order.push('slot asked');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('slot granted');
      return acquire(...args);
    };
    const get = deps.documents.get.bind(deps.documents);
    deps.documents.get = async (...args) => {
      order.push('document asked');
      return get(...args);
    };
    const parse = createParse(() => deps);

    // Act
    const answer = await parse(inferenceEvent('parse', TEST, { document_key: mine }), testContext());

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(order.indexOf('document asked')).toBeLessThan(order.indexOf('slot granted'));
  });

  it('still answers 429 for a refused slot when the document is missing too (the slot is checked first)', async () => {
    // Prepare
    const deps = await setup();
    await occupy(deps, 'acme', 'test', 2);
    const parse = createParse(() => deps);

    // Act
    const refused = await parse(inferenceEvent('parse', TEST, { document_key: '0b9e4c1a-7d2f-4e63-9a15-3c8b2f6d1e70' }), testContext());

    // Assess
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'rate_limited' });
  });

  it('answers 404 document_not_found for a missing document once the slot is granted, and hands the slot back', async () => {
    // Prepare
    const deps = await setup();
    const parse = createParse(() => deps);

    // Act
    const missing = await parse(inferenceEvent('parse', TEST, { document_key: '0b9e4c1a-7d2f-4e63-9a15-3c8b2f6d1e70' }), testContext());

    // Assess
    expect(JSON.parse(missing.body).error).toMatchObject({ code: 'document_not_found' });
    expect(deps.concurrency.inFlight('acme', 'parse', 'test')).toBe(0);
  });
});

describe('admin set-concurrency-share', () => {
  it('validates the share, stores it, and GET /v1/limits shows the organization its own values', async () => {
    // Prepare
    const deps = await setup();
    const limits = async () => JSON.parse((await createLimits(() => deps)(getEvent('/v1/limits', TEST), testContext())).body);
    expect((await limits()).concurrency).toEqual({ test_keys_per_operation: 2, live_keys_per_operation: 40 });

    // Act / Assess
    await expect(setConcurrencyShare(deps, 'acme', {})).rejects.toThrow(/--test-keys, --live-keys/);
    await expect(setConcurrencyShare(deps, 'acme', { testKeys: 0 })).rejects.toThrow(/--test-keys must be a whole number from 1 to 80/);
    await expect(setConcurrencyShare(deps, 'acme', { liveKeys: 81 })).rejects.toThrow(/--live-keys/);
    await expect(setConcurrencyShare(deps, 'nobody', { testKeys: 4 })).rejects.toThrow(/No organization/);
    await setConcurrencyShare(deps, 'acme', { testKeys: 6 });
    expect((await limits()).concurrency).toEqual({ test_keys_per_operation: 6, live_keys_per_operation: 40 });
    expect((await limits()).rate_limit).toMatchObject({ test_keys_exempt: false, test_key_requests_per_minute_per_organization: 1000 });
  });
});

describe('admin set-rate-limit', () => {
  it("validates the ceiling, and the organization's test keys are held to it (its live keys are not)", async () => {
    // Prepare
    const deps = await setup();
    await expect(setTestKeyRateLimit(deps, 'acme', 0)).rejects.toThrow(/--test-keys-per-minute must be a whole number from 1 to 100000/);
    await expect(setTestKeyRateLimit(deps, 'nobody', 5)).rejects.toThrow(/No organization/);
    await setTestKeyRateLimit(deps, 'acme', 3);
    const handler = createLimits(() => deps);

    // Act
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await handler(getEvent('/v1/limits', TEST), testContext()));
    const live = await handler(getEvent('/v1/limits', LIVE), testContext());

    // Assess
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(JSON.parse(statuses[0].body).rate_limit.test_key_requests_per_minute_per_organization).toBe(3);
    expect(statuses[3].headers).toMatchObject({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0' });
    expect(JSON.parse(statuses[3].body).error.details).toMatchObject({ reason: 'rate', limit: 3 });
    expect(live.statusCode).toBe(200);
  });
});

describe('work past its deadline is metered', () => {
  let deps: FakeDeps;
  let documentKey: string;
  beforeEach(async () => {
    deps = await setup();
    documentKey = await putDocument(deps, 'acme', threePages);
  });

  const submission = (principal: Principal, signal: AbortSignal, extra: Partial<Submission<unknown, unknown>> = {}): Submission<any, any> => ({
    requestId: `req-${Math.random().toString(36).slice(2)}`,
    principal,
    query: parseOperation.querySchema.parse({}),
    form: { document_key: documentKey },
    forceRefresh: false,
    raised: false,
    synchronous: true,
    signal,
    ...extra,
  });

  /** Reads pages 1 and 2, then its deadline passes (or, with `error`, it fails that way instead). */
  function stoppedAfterTwoPages(deadline: AbortController, error?: ApiError): OperationSpec {
    return {
      ...parseOperation,
      async execute({ document }) {
        await document.extract([1, 2]);
        if (error) throw error;
        deadline.abort(deadlineExceeded());
        throw deadline.signal.reason;
      },
    };
  }

  it('bills a live key for the pages read before the deadline, once, and nothing is cached', async () => {
    // Prepare
    const deadline = new AbortController();
    const request = submission(LIVE_PRINCIPAL, deadline.signal);

    // Act
    await expect(runInference(deps, stoppedAfterTwoPages(deadline), request)).rejects.toMatchObject({ code: 'service_unavailable' });

    // Assess
    expect(deps.ledger.rows).toHaveLength(1);
    expect(deps.ledger.rows[0]).toMatchObject({ requestId: request.requestId, operation: 'parse', pages: 2, amountMicroUsd: 2 * 40_000 });
    expect(deps.cache.items.size).toBe(0);
  });

  it('bills a job stopped by the worker deadline (504) the same way', async () => {
    const deadline = new AbortController();
    const timedOut: OperationSpec = {
      ...parseOperation,
      async execute({ document }) {
        await document.extract([1]);
        throw new ApiError('processing_timeout', 'stopped');
      },
    };
    await expect(runInference(deps, timedOut, submission(LIVE_PRINCIPAL, deadline.signal, { synchronous: false }))).rejects.toMatchObject({
      code: 'processing_timeout',
    });
    expect(deps.ledger.rows.map((r) => r.pages)).toEqual([1]);
  });

  it('bills nothing for a test key, a batch item, an ordinary failure, or work stopped before it opened the document', async () => {
    const cases: [Principal, AbortController, Partial<Submission<unknown, unknown>>, ApiError | undefined][] = [
      [TEST_PRINCIPAL, new AbortController(), {}, undefined],
      [LIVE_PRINCIPAL, new AbortController(), { batch: { createdAt: '2026-11-22T11:00:00.000Z' } }, undefined],
      [LIVE_PRINCIPAL, new AbortController(), {}, new ApiError('internal_error', 'engine failed')],
    ];
    for (const [principal, deadline, extra, error] of cases) {
      await expect(runInference(deps, stoppedAfterTwoPages(deadline, error), submission(principal, deadline.signal, extra))).rejects.toBeInstanceOf(
        ApiError,
      );
    }
    const before = new AbortController();
    before.abort(deadlineExceeded());
    await expect(runInference(deps, parseOperation, submission(LIVE_PRINCIPAL, before.signal))).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(deps.ledger.rows).toHaveLength(0);
  });
});
