/**
 * Cheap measurements on a small grayscale copy of a page image, done before
 * OCR: is the page blank, how skewed are its text lines, how tall are they.
 * Pure functions over pixel arrays (no sharp, no tesseract), so they are
 * easy to test and cost a few milliseconds.
 *
 * The backdrop around the paper (found, painted out, the paper's grey) is
 * page-backdrop.ts's, re-exported here for the callers that measure a page.
 *
 * @module
 */

export { backdropMask, paperLevel, whitenBackdrop } from './page-backdrop.ts';

/** An 8-bit single-channel image, row-major. */
export interface GrayImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Otsu's threshold of an 8-bit histogram: the level that best separates ink from background. */
export function otsuThreshold(histogram: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    total += histogram[i];
    sum += i * histogram[i];
  }
  let sumBackground = 0;
  let weightBackground = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    weightBackground += histogram[t];
    if (weightBackground === 0) continue;
    const weightForeground = total - weightBackground;
    if (weightForeground === 0) break;
    sumBackground += t * histogram[t];
    const meanBackground = sumBackground / weightBackground;
    const meanForeground = (sum - sumBackground) / weightForeground;
    const between = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

export interface InkMask {
  /** 1 = ink. */
  readonly mask: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** Share of ink pixels, 0–1. */
  readonly inkRatio: number;
  /** Background minus ink level (0–255): the page's contrast. */
  readonly contrast: number;
  /** Ink is the lighter class (white text on a dark page). */
  readonly inkIsLight?: boolean;
}

/** Minimum contrast between ink and paper for anything to count as ink. */
const MIN_CONTRAST = 48;

/**
 * Binarises a page: ink is the darker class of Otsu's split (or the lighter
 * one when it is the minority, as for white text on a dark page), and only
 * when the two classes differ by a real contrast (paper noise is not ink).
 */
export function inkMask(image: GrayImage): InkMask {
  const { data, width, height } = image;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  const threshold = otsuThreshold(histogram);
  let dark = 0;
  let darkSum = 0;
  let lightSum = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= threshold) {
      dark += histogram[v];
      darkSum += v * histogram[v];
    } else lightSum += v * histogram[v];
  }
  const light = data.length - dark;
  const contrast = dark && light ? lightSum / light - darkSum / dark : 0;
  const mask = new Uint8Array(data.length);
  if (contrast < MIN_CONTRAST) return { mask, width, height, inkRatio: 0, contrast };
  const inkIsDark = dark <= light;
  let ink = 0;
  for (let i = 0; i < data.length; i++) {
    const isInk = inkIsDark ? data[i] <= threshold : data[i] > threshold;
    if (isInk) {
      mask[i] = 1;
      ink++;
    }
  }
  return { mask, width, height, inkRatio: ink / data.length, contrast, inkIsLight: !inkIsDark };
}

/**
 * Window half-width of the local ink mask, as a share of the image's long
 * side (bounded in pixels): wider than a stroke and about a character, so a
 * letter is darker than its surroundings while a grey column, a photo's
 * flat areas or a table's wood grain are as dark as theirs.
 */
const LOCAL_WINDOW_SHARE = 0.012;
const MIN_LOCAL_RADIUS = 6;
const MAX_LOCAL_RADIUS = 24;
/** Sauvola's sensitivity (k) and dynamic range (R): a pixel is ink when darker than mean × (1 + k (std / R − 1)). */
const SAUVOLA_K = 0.3;
const SAUVOLA_RANGE = 128;
/** A page whose median grey level is under this is dark (light text on it). */
const DARK_PAGE_MEDIAN = 96;
/** … and at least this many grey levels darker than its surroundings (flat paper noise is not ink). */
const MIN_LOCAL_CONTRAST = 20;

/**
 * Settings of {@link localInkMask} for faint print: the page-wide contrast
 * it accepts, and Sauvola's k (smaller: strokes only a little darker than
 * their surroundings count; the usual 0.3 wants them under ~70% of it).
 */
