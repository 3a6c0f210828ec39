import { describe, expect, it } from 'vitest';
import { buildVocabulary, correctText, correctWord, ocrDistance, vocabularyWords } from '../../../functions/engines/extract/ocr-words.ts';

// Invented words only (no corpus text): a made-up town, street kind and shop.
const docs = [
  'ZORBLEX TRADING, 12 JALUN PRENTOVA, TAMAN QUIVEL 40100 ZORBLEX',
  'Zorblex Trading 7 Jalun Prentova Taman Quivel',
  'ZORBLEX HARDWARE JALUN PRENTOVA QUIVEL tel 012-3456789 shop@zorblex.test',
  'Jalun Prentova Taman Quivel Zorblex',
  'one-off Wimbertson Quivel',
];
const vocabulary = buildVocabulary(docs, 2);

describe('receipt vocabulary', () => {
  it('keeps words seen on two documents or more, never numbers, phones or mail addresses', () => {
    expect(vocabulary.words.ZORBLEX).toBe(4);
    expect(vocabulary.words.PRENTOVA).toBe(4);
    expect(vocabulary.words.WIMBERTSON).toBeUndefined();
    expect(Object.keys(vocabulary.words).some((w) => /[0-9@]/.test(w))).toBe(false);
    expect(vocabularyWords('tel 012-3456789 a@b.test 40100')).toEqual(['TEL']);
  });
});

describe('OCR word correction', () => {
  it('costs OCR confusions less than other edits', () => {
    expect(ocrDistance('Z0RBLEX', 'ZORBLEX')).toBe(0.5);
    expect(ocrDistance('JALURN', 'JALUM')).toBe(0.5);
    expect(ocrDistance('ZARBLEX', 'ZORBLEX')).toBe(1.5);
    // A plain edit is dearer than the budget: a clean word is not turned into its frequent neighbour.
    expect(correctWord('ZARBLEX', vocabulary)).toBeUndefined();
  });

  it('puts a misread word back to the known word, in its case', () => {
    expect(correctWord('Z0RBLEX', vocabulary)).toBe('ZORBLEX');
    expect(correctWord('Prent0va', vocabulary)).toBe('Prentova');
    expect(correctText('12, JALUN PRENT0VA, TAMAN QU1VEL 40100', vocabulary)).toBe('12, JALUN PRENTOVA, TAMAN QUIVEL 40100');
  });

  it('reads a glyph pair as the letter OCR split ("rn" for "m"), and lets a long word take one plain edit', () => {
    expect(correctWord('TARNAN', vocabulary)).toBe('TAMAN');
    expect(correctWord('PRENTSVA', vocabulary)).toBe('PRENTOVA');
    // A short word with the same plain edit stays as read.
    expect(correctWord('QUIXEL', vocabulary)).toBeUndefined();
  });

  it('leaves vocabulary words, far words, short words and numbers untouched', () => {
    expect(correctWord('QUIVEL', vocabulary)).toBeUndefined();
    expect(correctWord('BANANAS', vocabulary)).toBeUndefined();
    expect(correctWord('TAN', vocabulary)).toBeUndefined();
    expect(correctText('40100 012-3456789 12.50', vocabulary)).toBe('40100 012-3456789 12.50');
    expect(correctWord('401OO', vocabulary)).toBeUndefined();
  });

  it('changes nothing when two known words fit equally well', () => {
    const twin = buildVocabulary(['DRAPEX ORAPEX', 'DRAPEX ORAPEX', 'DRAPEX ORAPEX'], 2);
    // "0" is read for both "D" and "O": either word fits at the same cost.
    expect(correctWord('0RAPEX', twin)).toBeUndefined();
    expect(correctWord('DRAPEM', twin)).toBeUndefined();
    const lopsided = buildVocabulary([...Array(9).fill('DRAPEX'), 'ORAPEX', 'ORAPEX', 'ORAPEX'], 2);
    expect(correctWord('0RAPEX', lopsided)).toBe('DRAPEX');
  });
});
