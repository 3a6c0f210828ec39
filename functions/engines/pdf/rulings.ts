/**
 * Vector graphics of a PDF page that matter for layout: straight ruling
 * lines (table borders, underlines, separators) and image placements
 * (figures: images and stencil masks, one by one also where pdf.js groups
 * or repeats them, and areas filled with a tiling pattern whose cell shows
 * text or an image), read from the pdf.js operator list.
 *
 * Paths arrive as `constructPath` ops (pdf.js 5: `[paintOp, [Float32Array], minMax]`
 * with `DrawOPS` codes inside the buffer) in the user space of the current
 * transformation matrix, which is tracked through `save`/`restore`/`transform`
 * and form XObjects. Kept:
 * - straight horizontal or vertical segments of stroked paths;
 * - thin filled rectangles (drawn rules), as one line along their long side;
 * - the edges of other filled or stroked rectangles (cell borders, shaded rows),
 *   unless they cover most of the page (backgrounds).
 * - small closed curved shapes (circles and ellipses the size of a radio
 *   button or its dot), as circles with whether they are filled or stroked.
 * Other curves and slanted segments are ignored. Everything is bounded: at most
 * `MAX_OPS` operators, `MAX_RULINGS` rulings and `MAX_CIRCLES` circles per
 * page, so a hostile page with millions of paths costs a bounded amount of work.
 *
 * @module
 */
import type { BBox, DrawnCircle, Ruling } from '../document-model.ts';
import type { PdfPageProxy } from './pdfjs.ts';
import { multiply, transformedBox, type Matrix } from './matrix.ts';
import { loadPdfjs } from './pdfjs.ts';
import { MAX_GLYPH_BOXES, outlinedTextRegions } from './outlined-text.ts';
import type { PdfViewportLike } from './text-items.ts';

/** Operators inspected per page; the rest are ignored. */
export const MAX_OPS = 200_000;
/** Rulings kept per page. */
export const MAX_RULINGS = 4_000;
/** Path coordinates inspected per page (a path buffer can be huge). */
const MAX_PATH_NUMBERS = 2_000_000;
/** Images kept per page. */
const MAX_FIGURES = 200;
/** Small circles kept per page. */
export const MAX_CIRCLES = 1_000;
/** A closed curved shape counts as a circle up to this side (points): radio buttons and their dots, not drawings. */
const MAX_CIRCLE_SIDE = 30;
/** …and from this side (points): smaller is a speck. */
const MIN_CIRCLE_SIDE = 1.5;
/** Width / height of a circle (or a slightly squashed ellipse) lies within this factor of 1. */
const CIRCLE_ASPECT = 1.5;
/** A filled rectangle thinner than this (points, in page space) is a drawn rule. */
const THIN = 3;
/** Segments shorter than this (points) are glyph-sized decoration, not rules. */
const MIN_LENGTH = 4;
/** A segment is straight when its off-axis drift is below this share of its length. */
const STRAIGHT = 0.02;
/** Images smaller than this share of the page on either side are icons or bullets. */
const MIN_FIGURE_SIDE = 0.03;

export interface PageGraphics {
  readonly rulings?: Ruling[];
  readonly figures?: BBox[];
  readonly circles?: DrawnCircle[];
  /** Rows of glyph-shaped vector outlines: text drawn as curves (outlined-text.ts). */
  readonly outlinedText?: BBox[];
}


const isMatrix = (v: unknown): v is number[] =>
  Array.isArray(v) || ArrayBuffer.isView(v) ? (v as ArrayLike<number>).length === 6 && Array.from(v as ArrayLike<number>).every(Number.isFinite) : false;

interface OpsTable {
  readonly [name: string]: number;
}

