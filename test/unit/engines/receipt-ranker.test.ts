import { describe, expect, it } from 'vitest';
import { extractFinancial, RECEIPT_MODEL } from '../../../functions/engines/extract/financial.ts';
import { FEATURE_NAMES, pick, RANKED_FIELDS, type RankCandidate } from '../../../functions/engines/extract/receipt-ranker.ts';
import { evenSample, fitField, fitRanker, foldsOf, groupOf, outOfFold, shuffled, type TrainingReceipt } from '../../../scripts/train/extract.ts';
import { buildPage, type Placed } from './page-builder.ts';

/** A scanned receipt: rows top to bottom, `[label, value]` pairs as two boxes on one row (as OCR and SROIE transcripts give them). */
function receipt(rows: (string | [string, string])[]) {
  const items: Placed[] = [];
  rows.forEach((row, i) => {
    const y = 40 + i * 16;
    if (Array.isArray(row)) items.push({ text: row[0], x: 60, y }, { text: row[1], x: 420, y });
    else items.push({ text: row, x: 60, y });
  });
  return { ...buildPage({ items }), source: 'ocr' as const };
}

const KEDAI = receipt([
  'KEDAI RUNCIT MAWAR SDN BHD',
  '(771204-X)',
  'NO. 8, JALAN CEMPAKA 2,',
  'TAMAN SERI INDAH,',
  '43000 KAJANG, SELANGOR.',
  'TEL: 03-8736 1122',
  'TAX INVOICE',
  '12/06/2018 18:22',
  ['GULA 1KG', '2.90'],
  ['MINYAK MASAK', '18.30'],
  ['TOTAL SALES :', '21.20'],
  ['CASH :', '50.00'],
  ['CHANGE :', '28.80'],
  'GST SUMMARY',
  ['TOTAL :', '20.00'],
]);

describe('receipt ranker', () => {
  it('offers every amount, top line and address run as candidates, and cites their lines', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    extractFinancial([KEDAI], { receiptModel: null, onCandidates: (c) => (seen = c) });
    expect(seen!.total_amount.map((c) => c.value)).toEqual(expect.arrayContaining(['21.20', '20.00', '50.00', '28.80']));
    expect(seen!.vendor_name.map((c) => c.value)).toContain('KEDAI RUNCIT MAWAR SDN BHD');
    expect(seen!.vendor_address.map((c) => c.value)).toContain('NO. 8, JALAN CEMPAKA 2, TAMAN SERI INDAH, 43000 KAJANG, SELANGOR.');
    for (const field of RANKED_FIELDS) for (const c of seen![field]) expect(c.features).toHaveLength(FEATURE_NAMES[field].length);
  });

  it('with the committed weights, reads the total the payment settles, the name and the whole address block', () => {
    expect(RECEIPT_MODEL.fields.total_amount?.weights).toHaveLength(FEATURE_NAMES.total_amount.length);
    const { entities, confidence, citations } = extractFinancial([KEDAI]);
    expect(entities).toMatchObject({
      total_amount: '21.20',
      vendor_name: 'KEDAI RUNCIT MAWAR SDN BHD',
      vendor_address: 'NO. 8, JALAN CEMPAKA 2, TAMAN SERI INDAH, 43000 KAJANG, SELANGOR.',
    });
    expect(confidence.total_amount).toBeGreaterThan(0.3);
    expect(citations?.entities.vendor_address.text.split('\n')).toHaveLength(3);
    expect(citations?.entities.total_amount.text).toContain('21.20');
  });

  it('joins an amount OCR split after its decimal separator ("SUMME EUR 27. 45"), on scans only, and cites it', () => {
    const rows: (string | [string, string])[] = ['Getränkeland Vossberg', 'Ringstraße 14', '59302 Oelde', ['APFELSAFT 1L', '1,89'], ['KAFFEE GEMAHLEN', '25,56'], ['SUMME EUR', '27. 45'], ['BAR EUR', '30. 00'], ['RÜCKGELD EUR', '2. 55'], '14.03.2031 10:12'];
    const { entities, citations } = extractFinancial([receipt(rows)]);
    expect(entities.total_amount).toBe('27.45');
    expect(citations?.entities.total_amount.text).toContain('27.45');
    // A text layer means what it says: its words are not rejoined.
    expect(extractFinancial([{ ...receipt(rows), source: 'text-layer' }]).entities.total_amount).not.toBe('27.45');
  });

  it('offers no long whole number (a phone, an id) as the total where the receipt writes cents', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const doc = receipt(['Getränkeland Vossberg', 'Tel. 02522 / 730418', ['SUMME EUR', '27,45'], '14.03.2031 10:12']);
    extractFinancial([doc], { receiptModel: null, onCandidates: (c) => (seen = c) });
    expect(seen!.total_amount.map((c) => c.value)).toContain('27.45');
    expect(seen!.total_amount.map((c) => c.value)).not.toContain('730418.00');
  });

  it('offers the name a web address spells, as OCR reads it, when no line spells it (a logo OCR cannot read)', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const doc = receipt(['Wl ibe nel', 'Ringstraße 14', '59302 Oelde', ['SUMME EUR', '27,45'], 'Www. getraenkeland-vossberg de', '14.03.2031 10:12']);
    extractFinancial([doc], { receiptModel: null, onCandidates: (c) => (seen = c) });
    const fromDomain = FEATURE_NAMES.vendor_name.indexOf('from_domain');
    const named = seen!.vendor_name.find((c) => c.features[fromDomain] === 1);
    expect(named?.value).toBe('Getraenkeland');
    expect(named?.lines).toEqual([4]);
    // A garbled logo line looks less like words than a name does.
    const wordlike = FEATURE_NAMES.vendor_name.indexOf('wordlike');
    expect(seen!.vendor_name.find((c) => c.value === 'Wl ibe nel')!.features[wordlike]).toBeLessThan(named!.features[wordlike]);
  });

  it('is not used on text-layer documents (invoices keep the rules)', () => {
    let called = false;
    extractFinancial([{ ...KEDAI, source: 'text-layer' }], { onCandidates: () => (called = true) });
    expect(called).toBe(false);
  });

  it('picks the candidate the weights score highest, with its softmax probability', () => {
    const model = { features: ['bias', 'x'], mean: [0, 0], std: [0, 1], weights: [0, 2] };
    const candidates: RankCandidate[] = [0, 1, 3].map((x, i) => ({ field: 'total_amount', value: String(i), lines: [i], features: [1, x] }));
    const chosen = pick(model, candidates)!;
    expect(chosen.candidate.value).toBe('2');
    expect(chosen.probability).toBeCloseTo(Math.exp(6) / (1 + Math.exp(2) + Math.exp(6)), 6);
    expect(pick(undefined, candidates)).toBeUndefined();
    expect(pick({ ...model, weights: [1] }, candidates)).toBeUndefined();
  });
});

