/**
 * Values no reading found: handwriting beside or below a PII label on a
 * scan, which OCR reads as nothing or as garbage, is masked from the page's
 * ink as the label's type; a blank form gets no extra mask. Every form and
 * value here is invented for these tests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BBox, DocumentPage, Word } from '../../../functions/engines/document-model.ts';
import type { GrayImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { lineLabels } from '../../../functions/engines/redact/label-values.ts';
import { redactedFirstPage } from './redact-plan.ts';
import { unreadValuesOnPage, valueAreas } from '../../../functions/engines/redact/unread-values.ts';
import { makeUnreadValueForm } from '../../fixtures/redact/unread-value-forms.ts';
import { pixelsOf } from '../../helpers/png-pixels.ts';

afterAll(() => terminateOcr());

/** A scanned form redacted as the operation does it: its plan, and the masked page as a PNG. */
const redactScan = (png: Buffer, mode: 'redact' | 'deidentify' = 'redact') => redactedFirstPage(png, 'form.png', mode);

/** The share of the form's stroke pixels (its ink colour) inside `box` that are still visible on the masked page. */
function visibleStrokes(
  original: { data: Uint8ClampedArray; width: number },
  masked: { data: Uint8ClampedArray },
  box: BBox,
  height: number,
): number {
  let strokes = 0;
  let visible = 0;
  for (let y = Math.floor(box[1] * height); y < Math.ceil(box[3] * height); y++) {
    for (let x = Math.floor(box[0] * original.width); x < Math.ceil(box[2] * original.width); x++) {
      const i = (y * original.width + x) * 4;
      if (original.data[i + 2] - original.data[i] < 20 || original.data[i] > 200) continue;
      strokes++;
      if (masked.data[i] + masked.data[i + 1] + masked.data[i + 2] > 0) visible++;
    }
  }
  return strokes ? visible / strokes : 0;
}

describe('unread values on a scanned form', () => {
  it('masks the scribbled SSN, the date of birth in its box and the name below its label, counted under their types', async () => {
    // Prepare
    const form = makeUnreadValueForm(true);
    // Act
    const { parsed, plan, masked } = await redactScan(form.png);
    // Assess
    expect(plan.summary).toEqual({ US_SSN: 1, DATE_OF_BIRTH: 1, PERSON: 1 });
    const original = await pixelsOf(form.png);
    const painted = await pixelsOf(masked.png);
    expect([painted.width, painted.height]).toEqual([original.width, original.height]);
    for (const value of form.values) expect(visibleStrokes(original, painted, value.bbox, original.height), value.type).toBe(0);
    // What OCR read of the scribbles before is gone from the masked page; the labels still read.
    const before = parsed.pages[0].words
      .filter((w) => w.confidence < 0.8)
      .map((w) => w.text.replace(/\W/gu, ''))
      .filter((t) => t.length >= 3);
    const after = (await ocrImage({ image: masked.png })).text;
    expect(after).toMatch(/social security no/iu);
    expect(after).toMatch(/date of birth/iu);
    for (const garbage of before) expect(after).not.toContain(garbage);
    // Nor does the redacted text keep OCR's reading of them: it is replaced like a span.
    for (const garbage of before) expect(plan.updatedText).not.toContain(garbage);
    expect(plan.updatedText).toMatch(/Social Security No\.?:? \[US_SSN\]/iu);
  });

  it('blanks the values in de-identify mode, under any synthetic value', async () => {
    // Act
    const { plan } = await redactScan(makeUnreadValueForm(true).png, 'deidentify');
    // Assess: the three values' ink blanked first; a synthetic value goes only over what OCR read of one, on top.
    const boxes = plan.boxes.get(0) ?? [];
    expect(plan.summary).toEqual({ US_SSN: 1, DATE_OF_BIRTH: 1, PERSON: 1 });
    expect(boxes.slice(0, 3).every((box) => box.replacement === '')).toBe(true);
  });

  it('adds no mask to the same form left blank', async () => {
    // Act
    const { plan } = await redactScan(makeUnreadValueForm(false).png);
    // Assess
    expect(plan.summary).toEqual({});
    expect(plan.boxes.get(0) ?? []).toEqual([]);
  });
});

const ocrWord = (text: string, bbox: BBox, confidence = 0.95): Word => ({ text, bbox, confidence, source: 'ocr' });

