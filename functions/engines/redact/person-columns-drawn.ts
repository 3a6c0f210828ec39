/**
 * People columns read from where the words are drawn, which the text does
 * not keep: a table of people continued on the next page without its
 * header, and a people column that is not the table's first.
 *
 * A staff list or a patient list a word processor broke at the page's foot:
 * person-columns.ts reads the column under its header and stops at the page
 * break (the header is its evidence); the rows on the next page are the same
 * table when they continue its layout, so their first column is people too.
 *
 * - The column's end: two or more rows at the end of a page (only a short
 *   footer, such as a page number, below them) whose first cell is a
 *   person found there, with their cells at the same left edges.
 * - Its continuation: the next page's first rows (after at most a short
 *   running header) with the same number of cells at the same left edges,
 *   whose first cell has a name's shape (two or three capitalised words no
 *   list calls ordinary, as under a header). A row of another shape ends it;
 *   a continuation that reaches its own page's end carries on.
 *
 * A column further right ("ID  Name  Department", "Site  Manager"): under a
 * header line of cells (words a gap apart) one of which names people (see
 * person-table-columns.ts), each following row with as many cells has a
 * person in that cell when it has a name's shape; a row with another number
 * of cells ends the table. Cells are counted, not placed: a text file's tabs
 * do not line its columns up.
 *
 * Read from the text index's word boxes, so a column a hosted detector
 * found carries on the same way.
 *
 * @module
 */
import type { PiiSpan } from './detect.ts';
import type { NameLexicon } from './name-lexicon.ts';
import { rowName } from './person-columns.ts';
import { isNameCell, personHeaderKind } from './person-table-columns.ts';
import type { IndexedWord, TextIndex } from './text-index.ts';

/** A gap wider than this many characters' widths separates two cells of a row (words of a cell are a space apart). */
const CELL_GAP = 1.8;
/** Cells start at the same edge within this share of the page width. */
const EDGE_TOLERANCE = 0.015;
/** A footer line below a table: in the bottom part of the page, at most this many words. */
const FOOTER_WORDS = 4;
const FOOTER_TOP = 0.88;
/** A running header above the continued rows: at most this many lines, in the top part of the page. */
const HEADER_LINES = 2;
const HEADER_BOTTOM = 0.12;

type Row = readonly IndexedWord[];

/** Each page's lines of indexed words (a line ends where the text has a line break between two words). */
function pageLines(index: TextIndex): Row[][] {
  const pages: Row[][] = [];
  let line: IndexedWord[] = [];
  index.words.forEach((word, k) => {
    const previous = index.words[k - 1];
    if (previous && (previous.pageIndex !== word.pageIndex || index.text.slice(previous.end, word.start).includes('\n'))) {
      (pages[previous.pageIndex] ??= []).push(line);
      line = [];
    }
    line.push(word);
  });
  if (line.length) (pages[line[0].pageIndex] ??= []).push(line);
  return pages;
}

/** A row's cells: its words grouped where the gap between two is wider than a cell gap. */
function cells(row: Row): Row[] {
  // Measured in the line's own characters: a box's width and height are fractions of different page sides.
  const chars = row.reduce((n, w) => n + w.text.length, 0);
  const charWidth = row.reduce((n, w) => n + (w.bbox[2] - w.bbox[0]), 0) / Math.max(1, chars);
  const out: IndexedWord[][] = [];
  for (const word of row) {
    const last = out[out.length - 1];
    if (last && word.bbox[0] - last[last.length - 1].bbox[2] <= CELL_GAP * charWidth) last.push(word);
    else out.push([word]);
  }
  return out;
}

/** The left edges of a row's cells: its shape. */
const shapeOf = (row: Row) => cells(row).map((cell) => cell[0].bbox[0]);
const sameShape = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, k) => Math.abs(x - b[k]) <= EDGE_TOLERANCE);

