/**
 * Column detection by recursive XY-cut, tuned to leave tables alone.
 *
 * A region is cut vertically only at a real gutter: a vertical strip of
 * whitespace at least about one text height wide, running the full height of
 * the region, with at least two lines on each side and six in all, and not
 * table-like (rows aligned across the gap while either side is not plain
 * prose). When the whole region has no gutter (a header runs across the
 * columns), it is sliced into horizontal strips; runs of consecutive strips
 * that share a gutter become column groups, everything else stays in flow.
 *
 * @module
 * @internal
 */
import {
  complementOf,
  extentX,
  intersectAll,
  median,
  typicalHeight,
  unionOfX,
  widthOf,
  type Interval,
  type LayoutBox,
} from './geometry.ts';
import { groupLines } from './lines.ts';

/** Minimum gutter width, in typical word heights (≈ 1 em). */
const MIN_GUTTER = 0.9;
const MIN_LINES_PER_SIDE = 2;
const MIN_LINES_TOTAL = 6;
/** Rows whose centres are this close (in heights) count as aligned across the gap. */
const ALIGN_TOLERANCE = 0.25;
/** Above this share of aligned rows the region is a table unless both sides are prose. */
const TABLE_ALIGNMENT = 0.6;
/** Strips are projected on their middle half, so ascenders and descenders do not bridge lines. */
const STRIP_SHRINK = 0.25;
/**
 * A full-width band of whitespace this tall (in heights) separates sections
 * that are laid out independently (classic XY-cut); shorter bands, such as
 * paragraph breaks that happen to line up across columns, do not.
 */
const SECTION_GAP = 2;
const MAX_DEPTH = 24;

interface Side {
  readonly rows: LayoutBox[][];
}

function rowCenter(row: readonly LayoutBox[]): number {
  let sum = 0;
  for (const b of row) sum += (b.y0 + b.y1) / 2;
  return sum / row.length;
}

function hasInternalGap(row: readonly LayoutBox[], minGap: number): boolean {
  for (let i = 1; i < row.length; i++) if (row[i].x0 - row[i - 1].x1 >= minGap) return true;
  return false;
}

/** Prose lines are several words long and have no wide gaps inside (table rows do). */
function isProse(side: Side, minGap: number): boolean {
  const wordsPerRow = median(side.rows.map((r) => r.length));
  const gapped = side.rows.filter((r) => hasInternalGap(r, minGap)).length;
  return wordsPerRow >= 3 && gapped < 0.3 * side.rows.length;
}

/**
 * Short-line text blocks side by side (seller and buyer addresses): each side
 * left-aligned, no wide gaps inside its lines, not labels ("Name:") and not
 * numbers. Key-value forms and numeric tables fail this.
 */
function isTextColumn(side: Side, unit: number, minGap: number): boolean {
  const rows = side.rows;
  if (rows.length < 3) return false;
  const left = Math.min(...rows.map((r) => r[0].x0));
  const share = (test: (row: LayoutBox[]) => boolean) => rows.filter(test).length / rows.length;
  return (
    share((r) => r[0].x0 - left <= 0.5 * unit) >= 0.8 &&
    share((r) => hasInternalGap(r, minGap)) <= 0.1 &&
    share((r) => r[r.length - 1].text.endsWith(':')) < 0.3 &&
    share((r) => r.some((b) => /\p{L}/u.test(b.text))) >= 0.5
  );
}

function alignedShare(a: Side, b: Side, unit: number): number {
  const [few, many] = a.rows.length <= b.rows.length ? [a, b] : [b, a];
  const centers = many.rows.map(rowCenter);
  let aligned = 0;
  for (const row of few.rows) {
    const c = rowCenter(row);
    if (centers.some((m) => Math.abs(m - c) <= ALIGN_TOLERANCE * unit)) aligned++;
  }
  return aligned / few.rows.length;
}

/** Is cutting at `gap` a column split (true) or would it tear a table or a lone line apart (false)? */
function isGutter(boxes: readonly LayoutBox[], gap: Interval, unit: number): boolean {
  const left: Side = { rows: groupLines(boxes.filter((b) => b.x1 <= gap.start)) };
  const right: Side = { rows: groupLines(boxes.filter((b) => b.x0 >= gap.end)) };
  const nl = left.rows.length;
  const nr = right.rows.length;
  if (Math.min(nl, nr) < MIN_LINES_PER_SIDE || nl + nr < MIN_LINES_TOTAL) return false;
  if (alignedShare(left, right, unit) < TABLE_ALIGNMENT) return true;
  const minGap = MIN_GUTTER * unit;
  return (
    (isProse(left, minGap) && isProse(right, minGap)) ||
    (isTextColumn(left, unit, minGap) && isTextColumn(right, unit, minGap))
  );
}

