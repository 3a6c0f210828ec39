/**
 * Legacy Excel (BIFF5/8 `.xls`, a Compound File) to the same flow as XLSX:
 * per sheet a page break, a `Sheet: name` title and the sheet's table, with
 * the same cell and character budgets (`xlsx.ts`).
 *
 * BIFF is read by SheetJS (`@e965/xlsx`, the current SheetJS release
 * republished on npm; the `xlsx` package on npm is an older release with
 * published advisories). Values are the text SheetJS formats with the cell's
 * number format (what Excel shows), formulas by their cached value.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FlowItem } from '../text/virtual-page.ts';
import { countCell, emitBudget, MAX_XLSX_CELLS, sheetTable, type SheetCells } from './xlsx.ts';

/** Larger BIFF files are refused before parsing (SheetJS holds the whole workbook in memory). */
export const MAX_XLS_BYTES = 50 * 1024 * 1024;
/** Rows read per sheet: past this a sheet could not fit the page cap anyway. */
const MAX_ROWS_PER_SHEET = 300_000;

type SheetJs = typeof import('@e965/xlsx');
interface Cell {
  readonly v?: unknown;
  readonly w?: string;
  readonly t?: string;
}
interface Sheet {
  readonly '!data'?: (Cell[] | undefined)[];
  readonly '!merges'?: { s: { r: number; c: number }; e: { r: number; c: number } }[];
}

let sheetJs: Promise<SheetJs> | undefined;
const loadSheetJs = () => (sheetJs ??= import('@e965/xlsx').then((m) => ((m as { default?: SheetJs }).default ?? m) as SheetJs));

function cellText(cell: Cell | undefined): string {
  if (!cell || cell.t === 'z') return '';
  if (typeof cell.w === 'string') return cell.w.trim();
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  return cell.v === undefined || cell.v === null ? '' : String(cell.v).trim();
}

function sheetCells(sheet: Sheet, budget: ReturnType<typeof emitBudget>): SheetCells {
  const rows = new Map<number, Map<number, string>>();
  (sheet['!data'] ?? []).forEach((row, r) => {
    if (!row) return;
    row.forEach((cell, c) => {
      const text = cellText(cell);
      if (text === '') return;
      countCell(budget, text);
      let target = rows.get(r);
      if (!target) rows.set(r, (target = new Map()));
      target.set(c, text);
    });
  });
  const merges = (sheet['!merges'] ?? []).map((m) => [m.s.r, m.s.c, m.e.r, m.e.c] as [number, number, number, number]);
  return { rows, merges };
}

/** SheetJS says "password-protected" or "encryption" for a FILEPASS workbook. */
const ENCRYPTED = /password|encrypt/i;

/**
 * The flow of a BIFF workbook.
 *
 * @throws DocumentLoadError `file_too_large` (bytes or cells), `document_encrypted`,
 *   `document_corrupt`, `document_empty` (no worksheets), `page_limit_exceeded`.
 */
export async function xlsFlow(bytes: Uint8Array, maxPages?: number): Promise<FlowItem[]> {
  if (bytes.byteLength > MAX_XLS_BYTES) {
    throw new DocumentLoadError('file_too_large', `The workbook is larger than ${MAX_XLS_BYTES} bytes; save it as .xlsx or split it.`, {
      details: { max_bytes: MAX_XLS_BYTES },
    });
  }
  const XLSX = await loadSheetJs();
  let workbook: ReturnType<SheetJs['read']>;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      sheetRows: MAX_ROWS_PER_SHEET,
    });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (ENCRYPTED.test(message))
      throw new DocumentLoadError('document_encrypted', 'The workbook is password-protected; remove the password and upload it again.');
    throw new DocumentLoadError('document_corrupt', 'The Excel workbook (.xls) could not be read; the file is damaged.', { cause: error });
  }
  const budget = emitBudget(maxPages);
  const flow: FlowItem[] = [];
  const hidden = workbook.Workbook?.Sheets ?? [];
  workbook.SheetNames.forEach((name, i) => {
    if (flow.length) flow.push({ type: 'page-break' });
    flow.push({ type: 'paragraph', text: `Sheet: ${name}${hidden[i]?.Hidden ? ' (hidden)' : ''}` });
    const table = sheetTable(sheetCells(workbook.Sheets[name] as Sheet, budget));
    if (table) flow.push({ type: 'table', table: { ...table, headerRows: table.rows > 1 ? 1 : 0, repeatHeader: true } });
  });
  if (workbook.SheetNames.length === 0) throw new DocumentLoadError('document_empty', 'The workbook has no worksheets.');
  return flow;
}

export { MAX_XLSX_CELLS as MAX_XLS_CELLS };
