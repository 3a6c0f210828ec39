import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { ocrDatesIn } from '../../../functions/engines/extract/ocr-dates.ts';
import { FEATURE_NAMES, type RankCandidate, type RankedField } from '../../../functions/engines/extract/receipt-ranker.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

function dateCandidatesOf(rows: (string | [string, string])[]): RankCandidate[] {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([receipt(rows)], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  return seen!.invoice_date;
}

const feature = (c: RankCandidate, name: string) => c.features[FEATURE_NAMES.invoice_date.indexOf(name)];

describe('OCR date grammar', () => {
  it.each([
    ["Datum: '15,04, 203C", '2030-04-15', 1],
    ['15.04.2031 12:31', '2031-04-15', 0],
    ['O3/l2/2O31 10:20', '2031-12-03', 3],
    ['2S.O4.2031', '2031-04-25', 2],
    ['Z1/09/2031', '2031-09-21', 1],
    ['15,05,31 09:52', '2031-05-15', 0],
    ['03.04.31', '2031-04-03', 0],
    ['14 .03. 2031', '2031-03-14', 0],
  ])('reads %s as %s, with %i look-alike glyphs read as digits', (text, value, repairs) => {
    // Prepare / Act
    const [found] = ocrDatesIn(text);
    // Assess
    expect(found).toMatchObject({ value, repairs });
  });

  it.each([
    ['12,50 3,40'],
    ['1,50,20'],
    ['SUMME 27. 45'],
    ['BETRAG 12.04 19.99'],
    ['OS.SO.ZOZO'],
    ['31.02.2031'],
    ['15.04.2318'],
    ['ABC15.04.2031'],
  ])('finds no date in %s (amounts, letters only, no such day, no plausible year, glued to a word)', (text) => {
    expect(ocrDatesIn(text)).toEqual([]);
  });

  it('reads slashed dates with the document convention when neither part is over 12', () => {
    expect(ocrDatesIn('O3/04/2031')[0].value).toBe('2031-04-03');
    expect(ocrDatesIn('O3/04/2031', { monthFirst: true })[0].value).toBe('2031-03-04');
  });
});

describe('receipt date candidates', () => {
  const rows: (string | [string, string])[] = [
    'Bäckerei Sonnenkorn',
    'Lindenallee 7',
    '48151 Münster',
    ['DINKELBROT 750G', '3,15'],
    ['SUMME EUR', '3,15'],
    'Kartenzahlung girocard',
    'Gültig bis 12/33',
    'Karte gültig bis 30.11.2033',
    "Datum: '15,04, 203I",
    '0815 14.04.2031 18:22 Bon 4711',
  ];

  it('offers every date on the receipt, read through look-alike glyphs, and marks how each was found', () => {
    // Prepare / Act
    const dates = dateCandidatesOf(rows);
    const byValue = (value: string) => dates.find((c) => c.value === value)!;
    // Assess
    expect(dates.map((c) => c.value)).toEqual(expect.arrayContaining(['2031-04-15', '2031-04-14', '2033-11-30']));
    expect(feature(byValue('2031-04-15'), 'label')).toBe(1);
    expect(feature(byValue('2031-04-15'), 'repaired')).toBeGreaterThan(0);
    expect(feature(byValue('2031-04-15'), 'exact')).toBe(0);
    expect(feature(byValue('2031-04-14'), 'time_near')).toBe(1);
    expect(feature(byValue('2031-04-14'), 'exact')).toBe(1);
    expect(feature(byValue('2031-04-14'), 'label')).toBe(0);
    expect(feature(byValue('2033-11-30'), 'expiry')).toBe(1);
    for (const c of dates) expect(c.features).toHaveLength(FEATURE_NAMES.invoice_date.length);
  });

  it('cites a date read through look-alike glyphs on its line', () => {
    // Prepare: only the misread date on the receipt.
    const page = receipt(['Bäckerei Sonnenkorn', 'Lindenallee 7', ['SUMME EUR', '3,15'], "Datum: '15,04, 203I"]);
    // Act
    const { entities, citations } = extractFinancial([page], { wordVocabulary: null });
    // Assess
    expect(entities.invoice_date).toBe('2031-04-15');
    expect(citations?.entities.invoice_date?.text).toContain('15,04');
  });
});