export interface FaintInk {
  readonly minContrast: number;
  readonly sensitivity: number;
}

/**
 * Ink by local contrast (Sauvola's threshold over a window about a
 * character wide): the strokes of text on whatever lies behind them. Unlike
 * the page-wide split of {@link inkMask}, a grey side column, a grey
 * backdrop around a photographed card, a portrait or a wooden table is not
 * ink; only their edges are. Text measurements (line height, skew, text
 * bands) made on this mask see the text of photos and coloured layouts,
 * not their areas. Light text on a dark page (light ink as {@link inkMask}
 * found it, on a page mostly dark) is read on the inverted image; a light
 * card on a dark backdrop is not a dark page.
 */
export function localInkMask(image: GrayImage, global: InkMask = inkMask(image), faint?: FaintInk): InkMask {
  const { data, width, height } = image;
  const mask = new Uint8Array(data.length);
  if (global.contrast < (faint?.minContrast ?? MIN_CONTRAST)) return { mask, width, height, inkRatio: 0, contrast: global.contrast };
  const k = faint?.sensitivity ?? SAUVOLA_K;
  const invert = global.inkIsLight === true && medianLevel(data) < DARK_PAGE_MEDIAN;
  const radius = Math.max(MIN_LOCAL_RADIUS, Math.min(MAX_LOCAL_RADIUS, Math.round(Math.max(width, height) * LOCAL_WINDOW_SHARE)));
  // Integral images of the value and its square, (width + 1) × (height + 1).
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = invert ? 255 - data[y * width + x] : data[y * width + x];
      rowSum += v;
      rowSquares += v * v;
      sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + rowSum;
      squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1] + rowSquares;
    }
  }
  let ink = 0;
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sum[y1 * stride + x1] - sum[y0 * stride + x1] - sum[y1 * stride + x0] + sum[y0 * stride + x0];
      const q = squares[y1 * stride + x1] - squares[y0 * stride + x1] - squares[y1 * stride + x0] + squares[y0 * stride + x0];
      const mean = s / n;
      const std = Math.sqrt(Math.max(0, q / n - mean * mean));
      const v = invert ? 255 - data[y * width + x] : data[y * width + x];
      if (v < mean * (1 + k * (std / SAUVOLA_RANGE - 1)) && mean - v >= MIN_LOCAL_CONTRAST) {
        mask[y * width + x] = 1;
        ink++;
      }
    }
  }
  return { mask, width, height, inkRatio: ink / data.length, contrast: global.contrast, inkIsLight: invert };
}

function medianLevel(data: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen * 2 >= data.length) return v;
  }
  return 255;
}

