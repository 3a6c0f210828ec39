/**
 * Second readings of doubtful lines, chosen by a receipt language model
 * (issue 22; on by default for pages read in English, `OcrOptions.rereadLines`). A line
 * the page reading read with a mean word confidence under
 * {@link REREAD_LINE_BELOW} is cut out (with a margin), enlarged so it
 * stands {@link TARGET_LINE_HEIGHT} px tall, framed in white and read alone
 * (PSM 7, so tesseract's threshold is that line's own). Which reading is
 * kept is not decided by tesseract's confidence — measured on SROIE
 * receipts, a single line's confidence is no measure against the page
 * reading's (docs/ocr-images.md) — but by the character n-gram model of
 * receipt text (char-language-model.ts): the second reading replaces the
 * first when it is more receipt-like per character by
 * {@link PREFER_BY} and about as long.
 *
 * Pure over the recognition result: the reader of the crops and the model
 * are passed in (tesseract and the committed model in production, fakes in
 * tests).
 *
 * @module
 */
import { charModelForm } from './char-language-model.ts';
import { boxOnPage, enlargedCrop, type CropPlan, type EnlargedCrop } from './enlarged-crop.ts';
import type { GrayImage } from './page-analysis.ts';
import { tesseractLines, type LineWord, type OcrPageData, type TesseractLine, type TesseractWord } from './tesseract-pool.ts';

/** A line read with a mean word confidence under this (tesseract's 0–100) is read again. */
export const REREAD_LINE_BELOW = 85;
/** At most this many lines of a page are read again, least sure first (bounded cost). */
export const MAX_LINE_REREADS = 40;
/** Line height the crop is enlarged to (the LSTM reads 30–50 px text best; receipt print comes at 12–25). */
const TARGET_LINE_HEIGHT = 48;
const MAX_SCALE = 4;
const MARGIN_X = 0.3;
const MARGIN_Y = 0.25;
const BORDER = 12;
/**
 * Per-character log-likelihood (nats) by which the second reading must be
 * more receipt-like: any gain. Scored offline on both dev samples' logged
 * pairs of readings (sroie-line-choice.ts), no margin gained the most
 * characters (seed 22: 175 against 173 at 0.05 and 161 at 0.15; seed 7:
 * 65 against 39 and 27), more lines mended than a margin breaks.
 */
export const PREFER_BY = 0;
/** The second reading is taken only when its length is within this factor of the first's. */
const LENGTH_FACTOR = 1.3;

/** Scores a line's text: higher is more like receipt text (the char model's mean log-likelihood). */
export type LineScorer = (text: string) => number;
/** Reads crops each holding one line; one list of words per crop, boxes in the crop's pixels. */
export type LineCropReader = (crops: readonly Uint8Array[]) => Promise<LineWord[][]>;

/** One doubtful line's two readings and the choice, for the eval's logs. */
export interface LineRereadRecord {
  readonly first: string;
  readonly second: string;
  readonly firstConfidence: number;
  readonly secondConfidence: number;
  readonly firstScore: number;
  readonly secondScore: number;
  readonly taken: boolean;
}


/** Is `second` to replace `first`? More receipt-like by {@link PREFER_BY} per character, and about as long. */
export function prefersSecond(first: string, second: string, score: LineScorer): boolean {
  const a = charModelForm(first);
  const b = charModelForm(second);
  if (!b || a === b) return false;
  if (b.length > a.length * LENGTH_FACTOR || a.length > b.length * LENGTH_FACTOR) return false;
  return score(b) > score(a) + PREFER_BY;
}

const lineText = (words: readonly { text: string }[]) => words.map((w) => w.text.trim()).filter(Boolean).join(' ');
/** Tesseract's mean word confidence (0–100) of a line's words; 100 for none. */
export const meanConfidence = (words: readonly { confidence: number }[]) => (words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 100);

/** How a doubtful line is cut out and enlarged for its second reading. */
export const LINE_CROP: CropPlan = { marginX: MARGIN_X, marginY: MARGIN_Y, targetHeight: TARGET_LINE_HEIGHT, maxScale: MAX_SCALE, border: BORDER, minHeight: 6, minWidth: 4 };

/** What {@link rereadLines} did: lines read again, and how many of them were replaced. */
export interface LineRereadSummary {
  readonly reread: number;
  readonly replaced: number;
}

/**
 * Reads the doubtful lines of `data` again from `image` (the image
 * tesseract read, in the frame of `data`'s boxes) and, where `score`
 * prefers the second reading, puts its words (boxes mapped back into
 * `image`) in place of the line's words. `onRecord` hears every doubtful
 * line's two readings (the eval's log).
 */
export async function rereadLines(
  image: GrayImage,
  data: OcrPageData,
  read: LineCropReader,
  score: LineScorer,
  onRecord?: (record: LineRereadRecord) => void,
): Promise<LineRereadSummary> {
  const doubtful: TesseractLine[] = [];
  for (const line of tesseractLines(data)) {
    const words = line.words.filter((w) => w.text.trim());
    if (words.length && /[\p{L}\p{N}]/u.test(lineText(words)) && meanConfidence(words) < REREAD_LINE_BELOW) doubtful.push(line);
  }
  doubtful.sort((a, b) => meanConfidence(a.words) - meanConfidence(b.words));
  const chosen: Array<{ line: TesseractLine; crop: EnlargedCrop }> = [];
  for (const line of doubtful.slice(0, MAX_LINE_REREADS)) {
    const words = line.words.filter((w) => w.text.trim());
    const box = {
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      y0: Math.min(...words.map((w) => w.bbox.y0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
      y1: Math.max(...words.map((w) => w.bbox.y1)),
    };
    const crop = await enlargedCrop(image, box, LINE_CROP);
    if (crop) chosen.push({ line, crop });
  }
  if (!chosen.length) return { reread: 0, replaced: 0 };
  const readings = await read(chosen.map((c) => c.crop.image));
  let replaced = 0;
  chosen.forEach(({ line, crop }, i) => {
    const second = readings[i] ?? [];
    const firstWords = line.words.filter((w) => w.text.trim());
    const first = lineText(firstWords);
    const secondText = lineText(second);
    const taken = second.length > 0 && prefersSecond(first, secondText, score);
    onRecord?.({
      first,
      second: secondText,
      firstConfidence: meanConfidence(firstWords),
      secondConfidence: meanConfidence(second),
      firstScore: score(first),
      secondScore: score(secondText),
      taken,
    });
    if (!taken) return;
    const template = firstWords[0];
    line.words = second.map(
      (w): TesseractWord => ({
        ...template,
        text: w.text,
        confidence: w.confidence,
        bbox: boxOnPage(crop, w.bbox),
      }),
    );
    replaced++;
  });
  return { reread: chosen.length, replaced };
}
