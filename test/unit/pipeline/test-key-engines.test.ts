/**
 * Issue 38 item 3: hosted engines for hk_test_ keys. The SPEC says test keys
 * run the same models as live, so they use the deployment's hosted engines
 * by default; an administrator can turn them off per organization, and then
 * test keys run the local engines (page-range workers included) and
 * `metadata.hosted_engines_off` says so. Live keys are never affected.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINES } from '../../../functions/contracts/engines.ts';
import { createHandler as createClassify } from '../../../functions/handlers/classify.ts';
import { parseSegment } from '../../../functions/handlers/page-range-worker.ts';
import { enginesForRequest } from '../../../functions/pipeline/engines-for-key.ts';
import type { PageSegment } from '../../../functions/ports/page-segments.ts';
import { setTestKeyHostedEngines } from '../../../functions/runtime/admin.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { letterModel, MODEL_ID } from '../../helpers/language-models.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeTextPdf } from '../../helpers/pdf.ts';

const TEST = 'hk_test_' + 'E'.repeat(40);
const LIVE = 'hk_live_' + 'E'.repeat(40);
const LETTER = ['March 3, 2026', 'Dear Ms. Arbuthnot,', 'Your parcel is ready for collection.', 'Kind regards,', 'Tomas Vell'];


async function setup() {
  const model = letterModel();
  const deps = { ...fakeDeps(), engines: { ...DEFAULT_ENGINES, classify: 'bedrock' }, hosted: { languageModel: model } } as FakeDeps;
  await seedKey(deps, TEST, 'acme', 'pro');
  await seedKey(deps, LIVE, 'acme', 'pro');
  const documentKey = await putDocument(deps, 'acme', await makeTextPdf([LETTER]));
  const classify = async (key: string) => {
    const res = await createClassify(() => deps)(
      inferenceEvent('classify', key, { document_key: documentKey }, { force_refresh: 'true' }),
      testContext(),
    );
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  return { deps, model, classify };
}

describe('hosted engines for test keys', () => {
  it('uses the hosted engines for test keys by default (SPEC: same models as live)', async () => {
    const { model, classify } = await setup();
    const { status, body } = await classify(TEST);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(model.requests).toHaveLength(1);
    expect(body.model_used).toContain(`bedrock/${MODEL_ID}`);
    expect(body.metadata.hosted_engines_off).toBeUndefined();
  });

  it('runs test keys on the local engines once an administrator turns hosted engines off, and says so; live keys keep them', async () => {
    const { deps, model, classify } = await setup();
    await setTestKeyHostedEngines(deps, 'acme', false);
    const test = await classify(TEST);
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(model.requests).toHaveLength(0);
    expect(test.body.model_used).not.toContain('bedrock');
    expect(test.body.metadata.hosted_engines_off).toEqual({ reason: 'test_key', slots: ['classify'] });
    expect(test.body.metadata.engine_fallback).toBeUndefined();

    const live = await classify(LIVE);
    expect(live.body.model_used).toContain('bedrock');
    expect(model.requests).toHaveLength(1);

    await setTestKeyHostedEngines(deps, 'acme', true);
    expect((await classify(TEST)).body.model_used).toContain('bedrock');
    await expect(setTestKeyHostedEngines(deps, 'nobody', false)).rejects.toThrow(/No organization/);
  });

  it('asks page-range workers for the local OCR, and leaves an all-local deployment as it is', async () => {
    const seen: PageSegment[] = [];
    const deps = {
      ...fakeDeps(),
      engines: { ...DEFAULT_ENGINES, ocr: 'textract' },
      hosted: {},
      segments: { concurrency: 4, run: async (segment: PageSegment) => (seen.push(segment), { pages: [], engines: [] }) },
    } as FakeDeps;
    const principal = { orgId: 'acme', tier: 'pro', keyId: 'k', keyKind: 'test', testKeyHostedEngines: false } as const;
    const chosen = enginesForRequest(deps, principal);
    expect(chosen.deps.engines).toEqual(DEFAULT_ENGINES);
    expect(chosen.deps.hosted).toBeUndefined();
    expect(chosen.hostedOff).toEqual({ reason: 'test_key', slots: ['ocr'] });
    await chosen.deps.segments!.run({ blobKey: 'b', kind: 'pdf', pageNumbers: [1] });
    expect(seen[0].localEngines).toBe(true);
    // The worker keeps the flag it is sent.
    expect(parseSegment({ blobKey: 'b', kind: 'pdf', pageNumbers: [1], localEngines: true }).localEngines).toBe(true);

    expect(enginesForRequest(deps, { ...principal, keyKind: 'live' }).deps).toBe(deps);
    expect(enginesForRequest(deps, { ...principal, testKeyHostedEngines: undefined }).deps).toBe(deps);
    const local = fakeDeps();
    expect(enginesForRequest(local, principal)).toEqual({ deps: local });
  });
});