/** An 8-bit three-channel (RGB) image, row-major, pixel by pixel. */
export interface RgbImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * Chroma (the largest minus the smallest of R, G and B) from which a pixel
 * is coloured: a wooden table or a coloured desk measures 40–60, white or
 * grey paper and black print under 20 (a phone's colour noise included).
 */
const COLOURED_CHROMA = 30;
/** A backdrop is coloured when at least this share of the page is, and the paper is still this share of it. */
const MIN_COLOURED_SHARE = 0.1;
const MIN_PAPER_SHARE = 0.1;
/**
 * Chroma is averaged over a window this share of the long side wide
 * (at least 2 px) before paper and backdrop are told apart, so a stroke's
 * coloured fringe or a thin coloured mark on the paper stays paper; the
 * paper is then shrunk by twice that, so its edge (a shadow, the table's
 * grain along it) is not taken for a line of ink.
 */
const CHROMA_WINDOW_SHARE = 0.003;

/**
 * The ink of `ink` that lies on grey or white paper photographed on a
 * coloured backdrop (a card on a wooden table): ink pixels that are
 * themselves grey, inside the paper's low-chroma region, away from its
 * edge. The grain of wood is as dark by local contrast as small print but
 * coloured, so on the local mask it drowns the text lines (no skew, no
 * line height found); here only the print is left. Undefined when the
 * image has no coloured backdrop (every grayscale image, most scans) or
 * no paper on it. `colour` and `ink` have the same size.
 */
export function paperInkMask(colour: RgbImage, ink: InkMask): InkMask | undefined {
  const { data, width, height } = colour;
  const n = width * height;
  if (ink.width !== width || ink.height !== height || data.length < n * 3) return undefined;
  const chroma = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = data[i * 3];
    const g = data[i * 3 + 1];
    const b = data[i * 3 + 2];
    chroma[i] = Math.max(r, g, b) - Math.min(r, g, b);
  }
  const radius = Math.max(2, Math.round(Math.max(width, height) * CHROMA_WINDOW_SHARE));
  const smooth = boxMean(chroma, width, height, radius);
  const paper = new Uint8Array(n);
  let paperPixels = 0;
  for (let i = 0; i < n; i++) if (smooth[i] < COLOURED_CHROMA) (paper[i] = 1), paperPixels++;
  if (paperPixels > n * (1 - MIN_COLOURED_SHARE) || paperPixels < n * MIN_PAPER_SHARE) return undefined;
  // Shrunk: a pixel stays paper when its whole window is paper.
  const inner = boxMean(paper, width, height, radius * 2);
  const mask = new Uint8Array(n);
  let inked = 0;
  for (let i = 0; i < n; i++) if (ink.mask[i] && inner[i] === 1 && chroma[i] < COLOURED_CHROMA) (mask[i] = 1), inked++;
  const result = { mask, width, height, inkRatio: inked / n, contrast: ink.contrast, inkIsLight: ink.inkIsLight };
  return isBlank(result) ? undefined : result;
}

/** The mean of `values` over a (2 radius + 1)² window around each pixel (clipped at the edges), via an integral image. */
function boxMean(values: Uint8Array, width: number, height: number, radius: number): Float64Array {
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += values[y * width + x];
      sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1] + row;
    }
  }
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      out[y * width + x] = (sum[y1 * stride + x1] - sum[y0 * stride + x1] - sum[y1 * stride + x0] + sum[y0 * stride + x0]) / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Pages with less ink than this share (a few specks of dust) are blank. */
export const BLANK_INK_RATIO = 0.0005;

export function isBlank(mask: InkMask): boolean {
  return mask.inkRatio < BLANK_INK_RATIO;
}

/** Rotates a mask clockwise by a multiple of 90°. */
export function rotateMask(mask: InkMask, degrees: 0 | 90 | 180 | 270): InkMask {
  if (degrees === 0) return mask;
  const { width: w, height: h } = mask;
  const [ow, oh] = degrees === 180 ? [w, h] : [h, w];
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask.mask[y * w + x]) continue;
      let nx: number;
      let ny: number;
      if (degrees === 90) [nx, ny] = [h - 1 - y, x];
      else if (degrees === 180) [nx, ny] = [w - 1 - x, h - 1 - y];
      else [nx, ny] = [y, w - 1 - x];
      out[ny * ow + nx] = 1;
    }
  }
  return { ...mask, mask: out, width: ow, height: oh };
}

/**
 * Direction of the text lines from the ink alone: the sharpness of the row
 * profile over that of the column profile. Well above 1 for horizontal
 * lines (upright or upside down), well below 1 for vertical ones (a page
 * turned a quarter): about 2–10 against 0.1–0.45 on pages of one to fifty
 * lines.
 */
export function lineAxisRatio(mask: InkMask): number {
  const rows = new Float64Array(mask.height);
  const cols = new Float64Array(mask.width);
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (mask.mask[row + x]) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  const byRows = sharpness(rows);
  const byCols = sharpness(cols);
  return byCols === 0 ? Number.POSITIVE_INFINITY : byRows / byCols;
}

