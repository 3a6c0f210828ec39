/**
 * CSV (and TSV, semicolon- or pipe-separated) to one native table.
 *
 * RFC 4180 quoting (doubled quotes, delimiters and newlines inside quotes),
 * BOM handled by the decoder, delimiter detected from the first records. The
 * first record is the header row: marked `header` and repeated at the top of
 * every page the table continues on. Rows are paginated like any lines
 * (60 per page, a long row wraps), fully empty records are dropped.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FlowItem, TableCellInput } from './virtual-page.ts';

/** More cells than this are refused (`file_too_large`): they could not be laid out within the page cap anyway. */
export const MAX_CSV_CELLS = 2_000_000;
export const MAX_CSV_COLUMNS = 16_384;

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter occurring most consistently outside quotes over the first lines. */
export function detectDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  const lines: string[] = [];
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < sample.length && lines.length < 20; i++) {
    const c = sample[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === '\n' && !inQuotes) {
      lines.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  if (lines.length === 0) lines.push(sample);
  let best: string = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.filter((l) => l.trim()).map((l) => {
      let n = 0;
      let q = false;
      for (const ch of l) {
        if (ch === '"') q = !q;
        else if (ch === d && !q) n++;
      }
      return n;
    });
    if (counts.length === 0 || counts[0] === 0) continue;
    const consistent = counts.filter((n) => n === counts[0]).length / counts.length;
    const score = consistent * 1000 + counts[0];
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/** Parses CSV records. Linear time; a 50 MB single line is one (refused or wrapped) record, never a hang. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let cells = 0;
  let i = 0;
  const n = text.length;
  const pushField = () => {
    record.push(field);
    field = '';
    if (++cells > MAX_CSV_CELLS || record.length > MAX_CSV_COLUMNS) {
      throw new DocumentLoadError(
        'file_too_large',
        record.length > MAX_CSV_COLUMNS
          ? `The CSV has a record with more than ${MAX_CSV_COLUMNS} fields.`
          : `The CSV has more than ${MAX_CSV_CELLS} cells; split it into smaller files.`,
        { details: { max_cells: MAX_CSV_CELLS, max_columns: MAX_CSV_COLUMNS } },
      );
    }
  };
  const pushRecord = () => {
    pushField();
    if (record.some((f) => f.trim() !== '')) records.push(record);
    record = [];
  };
  while (i < n) {
    const c = text[i];
    if (c === '"' && field.trim() === '') {
      // Quoted field: read to the closing quote (doubled quotes escape).
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          value += text.slice(j);
          j = n;
          break;
        }
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      field = value;
      // Anything between the closing quote and the next delimiter is kept, leniently.
      i = j;
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      continue;
    }
    if (c === delimiter) {
      pushField();
      i++;
    } else if (c === '\n' || c === '\r') {
      pushRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      // Fast path: copy up to the next special character.
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r' && text[j] !== '"') j++;
      if (j === i) {
        field += c;
        j++;
      } else field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0) pushRecord();
  return records;
}

export function* csvFlow(text: string): Generator<FlowItem> {
  const records = parseCsv(text);
  if (records.length === 0) return;
  const columns = records.reduce((max, r) => Math.max(max, r.length), 0);
  const cells: TableCellInput[] = [];
  records.forEach((record, row) => {
    for (let column = 0; column < columns; column++) {
      cells.push({ row, column, rowSpan: 1, columnSpan: 1, text: record[column] ?? '', ...(row === 0 ? { header: true } : {}) });
    }
  });
  yield { type: 'table', table: { rows: records.length, columns, cells, headerRows: records.length > 1 ? 1 : 0, repeatHeader: true } };
}
