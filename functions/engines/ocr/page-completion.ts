/**
 * Completing a page reading with the text rows it left out: from a reading
 * of the page as one block, then each remaining row read on its own.
 *
 * @module
 */
import { enclosingBox, type Line, type Word } from '../document-model.ts';
import { OCR_LANGUAGES } from '../../contracts/ocr-languages.ts';
import { textRows, type InkMask } from './page-analysis.ts';
import { languageKey, recognizeLineWords } from './tesseract-pool.ts';
import { readMissedRows, type PixelBox } from './missed-rows.ts';
import { grayRaw } from './gray-raw.ts';
import { guessLanguage } from './language-detect.ts';
import type { OcrInput, OcrOptions, OcrPage } from './ocr-page-types.ts';
import { boxMapper, source } from './page-frame.ts';
import { addLines, countsAsText } from './page-model.ts';
import { readingConfidence } from './reading-confidence.ts';
import type { Rotation } from './page-orientation.ts';
import { receiptCharModel } from './recognise-page.ts';

/**
 * A reading that left out this many text rows of the page, and this share
 * of them, is completed from a reading of the page as one block of text:
 * tesseract's layout analysis drops lines it takes for part of a picture
 * or a rule (a receipt's item lines between dashed rules, a total beside a
 * logo).
 */
const MIN_MISSED_ROWS = 2;
const MISSED_ROWS_SHARE = 0.1;
/** A line taken from the block reading has at least this mean word confidence (noise along an edge reads far below). */
const ADDED_LINE_CONFIDENCE = 0.6;

/**
 * Text rows of the page's ink (upright or upside-down pages only: the rows
 * are those of the page as uploaded) that no line of `page` overlaps by
 * half their height.
 */
function missedRows(page: OcrPage, mask: InkMask): { missed: Array<[number, number]>; rows: number } {
  if (page.rotation === 90 || page.rotation === 270) return { missed: [], rows: 0 };
  const rows = textRows(mask);
  const spans = page.lines.map((l) => [l.bbox[1] * mask.height, l.bbox[3] * mask.height] as const);
  const missed = rows.filter(([top, bottom]) => !spans.some(([y0, y1]) => Math.min(bottom, y1) - Math.max(top, y0) >= (bottom - top) / 2));
  return { missed, rows: rows.length };
}

/**
 * `page`, completed with the lines of a block reading that lie on text
 * rows it left out (see {@link MIN_MISSED_ROWS}); everything it read stays
 * as read. A page read completely is not read twice.
 */
export async function withEveryLine(page: OcrPage, mask: InkMask, readAsBlock: (rotation: Rotation) => Promise<OcrPage>): Promise<OcrPage> {
  if (page.unread) return page;
  const { missed, rows } = missedRows(page, mask);
  if (missed.length < MIN_MISSED_ROWS || missed.length < rows * MISSED_ROWS_SHARE) return page;
  const block = await readAsBlock(page.rotation as Rotation);
  const taken = block.lines.filter((line) => {
    const middle = ((line.bbox[1] + line.bbox[3]) / 2) * mask.height;
    if (!missed.some(([top, bottom]) => middle >= top && middle <= bottom)) return false;
    if (page.lines.some((l) => Math.min(l.bbox[3], line.bbox[3]) - Math.max(l.bbox[1], line.bbox[1]) > (line.bbox[3] - line.bbox[1]) / 2))
      return false;
    return readingConfidence(line.wordIndexes.map((i) => block.words[i])).confidence >= ADDED_LINE_CONFIDENCE;
  });
  return taken.length ? addLines(page, taken, block.words) : page;
}

/**
 * `page` with the text rows it left out (see {@link missedRows}) each read
 * alone and added where both judges keep the reading (missed-rows.ts), on
 * pages read upright with the English model alone (the judge is an English
 * receipt model). After {@link withEveryLine}: what the block reading could
 * not add is read here on its own threshold.
 */
export async function withMissedRowsRead(
  page: OcrPage,
  mask: InkMask,
  input: OcrInput,
  analysisScale: number,
  options: OcrOptions,
): Promise<OcrPage> {
  if (options.readMissedRows === false || page.unread || page.rotation !== 0) return page;
  if (page.languages?.length !== 1 || page.languages[0] !== 'en' || guessLanguage(page.text).language !== 'en') return page;
  const { missed } = missedRows(page, mask);
  if (!missed.length) return page;
  const boxes: PixelBox[] = [];
  for (const [top, bottom] of missed) {
    // The row's ink from its leftmost to its rightmost column, in the input's pixels.
    let left = mask.width;
    let right = -1;
    for (let y = top; y < bottom; y++)
      for (let x = 0; x < mask.width; x++)
        if (mask.mask[y * mask.width + x]) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
    if (right >= left) boxes.push({ x0: left / analysisScale, y0: top / analysisScale, x1: (right + 1) / analysisScale, y1: bottom / analysisScale });
  }
  const image = await grayRaw(source(input).flatten({ background: '#ffffff' }).grayscale());
  const model = receiptCharModel();
  const rows = await readMissedRows(
    image,
    boxes,
    (crops) => recognizeLineWords(crops, languageKey([OCR_LANGUAGES.en])),
    (text) => model.score(text),
    (word) => countsAsText(word),
  );
  if (!rows.length) return page;
  const map = boxMapper({
    uprightWidth: image.width,
    uprightHeight: image.height,
    ocrWidth: image.width,
    ocrHeight: image.height,
    rotation: 0,
    skew: 0,
  });
  const words: Word[] = [];
  const lines: Line[] = rows.map((row) => {
    const wordIndexes = row.words.map(
      (w) =>
        words.push({
          text: w.text,
          bbox: map(w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1),
          confidence: Math.min(1, Math.max(0, w.confidence / 100)),
          source: 'ocr',
        }) - 1,
    );
    return { text: row.text, bbox: enclosingBox(wordIndexes.map((i) => words[i].bbox)), wordIndexes };
  });
  return addLines(page, lines, words, 'afterLastAbove');
}
