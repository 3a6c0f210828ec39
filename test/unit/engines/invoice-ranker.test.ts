import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { INVOICE_FEATURES, INVOICE_FIELDS, type InvoiceCandidate, type InvoiceField } from '../../../functions/engines/extract/invoice-candidates.ts';
import { INVOICE_MODEL, modelMatchesCode, rankInvoice, type InvoiceModel } from '../../../functions/engines/extract/invoice-ranker.ts';
import { pick } from '../../../functions/engines/extract/linear-ranker.ts';
import { at, buildPage } from './page-builder.ts';
import { candidatesOf } from './invoice-candidates-of.ts';

// Invented invoices only: every name, number and address below is made up.

/** A seller letterhead on the right, a buyer with a company form under "Bill to", header fields in two columns, totals. */
const invoice = () =>
  buildPage({
    items: [
      at('Brackenfield Joinery Ltd', 360, 50, 20),
      at('14 Tanner Row', 360, 72),
      at('Lowmoor LM4 2QT', 360, 86),
      at('Bill to', 60, 140),
      at('Quillon Freight GmbH', 60, 154),
      at('Ostkai 7, 20457 Sandhafen', 60, 168),
      at('INVOICE', 60, 220, 18),
      at('Invoice No.:', 360, 220),
      at('BJ-2026-0117', 460, 220),
      at('Order date:', 360, 234),
      at('28/01/2026', 460, 234),
      at('Invoice date:', 360, 248),
      at('03/02/2026', 460, 248),
      at('Due date:', 360, 262),
      at('17/02/2026', 460, 262),
      at('Oak shelving, fitted 2 180.00 360.00', 60, 320),
      at('Site visit 1 95.50 95.50', 60, 334),
      at('Subtotal', 360, 380),
      at('455.50', 480, 380),
      at('VAT 20%', 360, 394),
      at('91.10', 480, 394),
      at('Total due', 360, 408),
      at('546.60', 480, 408),
      at('Brackenfield Joinery Ltd · 14 Tanner Row · Lowmoor · IBAN GB33 BUKB 2020 1555 5555 55', 60, 760, 7),
    ],
  });

/** The invoice ranker's candidates of a page, per field. */

const feature = (c: InvoiceCandidate | undefined, field: InvoiceField, name: string) => c?.features[INVOICE_FEATURES[field].indexOf(name)];

describe('Engine: invoice ranker', () => {
  it('picks the seller, the invoice date, the number and the total of an invented invoice whose buyer also has a company form', () => {
    // Prepare
    const page = invoice();
    // Act
    const { entities } = extractFinancial([page]);
    // Assess
    expect(entities).toMatchObject({
      vendor_name: 'Brackenfield Joinery Ltd',
      invoice_date: '2026-02-03',
      invoice_number: 'BJ-2026-0117',
      total_amount: '546.60',
    });
  });

  it.each([
    ['2026-02-03', 'own_invoice_date', 1],
    ['2026-02-03', 'own_due', 0],
    ['2026-02-17', 'own_due', 1],
    ['2026-02-17', 'own_invoice_date', 0],
    ['2026-01-28', 'own_other', 0],
    ['2026-01-28', 'earliest', 1],
  ])('gives the date %s the feature %s = %d (the label to its left in the same row)', (value, name, expected) => {
    // Prepare
    const dates = candidatesOf(invoice()).invoice_date;
    // Act
    const candidate = dates.find((c) => c.value === value);
    // Assess
    expect(feature(candidate, 'invoice_date', name)).toBe(expected);
  });

  it('marks the buyer under "Bill to" as such and finds the seller again in the footer', () => {
    // Prepare
    const names = candidatesOf(invoice()).vendor_name;
    // Act
    const buyer = names.find((c) => c.value === 'Quillon Freight GmbH');
    const seller = names.find((c) => c.value === 'Brackenfield Joinery Ltd');
    // Assess
    expect(feature(buyer, 'vendor_name', 'under_customer')).toBe(1);
    expect(feature(seller, 'vendor_name', 'under_customer')).toBe(0);
    expect(feature(seller, 'vendor_name', 'in_footer')).toBe(1);
    expect(feature(seller, 'vendor_name', 'tallest_top')).toBe(1);
  });

  it('offers no document title or bare legal form as a name, and no IBAN as an invoice number', () => {
    // Prepare
    const page = buildPage({
      items: [
        at('RECHNUNG.', 60, 40, 18),
        at('Feldmark Kältetechnik', 60, 70),
        at('GmbH', 60, 84),
        at('Rechnung Nr. 40917 vom 12.03.2026', 60, 120),
        at('Rechnungsnummer: DE89370400440532013000', 60, 140),
        at('Gesamtbetrag 119,00 €', 360, 300),
      ],
    });
    // Act
    const candidates = candidatesOf(page);
    // Assess
    expect(candidates.vendor_name.map((c) => c.value)).not.toContain('RECHNUNG.');
    expect(candidates.vendor_name.map((c) => c.value)).not.toContain('GmbH');
    expect(candidates.invoice_number.map((c) => c.value)).not.toContain('DE89370400440532013000');
    expect(candidates.invoice_number.map((c) => c.value)).toContain('40917');
  });

  it('reports the rules alone when the model is null, and picks nothing with a model whose features are not the code’s', () => {
    // Prepare
    const page = invoice();
    const stale: InvoiceModel = {
      ...INVOICE_MODEL,
      fields: { vendor_name: { features: ['bias', 'gone'], mean: [0, 0], std: [0, 1], weights: [0, 5] } },
    };
    const input = {
      lines: [{ text: 'Example Works Ltd', bbox: [0.1, 0.05, 0.4, 0.07] as [number, number, number, number], pageIndex: 0, labels: [] }],
      rules: [],
      rulePick: {},
      monthFirst: false,
    };
    // Act
    const rules = extractFinancial([page], { invoiceModel: null });
    const picks = rankInvoice(input, stale);
    // Assess
    expect(rules.entities.vendor_name).toBeDefined();
    expect(modelMatchesCode(stale)).toBe(false);
    expect(picks).toEqual({});
    expect(rankInvoice(input, null)).toEqual({});
  });

  it('ships a model that names the feature lists the code has now, for every ranked field, with its out-of-fold figures', () => {
    // Assess
    expect(modelMatchesCode(INVOICE_MODEL)).toBe(true);
    for (const field of INVOICE_FIELDS) expect(INVOICE_MODEL.fields[field]?.weights).toHaveLength(INVOICE_FEATURES[field].length);
    expect(INVOICE_MODEL.out_of_fold).toMatchObject({ folds_over: 'issuers' });
  });

  it('picks the candidate with the highest score and says how sure it is', () => {
    // Prepare
    const model = { features: ['bias', 'x'], mean: [0, 0], std: [0, 0], weights: [0, 2] };
    const candidates: InvoiceCandidate[] = [
      { field: 'total_amount', value: '10.00', lines: [0], features: [1, 0] },
      { field: 'total_amount', value: '12.00', lines: [1], features: [1, 1] },
    ];
    // Act
    const picked = pick(model, candidates);
    // Assess
    expect(picked?.candidate.value).toBe('12.00');
    expect(picked?.probability).toBeCloseTo(Math.exp(2) / (1 + Math.exp(2)), 6);
  });
});
