/**
 * Form rulings taken out of the image OCR reads (ruling-removal.ts): a long thin line goes, strokes crossing it
 * and text stay. Invented images: lines and bars drawn into grey pixels, and a drawn low-resolution form with
 * values typed on fill-in lines and one in a tight box.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { removeRulings } from '../../../functions/engines/ocr/ruling-removal.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { filledLineFormImage } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

/** A white grey image with black rectangles [x0, y0, x1, y1) drawn in. */
function drawn(width: number, height: number, rects: readonly (readonly [number, number, number, number])[]) {
  const data = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 0;
  return { data, width, height, at: (x: number, y: number) => data[y * width + x] };
}

/** Text lines 20 px high in the image OCR reads: rulings are at least 100 px long and at most 5 px thick. */
const LINE_HEIGHT = 20;
/** The removal itself, on any page (the form gate has its own tests: ocr-form-gate.test.ts). */
const UNGATED = { gate: false };

describe('removeRulings', () => {
  it('paints over a long thin line and keeps a stroke that crosses it, whole', () => {
    // Prepare
    const image = drawn(400, 100, [
      [20, 50, 380, 53],
      [200, 30, 204, 70],
    ]);
    // Act
    const removal = removeRulings(image, LINE_HEIGHT, UNGATED);
    // Assess
    expect(removal.rulings).toBe(1);
    expect(image.at(100, 51)).toBe(255);
    expect(image.at(379, 52)).toBe(255);
    for (const y of [31, 45, 51, 52, 60, 69]) expect(image.at(201, y)).toBe(0);
  });

  it('keeps a row of short bars (the tops or serifs of close-set letters), a thick bar and a short line', () => {
    // Prepare
    const bars = Array.from({ length: 20 }, (_, i) => [20 + i * 14, 20, 30 + i * 14, 23] as const);
    const image = drawn(400, 100, [...bars, [20, 40, 380, 52], [20, 80, 90, 82]]);
    const before = Uint8Array.from(image.data);
    // Act
    const removal = removeRulings(image, LINE_HEIGHT, UNGATED);
    // Assess
    expect(removal).toMatchObject({ rulings: 0, pixels: 0 });
    expect(image.data).toEqual(before);
  });

  it('keeps a line most of whose length strokes cross (letters standing on it), untouched', () => {
    // Prepare: a stem crosses the line every 8 px.
    const stems = Array.from({ length: 45 }, (_, i) => [20 + i * 8, 35, 24 + i * 8, 50] as const);
    const image = drawn(400, 100, [[20, 50, 380, 53], ...stems]);
    // Act
    const removal = removeRulings(image, LINE_HEIGHT, UNGATED);
    // Assess
    expect(removal.rulings).toBe(0);
    expect(image.at(26, 51)).toBe(0);
  });

  it('takes out a vertical line too, the horizontal one it meets included', () => {
    // Prepare: a box corner.
    const image = drawn(300, 300, [
      [50, 50, 250, 52],
      [50, 50, 52, 250],
    ]);
    // Act
    const removal = removeRulings(image, LINE_HEIGHT, UNGATED);
    // Assess
    expect(removal.rulings).toBe(2);
    expect(image.data.every((v) => v === 255)).toBe(true);
  });
});

describe('ocrImage on a form with values typed on fill-in lines', () => {
  it('reads every value on its line and the boxed one, and takes out the lines past the values', async () => {
    // Prepare
    const form = filledLineFormImage(
      [
        ['Applicant name:', 'Orla Quennell'],
        ['Date received:', '14 March 2019'],
        ['Department:', 'Field Research'],
      ],
      'Approved by committee',
    );
    const grey = await sharp(form.png).grayscale().raw().toBuffer({ resolveWithObject: true });
    const image = { data: new Uint8Array(grey.data), width: grey.info.width, height: grey.info.height };
    // Act
    const removal = removeRulings(image, 10, UNGATED);
    const page = await ocrImage({ image: form.png });
    // Assess
    expect(removal.rulings).toBeGreaterThanOrEqual(3);
    const lineEnd = (form.words[0].bbox[2] * form.width + 150) | 0;
    const lineRow = Math.round(form.words[0].bbox[3] * form.height);
    for (let y = lineRow - 3; y <= lineRow + 3; y++) expect(image.data[y * image.width + lineEnd]).toBeGreaterThan(200);
    for (const value of ['Orla Quennell', '14 March 2019', 'Field Research', 'Approved by committee']) expect(page.text).toContain(value);
  }, 60_000);
});
