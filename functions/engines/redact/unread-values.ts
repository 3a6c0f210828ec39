/**
 * Values no reading found: handwriting beside a PII label on a scan that
 * OCR read as nothing, or as a few garbage characters ("Social Security
 * No.: “ww Wun"), so no detector could find it, yet a viewer of the output
 * would read it. Redaction masks what is rendered, so the value's ink is
 * masked, as the label's type, from the page image itself.
 *
 * - Which labels: the ones label-values.ts knows (SSN, date of birth,
 *   names, phone, address, passport, driver's licence, in its languages),
 *   read by OCR (a scanned page, or a picture on a text page).
 * - Where the value is: right of the label on its line, up to the next
 *   label of the line, a box's edge or the page's margin; when that is
 *   blank, below the label (a label ending its line, or above a box), down
 *   to the next printed line.
 * - What is masked: the ink there, grown to the strokes it belongs to, that
 *   is neither printed text of other lines, nor a ruling (a box's edges,
 *   the line to write on), nor covered by a mask already. Nothing when the
 *   area is blank, and nothing when OCR read every word there well (then the
 *   detectors judged exact text).
 *
 * @module
 */
import type { BBox, DocumentPage, PageRenderer, Ruling, Word } from '../document-model.ts';
import { readDrawnPages } from '../layout/drawn-pages.ts';
import type { GrayImage } from '../ocr/page-analysis.ts';
import { lineLabels, type LineLabel } from './label-values.ts';

/** A mask without text: the ink of a labelled value no reading found. */
export interface UnreadValueMask {
  /** The label's type (what the summary counts it as). */
  readonly type: string;
  readonly bbox: BBox;
  /** False when the ink extends a value already masked (counted once, as found). */
  readonly counted?: false;
}

/** Where a label's value may be, and what is not the value there. */
export interface ValueArea {
  readonly type: string;
  /** The label's own box (its words and separator). */
  readonly label: BBox;
  /** Right of the label on its line. */
  readonly right: BBox;
  /** Below the label, down to the next printed line (empty when that line follows at once). */
  readonly below: BBox | undefined;
  /** Boxes of the label's words and of every word of other lines: printed text, not the value. */
  readonly printed: readonly BBox[];
  /** The words OCR read in the value's areas (garbage or not). */
  readonly readWords: readonly Word[];
  /** The label's height, as a fraction of the page height. */
  readonly lineHeight: number;
}

/** A word OCR read well: the detectors judged its exact text. */
const WELL_READ = 0.8;
/** How far the handwriting of a value may reach above and below its label's line, in line heights. */
const LINE_REACH = 0.75;
/** How far below its label a value may start and end (a box under a label), in line heights. */
const BELOW_REACH = 5;
/** Margin kept from the page's edge (scanner shadows are not values). */
const PAGE_MARGIN = 0.02;
/** A pixel darker than this (0–255) is ink. */
const DARK = 140;
/** Pages are drawn at this resolution to read the ink: strokes of a 10 pt line stay several pixels thick. */
const INK_DPI = 100;
/** Labels looked at on one page at most (a page of labels is a form, not a list of thousands). */
const MAX_LABELS = 60;
/** A line longer than this many words is running text, not a form's label line (and each word is tried as a label's start). */
const MAX_LINE_WORDS = 40;

const union = (boxes: readonly BBox[]): BBox => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];
const centreIn = (box: BBox, area: BBox) => {
  const x = (box[0] + box[2]) / 2;
  const y = (box[1] + box[3]) / 2;
  return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
};

/** A line that is printed text, where a value below a label stops: a label, or two words read well. */
function printedLine(words: readonly Word[]): boolean {
  if (words.length > MAX_LINE_WORDS) return true;
  const text = words.map((w) => w.text).join(' ');
  return lineLabels(text).length > 0 || words.filter((w) => w.confidence >= WELL_READ && /\p{L}{3}/u.test(w.text)).length >= 2;
}

/** A page's lines as words, with whether each is printed text, and each word's line. */
interface PageLines {
  readonly words: readonly (readonly Word[])[];
  readonly printed: readonly boolean[];
  readonly lineOf: ReadonlyMap<Word, number>;
}

