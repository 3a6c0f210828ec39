/**
 * Rows of glyph-shaped vector outlines found among a page's paths: text
 * drawn as curves on a page that also has a text layer.
 */
import { describe, expect, it } from 'vitest';
import { outlinedTextRegions } from '../../../functions/engines/pdf/outlined-text.ts';

/** Boxes of `n` glyph-sized shapes in a row from `x`, `size` points tall, at `y`. */
const row = (n: number, x: number, y: number, size = 10) =>
  Array.from({ length: n }, (_, i) => [x + i * 0.7 * size, y, x + i * 0.7 * size + 0.55 * size, y + size] as const);

describe('outlined text regions', () => {
  it('makes one padded region of a row of glyph-sized shapes, normalised to the page', () => {
    const regions = outlinedTextRegions(row(12, 72, 100), 612, 792);
    expect(regions).toHaveLength(1);
    const [x0, y0, x1, y1] = regions[0];
    expect(x0).toBeCloseTo(72 / 612, 3);
    expect(x1).toBeCloseTo((72 + 11 * 7 + 5.5) / 612, 3);
    expect(y0).toBeLessThan(100 / 792);
    expect(y1).toBeGreaterThan(110 / 792);
  });

  it('keeps two lines apart, and leaves a lone shape, a too-short row and page-sized shapes out', () => {
    const boxes = [...row(8, 72, 100), ...row(8, 72, 130), ...row(3, 300, 400), [50, 500, 58, 508] as const, [0, 0, 600, 780] as const];
    expect(outlinedTextRegions(boxes, 612, 792)).toHaveLength(2);
  });

  it('starts a new region across a wide gap on one line', () => {
    expect(outlinedTextRegions([...row(6, 72, 100), ...row(6, 400, 100)], 612, 792)).toHaveLength(2);
  });
});
