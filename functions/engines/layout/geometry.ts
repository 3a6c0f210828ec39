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

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median word height of a set of boxes: the unit every layout threshold is expressed in. */
export function typicalHeight(boxes: readonly LayoutBox[]): number {
  return Math.max(median(boxes.map(heightOf)), 1e-6);
}

/** Union of intervals, sorted and merged (touching intervals merge). */
export function unionOf(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else out.push({ start: iv.start, end: iv.end });
  }
  return out;
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
