/**
 * Second readings of doubtful lines chosen by a receipt
 * character model (issue 22, `OcrOptions.rereadLines`, on by default for pages read in English):
 * the model's scoring, the rules that pick the lines read again and the
 * reading kept, on invented receipt lines and hand-built recognition
 * results (no corpus content), and that it runs by default on pages read
 * in English only.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { CharLanguageModel, charModelForm, trainCharModel } from '../../../functions/engines/ocr/char-language-model.ts';
import { MAX_LINE_REREADS, prefersSecond, REREAD_LINE_BELOW, rereadLines, type LineRereadRecord } from '../../../functions/engines/ocr/line-reread.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import type { GrayImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr, type LineWord, type OcrPageData } from '../../../functions/engines/ocr/tesseract-pool.ts';
import committed from '../../../functions/engines/ocr/receipt-char-model.json' with { type: 'json' };

afterAll(() => terminateOcr());

/** Invented receipt lines: the kind of text a receipt prints. */
const TRAINING = [
  'TOTAL 12.50',
  'SUBTOTAL 45.10',
  'CASH 50.00',
  'CHANGE 4.90',
  'TOTAL QTY: 3',
  'THANK YOU PLEASE COME AGAIN',
  'GST REG NO: 000123456789',
  'TAX INVOICE',
  'KEDAI RUNCIT MAJU SDN BHD',
  'TOTAL INCL. GST 6%',
  'ROUNDING ADJUSTMENT 0.01',
];

describe('receipt character model', () => {
  const model = new CharLanguageModel(trainCharModel(TRAINING, 3));

  it('folds case and counts every digit alike', () => {
    expect(charModelForm('  Total  12.50 ')).toBe('total 00.00');
    expect(model.score('TOTAL 12.50')).toBeCloseTo(model.score('total 98.71'), 10);
  });

  it('scores receipt words above the same strokes misread', () => {
    expect(model.score('TOTAL 12.50')).toBeGreaterThan(model.score('T0TAI 12.50'));
    expect(model.score('SDN BHD')).toBeGreaterThan(model.score('SDN 8HD'));
    expect(model.score('CHANGE 4.90')).toBeGreaterThan(model.score('CHAN6E 4,9O'));
    expect(model.score('')).toBe(-Infinity);
  });

  it('is deterministic: the same lines give the same counts', () => {
    expect(trainCharModel(TRAINING, 3)).toEqual(trainCharModel([...TRAINING], 3));
  });

  it('the committed model loads and prefers receipt text to misreadings', () => {
    const receipt = new CharLanguageModel(committed);
    expect(receipt.score('TOTAL AMOUNT')).toBeGreaterThan(receipt.score('T0TAl AMQUNT'));
    expect(receipt.score('THANK YOU')).toBeGreaterThan(receipt.score('THAMK Y0U'));
  });
});

describe('choosing between two readings of a line', () => {
  const model = new CharLanguageModel(trainCharModel(TRAINING, 3));
  const score = (t: string) => model.score(t);

  it('takes a clearly more receipt-like second reading of about the same length', () => {
    expect(prefersSecond('T0TAI QTY: 3', 'TOTAL QTY: 3', score)).toBe(true);
  });

  it('keeps the first reading when the second is no better, the same, empty or much longer or shorter', () => {
    expect(prefersSecond('TOTAL QTY: 3', 'T0TAI QTY: 3', score)).toBe(false);
    expect(prefersSecond('TOTAL 12.50', 'total 12.50', score)).toBe(false);
    expect(prefersSecond('T0TAI 12.50', '', score)).toBe(false);
    expect(prefersSecond('T0TAI', 'TOTAL QTY: 3 CASH 50.00', score)).toBe(false);
  });
});

/** A hand-built recognition result: lines of [text, confidence, box]. */
function pageData(lines: Array<Array<[string, number, [number, number, number, number]]>>): OcrPageData {
  return {
    blocks: [
      {
        paragraphs: [
          {
            lines: lines.map((words) => ({
              words: words.map(([text, confidence, [x0, y0, x1, y1]]) => ({ text, confidence, bbox: { x0, y0, x1, y1 } })),
            })),
          },
        ],
      },
    ],
  } as unknown as OcrPageData;
}
const textOf = (data: OcrPageData) => data.blocks![0].paragraphs[0].lines.map((l) => l.words.map((w) => w.text).join(' '));
const white: GrayImage = { data: new Uint8Array(400 * 200).fill(255), width: 400, height: 200 };

