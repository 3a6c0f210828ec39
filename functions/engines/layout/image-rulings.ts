/**
 * Ruling lines in a page image (for OCR pages, where there are no vector
 * graphics): long, thin, straight runs of dark pixels, horizontal and
 * vertical, returned in the same normalised form as PDF rulings so the table
 * detector treats both alike.
 *
 * Method: binarise (Otsu threshold, capped so light-grey backgrounds stay
 * background), collect dark runs per row (and per column) that are at least
 * `minLength` long, tolerating small breaks (scanner noise, dashed lines),
 * then chain runs of adjacent rows that overlap into one line. Chains
 * thicker than `maxThickness` are filled areas (photos, black boxes), not
 * rules, and are dropped. Text strokes are far shorter than a table rule.
 * Linear in the number of pixels; the output is capped.
 *
 * @module
 */
import type { Ruling } from '../document-model.ts';

export interface GrayImage {
  /** One byte per pixel, row-major, 0 = black. */
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface ImageRulingOptions {
  /** Shortest line, in pixels. @default max(40, 4 % of the image side along the line) */
  readonly minLength?: number;
  /** Thickest line, in pixels. @default max(3, 0.6 % of the shorter side) */
  readonly maxThickness?: number;
  /** Largest break inside a line, in pixels. @default max(2, 0.25 % of the width) */
  readonly maxGap?: number;
  /** Dark threshold 0–255; by default Otsu's, at most 200. */
  readonly threshold?: number;
  /** At most this many rulings. @default 4000 */
  readonly maxRulings?: number;
}

/** Otsu's threshold on a histogram of (a sample of) the pixels. */
export function otsuThreshold(data: Uint8Array): number {
  const hist = new Float64Array(256);
  const step = Math.max(1, Math.floor(data.length / 1_000_000));
  let n = 0;
  for (let i = 0; i < data.length; i += step) {
    hist[data[i]]++;
    n++;
  }
  if (n === 0) return 128;
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * hist[v];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    wB += hist[v];
    if (wB === 0) continue;
    const wF = n - wB;
    if (wF === 0) break;
    sumB += v * hist[v];
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

interface Run {
  start: number;
  end: number;
}

interface Chain {
  /** First and last scan line (row for horizontal lines). */
  first: number;
  last: number;
  start: number;
  end: number;
  /** Sum of run lengths, for the mean extent. */
  weight: number;
}

/** Dark runs of one scan line: pixels `data[base + i * stride]` for i in [0, length). */
function runsOf(
  data: Uint8Array,
  base: number,
  stride: number,
  length: number,
  threshold: number,
  minLength: number,
  maxGap: number,
  out: Run[],
): void {
  out.length = 0;
  let start = -1;
  let lastDark = -1;
  for (let i = 0, p = base; i < length; i++, p += stride) {
    if (data[p] > threshold) continue;
    if (start < 0) start = i;
    else if (i - lastDark - 1 > maxGap) {
      if (lastDark - start + 1 >= minLength) out.push({ start, end: lastDark + 1 });
      start = i;
    }
    lastDark = i;
  }
  if (start >= 0 && lastDark - start + 1 >= minLength) out.push({ start, end: lastDark + 1 });
}

/**
 * Chains runs across consecutive scan lines into lines, keeping the thin ones.
 * Scan line `line` starts at `line * lineStep` and advances by `stride`.
 */
function scan(
  image: GrayImage,
  horizontal: boolean,
  threshold: number,
  minLength: number,
  maxGap: number,
  maxThickness: number,
  emit: (c: Chain) => void,
): void {
  const { data, width, height } = image;
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const lineStep = horizontal ? width : 1;
  const stride = horizontal ? 1 : width;
  let open: Chain[] = [];
  const runs: Run[] = [];
  for (let line = 0; line <= lines; line++) {
    if (line < lines) runsOf(data, line * lineStep, stride, length, threshold, minLength, maxGap, runs);
    else runs.length = 0;
    const next: Chain[] = [];
    const used = new Set<Chain>();
    for (const r of runs) {
      // Continue an open chain this run overlaps by at least half of the shorter one.
      let match: Chain | undefined;
      for (const c of open) {
        if (used.has(c)) continue;
        const overlap = Math.min(c.end, r.end) - Math.max(c.start, r.start);
        if (overlap >= 0.5 * Math.min(c.end - c.start, r.end - r.start)) {
          match = c;
          break;
        }
      }
      if (match) {
        used.add(match);
        match.last = line;
        match.start = Math.min(match.start, r.start);
        match.end = Math.max(match.end, r.end);
        match.weight += r.end - r.start;
        next.push(match);
      } else next.push({ first: line, last: line, start: r.start, end: r.end, weight: r.end - r.start });
    }
    // A chain that grew beyond the thickness limit is a filled area: it ends without being emitted.
    for (const c of open) if (!used.has(c) && c.last - c.first + 1 <= maxThickness) emit(c);
    open = next.length > 10_000 ? next.slice(0, 10_000) : next;
  }
}

/**
 * Long horizontal and vertical lines of a grayscale page image, normalised
 * to 0–1 (top-left origin), like `page.rulings`.
 *
 * @example
 * const rulings = detectImageRulings({ data: gray, width: 1275, height: 1650 });
 * page = { ...page, rulings };
 */
export function detectImageRulings(image: GrayImage, options: ImageRulingOptions = {}): Ruling[] {
  const { data, width, height } = image;
  if (!(width > 0 && height > 0) || data.length < width * height) return [];
  const threshold = options.threshold ?? Math.min(200, otsuThreshold(data));
  const maxThickness = options.maxThickness ?? Math.max(3, Math.round(0.006 * Math.min(width, height)));
  const maxGap = options.maxGap ?? Math.max(2, Math.round(0.0025 * width));
  const maxRulings = options.maxRulings ?? 4_000;
  const minH = options.minLength ?? Math.max(40, Math.round(0.04 * width));
  const minV = options.minLength ?? Math.max(40, Math.round(0.04 * height));
  const out: Ruling[] = [];

  scan(image, true, threshold, minH, maxGap, maxThickness, (c) => {
    if (out.length >= maxRulings) return;
    const y = (c.first + c.last + 1) / 2 / height;
    out.push({ x0: c.start / width, y0: y, x1: c.end / width, y1: y });
  });
  scan(image, false, threshold, minV, maxGap, maxThickness, (c) => {
    if (out.length >= maxRulings) return;
    const x = (c.first + c.last + 1) / 2 / width;
    out.push({ x0: x, y0: c.start / height, x1: x, y1: c.end / height });
  });
  return out;
}
