/**
 * Parts of lines the page reading left out (unread-line-parts.ts): which
 * ink counts as an unread part (beside a line, uncovered by any word, not a
 * solid backdrop, not at the edge), and that kept readings join their line
 * left to right. Plus a canvas-drawn till receipt look-alike (invented
 * shop and amounts) with right-aligned amounts, read end to end.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import type { InkMask } from '../../../functions/engines/ocr/page-analysis.ts';
import { readUnreadParts, unreadLineParts } from '../../../functions/engines/ocr/unread-line-parts.ts';
import { terminateOcr, type LineWord, type OcrPageData } from '../../../functions/engines/ocr/tesseract-pool.ts';

afterAll(() => terminateOcr());

const W = 600;
const H = 100;
/** A mask with ink boxes [x0, y0, x1, y1] (filled at `fill`: 1 = solid, 0.3 = print-like stripes). */
function maskWith(boxes: ReadonlyArray<readonly [number, number, number, number, number?]>): InkMask {
  const mask = new Uint8Array(W * H);
  for (const [x0, y0, x1, y1, fill = 0.3] of boxes)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (fill === 1 || (x - x0) % 10 < 3 || x === x1 - 1) mask[y * W + x] = 1;
  return { mask, width: W, height: H, inkRatio: 0.1, contrast: 200 };
}
const tWord = (text: string, x0: number, x1: number) => ({ text, confidence: 95, bbox: { x0, y0: 20, x1, y1: 50 } });
/** One block, one paragraph, one line holding `words`. */
const pageData = (words: ReturnType<typeof tWord>[]) =>
  ({
    blocks: [{ paragraphs: [{ lines: [{ text: words.map((w) => w.text).join(' '), bbox: { x0: 20, y0: 20, x1: 200, y1: 50 }, words }] }] }],
  }) as unknown as OcrPageData;

describe('unreadLineParts', () => {
  it('finds ink beside a line that no word covers, and nothing where every word is read', () => {
    const mask = maskWith([[20, 22, 200, 48], [450, 22, 520, 48]]);
    const parts = unreadLineParts(mask, pageData([tWord('Tomato', 20, 110), tWord('soup', 120, 200)]));
    expect(parts.map((p) => [p.box.x0, p.box.x1])).toEqual([[450, 520]]);
    expect(unreadLineParts(mask, pageData([tWord('Tomato', 20, 110), tWord('soup', 120, 200), tWord('5.50', 450, 520)]))).toEqual([]);
  });

  it('leaves a solid area (a backdrop beside the paper), ink at the image edge and specks alone', () => {
    const mask = maskWith([[20, 22, 200, 48], [300, 10, 420, 60, 1], [560, 22, 600, 48], [470, 30, 474, 34]]);
    expect(unreadLineParts(mask, pageData([tWord('Tomato', 20, 110), tWord('soup', 120, 200)]))).toEqual([]);
  });
});

describe('readUnreadParts', () => {
  it('puts a kept reading into its line, left to right, and drops an unsure one', async () => {
    const mask = maskWith([[20, 22, 200, 48], [450, 22, 520, 48]]);
    const data = pageData([tWord('Tomato', 20, 110), tWord('soup', 120, 200)]);
    const readAs = (confidence: number) => async (crops: readonly Uint8Array[]): Promise<LineWord[][]> =>
      crops.map(() => [{ text: '5.50', confidence, bbox: { x0: 10, y0: 10, x1: 80, y1: 40 } }]);
    const read = readAs(96);
    expect(await readUnreadParts(mask, data, read, () => 0, () => true)).toBe(1);
    const line = data.blocks![0].paragraphs[0].lines[0];
    expect(line.words.map((w) => w.text)).toEqual(['Tomato', 'soup', '5.50']);
    expect(line.words[2].bbox.x0).toBeGreaterThan(400);

    const unsure = pageData([tWord('Tomato', 20, 110), tWord('soup', 120, 200)]);
    const doubtful = readAs(20);
    expect(await readUnreadParts(mask, unsure, doubtful, () => 0, () => true)).toBe(0);
    expect(unsure.blocks![0].paragraphs[0].lines[0].words).toHaveLength(2);
  });
});

describe('a till receipt with right-aligned amounts, end to end', () => {
  it('reads every amount on its label’s line', async () => {
    const mono = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
    const family = existsSync(mono) && GlobalFonts.registerFromPath(mono, 'TestTillMono') ? 'TestTillMono' : 'monospace';
    const canvas = createCanvas(820, 760);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#f4efe2';
    ctx.fillRect(0, 0, 820, 760);
    ctx.fillStyle = '#242424';
    ctx.font = `30px ${family}`;
    const rows = [
      ['HAZELNUT BAKERY', ''], ['12 Wharf Road', ''], ['', ''],
      ['Rye loaf', '4.20'], ['Almond croissant', '2.85'], ['Oat latte', '3.15'], ['', ''], ['TOTAL', '10.20'], ['CARD', '10.20'],
    ];
    rows.forEach(([label, amount], i) => {
      ctx.fillText(label, 60, 80 + i * 70);
      if (amount) ctx.fillText(amount, 760 - ctx.measureText(amount).width, 80 + i * 70);
    });
    const page = await ocrImage({ image: canvas.toBuffer('image/png') });
    const lineOf = (label: string) => page.lines.find((l) => l.text.startsWith(label))?.text;
    expect(lineOf('Rye')).toMatch(/4\.20$/);
    expect(lineOf('Almond')).toMatch(/2\.85$/);
    expect(lineOf('Oat')).toMatch(/3\.15$/);
    expect(lineOf('TOTAL')).toMatch(/10\.20$/);
  }, 120_000);
});
