/**
 * Issues 37 and 43: shapes of technical prose and of business letters that
 * were read as PII, and identifiers that were missed or mistyped. Every value
 * here is invented for the tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, onWholeTokens, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const spans = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => `${s.type}: ${s.value}`);

describe('masks cover whole tokens', () => {
  it('drops a name read out of a longer word and grows any other type to its whole token', () => {
    const text = 'See QuellTags and IBANGB82WEST12345698765432 here.';
    expect(onWholeTokens(text, { type: 'PERSON', start: 4, end: 9, score: 0.8, rule: 'test' })).toEqual([]);
    const grown = onWholeTokens(text, { type: 'IBAN_CODE', start: 22, end: 44, score: 0.9, rule: 'test' });
    expect(grown.map((c) => text.slice(c.start, c.end))).toEqual(['IBANGB82WEST12345698765432']);
  });

  it.each(['Install the ZentroMac engine first.', 'The process runs under AppVarnish or a restricted user.', 'Export to Markdown, HTML and QuillTags.'])(
    'masks nothing inside a CamelCase word: %s',
    async (text) => {
      for (const s of await detectPii(text, BUILT_INS)) {
        expect(/[\p{L}\p{N}]/u.test(text.charAt(s.start - 1)) && /[\p{L}\p{N}]/u.test(text.charAt(s.start)), s.value).toBe(false);
        expect(/[\p{L}\p{N}]/u.test(text.charAt(s.end - 1)) && /[\p{L}\p{N}]/u.test(text.charAt(s.end)), s.value).toBe(false);
      }
    },
  );
});

describe('numbers of prose are not phones or streets', () => {
  it.each([
    'The tool works with both Python 2 and Python 3. Hence, the package is portable.',
    'The library currently (2026.07.28) supports three engines.',
    'Oxford, 3 February 2026\nDear Ms Pellworth,\nthank you for your letter.',
    'Berlin, 14 March 2025\nSehr geehrte Damen und Herren,',
  ])('%s', async (text) => {
    expect((await spans(text)).filter((s) => !s.startsWith('PERSON'))).toEqual([]);
  });

  it('still reads a bare street with an address cue', async () => {
    expect(await spans('Please send it to my address: Kesk 53, Tallinn 10111')).toContain('STREET_ADDRESS: Kesk 53');
  });
});

describe('letters: salutations, tax ids and National Insurance numbers', () => {
  it('finds the addressee after a dated line', async () => {
    expect(await spans('Oxford, 3 February 2026\nDear Mr Ashcombe-Vale,\nI write about my account.')).toContain('PERSON: Ashcombe-Vale');
    expect(await spans('Leeds, 9 May 2026\nDear Dr Okorafor,\nplease find attached.')).toContain('PERSON: Okorafor');
  });

  it.each([
    ['VAT No: GB 987 6543 21', 'TAX_ID: GB 987 6543 21'],
    ['USt-IdNr: DE 287 654 321', 'TAX_ID: DE 287 654 321'],
    ['TVA : FR 12 345678901', 'TAX_ID: FR 12 345678901'],
  ])('a VAT id written in groups is a tax id: %s', async (text, expected) => {
    expect(await spans(text)).toEqual([expected]);
  });

  it('a grouped number that is no VAT id stays a phone number', async () => {
    expect(await spans('Call 020 7946 0958 today')).toEqual(['PHONE_NUMBER: 020 7946 0958']);
  });

  it.each([
    ['my National Insurance number is QQ 12 34 56 C.', 'UK_NINO: QQ 12 34 56 C'],
    ['NI number AB123456C', 'UK_NINO: AB123456C'],
    ['Employee JK 40 21 77 B joined in May.', 'UK_NINO: JK 40 21 77 B'],
  ])('a National Insurance number is masked: %s', async (text, expected) => {
    expect(await spans(text)).toContain(expected);
  });

  it('a prefix HMRC never issues needs an NI cue', async () => {
    expect(await spans('Shelf QQ 12 34 56 C holds the spare parts.')).toEqual([]);
  });
});
