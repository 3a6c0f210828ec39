/**
 * A page as it is rendered, for redaction: its text layer, plus the text
 * that is on the page without being in the text layer — what annotations
 * and form fields say, and what pictures on the page say (OCR'd, see
 * picture-text.ts). One list of words then serves detection (the text
 * index), the placing of masks and the redacted PDF's text layer, so they
 * cannot disagree about what the page shows.
 *
 * Added text becomes lines of the page, each put after the page line
 * nearest above it (or beside it, to its left): a form value follows its
 * printed label, so detectors read "Social security number" before the
 * digits typed into the field.
 *
 * Where an annotation's words are is only known as its rectangle (the
 * appearance places them; fonts, alignment and auto-sizing are the
 * viewer's), so a span touching them masks the whole rectangle:
 * {@link RenderedPages.regionOf}.
 *
 * @module
 */
import { enclosingBox, type BBox, type DocumentPage, type Line, type PageAnnotation, type Word } from '../document-model.ts';
import { withoutUnreadableWords } from './unreadable-words.ts';

/** One line of added text: words in page boxes, and the region to mask whole when a span touches them. */
export interface OverlayLine {
  readonly words: readonly Word[];
  readonly region?: BBox;
}

export interface RenderedPages {
  readonly pages: DocumentPage[];
  /**
   * The region to mask whole when a span touches a word with this box
   * (the box array the page's word holds, as the text index passes it on);
   * undefined for words whose own box is where they are drawn.
   */
  regionOf(wordBox: BBox): BBox | undefined;
}

/** An annotation's lines as words: the rectangle cut into one band per line, each word as wide as its share of the characters. */
export function annotationLines(annotation: PageAnnotation): OverlayLine[] {
  const [left, top, right, bottom] = annotation.bbox;
  const band = (bottom - top) / Math.max(1, annotation.lines.length);
  return annotation.lines.map((line, i) => {
    const tokens = line.split(' ').filter(Boolean);
    const total = Math.max(1, tokens.reduce((n, t) => n + t.length + 1, -1));
    let chars = 0;
    const words = tokens.map((text): Word => {
      const from = left + ((right - left) * chars) / total;
      chars += text.length + 1;
      const to = left + ((right - left) * Math.min(total, chars - 1)) / total;
      return { text, bbox: [from, top + band * i, Math.max(from, to), top + band * (i + 1)], confidence: 1, source: 'text-layer' };
    });
    return { words, region: annotation.bbox };
  });
}

const middle = (box: BBox) => (box[1] + box[3]) / 2;

/** The index of the page line an added line follows: the nearest whose middle is above its middle (or level with it, and left of it); -1 for none. */
function anchorLine(page: DocumentPage, box: BBox): number {
  const height = Math.max(1e-4, box[3] - box[1]);
  let best = -1;
  let bestScore = Infinity;
  page.lines.forEach((line, index) => {
    const dy = middle(box) - middle(line.bbox);
    const level = Math.abs(dy) < height / 2;
    if (dy < 0 && !level) return;
    if (level && line.bbox[0] > box[0]) return;
    // Level lines to the left first (a label), then the nearest above.
    const score = level ? -1 + (box[0] - line.bbox[2]) * 1e-3 : dy;
    if (score < bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}

/** The page with `overlay` lines added to its words and lines (see the module note); the page itself when there are none. */
export function withOverlayLines(page: DocumentPage, overlay: readonly OverlayLine[]): DocumentPage {
  const added = overlay.filter((line) => line.words.length > 0);
  if (added.length === 0) return page;
  const words: Word[] = [...page.words];
  const after = new Map<number, Line[]>();
  for (const line of added) {
    const wordIndexes = line.words.map((word) => words.push(word) - 1);
    const bbox = enclosingBox(line.words.map((w) => w.bbox));
    const anchor = anchorLine(page, bbox);
    const list = after.get(anchor) ?? [];
    list.push({ text: line.words.map((w) => w.text).join(' '), bbox, wordIndexes });
    after.set(anchor, list);
  }
  const lines: Line[] = [...(after.get(-1) ?? [])];
  page.lines.forEach((line, index) => lines.push(line, ...(after.get(index) ?? [])));
  return { ...page, words, lines, text: lines.map((l) => l.text).join('\n') };
}

/**
 * The pages with what their annotations say and `pictures` (OCR'd lines by page index) added, and
 * without the text-layer words that have no readable characters (their runs are pictures: unreadable-words.ts).
 */
export function renderedPages(pages: readonly DocumentPage[], pictures: ReadonlyMap<number, readonly OverlayLine[]> = new Map()): RenderedPages {
  const regions = new WeakMap<BBox, BBox>();
  const out = pages.map((page, pageIndex) => {
    const overlay = [...(page.annotations ?? []).flatMap(annotationLines), ...(pictures.get(pageIndex) ?? [])];
    for (const line of overlay) if (line.region) for (const word of line.words) regions.set(word.bbox, line.region);
    return withOverlayLines(withoutUnreadableWords(page), overlay);
  });
  return { pages: out, regionOf: (wordBox) => regions.get(wordBox) };
}
