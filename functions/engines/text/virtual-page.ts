/**
 * The virtual page: how formats without geometry (DOCX, XLSX, PPTX, CSV, TXT,
 * RTF, JSON, XML) get pages and word boxes.
 *
 * Convention (docs/formats.md):
 * - a page is US Letter, 612 × 792 points, with 36 pt margins;
 * - it holds {@link VIRTUAL_PAGE}.linesPerPage (60) lines of
 *   {@link VIRTUAL_PAGE}.columns (100) character cells, each 5.4 pt wide and
 *   12 pt high (a monospaced 9 pt font, 10 pt glyph boxes);
 * - longer lines wrap at the last space before column 100 (hard cut without
 *   one); a tab advances to the next multiple of 4 columns;
 * - blocks (paragraphs, tables, headings) are separated by one blank line,
 *   dropped at the top of a page; a table row is never split across pages
 *   unless it is longer than a page; a table's header rows are repeated on
 *   the pages it continues on when asked;
 * - a word's box spans its character cells; table rows render as their cells
 *   joined by ` | `, and every cell gets the box of its characters.
 *
 * Pagination happens when a document is opened (the page count must be known
 * before extraction); geometry is computed per page on extraction.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { enclosingBox, type BBox, type Block, type DocumentPage, type Line, type Table, type TableCell, type Word } from '../document-model.ts';

export const VIRTUAL_PAGE = {
  width: 612,
  height: 792,
  margin: 36,
  lineHeight: 12,
  glyphHeight: 10,
  charWidth: 5.4,
  columns: 100,
  linesPerPage: 60,
  tabSize: 4,
} as const;

/** Documents laying out to more pages than this are refused (`page_limit_exceeded`): bounded memory. */
export const MAX_VIRTUAL_PAGES = 5_000;

export interface TableCellInput {
  readonly row: number;
  readonly column: number;
  readonly rowSpan: number;
  readonly columnSpan: number;
  readonly text: string;
  readonly header?: boolean;
}

export interface TableInput {
  readonly rows: number;
  readonly columns: number;
  readonly cells: readonly TableCellInput[];
  /** Rows (from the top) that are headers; repeated on continuation pages when `repeatHeader`. */
  readonly headerRows?: number;
  readonly repeatHeader?: boolean;
}

/** What a backend hands to the paginator, in reading order. */
export type FlowItem =
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'table'; readonly table: TableInput }
  /** `force`: start a new page even after an empty one (PPTX: an empty slide is still a page). */
  | { readonly type: 'page-break'; readonly force?: boolean };

interface CellRange {
  readonly cell: number;
  readonly start: number;
  readonly end: number;
}

interface PhysicalLine {
  readonly text: string;
  /** Offset of `text` in its logical line (for cell ranges). */
  readonly offset: number;
  /** A wrapped line's later pieces: how it joins the piece before (see Line.continues). */
  readonly continues?: Line['continues'];
  readonly block: number;
  /** Table rows: page-local table index, row (page-local), and the cell ranges of the logical row. */
  readonly table?: { readonly index: number; readonly row: number; readonly ranges: readonly CellRange[] };
}

interface PlannedTable {
  readonly columns: number;
  readonly source: TableInput;
  /** Source cells (by index in the source table) moved to page-local rows. */
  readonly cells: { readonly source: number; readonly row: number; readonly rowSpan: number }[];
  rows: number;
}

/** One page's content, decided at open. */
export interface PlannedPage {
  readonly lines: PhysicalLine[];
  readonly tables: PlannedTable[];
}

const SEPARATOR = ' | ';

/** Normalises a logical line: tabs to spaces (stops of 4), other control characters dropped. */
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f\u200b\ufeff]/;
// eslint-disable-next-line no-control-regex
const UNWANTED_ALL = /[\u0000-\u0008\u000b-\u001f\u007f\u200b\ufeff]/g;

