/**
 * Lines and blocks inside one layout region (a column, a header, a table):
 * words → lines by vertical overlap, fragments → words by glyph gaps,
 * lines → paragraph-ish blocks by vertical gaps, size and indentation.
 *
 * @module
 * @internal
 */
import { centerY, heightOf, median, type LayoutBox } from './geometry.ts';

/** A word after gluing fragments, in page units. */
export interface MergedWord {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly text: string;
  /** Input indexes of the fragments that make this word, left to right. */
  readonly parts: readonly number[];
}

export interface LineGeometry {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly words: readonly MergedWord[];
}

/** Two boxes share a line when they overlap by at least this share of the smaller height. */
const LINE_OVERLAP = 0.5;
/** Fragments closer than this share of the line height are one word (kerning, font switches). */
const GLUE_GAP = 0.1;
/** Only this many most recent lines are candidates: words arrive sorted top to bottom. */
const RECENT_LINES = 8;

interface Band {
  y0: number;
  y1: number;
  boxes: LayoutBox[];
}

/**
 * Groups boxes into lines: sorted top to bottom, each box joins the recent
 * line it overlaps most (at least half of the smaller height), otherwise it
 * starts a new line. Lines come back top to bottom, words left to right.
 */
const topDownThenLeftToRight = (a: LayoutBox, b: LayoutBox) => centerY(a) - centerY(b) || a.x0 - b.x0;

/** The boxes in `topDownThenLeftToRight` order; a region's boxes often come in that order already, and are then only copied. */
function sortedTopDown(boxes: readonly LayoutBox[]): LayoutBox[] {
  for (let i = 1; i < boxes.length; i++) {
    const order = topDownThenLeftToRight(boxes[i - 1], boxes[i]);
    if (!(order <= 0)) return [...boxes].sort(topDownThenLeftToRight);
  }
  return [...boxes];
}

export function groupLines(boxes: readonly LayoutBox[]): LayoutBox[][] {
  const sorted = sortedTopDown(boxes);
  const bands: Band[] = [];
  for (const box of sorted) {
    const h = heightOf(box);
    let best: Band | undefined;
    let bestRatio = 0;
    for (let k = bands.length - 1; k >= 0 && k >= bands.length - RECENT_LINES; k--) {
      const band = bands[k];
      const overlap = Math.min(band.y1, box.y1) - Math.max(band.y0, box.y0);
      const ratio = overlap / Math.max(Math.min(h, band.y1 - band.y0), 1e-9);
      if (ratio > bestRatio) {
        bestRatio = ratio;
        best = band;
        // The overlap is never more than the smaller height: no earlier band can do better than a whole one.
        if (ratio >= 1) break;
      }
    }
    if (best && bestRatio >= LINE_OVERLAP) {
      // Running mean, not union: a superscript must not widen the band into the next line.
      const n = best.boxes.length;
      best.y0 = (best.y0 * n + box.y0) / (n + 1);
      best.y1 = (best.y1 * n + box.y1) / (n + 1);
      best.boxes.push(box);
    } else {
      bands.push({ y0: box.y0, y1: box.y1, boxes: [box] });
    }
  }
  return bands
    .sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))
    .map((band) => band.boxes.sort((a, b) => a.x0 - b.x0));
}

function overlapX(a: { x0: number; x1: number }, b: { x0: number; x1: number }): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

/**
 * Glues fragments of one line into words. Fragments of the same `run` were
 * split on whitespace by the source and stay apart; fragments of different
 * runs glue when the gap is tiny (a kerning split or a font change inside a
 * word). Text drawn twice at the same spot (fake bold) is kept once.
 */
export function mergeFragments(line: readonly LayoutBox[]): MergedWord[] {
  const lineHeight = median(line.map(heightOf));
  const words: { x0: number; y0: number; x1: number; y1: number; text: string; parts: number[] }[] = [];
  // The last fragment glued into each word (kept apart: the words are returned as they are).
  const lasts: LayoutBox[] = [];
  for (const box of line) {
    const cur = words[words.length - 1];
    if (cur) {
      const last = lasts[lasts.length - 1];
      const width = Math.min(box.x1 - box.x0, last.x1 - last.x0);
      if (box.text === last.text && overlapX(box, last) >= 0.7 * width) continue;
      const gap = box.x0 - last.x1;
      const sameRun = box.run !== undefined && box.run === last.run;
      if (!sameRun && gap <= GLUE_GAP * lineHeight && gap > -0.5 * width) {
        cur.x1 = Math.max(cur.x1, box.x1);
        cur.y0 = Math.min(cur.y0, box.y0);
        cur.y1 = Math.max(cur.y1, box.y1);
        cur.text += box.text;
        cur.parts.push(box.index);
        lasts[lasts.length - 1] = box;
        continue;
      }
    }
    words.push({ x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, text: box.text, parts: [box.index] });
    lasts.push(box);
  }
  return words;
}

/** Builds the lines of one region: grouped, glued, with their bounding boxes. */
export function buildLines(boxes: readonly LayoutBox[]): LineGeometry[] {
  return groupLines(boxes).map((group) => {
    const words = mergeFragments(group);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const w of words) {
      x0 = Math.min(x0, w.x0);
      y0 = Math.min(y0, w.y0);
      x1 = Math.max(x1, w.x1);
      y1 = Math.max(y1, w.y1);
    }
    return { x0, y0, x1, y1, words };
  });
}

/**
 * Splits the lines of one region into blocks (paragraph-ish groups). A new
 * block starts at a vertical gap clearly above the region's usual leading, at
 * a change of text size (a heading), at a first-line indent or outdent after
 * two or more lines, or where the line does not overlap the block horizontally.
 *
 * @returns line indexes per block, in order.
 */
export function groupBlocks(lines: readonly LineGeometry[]): number[][] {
  if (lines.length === 0) return [];
  const heights = lines.map((l) => l.y1 - l.y0);
  const unit = Math.max(median(heights), 1e-9);
  const gaps = lines.slice(1).map((l, i) => l.y0 - lines[i].y1);
  const usualGap = gaps.length ? Math.max(median(gaps), 0) : 0;
  const breakGap = Math.max(0.45 * unit, usualGap + 0.35 * unit);

  const blocks: number[][] = [[0]];
  let blockX0 = lines[0].x0;
  let blockX1 = lines[0].x1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const prev = lines[i - 1];
    const block = blocks[blocks.length - 1];
    const h = heights[i];
    const ph = heights[i - 1];
    const indent = line.x0 - prev.x0;
    const startsNew =
      line.y0 - prev.y1 > breakGap ||
      Math.max(h, ph) / Math.max(Math.min(h, ph), 1e-9) > 1.25 ||
      (block.length >= 2 && Math.abs(indent) > unit) ||
      Math.min(line.x1, blockX1) - Math.max(line.x0, blockX0) <= 0;
    if (startsNew) {
      blocks.push([i]);
      blockX0 = line.x0;
      blockX1 = line.x1;
    } else {
      block.push(i);
      blockX0 = Math.min(blockX0, line.x0);
      blockX1 = Math.max(blockX1, line.x1);
    }
  }
  return blocks;
}
