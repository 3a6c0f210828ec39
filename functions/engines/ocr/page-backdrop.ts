/**
 * The backdrop around a page's paper (a scanner's dark lid or bed, a table a
 * receipt was photographed on, a torn edge's shadow): found on the grayscale
 * image, painted out before the page is measured and read, and the paper's
 * own grey to paint it with. Pure functions over pixel arrays, like
 * page-analysis.ts (which re-exports them).
 *
 * @module
 */
import type { GrayImage } from './page-analysis.ts';

/**
 * Grey level at or under which a region touching the image's edge is a
 * backdrop (the scanner's lid or bed, a dark table, a torn-off corner's
 * shadow) rather than print: near black. Coloured banners and grey columns
 * of a layout are lighter and stay.
 */
const BACKDROP_LEVEL = 60;
/** A dark region touching the edge is a backdrop from this share of the page up (a glyph cut by the edge is far smaller). */
const MIN_BACKDROP_SHARE = 0.003;
/** The backdrop's grey fringe: pixels up to this level, up to this many pixels out from its near-black core. */
const FRINGE_LEVEL = 170;
const FRINGE_STEPS = 4;

/**
 * The near-black regions connected to the image's edge that are too big to
 * be print (a receipt scanned or photographed on something dark, a torn
 * edge), as a mask (1 = backdrop), or undefined when there is none. Such a
 * region drags a page-wide threshold down to between it and the paper, so
 * grey thermal print falls on the paper side and disappears (for the text
 * measurements here and for tesseract's own threshold alike); painted
 * white, the page is text on paper again.
 */
export function backdropMask(image: GrayImage): Uint8Array | undefined {
  const { data, width, height } = image;
  const region = new Uint8Array(data.length);
  const stack = new Int32Array(data.length);
  const minSize = data.length * MIN_BACKDROP_SHARE;
  let found = false;
  const fill = (start: number) => {
    if (region[start] || data[start] > BACKDROP_LEVEL) return;
    const members: number[] = [];
    let top = 0;
    stack[top++] = start;
    region[start] = 2;
    while (top > 0) {
      const p = stack[--top];
      members.push(p);
      const y = (p / width) | 0;
      const x = p - y * width;
      if (x > 0 && !region[p - 1] && data[p - 1] <= BACKDROP_LEVEL) ((region[p - 1] = 2), (stack[top++] = p - 1));
      if (x < width - 1 && !region[p + 1] && data[p + 1] <= BACKDROP_LEVEL) ((region[p + 1] = 2), (stack[top++] = p + 1));
      if (y > 0 && !region[p - width] && data[p - width] <= BACKDROP_LEVEL) ((region[p - width] = 2), (stack[top++] = p - width));
      if (y < height - 1 && !region[p + width] && data[p + width] <= BACKDROP_LEVEL) ((region[p + width] = 2), (stack[top++] = p + width));
    }
    // 2 = visited but too small (a glyph cut by the edge): not backdrop, not visited again.
    const mark = members.length >= minSize ? 1 : 2;
    if (mark === 1) found = true;
    for (const p of members) region[p] = mark;
  };
  for (let x = 0; x < width; x++) {
    fill(x);
    fill((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    fill(y * width);
    fill(y * width + width - 1);
  }
  if (!found) return undefined;
  for (let i = 0; i < region.length; i++) region[i] = region[i] === 1 ? 1 : 0;
  // The fringe between backdrop and paper (a torn edge's shadow, JPEG
  // ringing) is grey: grown into by a few pixels, or its jagged remains
  // read as a line of letters once the backdrop is white.
  for (let step = 0; step < FRINGE_STEPS; step++) {
    const grown: number[] = [];
    for (let p = 0; p < region.length; p++) {
      if (region[p] || data[p] > FRINGE_LEVEL) continue;
      const y = (p / width) | 0;
      const x = p - y * width;
      if ((x > 0 && region[p - 1]) || (x < width - 1 && region[p + 1]) || (y > 0 && region[p - width]) || (y < height - 1 && region[p + width]))
        grown.push(p);
    }
    if (!grown.length) break;
    for (const p of grown) region[p] = 1;
  }
  return region;
}

/**
 * Paints `backdrop` (a mask over an image of `maskWidth`×`maskHeight`, in
 * the same frame as `image` but maybe smaller) in `fill` (white unless
 * given) on `image`, grown by `margin` mask pixels so the backdrop's grey
 * fringe goes too. In place.
 */
export function whitenBackdrop(image: GrayImage, backdrop: Uint8Array, maskWidth: number, maskHeight: number, margin = 1, fill = 255): void {
  const grown = margin > 0 ? dilate(backdrop, maskWidth, maskHeight, margin) : backdrop;
  const { data, width, height } = image;
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x++) columns[x] = Math.min(maskWidth - 1, Math.floor(((x + 0.5) * maskWidth) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(maskHeight - 1, Math.floor(((y + 0.5) * maskHeight) / height)) * maskWidth;
    const out = y * width;
    for (let x = 0; x < width; x++) if (grown[row + columns[x]]) data[out + x] = fill;
  }
}

/**
 * The paper's grey: the median level of `image` outside `backdrop` (a mask
 * as for {@link whitenBackdrop}); print is a minority of the paper, so the
 * median is the paper itself. 255 when the mask covers everything.
 */
export function paperLevel(image: GrayImage, backdrop: Uint8Array, maskWidth: number, maskHeight: number): number {
  const { data, width, height } = image;
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const row = Math.min(maskHeight - 1, Math.floor(((y + 0.5) * maskHeight) / height)) * maskWidth;
    for (let x = 0; x < width; x++) {
      if (backdrop[row + Math.min(maskWidth - 1, Math.floor(((x + 0.5) * maskWidth) / width))]) continue;
      histogram[data[y * width + x]]++;
      count++;
    }
  }
  if (!count) return 255;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level];
    if (seen * 2 >= count) return level;
  }
  return 255;
}

function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let dx = Math.max(0, x - radius); dx <= Math.min(width - 1, x + radius); dx++) horizontal[y * width + dx] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!horizontal[y * width + x]) continue;
      for (let dy = Math.max(0, y - radius); dy <= Math.min(height - 1, y + radius); dy++) out[dy * width + x] = 1;
    }
  }
  return out;
}
