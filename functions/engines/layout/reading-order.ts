/**
 * Reading order for one page, from word boxes alone (pure geometry, so the
 * PDF text layer and OCR share it): columns by recursive XY-cut, then lines,
 * words and paragraph-ish blocks inside each region.
 *
 * @module
 */
import type { BBox, Block, Line, Word } from '../document-model.ts';
import type { LayoutBox } from './geometry.ts';
import { buildLines, groupBlocks } from './lines.ts';
import { cutRegions } from './xy-cut.ts';

/** A word or word fragment as a source produced it. */
export interface LayoutWord extends Word {
  /**
   * Source run (e.g. the pdf.js text item) it came from. Fragments of one run
   * were split on whitespace and are never glued back; fragments of different
   * runs with a tiny gap between them are (kerning splits, font changes).
   */
  readonly run?: number;
  /**
   * Reading direction on the page, clockwise degrees: 0 left→right, 90
   * top→bottom (a page turned a quarter clockwise, or vertical CJK), 180
   * upside down, 270 bottom→top. @default 0
   */
  readonly orientation?: Orientation;
}

export type Orientation = 0 | 90 | 180 | 270;

export interface LayoutOptions {
  /** Page width in any unit (points, pixels), so gaps are measured alike on both axes. @default 1 */
  readonly width?: number;
  /** Page height in the same unit. @default 1 */
  readonly height?: number;
}

export interface PageLayout {
  /** Words in reading order (fragments glued). */
  readonly words: Word[];
  readonly lines: Line[];
  readonly blocks: Block[];
  /** Lines joined by '\n', blocks by '\n\n'. */
  readonly text: string;
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);

type Point = [number, number];
/** Normalised page point → the frame in which text of that orientation reads left to right. */
const TO_UPRIGHT: Record<Orientation, (p: Point) => Point> = {
  0: ([x, y]) => [x, y],
  90: ([x, y]) => [y, 1 - x],
  180: ([x, y]) => [1 - x, 1 - y],
  270: ([x, y]) => [1 - y, x],
};
const FROM_UPRIGHT: Record<Orientation, (p: Point) => Point> = {
  0: ([x, y]) => [x, y],
  90: ([x, y]) => [1 - y, x],
  180: ([x, y]) => [1 - x, 1 - y],
  270: ([x, y]) => [y, 1 - x],
};

function mapBox(bbox: BBox, map: (p: Point) => Point): BBox {
  const [ax, ay] = map([bbox[0], bbox[1]]);
  const [bx, by] = map([bbox[2], bbox[3]]);
  return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
}

/**
 * Orders a page's words for reading and groups them into lines and blocks.
 * Words of each reading direction are laid out in their own upright frame;
 * the direction with the most text comes first.
 *
 * @example
 * const layout = layoutPage(fragments, { width: 612, height: 792 });
 * layout.text; // 'Title\n\nFirst paragraph line one\nline two'
 */
export function layoutPage(input: readonly LayoutWord[], options: LayoutOptions = {}): PageLayout {
  const groups = new Map<Orientation, LayoutWord[]>();
  for (const w of input) {
    const o = w.orientation ?? 0;
    const group = groups.get(o);
    if (group) group.push(w);
    else groups.set(o, [w]);
  }
  if (groups.size <= 1 && (input[0]?.orientation ?? 0) === 0) return layoutUpright(input, options.width ?? 1, options.height ?? 1);

  const chars = (ws: readonly LayoutWord[]) => ws.reduce((n, w) => n + w.text.length, 0);
  const ordered = [...groups.entries()].sort((a, b) => chars(b[1]) - chars(a[1]));
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  for (const [o, group] of ordered) {
    const quarter = o === 90 || o === 270;
    const width = quarter ? options.height ?? 1 : options.width ?? 1;
    const height = quarter ? options.width ?? 1 : options.height ?? 1;
    const upright = group.map((w) => ({ ...w, bbox: mapBox(w.bbox, TO_UPRIGHT[o]) }));
    const part = layoutUpright(upright, width, height);
    const back = FROM_UPRIGHT[o];
    const wordBase = words.length;
    const lineBase = lines.length;
    for (const w of part.words) words.push({ ...w, bbox: mapBox(w.bbox, back) });
    for (const l of part.lines) lines.push({ ...l, bbox: mapBox(l.bbox, back), wordIndexes: l.wordIndexes.map((i) => i + wordBase) });
    for (const b of part.blocks) blocks.push({ ...b, bbox: mapBox(b.bbox, back), lineIndexes: b.lineIndexes.map((i) => i + lineBase) });
  }
  return { words, lines, blocks, text: blocks.map((b) => b.text).join('\n\n') };
}

function layoutUpright(input: readonly LayoutWord[], sx: number, sy: number): PageLayout {
  const boxes: LayoutBox[] = [];
  input.forEach((w, index) => {
    const text = w.text.trim();
    if (!text) return;
    boxes.push({ index, text, run: w.run, x0: w.bbox[0] * sx, y0: w.bbox[1] * sy, x1: w.bbox[2] * sx, y1: w.bbox[3] * sy });
  });
  const toBBox = (x0: number, y0: number, x1: number, y1: number): BBox => [
    clamp01(x0 / sx),
    clamp01(y0 / sy),
    clamp01(x1 / sx),
    clamp01(y1 / sy),
  ];

  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  for (const region of cutRegions(boxes)) {
    const regionLines = buildLines(region);
    for (const lineIndexes of groupBlocks(regionLines)) {
      const blockLineIndexes: number[] = [];
      for (const li of lineIndexes) {
        const line = regionLines[li];
        const wordIndexes: number[] = [];
        for (const w of line.words) {
          const first = input[w.parts[0]];
          let confidence = first.confidence;
          for (let k = 1; k < w.parts.length; k++) confidence = Math.min(confidence, input[w.parts[k]].confidence);
          wordIndexes.push(words.length);
          words.push({ text: w.text, bbox: toBBox(w.x0, w.y0, w.x1, w.y1), confidence, source: first.source });
        }
        blockLineIndexes.push(lines.length);
        lines.push({
          text: line.words.map((w) => w.text).join(' '),
          bbox: toBBox(line.x0, line.y0, line.x1, line.y1),
          wordIndexes,
        });
      }
      const members = blockLineIndexes.map((i) => lines[i]);
      blocks.push({
        text: members.map((l) => l.text).join('\n'),
        bbox: [
          Math.min(...members.map((l) => l.bbox[0])),
          Math.min(...members.map((l) => l.bbox[1])),
          Math.max(...members.map((l) => l.bbox[2])),
          Math.max(...members.map((l) => l.bbox[3])),
        ],
        lineIndexes: blockLineIndexes,
      });
    }
  }
  return { words, lines, blocks, text: blocks.map((b) => b.text).join('\n\n') };
}
