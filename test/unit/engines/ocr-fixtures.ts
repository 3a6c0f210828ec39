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
          bbox: [
            cursor / width,
            (baseline - m.actualBoundingBoxAscent) / height,
            (cursor + advance) / width,
            (baseline + m.actualBoundingBoxDescent) / height,
          ],
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
export function ruledTableImage(
  rows: readonly (readonly string[])[],
  options: { cellWidth?: number; cellHeight?: number; fontSize?: number } = {},
): TextImage {
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
  rows.forEach((row, r) =>
    row.forEach((text, c) => ctx.fillText(text, left + c * cellWidth + 12, top + r * cellHeight + cellHeight / 2 + fontSize / 3)),
  );
  const text = rows.map((row) => row.join(' ')).join('\n');
  return { png: canvas.toBuffer('image/png'), width, height, words: [], text };
}

/**
 * A low-resolution form (text about 10 px high, as a 90-dpi fax): each field's label, then its value typed on a
 * fill-in line drawn 2 px thick just under the value (descenders cross it), the line running on well past the value; and one
 * value in a box whose border lies 2 px from its letters. `words` are the values' boxes.
 */
export function filledLineFormImage(fields: readonly (readonly [string, string])[], boxed: string, options: { fontSize?: number } = {}): TextImage {
  const { fontSize = 14 } = options;
  const left = 40;
  const top = 60;
  const step = fontSize * 3;
  const width = 760;
  const height = top + (fields.length + 2) * step;
  const { canvas, ctx } = whitePage(width, height, fontSize);
  const words: DrawnWord[] = [];
  fields.forEach(([label, value], i) => {
    const baseline = top + i * step;
    ctx.fillText(label, left, baseline);
    const x = left + 200;
    ctx.fillText(value, x, baseline);
    // Just under the letters, touching them and crossed by descenders, as a value typed onto a printed line is.
    ctx.fillRect(x - 10, baseline + 1, 420, 2);
    const m = ctx.measureText(value);
    const [inkTop, inkBottom] = [baseline - m.actualBoundingBoxAscent, baseline + m.actualBoundingBoxDescent];
    words.push({ text: value, bbox: [x / width, inkTop / height, (x + m.width) / width, inkBottom / height] });
  });
  const baseline = top + fields.length * step + fontSize;
  const m = ctx.measureText(boxed);
  ctx.fillText(boxed, left + 200, baseline);
  const [bx0, by0, bx1, by1] = [
    left + 198,
    baseline - m.actualBoundingBoxAscent - 3,
    left + 202 + m.width,
    baseline + m.actualBoundingBoxDescent + 3,
  ];
  ctx.fillRect(bx0, by0, bx1 - bx0, 1);
  ctx.fillRect(bx0, by1, bx1 - bx0, 1);
  ctx.fillRect(bx0, by0, 1, by1 - by0);
  ctx.fillRect(bx1, by0, 1, by1 - by0 + 1);
  const text = [...fields.map(([l, v]) => `${l} ${v}`), boxed].join('\n');
  return { png: canvas.toBuffer('image/png'), width, height, words, text };
}

/**
 * A page-wide form (A4 at 150 dpi, 18-px text): each label followed by a fill-in line about a third of the page
 * long, the fields of even rows in the page's left half and of odd rows in its right half, then a row of boxes side
 * by side with a label above each.
 */
export function drawnFormPage(labels: readonly string[], boxLabels: readonly string[]): TextImage {
  const [width, height, fontSize] = [1240, 1754, 18];
  const { canvas, ctx } = whitePage(width, height, fontSize);
  const [left, right] = [80, 1160];
  labels.forEach((label, i) => {
    const baseline = 160 + i * fontSize * 4;
    const x = i % 2 ? 640 : left;
    ctx.fillText(label, x, baseline);
    const lineStart = x + ctx.measureText(label).width + 12;
    ctx.fillRect(lineStart, baseline + 3, 360, 2);
  });
  const boxTop = 160 + labels.length * fontSize * 4;
  const boxWidth = (right - left - 40) / boxLabels.length;
  boxLabels.forEach((label, k) => {
    const x = left + k * (boxWidth + 20);
    ctx.fillText(label, x + 6, boxTop - 8);
    ctx.fillRect(x, boxTop, boxWidth, 2);
    ctx.fillRect(x, boxTop + fontSize * 3, boxWidth, 2);
    ctx.fillRect(x, boxTop, 2, fontSize * 3);
    ctx.fillRect(x + boxWidth - 2, boxTop, 2, fontSize * 3);
  });
  return { png: canvas.toBuffer('image/png'), width, height, words: [], text: labels.join('\n') };
}

/**
 * A receipt's column (480 px wide, 18-px text): a shop's head lines, a dashed rule, item lines with amounts at the
 * right, a solid rule across the column, the total, and short rules under two amounts.
 */
export function drawnReceiptColumn(head: readonly string[], items: readonly (readonly [string, string])[], total: string): TextImage {
  const [width, fontSize, left, right] = [480, 18, 30, 450];
  const height = 120 + (head.length + items.length + 6) * fontSize * 1.6;
  const { canvas, ctx } = whitePage(width, height, fontSize);
  let baseline = 60;
  const next = () => (baseline += fontSize * 1.6);
  const amount = (text: string) => ctx.fillText(text, right - ctx.measureText(text).width, baseline);
  for (const line of head) {
    ctx.fillText(line, (width - ctx.measureText(line).width) / 2, baseline);
    next();
  }
  for (let x = left; x < right; x += 12) ctx.fillRect(x, baseline - fontSize / 2, 7, 2);
  next();
  for (const [name, price] of items) {
    ctx.fillText(name, left, baseline);
    amount(price);
    next();
  }
  ctx.fillRect(left, baseline - fontSize / 2, right - left, 2);
  next();
  ctx.fillText('TOTAL', left, baseline);
  amount(total);
  ctx.fillRect(right - 90, baseline + 5, 90, 2);
  next();
  ctx.fillText('CASH', left, baseline);
  amount(total);
  ctx.fillRect(right - 90, baseline + 5, 90, 2);
  const text = [...head, ...items.map(([n, p]) => `${n} ${p}`), `TOTAL ${total}`, `CASH ${total}`].join('\n');
  return { png: canvas.toBuffer('image/png'), width, height: Math.round(height), words: [], text };
}