/** The widest valid gutter running the full height of the region, if any. */
function findGutter(boxes: readonly LayoutBox[], unit: number): Interval | undefined {
  const span = extentX(boxes);
  const candidates = complementOf(unionOfX(boxes), span.start, span.end)
    .filter((iv) => widthOf(iv) >= MIN_GUTTER * unit)
    .sort((a, b) => widthOf(b) - widthOf(a));
  return candidates.find((gap) => isGutter(boxes, gap, unit));
}

/** Horizontal strips: boxes whose (shrunk) vertical extents chain together. */
function stripsOf(boxes: readonly LayoutBox[]): LayoutBox[][] {
  const keyed = boxes.map((b) => {
    const pad = (b.y1 - b.y0) * STRIP_SHRINK;
    return { box: b, start: b.y0 + pad, end: b.y1 - pad };
  });
  keyed.sort((a, b) => a.start - b.start);
  const strips: { end: number; boxes: LayoutBox[] }[] = [];
  for (const k of keyed) {
    const last = strips[strips.length - 1];
    if (last && k.start <= last.end) {
      last.end = Math.max(last.end, k.end);
      last.boxes.push(k.box);
    } else {
      strips.push({ end: k.end, boxes: [k.box] });
    }
  }
  return strips.map((s) => s.boxes);
}

function verticalGap(upper: readonly LayoutBox[], lower: readonly LayoutBox[]): number {
  return Math.min(...lower.map((b) => b.y0)) - Math.max(...upper.map((b) => b.y1));
}

/** Splits strips wherever a horizontal band of whitespace at least `minGap` tall crosses the whole region. */
function splitAtWideGaps(strips: readonly LayoutBox[][], minGap: number): LayoutBox[][] {
  const sections: LayoutBox[][] = [[...strips[0]]];
  for (let i = 1; i < strips.length; i++) {
    if (verticalGap(strips[i - 1], strips[i]) >= minGap) sections.push([...strips[i]]);
    else sections[sections.length - 1].push(...strips[i]);
  }
  return sections;
}

/**
 * Partitions strips into consecutive groups: column groups (sharing a valid
 * gutter) and the flow between them.
 */
function groupStrips(strips: readonly LayoutBox[][], span: Interval, unit: number): LayoutBox[][][] {
  const minGap = MIN_GUTTER * unit;
  // Each strip's gaps at least minGap wide: narrower ones are left out at once, as an intersection
  // with them is narrower still (a page of prose keeps one, its right margin, per line).
  const free = strips.map((s) => complementOf(unionOfX(s), span.start, span.end).filter((iv) => widthOf(iv) >= minGap));
  const isInterior = (iv: Interval) => iv.start > span.start && iv.end < span.end;
  const interior = (ivs: readonly Interval[]) => ivs.some(isInterior);
  const gapCount = (k: number) => free[k].filter(isInterior).length;

  const groups: LayoutBox[][][] = [];
  let flow: LayoutBox[][] = [];
  let i = 0;
  while (i < strips.length) {
    let shared = free[i];
    let end = interior(shared) ? i : -1;
    for (let j = i + 1; j < strips.length; j++) {
      shared = intersectAll(shared, free[j]).filter((iv) => widthOf(iv) >= minGap);
      if (shared.length === 0) break;
      if (interior(shared)) end = j;
    }
    if (end <= i) {
      flow.push(strips[i++]);
      continue;
    }
    if (!findGutter(strips.slice(i, end + 1).flat(), unit)) {
      // Not columns from here (a table, or too few lines). Columns may start
      // where the row structure changes (a footer under a table), so retry
      // from the first strip with a different number of wide gaps.
      const shape = gapCount(i);
      let next = i + 1;
      while (next <= end && gapCount(next) === shape) next++;
      flow.push(...strips.slice(i, next));
      i = next;
      continue;
    }
    if (flow.length) groups.push(flow);
    groups.push(strips.slice(i, end + 1));
    flow = [];
    i = end + 1;
  }
  if (flow.length) groups.push(flow);
  return groups;
}

/**
 * Cuts a region into leaf regions in reading order: left column before right
 * column, top before bottom, headers and footers where they stand.
 */
export function cutRegions(boxes: readonly LayoutBox[], depth = 0): LayoutBox[][] {
  if (boxes.length < MIN_LINES_TOTAL || depth > MAX_DEPTH) return [[...boxes]];
  const unit = typicalHeight(boxes);
  const gutter = findGutter(boxes, unit);
  if (gutter) {
    const left = boxes.filter((b) => b.x1 <= gutter.start);
    const right = boxes.filter((b) => b.x0 >= gutter.end);
    return [...cutRegions(left, depth + 1), ...cutRegions(right, depth + 1)];
  }
  const strips = stripsOf(boxes);
  if (strips.length < 2) return [[...boxes]];
  const sections = splitAtWideGaps(strips, SECTION_GAP * unit);
  if (sections.length > 1) return sections.flatMap((s) => cutRegions(s, depth + 1));
  const groups = groupStrips(strips, extentX(boxes), unit);
  if (groups.length < 2) return [[...boxes]];
  return groups.flatMap((g) => cutRegions(g.flat(), depth + 1));
}