/** Collects rulings and figures in viewport space, then normalises. */
class Collector {
  readonly rulings: Ruling[] = [];
  readonly figures: BBox[] = [];
  readonly circles: DrawnCircle[] = [];
  /** Boxes of filled shaped subpaths (curves or slanted edges), in viewport units: glyphs when text is drawn as outlines. */
  readonly glyphs: [number, number, number, number][] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly vw: number, private readonly vh: number) {}

  /** A segment in viewport units (points, y down). */
  segment(x0: number, y0: number, x1: number, y1: number): void {
    if (this.rulings.length >= MAX_RULINGS) return;
    const dx = Math.abs(x1 - x0);
    const dy = Math.abs(y1 - y0);
    const length = Math.max(dx, dy);
    if (!(length >= MIN_LENGTH) || Math.min(dx, dy) > STRAIGHT * length) return;
    let a = [x0, y0];
    let b = [x1, y1];
    if (dx >= dy) {
      const y = (y0 + y1) / 2;
      a = [Math.min(x0, x1), y];
      b = [Math.max(x0, x1), y];
    } else {
      const x = (x0 + x1) / 2;
      a = [x, Math.min(y0, y1)];
      b = [x, Math.max(y0, y1)];
    }
    const r = {
      x0: clamp01(a[0] / this.vw),
      y0: clamp01(a[1] / this.vh),
      x1: clamp01(b[0] / this.vw),
      y1: clamp01(b[1] / this.vh),
    };
    if (r.x0 === r.x1 && r.y0 === r.y1) return;
    const key = `${r.x0.toFixed(4)},${r.y0.toFixed(4)},${r.x1.toFixed(4)},${r.y1.toFixed(4)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.rulings.push(r);
  }

  /** An axis-aligned rectangle in viewport units. */
  rectangle(x0: number, y0: number, x1: number, y1: number, filled: boolean): void {
    const w = x1 - x0;
    const h = y1 - y0;
    if (filled && Math.min(w, h) <= THIN) {
      if (w >= h) this.segment(x0, (y0 + y1) / 2, x1, (y0 + y1) / 2);
      else this.segment((x0 + x1) / 2, y0, (x0 + x1) / 2, y1);
      return;
    }
    if (w * h > 0.5 * this.vw * this.vh) return; // a page background or frame
    this.segment(x0, y0, x1, y0);
    this.segment(x0, y1, x1, y1);
    this.segment(x0, y0, x0, y1);
    this.segment(x1, y0, x1, y1);
  }

  /** A small closed curved shape in viewport units; sizes outside a radio button's are ignored. */
  circle(x0: number, y0: number, x1: number, y1: number, filled: boolean, stroked: boolean): void {
    if (this.circles.length >= MAX_CIRCLES) return;
    const w = x1 - x0;
    const h = y1 - y0;
    if (!(Math.min(w, h) >= MIN_CIRCLE_SIDE) || Math.max(w, h) > MAX_CIRCLE_SIDE || Math.max(w / h, h / w) > CIRCLE_ASPECT) return;
    const bbox: BBox = [clamp01(x0 / this.vw), clamp01(y0 / this.vh), clamp01(x1 / this.vw), clamp01(y1 / this.vh)];
    this.circles.push({ bbox, filled, stroked });
  }

  /** A filled subpath with curves or slanted edges, in viewport units. */
  glyph(pts: readonly ([number, number] | null)[]): void {
    if (this.glyphs.length >= MAX_GLYPH_BOXES) return;
    // A loop, not Math.min(...xs): a hostile subpath of a million points would overflow the argument stack.
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of pts) {
      if (!p) continue;
      box[0] = Math.min(box[0], p[0]);
      box[1] = Math.min(box[1], p[1]);
      box[2] = Math.max(box[2], p[0]);
      box[3] = Math.max(box[3], p[1]);
    }
    if (box[0] <= box[2]) this.glyphs.push(box);
  }

  /** An area filled with a pattern whose cell draws text or pictures: a figure, as an image there would be. */
  patternFill(m: Matrix, minMax: unknown): void {
    if (!ArrayBuffer.isView(minMax) && !Array.isArray(minMax)) return;
    const [x0, y0, x1, y1] = Array.from(minMax as ArrayLike<number>);
    if (![x0, y0, x1, y1].every(Number.isFinite) || x1 <= x0 || y1 <= y0) return;
    this.figure(multiply(m, [x1 - x0, 0, 0, y1 - y0, x0, y0]));
  }

  figure(m: Matrix): void {
    const [x0, y0, x1, y1] = transformedBox(m, 0, 0, 1, 1);
    const box: BBox = [clamp01(x0 / this.vw), clamp01(y0 / this.vh), clamp01(x1 / this.vw), clamp01(y1 / this.vh)];
    if (box[2] - box[0] < MIN_FIGURE_SIDE || box[3] - box[1] < MIN_FIGURE_SIDE) {
      // Too small for a figure, perhaps a glyph: text drawn one image per letter (a bitmap font) makes a row as outlines do.
      if (this.glyphs.length < MAX_GLYPH_BOXES && x1 > x0 && y1 > y0) this.glyphs.push([x0, y0, x1, y1]);
      return;
    }
    if (this.figures.length < MAX_FIGURES) this.figures.push(box);
  }
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);

/**
 * Operators that paint raster images, stencil masks included: a scan or a
 * signature is often a 1-bit image mask painted in the fill colour, and
 * pdf.js merges runs of small images into groups and repeats.
 */
const IMAGE_OPS = [
  'paintImageXObject',
  'paintInlineImageXObject',
  'paintImageXObjectRepeat',
  'paintInlineImageXObjectGroup',
  'paintImageMaskXObject',
  'paintImageMaskXObjectGroup',
  'paintImageMaskXObjectRepeat',
] as const;

/** Operators that set the fill colour. */
const FILL_COLOR_OPS = ['setFillColorSpace', 'setFillColor', 'setFillColorN', 'setFillGray', 'setFillRGBColor', 'setFillCMYKColor', 'setFillTransparent'] as const;
/** Operators that show text. */
const TEXT_OPS = ['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'] as const;
/** Patterns nested in patterns are looked into this deep. */
const MAX_PATTERN_DEPTH = 3;

/** Where each image an image operator paints lands: its unit square's matrix (pdf.js's argument layouts per operator). */
function imagePlacements(fn: number, args: unknown[] | null, ctm: Matrix, ops: OpsTable): Matrix[] {
  const at = (a: number, b: number, c: number, d: number, e: number, f: number) => multiply(ctm, [a, b, c, d, e, f]);
  const repeated = (positions: unknown, a: number, b: number, c: number, d: number): Matrix[] => {
    if (!ArrayBuffer.isView(positions) && !Array.isArray(positions)) return [];
    const xy = positions as ArrayLike<number>;
    const out: Matrix[] = [];
    for (let k = 0; k + 1 < Math.min(xy.length, 2 * MAX_FIGURES); k += 2) out.push(at(a, b, c, d, xy[k], xy[k + 1]));
    return out;
  };
  const transforms = (list: unknown): Matrix[] =>
    Array.isArray(list)
      ? list.slice(0, MAX_FIGURES).flatMap((item) => {
          const t = (item as { transform?: unknown } | null)?.transform;
          return isMatrix(t) ? [multiply(ctm, Array.from(t as ArrayLike<number>))] : [];
        })
      : [];
  if (!args) return fn === ops.paintImageMaskXObject || fn === ops.paintImageXObject ? [ctm] : [];
  if (fn === ops.paintImageXObjectRepeat) return repeated(args[3], Number(args[1]), 0, 0, Number(args[2]));
  if (fn === ops.paintImageMaskXObjectRepeat) return repeated(args[5], Number(args[1]), Number(args[2]), Number(args[3]), Number(args[4]));
  if (fn === ops.paintImageMaskXObjectGroup) return transforms(args[0]);
  if (fn === ops.paintInlineImageXObjectGroup) return transforms(args[1]);
  return [ctm];
}

/** Whether a `setFillColorN` sets a tiling pattern whose cell shows text or paints an image (nested patterns looked into). */
function tilingPatternDraws(args: unknown[] | null, ops: OpsTable, imageOps: ReadonlySet<number>, depth = 0): boolean {
  if (!args || args[0] !== 'TilingPattern' || depth >= MAX_PATTERN_DEPTH) return false;
  const list = args[2] as { fnArray?: ArrayLike<number>; argsArray?: ArrayLike<unknown> } | undefined;
  const fns = list?.fnArray;
  if (!fns) return false;
  const textOps = new Set(TEXT_OPS.map((name) => ops[name]));
  for (let i = 0; i < Math.min(fns.length, MAX_OPS); i++) {
    const fn = fns[i];
    if (textOps.has(fn) || imageOps.has(fn)) return true;
    if (fn === ops.setFillColorN && tilingPatternDraws(list.argsArray?.[i] as unknown[] | null, ops, imageOps, depth + 1)) return true;
  }
  return false;
}

/**
 * Walks one operator list. Exported for tests; `readPageGraphics` is the entry point.
 *
 * @param fnArray - operator codes
 * @param argsArray - their arguments
 * @param ops - pdf.js `OPS` table
 * @param viewport - the page viewport at scale 1 (maps user space to points, y down)
 */
export function collectGraphics(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<unknown>,
  ops: OpsTable,
  viewport: PdfViewportLike,
): PageGraphics {
  const out = new Collector(viewport.width, viewport.height);
  let ctm: Matrix = [...(viewport.transform as Matrix)] as Matrix;
  const stack: Matrix[] = [];
  const fillOps = new Set([ops.fill, ops.eoFill, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const strokeOps = new Set([ops.stroke, ops.closeStroke, ops.fillStroke, ops.eoFillStroke, ops.closeFillStroke, ops.closeEOFillStroke]);
  const imageOps = new Set(IMAGE_OPS.map((name) => ops[name]));
  const fillColorOps = new Set(FILL_COLOR_OPS.map((name) => ops[name]));
  // Whether the fill colour is a tiling pattern whose cell draws text or pictures (a tiled watermark of a recipient's name):
  // what such a fill covers is a picture, since no text layer holds the cell's text.
  let fillDraws = false;
  const fillStack: boolean[] = [];
  let pathNumbers = 0;
  const n = Math.min(fnArray.length, MAX_OPS);

  for (let i = 0; i < n; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] as unknown[] | null;
    if (fn === ops.save) {
      if (stack.length < 1_000) {
        stack.push(ctm);
        fillStack.push(fillDraws);
      }
    } else if (fn === ops.restore) {
      ctm = stack.pop() ?? ctm;
      fillDraws = fillStack.pop() ?? fillDraws;
    } else if (fillColorOps.has(fn)) {
      fillDraws = fn === ops.setFillColorN && tilingPatternDraws(args, ops, imageOps);
    } else if (fn === ops.transform) {
      if (isMatrix(args)) ctm = multiply(ctm, args);
    } else if (fn === ops.paintFormXObjectBegin) {
      if (stack.length < 1_000) stack.push(ctm);
      if (args && isMatrix(args[0])) ctm = multiply(ctm, Array.from(args[0] as ArrayLike<number>));
    } else if (fn === ops.paintFormXObjectEnd) {
      ctm = stack.pop() ?? ctm;
    } else if (imageOps.has(fn)) {
      for (const placed of imagePlacements(fn, args, ctm, ops)) out.figure(placed);
    } else if (fn === ops.constructPath && Array.isArray(args)) {
      const paint = args[0] as number;
      const filled = fillOps.has(paint);
      const stroked = strokeOps.has(paint);
      if (!filled && !stroked) continue; // clipping paths and endPath: nothing is drawn
      if (filled && fillDraws) out.patternFill(ctm, args[2]);
      const buffers = args[1] as ArrayLike<number>[] | undefined;
      const buffer = buffers?.[0];
      if (!buffer || typeof buffer.length !== 'number') continue;
      pathNumbers += buffer.length;
      if (pathNumbers > MAX_PATH_NUMBERS) break;
      walkPath(buffer, ctm, filled, stroked, out);
    }
  }
  const outlined = outlinedTextRegions(out.glyphs, viewport.width, viewport.height);
  return {
    ...(out.rulings.length ? { rulings: out.rulings } : {}),
    ...(out.figures.length ? { figures: out.figures } : {}),
    ...(out.circles.length ? { circles: out.circles } : {}),
    ...(outlined.length ? { outlinedText: outlined } : {}),
  };
}

// pdf.js DrawOPS codes inside a path buffer.
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

/** One path buffer: axis-aligned rectangles become rectangles, straight pieces segments, small closed curves circles. */
function walkPath(buf: ArrayLike<number>, m: Matrix, filled: boolean, stroked: boolean, out: Collector): void {
  const tx = (x: number, y: number) => m[0] * x + m[2] * y + m[4];
  const ty = (x: number, y: number) => m[1] * x + m[3] * y + m[5];
  // Subpaths as polylines (null marks a curve: not a rectangle, and no segment there).
  let points: ([number, number] | null)[] = [];
  let curved = false;
  const flush = (closed: boolean) => {
    const pts = points;
    points = [];
    const wasCurved = curved;
    curved = false;
    if (pts.length < 2) return;
    // A filled shape with curves or slanted edges may be a glyph of text drawn as outlines.
    if (filled && (wasCurved || (pts.length > 2 && !asRectangle(pts)))) out.glyph(pts);
    if (wasCurved) {
      const ring = closedCurve(pts, closed);
      if (ring) out.circle(ring[0], ring[1], ring[2], ring[3], filled, stroked);
    } else {
      const rect = asRectangle(pts);
      if (rect) {
        out.rectangle(rect[0], rect[1], rect[2], rect[3], filled);
        return;
      }
    }
    if (!stroked) return; // a filled polygon that is not a rectangle: a shape, not a rule
    const ring = closed ? [...pts, pts[0]] : pts;
    for (let k = 1; k < ring.length; k++) {
      const a = ring[k - 1];
      const b = ring[k];
      if (a && b) out.segment(a[0], a[1], b[0], b[1]);
    }
  };
  let k = 0;
  while (k < buf.length) {
    const op = buf[k++];
    if (op === MOVE) {
      flush(false);
      const x = buf[k++];
      const y = buf[k++];
      points.push([tx(x, y), ty(x, y)]);
    } else if (op === LINE) {
      const x = buf[k++];
      const y = buf[k++];
      points.push([tx(x, y), ty(x, y)]);
    } else if (op === CURVE) {
      const x = buf[k + 4];
      const y = buf[k + 5];
      k += 6;
      curved = true;
      points.push(null, [tx(x, y), ty(x, y)]);
    } else if (op === QUAD) {
      const x = buf[k + 2];
      const y = buf[k + 3];
      k += 4;
      curved = true;
      points.push(null, [tx(x, y), ty(x, y)]);
    } else if (op === CLOSE) {
      flush(true);
    } else {
      break; // unknown code: the rest of the buffer cannot be decoded
    }
  }
  flush(false);
}

/**
 * The box of a closed subpath of three or more curves (how circles and
 * ellipses are drawn: four Bézier quarters whose ends are the extremes).
 */
function closedCurve(pts: readonly ([number, number] | null)[], closed: boolean): [number, number, number, number] | undefined {
  const ends = pts.filter((p): p is [number, number] => p !== null);
  if (pts.length - ends.length < 3) return undefined;
  const xs = ends.map((p) => p[0]);
  const ys = ends.map((p) => p[1]);
  const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const first = ends[0];
  const last = ends[ends.length - 1];
  const gap = Math.hypot(first[0] - last[0], first[1] - last[1]);
  return closed || gap <= 0.1 * Math.max(box[2] - box[0], box[3] - box[1]) ? box : undefined;
}

/** Four (or five, closed) points forming an axis-aligned rectangle → `[x0, y0, x1, y1]`. */
function asRectangle(pts: readonly ([number, number] | null)[]): [number, number, number, number] | undefined {
  let list = pts as [number, number][];
  if (list.length === 5 && near(list[0], list[4])) list = list.slice(0, 4);
  if (list.length === 2) {
    // `re` with zero width or height arrives as a two-point path.
    const [a, b] = list;
    if (a[0] === b[0] || a[1] === b[1]) return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
    return undefined;
  }
  if (list.length !== 4) return undefined;
  const xs = list.map((p) => p[0]);
  const ys = list.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const tol = 0.01 * Math.max(x1 - x0, y1 - y0, 1);
  const onCorner = (p: [number, number]) =>
    (Math.abs(p[0] - x0) <= tol || Math.abs(p[0] - x1) <= tol) && (Math.abs(p[1] - y0) <= tol || Math.abs(p[1] - y1) <= tol);
  if (!list.every(onCorner)) return undefined;
  // Consecutive corners must share an x or a y (no bow-tie).
  for (let i = 0; i < 4; i++) {
    const a = list[i];
    const b = list[(i + 1) % 4];
    if (Math.abs(a[0] - b[0]) > tol && Math.abs(a[1] - b[1]) > tol) return undefined;
  }
  return [x0, y0, x1, y1];
}

const near = (a: [number, number], b: [number, number]) => Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

/**
 * Rulings and image boxes of one page, normalised to 0–1 from the top-left.
 * Never throws: a page whose operator list cannot be read has no graphics.
 *
 * @example
 * const graphics = await readPageGraphics(page, page.getViewport({ scale: 1 }));
 * // { rulings: [{ x0: 0.1, y0: 0.4, x1: 0.9, y1: 0.4 }, …], figures: [[0.1, 0.1, 0.3, 0.2]] }
 */
export async function readPageGraphics(page: PdfPageProxy, viewport: PdfViewportLike): Promise<PageGraphics> {
  try {
    const { pdfjs } = await loadPdfjs();
    const list = await page.getOperatorList();
    return collectGraphics(list.fnArray, list.argsArray, pdfjs.OPS as unknown as OpsTable, viewport);
  } catch {
    return {};
  }
}
