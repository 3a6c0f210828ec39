/**
 * The page image and its frames: opening the input with sharp, choosing the
 * scale OCR reads it at (from its text size), and mapping a box of the image
 * tesseract saw (turned, deskewed, rescaled) back onto the image that came in.
 *
 * @module
 */
import sharp, { type Sharp } from 'sharp';
import type { BBox } from '../document-model.ts';
import type { OcrInput } from './ocr-page-types.ts';

/** Long side of the small copy used for blank/orientation/skew analysis. */
export const ANALYSIS_SIDE = 1600;
/**
 * Text size band OCR works best in, as the height of a text line's ink band
 * measured by the projection profile (see page-analysis.ts): 10 pt print is
 * about 19 at 200 dpi and 29 at 300 dpi, 11 pt about 44 at 300 dpi. Pages
 * whose text falls outside the band are rescaled into it: small text grows
 * to 26 (tiny screenshots, low-resolution faxes), large text shrinks to 30
 * (high-resolution scans, phone photos, big type), since OCR time grows
 * with pixels; pages inside it are left alone (resampling costs accuracy
 * and time). Measured on a 300 dpi scan: 200 dpi reads as well as 300 dpi
 * (CER 1.2% vs 1.3%) in 16% less CPU; 150 dpi starts to lose characters.
 */
const MIN_LINE_HEIGHT = 18;
const MAX_LINE_HEIGHT = 40;
const SMALL_TEXT_TARGET = 26;
const LARGE_TEXT_TARGET = 30;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
/** The image OCR runs on never exceeds this many pixels, nor this long a side. */
export const MAX_OCR_PIXELS = 24_000_000;
const MAX_OCR_SIDE = 8_000;

/** Callers check the pixel count before OCR; `failOn: 'error'` turns truncated data into an error, not a grey band. */
export function source(input: OcrInput): Sharp {
  if (input.raw) return sharp(input.image, { raw: input.raw, limitInputPixels: false });
  return sharp(input.image, { limitInputPixels: false, failOn: 'error', page: input.page ?? 0, autoOrient: input.autoOrient ?? false });
}

export function toPgm(data: Uint8Array, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), data]);
}

type Point = [number, number];

/** Maps a point of the upright image (after a clockwise quarter-turn rotation) back to the input, normalised. */
function unrotate([u, v]: Point, rotation: number): Point {
  switch (rotation) {
    case 90:
      return [v, 1 - u];
    case 180:
      return [1 - u, 1 - v];
    case 270:
      return [1 - v, u];
    default:
      return [u, v];
  }
}

interface Frame {
  /** Upright (rotated, scaled) image size before deskew. */
  readonly uprightWidth: number;
  readonly uprightHeight: number;
  /** OCR image size (after deskew, which enlarges the canvas). */
  readonly ocrWidth: number;
  readonly ocrHeight: number;
  readonly rotation: number;
  /** Clockwise degrees applied by the deskew. */
  readonly skew: number;
}

/** Maps a pixel box of the OCR image to a normalised box of the input image. */
export function boxMapper(frame: Frame): (x0: number, y0: number, x1: number, y1: number) => BBox {
  const rad = (-frame.skew * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const ocx = frame.ocrWidth / 2;
  const ocy = frame.ocrHeight / 2;
  const ucx = frame.uprightWidth / 2;
  const ucy = frame.uprightHeight / 2;
  const toInput = (x: number, y: number): Point => {
    // Undo the deskew: rotate back by -skew around the canvas centre.
    const dx = x - ocx;
    const dy = y - ocy;
    const ux = dx * cos - dy * sin + ucx;
    const uy = dx * sin + dy * cos + ucy;
    return unrotate([ux / frame.uprightWidth, uy / frame.uprightHeight], frame.rotation);
  };
  const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;
  return (x0, y0, x1, y1) => {
    const corners = [toInput(x0, y0), toInput(x1, y0), toInput(x0, y1), toInput(x1, y1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return [clamp(Math.min(...xs)), clamp(Math.min(...ys)), clamp(Math.max(...xs)), clamp(Math.max(...ys))];
  };
}

export function chooseScale(width: number, height: number, lineHeight: number | undefined, forced?: number): number {
  let scale = forced ?? 1;
  if (forced === undefined && lineHeight && lineHeight > 0) {
    if (lineHeight < MIN_LINE_HEIGHT) scale = SMALL_TEXT_TARGET / lineHeight;
    else if (lineHeight > MAX_LINE_HEIGHT) scale = LARGE_TEXT_TARGET / lineHeight;
    scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  }
  const pixels = width * height * scale * scale;
  if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels);
  const side = Math.max(width, height) * scale;
  if (side > MAX_OCR_SIDE) scale *= MAX_OCR_SIDE / side;
  return scale;
}
