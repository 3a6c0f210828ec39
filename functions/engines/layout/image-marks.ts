/**
 * Check boxes and radio buttons in a page image (OCR pages, where there are
 * no vector paths): small hollow squares and rings, found as connected
 * components of dark pixels the size of a box, and returned in the form
 * vector PDFs give them — a square as its four ruling lines, a ring as a
 * stroked circle — so selection-marks.ts reads both alike.
 *
 * Method: binarise (the same capped Otsu threshold as image-rulings.ts),
 * label 8-connected components from runs of dark pixels (image-components.ts), and keep the ones
 * whose box is 5–24 pt on each side and about as tall as wide. A square is a
 * component whose four border bands are inked almost along their whole
 * length and whose middle is mostly empty (a filled square is a bullet); a
 * ring is one whose pixels lie in an annulus, all around it, with empty
 * corners and an empty middle. A tick touching the border stays part of the
 * box; a cross or dot inside is a component of its own. Table cells are
 * part of their grid, one component far larger than a box. Letters a box
 * resembles ('D', '0', 'O' in a word) are told apart by shape and by the
 * OCR's words: a shape inside a longer word is a letter (see
 * {@link apartFromWords}). Typed boxes (`[ ]`, `(x)`) are pairs of the
 * narrow, bracket-shaped components (image-brackets.ts), each given as the
 * square centred between its brackets.
 *
 * Linear in the number of pixels; the image is the OCR's analysis copy
 * (at most 1600 pixels a side), runs and shapes are capped.
 *
 * @module
 */
import type { BBox, DrawnCircle, Ruling, Word } from '../document-model.ts';
import { bracketSide, MAX_BRACKET_ASPECT, MIN_BRACKET_ASPECT, pairBrackets, pairSquare, type PixelBox } from './image-brackets.ts';
import { inkComponents, type InkComponents } from './image-components.ts';
import { otsuThreshold, type GrayImage } from './image-rulings.ts';
import { MAX_SIDE_PT, MIN_SIDE_PT, pointsPerUnit } from './selection-marks.ts';

/** A box or ring found in the image, normalised to 0–1 (top-left origin). */
export interface MarkShape {
  readonly kind: 'square' | 'circle';
  readonly bbox: BBox;
  /** Blank paper right of the shape for at least a third of its side (a letter has its neighbour closer). */
  readonly clearRight: boolean;
  /** A typed box (`[ ]`, `[x]`, `( )`): the brackets' box, and whether anything is printed between them. */
  readonly typed?: { readonly outer: BBox; readonly inkBetween: boolean };
}

/** More dark runs than this: the page is a picture or noise, not a form; no shapes are looked for. */
const MAX_RUNS = 1_500_000;
/** At most this many shapes a page. */
const MAX_SHAPES = 500;
/** Width over height of a box or ring. */
const MIN_ASPECT = 0.8;
const MAX_ASPECT = 1.25;
/** A square's border band (share of its side, at least 2 pixels) is inked along at least this share of its length on all four sides. */
const BAND_SHARE = 0.15;
const MIN_SIDE_COVERAGE = 0.9;
/** At most this share of a box's inner half is its own ink (a tick joined to the border in a small box; a filled square is all ink). */
const MAX_INNER_FILL = 0.7;
/** Ring: pixels this far from the centre (share of the radius) are in its corners or its middle. */
const RING_OUTER = 1.12;
const RING_INNER = 0.45;
/** … and at most this share of its pixels lie there; every one of this many sectors but one holds ring pixels. */
const MAX_OFF_RING_SHARE = 0.04;
const SECTORS = 16;