describe('rereadLines over a recognition result', () => {
  const model = new CharLanguageModel(trainCharModel(TRAINING, 3));
  const score = (t: string) => model.score(t);

  it('reads only doubtful lines again, replaces the one the model prefers, and maps its boxes back into the page', async () => {
    const data = pageData([
      [['TAX', 96, [10, 10, 50, 30]], ['INVOICE', 95, [60, 10, 150, 30]]],
      [['T0TAI', 40, [10, 50, 80, 70]], ['12.50', 70, [100, 50, 160, 70]]],
      [['CASH', 60, [10, 90, 70, 110]], ['50.00', 80, [100, 90, 160, 110]]],
    ]);
    const crops: Uint8Array[] = [];
    const read = async (images: readonly Uint8Array[]): Promise<LineWord[][]> => {
      crops.push(...images);
      // Least sure line first: the T0TAI line, then CASH (read the same again).
      return [
        [
          { text: 'TOTAL', confidence: 50, bbox: { x0: 18, y0: 18, x1: 150, y1: 66 } },
          { text: '12.50', confidence: 60, bbox: { x0: 190, y0: 18, x1: 300, y1: 66 } },
        ],
        [{ text: 'CASH', confidence: 90, bbox: { x0: 18, y0: 18, x1: 120, y1: 66 } }, { text: '50.00', confidence: 90, bbox: { x0: 190, y0: 18, x1: 300, y1: 66 } }],
      ];
    };
    const records: LineRereadRecord[] = [];
    const summary = await rereadLines(white, data, read, score, (r) => records.push(r));
    expect(crops).toHaveLength(2);
    expect(summary).toEqual({ reread: 2, replaced: 1 });
    expect(textOf(data)).toEqual(['TAX INVOICE', 'TOTAL 12.50', 'CASH 50.00']);
    expect(records.map((r) => [r.first, r.second, r.taken])).toEqual([
      ['T0TAI 12.50', 'TOTAL 12.50', true],
      ['CASH 50.00', 'CASH 50.00', false],
    ]);
    // The new words sit on the line they replaced, in the page's pixels (not the enlarged crop's).
    const line = data.blocks![0].paragraphs[0].lines[1];
    for (const w of line.words) {
      expect(w.bbox.y0).toBeGreaterThanOrEqual(40);
      expect(w.bbox.y1).toBeLessThanOrEqual(80);
      expect(w.bbox.x1).toBeLessThanOrEqual(200);
    }
    expect(line.words[0].bbox.x0).toBeLessThan(line.words[1].bbox.x0);
  });

  it('reads nothing when every line is sure, and at most the cap of lines on a doubtful page', async () => {
    let calls = 0;
    const read = async (images: readonly Uint8Array[]) => {
      calls += images.length;
      return images.map(() => [] as LineWord[]);
    };
    const sure = pageData([[['TOTAL', REREAD_LINE_BELOW + 5, [10, 10, 80, 30]]]]);
    expect(await rereadLines(white, sure, read, score)).toEqual({ reread: 0, replaced: 0 });
    expect(calls).toBe(0);
    const many = pageData(Array.from({ length: MAX_LINE_REREADS + 10 }, (_, i) => [['T0TAI', 30, [10, i * 4, 60, i * 4 + 8]] as [string, number, [number, number, number, number]]]));
    const tall: GrayImage = { data: new Uint8Array(400 * 400).fill(255), width: 400, height: 400 };
    const summary = await rereadLines(tall, many, read, score);
    expect(summary.reread).toBe(MAX_LINE_REREADS);
    expect(summary.replaced).toBe(0);
  });
});

const require = createRequire(import.meta.url);
const FONT = 'LineRereadTestSans';
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT);