/** Ink pixel coordinates, subsampled to at most `max`. */
function inkPoints(mask: InkMask, max = 150_000): { xs: Float64Array; ys: Float64Array } {
  let count = 0;
  for (let i = 0; i < mask.mask.length; i++) count += mask.mask[i];
  const step = Math.max(1, Math.ceil(count / max));
  const n = Math.ceil(count / step);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let seen = 0;
  let k = 0;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.mask[row + x]) continue;
      if (seen++ % step === 0 && k < n) {
        xs[k] = x;
        ys[k] = y;
        k++;
      }
    }
  }
  return { xs: xs.subarray(0, k), ys: ys.subarray(0, k) };
}

/** Horizontal projection of the ink after a rotation by `degrees` (counter-clockwise positive). */
function projection(xs: Float64Array, ys: Float64Array, degrees: number, size: number): Float64Array {
  const t = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(size * Math.abs(t)) + 1;
  const bins = new Float64Array(size + 2 * offset + 2);
  for (let i = 0; i < xs.length; i++) {
    const bin = Math.round(ys[i] + xs[i] * t) + offset;
    if (bin >= 0 && bin < bins.length) bins[bin]++;
  }
  return bins;
}

function sharpness(bins: Float64Array): number {
  let score = 0;
  for (let i = 1; i < bins.length; i++) score += (bins[i] - bins[i - 1]) ** 2;
  return score;
}

export interface SkewEstimate {
  /**
   * Angle of the text lines in degrees, positive when they climb to the
   * right (counter-clockwise); rotating the image clockwise by this angle
   * straightens them.
   */
  readonly angle: number;
  /** Median height of the text lines' ink, in mask pixels; undefined when no line structure is found. */
  readonly lineHeight?: number;
}

/** Lines tilted further than this are not deskewed (they are a layout, not a skew). */
export const MAX_SKEW_DEGREES = 10;

/**
 * Projection-profile skew estimate: the angle at which the rows of ink are
 * sharpest (text lines fall into few rows and the gaps between them empty),
 * searched coarse (0.5°) then fine (0.1°). Also measures the typical text
 * line height from the straightened profile.
 *
 * @example
 * estimateSkew(inkMask(gray)); // { angle: 1.4, lineHeight: 12 }
 */
export function estimateSkew(mask: InkMask, maxDegrees: number = MAX_SKEW_DEGREES): SkewEstimate {
  const { xs, ys } = inkPoints(mask);
  if (xs.length < 50) return { angle: 0 };
  const size = mask.height;
  let bestAngle = 0;
  let bestScore = -1;
  const consider = (angle: number) => {
    const score = sharpness(projection(xs, ys, angle, size));
    if (score > bestScore) {
      bestScore = score;
      bestAngle = angle;
    }
  };
  for (let a = -maxDegrees; a <= maxDegrees + 1e-9; a += 0.5) consider(a);
  const coarse = bestAngle;
  for (let a = coarse - 0.4; a <= coarse + 0.4 + 1e-9; a += 0.1) consider(Math.round(a * 10) / 10);
  // Prefer exactly 0 when it is as good as the best (no needless resampling).
  const zero = sharpness(projection(xs, ys, 0, size));
  if (zero >= bestScore * 0.995) bestAngle = 0;
  return { angle: bestAngle, lineHeight: lineHeightOf(projection(xs, ys, bestAngle, size), mask.width) };
}

/**
 * Rows with more ink than this share of the page width are rules, borders
 * or a dark edge, not text: a text row of a receipt or a page holds 5–30%.
 */
const FULL_ROW_SHARE = 0.5;
/**
 * Text line bands shorter than this (mask pixels) are slivers of lines, not
 * lines: at the analysis copy's 1600 px a line of print is 8 or more.
 */
const MIN_LINE_BAND = 6;

/**
 * Median length of the runs of rows that hold ink (text lines), ignoring
 * specks: rows under 5% of the fullest row. When one black border row
 * across a scan sets that scale, the floor lies above the thin parts of
 * every text line and splits each into slivers (a 4-pixel "line height",
 * and a 4× blow-up of the page); the height is then measured again against
 * the fullest row that is not full ({@link FULL_ROW_SHARE}). Only then: the
 * higher floor keeps text lines apart from a picture beside them.
 */
