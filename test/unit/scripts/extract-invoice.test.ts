import { describe, expect, it } from 'vitest';
import { fitInvoiceModel, issuerFolds, marked, type TrainingInvoice } from '../../../scripts/train/extract-invoice.ts';
import { generatedInvoices } from '../../../scripts/train/invoice-synthetic.ts';

/** Generated invoices as training documents; `issuers` of them share a seller name per pair (a repeating issuer). */
function documents(count: number, seed: number): TrainingInvoice[] {
  return generatedInvoices(count, seed).map((g, i) => ({
    id: g.id,
    issuer: `issuer-${Math.floor(i / 2)}`,
    source: 'corpus' as const,
    set: 'test',
    truth: g.truth,
    candidates: marked(g.pages, g.truth)!,
  }));
}

describe('Script: train invoice', () => {
  it('generates the same invoices from the same seed, and other ones from another', () => {
    // Act
    const [a, b, c] = [generatedInvoices(3, 11), generatedInvoices(3, 11), generatedInvoices(3, 12)];
    // Assess
    expect(a.map((g) => g.pages[0].text)).toEqual(b.map((g) => g.pages[0].text));
    expect(a.map((g) => g.pages[0].text)).not.toEqual(c.map((g) => g.pages[0].text));
    for (const g of a) expect(g.pages[0].text).toContain(g.truth.invoice_number);
  });

  it('fits byte-identical weights from the same documents and seed', () => {
    // Prepare
    const docs = documents(16, 3);
    // Act
    const [first, second] = [fitInvoiceModel(docs, 5), fitInvoiceModel(docs, 5)];
    // Assess
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    expect(first.fields.invoice_date?.weights.some((w) => w !== 0)).toBe(true);
  });

  it('draws folds over corpus issuers only, seeded: generated invoices are in no fold (always training)', () => {
    // Prepare
    const docs = documents(20, 4);
    const withGenerated = [...docs, { ...docs[0], id: 'generated:x', issuer: 'generated:x', source: 'generated' as const }];
    // Act
    const folds = issuerFolds(withGenerated, 3, 9);
    // Assess
    expect(folds.size).toBe(10);
    expect(folds.has('generated:x')).toBe(false);
    expect(new Set(folds.values())).toEqual(new Set([0, 1, 2]));
    expect([...issuerFolds(docs, 3, 9)]).toEqual([...folds]);
    expect([...issuerFolds(docs, 3, 10)]).not.toEqual([...folds]);
  });
});
