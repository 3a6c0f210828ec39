/**
 * Whether a page is a form, decided from the rulings found in the image tesseract reads (those ruling-removal.ts
 * would take out) and the width its text spans. A form's fill-in lines and box borders lie on many rows, each
 * covering a short part of a page-wide text block (a label, then its line; boxes side by side). A receipt's rules
 * run across its narrow column, and where a receipt underlines its amounts (short rules over one column of
 * figures) its text block is narrow. A grid (a ruled table, a boxed tax form) has many rows and many vertical
 * rulings; no receipt measured had both.
 *
 * Only on a form are the rulings taken out before reading; every other page is read from the image as it was, so
 * its reading stays byte for byte what it was (the receipt fold models learn from those readings).
 *
 * Thresholds from the distributions printed by `tsx scripts/eval/form-gate.ts` (docs/benchmarks.md, kv6): the 10
 * FUNSD training forms, 334 SROIE receipts, 27 German receipts, the corpus's classification images and scanned
 * business letters.
 *
 * @module
 */
import type { Ruling } from '../document-model.ts';

/**
 * A form has at least this many short ruling rows… (FUNSD training forms: 1, then 4–15; SROIE receipts up to 8,
 * but those with 4 or more are at most 43 line heights wide.)
 */
export const MIN_SHORT_ROWS = 4;
/**
 * …on a text block at least this many text line heights wide: a page-wide block (FUNSD forms 53–90) rather than a
 * receipt's column (SROIE median 30; the widest with 4 or more short rows 43). Midway between the two.
 */
export const MIN_FORM_WIDTH_LINES = 48;
/** A row is short when it covers less than this share of the text block's width (a fill-in line, one box). */
export const SHORT_ROW_SHARE = 0.5;
/** A grid: at least this many ruling rows and this many vertical rulings (FUNSD's boxed forms 13–16 of each; no receipt has both). */
export const MIN_GRID_ROWS = 10;
export const MIN_GRID_VERTICALS = 10;
/** Rulings closer than this many text line heights apart are one row (a double rule, a box's two edges at a field). */
const ROW_GAP_LINES = 1;

/** What a page's rulings say about it being a form. */
export interface FormEvidence {
  /** Rows of horizontal rulings. */
  readonly rows: number;
  /** Of those, rows covering less than {@link SHORT_ROW_SHARE} of the text block's width. */
  readonly shortRows: number;
  /** Vertical rulings. */
  readonly vertical: number;
  /** Width the page's text spans, in text line heights. */
  readonly widthLines: number;
}

/**
 * The evidence of `rulings` (in pixels of an image whose text lines are `lineHeight` pixels high and whose dark
 * pixels lie between the columns `ink.left` and `ink.right`).
 *
 * @example
 * formEvidence([{ x0: 400, y0: 50, x1: 800, y1: 50 }], 20, { left: 100, right: 1900 }); // { rows: 1, shortRows: 1, vertical: 0, widthLines: 90 }
 */
export function formEvidence(rulings: readonly Ruling[], lineHeight: number, ink: { left: number; right: number }): FormEvidence {
  const blockWidth = Math.max(1, ink.right - ink.left);
  const horizontal = rulings.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0);
  const rows: { y: number; x0: number; x1: number }[] = [];
  for (const r of horizontal) {
    const last = rows.at(-1);
    if (last && r.y0 - last.y <= ROW_GAP_LINES * lineHeight)
      Object.assign(last, { y: r.y0, x0: Math.min(last.x0, r.x0), x1: Math.max(last.x1, r.x1) });
    else rows.push({ y: r.y0, x0: r.x0, x1: r.x1 });
  }
  return {
    rows: rows.length,
    shortRows: rows.filter((row) => row.x1 - row.x0 < SHORT_ROW_SHARE * blockWidth).length,
    vertical: rulings.length - horizontal.length,
    widthLines: Math.round((10 * blockWidth) / lineHeight) / 10,
  };
}

/** Whether the evidence makes the page a form: short rows on a page-wide text block, or a grid. */
export function isFormPage(evidence: FormEvidence): boolean {
  const filledIn = evidence.shortRows >= MIN_SHORT_ROWS && evidence.widthLines >= MIN_FORM_WIDTH_LINES;
  const grid = evidence.rows >= MIN_GRID_ROWS && evidence.vertical >= MIN_GRID_VERTICALS;
  return filledIn || grid;
}