/** A component's box in pixels (x1, y1 exclusive). */
interface Component {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The component's pixels as a small bitmap (1 = its ink), from its runs. */
function bitmapOf(c: Component, runs: readonly number[], labelled: InkComponents): Uint8Array {
  const w = c.x1 - c.x0;
  const bits = new Uint8Array(w * (c.y1 - c.y0));
  for (const i of runs) {
    const offset = (labelled.row[i] - c.y0) * w - c.x0;
    bits.fill(1, offset + labelled.start[i], offset + labelled.end[i]);
  }
  return bits;
}

/** Whether the bitmap is a hollow square: its four border bands inked nearly end to end, its middle mostly empty. */
export function isHollowSquare(bits: Uint8Array, w: number, h: number): boolean {
  const band = Math.max(2, Math.round(BAND_SHARE * Math.min(w, h)));
  const covered = (along: number, at: (i: number, j: number) => number) => {
    let hit = 0;
    for (let i = 0; i < along; i++) {
      for (let j = 0; j < band; j++) {
        if (at(i, j)) {
          hit++;
          break;
        }
      }
    }
    return hit >= MIN_SIDE_COVERAGE * along;
  };
  const sides =
    covered(w, (x, j) => bits[j * w + x]) &&
    covered(w, (x, j) => bits[(h - 1 - j) * w + x]) &&
    covered(h, (y, j) => bits[y * w + j]) &&
    covered(h, (y, j) => bits[y * w + w - 1 - j]);
  if (!sides) return false;
  let inner = 0;
  let area = 0;
  for (let y = Math.ceil(h / 4); y < (3 * h) / 4; y++) {
    for (let x = Math.ceil(w / 4); x < (3 * w) / 4; x++) {
      area++;
      inner += bits[y * w + x];
    }
  }
  return inner <= MAX_INNER_FILL * area;
}

/** Whether the bitmap is a ring: its pixels on an annulus round its centre, in every sector, none in the corners or the middle. */
export function isRing(bits: Uint8Array, w: number, h: number): boolean {
  const cx = w / 2;
  const cy = h / 2;
  const rx = w / 2;
  const ry = h / 2;
  const sectors = new Uint8Array(SECTORS);
  let all = 0;
  let off = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!bits[y * w + x]) continue;
      all++;
      // Distance from the centre as a share of the radius along its direction (an ellipse as a circle).
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      const d = Math.hypot(dx, dy);
      if (d > RING_OUTER || d < RING_INNER) off++;
      else sectors[Math.min(SECTORS - 1, Math.floor(((Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI)) * SECTORS))] = 1;
    }
  }
  const filled = sectors.reduce((sum, s) => sum + s, 0);
  return all > 0 && off <= MAX_OFF_RING_SHARE * all && filled >= SECTORS - 1;
}

/** Whether the columns right of the component, over its rows, are paper for a third of its width. */
function clearRightOf(image: GrayImage, c: Component, threshold: number): boolean {
  const reach = Math.max(2, Math.round((c.x1 - c.x0) / 3));
  for (let y = c.y0; y < c.y1; y++) {
    for (let x = c.x1 + 1; x < Math.min(image.width, c.x1 + 1 + reach); x++) if (image.data[y * image.width + x] <= threshold) return false;
  }
  return true;
}

/**
 * Hollow squares and rings the size of a check box in a grey page image.
 * `pointsPerPixel` converts pixels to points (by default the image is taken
 * for an A4 page, as images carry no trustworthy resolution).
 *
 * @example
 * const shapes = detectMarkShapes({ data: gray, width: 1236, height: 1600 });
 * shapes.filter((s) => s.kind === 'circle').length; // radio buttons on the page
 */
