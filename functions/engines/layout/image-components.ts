/**
 * Connected components of the dark pixels of a grey image, labelled from runs: each row's runs of dark pixels
 * (at or below a threshold) are joined to the runs of the row above that touch them, diagonals included
 * (8-connected), with a union-find over runs. One pass over the pixels, memory in runs rather than pixels.
 *
 * Serves the check-box finder (image-marks.ts: each component's box and, for the few box-sized ones, its runs
 * as a bitmap) and the halftone cleaner (ocr/halftone.ts: each component's box, ink and first pixel, and the
 * ink per tile from the runs).
 *
 * @module
 */
import type { GrayImage } from './image-rulings.ts';

/** The components of an image's dark pixels: the runs, and per component its box, ink and first run. */
export interface InkComponents {
  /** Runs of dark pixels in raster order: run i lies on `row[i]` from `start[i]` to `end[i]` (exclusive). */
  readonly runs: number;
  readonly row: Int32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** The component each run belongs to. */
  readonly componentOf: Int32Array;
  /** Components, numbered in the raster order of their first pixel. */
  readonly count: number;
  /** Each component's first run (its first pixel is that run's start). */
  readonly firstRun: Int32Array;
  /** Each component's box: x0, y0 inclusive, x1, y1 exclusive. */
  readonly x0: Int32Array;
  readonly y0: Int32Array;
  readonly x1: Int32Array;
  readonly y1: Int32Array;
  /** Each component's dark pixels. */
  readonly pixels: Int32Array;
}

/** The runs of dark pixels, each with its union-find root run; undefined past `maxRuns`. */
function unionRuns(image: GrayImage, threshold: number, maxRuns: number) {
  const { data, width, height } = image;
  let capacity = 1 << 16;
  let row = new Int32Array(capacity);
  let start = new Int32Array(capacity);
  let end = new Int32Array(capacity);
  let parent = new Int32Array(capacity);
  let count = 0;
  const find = (i: number) => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  let previousFirst = 0;
  for (let y = 0; y < height; y++) {
    const first = count;
    const base = y * width;
    let p = previousFirst;
    for (let x = 0; x < width;) {
      if (data[base + x] > threshold) {
        x++;
        continue;
      }
      const s = x;
      while (x < width && data[base + x] <= threshold) x++;
      if (count === capacity) {
        if (capacity >= maxRuns) return undefined;
        capacity *= 2;
        const grow = (a: Int32Array) => {
          const b = new Int32Array(capacity);
          b.set(a);
          return b;
        };
        [row, start, end, parent] = [grow(row), grow(start), grow(end), grow(parent)];
      }
      row[count] = y;
      start[count] = s;
      end[count] = x;
      parent[count] = count;
      // Runs of the row above touching this one (diagonals included) join its component.
      while (p < first && end[p] < s) p++;
      for (let q = p; q < first && start[q] <= x; q++) {
        const a = find(q);
        const b = find(count);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      count++;
    }
    previousFirst = first;
  }
  // A root is its component's smallest run, so it comes first in raster order.
  for (let i = 0; i < count; i++) parent[i] = find(i);
  return { row, start, end, root: parent, count };
}

/**
 * The 8-connected components of the pixels of `image` at or below `threshold`; undefined when the image has
 * more runs of them than `maxRuns` allows (a picture or noise, not print: the caller's cap bounds memory and
 * time). The run buffers start at 65,536 runs and double while below the cap, so the last doubling may pass it.
 *
 * @example
 * const found = inkComponents(gray, Math.min(200, otsuThreshold(gray.data)), 1_500_000);
 * found && found.count; // components on the page
 */
export function inkComponents(image: GrayImage, threshold: number, maxRuns: number): InkComponents | undefined {
  const runs = unionRuns(image, threshold, maxRuns);
  if (!runs) return undefined;
  const { row, start, end, root } = runs;
  // Roots are renumbered in run order, which is the raster order of each component's first pixel.
  const componentOf = new Int32Array(runs.count);
  let count = 0;
  for (let i = 0; i < runs.count; i++) componentOf[i] = root[i] === i ? count++ : componentOf[root[i]];
  const firstRun = new Int32Array(count);
  const x0 = new Int32Array(count);
  const y0 = new Int32Array(count);
  const x1 = new Int32Array(count);
  const y1 = new Int32Array(count);
  const pixels = new Int32Array(count);
  for (let i = 0; i < runs.count; i++) {
    const c = componentOf[i];
    if (root[i] === i) {
      firstRun[c] = i;
      x0[c] = start[i];
      y0[c] = row[i];
      x1[c] = end[i];
    } else {
      x0[c] = Math.min(x0[c], start[i]);
      x1[c] = Math.max(x1[c], end[i]);
    }
    y1[c] = row[i] + 1;
    pixels[c] += end[i] - start[i];
  }
  return { runs: runs.count, row, start, end, componentOf, count, firstRun, x0, y0, x1, y1, pixels };
}
