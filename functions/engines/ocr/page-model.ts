/**
 * Tesseract's reading as the document model: which words count as text,
 * which "lines" are noise, words/lines/blocks with boxes mapped onto the
 * input, and lines added to a page read before.
 *
 * @module
 */
import { enclosingBox, type Block, type Line, type Word } from '../document-model.ts';
import type { OcrPage } from './ocr-page-types.ts';
import type { boxMapper } from './page-frame.ts';
import type { OcrPageData } from './tesseract-pool.ts';

/** Words below this confidence that hold no letter or digit are noise (specks, rules, picture edges). */
const NOISE_CONFIDENCE = 0.5;

export const HAS_ALNUM = /[\p{L}\p{N}]/u;

/**
 * A "line" of dashes, dots or a faded rule read as letters ("O O O E a o …"):
 * at least {@link NOISE_LINE_WORDS} words, nearly all one or two characters
 * long, read with a mean confidence under {@link NOISE_CONFIDENCE}. Real
 * lines of short tokens ("1 X 2.50", "S R 6") read far more surely.
 */
const NOISE_LINE_WORDS = 4;
const NOISE_LINE_SHORT_SHARE = 0.7;

function isNoiseLine(words: readonly Word[]): boolean {
  if (words.length < NOISE_LINE_WORDS) return false;
  const short = words.filter((w) => Array.from(w.text).length <= 2).length;
  const confidence = words.reduce((sum, w) => sum + (w.confidence ?? 1), 0) / words.length;
  return short >= words.length * NOISE_LINE_SHORT_SHARE && confidence < NOISE_CONFIDENCE;
}

/** A word the page's text is made of: not blank, and not a doubtful speck of punctuation. */
export function countsAsText(word: { readonly text: string; readonly confidence: number }): boolean {
  const text = word.text.trim();
  return text !== '' && (word.confidence / 100 >= NOISE_CONFIDENCE || HAS_ALNUM.test(text));
}

/** Turns tesseract's block tree into the document model; paragraphs become blocks. */
export function toModel(data: OcrPageData, map: ReturnType<typeof boxMapper>): Pick<OcrPage, 'words' | 'lines' | 'blocks' | 'text'> {
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  const blockTexts: string[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lineIndexes: number[] = [];
      const lineTexts: string[] = [];
      for (const line of paragraph.lines) {
        const wordIndexes: number[] = [];
        const texts: string[] = [];
        for (const word of line.words) {
          if (!countsAsText(word)) continue;
          const text = word.text.trim();
          const confidence = Math.min(1, Math.max(0, word.confidence / 100));
          wordIndexes.push(words.length);
          texts.push(text);
          words.push({ text, bbox: map(word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1), confidence, source: 'ocr' });
        }
        if (!wordIndexes.length) continue;
        if (isNoiseLine(wordIndexes.map((i) => words[i]))) {
          words.length = wordIndexes[0];
          continue;
        }
        const boxes = wordIndexes.map((i) => words[i].bbox);
        const text = texts.join(' ');
        lineIndexes.push(lines.length);
        lineTexts.push(text);
        lines.push({ text, bbox: enclosingBox(boxes), wordIndexes });
      }
      if (!lineIndexes.length) continue;
      const text = lineTexts.join('\n');
      blocks.push({ text, bbox: enclosingBox(lineIndexes.map((i) => lines[i].bbox)), lineIndexes });
      blockTexts.push(text);
    }
  }
  return { words, lines, blocks, text: blockTexts.join('\n\n') };
}

/**
 * `page` with `lines` (their words from `words`) added, each as a block of its own, placed among the
 * blocks by height on the page: before the first block that starts below it, or after the last that
 * starts above it.
 */
export function addLines(
  page: OcrPage,
  lines: readonly Line[],
  words: readonly Word[],
  placement: 'beforeFirstBelow' | 'afterLastAbove' = 'beforeFirstBelow',
): OcrPage {
  const allWords = [...page.words];
  const allLines = [...page.lines];
  const blocks = [...page.blocks];
  for (const line of lines) {
    const wordIndexes = line.wordIndexes.map((i) => allWords.push(words[i]) - 1);
    const lineIndex = allLines.push({ ...line, wordIndexes }) - 1;
    const added: Block = { text: line.text, bbox: line.bbox, lineIndexes: [lineIndex] };
    if (placement === 'afterLastAbove') {
      // Tesseract's blocks are not always top to bottom (a rule or a stray mark low on the page read
      // first): placed before the first block below it, a receipt's last line would open the text.
      const after = blocks.findLastIndex((b) => b.bbox[1] <= line.bbox[1]);
      blocks.splice(after + 1, 0, added);
      continue;
    }
    const before = blocks.findIndex((b) => b.bbox[1] > line.bbox[1]);
    blocks.splice(before < 0 ? blocks.length : before, 0, added);
  }
  return { ...page, words: allWords, lines: allLines, blocks, text: blocks.map((b) => b.text).join('\n\n') };
}
