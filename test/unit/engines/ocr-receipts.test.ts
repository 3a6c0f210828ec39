/**
 * OCR of receipts (issue 22): generated look-alikes of the scans that read
 * badly — grey thermal print on paper scanned against a black lid with a
 * torn corner (the backdrop set the page-wide threshold and the print
 * vanished), faded print whose contrast the page-wide split calls blank —
 * and the text measurements those fixes rest on.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { backdropMask, estimateSkew, paperLevel, textRows, whitenBackdrop, type InkMask } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';

afterAll(() => terminateOcr());

const require = createRequire(import.meta.url);
const FONT = 'ReceiptTestSans';
GlobalFonts.registerFromPath(join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT);

/** Invented receipt lines (no corpus content). */
const LINES = [
  'HARBOUR LANE TRADING',
  'NO 12 JALAN MERPATI 3',
  'TAX INVOICE 88120',
  'DATE 03/02/2019 TIME 14:05',
  'GINGER TEA 2 X 4.50 9.00',
  'RICE CRACKERS 1 X 3.20 3.20',
  'SUBTOTAL 12.20',
  'ROUNDING 0.00',
  'TOTAL 12.20',
  'CASH 20.00',
  'CHANGE 7.80',
  'THANK YOU PLEASE COME AGAIN',
];
const WORDS = LINES.flatMap((l) => l.split(' ')).filter((w) => w.length >= 3);
const foundShare = (text: string) => WORDS.filter((w) => text.includes(w)).length / WORDS.length;

interface ReceiptLook {
  /** Grey level of the print and of the paper. */
  readonly ink: number;
  readonly paper: number;
  /** A near-black scanner lid around the paper, with a torn-off top-right corner. */
  readonly backdrop?: boolean;
}

function receipt({ ink, paper, backdrop }: ReceiptLook): Buffer {
  const width = 620;
  const height = 1100;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const grey = (v: number) => `rgb(${v},${v},${v})`;
  ctx.fillStyle = backdrop ? grey(12) : grey(paper);
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = grey(paper);
  if (backdrop) {
    // Paper inset from the lid; its top-right corner torn off along a ragged line.
    ctx.beginPath();
    ctx.moveTo(24, 0);
    ctx.lineTo(430, 0);
    for (let i = 0; i <= 12; i++) ctx.lineTo(430 + i * 13 + (i % 2) * 9, i * 14 + (i % 3) * 6);
    ctx.lineTo(width - 24, 190);
    ctx.lineTo(width - 24, height);
    ctx.lineTo(24, height);
    ctx.closePath();
    ctx.fill();
  } else ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = grey(ink);
  ctx.font = `22px ${FONT}`;
  LINES.forEach((line, i) => ctx.fillText(line, 60, 240 + i * 52));
  // Dashed rules between sections, as receipts print them.
  ctx.font = `22px ${FONT}`;
  for (const y of [200, 440, 600]) ctx.fillText('-'.repeat(48), 60, y);
  return canvas.toBuffer('image/png');
}

/**
 * Grey paper photographed on a near-black table: `paper` is its rectangle
 * (x, y, width, height), lit along `light` (x0, y0 → x1, y1) through the
 * grey levels `stops`; the context comes back for the print.
 */
function paperOnTable(width: number, height: number, paper: [number, number, number, number], light: [number, number, number, number], stops: number[]) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'rgb(13,12,11)';
  ctx.fillRect(0, 0, width, height);
  const shade = ctx.createLinearGradient(...light);
  stops.forEach((level, i) => shade.addColorStop(i / (stops.length - 1), `rgb(${level},${level},${level})`));
  ctx.fillStyle = shade;
  ctx.fillRect(...paper);
  return { canvas, ctx };
}

/**
 * A receipt photographed on a dark table: grey paper (a photo's white is
 * grey), narrower than the picture, black all round it, with a gentle
 * shading from top to bottom as a phone's light leaves.
 */
function photographedReceipt(): Buffer {
  const { canvas, ctx } = paperOnTable(700, 1300, [170, 60, 400, 1180], [0, 60, 0, 1240], [200, 165]);
  ctx.fillStyle = 'rgb(60,60,60)';
  ctx.font = `17px ${FONT}`;
  LINES.forEach((line, i) => ctx.fillText(line, 190, 140 + i * 80));
  return canvas.toBuffer('image/png');
}

