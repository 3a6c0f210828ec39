/**
 * Ruled tables: ruling lines are merged (collinear pieces, double lines, cell
 * boxes drawn with spacing), grouped into connected grids, and each grid with
 * at least two rows and two columns of text becomes a table. A grid line that
 * is missing between two grid units merges them into one spanning cell;
 * bands without any text (gaps between double lines) are folded into their
 * neighbours. A ruled header over an open body continues down its columns.
 *
 * @module
 */
import type { DocumentPage, Ruling } from '../document-model.ts';
import {
  type Box,
  type DetectedTable,
  type GridCell,
  type Segment,
  MAX_LINES,
  clusterValues,
  groupRows,
  isNumericText,
  lowerIndex,
  mergeSegments,
  toTable,
} from './table-assembly.ts';

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

/** Horizontal and vertical rulings of the page in page units, merged into lines (capped). */
function ruledLines(page: DocumentPage, unit: number, tol: number): { h: Segment[]; v: Segment[] } {
  const rulings: readonly Ruling[] = page.rulings ?? [];
  const W = page.width || 1;
  const H = page.height || 1;
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
  return { h: mergeSegments(hs, tol).slice(0, MAX_LINES), v: mergeSegments(vs, tol).slice(0, MAX_LINES) };
}

/** Lines that touch each other, as one connected set of horizontal and vertical lines. */
interface LineGrid {
  h: Segment[];
  v: Segment[];
}

/** Connected grids of lines, top to bottom: a vertical line joins the horizontal lines it touches. */
function connectedGrids(H1: readonly Segment[], V1: readonly Segment[], tol: number): LineGrid[] {
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
  const components = new Map<number, LineGrid>();
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
  return [...components.values()].sort((a, b) => Math.min(...a.h.map((s) => s.pos)) - Math.min(...b.h.map((s) => s.pos)));
}

/** What every grid of a page is read against: its words, the word height, the merged horizontal lines, and the words already in a table. */
interface RuledContext {
  readonly page: DocumentPage;
  readonly boxes: readonly Box[];
  readonly unit: number;
  readonly tol: number;
  readonly hLines: readonly Segment[];
  readonly taken: Set<number>;
}

/** Tables drawn with ruling lines, top to bottom; a grid takes its words, so later grids do not see them. */
export function detectRuled(page: DocumentPage, boxes: readonly Box[], unit: number): DetectedTable[] {
  if ((page.rulings ?? []).length < 4) return [];
  const tol = Math.max(0.45 * unit, 1e-6);
  const { h: H1, v: V1 } = ruledLines(page, unit, tol);
  if (H1.length < 2 || V1.length < 2) return [];
  const ctx: RuledContext = { page, boxes, unit, tol, hLines: H1, taken: new Set<number>() };
  const tables = connectedGrids(H1, V1, tol).flatMap((grid) => tablesOfGrid(grid, ctx));
  return tables.sort((a, b) => a.bbox[1] - b.bbox[1]);
}

/** Row and column lines of a grid around the words inside it; an open body below a ruled header adds rows from `openFrom` on. */
interface GridLines {
  rowLines: number[];
  colLines: number[];
  openFrom: number;
}

/**
 * The grid's row and column lines (empty bands folded), extended down over an
 * open body when the grid is a ruled header; adds the body's words to `inside`.
 */
function gridLines(comp: LineGrid, inside: Box[], frame: readonly number[], ctx: RuledContext): GridLines | undefined {
  const [x0, y0, x1, y1] = frame;
  const { tol } = ctx;
  let rowLines = clusterValues([...comp.h.map((s) => s.pos), y0, y1], tol);
  let colLines = clusterValues([...comp.v.map((s) => s.pos), x0, x1], tol);
  rowLines = foldEmptyBands(
    rowLines,
    inside.map((b) => (b.y0 + b.y1) / 2),
  );
  colLines = foldEmptyBands(
    colLines,
    inside.map((b) => (b.x0 + b.x1) / 2),
  );
  if (colLines.length - 1 < 2) return undefined;

  // A ruled header over an open body (rows separated by horizontal rules or
  // just by spacing, no vertical lines): the header's columns continue down.
  let openFrom = Infinity;
  if (rowLines.length - 1 <= 2 && looksLikeHeader(inside, rowLines)) {
    const ext = extendDown(ctx.boxes, ctx.taken, ctx.hLines, colLines, rowLines[rowLines.length - 1], ctx.unit, tol);
    if (ext) {
      openFrom = rowLines.length - 1;
      rowLines = foldEmptyBands(
        [...rowLines, ...ext.lines],
        [...inside, ...ext.words].map((b) => (b.y0 + b.y1) / 2),
      );
      inside.push(...ext.words);
    }
  }
  return { rowLines, colLines, openFrom };
}

