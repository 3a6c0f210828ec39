/**
 * Table detection and structure recognition from the page model alone
 * (words and ruling lines), so PDF text layers and OCR pages share it.
 *
 * Two detectors run in turn:
 *
 * 1. **Ruled tables.** Ruling lines are merged (collinear pieces, double
 *    lines, cell boxes drawn with spacing), grouped into connected grids, and
 *    each grid with at least two rows and two columns of text becomes a table.
 *    A grid line that is missing between two grid units merges them into one
 *    spanning cell; bands without any text (gaps between double lines) are
 *    folded into their neighbours.
 * 2. **Borderless tables.** Rows of the remaining words with wide gaps inside
 *    form runs; column separators are x ranges that no row's words cover
 *    (numeric columns are right-aligned, so their left edges may be ragged and
 *    still fit). A run is a table when it has enough columns and rows and does
 *    not look like side-by-side prose or address blocks; a cell whose words
 *    run across a separator spans those columns. Continuation lines (a wrapped
 *    description) join the row above.
 *
 * The first row is a header when its cells hold no numbers while a column
 * below is mostly numeric, or when it sits above a ruled line that separates
 * it from the body (ruled tables).
 *
 * All work is in page units (the page's width and height), thresholds are in
 * the page's typical word height, and everything is O(n log n) in words plus
 * O(h × v) in merged rulings (both capped).
 *
 * @module
 */
import type { BBox, DocumentPage, Ruling, Table, TableCell } from '../document-model.ts';
import { median } from './geometry.ts';

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
const MAX_LINES = 1_500;
/** Words considered per page by the borderless detector. */
const MAX_WORDS = 20_000;

interface Box {
  readonly i: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly text: string;
}

interface Segment {
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
  return (
    numbers >= 1 &&
    others.filter((k) => /\p{L}/u.test(k)).length <= 1 &&
    others.every((k) => /^[\p{L}$€£¥₹%().]{1,6}$/u.test(k))
  );
}

// ---------------------------------------------------------------------------
// Shared helpers

