/**
 * Halftone fills cleaned out of the image tesseract reads (halftone.ts): the dots of a grey box go, the strokes of
 * the words on it stay; a page of dotted fill-in lines, speckle or plain text is left exactly as it was.
 * Invented images drawn pixel by pixel.
 */
import { describe, expect, it } from 'vitest';
import { cleanHalftone } from '../../../functions/engines/ocr/halftone.ts';

const LINE = 26;

function page(width = 900, height = 500) {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}
type Page = ReturnType<typeof page>;

function fill(p: Page, x0: number, y0: number, w: number, h: number, value = 0) {
  for (let y = y0; y < y0 + h; y++) p.data.fill(value, y * p.width + x0, y * p.width + x0 + w);
}

/** A copier's grey: 3 px dots on a 6 px grid, every other row shifted half a pitch. */
function halftone(p: Page, x0: number, y0: number, w: number, h: number) {
  for (let y = y0, row = 0; y + 3 <= y0 + h; y += 6, row++) for (let x = x0 + (row % 2 ? 3 : 0); x + 3 <= x0 + w; x += 6) fill(p, x, y, 3, 3);
}

/** Letter-like strokes: 4 px wide, 18 px tall, 12 px apart, with a bar over each pair. */
function word(p: Page, x0: number, y0: number, letters: number) {
  for (let i = 0; i < letters; i++) fill(p, x0 + i * 12, y0, 4, 18);
  for (let i = 0; i + 1 < letters; i += 2) fill(p, x0 + i * 12, y0, 16, 4);
}

const dark = (p: Page, x0: number, y0: number, w: number, h: number) => {
  let n = 0;
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (p.data[y * p.width + x] < 128) n++;
  return n / (w * h);
};

describe('cleanHalftone', () => {
  it('turns a grey box into paper around the word typed on it, keeping the word', async () => {
    // Prepare: a shaded box 400 x 104 with a word of 10 strokes in it, and a word on plain paper below.
    const p = page();
    halftone(p, 40, 40, 400, 104);
    word(p, 80, 80, 10);
    word(p, 80, 300, 10);
    const gapBefore = dark(p, 300, 50, 120, 80);
    // Act
    const cleaning = await cleanHalftone(p, LINE);
    // Assess: the fill is found; between the words the dots are gone; the strokes are still ink.
    expect(cleaning.groups).toBe(1);
    expect(gapBefore).toBeGreaterThan(0.1);
    expect(dark(p, 300, 50, 120, 80)).toBe(0);
    expect(dark(p, 80, 84, 4, 14)).toBeGreaterThan(0.9);
    expect(dark(p, 80 + 9 * 12, 84, 4, 14)).toBeGreaterThan(0.9);
  });

  it('leaves a page of dotted fill-in lines and text exactly as it was', async () => {
    // Dotted lines (2 px dots every 4 px) 13 px apart, as a tax form's answer lines, with words between.
    const p = page();
    for (let y = 40; y < 460; y += 13) for (let x = 40; x < 860; x += 4) fill(p, x, y, 2, 2);
    for (let y = 60; y < 440; y += 52) word(p, 60, y, 12);
    const before = p.data.slice();
    expect(await cleanHalftone(p, LINE)).toEqual({ tiles: 0, groups: 0 });
    expect(p.data).toEqual(before);
  });

  it('leaves words of print on speckled paper alone (the specks hold little of the ink)', async () => {
    // Prepare: lines of words, each on paper speckled where it was printed (2 px specks, ~17 a line height square),
    // and fax speckle over the page.
    const p = page();
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 250; i++) fill(p, Math.floor(next() * 890), Math.floor(next() * 490), 2, 2);
    for (let y = 40; y < 440; y += 40) {
      for (let i = 0; i < 300; i++) fill(p, (i % 2 ? 400 : 60) + Math.floor(next() * 236), y - 4 + Math.floor(next() * 26), 2, 2);
      word(p, 60, y, 20);
      word(p, 400, y, 20);
    }
    const before = p.data.slice();
    expect((await cleanHalftone(p, LINE)).tiles).toBe(0);
    expect(p.data).toEqual(before);
  });

  it("leaves small print alone, whose letters are the size of dots beside the page's larger text", async () => {
    // Prepare: a heading in the page's text size, then a block of fine print: letters 5 x 6 px, 7 px apart, in
    // words of five with a gap, rows 11 px apart (a footnote or a newspaper column under a 26 px line height).
    const p = page();
    word(p, 60, 30, 16);
    for (let y = 80; y < 460; y += 11) for (let x = 60; x < 840; x += 7) if (Math.floor((x - 60) / 7) % 6 !== 5) fill(p, x, y, 5, 6);
    const before = p.data.slice();
    expect((await cleanHalftone(p, LINE)).tiles).toBe(0);
    expect(p.data).toEqual(before);
  });

  it('does nothing on an empty or degenerate image', async () => {
    expect(await cleanHalftone({ data: new Uint8Array(0), width: 0, height: 0 }, LINE)).toEqual({ tiles: 0, groups: 0 });
    expect(await cleanHalftone(page(10, 10), 0)).toEqual({ tiles: 0, groups: 0 });
  });
});
