import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { BBox } from '../../../functions/engines/document-model.ts';
import { mapConcurrent } from '../../../functions/engines/ocr/concurrency.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { estimateSkew, textBand, inkMask, isBlank, lineAxisRatio, otsuThreshold, rotateMask } from '../../../functions/engines/ocr/page-analysis.ts';
import { OCR_ENGINE, ocrWorkersStarted, poolSize, terminateOcr, withRecognizer } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { cer, SAMPLE_LINES, textImage, type DrawnWord } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

const SMALL = { width: 1100, height: 420, fontSize: 34, x: 60, y: 60 } as const;

/** The drawn box turned like the page: clockwise quarter turns. */
function turn(b: BBox, degrees: 0 | 90 | 180 | 270): BBox {
  const [l, t, r, bo] = b;
  if (degrees === 90) return [1 - bo, l, 1 - t, r];
  if (degrees === 180) return [1 - r, 1 - bo, 1 - l, 1 - t];
  if (degrees === 270) return [t, 1 - r, bo, 1 - l];
  return b;
}

const centre = (b: BBox) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

function expectBoxesNear(words: readonly { text: string; bbox: BBox }[], drawn: readonly DrawnWord[], degrees: 0 | 90 | 180 | 270 = 0, tolerance = 0.02) {
  let matched = 0;
  const seen = new Map<string, number>();
  for (const d of drawn) {
    // The k-th drawn "for" is the k-th recognised "for" (both in reading order).
    const k = seen.get(d.text) ?? 0;
    seen.set(d.text, k + 1);
    const w = words.filter((x) => x.text === d.text)[k];
    if (!w) continue;
    matched++;
    const [ex, ey] = centre(turn(d.bbox, degrees));
    const [ax, ay] = centre(w.bbox);
    expect(Math.abs(ax - ex)).toBeLessThan(tolerance);
    expect(Math.abs(ay - ey)).toBeLessThan(tolerance);
  }
  expect(matched).toBeGreaterThanOrEqual(drawn.length * 0.8);
}

