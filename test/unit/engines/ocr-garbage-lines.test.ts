/**
 * Garbage lines of a receipt reading (garbage-lines.ts): a line is dropped
 * only when tesseract read it unsurely AND the receipt character model
 * finds it un-receipt-like — never on one judge alone. Invented lines and
 * hand-built recognition results, no corpus content.
 */
import { describe, expect, it } from 'vitest';
import { CharLanguageModel, type CharModelWeights } from '../../../functions/engines/ocr/char-language-model.ts';
import { dropGarbageLines, GARBAGE_LINE_CONFIDENCE, GARBAGE_LINE_SCORE } from '../../../functions/engines/ocr/garbage-lines.ts';
import type { OcrPageData } from '../../../functions/engines/ocr/tesseract-pool.ts';
import committed from '../../../functions/engines/ocr/receipt-char-model.json' with { type: 'json' };

const model = new CharLanguageModel(committed as CharModelWeights);
const score = (text: string) => model.score(text);
const everyWord = (w: { text: string }) => w.text.trim() !== '';

/** A hand-built recognition result: lines of [text, confidence] words. */
function pageData(lines: Array<Array<[string, number]>>): OcrPageData {
  return {
    blocks: [
      {
        paragraphs: [
          { lines: lines.map((words) => ({ words: words.map(([text, confidence], i) => ({ text, confidence, bbox: { x0: i * 50, y0: 0, x1: i * 50 + 40, y1: 20 } })) })) },
        ],
      },
    ],
  } as unknown as OcrPageData;
}
const textOf = (data: OcrPageData) => data.blocks![0].paragraphs[0].lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('the committed receipt model as a judge of garbage', () => {
  it('scores a smudge read as symbols under the garbage score, and receipt lines well above it', () => {
    expect(score('~*« |\\ ¥#')).toBeLessThan(GARBAGE_LINE_SCORE);
    expect(score('TOTAL 12.50')).toBeGreaterThan(GARBAGE_LINE_SCORE);
    expect(score('KEDAI RUNCIT MAJU SDN BHD')).toBeGreaterThan(GARBAGE_LINE_SCORE);
  });
});

describe('dropGarbageLines', () => {
  it('drops a line read unsurely that the model calls garbage, and keeps the rest', () => {
    const data = pageData([
      [['KEDAI', 90], ['MAJU', 88]],
      [['~*«', 12], ['|\\', 20], ['¥#', 15]],
      [['TOTAL', 95], ['12.50', 93]],
    ]);
    expect(dropGarbageLines(data, score, everyWord)).toBe(1);
    expect(textOf(data)).toEqual(['KEDAI MAJU', '', 'TOTAL 12.50']);
  });

  it('keeps an unsure line that reads like a receipt, and a sure line however odd (one judge is not enough)', () => {
    const unsureButReceiptLike = [['TOTAL', 10], ['12.50', 15]] as Array<[string, number]>;
    const oddButSure = [['~*«', GARBAGE_LINE_CONFIDENCE + 40], ['|\\', GARBAGE_LINE_CONFIDENCE + 40], ['¥#', GARBAGE_LINE_CONFIDENCE + 40]] as Array<[string, number]>;
    const data = pageData([unsureButReceiptLike, oddButSure]);
    expect(dropGarbageLines(data, score, everyWord)).toBe(0);
    expect(textOf(data)).toEqual(['TOTAL 12.50', '~*« |\\ ¥#']);
  });

  it('judges a line by the words that count as text only', () => {
    // A sure speck of punctuation that is not counted does not lift the line's confidence.
    const data = pageData([[['~*«', 10], ['|\\', 12], ['.', 99]]]);
    expect(dropGarbageLines(data, score, (w) => w.text !== '.')).toBe(1);
    const kept = pageData([[['~*«', 10], ['|\\', 12], ['.', 99]]]);
    expect(dropGarbageLines(kept, score, everyWord)).toBe(0);
  });
});
