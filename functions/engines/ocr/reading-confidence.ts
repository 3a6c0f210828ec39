/**
 * How surely a reading went, from its words' confidences: the measure that
 * decides a page's turn, whether it is read again, and which of several
 * readings is kept.
 *
 * @module
 */
import type { OcrPage } from './ocr-page-types.ts';
import { tesseractLines, type OcrPageData } from './tesseract-pool.ts';

/**
 * A reading with at least this length-weighted mean word confidence and
 * {@link MIN_SURE_WORDS} words is taken as read the right way up. Measured
 * on the corpus (forms, receipts, print): upright pages read at 0.64–0.95,
 * the same pages upside down at 0.25–0.35. A page under the bar is not
 * turned for it, its turn is only checked by reading.
 */
const SURE_CONFIDENCE = 0.6;
const MIN_SURE_WORDS = 8;
/** Words read at least this surely count as read (noise and wrong-way-up text read as fragments far below it). */
const SURE_WORD_CONFIDENCE = 0.7;
/**
 * A reading with fewer surely read letters than this found no text: the
 * page is read again in the rescue readings (local threshold, sparse text,
 * the image as it came), and the reading with the most wins.
 */
export const MIN_READ_LETTERS = 12;

const ALNUM = /[\p{L}\p{N}]/gu;

interface Reading {
  /** Mean word confidence, 0–1, weighted by letters and digits. */
  readonly confidence: number;
  /** Words with a letter or digit. */
  readonly words: number;
  /** Letters and digits of the words read with at least {@link SURE_WORD_CONFIDENCE}. */
  readonly sureLetters: number;
}

/**
 * How surely a reading went: the mean word confidence (0–1) weighted by
 * each word's letters and digits, over the words that have any. Text read
 * upside down or sideways comes out as short low-confidence fragments.
 */
export function readingConfidence(words: Iterable<{ readonly text: string; readonly confidence: number }>): Reading {
  let count = 0;
  let weight = 0;
  let sum = 0;
  let sure = 0;
  for (const word of words) {
    const letters = word.text.match(ALNUM)?.length ?? 0;
    if (!letters) continue;
    count++;
    weight += letters;
    sum += letters * word.confidence;
    if (word.confidence >= SURE_WORD_CONFIDENCE) sure += letters;
  }
  return { confidence: weight ? sum / weight : 0, words: count, sureLetters: sure };
}

export function* tesseractWords(data: OcrPageData): Generator<{ text: string; confidence: number }> {
  for (const line of tesseractLines(data)) for (const word of line.words) yield { text: word.text, confidence: word.confidence / 100 };
}

/** A reading with enough words at a good mean confidence: upright, and read with a fitting model. */
export function isSure(page: OcrPage): boolean {
  const reading = readingConfidence(page.words);
  return reading.words >= MIN_SURE_WORDS && reading.confidence >= SURE_CONFIDENCE;
}
