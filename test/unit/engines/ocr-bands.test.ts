/**
 * One page read in horizontal bands on several workers (page-bands.ts):
 * where the page may be cut (never through a text row, never across a
 * multi-column region), how band readings are put back together, and a
 * generated page read in bands against the same page read whole.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { InkMask } from '../../../functions/engines/ocr/page-analysis.ts';
import { bandCuts, MIN_BAND_ROWS, mergeBandReadings } from '../../../functions/engines/ocr/page-bands.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { lambdaVcpus, ocrWorkersStarted, poolSize, terminateOcr, type OcrPageData } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { cer, textImage } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

/** A blank mask to draw text-like rows on. */
function page(width = 400, height = 600) {
  const mask = new Uint8Array(width * height);
  let seed = 7;
  /** A text row `[top, top + rowHeight)` from `left` to `right`: "letters" (3-pixel strokes every 5 pixels) in words of 10–45 pixels, word spaces a third of the row height, varying from row to row as prose does. */
  const line = (top: number, left: number, right: number, rowHeight = 10) => {
    let x = left;
    while (x < right) {
      seed = (seed * 48271) % 2147483647;
      const end = Math.min(right, x + 10 + (seed % 36));
      for (let y = top; y < top + rowHeight; y++) for (let c = x; c < end; c++) if ((c - x) % 5 < 3) mask[y * width + c] = 1;
      x = end + 3;
    }
  };
  const done = (): InkMask => {
    const ink = mask.reduce((n, v) => n + v, 0);
    return { mask, width, height, inkRatio: ink / mask.length, contrast: 200 };
  };
  return { mask, width, line, done };
}

const rowInk = (m: InkMask, y: number) => m.mask.subarray(y * m.width, (y + 1) * m.width).reduce((n, v) => n + v, 0);
const inkAbove = (m: InkMask, y: number) => m.mask.subarray(0, y * m.width).reduce((n, v) => n + v, 0);

describe('bandCuts', () => {
  it('cuts a single-column page in a blank row between text rows, about half the ink on each side', () => {
    const p = page();
    const tops = Array.from({ length: 20 }, (_, i) => 20 + i * 28);
    for (const top of tops) p.line(top, 20, 380);
    const m = p.done();
    const cuts = bandCuts(m, 2);
    expect(cuts).toHaveLength(1);
    const [cut] = cuts;
    expect(rowInk(m, cut)).toBe(0);
    // Mid-gap: blank rows on both sides of the cut.
    expect(rowInk(m, cut - 3) + rowInk(m, cut + 3)).toBe(0);
    const share = inkAbove(m, cut) / m.mask.reduce((n, v) => n + v, 0);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });

  it('cuts into three bands for three workers, in order, each with enough text rows', () => {
    const p = page();
    for (let i = 0; i < 20; i++) p.line(20 + i * 28, 20, 380);
    const m = p.done();
    const cuts = bandCuts(m, 3);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeLessThan(cuts[1]);
    const bounds = [0, ...cuts, m.height];
    for (let b = 0; b < 3; b++) {
      const rowsInBand = Array.from({ length: 20 }, (_, i) => 20 + i * 28).filter((top) => top >= bounds[b] && top < bounds[b + 1]).length;
      expect(rowsInBand).toBeGreaterThanOrEqual(MIN_BAND_ROWS);
    }
  });

  it('does not cut a page with too few text rows, nor for one worker', () => {
    const p = page();
    for (let i = 0; i < MIN_BAND_ROWS * 2 - 1; i++) p.line(20 + i * 28, 20, 380);
    expect(bandCuts(p.done(), 2)).toEqual([]);
    const q = page();
    for (let i = 0; i < 20; i++) q.line(20 + i * 28, 20, 380);
    expect(bandCuts(q.done(), 1)).toEqual([]);
  });

  it('does not cut a page with two columns anywhere, nor one whose left column runs on alone', () => {
    // Heading rows, then two columns (left 12 rows, right 7), then four full-width rows:
    // cut anywhere, tesseract would read the columns differently.
    const p = page(400, 700);
    p.line(20, 20, 380);
    p.line(48, 20, 380);
    Array.from({ length: 12 }, (_, i) => 90 + i * 28).forEach((top, i) => {
      p.line(top, 20, 180);
      if (i < 7) p.line(top, 220, 380);
    });
    for (let i = 0; i < 4; i++) p.line(460 + i * 28, 20, 380);
    expect(bandCuts(p.done(), 2)).toEqual([]);
    expect(bandCuts(p.done(), 3)).toEqual([]);
    // The same page with the columns' text running across: cut.
    const q = page(400, 700);
    q.line(20, 20, 380);
    q.line(48, 20, 380);
    for (let i = 0; i < 12; i++) q.line(90 + i * 28, 20, 380);
    for (let i = 0; i < 4; i++) q.line(460 + i * 28, 20, 380);
    expect(bandCuts(q.done(), 2)).toHaveLength(1);
  });

  it('does not cut a receipt-like page of labels and right-aligned amounts', () => {
    const p = page(400, 700);
    Array.from({ length: 20 }, (_, i) => 20 + i * 28).forEach((top, i) => {
      if (i < 3 || i >= 17) p.line(top, 20, 380);
      else {
        p.line(top, 20, 160);
        p.line(top, 320, 380);
      }
    });
    expect(bandCuts(p.done(), 2)).toEqual([]);
  });

  it('takes a row with a speck of dust for blank but not a row with a few letters', () => {
    const p = page();
    for (let i = 0; i < 10; i++) p.line(20 + i * 28, 20, 380);
    // Two tiny lines of three letters in the middle gaps: text, so no cut through them.
    p.line(20 + 10 * 28, 20, 60);
    for (let i = 11; i < 20; i++) p.line(20 + i * 28, 20, 380);
    p.mask[(20 + 4 * 28 + 18) * p.width + 200] = 1; // a speck in the gap after row 4
    const m = p.done();
    for (const cut of bandCuts(m, 2)) {
      expect(rowInk(m, cut)).toBeLessThanOrEqual(1);
      expect(cut < 20 + 10 * 28 || cut >= 20 + 10 * 28 + 10).toBe(true);
    }
  });
});