export function normaliseLine(line: string): string {
  const cleaned = UNWANTED.test(line) ? line.replace(UNWANTED_ALL, '') : line;
  if (!cleaned.includes('\t')) return cleaned;
  let out = '';
  for (const ch of cleaned) {
    if (ch === '\t') out += ' '.repeat(VIRTUAL_PAGE.tabSize - (out.length % VIRTUAL_PAGE.tabSize));
    else out += ch;
  }
  return out;
}

/** How a piece of a wrapped logical line joins the piece before it: at a space, or inside a word (a hard cut). */
function jointOf(logical: string, offset: number): Line['continues'] {
  if (offset === 0) return undefined;
  return logical.charCodeAt(offset - 1) === 0x20 ? 'space' : 'none';
}

/** The physical lines of a logical line, each later piece marked with how it continues the one before. */
function wrappedPieces(logical: string): { text: string; offset: number; continues?: Line['continues'] }[] {
  return wrapLine(logical).map((piece) => {
    const continues = jointOf(logical.trimEnd(), piece.offset);
    return continues ? { ...piece, continues } : piece;
  });
}

/** Splits a logical line into physical lines of at most `columns` characters. */
export function wrapLine(line: string, columns: number = VIRTUAL_PAGE.columns): { text: string; offset: number }[] {
  const trimmed = line.trimEnd();
  if (trimmed.length <= columns) return [{ text: trimmed, offset: 0 }];
  const out: { text: string; offset: number }[] = [];
  let start = 0;
  while (start < trimmed.length) {
    while (start < trimmed.length && trimmed[start] === ' ' && out.length > 0) start++;
    if (start >= trimmed.length) break;
    if (trimmed.length - start <= columns) {
      out.push({ text: trimmed.slice(start), offset: start });
      break;
    }
    // Search back for a space only within this line (lastIndexOf would scan to the string's start: quadratic).
    let cut = start + columns;
    while (cut > start && trimmed.charCodeAt(cut) !== 0x20) cut--;
    if (cut <= start) {
      cut = start + columns;
      const code = trimmed.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--; // never split a surrogate pair
    }
    out.push({ text: trimmed.slice(start, cut).trimEnd(), offset: start });
    start = cut;
  }
  return out;
}

/**
 * A table's rows as logical lines with the character range of every cell.
 * Grid positions without a cell of their own (under a vertical merge, or
 * simply empty) print as empty fields, so columns stay aligned; a position
 * covered by a horizontal span of its row prints nothing.
 */
function tableRowLines(table: TableInput): { text: string; ranges: CellRange[] }[] {
  const byRow: { cell: number; column: number; span: number; text: string }[][] = Array.from({ length: table.rows }, () => []);
  table.cells.forEach((cell, index) => {
    byRow[cell.row]?.push({
      cell: index,
      column: cell.column,
      span: Math.max(1, cell.columnSpan),
      text: normaliseLine(cell.text.includes('\n') || cell.text.includes('\r') ? cell.text.replace(/\s*[\r\n]+\s*/g, ' ') : cell.text).trim(),
    });
  });
  return byRow.map((cells) => {
    if (cells.some((c, i) => i > 0 && cells[i - 1].column > c.column)) cells.sort((a, b) => a.column - b.column);
    let text = '';
    const ranges: CellRange[] = [];
    let column = 0;
    let fields = 0;
    for (const c of cells) {
      // Empty fields for the grid positions before this cell (merged from above, or empty).
      const gap = Math.min(c.column - column, MAX_EMPTY_FIELDS);
      for (let g = 0; g < gap; g++) if (fields++ > 0) text += SEPARATOR;
      column = Math.max(column, c.column);
      if (fields++ > 0) text += SEPARATOR;
      ranges.push({ cell: c.cell, start: text.length, end: text.length + c.text.length });
      text += c.text;
      column += c.span;
    }
    return { text, ranges };
  });
}

/** At most this many empty fields are printed in a row before a cell (a sparse row stays short). */
const MAX_EMPTY_FIELDS = 256;

/** Splits a flow into virtual pages. */
export class Paginator {
  readonly pages: PlannedPage[] = [];
  private page: PlannedPage | undefined;
  private block = 0;
  private readonly maxPages: number;
  private readonly autoBreak: boolean;