/** A 400 × 200 OCR'd page of one-line labels (each line's words given), and its grey image with `ink` boxes painted black. */
function scanOf(lines: readonly (readonly Word[])[], ink: readonly BBox[]): { page: DocumentPage; gray: GrayImage } {
  const words = lines.flat();
  let next = 0;
  const page: DocumentPage = {
    pageNumber: 1,
    width: 400,
    height: 200,
    words,
    lines: lines.map((line) => ({ text: line.map((w) => w.text).join(' '), bbox: line[0].bbox, wordIndexes: line.map(() => next++) })),
    blocks: [],
    text: lines.map((line) => line.map((w) => w.text).join(' ')).join('\n'),
    source: 'ocr',
  };
  const data = new Uint8Array(400 * 200).fill(255);
  for (const [l, t, r, b] of ink)
    for (let y = t * 200; y < b * 200; y++) for (let x = l * 400; x < r * 400; x++) if ((x + y) % 3 === 0) data[y * 400 + x] = 0;
  return { page, gray: { data, width: 400, height: 200 } };
}

describe('where an unread value is looked for', () => {
  const label = [ocrWord('Phone:', [0.05, 0.1, 0.2, 0.15])];

  it.each([
    ['Social Security No.: ', ['US_SSN']],
    ['Date of birth', ['DATE_OF_BIRTH']],
    ['Name: x   Phone: y', ['PERSON', 'PHONE_NUMBER']],
    ['Phone', []],
    ['Visit reason: routine', []],
  ])('finds the labels of %j', (line, types) => {
    expect(lineLabels(line).map((l) => l.type)).toEqual(types);
  });

  it('masks ink right of a label that OCR read as garbage', () => {
    // Prepare
    const { page, gray } = scanOf([[...label, ocrWord('~wW', [0.3, 0.1, 0.5, 0.15], 0.2)]], [[0.3, 0.09, 0.55, 0.16]]);
    // Act
    const masks = unreadValuesOnPage(page, gray, []);
    // Assess
    expect(masks.map((m) => m.type)).toEqual(['PHONE_NUMBER']);
    expect(masks[0].bbox[0]).toBeLessThanOrEqual(0.301);
    expect(masks[0].bbox[2]).toBeGreaterThanOrEqual(0.549);
  });

  it('leaves a value OCR read well (the detectors judged its text) and one already masked', () => {
    // Prepare
    const read = scanOf([[...label, ocrWord('none', [0.3, 0.1, 0.4, 0.15], 0.95)]], [[0.3, 0.1, 0.4, 0.15]]);
    const detected = scanOf([[...label, ocrWord('555-0100', [0.3, 0.1, 0.5, 0.15], 0.95)]], [[0.3, 0.1, 0.5, 0.15]]);
    // Act, Assess
    expect(unreadValuesOnPage(read.page, read.gray, [])).toEqual([]);
    expect(unreadValuesOnPage(detected.page, detected.gray, [[0.3, 0.1, 0.5, 0.15]])).toEqual([]);
  });

  it('masks ink reaching past a found value without counting the value twice', () => {
    // Prepare: OCR read part of the strokes as a value the detectors masked; the rest of the ink is beside it.
    const { page, gray } = scanOf([[...label, ocrWord('555-01', [0.3, 0.1, 0.45, 0.15], 0.5)]], [[0.3, 0.09, 0.6, 0.16]]);
    // Act
    const masks = unreadValuesOnPage(page, gray, [[0.3, 0.1, 0.45, 0.15]]);
    // Assess
    expect(masks).toHaveLength(1);
    expect(masks[0].counted).toBe(false);
    expect(masks[0].bbox[2]).toBeGreaterThanOrEqual(0.599);
  });

  it('takes a hostile OCR line of thousands of labels for running text, not a form', () => {
    // Prepare: one line of 5,000 "SSN:" words.
    const words = Array.from({ length: 5000 }, (_, k) => ocrWord('SSN:', [(k % 100) / 100, 0.1, (k % 100) / 100 + 0.009, 0.15]));
    const { page } = scanOf([words], []);
    // Act
    const areas = valueAreas(page);
    // Assess: a line this long is no label line (each word is not tried as a label's start)
    expect(areas).toEqual([]);
  });

  it('stops at the next label of the line, and reads no text-layer page', () => {
    // Prepare: "Name:" unfilled, "Phone:" beside it with ink after it.
    const { page, gray } = scanOf([[ocrWord('Name:', [0.05, 0.1, 0.18, 0.15]), ocrWord('Phone:', [0.5, 0.1, 0.65, 0.15])]], [[0.7, 0.09, 0.9, 0.16]]);
    // Act
    const masks = unreadValuesOnPage(page, gray, []);
    // Assess
    expect(masks.map((m) => m.type)).toEqual(['PHONE_NUMBER']);
    expect(valueAreas({ ...page, words: page.words.map((w) => ({ ...w, source: 'text-layer' as const })) })).toEqual([]);
  });
});
