/**
 * Second readings of doubtful numbers (issue 22): on receipts most of what
 * OCR still gets wrong is amounts — a digit misread ("112.45" as
 * "112.46"), a faint decimal point dropped ("54.50" as "5450"). Tesseract
 * reads a page at one scale with one page-wide threshold; a number read
 * with low confidence is read again on its own: its box cropped (with a
 * margin) from the image tesseract read, enlarged to the height the LSTM
 * reads digits best at, as a single text line, with only the characters a
 * number holds allowed. The second reading replaces the first only when it
 * is clearly surer and restores the separator an amount lost ("5450" →
 * "54.50"). A word the page already read as an amount is left as read: a
 * second reading that only changes digits ("37.25" → "37.26") was wrong
 * as often as right on SROIE receipts (11 right readings broken, 9 wrong
 * ones mended in the extract eval's 60), and broke 3 totals, mended none —
 * the crop reading's confidence, with only number characters allowed, is
 * no measure against the page reading's.
 *
 * Pure over the recognition result: the reader of the crops is passed in
 * (tesseract in production, a counting wrapper in tests).
 *
 * @module
 */
import { enlargedCrop, type CropPlan } from './enlarged-crop.ts';
import type { GrayImage } from './page-analysis.ts';
import { tesseractLines, type OcrPageData, type TesseractLine, type TesseractWord } from './tesseract-pool.ts';

/** A number word read less surely than this (0–100, tesseract's scale) is read again. */
export const REREAD_BELOW_CONFIDENCE = 93;
/** At most this many words of a page are read again (bounded cost on a page full of doubtful numbers). */
export const MAX_REREADS_PER_PAGE = 24;
/** A second reading replaces the first when at least this much surer (tesseract's 0–100 scale). */
const SURER_BY = 5;
/** Digit height the crop is enlarged to: the LSTM reads 30–40 px text best; receipts' thermal digits come at 12–20. */
const TARGET_DIGIT_HEIGHT = 36;
const MAX_CROP_SCALE = 4;
/** Margin around the word box, in word heights: room for a point or comma that sits outside the box tesseract drew. */
const MARGIN_X = 0.45;
const MARGIN_Y = 0.3;
/** White border around the crop, in pixels of the enlarged crop (tesseract finds no text touching the edge). */
const BORDER = 12;
/** Characters a number word may hold, and so the only ones the second reading may produce. */
export const NUMBER_CHARACTERS = '0123456789.,-:/%';

/** A word made of digits and number punctuation only, with at least one digit ("54.50", "1,200.00", "-3.20", "14:05"). */
export function isNumberWord(text: string): boolean {
  return /\d/.test(text) && /^[\d.,\-:/%]+$/.test(text);
}

/**
 * How a number word is written: its digits replaced by `9`, so "112.45"
 * and "112.46" share the shape "999.99" while "5450" does not.
 */
function shape(text: string): string {
  return text.replace(/\d/g, '9');
}

/** An amount as printed on receipts: digits, optional thousands groups, a point or comma and two decimals. */
const AMOUNT = /^-?\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}$/;

/**
 * Is `second` a believable mending of the number first read as `first`?
 * Only when it turns a non-amount into an amount by restoring a separator
 * the first reading dropped or misplaced (same digits, up to one slipped,
 * two decimals). A reading of the same shape with other digits is not
 * taken (see the module note), nor anything else — digits lost or gained,
 * a date turned into an amount.
 */
export function isPlausibleReread(first: string, second: string): boolean {
  if (!isNumberWord(second) || shape(first) === shape(second)) return false;
  const digits = (s: string) => s.replace(/\D/g, '');
  if (!AMOUNT.test(second) || AMOUNT.test(first)) return false;
  const firstDigits = digits(first);
  const secondDigits = digits(second);
  // "5450" → "54.50": the digits kept, a point restored; "54,5O"-like slips of one digit are allowed.
  return secondDigits.length === firstDigits.length && hamming(firstDigits, secondDigits) <= 1;
}

