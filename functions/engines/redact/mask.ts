/**
 * Paints masked pages: the page image (or, for formats without one, the
 * page's words drawn where they stand) with opaque boxes over every
 * detected span, and in de-identify mode the synthetic value written into
 * the box.
 *
 * Masks are painted in place on a canvas holding the drawn page: the
 * renderer's own canvas where it lends one (PDF pages), else the page image
 * decoded onto a canvas, else the words drawn on a white one. What leaves
 * is a fresh PNG raster or the raw pixels: no text layer, no metadata,
 * nothing of the original but its pixels outside the boxes. Boxes are
 * padded so anti-aliased glyph edges of a masked word do not show around it.
 *
 * @module
 */
import type * as Canvas from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BBox, DocumentPage } from '../document-model.ts';

export interface MaskBox {
  /** Normalised page box (0–1, top-left origin). */
  readonly bbox: BBox;
  /** Text to write in the box (de-identify); absent → an opaque black box. */
  readonly replacement?: string;
}

/** Pixels per page point when a page has no image of its own (150 dpi). */
const TEXT_PAGE_SCALE = 150 / 72;
/** Padding around each box, as a share of its height (and at least 2 px). */
const PAD_RATIO = 0.15;
const FONT_FAMILY = 'docintel-sans';
let fontRegistered = false;

/**
 * The native canvas, required at first use: bundles of functions that only
 * reference the operation registry (job status, snapshots) must not pull in
 * a native binary; heavy functions ship it in node_modules.
 */
let canvasModule: typeof Canvas | undefined;
function nativeCanvas(): typeof Canvas {
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as typeof Canvas;
  return canvasModule;
}

