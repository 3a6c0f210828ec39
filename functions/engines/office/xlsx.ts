/**
 * XLSX (SpreadsheetML) to one titled table per worksheet.
 *
 * Pages: every sheet starts a new page (in workbook order, hidden sheets
 * included and marked); a sheet longer than a page continues on the next
 * pages with its first row repeated as the header (60 lines per page).
 *
 * Values are shown as a reader of the sheet would see them, simplified:
 * shared and inline strings as written; numbers in general format (15
 * significant digits, like Excel); percentages as `12.5%`; date-formatted
 * numbers as ISO `2026-11-22`, `2026-11-22 14:30:00` or `14:30:00` (1900 and
 * 1904 date systems); booleans `TRUE`/`FALSE`; errors as `#DIV/0!`; formulas
 * by their cached value. Fully empty rows and columns are left out; merged
 * ranges (`mergeCell`) become cell spans. Charts, images and comments are
 * not read.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { MAX_VIRTUAL_PAGES, VIRTUAL_PAGE, type FlowItem, type TableCellInput } from '../text/virtual-page.ts';
import { mainPart, relationshipMap } from './package.ts';
import { attr, scanXml } from './xml-scan.ts';
import type { ZipArchive } from './zip.ts';

/** More cells than this (over all sheets) are refused (`file_too_large`). */
export const MAX_XLSX_CELLS = 2_000_000;
/** Characters one virtual page holds (60 lines of 100): cell text past `pages × this` cannot fit in `pages` pages. */
export const CHARACTERS_PER_PAGE = VIRTUAL_PAGE.linesPerPage * VIRTUAL_PAGE.columns;
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const BUILTIN_PERCENT_FORMATS = new Set([9, 10]);
const BUILTIN_TIME_ONLY = new Set([18, 19, 20, 21, 45, 46, 47]);

type ValueFormat = 'general' | 'percent' | 'date' | 'time' | 'datetime';

/** Classifies a number format code. */
export function classifyFormat(code: string): ValueFormat {
  const cleaned = code
    .split(';')[0]
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[(?:h+|m+|s+)\]/gi, 'h')
    .replace(/\[[^\]]*\]/g, '');
  if (/general/i.test(cleaned) && !/[dyhs]/i.test(cleaned.replace(/general/gi, ''))) return 'general';
  const hasDate = /[dy]/i.test(cleaned) || (/m/i.test(cleaned) && !/[hs]/i.test(cleaned));
  const hasTime = /[hs]/i.test(cleaned);
  if (hasDate && hasTime) return 'datetime';
  if (hasDate) return 'date';
  if (hasTime) return 'time';
  if (cleaned.includes('%')) return 'percent';
  return 'general';
}

/** Short plain decimals are already what Excel shows. */
const PLAIN_NUMBER = /^-?\d{1,15}(?:\.\d{1,14})?$/;

