/**
 * Table detection and structure recognition from the page model alone
 * (words and ruling lines), so PDF text layers and OCR pages share it.
 *
 * Two detectors run in turn:
 *
 * 1. **Ruled tables.** Ruling lines are merged (collinear pieces, double
 *    lines, cell boxes drawn with spacing), grouped into connected grids, and
 *    each grid with at least two rows and two columns of text becomes a table.
 *    A grid line that is missing between two grid units merges them into one
 *    spanning cell; bands without any text (gaps between double lines) are
 *    folded into their neighbours.
 * 2. **Borderless tables.** Rows of the remaining words with wide gaps inside
 *    form runs; column separators are x ranges that no row's words cover
 *    (numeric columns are right-aligned, so their left edges may be ragged and
 *    still fit). A run is a table when it has enough columns and rows and does
 *    not look like side-by-side prose or address blocks; a cell whose words
 *    run across a separator spans those columns. Continuation lines (a wrapped
 *    description) join the row above.
 *
 * The first row is a header when its cells hold no numbers while a column
 * below is mostly numeric, or when it sits above a ruled line that separates
 * it from the body (ruled tables).
 *
 * All work is in page units (the page's width and height), thresholds are in
 * the page's typical word height, and everything is O(n log n) in words plus
 * O(h × v) in merged rulings (both capped).
 *
 * This module runs the two in turn; the ruled detector is in
 * `ruled-tables.ts`, the borderless one in `borderless-tables.ts` (runs of
 * rows) and `borderless-table.ts` (one run read as a table), and what both
 * share (word boxes, grouping, header rows, table assembly) in
 * `table-assembly.ts`.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import { detectBorderless } from './borderless-tables.ts';
import { median } from './geometry.ts';
import { detectRuled } from './ruled-tables.ts';
import { type DetectedTable, wordBoxes } from './table-assembly.ts';

export { type DetectedTable, isNumericText } from './table-assembly.ts';

export interface DetectTablesOptions {
  /** Skip the borderless detector (ruled grids only). @default false */
  readonly rulingsOnly?: boolean;
}

/**
 * Finds the tables of one page: ruled grids first, then borderless tables
 * among the words left over. Tables come back top to bottom; each lists the
 * words it consumed.
 *
 * @example
 * const tables = detectTables(page);
 * tables[0].cells.filter((c) => c.header).map((c) => c.text); // ['Description', 'Qty', 'Amount']
 */
export function detectTables(page: DocumentPage, options: DetectTablesOptions = {}): DetectedTable[] {
  const boxes = wordBoxes(page);
  if (boxes.length === 0) return [];
  const unit = Math.max(median(boxes.map((b) => b.y1 - b.y0)), 1e-6);
  const ruled = detectRuled(page, boxes, unit);
  if (options.rulingsOnly) return ruled;
  const used = new Set<number>(ruled.flatMap((t) => t.wordIndexes));
  // Borderless detection on what is left (outside ruled tables).
  const W = page.width || 1;
  const H = page.height || 1;
  const rest = boxes.filter((b) => {
    if (used.has(b.i)) return false;
    const cx = (b.x0 + b.x1) / 2 / W;
    const cy = (b.y0 + b.y1) / 2 / H;
    return !ruled.some((t) => cx >= t.bbox[0] && cx <= t.bbox[2] && cy >= t.bbox[1] && cy <= t.bbox[3]);
  });
  const borderless = detectBorderless(page, rest, unit);
  return [...ruled, ...borderless].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/**
 * The tables of a page for readers that can do without them (extraction):
 * none for a page without words, and none rather than an error when
 * detection fails on a strange page.
 */
export function tablesOrNone(page: DocumentPage): DetectedTable[] {
  if (!page.words.length) return [];
  try {
    return detectTables(page);
  } catch {
    return [];
  }
}
