import { describe, expect, it } from 'vitest';
import { extractFinancial, RECEIPT_MODEL } from '../../../functions/engines/extract/financial.ts';
import { misreadTotalLabel, ocrAmountsIn, oneDigitOff } from '../../../functions/engines/extract/ocr-amounts.ts';
import { FEATURE_NAMES, type RankCandidate, type RankedField, type RankerModel } from '../../../functions/engines/extract/receipt-ranker.ts';
import { syntheticReceipts } from '../../../scripts/train/receipt-synthetic.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

/** A receipt's ranker candidates (no model: the rules' reading). */
function candidatesOf(rows: (string | [string, string])[]): Record<RankedField, RankCandidate[]> {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([receipt(rows)], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  return seen!;
}

const feature = (c: RankCandidate | undefined, name: string) => (c ? c.features[FEATURE_NAMES[c.field].indexOf(name)] : undefined);

/** Invented weights: the committed model's, with one total feature weighted up, as a fold model may. */
function favouring(name: string): RankerModel {
  const model = RECEIPT_MODEL.fields.total_amount!;
  const weights = model.features.map((f, k) => (f === name ? 100 : model.weights[k]));
  return { ...RECEIPT_MODEL, fields: { ...RECEIPT_MODEL.fields, total_amount: { ...model, weights } } };
}

describe('OCR amounts', () => {
  it.each([
    ['TOTAL SALES INCL GST: 24 UU', ['24.00']],
    ['TOTAL 1O.5O', ['10.50']],
    ['AMOUNT DUE 7.O5', ['7.05']],
    ['CASH RM 12 50', ['12.50']],
    ['TOTAL 36. 4S', ['36.45']],
  ])('reads %s as %j', (text, values) => {
    expect(ocrAmountsIn(text).map((a) => a.value)).toEqual(values);
  });

  it.each([
    // Printed plainly: left to the ordinary reading.
    'TOTAL 18.00',
    'TOTAL 18,00',
    // A count and a price, a time, a date, a phone, a word: no amount.
    'QTY 2 50 PCS',
    '18:22 12/06/2031',
    'TEL 03-8736 1122',
    'NO 2 SS15',
    '1 PC BOLT',
  ])('reads no repaired amount in %s', (text) => {
    expect(ocrAmountsIn(text)).toEqual([]);
  });

  it.each([
    ['otal (Inclusive of GST): 4.80', true],
    ['T0TAL : 9.00', true],
    ['Tota1 RM 12.00', true],
    ['10 TAL 4.80', true],
    ['TOTAI 4.80', true],
    // A total the label list reads itself, and words that only look a little like one.
    ['TOTAL 4.80', false],
    ['HOTEL SERI MAJU', false],
    ['POSTAL CODE', false],
    ['METAL RACK 4.80', false],
  ])('takes %s for a misread total label: %s', (text, expected) => {
    expect(misreadTotalLabel(text)).toBe(expected);
  });

  it('tells one misread digit from other differences', () => {
    expect(oneDigitOff(2340, 2840)).toBe(true);
    expect(oneDigitOff(20500, 20900)).toBe(true);
    expect(oneDigitOff(2340, 2340)).toBe(false);
    // A rounding, not a misreading.
    expect(oneDigitOff(1261, 1260)).toBe(false);
    expect(oneDigitOff(2340, 2430)).toBe(false);
    expect(oneDigitOff(990, 1990)).toBe(false);
  });
});

describe('receipt total candidates through OCR noise', () => {
  it('offers an amount OCR read with letters for its zeros on a misread total line, marked as such, and picks it under weights that trust it', () => {
    const rows: (string | [string, string])[] = [
      'KEDAI RUNCIT CEMPAKA',
      'NO. 8, JALAN MAWAR 2,',
      '43990 TAMAN CONTOH, SELANGOR.',
      '12/06/2031 18:22',
      ['GULA 1KG', '2.90'],
      ['ROTI', '15.10'],
      ['otal Sales Inclusive GST:', '24 UU'],
      ['GST 6%', '1.02'],
    ];
    const seen = candidatesOf(rows);
    // The candidate read off the total's line is the one marked.
    const read = seen.total_amount.find((c) => c.value === '24.00' && c.lines.includes(6));
    expect(feature(read, 'ocr_amount')).toBe(1);
    expect(feature(read, 'row_total_ocr')).toBe(1);
    expect(
      feature(
        seen.total_amount.find((c) => c.value === '15.10'),
        'ocr_amount',
      ),
    ).toBe(0);
    const { entities } = extractFinancial([receipt(rows)], { receiptModel: favouring('ocr_amount'), wordVocabulary: null });
    expect(entities.total_amount).toBe('24.00');
  });

  it('marks the payment that mends a total OCR read one digit off on its total lines, and not the total as read', () => {
    // Printed 23.40 twice, read 28.40 twice; cash − change and the included tax (23.40 × 6 / 106 = 1.32) agree on 23.40.
    const rows: (string | [string, string])[] = [
      'RESTORAN SELERA TIMUR',
      'NO. 3, JALAN PUTRA 5,',
      '47990 BANDAR CONTOH',
      '11/06/2031 20:22',
      ['1 NASI LEMAK', '15.10'],
      ['1 TEH AIS', '8.30'],
      ['Total (incl GST)', '28.40'],
      ['Total Rounded', '28.40'],
      ['Cash Tendered', '50.00'],
      ['Change', '26.60'],
      ['TOTAL INCLUDES 6% GST', '1.32'],
    ];
    const seen = candidatesOf(rows);
    const paid = seen.total_amount.find((c) => c.value === '23.40');
    expect(feature(paid, 'mends_misread')).toBe(1);
    const read = seen.total_amount.find((c) => c.value === '28.40');
    expect(feature(read, 'mends_misread')).toBe(0);
    // Cash that agrees with the total as read mends nothing.
    const agreeing = candidatesOf(rows.map((r) => (Array.isArray(r) && r[0] === 'Change' ? (['Change', '21.60'] as [string, string]) : r)));
    expect(agreeing.total_amount.some((c) => feature(c, 'mends_misread') === 1)).toBe(false);
    expect(extractFinancial([receipt(rows)], { receiptModel: favouring('mends_misread'), wordVocabulary: null }).entities.total_amount).toBe('23.40');
  });
});

describe('invented receipts with OCR noise on the sum (training only)', () => {
  it('reads some sums one digit off, with letters for zeros or a misread "Total", and keeps the rest and the truth printed', () => {
    const receipts = syntheticReceipts(300, 7);
    const sumOf = (r: (typeof receipts)[number]) =>
      r.page.lines.map((l) => l.text).find((t) => /^(?:SUMME|T0TAL|otal|Tota1|TOTAI|TOTAL) EUR /.test(t))!;
    const printed = (r: (typeof receipts)[number]) => r.truth.total_amount.replace('.', ',');
    const kinds = { plain: 0, digit: 0, glyph: 0, label: 0 };
    for (const r of receipts) {
      const [label, amount] = [sumOf(r).split(' EUR ')[0], sumOf(r).split(' EUR ')[1]];
      if (!['SUMME', 'TOTAL'].includes(label)) kinds.label++;
      if (amount === printed(r)) kinds.plain++;
      else if (ocrAmountsIn(`EUR ${amount}`).some((a) => a.value === r.truth.total_amount)) kinds.glyph++;
      else if (oneDigitOff(Math.round(Number(amount.replace(',', '.')) * 100), Math.round(Number(r.truth.total_amount) * 100))) kinds.digit++;
      // The tax row prints the total as it is: the truth stays on the page.
      expect(r.page.lines.some((l) => l.text.startsWith('A 7%') && l.text.endsWith(` ${printed(r)}`))).toBe(true);
    }
    expect(kinds.plain).toBeGreaterThan(200);
    for (const n of [kinds.digit, kinds.glyph, kinds.label]) expect(n).toBeGreaterThan(10);
    // Seeded: the same receipts again.
    expect(syntheticReceipts(20, 7).map((r) => r.page.text)).toEqual(receipts.slice(0, 20).map((r) => r.page.text));
  });
});
