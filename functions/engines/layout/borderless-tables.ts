/**
 * Borderless tables: rows of words with wide gaps inside form runs; column
 * separators are x ranges that no row's words cover (numeric columns are
 * right-aligned, so their left edges may be ragged and still fit). A run is
 * split where its column structure changes or a new header starts, and each
 * part is read by {@link tableOf}.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import { type Row, columnAt, hasNumber, makeRow, separatorsOf } from './borderless-rows.ts';
import { tableOf } from './borderless-table.ts';
import { median } from './geometry.ts';
import { type Box, type DetectedTable, type Segment, MAX_LINES, groupRows, isNumericText, mergeSegments } from './table-assembly.ts';

/** Words considered per page by the borderless detector. */
const MAX_WORDS = 20_000;

/** A horizontal rule in page units. */
interface Rule {
  y: number;
  x0: number;
  x1: number;
}

/** Horizontal rules of the page (page units, merged), sorted by y. */
function horizontalRules(page: DocumentPage, unit: number): Rule[] {
  const W = page.width || 1;
  const H = page.height || 1;
  const pieces: Segment[] = (page.rulings ?? [])
    .filter((r) => Math.abs(r.y1 - r.y0) * H < 0.5 * unit && Math.abs(r.x1 - r.x0) * W >= 2 * unit)
    .slice(0, MAX_LINES * 4)
    .map((r) => ({ pos: ((r.y0 + r.y1) / 2) * H, start: Math.min(r.x0, r.x1) * W, end: Math.max(r.x0, r.x1) * W }));
  return mergeSegments(pieces, 0.45 * unit)
    .map((m) => ({ y: m.pos, x0: m.start, x1: m.end }))
    .sort((a, b) => a.y - b.y);
}

/** Does a rule run between rows a and b, across the width both share? */
function ruleBetween(rules: readonly Rule[], a: Row | undefined, b: Row, unit: number): boolean {
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
}

/**
 * Borderless tables among the given words: rows with wide gaps inside form
 * runs (continuation lines and item notes kept), and each run is split and
 * read into tables.
 */
export function detectBorderless(page: DocumentPage, boxes: readonly Box[], unit: number): DetectedTable[] {
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
  // Rows with a horizontal rule between them may stand further apart.
  const rules = horizontalRules(page, unit);
  const ruledBetween = (a: Row | undefined, b: Row) => ruleBetween(rules, a, b, unit);
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
      cur.length > 0 && cur.length <= 3 && cur.every((r) => !hasNumber(r) && !r.segments.some((seg) => seg[seg.length - 1].text.endsWith(':')));
    const limit = headerOnly || ruledBetween(prev, row) ? 4 * unit : maxGap;
    if (prev && row.y0 - prev.y1 > limit) flush();
    else if (prev && cur.length >= 2 && cur.every((r) => r.segments.length <= 2) && !curHasNumber) {
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
    const so = rows.slice(Math.max(start, i - 16), i).filter((r) => multiRow(r) && hasNumber(r));
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
