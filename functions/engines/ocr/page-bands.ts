/**
 * One page read on several workers at once: the page image is cut into
 * horizontal bands at blank gaps between text rows, each band is recognised
 * on its own worker, and the readings are put back together as one page
 * (boxes moved down by their band's offset, blocks in band order).
 *
 * Tesseract reads one image on one core, so a dense page costs its whole
 * recognition time in wall time however many cores are idle; in bands it
 * costs about the longest band's.
 *
 * A cut never goes through a text row (only through rows with no ink), and
 * a page with text in columns is not cut at all: tesseract reads columns
 * one after the other, so a cut across them would interleave them (left
 * top, right top, left bottom, right bottom), and even a cut above or below
 * them changes how tesseract groups them. Columns are found from the ink
 * alone: a vertical blank strip about a character wide that runs down
 * through several text rows with ink on both sides of it (newspaper
 * columns, a form's labels and values, a receipt's amounts). Pages of
 * running text (letters, reports, contracts, dense scans) are cut.
 *
 * Pure over pixel masks and recognition results (no sharp, no tesseract).
 *
 * @module
 */
import type { InkMask } from './page-analysis.ts';
import type { OcrPageData } from './tesseract-pool.ts';

/** A row with at most this share of the width inked (dust, JPEG specks) counts as blank. */
const SPECK_SHARE = 0.002;
/** A gap is cut only when at least this many text line heights tall (room on both sides of the cut), and at least 2 rows. */
const MIN_GAP_LINE_HEIGHTS = 0.25;
/** Each band holds at least this many text rows: a band's fixed cost (layout analysis, a worker round trip) must be worth it. */
export const MIN_BAND_ROWS = 3;
/**
 * A blank strip at least this many text line heights wide, inside a row's
 * ink, separates columns; a word space is about a quarter of a line height,
 * so two lines' word spaces seldom line up this wide.
 */
const MIN_GUTTER_LINE_HEIGHTS = 0.7;
/** … and separates columns when this many text rows have ink on both sides of it. */
const MIN_COLUMN_ROWS = 2;

/** A text row of the mask: rows `[top, bottom)`, with its ink pixel count. */
interface TextRow {
  readonly top: number;
  readonly bottom: number;
  readonly ink: number;
}

function textRowsOf(mask: InkMask): TextRow[] {
  const { width, height } = mask;
  const speck = Math.max(1, Math.round(width * SPECK_SHARE));
  const rows: TextRow[] = [];
  let top = -1;
  let ink = 0;
  for (let y = 0; y <= height; y++) {
    let count = 0;
    if (y < height) {
      const start = y * width;
      for (let x = 0; x < width; x++) count += mask.mask[start + x];
    }
    const inked = count > speck;
    if (inked) {
      if (top < 0) (top = y), (ink = 0);
      ink += count;
    } else if (top >= 0) {
      rows.push({ top, bottom: y, ink });
      top = -1;
    }
  }
  return rows;
}

/** Columns of `rows` that hold any ink, as 0/1 per column. */
function inkedColumns(mask: InkMask, row: TextRow): Uint8Array {
  const columns = new Uint8Array(mask.width);
  for (let y = row.top; y < row.bottom; y++) {
    const start = y * mask.width;
    for (let x = 0; x < mask.width; x++) if (mask.mask[start + x]) columns[x] = 1;
  }
  return columns;
}

/** The blank strips `[left, right)` at least `minWidth` wide with ink on both sides. */
function interiorGaps(columns: Uint8Array, minWidth: number): Array<[number, number]> {
  const gaps: Array<[number, number]> = [];
  let lastInk = -1;
  for (let x = 0; x < columns.length; x++) {
    if (!columns[x]) continue;
    if (lastInk >= 0 && x - lastInk - 1 >= minWidth) gaps.push([lastInk + 1, x]);
    lastInk = x;
  }
  return gaps;
}

/** The widest blank run of `columns` inside `[left, right)`. */
function widestBlank(columns: Uint8Array, left: number, right: number): [number, number] {
  let best: [number, number] = [left, left];
  let start = -1;
  for (let x = left; x <= right; x++) {
    const blank = x < right && !columns[x];
    if (blank && start < 0) start = x;
    else if (!blank && start >= 0) {
      if (x - start > best[1] - best[0]) best = [start, x];
      start = -1;
    }
  }
  return best;
}

function hasInk(columns: Uint8Array, left: number, right: number): boolean {
  for (let x = left; x < right; x++) if (columns[x]) return true;
  return false;
}

/**
 * Does the page hold text in columns? A gutter seen in one row is followed
 * up and down through the rows that leave it blank (narrowed to what they
 * all leave blank); when enough of them have ink on both sides, it
 * separates columns. Tesseract reads columns one after the other, and how
 * it groups them depends on the whole page around them (a band holding
 * only the columns and what follows may be read across the columns, row by
 * row), so such a page is read whole.
 */
