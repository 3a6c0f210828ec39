/**
 * Typed check boxes in page images (image-brackets.ts through
 * image-marks.ts): `[ ]`, `[x]`, `( )` and `(x)` drawn in three faces are
 * found as boxes with ink or none between their brackets; single letters
 * that look like a bracket are not brackets; a pair holding a number or a
 * word (a citation, "[sic]") is dropped once the OCR's words say so.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Word } from '../../../functions/engines/document-model.ts';
import { bracketSide } from '../../../functions/engines/layout/image-brackets.ts';
import { apartFromWords, detectMarkShapes } from '../../../functions/engines/layout/image-marks.ts';

const FACES = (
  [
    ['DejaVuSans.ttf', 'BracketsSans'],
    ['DejaVuSerif.ttf', 'BracketsSerif'],
    ['DejaVuSansMono.ttf', 'BracketsMono'],
  ] as const
).filter(([file, name]) => {
  const path = `/usr/share/fonts/truetype/dejavu/${file}`;
  return existsSync(path) && GlobalFonts.registerFromPath(path, name);
});
const faceNames = FACES.map(([, name]) => name);

/** A white A4-proportioned page (~144 dpi) with `text` written at (x, y) in `px` pixels of `face`, in grey. */
function written(text: string, face: string, px = 22, x = 300, y = 400) {
  const [width, height] = [1190, 1684];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#151515';
  ctx.font = `${px}px ${face}`;
  ctx.fillText(text, x, y);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round((rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) / 3);
  return { data, width, height };
}

/** The bitmap of the single glyph `text` (1 = ink), cropped to its ink. */
function glyph(text: string, face: string, px = 40) {
  const image = written(text, face, px, 100, 100);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if (image.data[y * image.width + x] < 128) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
  const bits = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) bits[y * w + x] = image.data[(y + y0) * image.width + x + x0] < 128 ? 1 : 0;
  return { bits, w, h };
}

describe('bracketSide', () => {
  it.each(faceNames)('tells opening from closing brackets and parentheses in %s', (face) => {
    for (const [text, side] of [
      ['[', 'open'],
      ['(', 'open'],
      [']', 'close'],
      [')', 'close'],
    ] as const) {
      const { bits, w, h } = glyph(text, face);
      expect(bracketSide(bits, w, h), text).toBe(side);
    }
  });

  // A serif 'J' is a closing bracket with a curled foot, and is one here too: a pair needs an opening bracket of its
  // height just before it, with nothing between, for a 'J' to become a box.
  it.each(faceNames)('takes no other letter or digit of %s for a bracket', (face) => {
    for (const letter of ['I', 'l', '1', 'L', 'f', 't', 'j', '|', '!', 'i', 'r']) {
      const { bits, w, h } = glyph(letter, face);
      expect(bracketSide(bits, w, h), letter).toBeUndefined();
    }
  });
});

describe('typed boxes in a page image', () => {
  it.each(faceNames)('finds "[ ]", "[x]", "( )" and "(x)" in %s, with ink between only when ticked', (face) => {
    for (const [text, ink] of [
      ['[ ]', false],
      ['[x]', true],
      ['( )', false],
      ['(X)', true],
    ] as const) {
      // Act
      const shapes = detectMarkShapes(written(text, face));
      // Assess
      expect(shapes, text).toHaveLength(1);
      expect(shapes[0].kind).toBe('square');
      expect(shapes[0].typed?.inkBetween, text).toBe(ink);
      const [x0, y0, x1, y1] = shapes[0].bbox;
      // The box stands inside the brackets' span and is square on the page.
      const [ox0, , ox1] = shapes[0].typed!.outer;
      expect(x0).toBeGreaterThanOrEqual(ox0);
      expect(x1).toBeLessThanOrEqual(ox1);
      expect(Math.abs((x1 - x0) * 1190 - (y1 - y0) * 1684)).toBeLessThan(1.5);
    }
  });

  it('does not pair brackets around a long word, nor single brackets', () => {
    const [face] = faceNames;
    const typed = (text: string) => detectMarkShapes(written(text, face)).filter((s) => s.typed);
    expect(typed('[ postcode and town ]')).toEqual([]);
    expect(typed('see [ and ) apart')).toEqual([]);
  });

  it('drops a pair the OCR read as a citation or a word, and keeps one read as a cross, unread, or misread empty', () => {
    // Prepare
    const [face] = faceNames;
    const citation = detectMarkShapes(written('[12]', face));
    const ticked = detectMarkShapes(written('[x]', face));
    const empty = detectMarkShapes(written('[ ]', face));
    expect([citation.length, ticked.length, empty.length]).toEqual([1, 1, 1]);
    const wordOver = (text: string, shapeBox: readonly number[]): Word => ({
      text,
      bbox: [shapeBox[0] - 0.002, shapeBox[1], shapeBox[2] + 0.002, shapeBox[3]],
      confidence: 0.9,
      source: 'ocr',
    });
    // Act, assess
    expect(apartFromWords(citation, [wordOver('[12]', citation[0].typed!.outer)])).toEqual([]);
    expect(apartFromWords(citation, [wordOver('(sic)', citation[0].typed!.outer)])).toEqual([]);
    expect(apartFromWords(ticked, [wordOver('[X]', ticked[0].typed!.outer)])).toHaveLength(1);
    expect(apartFromWords(ticked, [])).toHaveLength(1);
    // An empty pair read "[" "1]" has no ink between: the reading does not matter.
    expect(apartFromWords(empty, [wordOver('1]', empty[0].typed!.outer)])).toHaveLength(1);
  });
});