  /**
   * @param options.autoBreak `false` for formats whose pages are fixed by the
   *   format (PPTX slides): content never flows to a new page, the page grows
   *   taller instead.
   */
  constructor(maxPages?: number, options: { autoBreak?: boolean } = {}) {
    this.maxPages = Math.min(maxPages ?? MAX_VIRTUAL_PAGES, MAX_VIRTUAL_PAGES);
    this.autoBreak = options.autoBreak ?? true;
  }

  private newPage(): PlannedPage {
    if (this.pages.length >= this.maxPages) {
      const max = this.maxPages;
      throw new DocumentLoadError(
        'page_limit_exceeded',
        `The document lays out as more than ${max} pages (${VIRTUAL_PAGE.linesPerPage} lines of ${VIRTUAL_PAGE.columns} characters each); at most ${max} can be processed.`,
        { details: { pages_at_least: max + 1, max_pages: max } },
      );
    }
    this.page = { lines: [], tables: [] };
    this.pages.push(this.page);
    return this.page;
  }

  private current(): PlannedPage {
    return this.page ?? this.newPage();
  }

  private free(): number {
    if (!this.autoBreak) return Number.POSITIVE_INFINITY;
    return VIRTUAL_PAGE.linesPerPage - (this.page?.lines.length ?? VIRTUAL_PAGE.linesPerPage);
  }

  /** Starts a block: a blank line before it unless at the top of a page; a new page when fewer than `needed` lines remain. */
  private startBlock(needed: number): void {
    const page = this.current();
    const gap = page.lines.length > 0 ? 1 : 0;
    if (this.free() < gap + Math.min(needed, VIRTUAL_PAGE.linesPerPage)) this.newPage();
    else if (gap) page.lines.push({ text: '', offset: 0, block: -1 });
    this.block++;
  }

  /** Forces a page break; a break on an empty page does nothing (no blank pages) unless `force`. */
  pageBreak(force = false): void {
    if (force && !this.page) this.newPage();
    if (force || (this.page && this.page.lines.length > 0)) this.newPage();
  }

  /** Ensures at least one page exists (an empty document still has one page). */
  finish(): PlannedPage[] {
    if (this.pages.length === 0) this.newPage();
    // A trailing break leaves an empty last page: drop it (fixed-page formats keep theirs).
    while (this.autoBreak && this.pages.length > 1 && this.pages[this.pages.length - 1].lines.length === 0) this.pages.pop();
    for (const page of this.pages) while (page.lines.length && page.lines[page.lines.length - 1].block === -1) page.lines.pop();
    return this.pages;
  }

  paragraph(text: string): void {
    const logical = text.split(/\r\n|\r|\n/).map(normaliseLine);
    const physical = logical.flatMap(wrappedPieces);
    if (physical.every((p) => p.text.trim() === '')) return;
    this.startBlock(Math.min(physical.length, 2));
    for (const line of physical) {
      if (this.free() <= 0) {
        this.newPage();
      }
      this.current().lines.push({ text: line.text, offset: line.offset, block: this.block, ...(line.continues ? { continues: line.continues } : {}) });
    }
  }