describe('receipt ranker training', () => {
  /** Receipts whose right total candidate is the one with row_total set, among decoys. */
  const synthetic = (n: number): TrainingReceipt[] =>
    Array.from({ length: n }, (_, r) => {
      const names = FEATURE_NAMES.total_amount;
      const vector = (total: boolean, value: number) => names.map((f) => (f === 'bias' ? 1 : f === 'row_total' ? Number(total) : f === 'value_over_max' ? value : 0));
      const right = r % 4;
      const list = [0, 1, 2, 3].map((k) => ({ candidate: { field: 'total_amount' as const, value: `${k}.00`, lines: [k], features: vector(k === right, (k + 1) / 4) }, right: k === right }));
      return { id: String(r).padStart(3, '0'), truth: { total_amount: `${right}.00` }, candidates: { total_amount: list, vendor_name: [], vendor_address: [] } };
    });

  it('learns the feature that marks the right candidate, and the same data gives the same weights', () => {
    const data = synthetic(40);
    const model = fitField('total_amount', data, 7);
    expect(model.weights[FEATURE_NAMES.total_amount.indexOf('row_total')]).toBeGreaterThan(1);
    for (const r of data) expect(pick(model, r.candidates.total_amount.map((c) => c.candidate))!.candidate.value).toBe(r.truth.total_amount);
    expect(fitRanker(data, 7)).toEqual(fitRanker(data, 7));
  });

  it('scores a reading only with a model that saw no reading of the same document (transcript and OCR share a fold)', () => {
    const data = synthetic(20).flatMap((r) => [{ ...r, group: r.id, source: 'transcript' as const }, { ...r, id: `ocr:${r.id}`, group: r.id, source: 'ocr' as const }]);
    expect(groupOf(data[1])).toBe(groupOf(data[0]));
    const counts = outOfFold(data, 5, 3);
    expect(counts['transcript total_amount'].receipts).toBe(20);
    expect(counts['ocr total_amount'].receipts).toBe(20);
    // The eval's OCR sample rule: evenly spaced, as many as asked.
    expect(evenSample(Array.from({ length: 334 }, (_, i) => i), 60)).toHaveLength(60);
    expect(evenSample(Array.from({ length: 334 }, (_, i) => i), 60).slice(0, 3)).toEqual([0, 5, 10]);
  });

  it('folds and shuffles are seeded', () => {
    const ids = Array.from({ length: 20 }, (_, i) => String(i));
    expect(foldsOf(ids, 5, 1)).toEqual(foldsOf([...ids].reverse(), 5, 1));
    expect(new Set(foldsOf(ids, 5, 1).values()).size).toBe(5);
    expect(shuffled(ids, 3)).toEqual(shuffled(ids, 3));
    expect(shuffled(ids, 3)).not.toEqual(ids);
  });
});
