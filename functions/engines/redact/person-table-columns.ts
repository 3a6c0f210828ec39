/**
 * People in any column of a table whose header cell names them, read from
 * the tables a format declares (XLSX and CSV sheets, DOCX tables): "ID |
 * Name | Department", "Site | Manager | Phone", "Last name | First name".
 * person-columns.ts reads a people column from the text when it is the
 * first; a column further right, or a name split over two columns, needs
 * the table's grid, which the text does not keep.
 *
 * - The header: the table's header cells (or its first row), a cell that is
 *   a word for a person or a part of a name, alone ("Name", "Employee",
 *   "Manager", "Surname", "First name", "Nachname", "Prénom", …); a bare
 *   "Name" over goods (a header row with "Price", "SKU", "Qty", …) is none.
 * - The cells: each cell of that column below the header that has a name's
 *   shape: capitalised words no list calls ordinary, two or three of them
 *   ("Last, First" too) under a full name's header, one or two under a part's.
 *
 * The cells are found in the text index by their boxes, so the span is on
 * the words drawn in the cell.
 *
 * @module
 */
import type { BBox, DocumentPage } from '../document-model.ts';
import type { PiiSpan } from './detect.ts';
import type { NameLexicon } from './name-lexicon.ts';
import { mayBeNameWord } from './person-partners.ts';
import type { IndexedWord, TextIndex } from './text-index.ts';

/** Header cells over full names (English, German, French, Spanish, Italian, Dutch, Portuguese). */
const FULL_NAME_HEADER =
  /^(?:fullname|(?:full |employee |patient |customer |client |student |member |contact |tenant |applicant |guest |participant |passenger |staff )?name|employee|patient|customer|client|student|member|contact|contact person|staff|staff member|tenant|applicant|attendee|participant|recipient|passenger|guest|manager|owner|supervisor|teacher|mitarbeiter(?:in)?|kunde|teilnehmer(?:in)?|nom complet|employé|nombre completo|empleado|nome completo|dipendente|naam|medewerker|deelnemer|funcionário)$/iu;
/** Header cells over a part of a name (an export's run-together forms too: "firstname", "fname"). */
const NAME_PART_HEADER =
  /^(?:first name|last name|given name|family name|middle name|firstname|lastname|givenname|familyname|fname|lname|surname|forename|vorname|nachname|familienname|prénom|nom|nom de famille|nombre|apellidos?|nome|cognome|voornaam|achternaam|sobrenome)$/iu;
/**
 * A header cell's words as a person would write them: an export's field names split ("first_name", "lastName",
 * "DATE-OF-BIRTH" → "first name", "last name", "date of birth"), spaces collapsed, a trailing colon dropped.
 */
export function headerWords(text: string): string {
  return text
    .trim()
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[_-]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .replace(/:$/u, '')
    .toLowerCase();
}

/** A bare "Name" over goods, not people. */
const GOODS_HEADER = /^(?:price|sku|qty|quantity|unit|version|size|weight|stock|item|product|amount|total)$/iu;
/** A cell's words as a name: capitalised, a comma allowed after the first ("Ostrick, Halvard"). */
const NAME_CELL = /^\p{Lu}\p{Ll}[\p{L}\p{M}'’-]*(?:,? \p{Lu}\p{Ll}[\p{L}\p{M}'’-]*){0,2}$/u;

/**
 * A bare "given" or "family" (an export's short field names, "given,family,born_on"): a part of a name only beside
 * another part's header, since alone they head product families or given amounts as often.
 */
const PAIRED_PART_HEADER = /^(?:given|family)$/iu;

/** The kind of a header cell's column: full names, parts of names, or none; `row` holds the header row's cell texts. */
export function personHeaderKind(text: string, row: readonly string[]): 'full' | 'part' | undefined {
  const cell = headerWords(text);
  if (NAME_PART_HEADER.test(cell)) return 'part';
  if (PAIRED_PART_HEADER.test(cell)) {
    const others = row.map(headerWords).filter((c) => c !== cell);
    return others.some((c) => NAME_PART_HEADER.test(c) || PAIRED_PART_HEADER.test(c)) ? 'part' : undefined;
  }
  if (!FULL_NAME_HEADER.test(cell)) return undefined;
  return /^name$/iu.test(cell) && row.some((c) => GOODS_HEADER.test(headerWords(c))) ? undefined : 'full';
}

