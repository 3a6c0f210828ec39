/**
 * What both table detectors share: word boxes in page units, grouping of
 * words into rows and of ruling pieces into lines, the numeric-cell test, and
 * the assembly of a grid of cells into a {@link DetectedTable} (header rows,
 * cell text, normalised boxes).
 *
 * @module
 */
import type { BBox, DocumentPage, Table, TableCell } from '../document-model.ts';
/** A reconstructed table and the page words it consumed. */
export interface DetectedTable extends Table {
  readonly bbox: BBox;
  /** Indexes into `page.words` of the words inside the table. */
  readonly wordIndexes: readonly number[];
  /** Number of leading header rows (0 when none was recognised). */
  readonly headerRows: number;
  /** How the structure was found. */
  readonly method: 'ruled' | 'borderless';
}

/** Merged rulings considered per page (after merging collinear pieces). */
export const MAX_LINES = 1_500;

/** A word in page units; `i` is its index in `page.words`. */
export interface Box {
  readonly i: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly text: string;
}

export interface Segment {
  /** The constant coordinate (y of a horizontal line, x of a vertical one). */
  pos: number;
  start: number;
  end: number;
}

const NUMERIC = /^[(\-−+]?[$€£¥₹]?\s*[(\-−+]?\d[\d.,'  ]*(?:[.,]\d+)?\)?\s*(?:%|[$€£¥₹]|[A-Z]{3})?$/u;
const HAS_DIGIT = /\d/;
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

/** A cell reads as a number, amount, percentage or quantity (`20 Stk`, `1.00 kg`). */
export function isNumericText(text: string): boolean {
  const t = text.trim();
  if (!t || !HAS_DIGIT.test(t)) return false;
  if (NUMERIC.test(t) || DATE.test(t)) return true;
  // A number with a short unit: "20 Stk", "15.00 g", "$ 42.00", "42,00 EUR".
  const tokens = t.split(/\s+/);
  if (tokens.length > 3) return false;
  const numbers = tokens.filter((k) => NUMERIC.test(k)).length;
  const others = tokens.filter((k) => !NUMERIC.test(k));
  return numbers >= 1 && others.filter((k) => /\p{L}/u.test(k)).length <= 1 && others.every((k) => /^[\p{L}$€£¥₹%().]{1,6}$/u.test(k));
}

/** The page's non-blank words as boxes in page units, each keeping its index in `page.words`. */
export function wordBoxes(page: DocumentPage): Box[] {
  const W = page.width || 1;
  const H = page.height || 1;
  const out: Box[] = [];
  page.words.forEach((w, i) => {
    if (!w.text.trim()) return;
    out.push({ i, x0: w.bbox[0] * W, y0: w.bbox[1] * H, x1: w.bbox[2] * W, y1: w.bbox[3] * H, text: w.text });
  });
  return out;
}

/** Clusters sorted values: consecutive values within `tol` join; returns cluster means. */
export function clusterValues(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let sum = 0;
  let count = 0;
  let last = -Infinity;
  for (const v of sorted) {
    if (count && v - last > tol) {
      out.push(sum / count);
      sum = 0;
      count = 0;
    }
    sum += v;
    count++;
    last = v;
  }
  if (count) out.push(sum / count);
  return out;
}

/** Groups boxes into rows by vertical overlap (centre-sorted sweep). */
export function groupRows(boxes: readonly Box[]): Box[][] {
  const sorted = [...boxes].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1) || a.x0 - b.x0);
  const rows: { y0: number; y1: number; boxes: Box[] }[] = [];
  for (const b of sorted) {
    const h = b.y1 - b.y0;
    let best: (typeof rows)[number] | undefined;
    let bestRatio = 0;
    for (let k = rows.length - 1; k >= 0 && k >= rows.length - 6; k--) {
      const r = rows[k];
      const overlap = Math.min(r.y1, b.y1) - Math.max(r.y0, b.y0);
      const ratio = overlap / Math.max(Math.min(h, r.y1 - r.y0), 1e-9);
      if (ratio > bestRatio) {
        bestRatio = ratio;
        best = r;
      }
    }
    if (best && bestRatio >= 0.5) {
      const n = best.boxes.length;
      best.y0 = (best.y0 * n + b.y0) / (n + 1);
      best.y1 = (best.y1 * n + b.y1) / (n + 1);
      best.boxes.push(b);
    } else rows.push({ y0: b.y0, y1: b.y1, boxes: [b] });
  }
  return rows.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1)).map((r) => r.boxes.sort((a, b) => a.x0 - b.x0));
}

/** Text of a set of boxes: rows top to bottom, words left to right. */
export function textOf(boxes: readonly Box[]): string {
  if (boxes.length === 0) return '';
  return groupRows(boxes)
    .map((r) => r.map((b) => b.text).join(' '))
    .join('\n');
}

