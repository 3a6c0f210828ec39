import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { buildVocabulary, correctWord } from '../../../functions/engines/extract/ocr-words.ts';
import { companyForm, endsWithCompanyForm, namesTown, townsOf, withLetterGlyphs } from '../../../functions/engines/extract/receipt-names.ts';
import { FEATURE_NAMES, type RankCandidate, type RankedField } from '../../../functions/engines/extract/receipt-ranker.ts';
import { withSiblingUnitLetters } from '../../../functions/engines/extract/receipt-repairs.ts';
import { RECEIPT_VOCABULARY } from '../../../functions/engines/extract/receipt-vocabulary.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

// Invented receipts only: made-up chains, streets and towns.
function candidatesOf(rows: (string | [string, string])[]): Record<RankedField, RankCandidate[]> {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([receipt(rows)], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  return seen!;
}
const feature = (c: RankCandidate, name: string) => c.features[FEATURE_NAMES[c.field].indexOf(name)];

describe('receipt names: company forms', () => {
  it.each([
    ['Kornhof Handel GmbH & Co. KG', true],
    ['ZORBLEX TRADING', true],
    ['KEDAI QUIVEL SDN BHD', true],
    ['Prentova KG', true],
    // A weight unit, in lower case or next to a number or a slash.
    ['0,412 kg x 2,99 EUR/kg', false],
    ['kg EURO/kg', false],
    ['BANANEN 2 KG', false],
    // A word of a sentence.
    ['geben Sie den Bon in der Filiale ab, wir', false],
  ])('companyForm(%j) is %s', (text, expected) => {
    expect(companyForm(text)).toBe(expected);
  });

  it.each([
    ['Wiesenkauf GmbH', true],
    ['KEDAI QUIVEL SDN BHD (123456-X)', true],
    ['Wiesenkauf GmbH Seefeld', false],
    ['3 kg', false],
  ])('endsWithCompanyForm(%j) is %s', (name, expected) => {
    expect(endsWithCompanyForm(name)).toBe(expected);
  });
});

describe('receipt names: glyphs and towns', () => {
  it.each([
    ['K@RNHAUS', 'KORNHAUS'],
    ['WIESENH0F MARKT', 'WIESENHOF MARKT'],
    ['info@kornhaus.test', 'info@kornhaus.test'],
    ['Fil@le', 'Fil@le'],
    ['B0X 12', 'B0X 12'],
    ['A1 0B', 'A1 0B'],
  ])('withLetterGlyphs(%j) is %j', (name, expected) => {
    expect(withLetterGlyphs(name)).toBe(expected);
  });

  it('knows the towns the address lines name, and a head line that repeats one', () => {
    const towns = townsOf(['Lindenallee 12', '12345 Musterstadt', 'Tel. 01234 5678']);
    expect([...towns]).toEqual(['MUSTERSTADT']);
    expect(namesTown('Fachmarkt Musterstadt', towns)).toBe(true);
    expect(namesTown('KORNHAUS', towns)).toBe(false);
    // The postcode line itself is the address, not a name naming its town.
    expect(namesTown('12345 Musterstadt', towns)).toBe(false);
  });

  it('weighs a glyph-read name as the name and tells a weight unit from a company form', () => {
    const seen = candidatesOf([
      'K@RNHAUS',
      'Fachmarkt Musterstadt',
      'Lindenallee 12',
      '12345 Musterstadt',
      'BANANEN',
      ['0,412 kg x 2,99 EUR/kg', '1,23'],
      ['SUMME EUR', '1,23'],
    ]);
    const names = seen.vendor_name.map((c) => c.value);
    expect(names).toContain('KORNHAUS');
    // The weighed item's line is a head line of this short receipt, but no company's.
    const weighed = seen.vendor_name.filter((c) => /kg/.test(c.value));
    expect(weighed.length).toBeGreaterThan(0);
    expect(weighed.every((c) => feature(c, 'company') === 0 && feature(c, 'legal_form_end') === 0)).toBe(true);
    const branch = seen.vendor_name.find((c) => c.value === 'Fachmarkt Musterstadt')!;
    expect(feature(branch, 'names_town')).toBe(1);
    expect(
      feature(
        seen.vendor_name.find((c) => c.value === 'KORNHAUS')!,
        'names_town',
      ),
    ).toBe(0);
  });

  it('marks a name closed by its company form', () => {
    const seen = candidatesOf(['WIESENHOF HANDEL GMBH', 'Lindenallee 12', '12345 Musterstadt', ['SUMME EUR', '4,20']]);
    const named = seen.vendor_name.find((c) => c.value === 'WIESENHOF HANDEL GMBH')!;
    expect(feature(named, 'legal_form_end')).toBe(1);
    expect(
      feature(
        seen.vendor_name.find((c) => c.value === 'Lindenallee 12')!,
        'legal_form_end',
      ),
    ).toBe(0);
  });
});

describe('receipt addresses through OCR', () => {
  it.each([
    ['LOT 4410-A & 4410-8, JALAN QUIVEL 3', 'LOT 4410-A & 4410-B, JALAN QUIVEL 3'],
    ['NO. 21G & 236, JALAN QUIVEL', 'NO. 21G & 23G, JALAN QUIVEL'],
    // No letter beside it, or a digit that looks like no letter: left as read.
    ['NO 14 & 16 JALAN QUIVEL', 'NO 14 & 16 JALAN QUIVEL'],
    ['LOT 12-A & 12-4', 'LOT 12-A & 12-4'],
  ])('withSiblingUnitLetters(%j) is %j', (address, expected) => {
    expect(withSiblingUnitLetters(address)).toBe(expected);
  });

  it('in addresses, reads an unknown three-letter token as the common street abbreviation one confusion away', () => {
    expect(correctWord('Jin', RECEIPT_VOCABULARY, { rareWords: true })).toBe('Jln');
    expect(correctWord('TNN', RECEIPT_VOCABULARY, { rareWords: true })).toBe('TMN');
    // Not in names, and not a plain edit away.
    expect(correctWord('Jin', RECEIPT_VOCABULARY)).toBeUndefined();
    expect(correctWord('JAN', RECEIPT_VOCABULARY, { rareWords: true })).toBeUndefined();
  });

  it('gives a doubted word of four letters no extra edit (half the word), one of five or more one', () => {
    const words = buildVocabulary(['TOWN ZORBLEX', 'TOWN ZORBLEX', 'MAWAR QUIVEL', 'MAWAR QUIVEL'], 2);
    expect(correctWord('TOOM', words, { unsure: () => true })).toBeUndefined();
    expect(correctWord('MAWQAR', words, { unsure: () => true })).toBe('MAWAR');
  });
});
