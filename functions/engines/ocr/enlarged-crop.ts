/**
 * A piece of a page cut out around a box and enlarged for a second
 * reading: the number re-reads (digits to a set height) and the line
 * re-reads (a text line to a set height) read such crops alone, framed in
 * white so tesseract's page analysis finds the text away from the edge.
 *
 * @module
 */
import sharp from 'sharp';
import type { GrayImage } from './page-analysis.ts';

export interface CropPlan {
  /** Margins around the box, as shares of the box's height (left/right, top/bottom). */
  readonly marginX: number;
  readonly marginY: number;
  /** Height the box's text is enlarged to, in pixels; never shrunk. */
  readonly targetHeight: number;
  readonly maxScale: number;
  /** White frame around the enlarged crop, in pixels. */
  readonly border: number;
  /** Boxes (and crops) smaller than this are not worth a reading. */
  readonly minHeight: number;
  readonly minWidth: number;
}

export interface EnlargedCrop {
  /** The crop as a binary PGM (what the recogniser is given). */
  readonly image: Uint8Array;
  /** A point (x, y) of the crop is at (left + (x − border) / scale, top + (y − border) / scale) in the page. */
  readonly left: number;
  readonly top: number;
  readonly scale: number;
  readonly border: number;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** A box read on `crop`, in whole pixels of the page it was cut from (tesseract's boxes are whole pixels too). */
export function boxOnPage(crop: EnlargedCrop, box: Box): Box {
  const back = (v: number, origin: number) => Math.round(origin + (v - crop.border) / crop.scale);
  return { x0: back(box.x0, crop.left), y0: back(box.y0, crop.top), x1: back(box.x1, crop.left), y1: back(box.y1, crop.top) };
}

function toPgm(data: Uint8Array, width: number, height: number): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), data]));
}

/** `box` of `image` with its margins, enlarged to the plan's text height, framed in white, as black and white; undefined when too small. */
export async function enlargedCrop(image: GrayImage, box: Box, plan: CropPlan): Promise<EnlargedCrop | undefined> {
  const height = box.y1 - box.y0;
  if (height < plan.minHeight || box.x1 - box.x0 < plan.minWidth) return undefined;
  const left = Math.max(0, Math.floor(box.x0 - height * plan.marginX));
  const top = Math.max(0, Math.floor(box.y0 - height * plan.marginY));
  const right = Math.min(image.width, Math.ceil(box.x1 + height * plan.marginX));
  const bottom = Math.min(image.height, Math.ceil(box.y1 + height * plan.marginY));
  if (right - left < plan.minWidth || bottom - top < plan.minHeight) return undefined;
  const scale = Math.min(plan.maxScale, Math.max(1, plan.targetHeight / height));
  const { border } = plan;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(Math.round((right - left) * scale), Math.round((bottom - top) * scale), { kernel: 'cubic' })
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected 1 channel, got ${info.channels}`);
  return { image: toPgm(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), info.width, info.height), left, top, scale, border };
}