export function formatGeneral(value: string): string {
  if (value.length <= 16 && PLAIN_NUMBER.test(value) && !/^-?0\d|\.\d*0$/.test(value)) return value;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value;
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(15)));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date serial as ISO text. */
export function formatSerial(serial: number, format: Exclude<ValueFormat, 'general' | 'percent'>, date1904: boolean): string {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return formatGeneral(String(serial));
  let days = Math.floor(serial);
  // Round to the second.
  let seconds = Math.round((serial - days) * 86_400);
  if (seconds >= 86_400) {
    days++;
    seconds -= 86_400;
  }
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  if (format === 'time') return time;
  // 1900 system: serial 1 is 1900-01-01 and Excel counts a 1900-02-29 that never was (serial 60).
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const d = new Date(epoch + days * 86_400_000);
  const date = date1904 || days !== 60 ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` : '1900-02-29';
  return format === 'date' && seconds === 0 ? date : format === 'date' ? `${date} ${time}` : `${date} ${time}`;
}

/** `AB12` → [row 11, column 27] (0-based), or undefined. */
export function parseRef(ref: string): [number, number] | undefined {
  let i = 0;
  if (ref.charCodeAt(i) === 0x24) i++;
  let column = 0;
  let letters = 0;
  for (; i < ref.length; i++, letters++) {
    const c = ref.charCodeAt(i) & ~0x20; // upper case
    if (c < 0x41 || c > 0x5a) break;
    column = column * 26 + (c - 0x40);
  }
  if (letters < 1 || letters > 3) return undefined;
  if (ref.charCodeAt(i) === 0x24) i++;
  let row = 0;
  let digits = 0;
  for (; i < ref.length; i++, digits++) {
    const c = ref.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
    row = row * 10 + (c - 0x30);
  }
  if (digits < 1 || digits > 7 || row < 1 || row > MAX_ROW || column > MAX_COLUMN) return undefined;
  return [row - 1, column - 1];
}

function sharedStrings(zip: ZipArchive, part: string | undefined): string[] {
  if (!part || !zip.has(part)) return [];
  const out: string[] = [];
  let current: string | undefined;
  let inT = false;
  let phonetic = 0;
  scanXml(zip.readText(part), {
    open(name, _attrs, selfClosing) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && !selfClosing && phonetic === 0) inT = true;
    },
    close(name) {
      if (name === 'si') {
        out.push(current ?? '');
        current = undefined;
      } else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 't') inT = false;
    },
    text(text) {
      if (inT && current !== undefined) current += text;
    },
  }, part);
  return out;
}

/** Value format of every cell style index (`s`). */
function styleFormats(zip: ZipArchive, part: string | undefined): ValueFormat[] {
  if (!part || !zip.has(part)) return [];
  const custom = new Map<number, string>();
  const formats: ValueFormat[] = [];
  let inCellXfs = false;
  scanXml(zip.readText(part), {
    open(name, attrs, selfClosing) {
      if (name === 'numFmt') custom.set(parseInt(attr(attrs, 'numFmtId') ?? '-1', 10), attr(attrs, 'formatCode') ?? '');
      else if (name === 'cellXfs' && !selfClosing) inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = parseInt(attr(attrs, 'numFmtId') ?? '0', 10);
        const code = custom.get(id);
        if (code !== undefined) formats.push(classifyFormat(code));
        else if (BUILTIN_DATE_FORMATS.has(id)) formats.push(BUILTIN_TIME_ONLY.has(id) ? 'time' : id === 22 ? 'datetime' : 'date');
        else if (BUILTIN_PERCENT_FORMATS.has(id)) formats.push('percent');
        else formats.push('general');
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  }, part);
  return formats;
}

interface SheetRef {
  readonly name: string;
  readonly part: string;
  readonly hidden: boolean;
}

export interface SheetCells {
  /** Sorted by row then column as they appear (the format requires order). */
  rows: Map<number, Map<number, string>>;
  merges: [number, number, number, number][];
}

/**
 * What a workbook may emit. One shared string can be referenced by every
 * cell: a 7 KB file (one 4 MB string, 300 references) laid out 1.2 billion
 * characters and took 15 s and 1.16 GB before the paginator refused it. The
 * characters are counted as cells are emitted, and the workbook is refused
 * as soon as they cannot fit in the pages allowed.
 */
export interface EmitBudget {
  cells: number;
  characters: number;
  readonly maxPages: number;
  readonly maxCharacters: number;
}

/** A workbook's budget for at most `maxPages` pages (xlsx and xls alike). */
export function emitBudget(maxPages?: number): EmitBudget {
  const pages = Math.min(maxPages ?? MAX_VIRTUAL_PAGES, MAX_VIRTUAL_PAGES);
  return { cells: 0, characters: 0, maxPages: pages, maxCharacters: pages * CHARACTERS_PER_PAGE };
}

/**
 * Counts one filled cell against the budget.
 *
 * @throws DocumentLoadError `file_too_large` (too many cells), `page_limit_exceeded` (too much text).
 */
export function countCell(budget: EmitBudget, text: string): void {
  if (++budget.cells > MAX_XLSX_CELLS) {
    throw new DocumentLoadError('file_too_large', `The workbook has more than ${MAX_XLSX_CELLS} filled cells; split it into smaller files.`, {
      details: { max_cells: MAX_XLSX_CELLS },
    });
  }
  budget.characters += text.length;
  if (budget.characters > budget.maxCharacters) {
    throw new DocumentLoadError(
      'page_limit_exceeded',
      `The workbook's cells hold more than ${budget.maxCharacters} characters, more than ${budget.maxPages} pages of ${VIRTUAL_PAGE.linesPerPage} lines of ${VIRTUAL_PAGE.columns} characters; at most ${budget.maxPages} pages can be processed.`,
      { details: { pages_at_least: budget.maxPages + 1, max_pages: budget.maxPages, max_characters: budget.maxCharacters } },
    );
  }
}

function readSheet(
  zip: ZipArchive,
  part: string,
  strings: readonly string[],
  formats: readonly ValueFormat[],
  date1904: boolean,
  budget: EmitBudget,
): SheetCells {
  const reader = new SheetReader((type, raw, style) => cellText(type, raw, formats[style] ?? 'general', strings, date1904), budget);
  scanXml(zip.readText(part), reader, part);
  return { rows: reader.rows, merges: reader.merges };
}

