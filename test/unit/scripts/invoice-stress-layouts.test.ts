import { describe, expect, it } from 'vitest';
import { openDocument } from '../../../functions/engines/registry.ts';
import { STRESS_FAMILIES, STRESS_LANGUAGES, stressInvoice, stressInvoices, writeDate } from '../../../scripts/train/invoice-stress-layouts.ts';

describe('Script: invoice stress layouts', () => {
  it.each([
    ['en-US', 'slashed', '03/11/2026'],
    ['en-GB', 'slashed', '11/03/2026'],
    ['de', 'spelled', '11. März 2026'],
    ['pt', 'spelled', '11 de março de 2026'],
    ['it', 'abbreviated', '11 mar. 2026'],
    ['en-US', 'ordinal', 'Mar 11th, 2026'],
    ['fr', 'two-digit', '11/03/26'],
  ] as const)('writes a date as the %s locale does in the %s style', (language, style, expected) => {
    // Act & Assess
    expect(writeDate(new Date(Date.UTC(2026, 2, 11)), language, style)).toBe(expected);
  });

  it('draws every family and language, and renders the same PDF from the same seed with the truth on the page', async () => {
    // Prepare
    const all = stressInvoices(1, 3);
    const [a, b] = [stressInvoice(42, 'header-box', 'pt'), stressInvoice(42, 'header-box', 'pt')];
    // Act
    const [bytesA, bytesB] = [await a.pdf(), await b.pdf()];
    const document = await openDocument(bytesA, { filename: 'stress.pdf' });
    const text = (await document.extract()).pages.map((p) => p.text).join('\n');
    await document.close();
    // Assess
    expect(all).toHaveLength(STRESS_FAMILIES.length * STRESS_LANGUAGES.length);
    expect(new Set(all.map((s) => s.family)).size).toBe(STRESS_FAMILIES.length);
    expect(Buffer.from(bytesA).equals(Buffer.from(bytesB))).toBe(true);
    expect(text).toContain(a.truth.invoice_number);
    expect(text).toContain(a.truth.vendor_name);
  });
});