/** Whether a cell's text is a name for a column of this kind. */
export function isNameCell(text: string, kind: 'full' | 'part', lex: NameLexicon): boolean {
  const value = text.trim().replace(/\s+/gu, ' ');
  if (!NAME_CELL.test(value)) return false;
  const words = value.split(/[ ,]+/u).filter(Boolean);
  const enough = kind === 'full' ? words.length >= 2 : words.length <= 2;
  return enough && words.every((w) => mayBeNameWord(w, lex));
}

const centreIn = (box: BBox, cell: BBox) => {
  const x = (box[0] + box[2]) / 2;
  const y = (box[1] + box[3]) / 2;
  return x >= cell[0] && x <= cell[2] && y >= cell[1] && y <= cell[3];
};

/** The span over a cell's words in the index (one per run of consecutive words), as `type`. */
function cellSpans(text: string, words: readonly IndexedWord[], cell: BBox, type: string): PiiSpan[] {
  const inside = words.filter((w) => centreIn(w.bbox, cell));
  const out: PiiSpan[] = [];
  inside.forEach((word, k) => {
    const last = out[out.length - 1];
    if (last && k > 0 && /^[ ]$/u.test(text.slice(inside[k - 1].end, word.start)) && last.end === inside[k - 1].end) {
      out[out.length - 1] = { ...last, end: word.end, value: text.slice(last.start, word.end) };
    } else out.push({ type, start: word.start, end: word.end, value: word.text, score: 0.6 });
  });
  return out;
}

/** A declared table's column: its header cell, the header row's texts, and the cells below it one column wide. */
export interface DeclaredColumn {
  readonly pageIndex: number;
  readonly header: string;
  readonly headerRow: readonly string[];
  readonly cells: readonly { readonly text: string; readonly bbox: BBox }[];
}

/** Every column of the pages' declared tables under a one-column header cell (the flagged header rows, or the first row). */
function declaredColumns(pages: readonly DocumentPage[]): DeclaredColumn[] {
  const out: DeclaredColumn[] = [];
  pages.forEach((page, pageIndex) => {
    for (const table of page.tables ?? []) {
      const flagged = table.cells.filter((c) => c.header);
      const headerRow = flagged.length ? flagged : table.cells.filter((c) => c.row === 0);
      const lastHeaderRow = Math.max(...headerRow.map((c) => c.row));
      for (const header of headerRow.filter((c) => c.columnSpan === 1)) {
        const cells = table.cells.filter((c) => c.row > lastHeaderRow && c.column === header.column && c.columnSpan === 1 && c.bbox);
        out.push({ pageIndex, header: header.text, headerRow: headerRow.map((c) => c.text), cells: cells.map((c) => ({ text: c.text, bbox: c.bbox! })) });
      }
    }
  });
  return out;
}

/** What a column's header makes of its cells: the type they are masked as, and which cells have that type's shape. */
export interface ColumnChoice {
  readonly type: string;
  readonly cell: (text: string) => boolean;
}

/**
 * The spans over the cells of the pages' declared columns that `choose` picks by their header (undefined: the
 * column is left alone), each over the words drawn in the cell. The index's words are grouped by page once.
 */
export function headedColumnSpans(pages: readonly DocumentPage[], index: TextIndex, choose: (column: DeclaredColumn) => ColumnChoice | undefined): PiiSpan[] {
  const wordsByPage = new Map<number, IndexedWord[]>();
  for (const word of index.words) {
    const onPage = wordsByPage.get(word.pageIndex);
    if (onPage) onPage.push(word);
    else wordsByPage.set(word.pageIndex, [word]);
  }
  return declaredColumns(pages).flatMap((column) => {
    const choice = choose(column);
    if (!choice) return [];
    const words = wordsByPage.get(column.pageIndex) ?? [];
    return column.cells.filter((cell) => choice.cell(cell.text)).flatMap((cell) => cellSpans(index.text, words, cell.bbox, choice.type));
  });
}

/** The names in the people columns of the pages' declared tables (see the module note). */
export function tableColumnNames(pages: readonly DocumentPage[], index: TextIndex, lex: NameLexicon): PiiSpan[] {
  return headedColumnSpans(pages, index, (column) => {
    const kind = personHeaderKind(column.header, column.headerRow);
    return kind && { type: 'PERSON', cell: (text) => isNameCell(text, kind, lex) };
  });
}

/** Whether a table's columns exist on any page: no lexicon is loaded for documents without declared tables. */
export const hasDeclaredTables = (pages: readonly DocumentPage[]) => pages.some((page) => (page.tables ?? []).length > 0);
