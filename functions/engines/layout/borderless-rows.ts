/**
 * Rows of words for the borderless detector: each row split into segments at
 * wide gaps, and column separators found as x ranges that no segment of a set
 * of rows covers.
 *
 * @module
 */
import { median } from './geometry.ts';
import { type Box, isNumericText } from './table-assembly.ts';

/** A text row of the borderless detector: its words, vertical extent and segments. */
export interface Row {
  readonly boxes: Box[];
  readonly y0: number;
  readonly y1: number;
  /** Word groups split at wide gaps. */
  readonly segments: Box[][];
}

/** A row of words (left to right) split into segments where the gap between words is wide for the row's text size. */
export function makeRow(boxes: Box[], minGap: number): Row {
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
export function hasNumber(r: Row): boolean {
  let v = rowNumbers.get(r);
  if (v === undefined) rowNumbers.set(r, (v = r.segments.some((seg) => isNumericText(seg.map((b) => b.text).join(' ')))));
  return v;
}

/** Column separators of a set of rows: x ranges no word of any row covers (or at most `allow` rows). */
export function separatorsOf(rows: readonly Row[], minGap: number, allow: number): { start: number; end: number }[] {
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
export function columnAt(seps: readonly { start: number; end: number }[], x: number): number {
  let c = 0;
  while (c < seps.length && x > (seps[c].start + seps[c].end) / 2) c++;
  return c;
}
