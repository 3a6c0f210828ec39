/**
 * Connected components of dark pixels (image-components.ts), on tiny invented bitmaps drawn as text: which
 * pixels join (8-connected, diagonals included), each component's box, ink and first run, the raster order of
 * the components, and the run cap.
 */
import { describe, expect, it } from 'vitest';
import { inkComponents } from '../../../functions/engines/layout/image-components.ts';

/** A grey image from rows of text: '#' is ink (0), anything else paper (255). */
function bitmap(rows: readonly string[]) {
  const width = rows[0].length;
  const data = new Uint8Array(width * rows.length).fill(255);
  rows.forEach((row, y) => [...row].forEach((ch, x) => ch === '#' && (data[y * width + x] = 0)));
  return { data, width, height: rows.length };
}

/** Each component as [x0, y0, x1, y1, pixels, first pixel's x, first pixel's y]. */
function described(rows: readonly string[]) {
  const found = inkComponents(bitmap(rows), 128, 1000)!;
  return Array.from({ length: found.count }, (_, c) => [
    found.x0[c],
    found.y0[c],
    found.x1[c],
    found.y1[c],
    found.pixels[c],
    found.start[found.firstRun[c]],
    found.row[found.firstRun[c]],
  ]);
}

describe('inkComponents', () => {
  it.each([
    ['a lone dot', ['.....', '..#..', '.....'], [[2, 1, 3, 2, 1, 2, 1]]],
    ['pixels touching at a corner are one component', ['#....', '.#...', '..#..'], [[0, 0, 3, 3, 3, 0, 0]]],
    [
      'a gap of one pixel keeps two apart',
      ['#.#..', '#.#..', '.....'],
      [
        [0, 0, 1, 2, 2, 0, 0],
        [2, 0, 3, 2, 2, 2, 0],
      ],
    ],
    ['a U joined at its bottom is one component, first at its top left', ['#...#', '#...#', '#####'], [[0, 0, 5, 3, 9, 0, 0]]],
    [
      'components are numbered by their first pixel in raster order, not by where they end',
      ['....#', '#...#', '#...#', '#....'],
      [
        [4, 0, 5, 3, 3, 4, 0],
        [0, 1, 1, 4, 3, 0, 1],
      ],
    ],
  ])('%s', (_name, rows, expected) => {
    expect(described(rows)).toEqual(expected);
  });

  it('gives each run its row, extent and component', () => {
    const found = inkComponents(bitmap(['##.##', '.###.']), 128, 1000)!;
    expect(found.runs).toBe(3);
    expect([...found.row.subarray(0, 3)]).toEqual([0, 0, 1]);
    expect([...found.start.subarray(0, 3)]).toEqual([0, 3, 1]);
    expect([...found.end.subarray(0, 3)]).toEqual([2, 5, 4]);
    expect([...found.componentOf]).toEqual([0, 0, 0]);
  });

  it('takes pixels at the threshold as ink and lighter ones as paper', () => {
    const image = { data: Uint8Array.from([100, 101, 100]), width: 3, height: 1 };
    expect(inkComponents(image, 100, 1000)!.count).toBe(2);
    expect(inkComponents(image, 101, 1000)!.count).toBe(1);
  });

  it('gives up past the run cap (a picture or noise)', () => {
    // A checkerboard of 400 × 400 has a run per ink pixel: 80,000, past the first buffer of 65,536 runs.
    const side = 400;
    const data = new Uint8Array(side * side).map((_, i) => (((i % side) + Math.floor(i / side)) % 2 ? 255 : 0));
    expect(inkComponents({ data, width: side, height: side }, 128, 65_536)).toBeUndefined();
    expect(inkComponents({ data, width: side, height: side }, 128, 100_000)?.runs).toBe(80_000);
  });
});