  table(table: TableInput): void {
    const rows = tableRowLines(table);
    if (rows.length === 0) return;
    const headerRows = Math.min(table.headerRows ?? 0, rows.length);
    const wrapped = rows.map((r) => wrappedPieces(r.text));
    const cellsByRow: number[][] = Array.from({ length: table.rows }, () => []);
    table.cells.forEach((cell, index) => cellsByRow[cell.row]?.push(index));
    this.startBlock(wrapped[0].length + (wrapped[1]?.length ?? 0));
    let planned: PlannedTable | undefined;
    let pageRowOf = new Map<number, number>();
    const startPiece = () => {
      planned = { columns: table.columns, source: table, cells: [], rows: 0 };
      pageRowOf = new Map();
      this.current().tables.push(planned);
    };
    const placeRow = (r: number) => {
      const page = this.current();
      const pageRow = planned!.rows++;
      pageRowOf.set(r, pageRow);
      for (const line of wrapped[r]) {
        if (this.free() <= 0) throw new Error('unreachable: row placed without room');
        page.lines.push({
          text: line.text,
          offset: line.offset,
          block: this.block,
          ...(line.continues ? { continues: line.continues } : {}),
          table: { index: page.tables.length - 1, row: pageRow, ranges: rows[r].ranges },
        });
      }
    };
    startPiece();
    for (let r = 0; r < rows.length; r++) {
      const need = wrapped[r].length;
      if (need > this.free() && this.current().lines.length > 0) {
        this.finishPiece(planned!, table, pageRowOf, cellsByRow);
        this.newPage();
        this.block++;
        startPiece();
        if (table.repeatHeader && r >= headerRows) {
          let headerLines = 0;
          for (let h = 0; h < headerRows; h++) headerLines += wrapped[h].length;
          if (headerLines + need <= this.free()) for (let h = 0; h < headerRows; h++) placeRow(h);
        }
      }
      if (need > this.free()) {
        // A row longer than a page: split it over pages.
        const pageRow = planned!.rows++;
        pageRowOf.set(r, pageRow);
        for (const line of wrapped[r]) {
          if (this.free() <= 0) {
            this.finishPiece(planned!, table, pageRowOf, cellsByRow);
            this.newPage();
            this.block++;
            startPiece();
            pageRowOf.set(r, planned!.rows++);
          }
          const target = this.current();
          target.lines.push({
            text: line.text,
            offset: line.offset,
            block: this.block,
            ...(line.continues ? { continues: line.continues } : {}),
            table: { index: target.tables.length - 1, row: planned!.rows - 1, ranges: rows[r].ranges },
          });
        }
      } else {
        placeRow(r);
      }
    }
    this.finishPiece(planned!, table, pageRowOf, cellsByRow);
  }

  /** Copies the source cells of the rows placed on this page into the page's table, clipping spans to the piece. */
  private finishPiece(planned: PlannedTable, table: TableInput, pageRowOf: Map<number, number>, cellsByRow: readonly number[][]): void {
    // Only the rows placed on this page are visited: linear over the whole table.
    const rows = [...pageRowOf.keys()].sort((a, b) => (pageRowOf.get(a) ?? 0) - (pageRowOf.get(b) ?? 0));
    for (const row of rows) {
      const pageRow = pageRowOf.get(row)!;
      for (const source of cellsByRow[row] ?? []) {
        const cell = table.cells[source];
        let span = 1;
        while (span < cell.rowSpan && pageRowOf.get(cell.row + span) === pageRow + span) span++;
        planned.cells.push({ source, row: pageRow, rowSpan: span });
      }
    }
  }

  add(item: FlowItem): void {
    if (item.type === 'paragraph') this.paragraph(item.text);
    else if (item.type === 'table') this.table(item.table);
    else this.pageBreak(item.force);
  }
}