describe('mergeBandReadings', () => {
  const box = (y0: number, y1: number) => ({ x0: 10, y0, x1: 90, y1 });
  const reading = (text: string, confidence: number, words: number): OcrPageData =>
    ({
      confidence,
      text: '',
      blocks: [
        {
          text,
          confidence,
          bbox: box(5, 25),
          blocktype: 'FLOWING_TEXT',
          paragraphs: [
            {
              text,
              confidence,
              is_ltr: true,
              bbox: box(5, 25),
              lines: [
                {
                  text,
                  confidence,
                  bbox: box(5, 25),
                  baseline: box(22, 22),
                  rowAttributes: { ascenders: 3, descenders: 3, rowHeight: 20 },
                  words: Array.from({ length: words }, (_, i) => ({ text: `${text}${i}`, confidence, bbox: box(5, 25), symbols: [{ text: 'x', confidence, bbox: box(6, 24) }], choices: [], font_name: '' })),
                },
              ],
            },
          ],
        },
      ],
    }) as unknown as OcrPageData;

  it('moves every box of a band down by its top, keeps band order and weights the confidence by words', () => {
    const merged = mergeBandReadings([
      { top: 0, data: reading('top', 90, 3) },
      { top: 100, data: reading('bottom', 50, 1) },
    ]);
    expect(merged.blocks!.map((b) => b.text)).toEqual(['top', 'bottom']);
    const lower = merged.blocks![1];
    expect(lower.bbox).toMatchObject({ y0: 105, y1: 125 });
    expect(lower.paragraphs[0].bbox).toMatchObject({ y0: 105, y1: 125 });
    expect(lower.paragraphs[0].lines[0].bbox).toMatchObject({ y0: 105, y1: 125 });
    expect(lower.paragraphs[0].lines[0].baseline).toMatchObject({ y0: 122, y1: 122 });
    expect(lower.paragraphs[0].lines[0].words[0].bbox).toEqual({ x0: 10, y0: 105, x1: 90, y1: 125 });
    expect(lower.paragraphs[0].lines[0].words[0].symbols[0].bbox).toMatchObject({ y0: 106, y1: 124 });
    // The first band's boxes stay where they were.
    expect(merged.blocks![0].paragraphs[0].lines[0].words[2].bbox).toEqual({ x0: 10, y0: 5, x1: 90, y1: 25 });
    expect(merged.confidence).toBeCloseTo((90 * 3 + 50) / 4, 5);
  });
});