/** Invented item lines with their amounts in a right-hand column (no corpus content). */
const ITEMS: Array<[string, string]> = [
  ['GINGER TEA', '9.40'],
  ['RICE CRACKERS', '3.25'],
  ['OAT BISCUITS', '6.80'],
  ['TOTAL', '19.45'],
  ['CASH', '20.00'],
  ['CHANGE', '0.55'],
];

/**
 * A till receipt photographed under a lamp on its left: on a dark table,
 * the paper bright on the left and deep in shadow on the right, where its
 * column of amounts is printed. One page-wide threshold puts the shadowed
 * paper on the ink side whether the table is painted white or in the
 * paper's median grey.
 */
function shadedReceipt(): Buffer {
  const { canvas, ctx } = paperOnTable(760, 900, [120, 60, 520, 780], [120, 0, 640, 0], [225, 190, 92]);
  ctx.fillStyle = 'rgb(20,20,20)';
  ctx.font = `24px ${FONT}`;
  ITEMS.forEach(([item, amount], i) => {
    ctx.fillText(item, 150, 180 + i * 90);
    ctx.fillText(amount, 520, 180 + i * 90);
  });
  return canvas.toBuffer('image/png');
}

describe('receipt look-alikes', () => {
  it('reads the shadowed column of amounts on a receipt photographed under a lamp (a photo is also read with a local threshold)', async () => {
    const page = await ocrImage({ image: shadedReceipt() });
    expect(page.text).toContain('GINGER TEA');
    const amounts = ITEMS.filter(([, amount]) => page.text.includes(amount));
    expect(amounts.length).toBeGreaterThanOrEqual(5);
  });

  it('reads a receipt photographed on grey paper on a dark table (the table painted in the paper\'s grey)', async () => {
    const page = await ocrImage({ image: photographedReceipt() });
    expect(page.blank).toBe(false);
    expect(foundShare(page.text)).toBeGreaterThanOrEqual(0.85);
    expect(page.text).toContain('THANK YOU');
  });

  it('reads grey print on paper scanned against a black lid with a torn corner', async () => {
    const page = await ocrImage({ image: receipt({ ink: 125, paper: 235, backdrop: true }) });
    expect(page.blank).toBe(false);
    expect(foundShare(page.text)).toBeGreaterThanOrEqual(0.85);
    expect(page.text).toContain('12.20');
  });

  it('reads faded print that the page-wide split calls blank (contrast about 35 grey levels)', async () => {
    const page = await ocrImage({ image: receipt({ ink: 180, paper: 215 }) });
    expect(page.blank).toBe(false);
    expect(foundShare(page.text)).toBeGreaterThanOrEqual(0.8);
  });
});

/** A mask of `lines` text lines `band` rows tall, their ink thick in the middle and thin at the edges, like print. */
function linesMask(lines: number, band: number, withBorderRow: boolean): InkMask {
  const width = 400;
  const height = 40 + lines * band * 2;
  const mask = new Uint8Array(width * height);
  for (let l = 0; l < lines; l++) {
    const top = 30 + l * band * 2;
    for (let r = 0; r < band; r++) {
      // Ink per row: 12 at the line's top and bottom, 120 in its middle.
      const middle = 1 - Math.abs(r - (band - 1) / 2) / ((band - 1) / 2);
      const ink = Math.round(12 + 108 * middle);
      for (let x = 0; x < ink; x++) mask[(top + r) * width + 20 + x * 3] = 1;
    }
  }
  // A scanner border: one row inked from edge to edge.
  if (withBorderRow) for (let x = 0; x < width; x++) mask[5 * width + x] = 1;
  const ink = mask.reduce((a, v) => a + v, 0);
  return { mask, width, height, inkRatio: ink / mask.length, contrast: 200 };
}