function hasColumns(mask: InkMask, rows: readonly TextRow[], minGutter: number): boolean {
  const columns = rows.map((row) => inkedColumns(mask, row));
  for (let i = 0; i < rows.length; i++) {
    for (const seed of interiorGaps(columns[i], minGutter)) {
      let twoSided = 1;
      for (const step of [1, -1]) {
        let [left, right] = seed;
        for (let j = i + step; j >= 0 && j < rows.length; j += step) {
          [left, right] = widestBlank(columns[j], left, right);
          if (right - left < minGutter) break;
          if (hasInk(columns[j], 0, left) && hasInk(columns[j], right, mask.width)) twoSided++;
        }
      }
      if (twoSided >= MIN_COLUMN_ROWS) return true;
    }
  }
  return false;
}

/**
 * Rows of `mask` at which to cut the page into (at most) `parts` bands of
 * about equal ink, in increasing order; empty when the page cannot be cut
 * usefully (too few text rows, no blank gap) or safely (text in columns).
 * Each cut lies in the middle of a blank gap between text rows, each band
 * holds at least {@link MIN_BAND_ROWS} text rows.
 *
 * @example
 * bandCuts(inkMask(page), 2); // [612]: rows 0–611 and 612–end
 */
export function bandCuts(mask: InkMask, parts: number): number[] {
  if (parts < 2) return [];
  const rows = textRowsOf(mask);
  if (rows.length < MIN_BAND_ROWS * 2) return [];
  const heights = rows.map((r) => r.bottom - r.top).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)];
  const minGap = Math.max(2, Math.round(lineHeight * MIN_GAP_LINE_HEIGHTS));
  if (hasColumns(mask, rows, Math.max(3, Math.round(lineHeight * MIN_GUTTER_LINE_HEIGHTS)))) return [];
  // inkBefore[g]: ink of the rows above gap g (between row g and g + 1).
  const inkBefore: number[] = [];
  let total = 0;
  for (const row of rows) inkBefore.push((total += row.ink));
  const cuts: number[] = [];
  let previous = -1; // index of the last row above the previous cut
  for (let k = 1; k < parts; k++) {
    const target = (total * k) / parts;
    let best = -1;
    for (let g = previous + MIN_BAND_ROWS; g < rows.length - 1; g++) {
      if (rows[g + 1].top - rows[g].bottom < minGap) continue;
      // Room for the bands still to come below this cut.
      if (rows.length - 1 - g < MIN_BAND_ROWS * (parts - k)) break;
      if (best < 0 || Math.abs(inkBefore[g] - target) < Math.abs(inkBefore[best] - target)) best = g;
    }
    if (best < 0) break;
    cuts.push(Math.floor((rows[best].bottom + rows[best + 1].top) / 2));
    previous = best;
  }
  return cuts;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

function moved<T extends Box | undefined | null>(box: T, dy: number): T {
  return (box ? { ...box, y0: box.y0 + dy, y1: box.y1 + dy } : box) as T;
}

/**
 * The readings of a page's bands as one reading of the page: every box
 * (block, paragraph, line, word, symbol, baseline) moved down by its band's
 * `top`, blocks in band order, the page's mean confidence weighted by words.
 */
export function mergeBandReadings(readings: ReadonlyArray<{ readonly data: OcrPageData; readonly top: number }>): OcrPageData {
  if (readings.length === 1 && readings[0].top === 0) return readings[0].data;
  const blocks: NonNullable<OcrPageData['blocks']> = [];
  let confidence = 0;
  let words = 0;
  for (const { data, top } of readings) {
    let bandWords = 0;
    for (const block of data.blocks ?? []) {
      blocks.push({
        ...block,
        bbox: moved(block.bbox, top),
        paragraphs: block.paragraphs.map((paragraph) => ({
          ...paragraph,
          bbox: moved(paragraph.bbox, top),
          lines: paragraph.lines.map((line) => {
            bandWords += line.words.length;
            return {
              ...line,
              bbox: moved(line.bbox, top),
              baseline: moved(line.baseline, top),
              words: line.words.map((word) => ({
                ...word,
                bbox: moved(word.bbox, top),
                symbols: (word.symbols ?? []).map((symbol) => ({ ...symbol, bbox: moved(symbol.bbox, top) })),
              })),
            };
          }),
        })),
      });
    }
    confidence += data.confidence * bandWords;
    words += bandWords;
  }
  const text = readings.map((r) => r.data.text ?? '').filter(Boolean).join('');
  return { ...readings[0].data, blocks, confidence: words ? confidence / words : 0, text };
}