/** The tables one connected grid of lines holds (none, one, or several grids drawn touching). */
function tablesOfGrid(comp: LineGrid, ctx: RuledContext): DetectedTable[] {
  const { unit, taken } = ctx;
  if (comp.h.length < 2 || comp.v.length < 2) return [];
  const x0 = Math.min(...comp.h.map((s) => s.start), ...comp.v.map((s) => s.pos));
  const x1 = Math.max(...comp.h.map((s) => s.end), ...comp.v.map((s) => s.pos));
  const y0 = Math.min(...comp.v.map((s) => s.start), ...comp.h.map((s) => s.pos));
  const y1 = Math.max(...comp.v.map((s) => s.end), ...comp.h.map((s) => s.pos));
  if (x1 - x0 < 2 * unit || y1 - y0 < 1.5 * unit) return [];
  const inside = ctx.boxes.filter((b) => {
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    return !taken.has(b.i) && cx > x0 && cx < x1 && cy > y0 && cy < y1;
  });
  if (inside.length < 2) return [];
  const lines = gridLines(comp, inside, [x0, y0, x1, y1], ctx);
  if (!lines) return [];
  const { rowLines, colLines } = lines;
  for (const b of inside) taken.add(b.i);
  const R = rowLines.length - 1;
  const C = colLines.length - 1;
  if (R < 1 || C < 2 || R * C < 4) return [];
  if (R > 500 || C > 100) return [];

  const { vRight, hBelow } = boundaries(comp, lines, inside, ctx.tol);
  const cells = cellsOfGrid(R, C, lines, inside, vRight, hBelow);
  const filled = cells.filter((c) => c.boxes.length > 0).length;
  if (filled < 3) return [];
  // A frame around a paragraph with a stray line is not a table: most rows hold text in 2+ cells.
  const rowsWithTwo = new Set<number>();
  const perRow = new Map<number, number>();
  for (const c of cells) if (c.boxes.length) perRow.set(c.row, (perRow.get(c.row) ?? 0) + 1);
  for (const [r, n] of perRow) if (n >= 2) rowsWithTwo.add(r);
  if (rowsWithTwo.size === 0) return [];
  // Grids drawn touching each other (items, then tax and totals boxes) part where the column
  // structure changes; each part keeps only the column lines its own cells use.
  const tables: DetectedTable[] = [];
  for (const part of splitGrid(cells, R, C)) {
    const pr = part.r1 - part.r0;
    const pc = part.cols.length - 1;
    if (pr < 1 || pc < 2 || pr * pc < 4 || part.cells.filter((c) => c.boxes.length).length < 3) continue;
    const rl = rowLines.slice(part.r0, part.r1 + 1);
    const cl = part.cols.map((k) => colLines[k]);
    const ruledBelowFirst = Array.from({ length: C }, (_, c) => hBelow(part.r0, c)).every(Boolean);
    tables.push(
      toTable(part.cells, pr, pc, [cl[0], rl[0], cl[cl.length - 1], rl[rl.length - 1]], ctx.page, 'ruled', ruledBelowFirst && pr > 2, (c) => [
        cl[c.column],
        rl[c.row],
        cl[c.column + c.columnSpan],
        rl[c.row + c.rowSpan],
      ]),
    );
  }
  return tables;
}

type Boundary = (r: number, c: number) => boolean;

/**
 * Boundary presence between grid units: a line right of unit (r, c), and one
 * below it. Open rows: columns part unless a word runs across the line.
 */
function boundaries(comp: LineGrid, lines: GridLines, inside: readonly Box[], tol: number): { vRight: Boundary; hBelow: Boundary } {
  const { rowLines, colLines, openFrom } = lines;
  const R = rowLines.length - 1;
  const byBand: Box[][] = Array.from({ length: R }, () => []);
  for (const b of inside) {
    const r = lowerIndex(rowLines, (b.y0 + b.y1) / 2);
    if (r >= 0 && r < R) byBand[r].push(b);
  }
  const straddles = (r: number, c: number) => {
    const x = colLines[c + 1];
    return byBand[r].some((b) => b.x0 < x - tol / 2 && b.x1 > x + tol / 2);
  };
  const vRight = (r: number, c: number) => (r >= openFrom ? !straddles(r, c) : covered(comp.v, colLines[c + 1], rowLines[r], rowLines[r + 1], tol));
  const hBelow = (r: number, c: number) => r + 1 >= openFrom || covered(comp.h, rowLines[r + 1], colLines[c], colLines[c + 1], tol);
  return { vRight, hBelow };
}

/** Cells of an R × C grid of units (units without a line between them merge into one spanning cell), each holding its words. */
function cellsOfGrid(R: number, C: number, lines: GridLines, inside: readonly Box[], vRight: Boundary, hBelow: Boundary): GridCell[] {
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
    const r = Math.max(0, Math.min(R - 1, lowerIndex(lines.rowLines, cy)));
    const c = Math.max(0, Math.min(C - 1, lowerIndex(lines.colLines, cx)));
    cells[owner[r][c]].boxes.push(b);
  }
  return cells;
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