export function bboxOf(boxes: readonly { x0: number; y0: number; x1: number; y1: number }[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  return [x0, y0, x1, y1];
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);
const norm = (b: readonly number[], W: number, H: number): BBox => [clamp01(b[0] / W), clamp01(b[1] / H), clamp01(b[2] / W), clamp01(b[3] / H)];

/** A cell of a table grid being assembled: its position, spans and the words in it. */
export interface GridCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  boxes: Box[];
}

/** Marks header rows: leading rows with no numeric cell above a body with a mostly numeric column. */
function headerRowCount(cells: readonly GridCell[], rows: number, columns: number, ruledBelowFirst: boolean): number {
  if (rows < 2) return 0;
  const texts = new Map<GridCell, string>();
  const text = (c: GridCell) => {
    let t = texts.get(c);
    if (t === undefined) texts.set(c, (t = c.boxes.map((b) => b.text).join(' ')));
    return t;
  };
  const byColumn = new Map<number, GridCell[]>();
  for (const cell of cells) {
    if (cell.row === 0 || cell.columnSpan !== 1) continue;
    const list = byColumn.get(cell.column) ?? [];
    list.push(cell);
    byColumn.set(cell.column, list);
  }
  const firstRow = cells.filter((c) => c.row === 0);
  const firstTexts = firstRow.map(text).filter((t) => t.trim());
  if (firstTexts.length === 0) return 0;
  const firstNumeric = firstTexts.some((t) => isNumericText(t) && !/\p{L}/u.test(t));
  if (firstNumeric) return 0;
  const lettered = firstTexts.filter((t) => /\p{L}/u.test(t)).length / firstTexts.length;
  if (lettered < 0.6) return 0;
  // A numeric column below (ignoring the first row) makes the first row a header.
  let numericColumn = false;
  for (let c = 0; c < columns && !numericColumn; c++) {
    const body = (byColumn.get(c) ?? []).map(text).filter((t) => t.trim());
    if (body.length >= 1 && body.filter(isNumericText).length >= Math.max(1, 0.6 * body.length)) numericColumn = true;
  }
  if (!numericColumn && !ruledBelowFirst) return 0;
  // Labels of a key-value table ("Name:") are not column headers.
  if (firstTexts.some((t) => /:$/.test(t.trim()))) return 0;
  if (!numericColumn && firstTexts.length < Math.min(columns, 2)) return 0;
  // Multi-line headers of borderless tables are merged before this; one header row here.
  return 1;
}

/** A finished table from grid cells: header rows marked, cell text joined, boxes normalised to the page. */
export function toTable(
  cells: GridCell[],
  rows: number,
  columns: number,
  bbox: [number, number, number, number],
  page: DocumentPage,
  method: 'ruled' | 'borderless',
  ruledBelowFirst: boolean,
  cellBox: (c: GridCell) => [number, number, number, number] | undefined,
): DetectedTable {
  const W = page.width || 1;
  const H = page.height || 1;
  const headerRows = headerRowCount(cells, rows, columns, ruledBelowFirst);
  const out: TableCell[] = cells
    .sort((a, b) => a.row - b.row || a.column - b.column)
    .map((c) => {
      const box = cellBox(c);
      return {
        row: c.row,
        column: c.column,
        rowSpan: c.rowSpan,
        columnSpan: c.columnSpan,
        text: textOf(c.boxes),
        ...(box ? { bbox: norm(box, W, H) } : {}),
        ...(c.row < headerRows ? { header: true } : {}),
      };
    });
  const wordIndexes = cells.flatMap((c) => c.boxes.map((b) => b.i)).sort((a, b) => a - b);
  return { rows, columns, cells: out, bbox: norm(bbox, W, H), origin: 'geometry', wordIndexes, headerRows, method };
}

/** Merges collinear pieces: segments at about one position that overlap or nearly touch become one line. */
export function mergeSegments(segments: Segment[], tol: number): Segment[] {
  segments.sort((a, b) => a.pos - b.pos || a.start - b.start);
  // Cluster by position, then merge overlapping runs inside each cluster.
  const out: Segment[] = [];
  let i = 0;
  while (i < segments.length) {
    let j = i + 1;
    while (j < segments.length && segments[j].pos - segments[j - 1].pos <= tol / 2) j++;
    const group = segments.slice(i, j).sort((a, b) => a.start - b.start);
    let cur: Segment | undefined;
    let posSum = 0;
    let posN = 0;
    for (const s of group) {
      if (cur && s.start <= cur.end + tol) {
        cur.end = Math.max(cur.end, s.end);
        posSum += s.pos;
        posN++;
      } else {
        if (cur) out.push({ ...cur, pos: posSum / posN });
        cur = { ...s };
        posSum = s.pos;
        posN = 1;
      }
    }
    if (cur) out.push({ ...cur, pos: posSum / posN });
    i = j;
  }
  return out;
}

/** Index k with lines[k] <= v < lines[k + 1]. */
export function lowerIndex(lines: readonly number[], v: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi - 1) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}