function wordBoxes(page: DocumentPage): Box[] {
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
function clusterValues(values: number[], tol: number): number[] {
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
function groupRows(boxes: readonly Box[]): Box[][] {
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
function textOf(boxes: readonly Box[]): string {
  if (boxes.length === 0) return '';
  return groupRows(boxes)
    .map((r) => r.map((b) => b.text).join(' '))
    .join('\n');
}

function bboxOf(boxes: readonly { x0: number; y0: number; x1: number; y1: number }[]): [number, number, number, number] {
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

/**
 * Cells from a grid of units: `owner[r][c]` holds a cell id per unit. Each
 * cell is the bounding rectangle of its units.
 */
interface GridCell {
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

function toTable(
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

// ---------------------------------------------------------------------------
// Ruled tables

function mergeSegments(segments: Segment[], tol: number): Segment[] {
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

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n).map((_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
}

/** Does some segment at about `pos` cover the middle part of [from, to]? */
function covered(segments: readonly Segment[], pos: number, from: number, to: number, tol: number): boolean {
  const a = from + 0.3 * (to - from);
  const b = to - 0.3 * (to - from);
  for (const s of segments) if (Math.abs(s.pos - pos) <= tol && s.start <= a + tol && s.end >= b - tol) return true;
  return false;
}

/** Removes grid lines that bound bands with no text, folding the band into a neighbour. */
function foldEmptyBands(lines: number[], centers: readonly number[]): number[] {
  const out = [...lines];
  let k = 0;
  while (out.length > 2 && k < out.length - 1) {
    const lo = out[k];
    const hi = out[k + 1];
    const empty = !centers.some((c) => c > lo && c < hi);
    if (!empty) {
      k++;
      continue;
    }
    // Drop the boundary shared with a neighbour: the lower one for the first band, else the upper.
    if (k === 0) out.splice(1, 1);
    else out.splice(k, 1);
    if (out.length <= 2) break;
  }
  return out;
}

function detectRuled(page: DocumentPage, boxes: readonly Box[], unit: number): DetectedTable[] {
  const rulings: readonly Ruling[] = page.rulings ?? [];
  if (rulings.length < 4) return [];
  const W = page.width || 1;
  const H = page.height || 1;
  const tol = Math.max(0.45 * unit, 1e-6);
  const hs: Segment[] = [];
  const vs: Segment[] = [];
  for (const r of rulings) {
    const x0 = r.x0 * W;
    const x1 = r.x1 * W;
    const y0 = r.y0 * H;
    const y1 = r.y1 * H;
    const dx = Math.abs(x1 - x0);
    const dy = Math.abs(y1 - y0);
    if (dx >= dy && dy <= tol && dx >= unit) hs.push({ pos: (y0 + y1) / 2, start: Math.min(x0, x1), end: Math.max(x0, x1) });
    else if (dy > dx && dx <= tol && dy >= unit) vs.push({ pos: (x0 + x1) / 2, start: Math.min(y0, y1), end: Math.max(y0, y1) });
  }
  const H1 = mergeSegments(hs, tol).slice(0, MAX_LINES);
  const V1 = mergeSegments(vs, tol).slice(0, MAX_LINES);
  if (H1.length < 2 || V1.length < 2) return [];

  const uf = new UnionFind(H1.length + V1.length);
  // Horizontal lines sorted by y; each vertical line touches those whose y lies within its extent.
  const byY = H1.map((h, i) => ({ h, i })).sort((a, b) => a.h.pos - b.h.pos);
  const ys = byY.map((e) => e.h.pos);
  const lowerBound = (v: number) => {
    let lo = 0;
    let hi = ys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ys[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  V1.forEach((v, vi) => {
    for (let k = lowerBound(v.start - tol); k < byY.length && ys[k] <= v.end + tol; k++) {
      const { h, i } = byY[k];
      if (v.pos >= h.start - tol && v.pos <= h.end + tol) uf.union(i, H1.length + vi);
    }
  });
  const components = new Map<number, { h: Segment[]; v: Segment[] }>();
  H1.forEach((h, i) => {
    const root = uf.find(i);
    const c = components.get(root) ?? { h: [], v: [] };
    c.h.push(h);
    components.set(root, c);
  });
  V1.forEach((v, i) => {
    const root = uf.find(H1.length + i);
    const c = components.get(root) ?? { h: [], v: [] };
    c.v.push(v);
    components.set(root, c);
  });

  const tables: DetectedTable[] = [];
  const taken = new Set<number>();
  const ordered = [...components.values()].sort(
    (a, b) => Math.min(...a.h.map((s) => s.pos)) - Math.min(...b.h.map((s) => s.pos)),
  );
  for (const comp of ordered) {
    if (comp.h.length < 2 || comp.v.length < 2) continue;
    const x0 = Math.min(...comp.h.map((s) => s.start), ...comp.v.map((s) => s.pos));
    const x1 = Math.max(...comp.h.map((s) => s.end), ...comp.v.map((s) => s.pos));
    const y0 = Math.min(...comp.v.map((s) => s.start), ...comp.h.map((s) => s.pos));
    const y1 = Math.max(...comp.v.map((s) => s.end), ...comp.h.map((s) => s.pos));
    if (x1 - x0 < 2 * unit || y1 - y0 < 1.5 * unit) continue;
    const inside = boxes.filter((b) => {
      const cx = (b.x0 + b.x1) / 2;
      const cy = (b.y0 + b.y1) / 2;
      return !taken.has(b.i) && cx > x0 && cx < x1 && cy > y0 && cy < y1;
    });
    if (inside.length < 2) continue;
    let rowLines = clusterValues([...comp.h.map((s) => s.pos), y0, y1], tol);
    let colLines = clusterValues([...comp.v.map((s) => s.pos), x0, x1], tol);
    rowLines = foldEmptyBands(rowLines, inside.map((b) => (b.y0 + b.y1) / 2));
    colLines = foldEmptyBands(colLines, inside.map((b) => (b.x0 + b.x1) / 2));
    if (colLines.length - 1 < 2) continue;

    // A ruled header over an open body (rows separated by horizontal rules or
    // just by spacing, no vertical lines): the header's columns continue down.
    let openFrom = Infinity;
    let x1Table = x1;
    let y1Table = y1;
    if (rowLines.length - 1 <= 2 && looksLikeHeader(inside, rowLines)) {
      const ext = extendDown(boxes, taken, H1, colLines, rowLines[rowLines.length - 1], unit, tol);
      if (ext) {
        openFrom = rowLines.length - 1;
        rowLines = foldEmptyBands([...rowLines, ...ext.lines], [...inside, ...ext.words].map((b) => (b.y0 + b.y1) / 2));
        inside.push(...ext.words);
        y1Table = rowLines[rowLines.length - 1];
        x1Table = Math.max(x1, colLines[colLines.length - 1]);
      }
    }
    for (const b of inside) taken.add(b.i);
    const R = rowLines.length - 1;
    const C = colLines.length - 1;
    if (R < 1 || C < 2 || R * C < 4) continue;
    if (R > 500 || C > 100) continue;

    // Boundary presence between grid units. Open rows: columns part unless a word runs across the line.
    const byBand: Box[][] = Array.from({ length: R }, () => []);
    for (const b of inside) {
      const r = lowerIndex(rowLines, (b.y0 + b.y1) / 2);
      if (r >= 0 && r < R) byBand[r].push(b);
    }
    const straddles = (r: number, c: number) => {
      const x = colLines[c + 1];
      return byBand[r].some((b) => b.x0 < x - tol / 2 && b.x1 > x + tol / 2);
    };
    const vRight = (r: number, c: number) =>
      r >= openFrom ? !straddles(r, c) : covered(comp.v, colLines[c + 1], rowLines[r], rowLines[r + 1], tol);
    const hBelow = (r: number, c: number) => r + 1 >= openFrom || covered(comp.h, rowLines[r + 1], colLines[c], colLines[c + 1], tol);
    const owner: number[][] = Array.from({ length: R }, () => new Array<number>(C).fill(-1));
    const cells: GridCell[] = [];
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        if (owner[r][c] >= 0) continue;
        let c2 = c;
        while (c2 + 1 < C && owner[r][c2 + 1] < 0 && !vRight(r, c2)) c2++;
        let r2 = r;
        const canGrow = (rr: number) => {
          for (let k = c; k <= c2; k++) if (owner[rr + 1][k] >= 0 || hBelow(rr, k)) return false;
          for (let k = c; k < c2; k++) if (vRight(rr + 1, k)) return false;
          return true;
        };
        while (r2 + 1 < R && canGrow(r2)) r2++;
        const id = cells.length;
        for (let rr = r; rr <= r2; rr++) for (let k = c; k <= c2; k++) owner[rr][k] = id;
        cells.push({ row: r, column: c, rowSpan: r2 - r + 1, columnSpan: c2 - c + 1, boxes: [] });
      }
    }
    for (const b of inside) {
      const cx = (b.x0 + b.x1) / 2;
      const cy = (b.y0 + b.y1) / 2;
      const r = Math.max(0, Math.min(R - 1, lowerIndex(rowLines, cy)));
      const c = Math.max(0, Math.min(C - 1, lowerIndex(colLines, cx)));
      cells[owner[r][c]].boxes.push(b);
    }
    const filled = cells.filter((c) => c.boxes.length > 0).length;
    if (filled < 3) continue;
    // A frame around a paragraph with a stray line is not a table: most rows hold text in 2+ cells.
    const rowsWithTwo = new Set<number>();
    const perRow = new Map<number, number>();
    for (const c of cells) if (c.boxes.length) perRow.set(c.row, (perRow.get(c.row) ?? 0) + 1);
    for (const [r, n] of perRow) if (n >= 2) rowsWithTwo.add(r);
    if (rowsWithTwo.size === 0) continue;
    // Grids drawn touching each other (items, then tax and totals boxes) part where the column
    // structure changes; each part keeps only the column lines its own cells use.
    for (const part of splitGrid(cells, R, C)) {
      const pr = part.r1 - part.r0;
      const pc = part.cols.length - 1;
      if (pr < 1 || pc < 2 || pr * pc < 4 || part.cells.filter((c) => c.boxes.length).length < 3) continue;
      const rl = rowLines.slice(part.r0, part.r1 + 1);
      const cl = part.cols.map((k) => colLines[k]);
      const ruledBelowFirst = Array.from({ length: C }, (_, c) => hBelow(part.r0, c)).every(Boolean);
      tables.push(
        toTable(part.cells, pr, pc, [cl[0], rl[0], cl[cl.length - 1], rl[rl.length - 1]], page, 'ruled', ruledBelowFirst && pr > 2, (c) => [
          cl[c.column],
          rl[c.row],
          cl[c.column + c.columnSpan],
          rl[c.row + c.rowSpan],
        ]),
      );
    }
    void x0;
    void y0;
    void x1Table;
    void y1Table;
  }
  return tables.sort((a, b) => a.bbox[1] - b.bbox[1]);
}

/**
 * Splits a grid into row ranges where the column structure changes (fewer
 * than half of the cell starts shared between two adjacent rows, and no cell
 * spanning the cut), then drops column lines no cell of a part starts at.
 * Returns cells re-indexed per part and, per part, the original column-line
 * indexes it keeps.
 */
function splitGrid(cells: readonly GridCell[], R: number, C: number): { r0: number; r1: number; cols: number[]; cells: GridCell[] }[] {
  const startsIn = Array.from({ length: R }, () => new Set<number>());
  const crossing = new Array<boolean>(R + 1).fill(false);
  for (const c of cells) {
    for (let r = c.row; r < c.row + c.rowSpan; r++) startsIn[r].add(c.column);
    for (let r = c.row + 1; r < c.row + c.rowSpan; r++) crossing[r] = true;
  }
  const cuts = [0];
  for (let r = 1; r < R; r++) {
    if (crossing[r]) continue;
    const a = startsIn[r - 1];
    const b = startsIn[r];
    let shared = 0;
    for (const k of a) if (b.has(k)) shared++;
    if (shared / (a.size + b.size - shared) < 0.5) cuts.push(r);
  }
  cuts.push(R);
  const parts: { r0: number; r1: number; cols: number[]; cells: GridCell[] }[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const r0 = cuts[k];
    const r1 = cuts[k + 1];
    const mine = cells.filter((c) => c.row >= r0 && c.row < r1);
    const used = new Set<number>([0, C]);
    for (const c of mine) used.add(c.column);
    const cols = [...used].sort((a, b) => a - b);
    const index = new Map(cols.map((col, i) => [col, i]));
    const remapped = mine.map((c) => {
      const first = index.get(c.column)!;
      let last = first;
      while (last + 1 < cols.length && cols[last + 1] <= c.column + c.columnSpan - 1) last++;
      return { ...c, row: c.row - r0, column: first, columnSpan: last - first + 1 };
    });
    parts.push({ r0, r1, cols, cells: remapped });
  }
  return parts;
}

/** The last band of a small ruled grid holds labels only (no numbers): a header. */
function looksLikeHeader(inside: readonly Box[], rowLines: readonly number[]): boolean {
  const lo = rowLines[rowLines.length - 2];
  const hi = rowLines[rowLines.length - 1];
  const last = inside.filter((b) => (b.y0 + b.y1) / 2 > lo && (b.y0 + b.y1) / 2 < hi);
  if (last.length < 2) return false;
  const lettered = last.filter((b) => /\p{L}/u.test(b.text)).length;
  return lettered >= 0.7 * last.length && !last.some((b) => isNumericText(b.text) && /[.,]\d/.test(b.text));
}

/**
 * Rows under a ruled header, inside its columns: consecutive text rows no
 * more than a few heights apart, whose words stay within the header's width.
 * Row boundaries are the horizontal rules across most of the width when
 * there are any (a row then holds several text lines), else the gaps
 * between text rows.
 */
function extendDown(
  boxes: readonly Box[],
  taken: ReadonlySet<number>,
  hLines: readonly Segment[],
  colLines: readonly number[],
  top: number,
  unit: number,
  tol: number,
): { lines: number[]; words: Box[] } | undefined {
  const left = colLines[0];
  const right = colLines[colLines.length - 1];
  const width = right - left;
  const below = boxes.filter((b) => !taken.has(b.i) && b.y0 >= top - tol && b.y0 < top + 60 * unit);
  const rows = groupRows(below);
  const accepted: Box[][] = [];
  let prevBottom = top;
  const rules = hLines
    .filter((h) => h.pos > top + tol && Math.min(h.end, right + tol) - Math.max(h.start, left - tol) >= 0.6 * width)
    .map((h) => h.pos)
    .sort((a, b) => a - b);
  const ruleBetween = (a: number, b: number) => rules.some((y) => y > a - tol && y < b + tol);
  const lastOf = () => Math.max(...accepted[accepted.length - 1].map((b) => b.y1));
  for (const row of rows) {
    const rx0 = Math.min(...row.map((b) => b.x0));
    const rx1 = Math.max(...row.map((b) => b.x1));
    const y0 = Math.min(...row.map((b) => b.y0));
    if (rx0 < left - 0.5 * unit || rx1 > right + 0.5 * unit) break;
    const gap = y0 - prevBottom;
    if (gap > 4 * unit || (gap > 2 * unit && !ruleBetween(prevBottom, y0) && accepted.length === 0)) break;
    accepted.push(row);
    prevBottom = Math.max(...row.map((b) => b.y1));
  }
  if (accepted.length < 1) return undefined;
  // Rules inside the accepted rows decide how text rows group; rules further down belong to other content.
  const bottom = lastOf() + 2 * unit;
  const ruled = rules.some((y) => y > top + tol && y < lastOf() - tol);
  const lines: number[] = [];
  for (let k = 1; k < accepted.length; k++) {
    const above = Math.max(...accepted[k - 1].map((b) => b.y1));
    const next = Math.min(...accepted[k].map((b) => b.y0));
    const between = rules.filter((y) => y > above - tol && y < next + tol);
    if (between.length) lines.push(...between);
    else if (!ruled) lines.push((above + next) / 2);
  }
  const lastBottom = lastOf();
  const closing = rules.find((y) => y >= lastBottom - tol && y <= bottom);
  lines.push(closing ?? lastBottom + tol);
  return { lines: clusterValues(lines, tol), words: accepted.flat() };
}

/** Index k with lines[k] <= v < lines[k + 1]. */
function lowerIndex(lines: readonly number[], v: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi - 1) {
    const mid = (lo + hi) >> 1;
    if (lines[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------
// Borderless tables

interface Row {
  readonly boxes: Box[];
  readonly y0: number;
  readonly y1: number;
  /** Word groups split at wide gaps. */
  readonly segments: Box[][];
}

function makeRow(boxes: Box[], minGap: number): Row {
  // Gaps scale with the row's own text size (a large title has wide word spaces).
  const gap = Math.max(minGap, 0.6 * median(boxes.map((b) => b.y1 - b.y0)));
  const segments: Box[][] = [];
  for (const b of boxes) {
    const last = segments[segments.length - 1];
    if (last && b.x0 - last[last.length - 1].x1 < gap) last.push(b);
    else segments.push([b]);
  }
  return { boxes, y0: Math.min(...boxes.map((b) => b.y0)), y1: Math.max(...boxes.map((b) => b.y1)), segments };
}

const rowNumbers = new WeakMap<Row, boolean>();
/** Does any segment of the row read as a number (cached: rows are tested many times)? */
function hasNumber(r: Row): boolean {
  let v = rowNumbers.get(r);
  if (v === undefined) rowNumbers.set(r, (v = r.segments.some((seg) => isNumericText(seg.map((b) => b.text).join(' ')))));
  return v;
}

/** Column separators of a set of rows: x ranges no word of any row covers (or at most `allow` rows). */
function separatorsOf(rows: readonly Row[], minGap: number, allow: number): { start: number; end: number }[] {
  const events: [number, number][] = [];
  for (const r of rows) {
    // One interval per segment, so gaps inside a cell do not count as separators.
    for (const s of r.segments) {
      events.push([s[0].x0, 1], [s[s.length - 1].x1, -1]);
    }
  }
  events.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const left = events.length ? events[0][0] : 0;
  const right = Math.max(...events.map((e) => e[0]));
  const out: { start: number; end: number }[] = [];
  let depth = 0;
  let openAt: number | undefined;
  for (const [x, d] of events) {
    const before = depth;
    depth += d;
    if (before > allow && depth <= allow) openAt = x;
    else if (before <= allow && depth > allow && openAt !== undefined) {
      if (x - openAt >= minGap && openAt > left && x < right) out.push({ start: openAt, end: x });
      openAt = undefined;
    }
  }
  return out;
}

/** Column index of x given separators (between start/end of separator k → column k+1). */
function columnAt(seps: readonly { start: number; end: number }[], x: number): number {
  let c = 0;
  while (c < seps.length && x > (seps[c].start + seps[c].end) / 2) c++;
  return c;
}

function detectBorderless(page: DocumentPage, boxes: readonly Box[], unit: number): DetectedTable[] {
  if (boxes.length < 6 || boxes.length > MAX_WORDS) return [];
  const gap = 0.6 * unit;
  const rows = groupRows(boxes).map((r) => makeRow(r, gap));
  if (rows.length < 2) return [];
  const multi = (r: Row) => r.segments.length >= 2;

  // Runs of rows: multi-segment rows, close together. Single-segment rows in
  // between are kept when they sit in the first column (wrapped descriptions,
  // item notes), at most two otherwise.
  const runs: Row[][] = [];
  let cur: Row[] = [];
  let pendingSingles: Row[] = [];
  let runLeft = Infinity;
  let firstColumnRight = Infinity;
  const maxGap = 2.2 * unit;
  let maxSingles = 0;
  let lastMulti: Row | undefined;
  // A single line inside one cell of the last multi-segment row (a wrapped description, an item note).
  const inOneCell = (r: Row) => {
    const x0 = r.boxes[0].x0;
    const x1 = r.boxes[r.boxes.length - 1].x1;
    const segs = lastMulti?.segments ?? [];
    // Only under body rows with numbers: text in two columns (letterheads) does not chain.
    if (!lastMulti || !hasNumber(lastMulti)) return false;
    if (x0 >= runLeft - unit && x1 < firstColumnRight) return true;
    return segs.some((seg, k) => x0 >= seg[0].x0 - unit && x0 < seg[seg.length - 1].x1 && x1 < (segs[k + 1]?.[0].x0 ?? Infinity) - 0.3 * unit);
  };
  // Horizontal rules (page units) sorted by y: rows with a rule between them may stand further apart.
  const W = page.width || 1;
  const H = page.height || 1;
  const pieces: Segment[] = (page.rulings ?? [])
    .filter((r) => Math.abs(r.y1 - r.y0) * H < 0.5 * unit && Math.abs(r.x1 - r.x0) * W >= 2 * unit)
    .slice(0, MAX_LINES * 4)
    .map((r) => ({ pos: ((r.y0 + r.y1) / 2) * H, start: Math.min(r.x0, r.x1) * W, end: Math.max(r.x0, r.x1) * W }));
  const rules = mergeSegments(pieces, 0.45 * unit)
    .map((m) => ({ y: m.pos, x0: m.start, x1: m.end }))
    .sort((a, b) => a.y - b.y);
  const ruledBetween = (a: Row | undefined, b: Row) => {
    if (!a || rules.length === 0) return false;
    const ax0 = a.boxes[0].x0;
    const ax1 = a.boxes[a.boxes.length - 1].x1;
    let lo = 0;
    let hi = rules.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rules[mid].y < a.y1) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < rules.length && rules[k].y <= b.y0; k++) {
      const r = rules[k];
      if (r.x0 <= Math.max(ax0, b.boxes[0].x0) + unit && r.x1 >= Math.min(ax1, b.boxes[b.boxes.length - 1].x1) - unit) return true;
    }
    return false;
  };
  let curHasNumber = false;
  const flush = () => {
    // Trailing first-column lines belong to the last row when earlier rows had as many (item notes).
    const trailing = pendingSingles.slice(0, maxSingles);
    if (trailing.length && trailing.every(inOneCell)) cur.push(...trailing);
    maxSingles = 0;
    if (cur.filter(multi).length >= 2) runs.push(cur);
    cur = [];
    curHasNumber = false;
    pendingSingles = [];
    runLeft = Infinity;
    firstColumnRight = Infinity;
    lastMulti = undefined;
  };
  for (const row of rows) {
    const prev = pendingSingles[pendingSingles.length - 1] ?? cur[cur.length - 1];
    // Headers often stand a little apart from the body: allow a wider gap after label-only rows.
    const headerOnly =
      cur.length > 0 &&
      cur.length <= 3 &&
      cur.every((r) => !hasNumber(r) && !r.segments.some((seg) => seg[seg.length - 1].text.endsWith(':')));
    const limit = headerOnly || ruledBetween(prev, row) ? 4 * unit : maxGap;
    if (prev && row.y0 - prev.y1 > limit) flush();
    else if (
      prev &&
      cur.length >= 2 &&
      cur.every((r) => r.segments.length <= 2) &&
      !curHasNumber
    ) {
      // Text-only rows in two columns so far (a letterhead): a gap clearly wider than their own
      // spacing ends them; a table may start below.
      const gaps = cur.slice(1).map((r, k) => Math.max(0, r.y0 - cur[k].y1));
      if (row.y0 - prev.y1 > Math.max(1.2 * unit, 2 * median(gaps))) flush();
    }
    if (multi(row)) {
      if (cur.length) maxSingles = Math.max(maxSingles, pendingSingles.length);
      cur.push(...pendingSingles, row);
      curHasNumber ||= hasNumber(row) || pendingSingles.some(hasNumber);
      pendingSingles = [];
      runLeft = Math.min(runLeft, row.boxes[0].x0);
      lastMulti = row;
      firstColumnRight = Math.min(firstColumnRight, row.segments[1][0].x0);
    } else if (cur.length) {
      pendingSingles.push(row);
      if (pendingSingles.length > 2 && !(pendingSingles.length <= 12 && pendingSingles.every(inOneCell))) flush();
    }
  }
  flush();

  const tables: DetectedTable[] = [];
  for (const run of runs) tables.push(...tablesOfRun(run, page, unit));
  return tables;
}

/** Splits a run where the column structure changes, and turns the fitting parts into tables. */
function tablesOfRun(run: Row[], page: DocumentPage, unit: number): DetectedTable[] {
  const out: DetectedTable[] = [];
  let rows = run;
  while (rows.length && rows[0].segments.length < 2) rows = rows.slice(1);
  if (rows.length < 2) return out;
  const minGap = 0.6 * unit;

  // Split at a row whose segments straddle the columns of the rows above it (a second table).
  const multiRow = (r: Row) => r.segments.length >= 2;
  let start = 0;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    if (!multiRow(row)) continue;
    // A new header (three or more labels, no numbers) set apart below rows with numbers starts a new table.
    const segText = (seg: Box[]) => seg.map((b) => b.text).join(' ');
    const labels = row.segments.length >= 3 && row.segments.every((seg) => /\p{L}/u.test(segText(seg)) && !isNumericText(segText(seg)));
    const numericAbove = rows.slice(start, i).some(hasNumber);
    const gapAbove = row.y0 - rows[i - 1].y1;
    const usualGap = i >= 2 ? Math.max(0, rows[i - 1].y0 - rows[i - 2].y1) : 0;
    if (labels && numericAbove && gapAbove > Math.max(0.8 * unit, 2 * usualGap)) {
      const t = tableOf(rows.slice(start, i), page, unit);
      if (t) out.push(t);
      start = i;
      continue;
    }
    // Columns of the body rows above (rows with a number; header labels may run wider).
    const so = rows
      .slice(Math.max(start, i - 16), i)
      .filter((r) => multiRow(r) && hasNumber(r));
    if (so.length < 2) continue;
    const seps = separatorsOf(so, minGap, 0);
    if (seps.length === 0) continue;
    const straddles = row.segments.filter((s) => columnAt(seps, s[0].x0) !== columnAt(seps, s[s.length - 1].x1)).length;
    const aligned = row.segments.filter((s) =>
      seps.some((sp) => Math.abs(sp.end - s[0].x0) < 1.2 * unit || Math.abs(sp.start - s[s.length - 1].x1) < 1.2 * unit),
    ).length;
    if (straddles >= 2 || (straddles >= 1 && aligned === 0)) {
      const t = tableOf(rows.slice(start, i), page, unit);
      if (t) out.push(t);
      start = i;
    }
  }
  const t = tableOf(rows.slice(start), page, unit);
  if (t) out.push(t);
  return out;
}

function tableOf(rowsIn: Row[], page: DocumentPage, unit: number): DetectedTable | undefined {
  const rows = rowsIn;
  if (rows.filter((r) => r.segments.length >= 2).length < 2) return undefined;
  const minGap = 0.6 * unit;
  // Column separators from the body (the first row may be a header whose labels run wider).
  const body = rows.slice(1).filter((r) => r.segments.length >= 2);
  // A few rows may run across a separator (subtotal labels, section rows): allow about one in five.
  const basis = body.length >= 2 ? body : rows;
  const seps = separatorsOf(basis, minGap, Math.floor(0.2 * basis.length));
  if (seps.length === 0) return undefined;
  // Columns left empty in the body (a discount column nobody used) still have their header label:
  // a gap between two header labels over which no body text lies is a separator too.
  if (rows.length > 1 && rows[0].segments.length >= 2) {
    const head = rows[0].segments;
    for (let k = 1; k < head.length; k++) {
      const a = head[k - 1][head[k - 1].length - 1].x1;
      const b = head[k][0].x0;
      const ca = (head[k - 1][0].x0 + a) / 2;
      const cb = (b + head[k][head[k].length - 1].x1) / 2;
      if (seps.some((sp) => (sp.start + sp.end) / 2 > ca && (sp.start + sp.end) / 2 < cb)) continue;
      const blocked = rows.slice(1).some((r) => r.segments.some((seg) => seg[0].x0 < b && seg[seg.length - 1].x1 > a));
      if (!blocked) seps.push({ start: a, end: b });
    }
    seps.sort((p, q) => p.start + p.end - (q.start + q.end));
  }
  const C = seps.length + 1;

  // Assign segments to columns; a segment spanning separators spans columns.
  interface Cell {
    col: number;
    span: number;
    boxes: Box[];
  }
  // Body extent of each column (left of the leftmost, right of the rightmost body text), for header alignment.
  interface ColumnEdges {
    x0: number;
    x1: number;
    /** Spread of left and right edges of the body text: the aligned side has little. */
    x0Max: number;
    x1Min: number;
  }
  let edges: ColumnEdges[] | undefined;
  const colEdgesOf = () => {
    if (edges) return edges;
    edges = Array.from({ length: C }, () => ({ x0: Infinity, x1: -Infinity, x0Max: -Infinity, x1Min: Infinity }));
    for (const r of rows.slice(1)) {
      for (const seg of r.segments) {
        const c = columnAt(seps, (seg[0].x0 + seg[0].x1) / 2);
        if (c !== columnAt(seps, (seg[seg.length - 1].x0 + seg[seg.length - 1].x1) / 2)) continue;
        const e = edges[c];
        e.x0 = Math.min(e.x0, seg[0].x0);
        e.x0Max = Math.max(e.x0Max, seg[0].x0);
        e.x1 = Math.max(e.x1, seg[seg.length - 1].x1);
        e.x1Min = Math.min(e.x1Min, seg[seg.length - 1].x1);
      }
    }
    return edges;
  };
  const realignSplit = (parts: Box[][], colEdges: ColumnEdges[]): [number, number] | undefined => {
    // Two header pieces over two columns: move the split to the word gap whose pieces line up
    // best with their columns' body text (left or right edges; labels align like their values).
    const words = [...parts[0], ...parts[1]];
    const ca = columnAt(seps, (parts[0][0].x0 + parts[0][0].x1) / 2);
    const cb = columnAt(seps, (parts[1][parts[1].length - 1].x0 + parts[1][parts[1].length - 1].x1) / 2);
    const ea = colEdges[ca];
    const eb = colEdges[cb];
    if (ca >= cb || !ea || !eb || !Number.isFinite(ea.x0) || !Number.isFinite(eb.x0)) return undefined;
    // Distance of a piece from its column's aligned edges (left for left-aligned text, right for
    // right-aligned numbers, both for a column of equal-width values; the nearer one when ragged).
    const misfit = (p: Box[], e: ColumnEdges) => {
      const left = Math.abs(p[0].x0 - e.x0);
      const right = Math.abs(p[p.length - 1].x1 - e.x1);
      const leftAligned = e.x0Max - e.x0 <= 0.3 * unit;
      const rightAligned = e.x1 - e.x1Min <= 0.3 * unit;
      if (leftAligned && rightAligned) return left + right;
      if (leftAligned) return left;
      if (rightAligned) return right;
      return Math.min(left, right);
    };
    let best = parts[0].length;
    let bestScore = Infinity;
    for (let k = 1; k < words.length; k++) {
      const score = misfit(words.slice(0, k), ea) + misfit(words.slice(k), eb);
      if (score < bestScore - 1e-9) {
        bestScore = score;
        best = k;
      }
    }
    parts[0] = words.slice(0, best);
    parts[1] = words.slice(best);
    return [ca, cb];
  };
  const grid: { row: Row; cells: Cell[] }[] = rows.map((row, rowIndex) => {
    const cells: Cell[] = [];
    for (const seg of row.segments) {
      // Header labels: split a segment between words whose centres fall in different columns.
      // Body text running across a separator stays whole and spans columns.
      let part: Box[] = [];
      const parts: Box[][] = [];
      for (const b of seg) {
        const last = part[part.length - 1];
        if (rowIndex === 0 && last && columnAt(seps, (last.x0 + last.x1) / 2) !== columnAt(seps, (b.x0 + b.x1) / 2)) {
          parts.push(part);
          part = [];
        }
        part.push(b);
      }
      if (part.length) parts.push(part);
      const forced = parts.length === 2 ? realignSplit(parts, colEdgesOf()) : undefined;
      for (const [pi, p] of parts.entries()) {
        // Columns by word centres: right-aligned numbers and wide labels overhang their column edges.
        const c0 = forced ? forced[pi] : columnAt(seps, (p[0].x0 + p[0].x1) / 2);
        const c1 = forced ? forced[pi] : columnAt(seps, (p[p.length - 1].x0 + p[p.length - 1].x1) / 2);
        const prev = cells[cells.length - 1];
        if (prev && prev.col + prev.span - 1 >= c0) {
          // Same column as the previous piece: merge.
          prev.boxes.push(...p);
          prev.span = Math.max(prev.span, c1 - prev.col + 1);
        } else cells.push({ col: c0, span: Math.max(1, c1 - c0 + 1), boxes: [...p] });
      }
    }
    return { row, cells };
  });

  // Quality: columns used, numeric columns, prose-like cells.
  const filledPerRow = grid.map((g) => g.cells.length);
  const cellTexts = grid.flatMap((g) => g.cells.map((c) => c.boxes.map((b) => b.text).join(' ')));
  const wordsPerCell = median(grid.flatMap((g) => g.cells.map((c) => c.boxes.length)));
  const numericColumns = new Set<number>();
  for (let c = 0; c < C; c++) {
    const texts = grid.slice(1).flatMap((g) => g.cells.filter((x) => x.col === c && x.span === 1).map((x) => x.boxes.map((b) => b.text).join(' ')));
    if (texts.length >= 2 && texts.filter(isNumericText).length >= 0.6 * texts.length) numericColumns.add(c);
  }
  const keyValue = grid.filter((g) => g.cells[0] && /:$/.test(g.cells[0].boxes[g.cells[0].boxes.length - 1].text)).length >= 0.5 * grid.length;
  const multiRows = grid.filter((g) => g.cells.length >= 2).length;
  if (multiRows < 2) return undefined;
  if (keyValue && C <= 2) return undefined;
  // A column of labels ("Date:", "Due Date:"): a key-value layout, not a table.
  const labelColumn = Array.from({ length: C }, (_, c) => {
    const texts = grid.flatMap((g) => g.cells.filter((x) => x.col === c).map((x) => x.boxes[x.boxes.length - 1].text));
    return texts.length >= 2 && texts.filter((t) => t.endsWith(':')).length >= 0.6 * texts.length;
  }).some(Boolean);
  if (labelColumn) return undefined;
  if (C === 2 && (numericColumns.size === 0 || multiRows < 3)) return undefined;
  if (numericColumns.size === 0 && (wordsPerCell > 4 || C < 3 || cellTexts.length < 6)) return undefined;

  const textOfCell = (c: Cell) => c.boxes.map((b) => b.text).join(' ');
  const isLabelRow = (g: { cells: Cell[] }) =>
    g.cells.every((c) => !isNumericText(textOfCell(c))) && g.cells.every((c) => /\p{L}/u.test(textOfCell(c)));
  const mergeInto = (prev: { cells: Cell[]; boxes: Box[] }, g: { cells: Cell[]; row: Row }) => {
    for (const c of g.cells) {
      const target = prev.cells.find((p) => c.col >= p.col && c.col < p.col + p.span);
      if (target) target.boxes.push(...c.boxes);
      else prev.cells.push({ ...c, boxes: [...c.boxes] });
    }
    prev.boxes.push(...g.row.boxes);
    prev.cells.sort((a, b) => a.col - b.col);
  };
  const merged: { cells: Cell[]; boxes: Box[] }[] = [];
  // A header of several text lines (labels only, tightly spaced) becomes one row.
  let bodyStart = 0;
  if (grid.length > 2 && isLabelRow(grid[0])) {
    merged.push({ cells: grid[0].cells.map((c) => ({ ...c, boxes: [...c.boxes] })), boxes: [...grid[0].row.boxes] });
    bodyStart = 1;
    while (bodyStart < grid.length - 1 && isLabelRow(grid[bodyStart]) && grid[bodyStart].row.y0 - grid[bodyStart - 1].row.y1 <= 0.6 * unit) {
      mergeInto(merged[0], grid[bodyStart]);
      bodyStart++;
    }
  }
  // Continuation lines: a row with no numeric cell filling few columns joins the body row above.
  const typicalFilled = median(filledPerRow.filter((n) => n >= 2));
  for (let idx = bodyStart; idx < grid.length; idx++) {
    const g = grid[idx];
    const numeric = g.cells.some((c) => isNumericText(textOfCell(c)));
    const prev = merged[merged.length - 1];
    const continuation =
      prev && idx > bodyStart && !numeric && g.cells.length <= Math.max(1, typicalFilled / 2) && g.cells.every((c) => !numericColumns.has(c.col));
    if (continuation) mergeInto(prev, g);
    else merged.push({ cells: g.cells.map((c) => ({ ...c, boxes: [...c.boxes] })), boxes: [...g.row.boxes] });
  }

  if (median(merged.map((m) => m.cells.length)) < 2) return undefined;
  // Text-only grids in the top or bottom band are letterheads and footers set in columns.
  const H = page.height || 1;
  const top = Math.min(...rows.map((r) => r.y0)) / H;
  const bottom = Math.max(...rows.map((r) => r.y1)) / H;
  if (numericColumns.size === 0 && (top > 0.85 || bottom < 0.15)) return undefined;
  // Text-only grids that the reading-order layout split into side-by-side columns are text
  // columns (addresses next to key-value blocks), not a table: that layout leaves tables whole.
  if (numericColumns.size === 0 && splitIntoColumns(page, rows)) return undefined;
  const cells: GridCell[] = [];
  merged.forEach((m, r) => {
    let next = 0;
    for (const c of m.cells) {
      const col = Math.max(c.col, next);
      const span = Math.max(1, Math.min(c.span, C - col));
      if (col >= C) {
        cells[cells.length - 1]?.boxes.push(...c.boxes);
        continue;
      }
      // Fill skipped columns with empty cells.
      for (let k = next; k < col; k++) cells.push({ row: r, column: k, rowSpan: 1, columnSpan: 1, boxes: [] });
      cells.push({ row: r, column: col, rowSpan: 1, columnSpan: span, boxes: c.boxes });
      next = col + span;
    }
    for (let k = next; k < C; k++) cells.push({ row: r, column: k, rowSpan: 1, columnSpan: 1, boxes: [] });
  });
  const all = merged.flatMap((m) => m.boxes);
  const bbox = bboxOf(all);
  const colEdges = [bbox[0], ...seps.map((s) => (s.start + s.end) / 2), bbox[2]];
  const rowBoxes = merged.map((m) => bboxOf(m.boxes));
  return toTable(cells, merged.length, C, bbox, page, 'borderless', false, (c) => [
    colEdges[c.column],
    rowBoxes[c.row][1],
    colEdges[c.column + c.columnSpan],
    rowBoxes[c.row + c.rowSpan - 1][3],
  ]);
}

/** Do two layout blocks among these rows stand side by side (the layout found a column gutter)? */
function splitIntoColumns(page: DocumentPage, rows: readonly Row[]): boolean {
  const W = page.width || 1;
  const H = page.height || 1;
  const x0 = Math.min(...rows.map((r) => r.boxes[0].x0)) / W;
  const x1 = Math.max(...rows.map((r) => r.boxes[r.boxes.length - 1].x1)) / W;
  const y0 = Math.min(...rows.map((r) => r.y0)) / H;
  const y1 = Math.max(...rows.map((r) => r.y1)) / H;
  const blocks = page.blocks.filter((b) => {
    const cx = (b.bbox[0] + b.bbox[2]) / 2;
    const cy = (b.bbox[1] + b.bbox[3]) / 2;
    return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1 && b.lineIndexes.length >= 2;
  });
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      const a = blocks[i].bbox;
      const b = blocks[j].bbox;
      const overlapY = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const apart = a[2] <= b[0] || b[2] <= a[0];
      if (apart && overlapY > 0.5 * Math.min(a[3] - a[1], b[3] - b[1])) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------

export interface DetectTablesOptions {
  /** Skip the borderless detector (ruled grids only). @default false */
  readonly rulingsOnly?: boolean;
}

/**
 * Finds the tables of one page: ruled grids first, then borderless tables
 * among the words left over. Tables come back top to bottom; each lists the
 * words it consumed.
 *
 * @example
 * const tables = detectTables(page);
 * tables[0].cells.filter((c) => c.header).map((c) => c.text); // ['Description', 'Qty', 'Amount']
 */
export function detectTables(page: DocumentPage, options: DetectTablesOptions = {}): DetectedTable[] {
  const boxes = wordBoxes(page);
  if (boxes.length === 0) return [];
  const unit = Math.max(median(boxes.map((b) => b.y1 - b.y0)), 1e-6);
  const ruled = detectRuled(page, boxes, unit);
  if (options.rulingsOnly) return ruled;
  const used = new Set<number>(ruled.flatMap((t) => t.wordIndexes));
  // Borderless detection on what is left (outside ruled tables).
  const W = page.width || 1;
  const H = page.height || 1;
  const rest = boxes.filter((b) => {
    if (used.has(b.i)) return false;
    const cx = (b.x0 + b.x1) / 2 / W;
    const cy = (b.y0 + b.y1) / 2 / H;
    return !ruled.some((t) => cx >= t.bbox[0] && cx <= t.bbox[2] && cy >= t.bbox[1] && cy <= t.bbox[3]);
  });
  const borderless = detectBorderless(page, rest, unit);
  return [...ruled, ...borderless].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/**
 * The tables of a page for readers that can do without them (extraction):
 * none for a page without words, and none rather than an error when
 * detection fails on a strange page.
 */
export function tablesOrNone(page: DocumentPage): DetectedTable[] {
  if (!page.words.length) return [];
  try {
    return detectTables(page);
  } catch {
    return [];
  }
}
