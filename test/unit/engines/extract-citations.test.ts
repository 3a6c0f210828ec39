/**
 * Citations only where the value is on the cited lines (grounding.ts, hosted
 * extract): a value the page does not hold gets no citation and at most half
 * the model's confidence, whatever lines the model names; a value printed
 * with other spacing, case or amount/date notation is still cited.
 */
import { describe, expect, it } from 'vitest';
import type { LanguageModel } from '../../../functions/contracts/hosted-models.ts';
import { ground, type GroundLine } from '../../../functions/engines/extract/grounding.ts';
import { languageModelExtractor } from '../../../functions/engines/hosted/extract.ts';
import { buildPage } from './page-builder.ts';

const page = () =>
  buildPage({
    items: [
      { text: 'Harbour Lights Ltd', x: 60, y: 60 },
      { text: '12 Quayside Row', x: 60, y: 76 },
      { text: 'IBAN: de44 5001 0517 5407 3249 31', x: 60, y: 100 },
      { text: 'Invoice date: 14.03.2026', x: 60, y: 116 },
      { text: 'Total due: EUR 1.250,00', x: 60, y: 132 },
    ],
  });

/** A model that answers the given fields, each naming line 2 (the IBAN line) unless said otherwise. */
function answering(fields: Record<string, { value: string; lines?: number[]; confidence?: number }>): LanguageModel {
  const input = {
    fields: Object.fromEntries(
      Object.entries(fields).map(([k, f]) => [k, { value: f.value, lines: f.lines ?? [2], confidence: f.confidence ?? 0.9 }]),
    ),
    line_items: [],
  };
  return { modelId: 'fake-model', callTool: async () => ({ input, modelId: 'fake-model', usage: { inputTokens: 0, outputTokens: 0 } }) };
}

describe('citations only where the value is', () => {
  it('cites values found on the page under normalised comparison (spacing, case, amount and date notation)', async () => {
    const model = answering({
      iban: { value: 'DE44500105175407324931' },
      total_amount: { value: '1250.00', lines: [4] },
      invoice_date: { value: '2026-03-14', lines: [3] },
    });
    const result = await languageModelExtractor(model).financial([page()]);
    expect(result.citations?.entities.iban?.text).toMatch(/5407/);
    expect(result.citations?.entities.total_amount?.text).toContain('1.250,00');
    expect(result.citations?.entities.invoice_date?.text).toContain('14.03.2026');
    expect(result.confidence.iban).toBe(0.9);
  });

  it('gives no citation and half the confidence to a value the page does not hold, even on the lines the model names', async () => {
    const model = answering({
      iban: { value: 'FR14 2004 1010 0505 0001 3M02 606', confidence: 0.96 },
      total_amount: { value: '9999.00', lines: [4] },
    });
    const result = await languageModelExtractor(model).financial([page()]);
    expect(result.entities.iban).toBe('FR1420041010050500013M02606');
    expect(result.citations?.entities.iban).toBeUndefined();
    expect(result.confidence.iban).toBe(0.48);
    expect(result.citations?.entities.total_amount).toBeUndefined();
    expect(result.confidence.total_amount).toBe(0.45);
  });

  it('cites a value over several named lines only when they spell it', () => {
    const lines: GroundLine[] = [
      { pageIndex: 0, text: 'Harbour Lights Ltd', bbox: [0.1, 0.1, 0.4, 0.12] },
      { pageIndex: 0, text: '12 Quayside Row', bbox: [0.1, 0.12, 0.4, 0.14] },
    ];
    expect(ground('vendor_address', 'Harbour Lights Ltd, 12 Quayside Row', lines, { hint: [0, 1] })).toBeDefined();
    expect(ground('vendor_address', 'Cinder Yard Holdings, 7 Forge Lane', lines, { hint: [0, 1] })).toBeUndefined();
    // One line that is a small piece of a longer value is not its citation.
    expect(ground('vendor_address', 'Harbour Lights Ltd, 40 Elsewhere Street, Far Town', lines)).toBeUndefined();
  });

  it('cites a value whose hint names one line twice on that line once, by the value\'s own words', () => {
    const line: GroundLine = {
      pageIndex: 0,
      text: 'Invoice No: 5582',
      bbox: [0.1, 0.1, 0.4, 0.12],
      words: [
        { text: 'Invoice', bbox: [0.1, 0.1, 0.2, 0.12], start: 0 },
        { text: 'No:', bbox: [0.21, 0.1, 0.25, 0.12], start: 8 },
        { text: '5582', bbox: [0.26, 0.1, 0.32, 0.12], start: 12 },
      ],
    };
    const citation = ground('invoice_number', '5582', [line], { hint: [0, 0] });
    expect(citation?.text).toBe('5582');
    expect(citation?.bbox).toEqual([0.26, 0.1, 0.32, 0.12]);
  });
});