/** The text a cell shows for its type (`t`), raw value and number format. */
function cellText(type: string, raw: string, format: ValueFormat, strings: readonly string[], date1904: boolean): string {
  switch (type) {
    case 's': {
      const index = parseInt(raw, 10);
      return strings[index] ?? '';
    }
    case 'inlineStr':
    case 'str':
      return raw;
    case 'b':
      return raw.trim() === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return raw;
    case 'd':
      return raw.trim();
    case '':
      return '';
    default: {
      if (format === 'general' || raw.trim() === '') return formatGeneral(raw);
      const n = Number(raw);
      if (!Number.isFinite(n)) return raw;
      if (format === 'percent') return `${formatGeneral(String(n * 100))}%`;
      return formatSerial(n, format, date1904);
    }
  }
}

/** The state of one pass over a worksheet part: the cell being read and the rows and merges found. */
class SheetReader {
  readonly rows = new Map<number, Map<number, string>>();
  readonly merges: [number, number, number, number][] = [];
  private rowIndex = -1;
  private columnIndex = -1;
  private row: Map<number, string> | undefined;
  private cellType = '';
  private cellStyle = 0;
  private value = '';
  private inValue = false;
  private inInline = false;
  private inText = false;
  private phonetic = 0;
  private hasValue = false;

  constructor(
    private readonly display: (type: string, raw: string, style: number) => string,
    private readonly budget: EmitBudget,
  ) {}

  open(name: string, attrs: string, selfClosing: boolean): void {
    switch (name) {
      case 'row': {
        const r = parseInt(attr(attrs, 'r') ?? '', 10);
        this.rowIndex = r >= 1 && r <= MAX_ROW ? r - 1 : this.rowIndex + 1;
        this.columnIndex = -1;
        this.row = undefined;
        return;
      }
      case 'c':
        this.openCell(attrs, selfClosing);
        return;
      case 'v':
        this.inValue = !selfClosing;
        this.hasValue = true;
        return;
      case 'is':
        this.inInline = !selfClosing;
        this.hasValue = true;
        return;
      case 'rPh':
        this.phonetic++;
        return;
      case 't':
        this.inText = this.inInline && !selfClosing && this.phonetic === 0;
        return;
      case 'mergeCell': {
        const [from, to] = (attr(attrs, 'ref') ?? '').split(':');
        const a = from ? parseRef(from) : undefined;
        const b = to ? parseRef(to) : a;
        if (a && b) this.merges.push([Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]);
        return;
      }
      default:
        return;
    }
  }

  private openCell(attrs: string, selfClosing: boolean): void {
    const ref = attr(attrs, 'r');
    const cellRef = ref ? parseRef(ref) : undefined;
    if (cellRef) {
      this.rowIndex = cellRef[0];
      this.columnIndex = cellRef[1];
    } else this.columnIndex++;
    this.cellType = attr(attrs, 't') ?? 'n';
    this.cellStyle = parseInt(attr(attrs, 's') ?? '0', 10) || 0;
    this.value = '';
    this.hasValue = false;
    if (selfClosing) this.cellType = '';
  }

  close(name: string): void {
    switch (name) {
      case 'v':
        this.inValue = false;
        return;
      case 'is':
        this.inInline = false;
        return;
      case 't':
        this.inText = false;
        return;
      case 'rPh':
        this.phonetic = Math.max(0, this.phonetic - 1);
        return;
      case 'c':
        this.closeCell();
        return;
      case 'row':
        this.row = undefined;
        return;
      default:
        return;
    }
  }

  /** Stores the cell's text (counted against the budget) unless it is empty or out of range. */
  private closeCell(): void {
    const { rowIndex, columnIndex } = this;
    if (!this.hasValue || rowIndex < 0 || columnIndex < 0 || columnIndex >= MAX_COLUMN) return;
    const text = this.display(this.cellType, this.value, this.cellStyle);
    if (text === '') return;
    countCell(this.budget, text);
    if (!this.row) {
      this.row = this.rows.get(rowIndex);
      if (!this.row) this.rows.set(rowIndex, (this.row = new Map()));
    }
    this.row.set(columnIndex, text);
  }

  text(text: string): void {
    if (this.inValue || this.inText) this.value += text;
  }
}

