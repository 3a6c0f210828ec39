/**
 * A page image's fingerprint the way the OCR makes it (see
 * functions/engines/ocr/page-signature.ts): the image shrunk to the OCR's
 * 1600-pixel analysis copy, its backdrop painted white, its ink mask taken.
 * For the boundary trainer and tests, which read page images without OCR.
 *
 * @module
 */
import sharp from 'sharp';
import { backdropMask, inkMask, whitenBackdrop } from '../../functions/engines/ocr/page-analysis.ts';
import { pageSignature, type PageSignature } from '../../functions/engines/ocr/page-signature.ts';

const ANALYSIS_SIDE = 1600;

export async function imageSignature(image: Uint8Array): Promise<{ signature: PageSignature; width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const { data, info } = await sharp(image)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  const backdrop = backdropMask(small);
  if (backdrop) whitenBackdrop(small, backdrop, small.width, small.height, 0);
  const share = backdrop ? backdrop.reduce((sum, v) => sum + (v ? 1 : 0), 0) / backdrop.length : 0;
  return { signature: pageSignature(inkMask(small), 0, share), width, height };
}
