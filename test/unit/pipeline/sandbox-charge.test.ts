/**
 * Issue 38 item 2 (sandbox) and item 3 (ledger before cache): a test key's
 * first page is charged before the document is opened, work that ran past
 * its deadline keeps its charge, and a failed ledger write leaves no cached
 * result behind.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../functions/contracts/errors.ts';
import { deadlineExceeded } from '../../../functions/middleware/http-errors.ts';
import type { Principal } from '../../../functions/middleware/http.ts';
import { parseOperation } from '../../../functions/operations/parse-operation.ts';
import { runInference, type Submission } from '../../../functions/pipeline/inference.ts';
import type { OperationSpec } from '../../../functions/pipeline/operation.ts';
import { ranPastDeadline, SandboxCharge } from '../../../functions/pipeline/sandbox.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf } from '../../helpers/pdf.ts';

const TEST_PRINCIPAL: Principal = { orgId: 'acme', tier: 'pro', keyId: 'k-test', keyKind: 'test', sandboxPagesPerDay: 10 };
const LIVE_PRINCIPAL: Principal = { orgId: 'acme', tier: 'pro', keyId: 'k-live', keyKind: 'live' };

let threePages: Uint8Array;
beforeAll(async () => {
  threePages = await makeNumberedPdf(3);
});

const usedToday = (deps: FakeDeps) => [...deps.sandbox.days.values()].reduce((a, b) => a + b, 0);

function submission(principal: Principal, documentKey: string, extra: Partial<Submission<unknown, unknown>> = {}): Submission<any, any> {
  return {
    requestId: `req-${Math.random().toString(36).slice(2)}`,
    principal,
    query: parseOperation.querySchema.parse({}),
    form: { document_key: documentKey },
    forceRefresh: false,
    raised: false,
    synchronous: true,
    ...extra,
  };
}

describe('sandbox: charged before opening, kept past the deadline', () => {
  let deps: FakeDeps;
  beforeEach(async () => {
    deps = fakeDeps();
    await seedKey(deps, 'hk_test_' + 'Q'.repeat(40), 'acme', 'pro');
  });

  it('refuses a test key whose day is used up before the document is opened (a corrupt file is 429, not 422)', async () => {
    const corrupt = await putDocument(deps, 'acme', new TextEncoder().encode('%PDF-1.4 not really a pdf'));
    await deps.sandbox.reserve('acme', '2026-11-22', 10, 10);
    await expect(runInference(deps, parseOperation, submission(TEST_PRINCIPAL, corrupt))).rejects.toMatchObject({
      code: 'sandbox_limit_exceeded',
      details: { pages: 1, used_today: 10, max_pages_per_day: 10 },
    });
    // With a page left, the same file is opened and refused as corrupt, and the page given back.
    await deps.sandbox.release('acme', '2026-11-22', 1);
    await expect(runInference(deps, parseOperation, submission(TEST_PRINCIPAL, corrupt))).rejects.toMatchObject({ code: 'document_corrupt' });
    expect(usedToday(deps)).toBe(9);
  });

  it('keeps every reserved page of a request that ran past its deadline, gives them back for an ordinary failure', async () => {
    const documentKey = await putDocument(deps, 'acme', threePages);
    const deadline = new AbortController();
    const slow: OperationSpec = {
      ...parseOperation,
      async execute() {
        deadline.abort(deadlineExceeded());
        throw deadline.signal.reason;
      },
    };
    await expect(runInference(deps, slow, submission(TEST_PRINCIPAL, documentKey, { signal: deadline.signal }))).rejects.toMatchObject({
      code: 'service_unavailable',
    });
    expect(usedToday(deps)).toBe(3);

    const failing: OperationSpec = {
      ...parseOperation,
      async execute() {
        throw new ApiError('internal_error', 'engine failed');
      },
    };
    await expect(runInference(deps, failing, submission(TEST_PRINCIPAL, documentKey))).rejects.toMatchObject({ code: 'internal_error' });
    expect(usedToday(deps)).toBe(3);
  });

  it('keeps the charge for a worker timeout (504 processing_timeout) too', async () => {
    const documentKey = await putDocument(deps, 'acme', threePages);
    const timedOut: OperationSpec = {
      ...parseOperation,
      async execute() {
        throw new ApiError('processing_timeout', 'stopped');
      },
    };
    await expect(runInference(deps, timedOut, submission(TEST_PRINCIPAL, documentKey, { synchronous: false }))).rejects.toMatchObject({
      code: 'processing_timeout',
    });
    expect(usedToday(deps)).toBe(3);
  });

  it('never settles a success below one page, and a live key is never charged', async () => {
    const charge = (await SandboxCharge.beforeOpening(deps, TEST_PRINCIPAL))!;
    await charge.extendTo(3);
    await charge.settle(0);
    expect(charge.pages).toBe(1);
    expect(usedToday(deps)).toBe(1);
    expect(await SandboxCharge.beforeOpening(deps, LIVE_PRINCIPAL)).toBeUndefined();
  });

  it('tells a deadline from other failures', () => {
    const aborted = AbortSignal.abort();
    expect(ranPastDeadline(new Error('x'), aborted)).toBe(true);
    expect(ranPastDeadline(deadlineExceeded(), undefined)).toBe(true);
    expect(ranPastDeadline(Object.assign(new Error('t'), { name: 'TimeoutError' }), undefined)).toBe(true);
    expect(ranPastDeadline(new ApiError('document_corrupt', 'bad'), new AbortController().signal)).toBe(false);
  });
});

describe('ledger before cache', () => {
  it('a failed ledger write leaves no cached result: the next request computes and is billed', async () => {
    const deps = fakeDeps();
    const documentKey = await putDocument(deps, 'acme', threePages);
    const record = deps.ledger.record.bind(deps.ledger);
    deps.ledger.record = async () => {
      throw new Error('ledger unavailable');
    };
    await expect(runInference(deps, parseOperation, submission(LIVE_PRINCIPAL, documentKey))).rejects.toThrow('ledger unavailable');
    expect(deps.cache.items.size).toBe(0);

    deps.ledger.record = record;
    const second = await runInference(deps, parseOperation, submission(LIVE_PRINCIPAL, documentKey));
    expect(second.metadata.cached).toBe(false);
    expect(deps.ledger.rows.map((r) => [r.requestId, r.pages])).toEqual([[second.request_id, 3]]);
    expect(deps.cache.items.size).toBe(1);
  });
});
