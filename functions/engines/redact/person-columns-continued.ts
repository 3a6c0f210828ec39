/**
 * A table of people continued on the next page without its header: a
 * staff list or a patient list a word processor broke at the page's foot.
 * person-columns.ts reads the column under its header and stops at the
 * page break (the header is its evidence); the rows on the next page are
 * the same table when they continue its layout, so their first column is
 * people too.
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
 * Read from the text index's word boxes, so a column a hosted detector
 * found carries on the same way.
 *
 * @module
 */
import type { PiiSpan } from './detect.ts';
import type { NameLexicon } from './name-lexicon.ts';
import { rowName } from './person-columns.ts';
import type { IndexedWord, TextIndex } from './text-index.ts';

/** A gap wider than this, in line heights, separates two cells of a row (words of a cell are a space apart). */
const CELL_GAP = 1;
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
  const height = Math.max(...row.map((w) => w.bbox[3] - w.bbox[1]));
  const out: IndexedWord[][] = [];
  for (const word of row) {
    const last = out[out.length - 1];
    if (last && word.bbox[0] - last[last.length - 1].bbox[2] <= CELL_GAP * height) last.push(word);
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
