/**
 * A page image's fingerprint for telling documents apart in a scanned
 * stream: where the ink sits in the top band (letterhead), the bottom band
 * (footer) and over the whole page, how much ink there is, and how much of
 * the picture is backdrop rather than paper (a photo of a sheet on a desk).
 *
 * Computed from the ink mask the OCR already makes of its small analysis
 * copy, so it costs one pass over about 1600 × 1200 pixels and no second
 * decode. A few dozen numbers, so it travels with the page through the
 * page-range workers as plain JSON.
 *
 * @module
 */
import { rotateMask, type InkMask } from './page-analysis.ts';

export interface PageSignature {
  /** Share of ink pixels over the page, 0–1. */
  readonly ink: number;
  /** Share of the picture that is backdrop around the paper, 0–1. */
  readonly backdrop: number;
  /** Width over height of the page as read (upright). */
  readonly aspect: number;
  /** Ink density per cell of the top band (letterhead), row-major. */
  readonly top: readonly number[];
  /** Ink density per cell of the bottom band (footer), row-major. */
  readonly bottom: readonly number[];
  /** Ink density per cell of the whole page, row-major. */
  readonly layout: readonly number[];
}

/** Share of the page height each band covers. */
const TOP_BAND = 0.16;
const BOTTOM_BAND = 0.1;
const BAND_GRID = { rows: 3, columns: 12 };
const LAYOUT_GRID = { rows: 8, columns: 6 };

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Ink density of each cell of a rows × columns grid over the mask rows [from, to). */
function densityGrid(mask: InkMask, from: number, to: number, grid: { rows: number; columns: number }): number[] {
  const cells = new Float64Array(grid.rows * grid.columns);
  const counts = new Float64Array(grid.rows * grid.columns);
  const span = Math.max(1, to - from);
  // Each column's cell, worked out once: the pixel loop only counts.
  const columnCell = new Int32Array(mask.width);
  const columnsPerCell = new Float64Array(grid.columns);
  for (let x = 0; x < mask.width; x++) {
    columnCell[x] = Math.min(grid.columns - 1, Math.floor((x * grid.columns) / mask.width));
    columnsPerCell[columnCell[x]]++;
  }
  for (let y = from; y < to; y++) {
    const base = Math.min(grid.rows - 1, Math.floor(((y - from) * grid.rows) / span)) * grid.columns;
    const offset = y * mask.width;
    for (let c = 0; c < grid.columns; c++) counts[base + c] += columnsPerCell[c];
    for (let x = 0; x < mask.width; x++) if (mask.mask[offset + x]) cells[base + columnCell[x]]++;
  }
  return Array.from(cells, (ink, i) => round3(counts[i] ? ink / counts[i] : 0));
}

/** The signature of a page from its ink mask, turned upright by the rotation the OCR applied. */
export function pageSignature(mask: InkMask, rotation: number, backdropShare: number): PageSignature {
  const upright = rotateMask(mask, (rotation === 90 || rotation === 180 || rotation === 270 ? rotation : 0) as 0 | 90 | 180 | 270);
  const h = upright.height;
  return {
    ink: round3(upright.inkRatio),
    backdrop: round3(backdropShare),
    aspect: round3(upright.width / Math.max(1, h)),
    top: densityGrid(upright, 0, Math.max(1, Math.round(h * TOP_BAND)), BAND_GRID),
    bottom: densityGrid(upright, Math.min(h - 1, Math.round(h * (1 - BOTTOM_BAND))), h, BAND_GRID),
    layout: densityGrid(upright, 0, h, LAYOUT_GRID),
  };
}

/**
 * How alike two density grids are: the correlation of their cells (1 the
 * same layout, 0 unrelated), 0 when either is empty or flat.
 */
export function gridSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}
