/**
 * Typed check boxes in a page image: a pair of brackets, `[ ]`, `[x]`,
 * `( )` or `(x)`, as a typewriter or a word processor prints them. OCR
 * reads them poorly — an empty pair comes back as "[" and "1]", or not at
 * all when it stands at the start of a second column — so they are found
 * in the image, as the drawn boxes are (image-marks.ts), from the connected
 * components of dark pixels.
 *
 * An opening bracket or parenthesis is a tall, narrow component (at most
 * 0.55 as wide as tall) whose middle rows are inked in its left half only
 * and whose top and bottom rows reach into its right half (the serifs of
 * `[`, the curl of `(`); a closing one is its mirror. Parentheses count
 * too: OCR drops a `( )` at a column's start as it drops a `[ ]`. A pair
 * is an opening bracket and the nearest closing bracket right of it, of
 * about its height, on the same rows, at most {@link MAX_PAIR_WIDTH}
 * heights apart. What lies between is told by its ink: none (an empty
 * box), or some (a cross, or a letter — which the OCR's words decide, see
 * image-marks.ts).
 *
 * @module
 */
import type { BBox } from '../document-model.ts';

/** A component's box in pixels (end exclusive). */
export interface PixelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A pair of brackets: the box the pair spans, and whether there is ink between them. */
export interface BracketPair {
  readonly outer: PixelBox;
  readonly inkBetween: boolean;
}

/** A bracket's width over its height (a bar with short serifs). */
export const MIN_BRACKET_ASPECT = 0.12;
export const MAX_BRACKET_ASPECT = 0.55;
/** The end bands (top and bottom rows, share of the height) and the middle rows (between these shares). */
const END_SHARE = 0.2;
const MIDDLE_FROM = 0.3;
const MIDDLE_TO = 0.7;
/** At least this share of the middle rows is inked (one stroke runs down). */
const MIN_STROKE_ROWS = 0.8;
/** The pair: heights within this ratio, rows overlapping this share of the shorter, outer width at most this many heights. */
const MAX_HEIGHT_RATIO = 1.25;
const MIN_ROW_OVERLAP = 0.8;
export const MAX_PAIR_WIDTH = 2.2;
/** Dark pixels between the brackets (inner rows) from this share on are ink, not specks. */
const MIN_INK_BETWEEN = 0.03;

/**
 * Whether the bitmap (1 = ink, `w` × `h`) is an opening bracket or
 * parenthesis, a closing one, or neither: one stroke runs down the middle
 * rows on one side only, and both ends reach over to the other side (the
 * serifs of `[`, the curl of `(`).
 */
export function bracketSide(bits: Uint8Array, w: number, h: number): 'open' | 'close' | undefined {
  if (w < 2 || h < 6 || w / h < MIN_BRACKET_ASPECT || w / h > MAX_BRACKET_ASPECT) return undefined;
  const half = w / 2;
  // Per side (left half, right half): middle rows with ink on that side, and whether the top and bottom rows reach it.
  const middleInk = [0, 0];
  const topReach = [false, false];
  const bottomReach = [false, false];
  for (let y = 0; y < h; y++) {
    const middle = y >= MIDDLE_FROM * h && y < MIDDLE_TO * h;
    const sides = [false, false];
    for (let x = 0; x < w; x++) if (bits[y * w + x]) sides[x + 0.5 < half ? 0 : 1] = true;
    for (const k of [0, 1]) {
      if (!sides[k]) continue;
      if (middle) middleInk[k]++;
      if (y < END_SHARE * h) topReach[k] = true;
      if (y >= (1 - END_SHARE) * h) bottomReach[k] = true;
    }
  }
  const middleRows = Math.ceil(MIDDLE_TO * h) - Math.ceil(MIDDLE_FROM * h);
  for (const [near, far, side] of [
    [0, 1, 'open'],
    [1, 0, 'close'],
  ] as const) {
    if (middleInk[far] === 0 && middleInk[near] >= MIN_STROKE_ROWS * middleRows && topReach[far] && bottomReach[far]) return side;
  }
  return undefined;
}

/**
 * Pairs opening and closing brackets of one page: each opening bracket with
 * the nearest closing bracket to its right that matches it. `dark(x, y)`
 * says whether a pixel is ink, to look between them.
 */
export function pairBrackets(opens: readonly PixelBox[], closes: readonly PixelBox[], dark: (x: number, y: number) => boolean): BracketPair[] {
  const pairs: BracketPair[] = [];
  const taken = new Set<PixelBox>();
  for (const o of opens) {
    const height = o.y1 - o.y0;
    let best: PixelBox | undefined;
    for (const c of closes) {
      if (taken.has(c) || c.x0 < o.x1 || c.x1 - o.x0 > MAX_PAIR_WIDTH * height) continue;
      const ch = c.y1 - c.y0;
      if (Math.max(ch, height) > MAX_HEIGHT_RATIO * Math.min(ch, height)) continue;
      if (Math.min(o.y1, c.y1) - Math.max(o.y0, c.y0) < MIN_ROW_OVERLAP * Math.min(ch, height)) continue;
      if (!best || c.x0 < best.x0) best = c;
    }
    if (!best) continue;
    taken.add(best);
    const outer = { x0: o.x0, y0: Math.min(o.y0, best.y0), x1: best.x1, y1: Math.max(o.y1, best.y1) };
    pairs.push({ outer, inkBetween: inkShare(o.x1, best.x0, outer, dark) >= MIN_INK_BETWEEN });
  }
  return pairs;
}

/** The share of dark pixels strictly between the brackets, over the pair's inner rows. */
function inkShare(from: number, to: number, outer: PixelBox, dark: (x: number, y: number) => boolean): number {
  const h = outer.y1 - outer.y0;
  const top = outer.y0 + Math.ceil(0.15 * h);
  const bottom = outer.y1 - Math.ceil(0.15 * h);
  let ink = 0;
  let area = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = from + 1; x < to - 1; x++) {
      area++;
      if (dark(x, y)) ink++;
    }
  }
  return area ? ink / area : 0;
}

/**
 * The square a pair stands for: centred in it, as tall as it or as wide
 * when narrower ("[ ]" in a monospaced face is twice as wide as tall; the
 * cross sits in the middle). Normalised to the image.
 */
export function pairSquare(pair: BracketPair, width: number, height: number): BBox {
  const { x0, y0, x1, y1 } = pair.outer;
  const side = Math.min(x1 - x0, y1 - y0);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return [(cx - side / 2) / width, (cy - side / 2) / height, (cx + side / 2) / width, (cy + side / 2) / height];
}
