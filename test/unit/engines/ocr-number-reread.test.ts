/**
 * Second readings of doubtful numbers (issue 22): generated receipt lines
 * whose decimal points print faint (invented text, no corpus content), and
 * the rules that decide which words are read again and which second
 * readings are taken.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import {
  isNumberWord,
  isPlausibleReread,
  MAX_REREADS_PER_PAGE,
  rereadNumbers,
  type CropReader,
  type NumberCrop,
} from '../../../functions/engines/ocr/number-reread.ts';
import type { GrayImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr, type OcrPageData } from '../../../functions/engines/ocr/tesseract-pool.ts';

afterAll(() => terminateOcr());

const require = createRequire(import.meta.url);
const FONT = 'RereadTestSans';
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT);

/** Invented receipt lines; every decimal point printed in pale grey, the rest dark (a thermal head that barely marks small dots). */
const LINES = ['SUBTOTAL 112.45', 'SERVICE 6% 6.75', 'TOTAL 54.50', 'CASH 100.00', 'CHANGE 45.50', 'TEA 2 X 13.80 27.60'];
const AMOUNTS = LINES.flatMap((l) => l.split(' ')).filter((w) => /^\d+\.\d{2}$/.test(w));

function receiptWithFaintPoints(px: number, point: number): Buffer {
  const width = 420;
  const canvas = createCanvas(width, 40 + LINES.length * px * 2);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, canvas.height);
  ctx.font = `${px}px ${FONT}`;
  LINES.forEach((line, i) => {
    let x = 20;
    for (const ch of line) {
      ctx.fillStyle = ch === '.' ? `rgb(${point},${point},${point})` : 'rgb(40,40,40)';
      ctx.fillText(ch, x, 30 + i * px * 2);
      x += ctx.measureText(ch).width;
    }
  });
  return canvas.toBuffer('image/png');
}

const amountsRead = (text: string) => AMOUNTS.filter((a) => text.split(/\s+/).includes(a));

describe('second readings of doubtful numbers on a page', () => {
  it('restores amounts whose faint decimal point the page reading dropped, and loses none', async () => {
    const image = receiptWithFaintPoints(14, 200);
    const without = await ocrImage({ image }, { detectRotation: false, rereadNumbers: false });
    const withReread = await ocrImage({ image }, { detectRotation: false });
    const before = amountsRead(without.text);
    const after = amountsRead(withReread.text);
    // The look-alike only proves something if the page reading does drop a point.
    expect(before.length).toBeLessThan(AMOUNTS.length);
    expect(after.length).toBeGreaterThan(before.length);
    for (const amount of before) expect(after).toContain(amount);
    // A word the page reading already read as an amount keeps its digits: re-reads only restore separators.
    const asAmount = /^\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}$/;
    for (const word of without.words.filter((w) => asAmount.test(w.text))) {
      expect(withReread.words.find((w) => w.bbox.every((v, i) => v === word.bbox[i]))?.text).toBe(word.text);
    }
    // A restored amount is one word, with a box on the page right of its label.
    const restored = withReread.words.find((w) => w.text === '112.45');
    const label = withReread.words.find((w) => w.text === 'SUBTOTAL');
    expect(restored!.bbox[0]).toBeGreaterThan(label!.bbox[2]);
    expect(restored!.bbox[2]).toBeLessThan(0.6);
  });
});

/** A hand-made first reading: one line per entry, words laid out left to right at the given confidences (0–100). */
function reading(lines: ReadonlyArray<ReadonlyArray<[string, number]>>): OcrPageData {
  return {
    blocks: [
      {
        paragraphs: [
          {
            lines: lines.map((words, row) => ({
              words: words.map(([text, confidence], i) => ({
                text,
                confidence,
                bbox: { x0: 10 + i * 60, y0: 10 + row * 30, x1: 60 + i * 60, y1: 30 + row * 30 },
              })),
            })),
          },
        ],
      },
    ],
  } as unknown as OcrPageData;
}

const paper: GrayImage = { data: new Uint8Array(400 * 800).fill(255), width: 400, height: 800 };

/** A reader that records how many crops it was given and answers `answer` for each. */
function countingReader(answer: { text: string; confidence: number }): CropReader & { crops: NumberCrop[] } {
  const crops: NumberCrop[] = [];
  const read = (async (given: readonly NumberCrop[]) => {
    crops.push(...given);
    return given.map(() => answer);
  }) as CropReader & { crops: NumberCrop[] };
  read.crops = crops;
  return read;
}