describe('Lambda pool size', () => {
  it('counts vCPUs from the function memory (1,769 MB each), at least one', () => {
    expect(lambdaVcpus(512)).toBe(1);
    expect(lambdaVcpus(1769)).toBe(1);
    expect(lambdaVcpus(3008)).toBe(2);
    expect(lambdaVcpus(10240)).toBe(6);
  });

  it('sizes the pool no larger than the Lambda memory allows', () => {
    const saved = { workers: process.env.DOCINTEL_OCR_WORKERS, memory: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE };
    try {
      delete process.env.DOCINTEL_OCR_WORKERS;
      process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE = '1024';
      expect(poolSize()).toBe(1);
    } finally {
      for (const [key, value] of [['DOCINTEL_OCR_WORKERS', saved.workers], ['AWS_LAMBDA_FUNCTION_MEMORY_SIZE', saved.memory]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe('a page read in bands', () => {
  async function withWorkers<T>(n: number, run: () => Promise<T>): Promise<T> {
    const saved = process.env.DOCINTEL_OCR_WORKERS;
    await terminateOcr();
    process.env.DOCINTEL_OCR_WORKERS = String(n);
    try {
      return await run();
    } finally {
      await terminateOcr();
      if (saved === undefined) delete process.env.DOCINTEL_OCR_WORKERS;
      else process.env.DOCINTEL_OCR_WORKERS = saved;
    }
  }

  /** Reads `png` on `n` workers; how many workers the one page started. */
  const readOn = (n: number, png: Buffer) =>
    withWorkers(n, async () => {
      const before = ocrWorkersStarted();
      const page = await ocrImage({ image: png }, { detectRotation: false });
      return { page, started: ocrWorkersStarted() - before };
    });

  // Invented running text, three paragraphs.
  const letter = [
    'Dear members of the village garden club,',
    '',
    'the spring meeting will take place on the first Saturday',
    'of April in the old school hall, starting at ten o\'clock.',
    'Please bring seeds to swap and a cup for the tea.',
    '',
    'We will talk about the new compost bins, the rota for',
    'watering during the summer holidays and the plans for',
    'a small orchard along the northern fence of the plot.',
    '',
    'With kind regards from the committee,',
    'Margaret Holloway, secretary',
  ];

  it('reads a page of running text on two workers at once, as it reads it on one', async () => {
    const { png, text } = textImage(letter, { fontSize: 30 });
    const whole = await readOn(1, png);
    const banded = await readOn(2, png);
    expect(banded.started).toBe(2);
    expect(banded.page.text.replace(/\s+/g, ' ')).toBe(whole.page.text.replace(/\s+/g, ' '));
    expect(cer(banded.page.text, text)).toBeLessThan(0.02);
    // Boxes of the lower band still land on their words.
    const last = banded.page.lines.find((l) => l.text.includes('secretary'));
    const expectedTop = (150 + 30 + 11 * 30 * 1.6 - 24) / 1754;
    expect(Math.abs(last!.bbox[1] - expectedTop)).toBeLessThan(0.01);
    expect(banded.page.lines.map((l) => l.bbox[1])).toEqual([...banded.page.lines.map((l) => l.bbox[1])].sort((a, b) => a - b));
  });

  it('reads a page with two columns whole, as on one worker', async () => {
    const left = ['Alpine meadows bloom', 'early in the spring', 'when snow retreats', 'from the high slopes', 'and bees wander in', 'among the gentians', 'until the first frost'];
    const right = ['Harbour cranes lift', 'steel boxes daily', 'onto waiting ships', 'bound for ports', 'across the ocean'];
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const canvas = createCanvas(1240, 1754);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(await loadImage(textImage(['Field notes from two places', 'Written over one long summer', 'Kept in a small blue notebook'], { fontSize: 30 }).png), 0, 0);
    const column = (lines: string[], x: number) => loadImage(textImage(lines, { width: 520, height: 350, fontSize: 30, x: 0, y: 0 }).png).then((img) => ctx.drawImage(img, x, 372));
    await column(left, 120);
    await column(right, 680);
    const png = canvas.toBuffer('image/png');
    const { page, started } = await readOn(2, png);
    expect(started).toBe(1);
    expect(page.text).toContain('until the first frost');
    expect(page.text).toBe((await readOn(1, png)).page.text);
  });
});