describe('text measurements for receipts', () => {
  it('measures the line height, not slivers of lines, beside a border row across the page', () => {
    expect(estimateSkew(linesMask(12, 14, false)).lineHeight).toBe(14);
    // The border row (400 of 400) once set the floor above the lines' thin rows: 4-row slivers.
    expect(estimateSkew(linesMask(12, 14, true)).lineHeight).toBeGreaterThanOrEqual(12);
  });

  it('finds the text rows and leaves out rules and the border row', () => {
    const rows = textRows(linesMask(12, 14, true));
    expect(rows).toHaveLength(12);
    for (const [top, bottom] of rows) expect(bottom - top).toBeGreaterThanOrEqual(12);
  });

  it('finds a near-black backdrop touching the edge, not print: a glyph cut by the edge stays', () => {
    const width = 200;
    const height = 300;
    const data = new Uint8Array(width * height).fill(230);
    // Backdrop: a black band down the left edge and a torn-off corner at the top right.
    for (let y = 0; y < height; y++) for (let x = 0; x < 12; x++) data[y * width + x] = 8;
    for (let y = 0; y < 40; y++) for (let x = width - 40 + y; x < width; x++) data[y * width + x] = 15;
    // Black print: a glyph touching the bottom edge, and one in the middle.
    for (let y = height - 6; y < height; y++) for (let x = 100; x < 104; x++) data[y * width + x] = 10;
    for (let y = 150; y < 158; y++) for (let x = 90; x < 96; x++) data[y * width + x] = 10;
    const backdrop = backdropMask({ data, width, height });
    expect(backdrop).toBeDefined();
    expect(backdrop![100 * width + 5]).toBe(1);
    expect(backdrop![2 * width + width - 3]).toBe(1);
    expect(backdrop![(height - 2) * width + 101]).toBe(0);
    expect(backdrop![152 * width + 92]).toBe(0);
    const image = { data: data.slice(), width, height };
    whitenBackdrop(image, backdrop!, width, height, 0);
    expect(image.data[100 * width + 5]).toBe(255);
    expect(image.data[152 * width + 92]).toBe(10);
    // No backdrop on a plain page with print.
    const plain = new Uint8Array(width * height).fill(230);
    for (let y = 150; y < 158; y++) for (let x = 90; x < 96; x++) plain[y * width + x] = 10;
    expect(backdropMask({ data: plain, width, height })).toBeUndefined();
  });

  it('measures the paper\'s grey outside the backdrop, print and all, and paints the backdrop in it', () => {
    const width = 100;
    const height = 100;
    const data = new Uint8Array(width * height).fill(170);
    const backdrop = new Uint8Array(width * height);
    // Left 40 columns backdrop (black); a fifth of the paper is print (dark).
    for (let y = 0; y < height; y++) for (let x = 0; x < 40; x++) (data[y * width + x] = 10), (backdrop[y * width + x] = 1);
    for (let y = 0; y < 20; y++) for (let x = 40; x < width; x++) data[y * width + x] = 50;
    // The mask may be smaller than the image (the analysis copy): a half-size mask of the same frame.
    const half = new Uint8Array(50 * 50);
    for (let y = 0; y < 50; y++) for (let x = 0; x < 20; x++) half[y * 50 + x] = 1;
    expect(paperLevel({ data, width, height }, backdrop, width, height)).toBe(170);
    expect(paperLevel({ data, width, height }, half, 50, 50)).toBe(170);
    expect(paperLevel({ data, width, height }, new Uint8Array(width * height).fill(1), width, height)).toBe(255);
    const image = { data: new Uint8Array(data), width, height };
    whitenBackdrop(image, half, 50, 50, 0, 170);
    expect(image.data[50 * width + 10]).toBe(170);
    expect(image.data[10 * width + 60]).toBe(50);
  });
});

describe('SROIE reading order (evaluation helper)', () => {
  it('reads boxes of one row left to right and rows top to bottom, whatever the file order', async () => {
    const { readingOrderLines } = await import('../../../scripts/lib/corpus.ts');
    const box = (x: number, y: number, text: string) => ({ quad: [x, y, x + 80, y, x + 80, y + 20, x, y + 20], text });
    // An amount listed before its label, and the footer before the header, as some box files do.
    const lines = [box(10, 100, 'FOOTER'), box(300, 40, '9.90'), box(10, 41, 'TOTAL'), box(10, 5, 'HEADER')];
    expect(readingOrderLines(lines)).toEqual(['HEADER', 'TOTAL 9.90', 'FOOTER']);
  });
});
