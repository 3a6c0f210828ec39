/**
 * PDF transformation matrices `[a b c d e f]`, as the content stream and
 * pdf.js's operator lists give them: the arithmetic the rulings reader and
 * the hidden-text marks both walk the graphics state with.
 *
 * @module
 */

export type Matrix = [number, number, number, number, number, number];

/** `n` drawn inside the space `m` maps to: the product n × m (pdf.js's `Util.transform(m, n)`). */
export const multiply = (m: ArrayLike<number>, n: ArrayLike<number>): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

/** The axis-aligned box `[minX, minY, maxX, maxY]` the rectangle (x, y, w, h) covers once mapped by `m`. */
export function transformedBox(m: ArrayLike<number>, x: number, y: number, w: number, h: number): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [
    [x, y],
    [x + w, y],
    [x, y + h],
    [x + w, y + h],
  ]) {
    xs.push(m[0] * px + m[2] * py + m[4]);
    ys.push(m[1] * px + m[3] * py + m[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
