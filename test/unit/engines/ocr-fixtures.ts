/**
 * Deterministic page images for the OCR tests: text drawn with
 * @napi-rs/canvas in Liberation Sans (shipped inside pdfjs-dist, so the
 * result does not depend on the machine's fonts), with the drawn word boxes
 * to compare OCR boxes against.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { BBox } from '../../../functions/engines/document-model.ts';

const require = createRequire(import.meta.url);
const FONT = 'OcrTestSans';
let registered = false;

function registerFont(): void {
  if (registered) return;
  const dir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), FONT);
  registered = true;
}

export interface DrawnWord {
  readonly text: string;
  /** Normalised to the image, like OCR boxes. */
  readonly bbox: BBox;
}

export interface TextImage {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
  readonly words: DrawnWord[];
  readonly text: string;
}

export interface TextImageOptions {
  /** Page size in pixels. @default 1240 × 1754 (A4 at 150 dpi) */
  readonly width?: number;
  readonly height?: number;
  /** Font size in pixels. @default 36 */
  readonly fontSize?: number;
  /** Top-left of the first line, in pixels. @default 120, 150 */
  readonly x?: number;
  readonly y?: number;
  /** Line advance as a multiple of the font size. @default 1.6 */
  readonly leading?: number;
}

/** A white canvas ready to draw black text in the test font. */
function whitePage(width: number, height: number, fontSize: number) {
  registerFont();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = `${fontSize}px ${FONT}`;
  return { canvas, ctx };
}

/** Black text on white, one canvas line per entry of `lines`. */
export function textImage(lines: readonly string[], options: TextImageOptions = {}): TextImage {
  const { width = 1240, height = 1754, fontSize = 36, x = 120, y = 150, leading = 1.6 } = options;
  const { canvas, ctx } = whitePage(width, height, fontSize);
  ctx.textBaseline = 'alphabetic';
  const words: DrawnWord[] = [];
  lines.forEach((line, i) => {
    const baseline = y + fontSize + i * fontSize * leading;
    ctx.fillText(line, x, baseline);
    let cursor = x;
    for (const token of line.split(/(\s+)/)) {
      const advance = ctx.measureText(token).width;
      if (token.trim()) {
        const m = ctx.measureText(token);
        words.push({
          text: token,
          bbox: [cursor / width, (baseline - m.actualBoundingBoxAscent) / height, (cursor + advance) / width, (baseline + m.actualBoundingBoxDescent) / height],
        });
      }
      cursor += advance;
    }
  });
  return { png: canvas.toBuffer('image/png'), width, height, words, text: lines.join('\n') };
}

/** Levenshtein distance over characters. */
export function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length];
}

/** Character error rate of `actual` against `expected`, whitespace runs collapsed. */
export function cer(actual: string, expected: string): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const e = norm(expected);
  return e.length ? editDistance(norm(actual), e) / e.length : norm(actual).length;
}

/** A few lines of ordinary English for OCR fixtures. */
export const SAMPLE_LINES = [
  'Invoice 2026-001 for Acme Corporation',
  'Total due: 42.00 EUR by 15 December',
  'Thank you for your business and trust.',
];

/**
 * A scanned-looking ruled table: a caption line, then `rows` drawn in a grid
 * of 2-pixel rules, one cell per entry, text 12 px in from each cell's left.
 */
export function ruledTableImage(rows: readonly (readonly string[])[], options: { cellWidth?: number; cellHeight?: number; fontSize?: number } = {}): TextImage {
  const { cellWidth = 300, cellHeight = 70, fontSize = 32 } = options;
  const left = 80;
  const top = 200;
  const columns = Math.max(...rows.map((row) => row.length));
  const width = left * 2 + columns * cellWidth;
  const height = top + rows.length * cellHeight + 160;
  const { canvas, ctx } = whitePage(width, height, fontSize);
  ctx.fillText('Staff directory of the northern office', left, top - 60);
  for (let r = 0; r <= rows.length; r++) ctx.fillRect(left, top + r * cellHeight - 1, columns * cellWidth, 2);
  for (let c = 0; c <= columns; c++) ctx.fillRect(left + c * cellWidth - 1, top, 2, rows.length * cellHeight);
  rows.forEach((row, r) => row.forEach((text, c) => ctx.fillText(text, left + c * cellWidth + 12, top + r * cellHeight + cellHeight / 2 + fontSize / 3)));
  const text = rows.map((row) => row.join(' ')).join('\n');
  return { png: canvas.toBuffer('image/png'), width, height, words: [], text };
}
