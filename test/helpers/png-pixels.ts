/** Test helper: the RGBA samples of a PNG, to compare painted pages pixel by pixel. */
import { createCanvas } from '@napi-rs/canvas';
import { decodePageImage } from '../../functions/engines/redact/mask.ts';

export async function pixelsOf(png: Uint8Array): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const image = await decodePageImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return { data: context.getImageData(0, 0, image.width, image.height).data, width: image.width, height: image.height };
}
