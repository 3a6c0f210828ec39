/**
 * Classify, split and extract with `DOCINTEL_<OPERATION>_ENGINE=bedrock`:
 * the language model answers and `model_used` names it; when it fails with a
 * HostedEngineError the local engine answers and `metadata.engine_fallback`
 * says why; any other error is a bug and is not hidden. The language model
 * here is an in-memory stand-in (the Bedrock adapter has its own contract tests).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINES, type EngineSelection } from '../../../functions/contracts/engines.ts';
import type { LanguageModel } from '../../../functions/contracts/hosted-models.ts';
import { createHandler as createClassify } from '../../../functions/handlers/classify.ts';
import { createHandler as createExtract } from '../../../functions/handlers/extract.ts';
import { createHandler as createSplit } from '../../../functions/handlers/split.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { MODEL_ID, scriptedModel } from '../../helpers/language-models.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeTextPdf } from '../../helpers/pdf.ts';

const KEY = 'hk_test_' + 'H'.repeat(40);

const INVOICE = ['INVOICE', 'Invoice number: QB-3310', 'Bill to: Fennel & Sons', 'Amount due 96.00'];
const LETTER = ['April 2, 2026', 'Dear Mr. Okafor,', 'We confirm your appointment.', 'Sincerely,', 'Ruth Mbeki'];


async function setup(model: LanguageModel | undefined, engines: Partial<EngineSelection>) {
  const deps = { ...fakeDeps(), engines: { ...DEFAULT_ENGINES, ...engines }, hosted: model ? { languageModel: model } : {} } as FakeDeps;
  await seedKey(deps, KEY, 'acme', 'pro');
  const call = async (operation: 'classify' | 'split' | 'extract', pages: string[][], fields: Record<string, string> = {}, query: Record<string, string> = {}) => {
    const documentKey = await putDocument(deps, 'acme', await makeTextPdf(pages));
    const handler = { classify: createClassify, split: createSplit, extract: createExtract }[operation](() => deps);
    const res = await handler(inferenceEvent(operation, KEY, { document_key: documentKey, ...fields }, query), testContext());
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  return { deps, call };
}

const ANSWERS = {
  record_document_type: { label: 'letter', confidence: 0.88, candidates: [{ label: 'letter', confidence: 0.88 }, { label: 'memo', confidence: 0.07 }] },
  record_documents: { documents: [{ start_page: 1, end_page: 1, type: 'invoice' }, { start_page: 2, end_page: 2, type: 'letter' }] },
  record_invoice_fields: { fields: { invoice_number: { value: 'QB-3310', lines: [1], confidence: 0.95 }, amount_due: { value: '96.00', lines: [3], confidence: 0.9 } }, line_items: [] },
};

describe('operations on the bedrock engines', () => {
  it('classify: the model answers; model_used names it; system_instruction reaches it; no fallback metadata', async () => {
    const model = scriptedModel(ANSWERS);
    const { call } = await setup(model, { classify: 'bedrock' });
    const { status, body } = await call('classify', [LETTER], { options: JSON.stringify({ system_instruction: 'Mail of a dental practice.' }) });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toEqual(ANSWERS.record_document_type);
    expect(body.model_used).toMatch(new RegExp(`\\+bedrock/${MODEL_ID.replace(/[.:]/g, '\\$&')}$`));
    expect(body.metadata.engine_fallback).toBeUndefined();
    expect(model.requests[0].system).toContain('Mail of a dental practice.');
  });

  it('split: the model answers with segments; use_thinking asks for reasoning', async () => {
    const model = scriptedModel(ANSWERS);
    const { call } = await setup(model, { split: 'bedrock' });
    const { status, body } = await call('split', [INVOICE, LETTER]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.segments).toEqual([
      { document_index: 0, start_page: 1, end_page: 1, type: 'invoice' },
      { document_index: 1, start_page: 2, end_page: 2, type: 'letter' },
    ]);
    expect(body.model_used).toMatch(/\+bedrock\/amazon\.nova-lite-v1:0$/);
    expect(model.requests[0].reasoning).toBe(true);
  });

  it('extract: the model answers, values grounded to the page', async () => {
    const { call } = await setup(scriptedModel(ANSWERS), { extract: 'bedrock' });
    const { status, body } = await call('extract', [INVOICE]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.entities).toEqual({ invoice_number: 'QB-3310', amount_due: '96.00' });
    expect(body.result.citations.entities.invoice_number).toMatchObject({ page: 1, text: expect.stringContaining('QB-3310') });
    expect(body.model_used).toMatch(/\+bedrock\/amazon\.nova-lite-v1:0$/);
  });

  it.each(['throttled', 'unavailable', 'timeout', 'access_denied', 'invalid_response'] as const)('falls back to the local engine when the model fails (%s), and says so', async (reason) => {
    const { call } = await setup(scriptedModel(ANSWERS, reason), { classify: 'bedrock', split: 'bedrock', extract: 'bedrock' });
    const classify = await call('classify', [INVOICE]);
    expect(classify.status).toBe(200);
    expect(classify.body.result.label).toBe('invoice');
    expect(classify.body.model_used).toMatch(/\+docintel-classify@2$/);
    expect(classify.body.metadata.engine_fallback).toEqual({ slot: 'classify', engine: 'bedrock', reason, used: 'local' });

    const split = await call('split', [INVOICE, LETTER]);
    expect(split.status).toBe(200);
    expect(split.body.model_used).toMatch(/\+docintel-split@2$/);
    expect(split.body.metadata.engine_fallback).toEqual({ slot: 'split', engine: 'bedrock', reason, used: 'local' });

    const extract = await call('extract', [INVOICE]);
    expect(extract.status).toBe(200);
    expect(extract.body.result.entities.invoice_number).toBe('QB-3310');
    expect(extract.body.model_used).toMatch(/\+docintel-extract@1$/);
    expect(extract.body.metadata.engine_fallback).toEqual({ slot: 'extract', engine: 'bedrock', reason, used: 'local' });
  });

  it('does not cache a fallback answer: the same request asks the model again (and caches its answer)', async () => {
    const model = scriptedModel(ANSWERS, 'throttled');
    const { deps } = await setup(model, { classify: 'bedrock' });
    const documentKey = await putDocument(deps, 'acme', await makeTextPdf([LETTER]));
    const classify = async () => JSON.parse((await createClassify(() => deps)(inferenceEvent('classify', KEY, { document_key: documentKey }), testContext())).body);
    expect((await classify()).metadata.engine_fallback).toMatchObject({ reason: 'throttled' });
    // Bedrock is back.
    model.callTool = scriptedModel(ANSWERS).callTool;
    const second = await classify();
    expect(second.metadata).toMatchObject({ cached: false });
    expect(second.metadata.engine_fallback).toBeUndefined();
    expect(second.model_used).toMatch(/\+bedrock\//);
    expect((await classify()).metadata.cached).toBe(true);
  });

  it('schema-guided extract falls back too', async () => {
    const { call } = await setup(scriptedModel({ record_schema_values: { data: { invoice_number: ['not text'] }, confidence: {} } }), { extract: 'bedrock' });
    const { status, body } = await call('extract', [INVOICE], { schema: JSON.stringify({ invoice_number: null }) }, { category: 'non_financial' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.data).toEqual({ invoice_number: 'QB-3310' });
    expect(body.metadata.engine_fallback).toMatchObject({ slot: 'extract', reason: 'invalid_response' });
  });

  it('does not hide a bug behind the local engine', async () => {
    const { call } = await setup(scriptedModel(ANSWERS, 'bug'), { classify: 'bedrock' });
    const { status, body } = await call('classify', [INVOICE]);
    expect(status).toBe(500);
    expect(body.metadata?.engine_fallback).toBeUndefined();
  });

  it('runs the local engines when a slot is not switched, or no model is built', async () => {
    const model = scriptedModel(ANSWERS);
    const { call } = await setup(model, { split: 'bedrock' });
    const classify = await call('classify', [INVOICE]);
    expect(classify.body.model_used).toMatch(/\+docintel-classify@2$/);
    expect(model.requests).toHaveLength(0);

    const none = await setup(undefined, { classify: 'bedrock' });
    const local = await none.call('classify', [INVOICE]);
    expect(local.status).toBe(200);
    expect(local.body.model_used).toMatch(/\+docintel-classify@2$/);
  });
});