const texts = (data: OcrPageData) => data.blocks![0].paragraphs[0].lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('rereadNumbers', () => {
  it('never reads a confidently read line again, nor a doubtful word with letters', async () => {
    const data = reading([
      [['TOTAL', 96], ['12.20', 95]],
      [['CHANGE', 40], ['7.80', 93]],
    ]);
    const read = countingReader({ text: '99.99', confidence: 99 });
    expect(await rereadNumbers(paper, data, read)).toEqual({ reread: 0, replaced: 0 });
    expect(read.crops).toHaveLength(0);
    expect(texts(data)).toEqual(['TOTAL 12.20', 'CHANGE 7.80']);
  });

  it('reads only the doubtful number words again and takes a surer reading that restores a dropped point', async () => {
    const data = reading([
      [['TOTAL', 96], ['11245', 61]],
      [['CASH', 95], ['120.00', 97]],
    ]);
    const read = countingReader({ text: '112.45', confidence: 88 });
    expect(await rereadNumbers(paper, data, read)).toEqual({ reread: 1, replaced: 1 });
    expect(read.crops).toHaveLength(1);
    expect(texts(data)).toEqual(['TOTAL 112.45', 'CASH 120.00']);
  });

  it('never changes the digits of a word read as an amount, however doubtful, and does not read it again', async () => {
    const data = reading([
      [['TOTAL', 96], ['37.25', 60]],
      [['TAX', 95], ['7,312.04', 20]],
    ]);
    const read = countingReader({ text: '37.26', confidence: 99 });
    expect(await rereadNumbers(paper, data, read)).toEqual({ reread: 0, replaced: 0 });
    expect(read.crops).toHaveLength(0);
    expect(texts(data)).toEqual(['TOTAL 37.25', 'TAX 7,312.04']);
  });

  it('joins an amount split at its dropped point into one word', async () => {
    const data = reading([[['TOTAL', 96], ['112', 60], ['45', 62]]]);
    // The hand-made words sit 10 px apart at 20 px height: close enough to be one number.
    const read = countingReader({ text: '112.45', confidence: 85 });
    await rereadNumbers(paper, data, read);
    expect(texts(data)).toEqual(['TOTAL 112.45']);
    expect(data.blocks![0].paragraphs[0].lines[0].words[1].bbox).toEqual({ x0: 70, y0: 10, x1: 180, y1: 30 });
  });

  it('keeps the first reading when the second is not surer or not the same number', async () => {
    const unsure = reading([[['TOTAL', 96], ['11245', 61]]]);
    await rereadNumbers(paper, unsure, countingReader({ text: '112.45', confidence: 63 }));
    expect(texts(unsure)).toEqual(['TOTAL 11245']);
    const digitsOnly = reading([[['QTY', 96], ['1245', 40]]]);
    await rereadNumbers(paper, digitsOnly, countingReader({ text: '1246', confidence: 99 }));
    expect(texts(digitsOnly)).toEqual(['QTY 1245']);
    const date = reading([[['DATE', 96], ['03/02/2019', 50]]]);
    await rereadNumbers(paper, date, countingReader({ text: '30.22', confidence: 99 }));
    expect(texts(date)).toEqual(['DATE 03/02/2019']);
    const lettered = reading([[['TOTAL', 96], ['1220', 50]]]);
    await rereadNumbers(paper, lettered, countingReader({ text: '12.2O', confidence: 99 }));
    expect(texts(lettered)).toEqual(['TOTAL 1220']);
  });

  it('reads at most MAX_REREADS_PER_PAGE words of a page again, the least sure first', async () => {
    // 40 doubtful words, points dropped: '100' at 30–49, '200' at 50–69.
    const data = reading(Array.from({ length: 20 }, (_, row) => [['100', 30 + row], ['200', 50 + row]] as Array<[string, number]>));
    const read = countingReader({ text: '3.00', confidence: 99 });
    const summary = await rereadNumbers(paper, data, read);
    expect(MAX_REREADS_PER_PAGE).toBeLessThan(40);
    expect(summary.reread).toBe(MAX_REREADS_PER_PAGE);
    expect(read.crops).toHaveLength(MAX_REREADS_PER_PAGE);
    // The least sure go first: every '100', then the least sure '200's up to the cap; the surer '200's stay.
    const words = texts(data).flatMap((t) => t.split(' '));
    expect(words.filter((w) => w === '100')).toHaveLength(0);
    expect(words.filter((w) => w === '200')).toHaveLength(40 - MAX_REREADS_PER_PAGE);
    expect(texts(data)[19]).toBe('3.00 200');
  });
});

describe('number words and plausible second readings', () => {
  it('tells number words from others', () => {
    expect(['54.50', '1,200.00', '-3.20', '14:05', '03/02/2019', '6%'].every(isNumberWord)).toBe(true);
    expect(['RM54.50', 'TOTAL', '12.2O', '.', ''].some(isNumberWord)).toBe(false);
  });

  it('accepts a restored separator (with at most one digit slipped), nothing else', () => {
    expect(isPlausibleReread('112.46', '112.45')).toBe(false);
    expect(isPlausibleReread('1245', '1246')).toBe(false);
    expect(isPlausibleReread('11246', '112.45')).toBe(true);
    expect(isPlausibleReread('5450', '54.50')).toBe(true);
    expect(isPlausibleReread('11245', '112.45')).toBe(true);
    expect(isPlausibleReread('1200.00', '1,200.00')).toBe(false);
    expect(isPlausibleReread('54.50', '154.50')).toBe(false);
    expect(isPlausibleReread('54.50', '5450')).toBe(false);
    expect(isPlausibleReread('03/02/2019', '03.02')).toBe(false);
    expect(isPlausibleReread('5450', '54.5')).toBe(false);
  });
});