function pageLines(page: DocumentPage): PageLines {
  const words = page.lines.map((line) => line.wordIndexes.map((i) => page.words[i]));
  const lineOf = new Map<Word, number>();
  words.forEach((list, k) => list.forEach((w) => lineOf.set(w, k)));
  return { words, printed: words.map(printedLine), lineOf };
}

/** A word that ends a label: letters and a colon ("Phone:", "reason:"). */
const LABEL_WORD = /^\p{L}[\p{L}.'’-]+:$/u;

/**
 * The first word after a label's separator that starts the next label of
 * its line: OCR joins a line's words by one space, so a label after the
 * value is no cell start to the label patterns and is looked for word by word.
 */
function nextLabel(words: readonly Word[], starts: readonly number[], end: number, cellEnd: number): Word | undefined {
  for (let k = 0; k < words.length; k++) {
    if (starts[k] < end) continue;
    if (starts[k] >= cellEnd || LABEL_WORD.test(words[k].text)) return words[k];
    const rest = words
      .slice(k)
      .map((w) => w.text)
      .join(' ');
    if (lineLabels(rest).some((label) => label.start === 0)) return words[k];
  }
  return undefined;
}

/** The labels of an OCR'd line, at any word: OCR joins a line's words by one space, so a label after a value is no cell start. */
function wordLabels(words: readonly Word[], starts: readonly number[]): LineLabel[] {
  const out: LineLabel[] = [];
  for (let k = 0; k < words.length; k++) {
    if (!/^\p{L}/u.test(words[k].text) || out.some((label) => label.end > starts[k])) continue;
    const rest = words
      .slice(k)
      .map((w) => w.text)
      .join(' ');
    const label = lineLabels(rest).find((found) => found.start === 0);
    if (label) out.push({ ...label, end: label.end + starts[k], cellEnd: label.cellEnd + starts[k] });
  }
  return out;
}

/** The value areas of one line's OCR'd labels. */
function lineAreas(page: DocumentPage, lines: PageLines, lineIndex: number): ValueArea[] {
  const words = lines.words[lineIndex];
  if (words.length > MAX_LINE_WORDS || !words.some((w) => w.source === 'ocr')) return [];
  // Offsets of each word in the line as the labels are matched (words joined by a space).
  const starts: number[] = [];
  words.reduce((at, w) => (starts.push(at), at + w.text.length + 1), 0);
  const wordsIn = (from: number, to: number) => words.filter((w, k) => starts[k] < to && starts[k] + w.text.length > from);
  const out: ValueArea[] = [];
  for (const label of wordLabels(words, starts)) {
    const labelWords = wordsIn(label.start, label.end);
    if (labelWords.length === 0) continue;
    const box = union(labelWords.map((w) => w.bbox));
    const h = box[3] - box[1];
    const next = nextLabel(words, starts, label.end, label.cellEnd);
    const stopX = next ? next.bbox[0] - 0.2 * h : 1 - PAGE_MARGIN;
    if (stopX <= box[2]) continue;
    const right: BBox = [box[2], Math.max(0, box[1] - LINE_REACH * h), stopX, Math.min(1, box[3] + LINE_REACH * h)];
    const below = belowOf(page, lines, lineIndex, box, stopX);
    // The value's own reading: words right of the label on its line, or on lines that are no printed text in its areas.
    const inValue = (w: Word) => {
      const k = lines.lineOf.get(w) ?? -1;
      if (labelWords.includes(w) || (k !== lineIndex && (k < 0 || lines.printed[k]))) return false;
      return centreIn(w.bbox, right) || (below !== undefined && centreIn(w.bbox, below));
    };
    const readWords = page.words.filter(inValue);
    const printed = page.words.filter((w) => !readWords.includes(w)).map((w) => w.bbox);
    out.push({ type: label.type, label: box, right, below, printed, readWords, lineHeight: h });
  }
  return out;
}

/** Below a label: from its line down to the next printed line under it (at most {@link BELOW_REACH} line heights). */
function belowOf(page: DocumentPage, lines: PageLines, lineIndex: number, label: BBox, stopX: number): BBox | undefined {
  const h = label[3] - label[1];
  const left = Math.max(0, label[0] - 0.5 * h);
  let bottom = Math.min(1, label[3] + BELOW_REACH * h);
  page.lines.forEach((line, k) => {
    if (k === lineIndex || line.bbox[1] <= label[3] || line.bbox[0] >= stopX || line.bbox[2] <= left) return;
    if (lines.printed[k]) bottom = Math.min(bottom, line.bbox[1] - 0.1 * h);
  });
  return bottom - label[3] > 0.8 * h ? [left, label[3] + 0.1 * h, stopX, bottom] : undefined;
}

/** Every OCR'd PII label of the page with where its value may be (at most {@link MAX_LABELS}). */
export function valueAreas(page: DocumentPage): ValueArea[] {
  if (!page.words.some((w) => w.source === 'ocr')) return [];
  const lines = pageLines(page);
  const out: ValueArea[] = [];
  for (let k = 0; k < page.lines.length && out.length < MAX_LABELS; k++) out.push(...lineAreas(page, lines, k));
  return out.slice(0, MAX_LABELS);
}

/** A grey page's ink as a bit per pixel, without rulings: the page's detected ones, and long straight dark runs. */
function strokeInk(gray: GrayImage, rulings: readonly Ruling[], linePx: number): Uint8Array {
  const { data, width: W, height: H } = gray;
  const ink = new Uint8Array(W * H);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i] < DARK ? 1 : 0;
  const clear = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < W && y < H) ink[y * W + x] = 0;
  };
  // A box's edge or the line to write on: runs far longer than a handwritten stroke is straight.
  const longH = Math.max(12, Math.round(3 * linePx));
  const longV = Math.max(12, Math.round(2 * linePx));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W;) {
      let end = x;
      while (end < W && data[y * W + end] < DARK) end++;
      if (end - x >= longH) for (let k = x; k < end; k++) for (let d = -1; d <= 1; d++) clear(k, y + d);
      x = end + 1;
    }
  }
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H;) {
      let end = y;
      while (end < H && data[end * W + x] < DARK) end++;
      if (end - y >= longV) for (let k = y; k < end; k++) for (let d = -1; d <= 1; d++) clear(x + d, k);
      y = end + 1;
    }
  }
  for (const r of rulings) {
    const [x0, x1] = [Math.floor(Math.min(r.x0, r.x1) * W) - 2, Math.ceil(Math.max(r.x0, r.x1) * W) + 2];
    const [y0, y1] = [Math.floor(Math.min(r.y0, r.y1) * H) - 2, Math.ceil(Math.max(r.y0, r.y1) * H) + 2];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) clear(x, y);
  }
  return ink;
}