/** An invented receipt printed pale and small: a page with doubtful lines. */
function paleReceipt(): Buffer {
  const lines = ['KEDAI RUNCIT MAJU', 'TAX INVOICE', 'TOTAL QTY: 3', 'SUBTOTAL 45.10', 'CASH 50.00', 'CHANGE 4.90', 'THANK YOU'];
  const canvas = createCanvas(300, 40 + lines.length * 22);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.font = `8px ${FONT}`;
  ctx.fillStyle = 'rgb(175,175,175)';
  lines.forEach((line, i) => ctx.fillText(line, 12, 24 + i * 22));
  return canvas.toBuffer('image/png');
}

describe('OcrOptions.rereadLines', () => {
  it('is on by default for a page read in English: the output equals rereadLines true, and doubtful lines are read again', async () => {
    const image = paleReceipt();
    const heard: LineRereadRecord[] = [];
    const byDefault = await ocrImage({ image }, { detectRotation: false, onLineReread: (r) => heard.push(r) });
    const on = await ocrImage({ image }, { detectRotation: false, rereadLines: true });
    expect(byDefault.text).toBe(on.text);
    expect(byDefault.words).toEqual(on.words);
    // The pale small print leaves lines in doubt: the re-read had something to do.
    expect(heard.length).toBeGreaterThan(0);
  });

  it('reads a page through and reports each doubtful line with both readings', async () => {
    const image = paleReceipt();
    const heard: LineRereadRecord[] = [];
    const on = await ocrImage({ image }, { detectRotation: false, onLineReread: (r) => heard.push(r) });
    expect(on.text).toMatch(/TOTAL|CASH|THANK/i);
    expect(heard.length).toBeGreaterThan(0);
    for (const r of heard) {
      expect(r.firstConfidence).toBeLessThan(REREAD_LINE_BELOW);
      expect(typeof r.second).toBe('string');
      expect(Number.isFinite(r.firstScore)).toBe(true);
    }
  });

  it('is off when set to false, and on pages read in another language than English (the model is an English receipt model)', async () => {
    const image = paleReceipt();
    const heard: LineRereadRecord[] = [];
    const off = await ocrImage({ image }, { detectRotation: false, rereadLines: false, onLineReread: (r) => heard.push(r) });
    expect(heard).toHaveLength(0);
    const german = await ocrImage({ image }, { detectRotation: false, languages: ['de'], onLineReread: (r) => heard.push(r) });
    const germanOff = await ocrImage({ image }, { detectRotation: false, languages: ['de'], rereadLines: false });
    expect(heard).toHaveLength(0);
    expect(german.text).toBe(germanOff.text);
    await ocrImage({ image }, { detectRotation: false, languages: ['en', 'fr'], onLineReread: (r) => heard.push(r) });
    expect(heard).toHaveLength(0);
    expect(off.text).toMatch(/TOTAL|CASH|THANK/i);
  });
});

describe('boxOnPage', () => {
  it('maps a box read on an enlarged crop back to whole pixels of the page, margins and white frame taken off', async () => {
    const { boxOnPage, enlargedCrop } = await import('../../../functions/engines/ocr/enlarged-crop.ts');
    const image: GrayImage = { data: new Uint8Array(400 * 100).fill(255), width: 400, height: 100 };
    const plan = { marginX: 0.5, marginY: 0.25, targetHeight: 40, maxScale: 4, border: 12, minHeight: 6, minWidth: 4 };
    const crop = (await enlargedCrop(image, { x0: 100, y0: 40, x1: 200, y1: 60 }, plan))!;
    expect(crop).toMatchObject({ left: 90, top: 35, scale: 2, border: 12 });
    // The text's box inside the crop: 10 px of margin at scale 2 plus the frame on the left, 5 px on top.
    expect(boxOnPage(crop, { x0: 12 + 20, y0: 12 + 10, x1: 12 + 220, y1: 12 + 50 })).toEqual({ x0: 100, y0: 40, x1: 200, y1: 60 });
    expect(boxOnPage(crop, { x0: 33, y0: 23, x1: 232, y1: 62 })).toEqual({ x0: 101, y0: 41, x1: 200, y1: 60 });
  });
});