export function detectMarkShapes(image: GrayImage, options: { pointsPerPixel?: number; threshold?: number } = {}): MarkShape[] {
  const { width, height } = image;
  if (!(width > 0 && height > 0) || image.data.length < width * height) return [];
  const threshold = options.threshold ?? Math.min(200, otsuThreshold(image.data));
  const perPixel = options.pointsPerPixel ?? pointsPerUnit({ width, height, source: 'ocr' });
  const labelled = inkComponents(image, threshold, MAX_RUNS);
  if (!labelled) return [];
  // Box-shaped and bracket-shaped components, each kind capped on its own (a page of text has thousands of narrow letters).
  const candidates = new Map<number, { c: Component; runs: number[]; bracket: boolean }>();
  const counts = { box: 0, bracket: 0 };
  for (let r = 0; r < labelled.count; r++) {
    const c: Component = { x0: labelled.x0[r], y0: labelled.y0[r], x1: labelled.x1[r], y1: labelled.y1[r] };
    const w = (c.x1 - c.x0) * perPixel;
    const h = (c.y1 - c.y0) * perPixel;
    if (h < MIN_SIDE_PT || w > MAX_SIDE_PT || h > MAX_SIDE_PT) continue;
    const bracket = w / h >= MIN_BRACKET_ASPECT && w / h <= MAX_BRACKET_ASPECT;
    if (!bracket && (w < MIN_SIDE_PT || w / h < MIN_ASPECT || w / h > MAX_ASPECT)) continue;
    const kind = bracket ? 'bracket' : 'box';
    if (counts[kind] >= 4 * MAX_SHAPES) continue;
    counts[kind]++;
    candidates.set(r, { c, runs: [], bracket });
  }
  for (let i = 0; i < labelled.runs; i++) candidates.get(labelled.componentOf[i])?.runs.push(i);
  const shapes: MarkShape[] = [];
  const opens: PixelBox[] = [];
  const closes: PixelBox[] = [];
  for (const { c, runs, bracket } of candidates.values()) {
    if (!runs.length) continue;
    const w = c.x1 - c.x0;
    const h = c.y1 - c.y0;
    const bits = bitmapOf(c, runs, labelled);
    if (bracket) {
      const side = bracketSide(bits, w, h);
      if (side) (side === 'open' ? opens : closes).push(c);
      continue;
    }
    const kind = isHollowSquare(bits, w, h) ? 'square' : isRing(bits, w, h) ? 'circle' : undefined;
    if (!kind) continue;
    shapes.push({ kind, bbox: [c.x0 / width, c.y0 / height, c.x1 / width, c.y1 / height], clearRight: clearRightOf(image, c, threshold) });
    if (shapes.length >= MAX_SHAPES) break;
  }
  const dark = (x: number, y: number) => image.data[y * width + x] <= threshold;
  for (const pair of pairBrackets(opens, closes, dark).slice(0, Math.max(0, MAX_SHAPES - shapes.length))) {
    const { x0, y0, x1, y1 } = pair.outer;
    const outer: BBox = [x0 / width, y0 / height, x1 / width, y1 / height];
    shapes.push({ kind: 'square', bbox: pairSquare(pair, width, height), clearRight: true, typed: { outer, inkBetween: pair.inkBetween } });
  }
  return shapes.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/** Characters that are one letter or digit: a word made of more of them than the shape covers is text. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A word reaching this share of the shape's width beyond it (left, or right without a gap) holds more than the shape. */
const WORD_REACH = 0.5;
/** A ring with a word ending this close to its left (a share of its width: a word space) is a letter in running text. */
const WORD_SPACE = 0.6;

/**
 * The shapes that are not letters of the OCR's words. A shape is a letter
 * when a word with letters or digits covers it and reaches well beyond it —
 * to its left, or to its right with no gap between (the 'o' of "Door", the
 * 'O' of "Oslo"). A ring is also a letter when a word ends a word space
 * before it on its line (the 'O' of "group O"): radio buttons stand apart
 * from the text before them. A word that is just the shape's own reading
 * ("O", "[]", "®") or one that starts with the shape and goes on past a gap
 * (a mark run into its label) leaves it a mark.
 *
 * @example
 * apartFromWords(detectMarkShapes(gray), ocrPage.words);
 */
export function apartFromWords(shapes: readonly MarkShape[], words: readonly Word[]): MarkShape[] {
  return shapes.filter((s) => {
    if (s.typed) return !s.typed.inkBetween || !bracketsHoldText(s.typed.outer, words);
    const [x0, y0, x1, y1] = s.bbox;
    const side = x1 - x0;
    return !words.some((w) => {
      const [wx0, wy0, wx1, wy1] = w.bbox;
      const overlapY = Math.min(y1, wy1) - Math.max(y0, wy0);
      if (overlapY < (y1 - y0) / 2 || !LETTER_OR_DIGIT.test(w.text)) return false;
      if (s.kind === 'circle' && wx1 <= x0 + 0.1 * side && wx1 > x0 - WORD_SPACE * side) return true;
      if (Math.min(x1, wx1) - Math.max(x0, wx0) < side / 2) return false;
      return x0 - wx0 > WORD_REACH * side || (wx1 - x1 > WORD_REACH * side && !s.clearRight);
    });
  });
}

/** What may stand between typed brackets of a ticked box: a cross, a tick or a star, as OCR reads them. */
const TICK_READING = /^[xX×✓✔vVkK*+]{1,2}$/u;

/**
 * Whether the OCR read text between a bracket pair ("[12]", "[sic]"): a word
 * on its rows, inside it, whose letters and digits are more than a cross.
 * A pair whose middle nobody read is a box (OCR often drops a lone cross).
 */
function bracketsHoldText(outer: BBox, words: readonly Word[]): boolean {
  const [x0, y0, x1, y1] = outer;
  return words.some((w) => {
    const [wx0, wy0, wx1, wy1] = w.bbox;
    if (Math.min(y1, wy1) - Math.max(y0, wy0) < (y1 - y0) / 2 || Math.min(x1, wx1) - Math.max(x0, wx0) <= 0) return false;
    const inner = w.text.replace(/[[\]|()]/g, '');
    return LETTER_OR_DIGIT.test(inner) && !TICK_READING.test(inner);
  });
}

/**
 * A page's shapes in the page model's form: each square as the four rulings
 * along its edges (as a vector box is drawn), each ring as a stroked circle.
 */
export function shapesToPage(shapes: readonly MarkShape[]): { rulings: Ruling[]; circles: DrawnCircle[] } {
  const rulings: Ruling[] = [];
  const circles: DrawnCircle[] = [];
  for (const s of shapes) {
    const [x0, y0, x1, y1] = s.bbox;
    if (s.kind === 'circle') {
      circles.push({ bbox: s.bbox, filled: false, stroked: true });
      continue;
    }
    rulings.push({ x0, y0, x1, y1: y0 }, { x0, y0: y1, x1, y1 }, { x0, y0, x1: x0, y1 }, { x0: x1, y0, x1, y1 });
  }
  return { rulings, circles };
}
