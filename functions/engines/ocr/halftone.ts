/**
 * Halftone shading cleaned out of the image tesseract reads. Forms and tables printed with a grey fill reach us
 * as dots after photocopying, faxing or scanning: at the page-wide threshold each dot is ink, the words in the
 * box touch a hundred specks, and tesseract reads the box as noise or drops it (on scanned forms, words on
 * such fills were the commonest words it missed).
 *
 * A shaded area is found as many tiny ink specks close together: per tile of a text line's height, the specks
 * no bigger than a halftone dot are counted, and tiles crowded with them — in a group of several, as a fill is
 * — are median-filtered, which turns the dots into paper while strokes longer than the window survive. Pages
 * without such a group (a receipt, a letter, a clean form) are left exactly as they were.
 *
 * @module
 */
import sharp from 'sharp';
import { inkComponents } from '../layout/image-components.ts';
import { otsuThreshold, type GrayImage } from '../layout/image-rulings.ts';

/** A halftone dot is at most this share of a text line high and wide… */
const DOT_SIDE_LINES = 0.3;
/** …and covers at most this many pixels per squared line height (a square of 0.22 line heights). */
const DOT_AREA_LINES = 0.05;
/** A tile (one text line height square) is shaded with at least this many dots in it (a fill of 6-pixel pitch has ~18 at a 26-pixel line). */
const MIN_DOTS_PER_TILE = 10;
/** Dots hold at least this share of a shaded tile's ink. */
const MIN_DOT_INK_SHARE = 0.5;
/** A tile is cut into this many strips across and down… */
const STRIPS = 4;
/** …and a shaded tile has dots in at least this many of each. */
const MIN_STRIPS = 4;
/** A fill is a group of at least this many shaded tiles touching (a lone crowded tile is speckle or a stamp). */
const MIN_GROUP_TILES = 6;
/** The median window, in text line heights (odd pixels): wider than a dot and its gap, narrower than a letter's stroke run. */
const MEDIAN_LINES = 0.27;
/**
 * More runs of ink than this (image-components.ts), and the image is no page of print: no fill is looked for. A
 * page at the OCR's largest size (24 Mpx) entirely under a 6-pixel halftone has about 2 M; the cap bounds memory.
 */
const MAX_RUNS = 4_000_000;

export interface HalftoneCleaning {
  /** Tiles median-filtered (0: the image is unchanged). */
  readonly tiles: number;
  /** Shaded groups found. */
  readonly groups: number;
}

/** Per tile (one text line height square): the dot-sized ink components starting in it, their ink, where they lie, and all ink. */
interface TileStats {
  readonly dots: Uint16Array;
  readonly dotInk: Uint32Array;
  readonly ink: Uint32Array;
  /** Which of the tile's STRIPS horizontal strips (low bits) and vertical strips (high bits) hold a dot's first pixel. */
  readonly strips: Uint8Array;
  readonly columns: number;
  readonly rows: number;
  readonly tile: number;
}

function tileStats(image: GrayImage, lineHeight: number): TileStats | undefined {
  const { width, height } = image;
  const found = inkComponents(image, Math.min(200, otsuThreshold(image.data)), MAX_RUNS);
  if (!found) return undefined;
  const tile = Math.max(8, Math.round(lineHeight));
  const columns = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const stats: TileStats = {
    dots: new Uint16Array(columns * rows),
    dotInk: new Uint32Array(columns * rows),
    ink: new Uint32Array(columns * rows),
    strips: new Uint8Array(columns * rows),
    columns,
    rows,
    tile,
  };
  // All ink, per tile: each run's pixels in the tiles it crosses.
  for (let i = 0; i < found.runs; i++) {
    const rowBase = Math.floor(found.row[i] / tile) * columns;
    for (let x = found.start[i], end = found.end[i]; x < end; ) {
      const c = Math.floor(x / tile);
      const next = Math.min(end, (c + 1) * tile);
      stats.ink[rowBase + c] += next - x;
      x = next;
    }
  }
  const maxSide = Math.max(2, DOT_SIDE_LINES * lineHeight);
  const maxArea = Math.max(3, DOT_AREA_LINES * lineHeight * lineHeight);
  const band = tile / STRIPS;
  for (let k = 0; k < found.count; k++) {
    const area = found.pixels[k];
    if (area > maxArea || found.x1[k] - found.x0[k] > maxSide || found.y1[k] - found.y0[k] > maxSide) continue;
    // A dot counts in the tile of its first pixel (raster order).
    const sx = found.start[found.firstRun[k]];
    const sy = found.row[found.firstRun[k]];
    const t = Math.floor(sy / tile) * columns + Math.floor(sx / tile);
    stats.dots[t]++;
    stats.dotInk[t] += area;
    stats.strips[t] |=
      (1 << Math.min(STRIPS - 1, Math.floor((sy % tile) / band))) | (1 << (STRIPS + Math.min(STRIPS - 1, Math.floor((sx % tile) / band))));
  }
  return stats;
}

/** Set bits of a strip mask. */
const bitsSet = (bits: number) => {
  let n = 0;
  for (let b = bits; b; b >>= 1) n += b & 1;
  return n;
};

/** In how many of tile `t`'s strips dots lie, in the direction with fewer: across (low bits) or down (high bits). */
function stripsHit(stats: TileStats, t: number): number {
  const strips = stats.strips[t];
  return Math.min(bitsSet(strips & ((1 << STRIPS) - 1)), bitsSet(strips >> STRIPS));
}