/** Paginates a whole flow. @throws DocumentLoadError `page_limit_exceeded` past `maxPages` (or {@link MAX_VIRTUAL_PAGES}). */
export function paginate(flow: Iterable<FlowItem>, maxPages?: number, options: { autoBreak?: boolean } = {}): PlannedPage[] {
  const paginator = new Paginator(maxPages, options);
  for (const item of flow) paginator.add(item);
  return paginator.finish();
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Height of a page: Letter, or taller when a fixed page (a slide) holds more than 60 lines. */
const pageHeight = (planned: PlannedPage) =>
  Math.max(VIRTUAL_PAGE.height, 2 * VIRTUAL_PAGE.margin + planned.lines.length * VIRTUAL_PAGE.lineHeight);

function boxOf(lineIndex: number, startColumn: number, endColumn: number, height: number = VIRTUAL_PAGE.height): BBox {
  const { width, margin, lineHeight, glyphHeight, charWidth } = VIRTUAL_PAGE;
  const top = margin + lineIndex * lineHeight;
  return [
    round((margin + startColumn * charWidth) / width),
    round(top / height),
    round((margin + endColumn * charWidth) / width),
    round((top + glyphHeight) / height),
  ];
}

/** The page's native tables: the rows planned on it, each cell boxed around the words it shows on the page. */
function nativeTables(planned: PlannedPage, cellBoxes: readonly Map<number, BBox[]>[]): Table[] {
  return planned.tables
    .map((t, tableIndex): Table => {
      const cells: TableCell[] = t.cells.map(({ source, row, rowSpan }) => {
        const boxes = cellBoxes[tableIndex].get(source);
        const cell = t.source.cells[source];
        return {
          row,
          column: cell.column,
          rowSpan,
          columnSpan: cell.columnSpan,
          text: cell.text.trim(),
          ...(boxes ? { bbox: enclosingBox(boxes) } : {}),
          ...(cell.header ? { header: true } : {}),
        };
      });
      const boxes = cells.flatMap((c) => (c.bbox ? [c.bbox] : []));
      return { rows: t.rows, columns: t.columns, cells, ...(boxes.length ? { bbox: enclosingBox(boxes) } : {}), origin: 'native' };
    })
    .filter((t) => t.rows > 0);
}

/** Word boxes, lines, blocks, text and native tables of a planned page. */
export function renderPage(planned: PlannedPage, pageNumber: number): DocumentPage {
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  const cellBoxes = planned.tables.map(() => new Map<number, BBox[]>());
  const height = pageHeight(planned);
  let currentBlock = -2;
  planned.lines.forEach((physical, lineIndex) => {
    if (physical.block === -1) return;
    const wordIndexes: number[] = [];
    const wordBoxes: BBox[] = [];
    const pushWord = (start: number, end: number) => {
      const bbox = boxOf(lineIndex, start, end, height);
      wordIndexes.push(words.length);
      wordBoxes.push(bbox);
      words.push({ text: physical.text.slice(start, end), bbox, confidence: 1, source: 'text-layer' });
    };
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    if (physical.table) {
      // Only cell content becomes words (the ` | ` separators do not).
      const lineStart = physical.offset;
      const lineEnd = physical.offset + physical.text.length;
      for (const range of physical.table.ranges) {
        const start = Math.max(range.start, lineStart);
        const end = Math.min(range.end, lineEnd);
        if (end <= start) continue;
        const cellText = physical.text.slice(start - lineStart, end - lineStart);
        let hasWord = false;
        while ((m = re.exec(cellText))) {
          pushWord(start - lineStart + m.index, start - lineStart + m.index + m[0].length);
          hasWord = true;
        }
        re.lastIndex = 0;
        if (hasWord) {
          const boxes = cellBoxes[physical.table.index];
          const box = boxOf(lineIndex, start - lineStart, end - lineStart, height);
          const list = boxes.get(range.cell);
          if (list) list.push(box);
          else boxes.set(range.cell, [box]);
        }
      }
    } else {
      while ((m = re.exec(physical.text))) pushWord(m.index, m.index + m[0].length);
    }
    if (wordIndexes.length === 0) return;
    const text = physical.table ? physical.text.trim() : physical.text.trimEnd();
    lines.push({ text, bbox: enclosingBox(wordBoxes), wordIndexes, ...(physical.continues ? { continues: physical.continues } : {}) });
    if (physical.block !== currentBlock) {
      currentBlock = physical.block;
      blocks.push({ text: '', bbox: [1, 1, 0, 0], lineIndexes: [] });
    }
    (blocks[blocks.length - 1].lineIndexes as number[]).push(lines.length - 1);
  });
  const finishedBlocks: Block[] = blocks.map((b) => ({
    text: b.lineIndexes.map((i) => lines[i].text).join('\n'),
    bbox: enclosingBox(b.lineIndexes.map((i) => lines[i].bbox)),
    lineIndexes: b.lineIndexes,
  }));
  const tables = nativeTables(planned, cellBoxes);
  return {
    pageNumber,
    width: VIRTUAL_PAGE.width,
    height,
    words,
    lines,
    blocks: finishedBlocks,
    text: finishedBlocks.map((b) => b.text).join('\n\n'),
    source: words.length > 0 ? 'text-layer' : 'none',
    ...(tables.length ? { tables } : {}),
  };
}
