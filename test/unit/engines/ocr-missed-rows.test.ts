/**
 * Text rows the page reading left out, read one by one (issue 22,
 * missed-rows.ts): which readings are kept, where their boxes go, the cap,
 * and a canvas-drawn receipt look-alike (no corpus content) whose shaded
 * lower part the page reading loses and the row reads recover.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_MISSED_ROW_READS, MISSED_ROW_CONFIDENCE, MISSED_ROW_SCORE, readMissedRows } from '../../../functions/engines/ocr/missed-rows.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import type { GrayImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr, type LineWord } from '../../../functions/engines/ocr/tesseract-pool.ts';

afterAll(() => terminateOcr());

const white: GrayImage = { data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 };
const word = (text: string, confidence: number, x0: number, x1: number): LineWord => ({ text, confidence, bbox: { x0, y0: 18, x1, y1: 66 } });
/** A fake judge: receipt words score well, anything else badly. */
const score = (text: string) => (/^(TOTAL|CASH|CHANGE|[\d.]+| )+$/.test(text) ? MISSED_ROW_SCORE + 1 : MISSED_ROW_SCORE - 1);
const everyWord = () => true;

describe('readMissedRows', () => {
  it('keeps a row read surely and receipt-like, drops one unsure or un-receipt-like, and maps boxes back into the page', async () => {
    const rows = [
      { x0: 20, y0: 40, x1: 200, y1: 56 },
      { x0: 20, y0: 80, x1: 200, y1: 96 },
      { x0: 20, y0: 120, x1: 200, y1: 136 },
    ];
    const read = async (crops: readonly Uint8Array[]): Promise<LineWord[][]> => {
      expect(crops).toHaveLength(3);
      return [
        [word('TOTAL', MISSED_ROW_CONFIDENCE + 20, 18, 150), word('12.50', MISSED_ROW_CONFIDENCE + 10, 190, 300)],
        [word('CASH', MISSED_ROW_CONFIDENCE - 20, 18, 120)],
        [word('Le’', 90, 18, 60), word('wo', 90, 70, 120)],
      ];
    };
    const kept = await readMissedRows(white, rows, read, score, everyWord);
    expect(kept.map((r) => r.text)).toEqual(['TOTAL 12.50']);
    for (const w of kept[0].words) {
      expect(w.bbox.y0).toBeGreaterThanOrEqual(30);
      expect(w.bbox.y1).toBeLessThanOrEqual(66);
      expect(w.bbox.x1).toBeLessThanOrEqual(220);
    }
    expect(kept[0].words[0].bbox.x0).toBeLessThan(kept[0].words[1].bbox.x0);
  });

  it('judges only the words that count as text, and reads at most the cap of rows', async () => {
    let read = 0;
    const rows = Array.from({ length: MAX_MISSED_ROW_READS + 5 }, (_, i) => ({ x0: 10, y0: i * 16, x1: 100, y1: i * 16 + 12 }));
    const tall: GrayImage = { data: new Uint8Array(400 * 400).fill(255), width: 400, height: 400 };
    const kept = await readMissedRows(
      tall,
      rows,
      async (crops) => {
        read += crops.length;
        return crops.map(() => [word('CASH', 90, 18, 120), word('~', 5, 130, 140)]);
      },
      score,
      (w) => w.confidence >= 50,
    );
    expect(read).toBe(MAX_MISSED_ROW_READS);
    expect(kept.map((r) => r.text)).toEqual(Array(MAX_MISSED_ROW_READS).fill('CASH'));
  });
});

const require = createRequire(import.meta.url);
const FONT = 'MissedRowsTestSans';
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT);

const TOP = ['KEDAI RUNCIT MAJU SDN BHD', 'NO 12 JALAN MERANTI 3', 'TAX INVOICE', 'TOTAL QTY: 3', 'SUBTOTAL 45.10'];
const SHADED = ['CASH 50.00', 'CHANGE 4.90', 'THANK YOU PLEASE COME AGAIN', 'GOODS SOLD ARE NOT RETURNABLE'];

/** An invented receipt whose lower part lies in a crease's grey shadow, its print there pale. */
function shadedReceipt(): Buffer {
  const canvas = createCanvas(420, 60 + (TOP.length + SHADED.length) * 34);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const shadeTop = 30 + TOP.length * 34;
  ctx.fillStyle = 'rgb(120,120,120)';
  ctx.fillRect(0, shadeTop, canvas.width, canvas.height - shadeTop);
  ctx.font = `20px ${FONT}`;
  ctx.fillStyle = 'rgb(20,20,20)';
  TOP.forEach((line, i) => ctx.fillText(line, 16, 44 + i * 34));
  ctx.fillStyle = 'rgb(40,40,40)';
  SHADED.forEach((line, i) => ctx.fillText(line, 16, shadeTop + 34 + i * 34));
  return canvas.toBuffer('image/png');
}

describe('OcrOptions.readMissedRows', () => {
  it('recovers the rows of a shaded part the page reading left out, and is off when set to false', async () => {
    const image = shadedReceipt();
    const without = await ocrImage({ image }, { detectRotation: false, readMissedRows: false });
    const withRows = await ocrImage({ image }, { detectRotation: false });
    // The page-wide threshold turns the shadow into one dark area: its rows are lost…
    expect(without.text).toMatch(/SUBTOTAL 45\.10/);
    expect(without.text).not.toMatch(/CHANGE|THANK/);
    // … and read one by one on their own threshold, they come back, below what was read.
    expect(withRows.text).toMatch(/CHANGE 4\.90/);
    expect(withRows.text).toMatch(/THANK YOU PLEASE COME AGAIN/);
    expect(withRows.text.indexOf('CHANGE')).toBeGreaterThan(withRows.text.indexOf('SUBTOTAL'));
    const change = withRows.lines.find((l) => l.text.includes('CHANGE'))!;
    expect(change.bbox[1]).toBeGreaterThan(0.5);
  });
});
