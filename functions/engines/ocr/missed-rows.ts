/**
 * Text rows the page reading left out, read one by one (issue 22). On a
 * receipt whose paper is creased or shaded, tesseract's page-wide
 * threshold and layout analysis drop whole rows of pale print (SROIE: the
 * last eight lines of a crumpled receipt), and reading the page again as
 * one block (page-completion.ts `withEveryLine`) reads them no better: the
 * threshold is still the page's. Each such row is cut out with a margin,
 * enlarged like a doubtful line (line-reread.ts) and read alone (PSM 7),
 * so tesseract thresholds it on its own pixels. Rows of ink that are no
 * text (a logo, a rule, a stamp) read unsurely and un-receipt-like: a
 * row's reading is kept only when its mean word confidence is at least
 * {@link MISSED_ROW_CONFIDENCE} AND the receipt character model scores it
 * at least {@link MISSED_ROW_SCORE} nats per character (the two judges of
 * garbage-lines.ts, here both required to pass).
 *
 * Pure over the image and the rows: the reader of the crops and the model
 * are passed in (tesseract and the committed model in production, fakes in
 * tests).
 *
 * @module
 */
import { boxOnPage, enlargedCrop } from './enlarged-crop.ts';
import type { GrayImage } from './page-analysis.ts';
import type { LineWord } from './tesseract-pool.ts';
import { LINE_CROP, meanConfidence, type LineCropReader, type LineScorer } from './line-reread.ts';

/** A row's reading is kept from this mean word confidence (tesseract's 0–100) up. */
export const MISSED_ROW_CONFIDENCE = 50;
/** … and from this receipt-model score (mean log-likelihood per character, nats) up. */
export const MISSED_ROW_SCORE = -3;
/** At most this many left-out rows of a page are read (bounded cost), top first. */
export const MAX_MISSED_ROW_READS = 12;

/** A left-out row is cut out and enlarged as a doubtful line is (line-reread.ts). */
const ROW_CROP = LINE_CROP;

/** A box in the image's pixels. */
export interface PixelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A left-out row read and kept: its words, boxes in the image's pixels. */
export interface ReadRow {
  /** Index of the row in the rows given. */
  readonly row: number;
  readonly text: string;
  readonly words: readonly LineWord[];
}

/**
 * Reads each of `rows` (boxes of `image` around a row's ink) alone and
 * returns, in the order of `rows`, the readings both judges keep.
 * `counts` picks the words that count as text (the page's own rule, so a
 * speck read as punctuation is neither judged nor kept).
 */
export async function readMissedRows(
  image: GrayImage,
  rows: readonly PixelBox[],
  read: LineCropReader,
  score: LineScorer,
  counts: (word: LineWord) => boolean,
): Promise<ReadRow[]> {
  const crops = [];
  const cropped: number[] = [];
  for (const [index, row] of rows.slice(0, MAX_MISSED_ROW_READS).entries()) {
    const crop = await enlargedCrop(image, row, ROW_CROP);
    if (crop) crops.push(crop), cropped.push(index);
  }
  if (!crops.length) return [];
  const readings = await read(crops.map((c) => c.image));
  const kept: ReadRow[] = [];
  crops.forEach((crop, i) => {
    const words = (readings[i] ?? []).filter(counts);
    if (!words.length) return;
    const text = words.map((w) => w.text.trim()).join(' ');
    if (meanConfidence(words) < MISSED_ROW_CONFIDENCE || !(score(text) >= MISSED_ROW_SCORE)) return;
    kept.push({
      row: cropped[i],
      text,
      words: words.map((w) => ({
        text: w.text.trim(),
        confidence: w.confidence,
        bbox: boxOnPage(crop, w.bbox),
      })),
    });
  });
  return kept;
}
