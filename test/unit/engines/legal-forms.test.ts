import { describe, expect, it } from 'vitest';
import { COMPANY } from '../../../functions/engines/extract/financial.ts';
import { canonicalSdnBhd, SDN_BHD, withMangledBhd } from '../../../functions/engines/extract/legal-forms.ts';

describe('"Sdn Bhd" as OCR reads it (one definition for the rules and the ranker)', () => {
  it('writes OCR readings of the pair as printed, keeping their dots and the rest of the name', () => {
    expect(canonicalSdnBhd('KEDAI PELANGI SON BID')).toBe('KEDAI PELANGI SDN BHD');
    expect(canonicalSdnBhd('Toko Merbau Sdn. 8ho.')).toBe('Toko Merbau SDN. BHD.');
    expect(canonicalSdnBhd('RIMBUN JAYA SCN.BHD (M)')).toBe('RIMBUN JAYA SDN. BHD (M)');
    expect(canonicalSdnBhd('harbour Lane Stn Bhd')).toBe('harbour Lane SDN BHD');
    // The D's bowl faded on thermal print ("Sin"), only beside a Bhd: a lone "SIN" is a word (see below).
    expect(canonicalSdnBhd('CERAH FARMASI SIN BHD')).toBe('CERAH FARMASI SDN BHD');
    expect(canonicalSdnBhd('Cerah Farmasi Sin Bhd')).toBe('Cerah Farmasi SDN BHD');
    expect(canonicalSdnBhd('AWAN SD0N BHD')).toBe('AWAN SD0N BHD'); // an extra letter is no OCR reading of the form
  });

  it('leaves the words alone apart and inside other words', () => {
    for (const text of ['SON OF BIO FARM', 'BID HOUSE', 'MASONBHD', 'PERSON BIDS', 'STN 4 KOTA', 'KEDAI SIN HOCK', 'SIN LEE & CO']) expect(canonicalSdnBhd(text)).toBe(text);
  });

  it('puts back a "Bhd" OCR mangled past its letter confusions at the end of a name, after "Sdn"', () => {
    expect(withMangledBhd('Awan Biru Trading Sdn.ERhd')).toBe('Awan Biru Trading Sdn.Bhd');
    expect(withMangledBhd('AWAN BIRU SDN EBHD.')).toBe('AWAN BIRU SDN BHD.');
    expect(withMangledBhd('AWAN BIRU SON. XHD')).toBe('AWAN BIRU SON. BHD');
    // Already a reading of the pair, not at the end, no "Sdn" before it, or no h and d: as read.
    for (const kept of ['AWAN BIRU SDN BHD', 'AWAN BIRU SDN 8HO', 'AWAN ERHD SDN BHD (KL)', 'AWAN BIRU ERHD', 'AWAN BIRU SDN BAD', 'SANDWICH SHED']) expect(withMangledBhd(kept)).toBe(kept);
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
