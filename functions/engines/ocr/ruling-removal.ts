/**
 * Form rulings taken out of the image tesseract reads: the long horizontal and vertical lines of a form (box
 * borders, fill-in lines, table grids) are painted in the paper's colour where nothing crosses them, so that
 * text typed on a line or inside a tight box is read as text rather than as part of one large shape that
 * tesseract's layout analysis drops or reads as `|`, `_` and `—`.
 *
 * A glyph stroke that crosses a line (a descender through an underline, a letter typed over a box edge) is
 * kept: along the line, each cross-section of dark pixels is erased only when it is no thicker than a ruling
 * and the pixels just beyond it on both sides are paper.
 *
 * @module
 */
import type { Ruling } from '../document-model.ts';
import { detectImageRulings, otsuThreshold, type GrayImage } from '../layout/image-rulings.ts';
import { formEvidence, isFormPage, type FormEvidence } from './form-gate.ts';

/** Grey level rulings are painted over with (paper on a scan that went through the page-wide threshold). */
const PAPER = 255;
/** A ruling's cross-section is looked for this many pixels either side of its centre line, beyond its thickness. */
const SEARCH_MARGIN = 2;
/** A ruling is at least this many text line heights long. */
const MIN_LENGTH_LINES = 5;
/** Thickest ruling, in text line heights. */
const MAX_THICKNESS_LINES = 0.25;
/** Largest break in a ruling, in pixels. */
const MAX_GAP = 2;
/** A ruling is taken out only when dark along at least this share of its length… */
const MIN_DARK_SHARE = 0.8;
/** …and clear of crossing strokes along at least this share of that. */
const MIN_CLEAR_SHARE = 0.6;

export interface RulingRemoval {
  /** Rulings found and taken out. */
  readonly rulings: number;
  /** Pixels painted over. */
  readonly pixels: number;
  /** What the page's rulings say about it being a form (form-gate.ts), and whether they were taken out. */
  readonly evidence: FormEvidence;
  readonly form: boolean;
}

/**
 * Paints over the rulings of `image` in place (see the module comment) when the page is a form by its rulings
 * (form-gate.ts: on any other page the image is left exactly as it was); returns how many it found and how many
 * pixels it changed. `gate: false` takes them out on any page (the unit tests of the removal itself).
 *
 * @example
 * const removal = removeRulings(upright, 24); // { rulings: 14, pixels: 9120, form: true, evidence: {...} }
 */
export function removeRulings(image: GrayImage, lineHeight: number, options: { gate?: boolean } = {}): RulingRemoval {
  const { data, width, height } = image;
  if (!(width > 0 && height > 0)) return { rulings: 0, pixels: 0, evidence: formEvidence([], lineHeight, { left: 0, right: 0 }), form: false };
  const threshold = Math.min(200, otsuThreshold(data));
  // A line no thicker than a quarter of a text line (a letter's stroke is about that): a line and the bottoms of
  // the letters typed on it are thicker together, and are left alone.
  const maxThickness = Math.max(3, Math.round(MAX_THICKNESS_LINES * lineHeight));
  // Long and unbroken: a row through a word of close-set type (the tops of its letters, its serifs) runs on
  // with small breaks for a word's length, a form's line for several words' length.
  const found = detectImageRulings(image, { threshold, minLength: Math.round(MIN_LENGTH_LINES * lineHeight), maxGap: MAX_GAP, maxThickness });
  const ink = inkSpan(image, threshold);
  // Rulings are taken out one after another, as kv5 measured it: where two meet (a box's corner, a grid's
  // crossing), the first one's paint leaves the second clear there. The gate is decided on what was taken out,
  // and a page that is no form gets its image back untouched.
  const original = options.gate === false ? undefined : Uint8Array.from(data);
  const taken: Ruling[] = [];
  let pixels = 0;
  for (const ruling of found) {
    const sections = crossSections(ruling, width, height);
    const runs = sections.map((s) => darkRun(data, s.base, s.stride, s.length, s.centre, maxThickness, threshold));
    const dark = runs.filter((run) => run !== undefined);
    const clear = dark.filter((run) => run.clear).length;
    // A row of a text line's serifs or a letter's long bar also reads as a short "ruling": a form's line is
    // dark along most of its length, and most of it is crossed by nothing.
    if (dark.length < MIN_DARK_SHARE * sections.length || clear < MIN_CLEAR_SHARE * dark.length) continue;
    taken.push(scaled(ruling, width, height));
    runs.forEach((run, k) => {
      if (!run?.clear) return;
      const { base, stride } = sections[k];
      // The grey fringe a rescaled line has goes too (a pixel either side, paper or near it by the test above).
      const [from, to] = [Math.max(0, run.start - 1), Math.min(sections[k].length - 1, run.end + 1)];
      for (let i = from; i <= to; i++) data[base + i * stride] = PAPER;
      pixels += to - from + 1;
    });
  }
  const evidence = formEvidence(taken, lineHeight, ink);
  if (original && !isFormPage(evidence)) {
    data.set(original);
    return { rulings: 0, pixels: 0, evidence, form: false };
  }
  return { rulings: taken.length, pixels, evidence, form: true };
}

