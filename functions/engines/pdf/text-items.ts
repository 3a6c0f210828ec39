/**
 * pdf.js text items → word fragments with estimated boxes.
 *
 * pdf.js gives one box per text run (origin, direction, font size and exact
 * advance width), not per glyph. Each run is split on whitespace and its
 * width is apportioned to the characters by typical glyph widths
 * (Helvetica's metrics; CJK full width), which places word edges within a
 * fraction of a character. Boxes are computed in PDF user space, then mapped
 * through the page viewport (which applies /Rotate and the crop box offset)
 * and normalised to 0–1 from the top-left.
 *
 * @module
 * @internal
 */
import type { BBox } from '../document-model.ts';
import type { LayoutWord, Orientation } from '../layout/reading-order.ts';

/** The subset of a pdf.js `TextItem` used here. */
export interface PdfTextItem {
  readonly str: string;
  readonly dir: string;
  readonly transform: readonly number[];
  readonly width: number;
  readonly height: number;
  readonly fontName: string;
  readonly hasEOL: boolean;
}

/** The subset of a pdf.js `TextStyle` used here. */
export interface PdfTextStyle {
  readonly ascent: number;
  readonly descent: number;
  readonly vertical: boolean;
}

/** The page viewport at scale 1: its size and the user-space → viewport matrix. */
export interface PdfViewportLike {
  readonly width: number;
  readonly height: number;
  readonly transform: readonly number[];
}

// Helvetica advance widths (1/1000 em) for ASCII 32–126.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722,
  778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278,
  556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Full-width ranges: CJK, Hangul, full-width forms; high surrogates (emoji, CJK extensions). */
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f], [0x2e80, 0xa4cf], [0xac00, 0xd7a3], [0xd800, 0xdbff],
  [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6],
];

function glyphWidth(code: number): number {
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32];
  if (code >= 0xdc00 && code <= 0xdfff) return 0; // low surrogate: the high one carries the width
  for (const [lo, hi] of WIDE) if (code >= lo && code <= hi) return 1000;
  return 556;
}

/** Exactly the code units JavaScript's `\s` matches. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** The nearest quarter turn (clockwise, y down) of a direction vector. */
function quarterOf(dx: number, dy: number): Orientation {
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 180;
  return dy > 0 ? 90 : 270;
}

/** A text run in user space: origin (e, f), baseline (u) and up (v) unit vectors, advance, and extent across it. */
interface RunFrame {
  readonly vertical: boolean;
  readonly e: number;
  readonly f: number;
  readonly ux: number;
  readonly uy: number;
  readonly vx: number;
  readonly vy: number;
  readonly advance: number;
  /** Half the width of a vertical run (centred on its origin). */
  readonly half: number;
  /** Descent and ascent of a horizontal run. */
  readonly lo: number;
  readonly hi: number;
}

/** Fills `corners` (x, y pairs in user space) with the corners of the run's part from fraction s to t along it. */
function fillCorners(corners: Float64Array, run: RunFrame, s: number, t: number): void {
  const { e, f, ux, uy, vx, vy, advance } = run;
  if (run.vertical) {
    // Vertical runs advance downwards from the origin, centred on it.
    const { half } = run;
    corners[0] = e - vx * advance * s - ux * half;
    corners[1] = f - vy * advance * s - uy * half;
    corners[2] = e - vx * advance * s + ux * half;
    corners[3] = f - vy * advance * s + uy * half;
    corners[4] = e - vx * advance * t - ux * half;
    corners[5] = f - vy * advance * t - uy * half;
    corners[6] = e - vx * advance * t + ux * half;
    corners[7] = f - vy * advance * t + uy * half;
  } else {
    const { lo, hi } = run;
    corners[0] = e + ux * advance * s + vx * lo;
    corners[1] = f + uy * advance * s + vy * lo;
    corners[2] = e + ux * advance * s + vx * hi;
    corners[3] = f + uy * advance * s + vy * hi;
    corners[4] = e + ux * advance * t + vx * lo;
    corners[5] = f + uy * advance * t + vy * lo;
    corners[6] = e + ux * advance * t + vx * hi;
    corners[7] = f + uy * advance * t + vy * hi;
  }
}