/** Pixel box of a normalised box on the image, clipped to it. */
function pixels(box: BBox, W: number, H: number): [number, number, number, number] {
  return [
    Math.max(0, Math.floor(box[0] * W)),
    Math.max(0, Math.floor(box[1] * H)),
    Math.min(W, Math.ceil(box[2] * W)),
    Math.min(H, Math.ceil(box[3] * H)),
  ];
}

/**
 * The box of the ink inside `area` (normalised), grown to the strokes that
 * cross its edges (up to `reach`), leaving out `printed` boxes; undefined
 * when there is less ink than a short stroke (specks, scanner noise).
 */
export function inkBox(
  ink: Uint8Array,
  size: { width: number; height: number },
  area: BBox,
  reach: BBox,
  printed: readonly BBox[],
  linePx: number,
): BBox | undefined {
  const { width: W, height: H } = size;
  const [rx0, ry0, rx1, ry1] = pixels(reach, W, H);
  const blocked = printed.map((b) => pixels(b, W, H)).filter((b) => b[0] < rx1 && rx0 < b[2] && b[1] < ry1 && ry0 < b[3]);
  const isInk = (x: number, y: number) => ink[y * W + x] === 1 && !blocked.some((b) => x >= b[0] && x < b[2] && y >= b[1] && y < b[3]);
  let [x0, y0, x1, y1] = pixels(area, W, H);
  const grow = Math.max(2, Math.round(0.5 * linePx));
  let found: [number, number, number, number] | undefined;
  let count = 0;
  // Grow the box to the ink found next to it, a few times: a stroke crossing the area's edge is masked whole.
  for (let round = 0; round < 6; round++) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -1;
    let maxY = -1;
    count = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (!isInk(x, y)) continue;
        count++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    if (count === 0) return undefined;
    const next: [number, number, number, number] = [minX, minY, maxX + 1, maxY + 1];
    if (found && next.every((v, k) => v === found![k])) break;
    found = next;
    [x0, y0, x1, y1] = [Math.max(rx0, minX - grow), Math.max(ry0, minY - grow), Math.min(rx1, maxX + 1 + grow), Math.min(ry1, maxY + 1 + grow)];
  }
  if (!found || count < Math.max(8, linePx)) return undefined;
  return [found[0] / W, found[1] / H, found[2] / W, found[3] / H];
}