describe('page analysis', () => {
  it('Otsu splits a two-level histogram between the levels', () => {
    const h = new Array<number>(256).fill(0);
    h[30] = 100;
    h[220] = 900;
    const t = otsuThreshold(h);
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(220);
  });

  it('calls a flat or speckled page blank and a page with text not', async () => {
    const gray = (png: Buffer) =>
      sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({ data: new Uint8Array(data), width: info.width, height: info.height }));
    const flat = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#f4f4f0' } }).png().toBuffer();
    expect(isBlank(inkMask(await gray(flat)))).toBe(true);
    const text = textImage(['Some words'], { width: 400, height: 500, fontSize: 30 });
    expect(isBlank(inkMask(await gray(text.png)))).toBe(false);
  });

  it('measures skew (sign: lines climbing to the right are positive) and line height', async () => {
    const page = textImage(SAMPLE_LINES.concat(SAMPLE_LINES), { width: 1000, height: 900, fontSize: 28, x: 60, y: 60 });
    for (const degrees of [0, 3, -4]) {
      // sharp turns clockwise for positive angles: lines then descend to the right.
      const { data, info } = await sharp(page.png).rotate(degrees, { background: '#fff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
      const estimate = estimateSkew(inkMask({ data: new Uint8Array(data), width: info.width, height: info.height }));
      expect(Math.abs(estimate.angle + degrees)).toBeLessThanOrEqual(0.3);
      expect(estimate.lineHeight).toBeGreaterThan(15);
      expect(estimate.lineHeight).toBeLessThan(35);
    }
  });

  it('tells horizontal text lines from vertical ones by their profiles', async () => {
    const page = textImage(['Total 18.50 EUR'], { width: 600, height: 160, fontSize: 40, x: 40, y: 40 });
    const { data, info } = await sharp(page.png).grayscale().raw().toBuffer({ resolveWithObject: true });
    const mask = inkMask({ data: new Uint8Array(data), width: info.width, height: info.height });
    expect(lineAxisRatio(mask)).toBeGreaterThan(1.5);
    expect(lineAxisRatio(rotateMask(mask, 90))).toBeLessThan(0.6);
  });

  it('finds the band of text lines, not of rules or shaded areas', () => {
    const width = 40;
    const height = 120;
    const mask = new Uint8Array(width * height);
    const fill = (y: number, from: number, to: number) => mask.fill(1, y * width + from, y * width + to);
    fill(2, 0, width); // a rule
    for (let y = 10; y < 20; y++) fill(y, 0, width); // a shaded area: all ink, no lines
    // Eight text lines, three rows of ink and three of gap each.
    for (let line = 0; line < 8; line++) for (let y = 60 + line * 6; y < 63 + line * 6; y++) for (let x = 0; x < 30; x += 2) fill(y, x, x + 1);
    const ink = { mask, width, height, inkRatio: 0.2, contrast: 200 };
    const [top, bottom] = textBand(ink, 24);
    expect(bottom - top).toBe(24);
    expect(top).toBeGreaterThanOrEqual(55);
    expect(bottom).toBeLessThanOrEqual(110);
    const [left, right] = textBand(ink, 20, 'columns', [top, bottom]);
    expect(right - left).toBe(20);
    expect(right).toBeLessThanOrEqual(32);
    expect(textBand(ink, 500)).toEqual([0, 120]);
  });

  it('turns masks by quarter turns', () => {
    const mask = { mask: new Uint8Array([1, 0, 0, 0, 0, 0]), width: 3, height: 2, inkRatio: 1 / 6, contrast: 255 };
    const turned = rotateMask(mask, 90);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect(Array.from(turned.mask)).toEqual([0, 1, 0, 0, 0, 0]); // top-left goes to top-right
  });
});

describe('OCR (tesseract.js, offline)', () => {
  it('names its engine and sizes its pool from DOCINTEL_OCR_WORKERS', () => {
    expect(OCR_ENGINE).toMatch(/^tesseract\.js@7\.\d+\.\d+\/eng-lstm-best-int$/);
    const before = process.env.DOCINTEL_OCR_WORKERS;
    process.env.DOCINTEL_OCR_WORKERS = '3';
    expect(poolSize()).toBe(3);
    process.env.DOCINTEL_OCR_WORKERS = 'nonsense';
    expect(poolSize()).toBeGreaterThanOrEqual(1);
    if (before === undefined) delete process.env.DOCINTEL_OCR_WORKERS;
    else process.env.DOCINTEL_OCR_WORKERS = before;
  });

  it('reads an upright page: text, words, lines, blocks, normalised boxes where the text was drawn', async () => {
    const page = textImage(SAMPLE_LINES, SMALL);
    const result = await ocrImage({ image: page.png });
    expect(result.blank).toBe(false);
    expect(result.rotation).toBe(0);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
    expect(result.lines.map((l) => l.text).join('\n')).toBe(result.blocks.map((b) => b.text).join('\n'));
    for (const word of result.words) {
      expect(word.source).toBe('ocr');
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      const [l, t, r, b] = word.bbox;
      expect(0 <= l && l < r && r <= 1 && 0 <= t && t < b && b <= 1).toBe(true);
    }
    expect(result.words.filter((w) => w.confidence > 0.8).length).toBeGreaterThan(result.words.length * 0.8);
    for (const line of result.lines) expect(line.text).toBe(line.wordIndexes.map((i) => result.words[i].text).join(' '));
    expectBoxesNear(result.words, page.words);
  });

  it('turns a page scanned sideways upright, and keeps boxes on the sideways words', async () => {
    const page = textImage(SAMPLE_LINES, SMALL);
    const sideways = await sharp(page.png).rotate(90).png().toBuffer();
    const result = await ocrImage({ image: sideways });
    expect(result.rotation).toBe(270);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
    expectBoxesNear(result.words, page.words, 90);
  });

  it('turns a single sideways line upright even when there is too little text for OSD', async () => {
    const label = textImage(['Total 18.50 EUR'], { width: 600, height: 160, fontSize: 40, x: 40, y: 40 });
    for (const degrees of [90, 270] as const) {
      const result = await ocrImage({ image: await sharp(label.png).rotate(degrees).png().toBuffer() });
      expect(result.rotation).toBe(360 - degrees);
      expect(cer(result.text, label.text)).toBeLessThan(0.1);
    }
  });

  it('straightens a skewed scan', async () => {
    const page = textImage(SAMPLE_LINES, SMALL);
    const skewed = await sharp(page.png).rotate(4, { background: '#fff' }).png().toBuffer();
    const result = await ocrImage({ image: skewed });
    expect(result.skew).toBeCloseTo(-4, 0);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
    // Boxes land on the skewed words: compare centres with the drawn boxes turned by 4°.
    const meta = await sharp(skewed).metadata();
    const rad = (4 * Math.PI) / 180;
    const [w0, h0] = [page.width, page.height];
    const [w1, h1] = [meta.width!, meta.height!];
    const word = result.words.find((w) => w.text === 'Invoice')!;
    const drawn = page.words.find((w) => w.text === 'Invoice')!;
    const [cx, cy] = centre(drawn.bbox);
    const dx = cx * w0 - w0 / 2;
    const dy = cy * h0 - h0 / 2;
    const ex = (dx * Math.cos(rad) - dy * Math.sin(rad) + w1 / 2) / w1;
    const ey = (dx * Math.sin(rad) + dy * Math.cos(rad) + h1 / 2) / h1;
    const [ax, ay] = centre(word.bbox);
    expect(Math.abs(ax - ex)).toBeLessThan(0.02);
    expect(Math.abs(ay - ey)).toBeLessThan(0.02);
  });

  it('skips blank pages without running OCR', async () => {
    // Prepare: an empty pool, so any recognition would have to start a worker.
    const blank = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#fbfbfb' } }).png().toBuffer();
    await terminateOcr();
    const workersBefore = ocrWorkersStarted();

    // Act
    const result = await ocrImage({ image: blank });

    // Assess
    expect(result.blank).toBe(true);
    expect(result.words).toEqual([]);
    expect(result.text).toBe('');
    expect(ocrWorkersStarted()).toBe(workersBefore);
  });

  it('enlarges tiny text before OCR', async () => {
    const page = textImage(['Tiny text is enlarged first'], { width: 400, height: 60, fontSize: 14, x: 10, y: 10 });
    const result = await ocrImage({ image: page.png });
    expect(result.scale).toBeGreaterThan(1.3);
    expect(cer(result.text, page.text)).toBeLessThan(0.08);
  });
});

describe('OCR worker pool', () => {
  it('reuses workers across calls and recycles them after DOCINTEL_OCR_RECYCLE_PAGES pages', async () => {
    const saved = { workers: process.env.DOCINTEL_OCR_WORKERS, recycle: process.env.DOCINTEL_OCR_RECYCLE_PAGES };
    await terminateOcr();
    process.env.DOCINTEL_OCR_WORKERS = '1';
    process.env.DOCINTEL_OCR_RECYCLE_PAGES = '2';
    try {
      const image = await sharp(textImage(['Pool'], { width: 200, height: 80, fontSize: 30, x: 10, y: 10 }).png).grayscale().png().toBuffer();
      const before = ocrWorkersStarted();
      const texts: string[] = [];
      for (let i = 0; i < 3; i++) texts.push((await withRecognizer((w) => w.recognize(image))).data.text.trim());
      expect(texts).toEqual(['Pool', 'Pool', 'Pool']);
      // Pages 1–2 on the first worker, which is then retired; page 3 on a new one.
      expect(ocrWorkersStarted() - before).toBe(2);
    } finally {
      await terminateOcr();
      for (const [key, value] of [['DOCINTEL_OCR_WORKERS', saved.workers], ['DOCINTEL_OCR_RECYCLE_PAGES', saved.recycle]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe('mapConcurrent', () => {
  it('keeps order, bounds concurrency and reports the first failure', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapConcurrent([5, 1, 3, 2], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 30, 20]);
    expect(peak).toBe(2);
    await expect(mapConcurrent([1, 2], 2, async (n) => (n === 2 ? Promise.reject(new Error('boom')) : n))).rejects.toThrow('boom');
  });
});