function hamming(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** One crop to read: an 8-bit PGM of a single number, enlarged and framed in white. */
export interface NumberCrop {
  readonly image: Uint8Array;
}

/** A crop's reading: its text (words joined by a space: a number read as two words is not one number) and its least sure word's confidence (0–100). */
export interface CropReading {
  readonly text: string;
  readonly confidence: number;
}

/** Reads crops as single lines of number characters; one reading per crop, in order. */
export type CropReader = (crops: readonly NumberCrop[]) => Promise<CropReading[]>;


/**
 * A number to read again: one word, or two number words so close together
 * that the gap between them is a dropped separator ("112 45" for
 * "112.45": a point too faint to print as ink leaves a narrow gap, which
 * tesseract takes for a space).
 */
interface Candidate {
  readonly line: TesseractLine;
  readonly words: readonly TesseractWord[];
  /** The first reading of the number: the words' texts joined without a space. */
  readonly text: string;
  readonly confidence: number;
  readonly bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** Two number words at most this far apart (in word heights) may be one number with its point dropped. */
const SPLIT_GAP = 0.6;

function asCandidate(line: TesseractLine, words: readonly TesseractWord[]): Candidate {
  return {
    line,
    words,
    text: words.map((w) => w.text.trim()).join(''),
    confidence: Math.min(...words.map((w) => w.confidence)),
    bbox: {
      x0: Math.min(...words.map((w) => w.bbox.x0)),
      y0: Math.min(...words.map((w) => w.bbox.y0)),
      x1: Math.max(...words.map((w) => w.bbox.x1)),
      y1: Math.max(...words.map((w) => w.bbox.y1)),
    },
  };
}

/** A pair of words that may be one amount split at its dropped point: digits, then two digits just after. */
function isSplitAmount(a: TesseractWord, b: TesseractWord): boolean {
  const height = Math.max(a.bbox.y1 - a.bbox.y0, b.bbox.y1 - b.bbox.y0);
  const gap = b.bbox.x0 - a.bbox.x1;
  return /^\d[\d,]*$/.test(a.text.trim()) && /^\d{2}$/.test(b.text.trim()) && gap >= 0 && gap <= height * SPLIT_GAP;
}

/** Number words (or split pairs) not read as amounts, read less surely than {@link REREAD_BELOW_CONFIDENCE}, least sure first, at most {@link MAX_REREADS_PER_PAGE}. */
function candidates(data: OcrPageData): Candidate[] {
  const found: Candidate[] = [];
  for (const line of tesseractLines(data)) {
    const words = line.words;
    for (let i = 0; i < words.length; i++) {
      if (!isNumberWord(words[i].text.trim())) continue;
      const pair = i + 1 < words.length && isSplitAmount(words[i], words[i + 1]);
      const candidate = asCandidate(line, pair ? [words[i], words[i + 1]] : [words[i]]);
      // An amount as read can only be changed in its digits, which is never taken: not worth a reading.
      if (candidate.confidence < REREAD_BELOW_CONFIDENCE && !AMOUNT.test(candidate.text)) found.push(candidate);
      if (pair) i++;
    }
  }
  return found.sort((a, b) => a.confidence - b.confidence).slice(0, MAX_REREADS_PER_PAGE);
}

/** How a doubtful number is cut out and enlarged so its digits stand {@link TARGET_DIGIT_HEIGHT} tall. */
const NUMBER_CROP: CropPlan = { marginX: MARGIN_X, marginY: MARGIN_Y, targetHeight: TARGET_DIGIT_HEIGHT, maxScale: MAX_CROP_SCALE, border: BORDER, minHeight: 4, minWidth: 2 };

/** What {@link rereadNumbers} did: words read again, and how many of them were replaced. */
export interface RereadSummary {
  readonly reread: number;
  readonly replaced: number;
}

/**
 * Reads the doubtful number words of `data` again from `image` (the image
 * tesseract read, in the frame of `data`'s boxes) and writes the surer,
 * plausible second readings into `data` in place: the word's text and
 * confidence change, its box stays. Confident words and words with letters
 * are never touched.
 */
export async function rereadNumbers(image: GrayImage, data: OcrPageData, read: CropReader): Promise<RereadSummary> {
  const chosen: Array<{ candidate: Candidate; crop: NumberCrop }> = [];
  for (const candidate of candidates(data)) {
    const cropped = await enlargedCrop(image, candidate.bbox, NUMBER_CROP);
    if (cropped) chosen.push({ candidate, crop: cropped });
  }
  if (!chosen.length) return { reread: 0, replaced: 0 };
  const readings = await read(chosen.map((c) => c.crop));
  let replaced = 0;
  chosen.forEach(({ candidate }, i) => {
    const second = readings[i];
    if (!second || second.text === candidate.text) return;
    if (second.confidence < candidate.confidence + SURER_BY || !isPlausibleReread(candidate.text, second.text)) return;
    const [first, ...rest] = candidate.words;
    first.text = second.text;
    first.confidence = second.confidence;
    first.bbox = candidate.bbox;
    // A split pair becomes one word: the first takes the pair's box, the others leave the line.
    if (rest.length) candidate.line.words = candidate.line.words.filter((w) => !rest.includes(w));
    replaced++;
  });
  return { reread: chosen.length, replaced };
}
