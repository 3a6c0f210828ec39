import { describe, expect, it } from 'vitest';
import { itemsToWords, type PdfTextItem } from '../../../functions/engines/pdf/text-items.ts';

/** pdf.js' viewport of an unrotated 612 × 792 page at scale 1: flips y. */
const LETTER = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] };
const STYLES = { f1: { ascent: 0.75, descent: -0.25, vertical: false }, v1: { ascent: 1, descent: 0, vertical: true } };

const item = (over: Partial<PdfTextItem>): PdfTextItem => ({
  str: 'Hello',
  dir: 'ltr',
  transform: [12, 0, 0, 12, 72, 700],
  width: 30,
  height: 12,
  fontName: 'f1',
  hasEOL: false,
  ...over,
});

describe('Engine: pdf text items', () => {
  it('places a one-word item exactly: origin, width and font ascent/descent', () => {
    // Act
    const [word] = itemsToWords([item({})], STYLES, LETTER);

    // Assess
    expect(word.text).toBe('Hello');
    expect(word.bbox[0]).toBeCloseTo(72 / 612, 6);
    expect(word.bbox[2]).toBeCloseTo(102 / 612, 6);
    expect(word.bbox[1]).toBeCloseTo((792 - 700 - 9) / 792, 6);
    expect(word.bbox[3]).toBeCloseTo((792 - 700 + 3) / 792, 6);
    expect(word).toMatchObject({ confidence: 1, source: 'text-layer', run: 0, orientation: 0 });
  });

  it.each([
    // [string, expected words, share of the width before the second word (by glyph widths)]
    ['Hello World', ['Hello', 'World'], 0.5],
    ['  padded  ', ['padded'], undefined],
    ['iiii MMMM', ['iiii', 'MMMM'], 0.3],
  ] as const)('splits %j on whitespace and apportions the width by glyph widths', (str, expected, share) => {
    // Act
    const words = itemsToWords([item({ str, width: 100 })], STYLES, LETTER);

    // Assess
    expect(words.map((w) => w.text)).toEqual(expected);
    if (share !== undefined) {
      const start = (words[1].bbox[0] * 612 - 72) / 100;
      expect(Math.abs(start - share)).toBeLessThan(0.1);
    }
    const last = words[words.length - 1];
    if (!str.endsWith(' ')) expect(last.bbox[2]).toBeCloseTo(172 / 612, 6);
  });

  it('skips empty and whitespace-only items (pdf.js end-of-line markers)', () => {
    // Act
    const words = itemsToWords([item({ str: '', hasEOL: true }), item({ str: ' ' }), item({ str: 'x' })], STYLES, LETTER);

    // Assess
    expect(words.map((w) => [w.text, w.run])).toEqual([['x', 2]]);
  });

  it('boxes text rotated 90° counter-clockwise (reading upwards) by its extent', () => {
    // Prepare: baseline along +y in PDF space = upwards on screen.
    const rotated = item({ transform: [0, 12, -12, 0, 300, 100], width: 60 });

    // Act
    const [word] = itemsToWords([rotated], STYLES, LETTER);

    // Assess
    expect(word.orientation).toBe(270);
    expect(word.bbox[0] * 612).toBeCloseTo(300 - 9, 4);
    expect(word.bbox[2] * 612).toBeCloseTo(300 + 3, 4);
    expect(word.bbox[1] * 792).toBeCloseTo(792 - 160, 4);
    expect(word.bbox[3] * 792).toBeCloseTo(792 - 100, 4);
  });

  it('boxes vertical (CJK) runs downwards from the origin, centred on it', () => {
    // Prepare
    const vertical = item({ str: '縦書き', fontName: 'v1', width: 12, height: 36, transform: [12, 0, 0, 12, 300, 700] });

    // Act
    const [word] = itemsToWords([vertical], STYLES, LETTER);

    // Assess
    expect(word.orientation).toBe(90);
    expect(word.bbox[0] * 612).toBeCloseTo(294, 4);
    expect(word.bbox[2] * 612).toBeCloseTo(306, 4);
    expect(word.bbox[1] * 792).toBeCloseTo(92, 4);
    expect(word.bbox[3] * 792).toBeCloseTo(128, 4);
  });

  it('mirrors the apportioning of right-to-left runs', () => {
    // Prepare: logical order "אב גד": the first word is drawn on the right.
    const rtl = item({ str: 'אב גד', dir: 'rtl', width: 50 });

    // Act
    const words = itemsToWords([rtl], STYLES, LETTER);

    // Assess
    expect(words[0].bbox[0]).toBeGreaterThan(words[1].bbox[2]);
  });

  it('drops text outside the page and clamps text crossing its edge', () => {
    // Act
    const words = itemsToWords(
      [item({ str: 'gone', transform: [12, 0, 0, 12, -200, 700] }), item({ str: 'edge', transform: [12, 0, 0, 12, 600, 700] })],
      STYLES,
      LETTER,
    );

    // Assess
    expect(words.map((w) => w.text)).toEqual(['edge']);
    expect(words[0].bbox[2]).toBe(1);
  });
});