/** A ruling's ends in the image's pixels. */
function scaled(r: Ruling, width: number, height: number): Ruling {
  return { x0: r.x0 * width, y0: r.y0 * height, x1: r.x1 * width, y1: r.y1 * height };
}

interface CrossSection {
  /** The pixels `data[base + i * stride]` for i in [0, length), the line's centre at `centre`. */
  base: number;
  stride: number;
  length: number;
  centre: number;
}

/** The cross-sections of one ruling, one per pixel along it. */
function crossSections(r: Ruling, width: number, height: number): CrossSection[] {
  const out: CrossSection[] = [];
  if (r.y0 === r.y1) {
    const centre = Math.round(r.y0 * height);
    for (let x = Math.floor(r.x0 * width); x < Math.min(width, Math.ceil(r.x1 * width)); x++)
      out.push({ base: x, stride: width, length: height, centre });
  } else {
    const centre = Math.round(r.x0 * width);
    for (let y = Math.floor(r.y0 * height); y < Math.min(height, Math.ceil(r.y1 * height)); y++)
      out.push({ base: y * width, stride: 1, length: width, centre });
  }
  return out;
}

/**
 * The dark run of one cross-section nearest the line's centre, and whether it is clear: at most `maxThickness`
 * long with paper just beyond both of its ends (else a glyph stroke crosses the line there). Undefined when the
 * line has a gap here.
 */
function darkRun(
  data: Uint8Array,
  base: number,
  stride: number,
  length: number,
  centre: number,
  maxThickness: number,
  threshold: number,
): { start: number; end: number; clear: boolean } | undefined {
  const dark = (i: number) => i >= 0 && i < length && data[base + i * stride] <= threshold;
  const reach = Math.ceil(maxThickness / 2) + SEARCH_MARGIN;
  let seed = -1;
  for (let d = 0; d <= reach && seed < 0; d++) {
    if (dark(centre - d)) seed = centre - d;
    else if (dark(centre + d)) seed = centre + d;
  }
  if (seed < 0) return undefined;
  let start = seed;
  let end = seed;
  while (end - start + 1 <= maxThickness && dark(start - 1)) start--;
  while (end - start + 1 <= maxThickness && dark(end + 1)) end++;
  return { start, end, clear: end - start + 1 <= maxThickness && !dark(start - 1) && !dark(end + 1) };
}

/** Share of the page's dark pixels left out at either side when measuring the width its text spans (specks, a scan's edge). */
const INK_SPAN_TRIM = 0.02;

/** The columns between which the page's dark pixels lie (every other row counted), less {@link INK_SPAN_TRIM} at each side. */
function inkSpan(image: GrayImage, threshold: number): { left: number; right: number } {
  const { data, width, height } = image;
  const columns = new Float64Array(width);
  let total = 0;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (data[i] > threshold) continue;
      columns[x]++;
      total++;
    }
  }
  const cut = INK_SPAN_TRIM * total;
  let [left, right, seen] = [0, width - 1, 0];
  for (let x = 0; x < width; x++)
    if ((seen += columns[x]) > cut) {
      left = x;
      break;
    }
  seen = 0;
  for (let x = width - 1; x >= 0; x--)
    if ((seen += columns[x]) > cut) {
      right = x;
      break;
    }
  return { left, right: Math.max(left, right) };
}
