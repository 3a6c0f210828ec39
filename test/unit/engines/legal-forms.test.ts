import { describe, expect, it } from 'vitest';
import { COMPANY } from '../../../functions/engines/extract/financial.ts';
import { canonicalSdnBhd, SDN_BHD } from '../../../functions/engines/extract/legal-forms.ts';

describe('"Sdn Bhd" as OCR reads it (one definition for the rules and the ranker)', () => {
  it('writes OCR readings of the pair as printed, keeping their dots and the rest of the name', () => {
    expect(canonicalSdnBhd('KEDAI PELANGI SON BID')).toBe('KEDAI PELANGI SDN BHD');
    expect(canonicalSdnBhd('Toko Merbau Sdn. 8ho.')).toBe('Toko Merbau SDN. BHD.');
    expect(canonicalSdnBhd('RIMBUN JAYA SCN.BHD (M)')).toBe('RIMBUN JAYA SDN. BHD (M)');
    expect(canonicalSdnBhd('harbour Lane Stn Bhd')).toBe('harbour Lane SDN BHD');
    expect(canonicalSdnBhd('AWAN SD0N BHD')).toBe('AWAN SD0N BHD'); // an extra letter is no OCR reading of the form
  });

  it('leaves the words alone apart and inside other words', () => {
    for (const text of ['SON OF BIO FARM', 'BID HOUSE', 'MASONBHD', 'PERSON BIDS', 'STN 4 KOTA']) expect(canonicalSdnBhd(text)).toBe(text);
  });

  it('is the pair the rule-based company test knows', () => {
    const pair = new RegExp(`^${SDN_BHD}$`, 'iu');
    for (const form of ['SDN BHD', 'Sdn. Bhd.', 'SON BID', 'SDN 8HO', 'S0N BH0', 'SCN.BHD']) {
      expect(pair.test(form)).toBe(true);
      expect(COMPANY.test(`PERDANA ${form}`)).toBe(true);
    }
    expect(pair.test('SON BIT')).toBe(false);
    expect(COMPANY.test('PERDANA SON')).toBe(false);
  });
});
