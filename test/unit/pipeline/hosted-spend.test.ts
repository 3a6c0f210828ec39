/**
 * Issue 38 item 3: hosted spend is bounded in one place
 * (`HOSTED_SPEND_LIMITS`). Comprehend reads at most so many characters per
 * page and per request (the rest is detected locally and the response says
 * so); a request's Bedrock prompt, caller text included, has a token budget
 * checked before any call; and with the prices in contracts no request's
 * hosted spend passes 10× what it is billed.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINES, HOSTED_PRICES_MICRO_USD, HOSTED_SPEND_LIMITS } from '../../../functions/contracts/engines.ts';
import type { PiiDetectionService, PiiSpan as HostedSpan, ToolCallRequest } from '../../../functions/contracts/hosted-models.ts';
import { OPERATIONS, unitPriceMicroUsd } from '../../../functions/contracts/prices.ts';
import { detectPiiWithService, hostedRanges, type HostedTextLimit } from '../../../functions/engines/redact/hosted-detect.ts';
import { createHandler as createClassify } from '../../../functions/handlers/classify.ts';
import { budgetedModel, requestTokens } from '../../../functions/operations/language-model-engine.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { letterModel } from '../../helpers/language-models.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeTextPdf } from '../../helpers/pdf.ts';

const SMALL = { comprehendCharsPerPage: 40, comprehendCharsPerRequest: 60 };

function recordingComprehend(entities: readonly (readonly [string, string])[]) {
  const sent: string[] = [];
  const service: PiiDetectionService = {
    name: 'comprehend/DetectPiiEntities',
    maxTextBytes: 100_000,
    async detectPii(text) {
      sent.push(text);
      const spans: HostedSpan[] = [];
      for (const [type, value] of entities) {
        for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1))
          spans.push({ type, beginOffset: at, endOffset: at + value.length, score: 0.99 });
      }
      return spans;
    },
  };
  return { service, sent };
}

describe('Comprehend: characters per page and per request', () => {
  const pageOne = 'Contact mara.quill@example.org today about the parcel and more words here';
  const pageTwo = 'Second page reaches tovi.brand@example.net for the rest';
  const text = `${pageOne}\n\n${pageTwo}`;
  const pages = [
    { pageNumber: 1, start: 0, end: pageOne.length },
    { pageNumber: 2, start: pageOne.length + 2, end: text.length },
  ];

  it('sends each page up to its cap (cut between words) and stops at the request cap', () => {
    const plan = hostedRanges(text, pages, SMALL);
    expect(plan.cut).toEqual([1, 2]);
    const sent = plan.ranges.map((r) => text.slice(r.start, r.end));
    expect(sent[0].length).toBeLessThanOrEqual(40);
    expect(pageOne.startsWith(sent[0])).toBe(true);
    expect(sent[0].endsWith(' ')).toBe(false);
    expect(plan.sent).toBeLessThanOrEqual(60);
    // Under the caps: one range, the whole text, as before.
    expect(hostedRanges(text, pages)).toEqual({ ranges: [{ start: 0, end: text.length }], cut: [], sent: pageOne.length + pageTwo.length });
  });

  it('detects what is past the caps locally, and reports the pages', async () => {
    const { service, sent } = recordingComprehend([
      ['EMAIL', 'mara.quill@example.org'],
      ['EMAIL', 'tovi.brand@example.net'],
    ]);
    let limit: HostedTextLimit | undefined;
    const spans = await detectPiiWithService(text, { mode: 'extend', types: [] }, service, {
      languageCode: 'en',
      pages,
      limits: SMALL,
      onLimit: (l) => (limit = l),
    });
    expect(sent.join('').length).toBeLessThanOrEqual(60);
    expect(sent.join('')).not.toContain('tovi.brand');
    // Both addresses are found: the second by the local recognizer.
    expect(spans.filter((s) => s.type === 'EMAIL_ADDRESS').map((s) => text.slice(s.start, s.end))).toEqual([
      'mara.quill@example.org',
      'tovi.brand@example.net',
    ]);
    expect(limit).toMatchObject({ max_chars_per_page: 40, max_chars_per_request: 60, pages: [1, 2] });
  });
});


describe('Bedrock: a token budget per request that counts caller text', () => {
  const KEY = 'hk_live_' + 'B'.repeat(40);
  async function setup() {
    const model = letterModel();
    const deps = { ...fakeDeps(), engines: { ...DEFAULT_ENGINES, classify: 'bedrock' }, hosted: { languageModel: model } } as FakeDeps;
    await seedKey(deps, KEY, 'acme', 'pro');
    const documentKey = await putDocument(deps, 'acme', await makeTextPdf([['Dear Mr. Pellow,', 'Your order has shipped.']]));
    const classify = async (options?: unknown) => {
      const fields = { document_key: documentKey, ...(options ? { options: JSON.stringify(options) } : {}) };
      const res = await createClassify(() => deps)(inferenceEvent('classify', KEY, fields), testContext());
      return { status: res.statusCode, body: JSON.parse(res.body) };
    };
    return { deps, model, classify };
  }

  it('refuses caller text that would pass the budget with 400 invalid_option (hosted_prompt_budget) before any call, unbilled', async () => {
    const { deps, model, classify } = await setup();
    const custom = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`kind_${i}`, 'A long made-up class description. '.repeat(60).slice(0, 2000)]),
    );
    const neighbours = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`kind_${i}`, Array.from({ length: 20 }, (_, j) => `kind_${(i + j + 1) % 50}`)]),
    );
    const { status, body } = await classify({
      custom_llm_classes: custom,
      confusion_neighbors: neighbours,
      system_instruction: 'Be careful. '.repeat(300),
    });
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error).toMatchObject({
      code: 'invalid_option',
      details: { reason: 'hosted_prompt_budget', max_tokens: HOSTED_SPEND_LIMITS.bedrockCallerTokensPerRequest },
    });
    expect(model.requests).toHaveLength(0);
    expect(deps.ledger.rows).toHaveLength(0);
  });

  it('lets an ordinary request through, well inside the budget', async () => {
    const { model, classify } = await setup();
    expect((await classify()).status).toBe(200);
    expect(model.requests).toHaveLength(1);
    expect(requestTokens(model.requests[0])).toBeLessThan(HOSTED_SPEND_LIMITS.bedrockInputTokensPerRequest / 2);
  });

  it('counts every call of a request and caps the output tokens asked for', async () => {
    const inner = letterModel();
    const model = budgetedModel(inner, { ...HOSTED_SPEND_LIMITS, bedrockInputTokensPerRequest: 100, bedrockOutputTokensPerRequest: 500 });
    const request = (chars: number): ToolCallRequest => ({
      system: 's',
      prompt: 'x'.repeat(chars),
      tool: { name: 't', description: '', inputSchema: {} },
      maxOutputTokens: 400,
    });
    await model.callTool(request(200));
    expect(inner.requests[0].maxOutputTokens).toBe(400);
    await model.callTool(request(100));
    expect(inner.requests[1].maxOutputTokens).toBe(100);
    await expect(model.callTool(request(200))).rejects.toMatchObject({ code: 'invalid_option', details: { reason: 'hosted_prompt_budget' } });
    expect(inner.requests).toHaveLength(2);
  });
});

describe('no request spends more than 10× what it is billed on hosted engines', () => {
  // The cheapest a billed request can be: one page at the batch price of the operation.
  const billedPerPage = (operation: (typeof OPERATIONS)[number]) => unitPriceMicroUsd(operation, 'fast', true);
  const P = HOSTED_PRICES_MICRO_USD;
  const L = HOSTED_SPEND_LIMITS;

  it('Bedrock: the whole token budget of one request, on every priced model, against a one-page classify, split or extract', () => {
    for (const [model, price] of Object.entries(P.bedrockPerMillionTokens)) {
      const spend = (L.bedrockInputTokensPerRequest * price.input + L.bedrockOutputTokensPerRequest * price.output) / 1_000_000;
      for (const operation of ['classify', 'split', 'extract'] as const) {
        expect(spend, `${model} ${operation}`).toBeLessThanOrEqual(10 * billedPerPage(operation));
      }
    }
    // Claude 3.5 Haiku, the priciest listed: 32,000 × $0.80/M + 8,000 × $4/M = $0.0576 ≤ 10 × $0.015.
    expect((32_000 * 800_000 + 8_000 * 4_000_000) / 1_000_000).toBe(57_600);
  });

  it('Comprehend: one page at its cap, in the worst number of calls, against one redacted page', () => {
    // A page's text may reach the service in two calls (a chunk boundary), each at least the minimum units.
    const units = Math.ceil(L.comprehendCharsPerPage / P.comprehendCharsPerUnit) + 2 * P.comprehendMinUnitsPerCall;
    expect(units * P.comprehendPerUnit).toBeLessThanOrEqual(10 * billedPerPage('redact'));
    // 5,000 characters = 50 units (+6) = $0.0056 per page against $0.025 billed: 0.22×.
    expect(units * P.comprehendPerUnit).toBe(5_600);
  });

  it('Textract: the page and every picture read on it, against the cheapest page of any operation', () => {
    const spend = (1 + L.textractPicturesPerPage) * P.textractPerPage;
    for (const operation of OPERATIONS) expect(spend, operation).toBeLessThanOrEqual(10 * billedPerPage(operation));
  });
});
