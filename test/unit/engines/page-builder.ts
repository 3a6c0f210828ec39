/**
 * Builds synthetic DocumentPages for layout tests: text placed at known
 * points on a 612 × 792 pt page (fixed-pitch font, each character half the
 * font size wide), laid out by the real reading-order code, plus rulings
 * given in points.
 */
import type { BBox, DocumentPage, Ruling, Table } from '../../../functions/engines/document-model.ts';
import { layoutPage, type LayoutWord } from '../../../functions/engines/layout/reading-order.ts';
import { PAGE, textLine } from './layout-helpers.ts';

export { PAGE };

export interface Placed {
  text: string;
  x: number;
  y: number;
  size?: number;
}

/** Text whose first letter stands at (x, y) points, in type of `size` points. */
export const at = (text: string, x: number, y: number, size = 10): Placed => ({ text, x, y, size });

/** Text right-aligned so that it ends at `right`. */
export const right = (text: string, rightEdge: number, y: number, size = 10): Placed => ({
  text,
  x: rightEdge - (text.length * size) / 2,
  y,
  size,
});

/** A horizontal ruling from x0 to x1 at y (points). */
export const hLine = (x0: number, x1: number, y: number): Ruling => ({ x0: x0 / PAGE.width, y0: y / PAGE.height, x1: x1 / PAGE.width, y1: y / PAGE.height });
/** A vertical ruling from y0 to y1 at x (points). */
export const vLine = (x: number, y0: number, y1: number): Ruling => ({ x0: x / PAGE.width, y0: y0 / PAGE.height, x1: x / PAGE.width, y1: y1 / PAGE.height });

/** A box in points → normalised BBox. */
export const box = (x0: number, y0: number, x1: number, y1: number): BBox => [x0 / PAGE.width, y0 / PAGE.height, x1 / PAGE.width, y1 / PAGE.height];

export interface PageSpec {
  items: Placed[];
  rulings?: Ruling[];
  figures?: BBox[];
  tables?: Table[];
  pageNumber?: number;
}

export function buildPage(spec: PageSpec): DocumentPage {
  const words: LayoutWord[] = spec.items.flatMap((p) => textLine(p.text, p.x, p.y, p.size ?? 10));
  const layout = layoutPage(words, { width: PAGE.width, height: PAGE.height });
  return {
    pageNumber: spec.pageNumber ?? 1,
    width: PAGE.width,
    height: PAGE.height,
    words: layout.words,
    lines: layout.lines,
    blocks: layout.blocks,
    text: layout.text,
    source: 'text-layer',
    ...(spec.rulings ? { rulings: spec.rulings } : {}),
    ...(spec.figures ? { figures: spec.figures } : {}),
    ...(spec.tables ? { tables: spec.tables } : {}),
  };
}

/** A scanned (OCR) receipt page: rows top to bottom, `[label, value]` pairs as two boxes on one row. */
export function scannedReceipt(rows: readonly (string | readonly [string, string])[]): DocumentPage {
  const items: Placed[] = [];
  rows.forEach((row, i) => {
    const y = 40 + i * 16;
    if (typeof row === 'string') items.push({ text: row, x: 60, y });
    else items.push({ text: row[0], x: 60, y }, { text: row[1], x: 420, y });
  });
  return { ...buildPage({ items }), source: 'ocr' };
}

/** Lines of prose at a fixed leading. */
export function prose(lines: readonly string[], x: number, y: number, leading = 12, size = 10): Placed[] {
  return lines.map((text, i) => ({ text, x, y: y + i * leading, size }));
}

/** The grid of a table as text, `''` for empty or covered positions. */
export function gridText(table: Table): string[][] {
  const rows = Array.from({ length: table.rows }, () => new Array<string>(table.columns).fill(''));
  for (const c of table.cells) rows[c.row][c.column] = c.text.replace(/\n/g, ' ');
  return rows;
}
