/**
 * Leaving a page canvas: its raw pixels (`canvas.data()`, RGBA straight from
 * Skia: premultiplied, which equals plain RGBA because every page canvas here
 * is opaque — pdf.js fills the page white) are encoded by sharp on libvips'
 * threads. Skia's own PNG encoder (`canvas.encode('png')`) took ~4× longer for
 * a 150-dpi text page and wrote a ~50 % larger file; `getImageData` alone
 * costs as much as sharp's encode. Both functions finish reading the canvas
 * before they resolve, so a lent canvas may go back to its renderer as soon
 * as they have.
 *
 * @module
 */
import type * as Canvas from '@napi-rs/canvas';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { createRequire } from 'node:module';

/** sharp (libvips), required at first use: modules that only reference the engines must not pull in a native binary. */
let sharpModule: typeof SharpModule | undefined;
function sharpOf(canvas: Canvas.Canvas): Sharp {
  sharpModule ??= createRequire(import.meta.url)('sharp') as typeof SharpModule;
  return sharpModule(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } });
}

/** The canvas as a PNG (RGBA, zlib level 6): a new raster, nothing of the original but its pixels. */
export async function encodePng(canvas: Canvas.Canvas): Promise<Uint8Array> {
  const png = await sharpOf(canvas).png({ compressionLevel: 6 }).toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** Page pixels as 8-bit RGB samples, row by row (alpha dropped: the page is opaque), for writers that encode them themselves. */
export interface PagePixels {
  readonly rgb: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** A copy of the canvas's pixels as RGB (a redacted PDF deflates them as they are, with no PNG in between). */
export async function canvasRgb(canvas: Canvas.Canvas): Promise<PagePixels> {
  const rgb = await sharpOf(canvas).removeAlpha().raw().toBuffer();
  return { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.byteLength), width: canvas.width, height: canvas.height };
}
