/**
 * Selection marks (check boxes and radio buttons) on a page, with their
 * state and the label printed next to them, from four kinds of evidence:
 * - form fields: AcroForm check boxes and radio buttons (their value is the state);
 * - box glyphs: ☐ (unselected), ☒ ☑ ⊠ (selected) at the start of a word;
 * - typed boxes: `[x]`, `[X]`, `[✓]`, `(x)`, `(•)` (selected), `[ ]`, `[]`, `( )` (unselected);
 * - drawn boxes: four ruling lines closing a small square (vector PDF pages,
 *   or rulings found in a scan's image), selected when a mark (`x`, `✓`, `■`)
 *   sits inside it as text, or when the drawn page shows ink inside it (a
 *   cross or tick drawn as strokes, a filled square: see {@link readMarkInk});
 * - drawn circles: a stroked ring the size of a radio button (vector PDF
 *   pages), selected when a filled dot, a mark as text or ink sits inside it.
 * Round glyphs and filled squares (○ ● ■ □), and filled dots with no ring
 * around them, are left alone: they are far more often list bullets than boxes.
 *
 * @module
 */
import type { BBox, DocumentPage, DrawnCircle, PageRenderer, Ruling, Word } from '../document-model.ts';
import type { GrayImage } from '../ocr/page-analysis.ts';
import { readDrawnPages } from './drawn-pages.ts';

export type SelectionState = 'selected' | 'unselected';

export interface SelectionMark {
  readonly bbox: BBox;
  readonly state: SelectionState;
  /** The words printed right of the mark on its line, up to the next mark or a wide gap. */
  readonly label?: string;
  readonly source: 'form_field' | 'glyph' | 'text' | 'drawn';
}

const UNSELECTED_GLYPHS = '☐';
const SELECTED_GLYPHS = '☒☑⊠';
const TYPED_SELECTED = /^(?:\[[xX✓✔•*]\]|\([xX✓✔•*]\))/u;
const TYPED_EMPTY = /^(?:\[\]|\(\))/;
const MARK_INSIDE = /^[xX✓✔✗✘■●•*]$/u;
/** Drawn boxes and rings: sides between these sizes, in points (see {@link pointsPerUnit}). */
export const MIN_SIDE_PT = 5;
export const MAX_SIDE_PT = 24;
/** The long side of an A4 page, in points. */
const A4_LONG_SIDE_PT = 842;
/** Line-end distance that still closes a corner, as a share of the side. */
const CORNER_SLACK = 0.25;
/** At most this many marks per page: a page of hatching is not a form. */
const MAX_MARKS = 500;

/** The part of a word's box covering its first `chars` characters (fixed pitch assumed). */
function leadingBox(word: Word, chars: number): BBox {
  const [x0, y0, x1, y1] = word.bbox;
  const share = Math.min(1, chars / Math.max(1, [...word.text].length));
  return [x0, y0, x0 + (x1 - x0) * share, y1];
}

const centerInside = (inner: BBox, outer: BBox) => {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
};

const overlaps = (a: BBox, b: BBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Marks written in text: glyphs and typed boxes. */
function textMarks(page: DocumentPage): SelectionMark[] {
  const out: SelectionMark[] = [];
  for (const line of page.lines) {
    const words = line.wordIndexes.map((w) => page.words[w]);
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      const first = [...w.text][0] ?? '';
      if (UNSELECTED_GLYPHS.includes(first) || SELECTED_GLYPHS.includes(first)) {
        out.push({ bbox: leadingBox(w, 1), state: SELECTED_GLYPHS.includes(first) ? 'selected' : 'unselected', source: 'glyph' });
      } else if (TYPED_SELECTED.test(w.text)) {
        out.push({ bbox: leadingBox(w, 3), state: 'selected', source: 'text' });
      } else if (TYPED_EMPTY.test(w.text)) {
        out.push({ bbox: leadingBox(w, 2), state: 'unselected', source: 'text' });
      } else if ((w.text === '[' || w.text === '(') && k + 1 < words.length && words[k + 1].text === (w.text === '[' ? ']' : ')')) {
        const close = words[k + 1];
        const gap = close.bbox[0] - w.bbox[2];
        if (gap < 3 * (w.bbox[2] - w.bbox[0]) + 0.01) {
          out.push({
            bbox: [w.bbox[0], Math.min(w.bbox[1], close.bbox[1]), close.bbox[2], Math.max(w.bbox[3], close.bbox[3])],
            state: 'unselected',
            source: 'text',
          });
          k++;
        }
      }
    }
  }
  return out;
}

/**
 * Points in one unit of the page's size. A text page is in points. An OCR
 * page is in pixels (an image) or in points (a scanned PDF), and an image's
 * resolution is not to be trusted: an OCR page is taken for an A4 sheet, as
 * the image renderer does, which a letter page misses by 6 %.
 */
export function pointsPerUnit(page: Pick<DocumentPage, 'width' | 'height' | 'source'>): number {
  return page.source === 'ocr' ? A4_LONG_SIDE_PT / Math.max(1, page.width, page.height) : 1;
}