/** Tile `t`'s column and row. */
function tileAt(stats: TileStats, t: number): readonly [column: number, row: number] {
  const column = t % stats.columns;
  return [column, (t - column) / stats.columns];
}

/**
 * A tile is shaded when dots crowd it, lie in nearly every strip of it across and down (a dotted leader, or the
 * dotted fill-in lines of a form, is one or two rows of dots in a tile) and hold most of its ink (degraded small
 * print breaks into specks too, but its letters keep most of the ink).
 */
function isShaded(stats: TileStats, t: number): boolean {
  return stats.dots[t] >= MIN_DOTS_PER_TILE && stats.dotInk[t] >= MIN_DOT_INK_SHARE * stats.ink[t] && stripsHit(stats, t) >= MIN_STRIPS;
}

/**
 * A tile touching a shaded one is part of the fill when it is speckled at all: dots in three strips each way (a
 * word on the fill holds more ink than the dots around it, so the fill's tiles under text miss the strict test).
 */
function isSpeckled(stats: TileStats, t: number): boolean {
  return stats.dots[t] >= MIN_DOTS_PER_TILE / 2 && stripsHit(stats, t) >= MIN_STRIPS - 1;
}

/**
 * Fills, each as its tile indices: grown from shaded tiles through touching (4-connected) shaded or speckled
 * ones; a fill with fewer than MIN_GROUP_TILES shaded tiles is dropped.
 */
function shadedGroups(stats: TileStats): number[][] {
  const { columns, rows } = stats;
  const taken = new Uint8Array(stats.dots.length);
  const groups: number[][] = [];
  for (let i = 0; i < taken.length; i++) {
    if (taken[i] || !isShaded(stats, i)) continue;
    const group: number[] = [];
    let shaded = 0;
    const queue = [i];
    taken[i] = 1;
    while (queue.length) {
      const t = queue.pop()!;
      group.push(t);
      if (isShaded(stats, t)) shaded++;
      const [c, r] = tileAt(stats, t);
      for (const [nc, nr] of [
        [c - 1, r],
        [c + 1, r],
        [c, r - 1],
        [c, r + 1],
      ]) {
        if (nc < 0 || nr < 0 || nc >= columns || nr >= rows) continue;
        const n = nr * columns + nc;
        if (!taken[n] && (isShaded(stats, n) || isSpeckled(stats, n))) {
          taken[n] = 1;
          queue.push(n);
        }
      }
    }
    if (shaded >= MIN_GROUP_TILES) groups.push(group);
  }
  return groups;
}

/**
 * Median-filters the halftone fills of `image` in place (see the module comment); `lineHeight` is the text line
 * height in the image's pixels. Returns what it cleaned; an image without a fill is not touched.
 *
 * @example
 * const cleaning = await cleanHalftone(upright, 26); // { tiles: 84, groups: 3 }
 */
export async function cleanHalftone(image: GrayImage, lineHeight: number): Promise<HalftoneCleaning> {
  const { width, height, data } = image;
  if (!(width > 0 && height > 0 && lineHeight > 0)) return { tiles: 0, groups: 0 };
  const stats = tileStats(image, lineHeight);
  if (!stats) return { tiles: 0, groups: 0 };
  const { columns, rows, tile } = stats;
  const groups = shadedGroups(stats);
  if (!groups.length) return { tiles: 0, groups: 0 };
  // A fill's edge tiles hold fewer dots (the box ends mid-tile): each group grows by one tile around it.
  const cleaned = new Uint8Array(stats.dots.length);
  for (const group of groups) {
    for (const t of group) {
      const [c, r] = tileAt(stats, t);
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const nc = c + dc;
          const nr = r + dr;
          if (nc >= 0 && nr >= 0 && nc < columns && nr < rows) cleaned[nr * columns + nc] = 1;
        }
    }
  }
  const window = Math.max(3, Math.round(MEDIAN_LINES * lineHeight) | 1);
  // One median over the box around every cleaned tile (sharp's, native), copied back on the cleaned tiles only.
  let c0 = columns;
  let c1 = -1;
  let r0 = rows;
  let r1 = -1;
  for (let t = 0; t < cleaned.length; t++) {
    if (!cleaned[t]) continue;
    const [c, r] = tileAt(stats, t);
    c0 = Math.min(c0, c);
    c1 = Math.max(c1, c);
    r0 = Math.min(r0, r);
    r1 = Math.max(r1, r);
  }
  const left = c0 * tile;
  const topPx = r0 * tile;
  const boxWidth = Math.min(width, (c1 + 1) * tile) - left;
  const boxHeight = Math.min(height, (r1 + 1) * tile) - topPx;
  const box = new Uint8Array(boxWidth * boxHeight);
  for (let y = 0; y < boxHeight; y++) box.set(data.subarray((topPx + y) * width + left, (topPx + y) * width + left + boxWidth), y * boxWidth);
  const { data: filtered, info } = await sharp(box, { raw: { width: boxWidth, height: boxHeight, channels: 1 } })
    .median(window)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== boxWidth || info.height !== boxHeight || info.channels !== 1) return { tiles: 0, groups: groups.length };
  let tiles = 0;
  for (let t = 0; t < cleaned.length; t++) {
    if (!cleaned[t]) continue;
    tiles++;
    const [c, r] = tileAt(stats, t);
    for (let y = r * tile; y < Math.min(height, (r + 1) * tile); y++) {
      const from = (y - topPx) * boxWidth + (c * tile - left);
      const end = Math.min(width, (c + 1) * tile) - c * tile;
      data.set(filtered.subarray(from, from + end), y * width + c * tile);
    }
  }
  return { tiles, groups: groups.length };
}