/** The box around the corners once projected through the viewport, as fractions of the page (unclamped). */
function projectCorners(corners: Float64Array, viewport: PdfViewportLike): [number, number, number, number] {
  const [m0, m1, m2, m3, m4, m5] = viewport.transform;
  const { width: vw, height: vh } = viewport;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < 8; k += 2) {
    const x = corners[k];
    const y = corners[k + 1];
    const px = (m0 * x + m2 * y + m4) / vw;
    const py = (m1 * x + m3 * y + m5) / vh;
    x0 = Math.min(x0, px);
    x1 = Math.max(x1, px);
    y0 = Math.min(y0, py);
    y1 = Math.max(y1, py);
  }
  return [x0, y0, x1, y1];
}

/**
 * Converts one page's text items into word fragments (confidence 1, source
 * `text-layer`), in content-stream order; `run` is the item index.
 *
 * @example
 * const fragments = itemsToWords(content.items, content.styles, page.getViewport({ scale: 1 }));
 */
export function itemsToWords(
  items: readonly unknown[],
  styles: Readonly<Record<string, PdfTextStyle>>,
  viewport: PdfViewportLike,
): LayoutWord[] {
  const words: LayoutWord[] = [];
  const corners = new Float64Array(8);
  const [m0, m1, m2, m3] = viewport.transform;

  items.forEach((raw, run) => {
    const item = raw as PdfTextItem;
    if (typeof item.str !== 'string' || !item.transform || !/\S/.test(item.str)) return;
    const [a, b, c, d, e, f] = item.transform;
    const style = styles[item.fontName];
    const size = Math.hypot(c, d) || item.height || Math.hypot(a, b);
    if (!(size > 0) || !Number.isFinite(e) || !Number.isFinite(f)) return;
    const vertical = style?.vertical ?? false;
    // Baseline (u) and up (v) unit vectors in user space.
    const ul = Math.hypot(a, b) || 1;
    const ux = a / ul;
    const uy = b / ul;
    const vl = Math.hypot(c, d) || 1;
    const vx = c / vl;
    const vy = d / vl;

    const str = item.str;
    const prefix = new Float64Array(str.length + 1);
    for (let i = 0; i < str.length; i++) prefix[i + 1] = prefix[i] + glyphWidth(str.charCodeAt(i));
    const total = prefix[str.length] || 1;
    const ascent = style && style.ascent > 0.4 && style.ascent < 1.3 ? style.ascent : 0.8;
    const descent = style && style.descent < 0 && style.descent > -0.6 ? style.descent : -0.2;
    // Runs of width 0 (some Type3 fonts) get the width their glyphs would have.
    const advance = vertical ? item.height || (total / 1000) * size : item.width || (total / 1000) * size;
    const rtl = item.dir === 'rtl';
    // Reading direction as displayed: the advance vector through the viewport (y down).
    const ax = vertical ? -vx : ux;
    const ay = vertical ? -vy : uy;
    const orientation = quarterOf(m0 * ax + m2 * ay, m1 * ax + m3 * ay);
    const frame: RunFrame = { vertical, e, f, ux, uy, vx, vy, advance, half: (item.width || size) / 2, lo: descent * size, hi: ascent * size };

    // Words are the runs of non-whitespace (as /\S+/g finds them), scanned by hand.
    for (let start = 0; start < str.length; ) {
      if (isSpace(str.charCodeAt(start))) {
        start++;
        continue;
      }
      let end = start + 1;
      while (end < str.length && !isSpace(str.charCodeAt(end))) end++;
      const text = str.slice(start, end);
      let s = prefix[start] / total;
      let t = prefix[end] / total;
      start = end;
      if (rtl) [s, t] = [1 - t, 1 - s];
      fillCorners(corners, frame, s, t);
      const [x0, y0, x1, y1] = projectCorners(corners, viewport);
      // Text entirely outside the crop box is not visible: drop it.
      if (x1 <= 0 || y1 <= 0 || x0 >= 1 || y0 >= 1) continue;
      const bbox: BBox = [Math.max(0, x0), Math.max(0, y0), Math.min(1, x1), Math.min(1, y1)];
      words.push({ text, bbox, confidence: 1, source: 'text-layer', run, orientation });
    }
  });
  return words;
}