/** Liberation Sans, shipped with pdf.js (standard_fonts), so Lambda needs no system fonts. */
function ensureFont(): string {
  if (!fontRegistered) {
    try {
      const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
      nativeCanvas().GlobalFonts.registerFromPath(join(pdfjsDir, 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT_FAMILY);
    } catch {
      // Fall back to whatever sans-serif the platform has.
    }
    fontRegistered = true;
  }
  return `${FONT_FAMILY}, sans-serif`;
}

function fitText(context: SKRSContext2D, text: string, width: number, height: number, font: string): void {
  let size = Math.max(6, height * 0.8);
  context.font = `${size}px ${font}`;
  const measured = context.measureText(text).width;
  if (measured > width && measured > 0) size = Math.max(5, (size * width) / measured);
  context.font = `${size}px ${font}`;
  context.fillStyle = '#000000';
  context.textBaseline = 'middle';
  context.fillText(text, 0, height / 2, width);
}

/** A page image decoded from PNG (renderers without a canvas of their own to lend). */
export type PageImage = Canvas.Image;

export function decodePageImage(png: Uint8Array): Promise<PageImage> {
  return nativeCanvas().loadImage(Buffer.from(png));
}

/** PNG colour types with an alpha channel (grey + alpha, RGB + alpha). */
const PNG_ALPHA_COLOUR_TYPES = new Set([4, 6]);

/**
 * Whether a PNG can hold transparent pixels: an alpha channel in its colour
 * type, or a `tRNS` chunk (a transparent palette entry or colour) before its
 * image data. Read from the chunk headers only; a file too short to tell
 * counts as transparent (drawn on white, which is always safe).
 */
export function pngMayBeTransparent(png: Uint8Array): boolean {
  if (png.byteLength < 33) return true;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (PNG_ALPHA_COLOUR_TYPES.has(png[25])) return true;
  // Chunks: length (4), type (4), data, CRC (4); the first starts after the 8-byte signature.
  for (let at = 8; at + 8 <= png.byteLength; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(png[at + 4], png[at + 5], png[at + 6], png[at + 7]);
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return true;
}

/** A PNG page image on a canvas of its own, over white, to be painted on like a lent one. */
export async function canvasFromPng(png: Uint8Array): Promise<Canvas.Canvas> {
  const image = await decodePageImage(png);
  const canvas = nativeCanvas().createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0, image.width, image.height);
  return canvas;
}

/**
 * A page without an image of its own (DOCX, XLSX, text formats): its words
 * drawn at their boxes on a white page, at 150 dpi of page units.
 *
 * Each character is drawn in its own even share of the word's box — the
 * share the masks assume when they cover part of a word (text-index.ts
 * partialBox). Drawn as one string in a proportional face, a long word (a
 * JSON log line has no spaces) ended well short of its box, and a mask over
 * the e-mail address inside it fell to the right of the address's letters.
 */
export function drawWordsPage(page: DocumentPage): Canvas.Canvas {
  const font = ensureFont();
  const width = Math.max(1, Math.round(page.width * TEXT_PAGE_SCALE));
  const height = Math.max(1, Math.round(page.height * TEXT_PAGE_SCALE));
  const canvas = nativeCanvas().createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.textBaseline = 'top';
  for (const word of page.words) {
    const [l, t, r, b] = word.bbox;
    const h = (b - t) * height;
    context.font = `${Math.max(4, h * 0.85)}px ${font}`;
    const characters = [...word.text];
    const cell = Math.max(1, (r - l) * width) / Math.max(1, characters.length);
    characters.forEach((character, i) => {
      // Centred in its share, as a monospaced face would set it.
      const inset = Math.max(0, (cell - context.measureText(character).width) / 2);
      context.fillText(character, l * width + i * cell + inset, t * height, cell);
    });
  }
  return canvas;
}

/**
 * Paints the masks on a drawn page, in place: an opaque black box over each
 * (padded) box, or in de-identify mode a white box with the synthetic value.
 */
export function paintMasks(canvas: Canvas.Canvas, boxes: readonly MaskBox[]): void {
  if (boxes.length === 0) return;
  const font = ensureFont();
  const { width, height } = canvas;
  const context = canvas.getContext('2d');
  for (const box of boxes) {
    const [l, t, r, b] = box.bbox;
    const pad = Math.max(2, (b - t) * height * PAD_RATIO);
    const x = Math.max(0, l * width - pad);
    const y = Math.max(0, t * height - pad);
    const w = Math.min(width, r * width + pad) - x;
    const h = Math.min(height, b * height + pad) - y;
    if (w <= 0 || h <= 0) continue;
    if (box.replacement === undefined) {
      context.fillStyle = '#000000';
      context.fillRect(x, y, w, h);
    } else {
      context.fillStyle = '#ffffff';
      context.fillRect(x, y, w, h);
      context.save();
      context.translate(x, y);
      fitText(context, box.replacement, w, h, font);
      context.restore();
    }
  }
}

// Leaving the canvas (PNG or RGB pixels): see ../image/canvas-encode.ts.
export { canvasRgb, encodePng, type PagePixels } from '../image/canvas-encode.ts';

/** The top `band` rows of the page's pixels: read straight from a canvas, or drawn from a decoded image. */
function headerBand(source: PageImage | Canvas.Canvas, band: number): { data: Uint8ClampedArray } {
  if ('getContext' in source) return source.getContext('2d').getImageData(0, 0, source.width, band);
  const canvas = nativeCanvas().createCanvas(source.width, band);
  const context = canvas.getContext('2d');
  context.drawImage(source, 0, 0);
  return context.getImageData(0, 0, source.width, band);
}

/**
 * Logo-like graphics in the page header: in the top fifth of the page
 * image, clusters of ink that no word covers (a logo, a letterhead
 * emblem). Works on any page image, text-layer PDF or scan; returns
 * normalised boxes.
 */
export function findHeaderGraphics(source: PageImage | Canvas.Canvas, words: readonly { bbox: BBox }[]): BBox[] {
  const width = source.width;
  const height = source.height;
  const band = Math.max(1, Math.round(height * 0.2));
  const { data } = headerBand(source, band);
  const CELL = Math.max(6, Math.round(width / 150));
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(band / CELL);
  const ink = new Uint8Array(cols * rows);
  const covered = (x: number, y: number) =>
    words.some((w) => x >= w.bbox[0] * width - CELL && x <= w.bbox[2] * width + CELL && y >= w.bbox[1] * height - CELL && y <= w.bbox[3] * height + CELL);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let dark = 0;
      let total = 0;
      for (let y = r * CELL; y < Math.min(band, (r + 1) * CELL); y += 2) {
        for (let x = c * CELL; x < Math.min(width, (c + 1) * CELL); x += 2) {
          const i = (y * width + x) * 4;
          const lum = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
          if (lum < 200) dark++;
          total++;
        }
      }
      if (total && dark / total > 0.08 && !covered(c * CELL + CELL / 2, r * CELL + CELL / 2)) ink[r * cols + c] = 1;
    }
  }
  // Connected clusters of ink cells; small specks and thin rules are not logos.
  const seen = new Uint8Array(cols * rows);
  const boxes: BBox[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    let minC = cols;
    let maxC = 0;
    let minR = rows;
    let maxR = 0;
    let cells = 0;
    while (stack.length) {
      const cell = stack.pop()!;
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      cells++;
      minC = Math.min(minC, c);
      maxC = Math.max(maxC, c);
      minR = Math.min(minR, r);
      maxR = Math.max(maxR, r);
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
        const n = nr * cols + nc;
        if (ink[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    const w = maxC - minC + 1;
    const h = maxR - minR + 1;
    if (cells >= 6 && w >= 3 && h >= 3) {
      boxes.push([(minC * CELL) / width, (minR * CELL) / height, Math.min(1, ((maxC + 1) * CELL) / width), Math.min(1, ((maxR + 1) * CELL) / height)]);
    }
  }
  return boxes;
}