function lineHeightOf(bins: Float64Array, width: number): number | undefined {
  const measured = runLength(bins, Number.POSITIVE_INFINITY);
  if (measured === undefined || measured >= MIN_LINE_BAND) return measured;
  return runLength(bins, width * FULL_ROW_SHARE) ?? measured;
}

function runLength(bins: Float64Array, fullRow: number): number | undefined {
  let max = 0;
  for (const v of bins) if (v > max && v <= fullRow) max = v;
  if (max === 0) return undefined;
  const floor = max * 0.05;
  const runs: number[] = [];
  let run = 0;
  for (const v of bins) {
    if (v > floor) run++;
    else {
      if (run >= 2) runs.push(run);
      run = 0;
    }
  }
  if (run >= 2) runs.push(run);
  if (runs.length < 2) return undefined;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)];
}

/**
 * The page's text rows as `[start, end)` row ranges of the mask: runs of
 * inked rows (as {@link estimateSkew} measures line height, on the
 * unrotated profile) no shorter than half and no taller than twice their
 * median, so rules, specks and pictures are left out. For checking that a
 * reading covered every line of a page.
 */
export function textRows(mask: InkMask): Array<[number, number]> {
  const rows = new Float64Array(mask.height);
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) rows[y] += mask.mask[row + x];
  }
  let max = 0;
  for (const v of rows) if (v > max && v <= mask.width * FULL_ROW_SHARE) max = v;
  if (max === 0) return [];
  const floor = max * 0.05;
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let y = 0; y <= mask.height; y++) {
    const inked = y < mask.height && rows[y] > floor && rows[y] <= mask.width * FULL_ROW_SHARE;
    if (inked && start < 0) start = y;
    else if (!inked && start >= 0) {
      if (y - start >= 2) runs.push([start, y]);
      start = -1;
    }
  }
  if (runs.length < 2) return runs;
  const heights = runs.map(([a, b]) => b - a).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  return runs.filter(([a, b]) => b - a >= median / 2 && b - a <= median * 2);
}

/**
 * The window of `size` consecutive rows (or columns) where the ink changes
 * most from one row to the next (the total variation of its profile), as
 * `[start, end)`: where text lines alternate with the gaps between them,
 * rather than where the ink is (a grey scanner shadow, a photo, a dark
 * margin). A strip of text to read when a decision needs a sample of the
 * page rather than all of it. Columns are counted within `rows` only.
 */
export function textBand(mask: InkMask, size: number, axis: 'rows' | 'columns' = 'rows', rows: readonly [number, number] = [0, mask.height]): [number, number] {
  const length = axis === 'rows' ? mask.height : mask.width;
  const profile = new Float64Array(length);
  for (let y = rows[0]; y < rows[1]; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) if (mask.mask[row + x]) profile[axis === 'rows' ? y : x]++;
  }
  // Rows fuller than a typical inked row (rules, borders, shaded areas)
  // count as typical: a text line is a rise and a fall, whatever its ink.
  const inked = Array.from(profile.filter((v) => v > 0)).sort((a, b) => a - b);
  const typical = inked.length ? inked[Math.floor(inked.length / 2)] : 0;
  // change[i]: how much the ink differs between position i - 1 and i.
  const change = new Float64Array(length);
  for (let i = 1; i < length; i++) change[i] = Math.abs(Math.min(profile[i], typical) - Math.min(profile[i - 1], typical));
  const window = Math.max(1, Math.min(length, Math.round(size)));
  let score = 0;
  for (let i = 1; i < window; i++) score += change[i];
  let best = score;
  let start = 0;
  for (let i = window; i < length; i++) {
    score += change[i] - change[i - window + 1];
    if (score > best) {
      best = score;
      start = i - window + 1;
    }
  }
  return [start, start + window];
}
