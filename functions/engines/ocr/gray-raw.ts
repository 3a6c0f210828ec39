/**
 * An image as 8-bit grey samples (the form page-analysis.ts and the layout
 * readers of drawn pages work on), decoded by sharp.
 *
 * @module
 */
import type { Sharp } from 'sharp';
import type { GrayImage } from './page-analysis.ts';

/** The pipeline's image in grey, one byte a pixel; transparent areas become paper (white), not whatever colour hides under the alpha. */
export async function grayRaw(pipeline: Sharp): Promise<GrayImage> {
  const { data, info } = await pipeline.flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected 1 channel, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