/** The shape of the people's column ending the page (see the module note), or undefined. */
function endingColumn(lines: readonly Row[], persons: readonly PiiSpan[]): readonly number[] | undefined {
  const startsPerson = (row: Row) => {
    const first = cells(row)[0];
    return persons.some((p) => p.start === row[0].start && p.end <= first[first.length - 1].end);
  };
  let end = lines.length;
  while (end > 0 && !startsPerson(lines[end - 1]) && lines[end - 1].length <= FOOTER_WORDS && lines[end - 1][0].bbox[1] >= FOOTER_TOP) end--;
  if (end < 2 || !startsPerson(lines[end - 1])) return undefined;
  const shape = shapeOf(lines[end - 1]);
  if (shape.length < 2) return undefined;
  const rows = lines.slice(0, end).reverse();
  const matching = rows.findIndex((row) => !startsPerson(row) || !sameShape(shapeOf(row), shape));
  return (matching < 0 ? rows.length : matching) >= 2 ? shape : undefined;
}

/** The names of the rows at the top of a page that continue a column of this shape. */
function continuedNames(text: string, lines: readonly Row[], shape: readonly number[], lex: NameLexicon): PiiSpan[] {
  let first = 0;
  while (first < HEADER_LINES && first < lines.length && !sameShape(shapeOf(lines[first]), shape) && lines[first][0].bbox[3] <= HEADER_BOTTOM)
    first++;
  const out: PiiSpan[] = [];
  for (const row of lines.slice(first)) {
    if (!sameShape(shapeOf(row), shape)) break;
    const cell = cells(row)[0];
    const name = rowName(text.slice(cell[0].start, cell[cell.length - 1].end), lex);
    if (!name) break;
    const start = cell[0].start + name.start;
    out.push({ type: 'PERSON', start, end: cell[0].start + name.end, value: text.slice(start, cell[0].start + name.end), score: 0.6 });
  }
  return out;
}

/**
 * The spans with the names of people's columns continued on later pages
 * (see the module note) added, in text order. `lexicon` is asked for only
 * when a page ends with such a column.
 */
export async function withContinuedColumns(index: TextIndex, spans: readonly PiiSpan[], lexicon: () => Promise<NameLexicon>): Promise<PiiSpan[]> {
  const pages = pageLines(index);
  const persons = spans.filter((s) => s.type === 'PERSON');
  const added: PiiSpan[] = [];
  for (let p = 0; p + 1 < pages.length; p++) {
    const shape = pages[p] && pages[p + 1] ? endingColumn(pages[p], [...persons, ...added]) : undefined;
    if (!shape) continue;
    const names = continuedNames(index.text, pages[p + 1], shape, await lexicon());
    added.push(...names.filter((n) => !spans.some((s) => s.start < n.end && n.start < s.end)));
  }
  return added.length ? [...spans, ...added].sort((a, b) => a.start - b.start) : [...spans];
}

/** A row's cell texts (each cell's words as the text has them). */
const cellTexts = (text: string, row: Row) => cells(row).map((cell) => text.slice(cell[0].start, cell[cell.length - 1].end));

/** The people of the columns right of the first under a header cell that names them (see the module note). */
export function headedDrawnColumns(index: TextIndex, lex: NameLexicon): PiiSpan[] {
  const out: PiiSpan[] = [];
  for (const lines of pageLines(index)) {
    for (let k = 0; lines && k < lines.length; k++) {
      const heads = cellTexts(index.text, lines[k]);
      if (heads.length < 2) continue;
      const columns = heads.flatMap((head, c) => {
        const kind = c > 0 ? personHeaderKind(head, heads) : undefined;
        return kind ? [{ c, kind }] : [];
      });
      if (columns.length === 0) continue;
      // The rows of this table are read once: the next header is looked for after them.
      while (k + 1 < lines.length && cells(lines[k + 1]).length === heads.length) {
        const rowCells = cells(lines[++k]);
        for (const { c, kind } of columns) {
          const cell = rowCells[c];
          const start = cell[0].start;
          const end = cell[cell.length - 1].end;
          if (isNameCell(index.text.slice(start, end), kind, lex))
            out.push({ type: 'PERSON', start, end, value: index.text.slice(start, end), score: 0.6 });
        }
      }
    }
  }
  return out;
}
