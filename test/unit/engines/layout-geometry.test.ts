import { describe, expect, it } from 'vitest';
import { median, sortedNumbers, unionOf, unionOfX, type LayoutBox } from '../../../functions/engines/layout/geometry.ts';
import { groupLines } from '../../../functions/engines/layout/lines.ts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** The sort layout used before: what `sortedNumbers` must give, value for value (-0 and 0 told apart). */
const librarySorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** Word boxes of `lines` lines of `words` words, in content order, some lines stepped left or right. */
function proseBoxes(next: () => number, lines: number, words: number): LayoutBox[] {
  const boxes: LayoutBox[] = [];
  for (let l = 0; l < lines; l++) {
    let x = 60 + Math.floor(next() * 3) * 12;
    for (let w = 0; w < words; w++) {
      const width = 5 + Math.floor(next() * 40);
      boxes.push({ index: boxes.length, text: 'w', x0: x, x1: x + width, y0: l * 15, y1: l * 15 + 11 });
      x += width + (next() < 0.2 ? 0 : 3);
    }
  }
  return boxes;
}

/** Groups boxes into lines as first written: always sorted, every recent band looked at. */
function referenceGroupLines(boxes: readonly LayoutBox[]): LayoutBox[][] {
  const sorted = [...boxes].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2 || a.x0 - b.x0);
  const bands: { y0: number; y1: number; boxes: LayoutBox[] }[] = [];
  for (const box of sorted) {
    const h = box.y1 - box.y0;
    let best: (typeof bands)[number] | undefined;
    let bestRatio = 0;
    for (let k = bands.length - 1; k >= 0 && k >= bands.length - 8; k--) {
      const band = bands[k];
      const ratio = (Math.min(band.y1, box.y1) - Math.max(band.y0, box.y0)) / Math.max(Math.min(h, band.y1 - band.y0), 1e-9);
      if (ratio > bestRatio) {
        bestRatio = ratio;
        best = band;
      }
    }
    if (best && bestRatio >= 0.5) {
      const n = best.boxes.length;
      best.y0 = (best.y0 * n + box.y0) / (n + 1);
      best.y1 = (best.y1 * n + box.y1) / (n + 1);
      best.boxes.push(box);
    } else bands.push({ y0: box.y0, y1: box.y1, boxes: [box] });
  }
  return bands.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1)).map((band) => band.boxes.sort((a, b) => a.x0 - b.x0));
}

describe('Layout geometry: the faster sorts give what the library sort gave', () => {
  it.each([
    ['empty', []],
    ['in order', [1, 2, 2, 3]],
    ['reversed (past the insertion budget)', Array.from({ length: 50 }, (_, i) => 50 - i)],
    ['-0 and 0 keep their order', [0, -0, 1, -0, 0]],
    ['a NaN', [3, NaN, 1, 2]],
    ['infinities', [Infinity, 1, -Infinity, 0]],
  ])('sortedNumbers: %s', (_name, values) => {
    expect(same(sortedNumbers(values), librarySorted(values))).toBe(true);
  });

  it('sortedNumbers and median match the library sort on 5,000 seeded lists, nearly sorted or not', () => {
    // Prepare
    const next = seeded(20261129);
    const lists = Array.from({ length: 5_000 }, (_, k) => {
      const length = Math.floor(next() * (k % 10 === 0 ? 800 : 40));
      const pool = [0, -0, 11, 11.5, 12, 7.25];
      const values = Array.from({ length }, (_, i) => (next() < 0.5 ? pool[Math.floor(next() * pool.length)] : i + next() * (k % 3) * 10));
      if (k % 97 === 0 && length) values[Math.floor(next() * length)] = NaN;
      return values;
    });
    // Act / Assess
    const differing = lists.filter((values) => !same(sortedNumbers(values), librarySorted(values)));
    expect(differing).toEqual([]);
    const medians = lists.filter((values) => {
      const sorted = librarySorted(values);
      const mid = sorted.length >> 1;
      const expected = sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
      return !Object.is(median(values), expected);
    });
    expect(medians).toEqual([]);
  });

  it('unionOfX is the union of the boxes’ extents on 2,000 seeded pages, lines in order, shuffled, touching or with a NaN', () => {
    // Prepare
    const next = seeded(7);
    const pages = Array.from({ length: 2_000 }, (_, k) => {
      const boxes = proseBoxes(next, 1 + Math.floor(next() * 12), 1 + Math.floor(next() * 15));
      if (k % 4 === 1) boxes.sort(() => next() - 0.5);
      if (k % 50 === 2) boxes[0] = { ...boxes[0], x0: NaN };
      return boxes;
    });
    // Act / Assess
    const differing = pages.filter((boxes) => {
      const expected = unionOf(boxes.map((b) => ({ start: b.x0, end: b.x1 })));
      return JSON.stringify(unionOfX(boxes)) !== JSON.stringify(expected);
    });
    expect(differing).toEqual([]);
  });

  it('groupLines gives the lines it gave when it sorted every region and looked at every recent band (1,000 seeded regions)', () => {
    // Prepare: prose in order, shuffled, and with superscript-like boxes between lines.
    const next = seeded(11);
    const regions = Array.from({ length: 1_000 }, (_, k) => {
      const boxes = proseBoxes(next, 1 + Math.floor(next() * 10), 1 + Math.floor(next() * 12)).map((b) =>
        next() < 0.1 ? { ...b, y0: b.y0 - 6, y1: b.y1 - 8 } : b,
      );
      if (k % 3 === 1) boxes.sort(() => next() - 0.5);
      if (k % 3 !== 2) return boxes;
      // Boxes anywhere, of many heights: several bands overlap each box by different shares.
      return boxes.map((b) => {
        const y0 = next() * 60;
        return { ...b, y0, y1: y0 + 2 + next() * 14 };
      });
    });
    // Act / Assess
    const differing = regions.filter((boxes) => {
      const ids = (lines: LayoutBox[][]) => JSON.stringify(lines.map((line) => line.map((b) => b.index)));
      return ids(groupLines(boxes)) !== ids(referenceGroupLines(boxes));
    });
    expect(differing).toEqual([]);
  });
});