/** A sheet's cells as a compact table: empty rows and columns dropped, merges as spans. */
export function sheetTable(cells: SheetCells): { rows: number; columns: number; cells: TableCellInput[] } | undefined {
  const rowKeys = [...cells.rows.keys()].sort((a, b) => a - b);
  if (rowKeys.length === 0) return undefined;
  const columnSet = new Set<number>();
  for (const row of cells.rows.values()) for (const c of row.keys()) columnSet.add(c);
  const columnKeys = [...columnSet].sort((a, b) => a - b);
  const columnOf = new Map(columnKeys.map((c, i) => [c, i]));
  const covered = new Set<string>();
  const spans = new Map<string, [number, number]>();
  const lowerBound = (keys: readonly number[], value: number) => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const [r0, c0, r1, c1] of cells.merges) {
    if (!cells.rows.get(r0)?.has(c0)) continue; // an empty anchor: keep the cells as they are
    const rowFrom = lowerBound(rowKeys, r0);
    const rowTo = lowerBound(rowKeys, r1 + 1);
    const rowSpan = rowTo - rowFrom;
    const columnSpan = lowerBound(columnKeys, c1 + 1) - lowerBound(columnKeys, c0);
    spans.set(`${r0}:${c0}`, [rowSpan, columnSpan]);
    // Only filled cells can be covered: visit those in the range.
    for (let i = rowFrom; i < rowTo; i++) {
      const r = rowKeys[i];
      for (const c of cells.rows.get(r)!.keys()) if (c >= c0 && c <= c1 && (r !== r0 || c !== c0)) covered.add(`${r}:${c}`);
    }
  }
  const out: TableCellInput[] = [];
  const merged = spans.size > 0;
  rowKeys.forEach((r, tableRow) => {
    const row = cells.rows.get(r)!;
    // Cells arrive in column order; sort only when a writer did otherwise.
    let columns = [...row.keys()];
    if (columns.some((c, i) => i > 0 && columns[i - 1] > c)) columns = columns.sort((a, b) => a - b);
    for (const c of columns) {
      const column = columnOf.get(c)!;
      const text = row.get(c)!;
      if (merged) {
        const key = `${r}:${c}`;
        if (covered.has(key)) continue;
        const span = spans.get(key);
        if (span) {
          out.push({ row: tableRow, column, rowSpan: span[0], columnSpan: span[1], text, header: tableRow === 0 });
          continue;
        }
      }
      out.push({ row: tableRow, column, rowSpan: 1, columnSpan: 1, text, header: tableRow === 0 });
    }
  });
  return { rows: rowKeys.length, columns: columnKeys.length, cells: out };
}

/**
 * The flow of an XLSX package: per sheet, a page break, a `Sheet: name` title and the sheet's table.
 *
 * @throws DocumentLoadError `page_limit_exceeded` as soon as the cells emitted
 *   hold more characters than `maxPages` pages (at most {@link MAX_VIRTUAL_PAGES}) can.
 */
export function xlsxFlow(zip: ZipArchive, maxPages?: number): FlowItem[] {
  const workbook = mainPart(zip, 'xl/workbook.xml', 'Excel workbook');
  const rels = relationshipMap(zip, workbook);
  const sheets: SheetRef[] = [];
  let date1904 = false;
  scanXml(zip.readText(workbook), {
    open(name, attrs) {
      if (name === 'workbookPr') {
        const v = attr(attrs, 'date1904');
        date1904 = v === '1' || v === 'true';
      } else if (name === 'sheet') {
        const rel = rels.get(attr(attrs, 'r:id') ?? '');
        if (!rel || rel.external || !rel.type.endsWith('/worksheet')) return; // chart sheets and dialog sheets have no cells
        const state = attr(attrs, 'state');
        sheets.push({ name: attr(attrs, 'name') ?? `Sheet${sheets.length + 1}`, part: rel.target, hidden: state === 'hidden' || state === 'veryHidden' });
      }
    },
  }, workbook);
  const relList = [...rels.values()];
  const strings = sharedStrings(zip, relList.find((r) => r.type.endsWith('/sharedStrings'))?.target);
  const formats = styleFormats(zip, relList.find((r) => r.type.endsWith('/styles'))?.target);
  const flow: FlowItem[] = [];
  const budget = emitBudget(maxPages);
  for (const sheet of sheets) {
    if (flow.length) flow.push({ type: 'page-break' });
    flow.push({ type: 'paragraph', text: `Sheet: ${sheet.name}${sheet.hidden ? ' (hidden)' : ''}` });
    if (!zip.has(sheet.part)) continue;
    const table = sheetTable(readSheet(zip, sheet.part, strings, formats, date1904, budget));
    if (table) flow.push({ type: 'table', table: { ...table, headerRows: table.rows > 1 ? 1 : 0, repeatHeader: true } });
  }
  if (sheets.length === 0) throw new DocumentLoadError('document_empty', 'The workbook has no worksheets.');
  return flow;
}