/** Squares closed by four short rulings. */
export function drawnBoxes(page: DocumentPage): BBox[] {
  const rulings = page.rulings ?? [];
  const unit = pointsPerUnit(page);
  const w = page.width * unit;
  const h = page.height * unit;
  const horizontal: Ruling[] = [];
  const vertical: Ruling[] = [];
  for (const r of rulings) {
    const dx = Math.abs(r.x1 - r.x0) * w;
    const dy = Math.abs(r.y1 - r.y0) * h;
    if (dy < 0.5 && dx >= MIN_SIDE_PT && dx <= MAX_SIDE_PT) horizontal.push(r);
    else if (dx < 0.5 && dy >= MIN_SIDE_PT && dy <= MAX_SIDE_PT) vertical.push(r);
  }
  if (horizontal.length > 4 * MAX_MARKS) return [];
  const boxes: BBox[] = [];
  const near = (a: number, b: number, side: number) => Math.abs(a - b) <= CORNER_SLACK * side;
  for (const top of horizontal) {
    const x0 = Math.min(top.x0, top.x1);
    const x1 = Math.max(top.x0, top.x1);
    const side = x1 - x0;
    const bottom = horizontal.find(
      (b) =>
        b !== top &&
        b.y0 > top.y0 &&
        near(Math.min(b.x0, b.x1), x0, side) &&
        near(Math.max(b.x0, b.x1), x1, side) &&
        near((b.y0 - top.y0) * h, side * w, side * w),
    );
    if (!bottom) continue;
    const y0 = top.y0;
    const y1 = bottom.y0;
    const sideY = y1 - y0;
    const hasSide = (x: number) =>
      vertical.some((v) => near(v.x0, x, side) && near(Math.min(v.y0, v.y1), y0, sideY) && near(Math.max(v.y0, v.y1), y1, sideY));
    if (hasSide(x0) && hasSide(x1)) boxes.push([x0, y0, x1, y1]);
    if (boxes.length >= MAX_MARKS) break;
  }
  return boxes;
}

/** Sides of a page's drawn circle in points. */
function circleSides(page: DocumentPage, c: DrawnCircle): [number, number] {
  const unit = pointsPerUnit(page);
  return [(c.bbox[2] - c.bbox[0]) * page.width * unit, (c.bbox[3] - c.bbox[1]) * page.height * unit];
}

/**
 * Radio buttons: stroked rings between the drawn boxes' side limits, each
 * once (a ring drawn twice, or stroked and filled in two paths, is one),
 * with whether a filled dot sits in its middle.
 */
export function drawnCircles(page: DocumentPage): { bbox: BBox; dotted: boolean }[] {
  const circles = page.circles ?? [];
  const rings: { bbox: BBox; dotted: boolean }[] = [];
  for (const c of circles) {
    const [w, h] = circleSides(page, c);
    if (!c.stroked || Math.min(w, h) < MIN_SIDE_PT || Math.max(w, h) > MAX_SIDE_PT) continue;
    if (rings.some((r) => overlaps(r.bbox, c.bbox))) continue;
    const dotted = circles.some((d) => d !== c && d.filled && centerInside(d.bbox, c.bbox) && d.bbox[2] - d.bbox[0] < 0.75 * (c.bbox[2] - c.bbox[0]));
    rings.push({ bbox: c.bbox, dotted });
    if (rings.length >= MAX_MARKS) break;
  }
  return rings;
}

/** The words right of a mark on its line, up to the next mark or a gap wider than three line heights. */
function labelOf(page: DocumentPage, mark: BBox, marks: readonly BBox[]): string | undefined {
  const cy = (mark[1] + mark[3]) / 2;
  const lineHeight = mark[3] - mark[1];
  const line = page.lines.find((l) => cy >= l.bbox[1] && cy <= l.bbox[3] && l.bbox[2] > mark[2]);
  if (!line) return undefined;
  const nextMark = Math.min(...marks.filter((m) => m[0] > mark[2] && Math.abs((m[1] + m[3]) / 2 - cy) < lineHeight).map((m) => m[0]), Infinity);
  const words: string[] = [];
  let right = mark[2];
  const maxGap = 3 * Math.max(lineHeight, line.bbox[3] - line.bbox[1]) * ((page.height || 1) / (page.width || 1));
  for (const wi of line.wordIndexes) {
    const word = page.words[wi];
    if (word.bbox[0] < mark[2] - 1e-6 || centerInside(word.bbox, mark)) continue;
    if (word.bbox[0] >= nextMark - 1e-6 || word.bbox[0] - right > maxGap) break;
    const text = word.text
      .replace(/^[☐☒☑⊠]/u, '')
      .replace(TYPED_SELECTED, '')
      .replace(TYPED_EMPTY, '');
    if (text) words.push(text);
    right = word.bbox[2];
  }
  return words.length ? words.join(' ') : undefined;
}

