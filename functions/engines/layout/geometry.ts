/**
 * Small geometry helpers shared by the layout code: boxes in page units
 * (origin top-left, y down), 1-D interval sets and robust statistics.
 *
 * @module
 * @internal
 */

/** A word (or fragment) during layout, in page units. */
export interface LayoutBox {
  /** Index into the caller's input array. */
  readonly index: number;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly text: string;
  readonly run?: number;
}

/** Half-open-ish closed interval `[start, end]` on one axis. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

export const heightOf = (b: LayoutBox) => b.y1 - b.y0;
export const centerY = (b: LayoutBox) => (b.y0 + b.y1) / 2;

/** Moves an insertion sort may make per value before `sortedNumbers` hands over to the library sort. */
const INSERTION_MOVES_PER_VALUE = 8;

/**
 * `[...values].sort((a, b) => a - b)`, the same array. Layout sorts many short lists that arrive
 * nearly in order (word heights of one size, edges left to right), which an insertion sort puts in
 * order in one pass, with no comparator call per pair; one that keeps moving values back (a list
 * far from sorted), or holds a NaN, goes to the library sort. Both are stable, so even -0 and 0
 * keep their order.
 */
export function sortedNumbers(values: readonly number[]): number[] {
  const sorted: number[] = [];
  let budget = INSERTION_MOVES_PER_VALUE * values.length;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) return [...values].sort((a, b) => a - b);
    sorted.push(v);
    let j = i - 1;
    while (j >= 0 && sorted[j] > v) {
      sorted[j + 1] = sorted[j];
      j--;
    }
    sorted[j + 1] = v;
    budget -= i - 1 - j;
    if (budget < 0) return [...values].sort((a, b) => a - b);
  }
  return sorted;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = sortedNumbers(values);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median word height of a set of boxes: the unit every layout threshold is expressed in. */
export function typicalHeight(boxes: readonly LayoutBox[]): number {
  return Math.max(median(boxes.map(heightOf)), 1e-6);
}

/** Union of intervals, sorted and merged (touching intervals merge). */
export function unionOf(intervals: Interval[]): Interval[] {
  return mergeSorted([...intervals].sort((a, b) => a.start - b.start));
}

function mergeSorted(sorted: readonly Interval[]): Interval[] {
  const out: { start: number; end: number }[] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else out.push({ start: iv.start, end: iv.end });
  }
  return out;
}

/**
 * `unionOf` the boxes' horizontal extents. Boxes come in runs that go left to right (a line's words;
 * a page's lines one after another): the runs are merged pairwise, taking the earlier run's box on a
 * tie, which is the order the stable library sort gives, without a comparator call per pair.
 */
export function unionOfX(boxes: readonly LayoutBox[]): Interval[] {
  const extents = boxes.map((b) => ({ start: b.x0, end: b.x1 }));
  let runs = [0];
  for (let i = 1; i < extents.length; i++) {
    const before = extents[i - 1].start;
    const start = extents[i].start;
    if (before !== before || start !== start) return unionOf(extents);
    if (start < before) runs.push(i);
  }
  runs.push(extents.length);
  let from = extents;
  let to = new Array<Interval>(extents.length);
  while (runs.length > 2) {
    const merged = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const end = r + 2 < runs.length ? runs[r + 2] : runs[r + 1];
      mergeRuns(from, to, runs[r], runs[r + 1], end);
      merged.push(end);
    }
    runs = merged;
    [from, to] = [to, from];
  }
  return mergeSorted(from);
}

/** Merges `from[lo, mid)` and `from[mid, hi)`, each in order of start, into `to[lo, hi)`; the first on a tie. */
function mergeRuns(from: readonly Interval[], to: Interval[], lo: number, mid: number, hi: number): void {
  let i = lo;
  let j = mid;
  for (let k = lo; k < hi; k++) to[k] = j < hi && (i >= mid || from[j].start < from[i].start) ? from[j++] : from[i++];
}

/** The parts of `[from, to]` not covered by `covered` (which must be a sorted union). */
export function complementOf(covered: readonly Interval[], from: number, to: number): Interval[] {
  const out: Interval[] = [];
  let cursor = from;
  for (const iv of covered) {
    if (iv.start > cursor) out.push({ start: cursor, end: Math.min(iv.start, to) });
    cursor = Math.max(cursor, iv.end);
    if (cursor >= to) break;
  }
  if (cursor < to) out.push({ start: cursor, end: to });
  return out.filter((iv) => iv.end > iv.start);
}

/** Intersection of two sorted, disjoint interval lists. */
export function intersectAll(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i].start, b[j].start);
    const end = Math.min(a[i].end, b[j].end);
    if (end > start) out.push({ start, end });
    if (a[i].end < b[j].end) i++;
    else j++;
  }
  return out;
}

export const widthOf = (iv: Interval) => iv.end - iv.start;

export function extentX(boxes: readonly LayoutBox[]): Interval {
  let start = Infinity;
  let end = -Infinity;
  for (const b of boxes) {
    if (b.x0 < start) start = b.x0;
    if (b.x1 > end) end = b.x1;
  }
  return { start, end };
}
