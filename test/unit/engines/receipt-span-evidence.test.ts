import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { FEATURE_NAMES, type RankCandidate, type RankedField } from '../../../functions/engines/extract/receipt-ranker.ts';
import { continuesBelow } from '../../../functions/engines/extract/receipt-span-evidence.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

/** A receipt's ranker candidates (no model: the rules' reading). */
function candidatesOf(rows: (string | [string, string])[]): Record<RankedField, RankCandidate[]> {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([receipt(rows)], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  return seen!;
}

/** One feature of the candidate of `field` whose value is `value`. */
function featureOf(candidates: Record<RankedField, RankCandidate[]>, field: RankedField, value: string, name: string): number {
  const c = candidates[field].find((x) => x.value === value);
  expect(c, `${field} candidate ${value}`).toBeDefined();
  const k = FEATURE_NAMES[field].indexOf(name);
  expect(k, `feature ${name}`).toBeGreaterThanOrEqual(0);
  return c!.features[k];
}

describe('receipt span evidence', () => {
  it.each([
    ['KEDAI CONTOH HARDWARE &', true],
    ['NO 7, JALAN CONTOH 3,', true],
    ['Bäckerei Sonnenschein und', true],
    ['PERABOT MELATI -', true],
    ['KEDAI CONTOH HARDWARE', false],
    ['45999 PEKAN CONTOH', false],
    ['SELANGOR.', false],
  ])('reads "%s" as going on below: %s', (text, expected) => {
    expect(continuesBelow(text)).toBe(expected);
  });

  it("marks a head line that only ends a name broken after '&' as the name's tail, and not the name's first line", () => {
    // Prepare
    const rows: (string | [string, string])[] = [
      'RUMAH CONTOH PERKAKAS &',
      'ELEKTRIK',
      'NO 12, JALAN MELATI 4,',
      '45999 PEKAN CONTOH, SELANGOR',
      ['TOTAL', '9.90'],
    ];
    // Act
    const seen = candidatesOf(rows);
    // Assess
    expect(featureOf(seen, 'vendor_name', 'ELEKTRIK', 'name_tail')).toBe(1);
    expect(featureOf(seen, 'vendor_name', 'RUMAH CONTOH PERKAKAS & ELEKTRIK', 'name_tail')).toBe(0);
  });

  it('marks two head lines whose second is only a legal form as a name the form completes, not the form alone', () => {
    const seen = candidatesOf(['PASAR RAYA CONTOH', 'SDN BHD', '(123456-X)', 'LOT 5, JALAN DUA,', '47999 TAMAN CONTOH', ['TOTAL', '4.20']]);
    expect(featureOf(seen, 'vendor_name', 'PASAR RAYA CONTOH SDN BHD', 'completes_form')).toBe(1);
    expect(featureOf(seen, 'vendor_name', 'SDN BHD', 'completes_form')).toBe(0);
    expect(featureOf(seen, 'vendor_name', 'PASAR RAYA CONTOH', 'completes_form')).toBe(0);
  });

  it('marks a name spelled from the web address when a head line opens with its first word, and that head line', () => {
    const rows: (string | [string, string])[] = [
      'MAWARBUKU STORE',
      'CO. (M) SDN BHD',
      'NO 8, JALAN SERI 2,',
      '58999 KOTA CONTOH',
      ['TOTAL', '11.80'],
      'Shop at www.mawarbukuonline.com.my',
    ];
    const seen = candidatesOf(rows);
    expect(featureOf(seen, 'vendor_name', 'Mawarbukuonline', 'domain_in_head')).toBe(1);
    expect(featureOf(seen, 'vendor_name', 'MAWARBUKU STORE', 'head_opens_domain')).toBe(1);
    expect(featureOf(seen, 'vendor_name', 'MAWARBUKU STORE', 'domain_in_head')).toBe(0);
    // A web address the head does not spell (a logo OCR cannot read) leaves its name unmarked.
    const logo = candidatesOf(['~~ ## ~~', 'NO 8, JALAN SERI 2,', '58999 KOTA CONTOH', ['TOTAL', '11.80'], 'www.mawarbukuonline.com.my']);
    expect(featureOf(logo, 'vendor_name', 'Mawarbukuonline', 'domain_in_head')).toBe(0);
  });

  it('marks an address block begun a line late (the line above ends in a comma) and one ended a line early', () => {
    const seen = candidatesOf([
      'KEDAI CONTOH SDN BHD',
      'PT12345, SEKSYEN U7,',
      '47999 BANDAR CONTOH,',
      'SELANGOR.',
      'TEL: 03-5511 2233',
      ['TOTAL', '6.50'],
    ]);
    expect(featureOf(seen, 'vendor_address', '47999 BANDAR CONTOH, SELANGOR.', 'before_continues')).toBe(1);
    expect(featureOf(seen, 'vendor_address', 'PT12345, SEKSYEN U7, 47999 BANDAR CONTOH, SELANGOR.', 'before_continues')).toBe(0);
    expect(featureOf(seen, 'vendor_address', 'PT12345, SEKSYEN U7, 47999 BANDAR CONTOH,', 'last_continues_into')).toBe(1);
    expect(featureOf(seen, 'vendor_address', 'PT12345, SEKSYEN U7, 47999 BANDAR CONTOH, SELANGOR.', 'last_continues_into')).toBe(0);
  });

  it('with the committed weights, reads a name broken after "&" whole, not its tail line', () => {
    // Prepare
    const rows: (string | [string, string])[] = [
      'RUMAH CONTOH PERKAKAS &',
      'ELEKTRIK',
      'PT12345, SEKSYEN U7,',
      '47999 BANDAR CONTOH,',
      'SELANGOR.',
      'TEL: 03-5511 2233',
      '12/06/2018 18:22',
      ['TOTAL', '9.90'],
    ];
    // Act
    const { entities } = extractFinancial([receipt(rows)]);
    // Assess
    expect(entities.vendor_name).toBe('RUMAH CONTOH PERKAKAS & ELEKTRIK');
  });
});