/** Whether the boxes already masked cover `box` (a value the detectors found is not masked twice). */
function covered(box: BBox, masked: readonly BBox[], lineHeight: number): boolean {
  const pad = 0.3 * lineHeight;
  return masked.some((m) => m[0] - pad <= box[0] && m[1] - pad <= box[1] && m[2] + pad >= box[2] && m[3] + pad >= box[3]);
}

/** The masks of one drawn page's unread values (see the module note). */
export function unreadValuesOnPage(page: DocumentPage, gray: GrayImage, masked: readonly BBox[], areas = valueAreas(page)): UnreadValueMask[] {
  if (areas.length === 0) return [];
  const size = { width: gray.width, height: gray.height };
  const linePx = Math.max(4, Math.min(...areas.map((a) => a.lineHeight)) * gray.height);
  const ink = strokeInk(gray, page.rulings ?? [], linePx);
  const out: UnreadValueMask[] = [];
  for (const area of areas) {
    // OCR read every word of the value well: the detectors judged that text, and it is no unread value.
    if (area.readWords.length > 0 && area.readWords.every((w) => w.confidence >= WELL_READ)) continue;
    const h = area.lineHeight;
    const reachOf = (box: BBox): BBox => [box[0], Math.max(0, box[1] - h), box[2], Math.min(1, box[3] + h)];
    let found = inkBox(ink, size, area.right, reachOf(area.right), area.printed, h * gray.height);
    if (!found && area.below) found = inkBox(ink, size, area.below, reachOf(area.below), [...area.printed, area.label], h * gray.height);
    if (!found || covered(found, [...masked, ...out.map((o) => o.bbox)], h)) continue;
    // Ink reaching past a found value's mask (strokes OCR left out of its words) extends that value: masked, not counted again.
    const extension = [...masked, ...out.map((o) => o.bbox)].some(
      (m) => m[0] < found![2] && found![0] < m[2] && m[1] < found![3] && found![1] < m[3],
    );
    out.push({ type: area.type, bbox: found, ...(extension ? { counted: false as const } : {}) });
  }
  return out;
}

/**
 * The masks of every unread labelled value of the pages (see the module
 * note). Only pages with an OCR'd PII label are drawn; `masked` gives the
 * boxes each page already has. A page that cannot be drawn has none.
 */
export async function unreadValueMasks(
  pages: readonly DocumentPage[],
  renderer: PageRenderer | undefined,
  masked: (pageIndex: number) => readonly BBox[],
  signal?: AbortSignal,
): Promise<(UnreadValueMask & { readonly pageIndex: number })[]> {
  const indexOf = new Map(pages.map((page, i) => [page.pageNumber, i]));
  const found = await readDrawnPages(pages, renderer, { dpi: INK_DPI, signal }, (page) => {
    const areas = valueAreas(page);
    if (areas.length === 0) return undefined;
    const pageIndex = indexOf.get(page.pageNumber)!;
    return (gray) => unreadValuesOnPage(page, gray, masked(pageIndex), areas).map((m) => ({ ...m, pageIndex }));
  });
  return [...found.values()].flat();
}
