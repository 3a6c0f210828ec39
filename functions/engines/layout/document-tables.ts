/**
 * Tables at document level: a table that runs on from one page to the next is
 * one table with all its rows, the way a reader (and a spreadsheet export)
 * sees it. The per-page table regions stay as they are; this is a second view.
 *
 * A table on page p+1 continues the last table of page p when:
 * - nothing but page furniture (running headers/footers, page numbers)
 *   follows the first table on page p or precedes the second on page p+1;
 * - both have the same number of columns;
 * - and the second repeats the first one's header rows, or has no header of
 *   its own, or its column edges line up with the first one's (the same
 *   table drawn again on a fresh page).
 * A repeated header is dropped from the continuation, so rows are not doubled.
 *
 * @module
 */
import type { BBox, Table, TableCell } from '../document-model.ts';
import type { LayoutRegion } from './regions.ts';

export interface DocumentTableCell extends TableCell {
  /** The page the cell was read on. */
  readonly pageNumber: number;
}

export interface DocumentTable {
  /** Pages the table spans, in order. */
  readonly pageNumbers: readonly number[];
  readonly rows: number;
  readonly columns: number;
  /** Leading rows made only of header cells (of the first page's part). */
  readonly headerRows: number;
  readonly cells: readonly DocumentTableCell[];
}

const FURNITURE = new Set(['page_header', 'page_footer', 'page_number']);
/** Column edges within this share of the page width line up. */
const EDGE_TOLERANCE = 0.03;

const normalized = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Leading rows whose every cell is a header cell. */
export function headerRowCount(table: Table): number {
  let rows = 0;
  for (let r = 0; r < table.rows; r++) {
    const cells = table.cells.filter((c) => c.row === r);
    if (!cells.length || !cells.every((c) => c.header)) break;
    rows = r + 1;
  }
  return rows;
}

function rowTexts(table: Table, row: number): string[] {
  return table.cells
    .filter((c) => c.row === row)
    .sort((a, b) => a.column - b.column)
    .map((c) => normalized(c.text));
}

/** How many leading rows of `next` repeat the first rows of `first` (0 when they differ). */
function repeatedHeaderRows(first: Table, next: Table, headerRows: number): number {
  const rows = Math.max(headerRows, 1);
  for (let r = 0; r < rows; r++) {
    const a = rowTexts(first, r);
    const b = rowTexts(next, r);
    if (!a.length || a.join('\t') !== b.join('\t') || !a.some(Boolean)) return 0;
  }
  return rows;
}

/** Left edges of each column, from the cells that start there (undefined without cell boxes). */
function columnEdges(table: Table): number[] | undefined {
  const edges: number[] = [];
  for (let k = 0; k < table.columns; k++) {
    const xs = table.cells.filter((c) => c.column === k && c.bbox).map((c) => (c.bbox as BBox)[0]);
    if (!xs.length) return undefined;
    edges.push(Math.min(...xs));
  }
  return edges;
}

function edgesLineUp(a: Table, b: Table): boolean {
  const ea = columnEdges(a);
  const eb = columnEdges(b);
  if (!ea || !eb || ea.length !== eb.length) return false;
  return ea.every((x, k) => Math.abs(x - eb[k]) <= EDGE_TOLERANCE);
}

interface Placed {
  readonly pageNumber: number;
  readonly table: Table;
  /** First content region of its page (only furniture before it). */
  readonly opensPage: boolean;
  /** Last content region of its page (only furniture after it). */
  readonly closesPage: boolean;
}

function placedTables(pages: readonly (readonly LayoutRegion[])[], pageNumbers: readonly number[]): Placed[][] {
  return pages.map((regions, p) => {
    const content = regions.filter((r) => !FURNITURE.has(r.type));
    return content.flatMap((r, i) =>
      r.type === 'table' && r.table ? [{ pageNumber: pageNumbers[p], table: r.table, opensPage: i === 0, closesPage: i === content.length - 1 }] : [],
    );
  });
}

/** Rows of `next` to append after `first` (0 = all of them), or undefined when `next` does not continue `first`. */
function continuation(first: Table, next: Table, headerRows: number): number | undefined {
  if (first.columns !== next.columns) return undefined;
  const repeated = repeatedHeaderRows(first, next, headerRows);
  if (repeated > 0) return repeated;
  if (headerRowCount(next) === 0 || edgesLineUp(first, next)) return 0;
  return undefined;
}

function startTable(p: Placed): { pageNumbers: number[]; rows: number; columns: number; headerRows: number; cells: DocumentTableCell[] } {
  const used = p.table.cells.reduce((n, c) => Math.max(n, c.row + Math.max(1, c.rowSpan)), 0);
  return {
    pageNumbers: [p.pageNumber],
    rows: Math.min(p.table.rows, used),
    columns: p.table.columns,
    headerRows: headerRowCount(p.table),
    cells: p.table.cells.map((c) => ({ ...c, pageNumber: p.pageNumber })),
  };
}

/**
 * The document's tables, continued tables merged, in reading order.
 *
 * @example
 * const tables = documentTables(analyzeDocument(pages), pages.map((p) => p.pageNumber));
 * tables.filter((t) => t.pageNumbers.length > 1); // tables that run over a page break
 */
export function documentTables(pages: readonly (readonly LayoutRegion[])[], pageNumbers: readonly number[]): DocumentTable[] {
  const out: ReturnType<typeof startTable>[] = [];
  let open: { merged: ReturnType<typeof startTable>; last: Placed } | undefined;
  placedTables(pages, pageNumbers).forEach((tables, p) => {
    tables.forEach((placed, i) => {
      const follows = open && i === 0 && placed.opensPage && open.last.closesPage && open.last.pageNumber === pageNumbers[p - 1];
      const skip = follows ? continuation(open!.last.table, placed.table, open!.merged.headerRows) : undefined;
      if (open && skip !== undefined) {
        const offset = open.merged.rows - skip;
        const added = placed.table.cells.filter((c) => c.row >= skip).map((c) => ({ ...c, row: c.row + offset, pageNumber: placed.pageNumber }));
        const used = added.reduce((n, c) => Math.max(n, c.row + Math.max(1, c.rowSpan)), open.merged.rows);
        open.merged.cells.push(...added);
        open.merged.rows = used;
        open.merged.pageNumbers.push(placed.pageNumber);
        open.last = placed;
        return;
      }
      open = { merged: startTable(placed), last: placed };
      out.push(open.merged);
    });
  });
  return out;
}
