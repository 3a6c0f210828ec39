/**
 * Parts of text lines the page reading left out. A till receipt prints its
 * amounts right-aligned at the paper's edge, far from their labels;
 * tesseract's layout analysis can take that column for something that is
 * not text and leave it out, so every row reads "Tomato soup" and none
 * "5.50". A line half read is not a row left out (missed-rows.ts), so
 * nothing read the amounts again. Here the ink beside each line read (in
 * its band of the image tesseract read) is split into runs at gaps of
 * about a line height; a run that no word read covers is cut out and read
 * alone, judged like a left-out row (missed-rows.ts: tesseract's
 * confidence and the receipt character model must both keep it), and its
 * words join the line in their place from left to right.
 *
 * Pure over the image, its ink mask and the recognition result: the reader
 * of the crops and the model are passed in, as in missed-rows.ts.
 *
 * @module
 */
import type { InkMask } from './page-analysis.ts';
import { readMissedRows, type PixelBox } from './missed-rows.ts';
import type { LineCropReader, LineScorer } from './line-reread.ts';
import { tesseractLines, type LineWord, type OcrPageData, type TesseractLine, type TesseractWord } from './tesseract-pool.ts';

/** Ink runs closer than this many line heights are one part (word spaces, a price's point). */
const JOIN_GAP_LINE_HEIGHTS = 0.9;
/** A run narrower than this many line heights is a speck, a rule's end or a stray mark, not worth a reading. */
const MIN_PART_LINE_HEIGHTS = 0.6;
/** A run within this many line heights of a read word counts as read (word boxes are tight). */
const COVER_MARGIN_LINE_HEIGHTS = 0.3;
/** A run inked over more than this share of its box is a solid area (a backdrop, a photo, a bar), not print. */
const MAX_PRINT_FILL = 0.6;
/** At most this many parts of a page are read (bounded cost), top first. */
export const MAX_UNREAD_PARTS = 12;

/** An unread part of a line: its box in the image's pixels, and the line it belongs to. */
export interface UnreadPart {
  readonly box: PixelBox;
  readonly line: TesseractLine;
}

/** Runs of inked columns of rows `[top, bottom)`, joined across gaps up to `joinGap` wide, with the share of their box inked. */
function inkRuns(mask: InkMask, top: number, bottom: number, joinGap: number): Array<{ x0: number; x1: number; fill: number }> {
  const runs: Array<{ x0: number; x1: number; fill: number }> = [];
  let start = -1;
  let lastInk = -1;
  let ink = 0;
  const close = () => runs.push({ x0: start, x1: lastInk + 1, fill: ink / ((lastInk + 1 - start) * (bottom - top)) });
  for (let x = 0; x < mask.width; x++) {
    let column = 0;
    for (let y = top; y < bottom; y++) column += mask.mask[y * mask.width + x];
    if (!column) continue;
    if (start >= 0 && x - lastInk > joinGap) {
      close();
      start = -1;
    }
    if (start < 0) (start = x), (ink = 0);
    lastInk = x;
    ink += column;
  }
  if (start >= 0) close();
  return runs;
}

/**
 * The parts of the lines of `data` holding ink (of `mask`, the ink of the
 * image tesseract read, in its pixels) that no word read covers. Runs
 * touching the image's edge are a backdrop's fringe or a torn edge.
 */
export function unreadLineParts(mask: InkMask, data: OcrPageData): UnreadPart[] {
  const lines = tesseractLines(data).filter((l) => l.words.length);
  const words = lines.flatMap((l) => l.words);
  const parts: UnreadPart[] = [];
  for (const line of lines) {
    const top = Math.max(0, Math.round(line.bbox.y0));
    const bottom = Math.min(mask.height, Math.round(line.bbox.y1));
    const height = bottom - top;
    if (height < 4) continue;
    const margin = height * COVER_MARGIN_LINE_HEIGHTS;
    // Words of this band, whichever line tesseract put them in (a column it did read is a line of its own).
    const read = words.filter((w) => Math.min(bottom, w.bbox.y1) - Math.max(top, w.bbox.y0) > height / 3);
    for (const { x0, x1, fill } of inkRuns(mask, top, bottom, height * JOIN_GAP_LINE_HEIGHTS)) {
      if (x1 - x0 < height * MIN_PART_LINE_HEIGHTS || x0 <= 0 || x1 >= mask.width || fill > MAX_PRINT_FILL) continue;
      if (read.some((w) => Math.min(w.bbox.x1 + margin, x1) - Math.max(w.bbox.x0 - margin, x0) > 0)) continue;
      parts.push({ box: { x0, y0: top, x1, y1: bottom }, line });
    }
  }
  return parts.sort((a, b) => a.box.y0 - b.box.y0).slice(0, MAX_UNREAD_PARTS);
}

/** A word read on a part, in the shape of tesseract's words (the fields the page model reads). */
function asTesseractWord(word: LineWord): TesseractWord {
  return { text: word.text, confidence: word.confidence, bbox: { ...word.bbox } } as TesseractWord;
}

/**
 * Reads the unread parts of the lines of `data` from `mask` (the ink of
 * the image tesseract read) and puts the words kept into their lines
 * in place, left to right. Returns how many parts were added.
 */
export async function readUnreadParts(
  mask: InkMask,
  data: OcrPageData,
  read: LineCropReader,
  score: LineScorer,
  counts: (word: LineWord) => boolean,
): Promise<number> {
  const parts = unreadLineParts(mask, data);
  if (!parts.length) return 0;
  // Read from the page's ink as black on white, not from its grey: smooth grey digits set apart from their line
  // read unsurely and wrongly ("11.37" as "LL. S37)" at confidence 18 on an invented till receipt), the same
  // digits binarised read right and sure.
  const binary = { width: mask.width, height: mask.height, data: mask.mask.map((v) => (v ? 0 : 255)) };
  const kept = await readMissedRows(binary, parts.map((p) => p.box), read, score, counts);
  for (const row of kept) {
    const line = parts[row.row].line;
    line.words = [...line.words, ...row.words.map(asTesseractWord)].sort((a, b) => a.bbox.x0 - b.bbox.x0);
    line.text = line.words.map((w) => w.text).join(' ');
  }
  return kept.length;
}
