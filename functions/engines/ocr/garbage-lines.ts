/**
 * Lines of a receipt reading that are no text at all: a logo, a stamp, a
 * torn edge or a rule read as a few letters and symbols ("Le’ wo A",
 * "mes imme wes bem e——"). Neither judge alone can tell them from print:
 * tesseract reads many real lines unsurely (SROIE: dropping every line
 * under any confidence made the CER worse), and the receipt character
 * model (char-language-model.ts) finds odd shop names and codes unlikely.
 * A line is dropped only when BOTH say so: read with a mean word
 * confidence under {@link GARBAGE_LINE_CONFIDENCE} AND scored under
 * {@link GARBAGE_LINE_SCORE} nats per character by the model. Thresholds
 * from two dev samples of SROIE receipts (docs/ocr-images.md).
 *
 * Pure over the recognition result; the scorer is passed in.
 *
 * @module
 */
import { tesseractLines, type OcrPageData, type TesseractWord } from './tesseract-pool.ts';
import { meanConfidence } from './line-reread.ts';

/** Tesseract's 0–100 mean word confidence under which a line may be garbage. */
export const GARBAGE_LINE_CONFIDENCE = 30;
/** Mean log-likelihood per character (nats) under which the receipt model calls a line garbage. */
export const GARBAGE_LINE_SCORE = -3;

/**
 * Empties (`words = []`) the lines of `data` that read as garbage by both
 * judges, among the words `counts` keeps (the words the page's text is
 * made of). Returns how many lines were emptied.
 */
export function dropGarbageLines(data: OcrPageData, score: (text: string) => number, counts: (word: TesseractWord) => boolean): number {
  let dropped = 0;
  for (const line of tesseractLines(data)) {
    const words = line.words.filter(counts);
    if (!words.length) continue;
    if (meanConfidence(words) >= GARBAGE_LINE_CONFIDENCE) continue;
    if (score(words.map((w) => w.text.trim()).join(' ')) >= GARBAGE_LINE_SCORE) continue;
    line.words = [];
    dropped++;
  }
  return dropped;
}