/** Drawn boxes and rings, selected by ink inside, a filled dot (rings) or a mark written inside. */
function drawnMarks(page: DocumentPage, ink: readonly BoxInk[]): Omit<SelectionMark, 'label'>[] {
  const markInside = (bbox: BBox) => page.words.some((w) => MARK_INSIDE.test(w.text) && centerInside(w.bbox, bbox));
  const out: Omit<SelectionMark, 'label'>[] = [];
  for (const box of drawnBoxes(page)) {
    const marked = inkAt(ink, box) >= INK_SELECTED || markInside(box);
    out.push({ bbox: box, state: marked ? 'selected' : 'unselected', source: 'drawn' });
  }
  for (const ring of drawnCircles(page)) {
    if (out.some((f) => overlaps(f.bbox, ring.bbox))) continue;
    const marked = ring.dotted || inkAt(ink, ring.bbox) >= INK_SELECTED || markInside(ring.bbox);
    out.push({ bbox: ring.bbox, state: marked ? 'selected' : 'unselected', source: 'drawn' });
  }
  return out;
}

/**
 * Selection marks of one page, in reading position (top to bottom, left to right).
 *
 * @example
 * findSelectionMarks(page).filter((m) => m.state === 'selected').map((m) => m.label); // ['Married']
 */
export function findSelectionMarks(page: DocumentPage, ink: readonly BoxInk[] = []): SelectionMark[] {
  const found: Omit<SelectionMark, 'label'>[] = [];
  for (const f of page.formFields ?? []) {
    if (f.kind === 'checkbox' || f.kind === 'radio')
      found.push({ bbox: f.bbox, state: f.value === true ? 'selected' : 'unselected', source: 'form_field' });
  }
  // On a scan a drawn box is surer than the OCR's reading of it (a ticked box read as "[]"); in a text layer typed boxes are exact.
  const [first, second] = page.source === 'ocr' ? [drawnMarks(page, ink), textMarks(page)] : [textMarks(page), drawnMarks(page, ink)];
  for (const m of [...first, ...second]) if (!found.some((f) => overlaps(f.bbox, m.bbox))) found.push(m);
  const boxes = found.map((m) => m.bbox);
  return found
    .slice(0, MAX_MARKS)
    .map((m) => {
      const label = labelOf(page, m.bbox, boxes);
      return label ? { ...m, label } : m;
    })
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/** The ink read inside exactly this box (0 when it was not drawn). */
const inkAt = (ink: readonly BoxInk[], bbox: BBox) => ink.find((i) => i.bbox.every((v, k) => Math.abs(v - bbox[k]) < 1e-9))?.ink ?? 0;

/** The share of dark pixels inside a drawn box (its inner half, clear of the border), read from the drawn page. */
export interface BoxInk {
  readonly bbox: BBox;
  readonly ink: number;
}

/**
 * A box is selected from this share of ink inside on: an empty box reads
 * ~0 (its border lies outside the inner half), a drawn cross or tick
 * 0.2–0.6, a filled square ~1. Chosen on generated forms of another seed
 * than the one `npm run eval -- layout` reports (docs/layout.md).
 */
export const INK_SELECTED = 0.08;
/** Pages are drawn at this resolution to read inside boxes (a 5 pt box's inner half is 5 pixels). */
const INK_DPI = 144;
/** A pixel darker than this (0–255) is ink. */
const DARK = 128;

/** The inner half of each box's dark share, on the drawn page (a grey raster). */
export function inkInside(boxes: readonly BBox[], gray: GrayImage): BoxInk[] {
  return boxes.map((bbox) => {
    const [l, t, r, b] = bbox;
    const x0 = Math.round((l + (r - l) / 4) * gray.width);
    const x1 = Math.round((r - (r - l) / 4) * gray.width);
    const y0 = Math.round((t + (b - t) / 4) * gray.height);
    const y1 = Math.round((b - (b - t) / 4) * gray.height);
    let dark = 0;
    let all = 0;
    for (let y = Math.max(0, y0); y < Math.min(gray.height, y1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(gray.width, x1); x++) {
        all++;
        if (gray.data[y * gray.width + x] < DARK) dark++;
      }
    }
    return { bbox, ink: all ? dark / all : 0 };
  });
}

/**
 * Ink inside the drawn boxes of every page that has some, by page number:
 * how a box crossed, ticked or filled with strokes (not a text glyph) is
 * told from an empty one. Pages without drawn boxes are not drawn; a page
 * that cannot be drawn has none (its boxes keep the text evidence only).
 */
export async function readMarkInk(pages: readonly DocumentPage[], renderer: PageRenderer | undefined, signal?: AbortSignal): Promise<Map<number, BoxInk[]>> {
  return readDrawnPages(pages, renderer, { dpi: INK_DPI, signal }, (page) => {
    const boxes = [...drawnBoxes(page), ...drawnCircles(page).map((c) => c.bbox)];
    return boxes.length ? (gray) => inkInside(boxes, gray) : undefined;
  });
}
