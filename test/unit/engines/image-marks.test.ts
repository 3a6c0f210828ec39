/**
 * Check boxes and radio buttons in page images (image-marks.ts): small
 * rendered images of boxes and rings, empty, ticked, crossed and filled,
 * beside letters that look like them; the filter against the OCR's words;
 * and a generated form drawn at 200 dpi, JPEG-compressed like a scan, read
 * end to end through the image backend (OCR, ink inside, selection marks).
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Word } from '../../../functions/engines/document-model.ts';
import { apartFromWords, detectMarkShapes, shapesToPage, type MarkShape } from '../../../functions/engines/layout/image-marks.ts';
import { findSelectionMarks, readMarkInk } from '../../../functions/engines/layout/selection-marks.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument } from '../../../functions/engines/registry.ts';

afterAll(() => terminateOcr());

const sans = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT = existsSync(sans) && GlobalFonts.registerFromPath(sans, 'TestMarksSans') ? 'TestMarksSans' : 'sans-serif';

/** A white page of `width` × `height` pixels (read as A4: 1190 × 1684 is ~144 dpi), drawn on by `draw`, in grey. */
function page(draw: (ctx: SKRSContext2D) => void, width = 1190, height = 1684) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#111111';
  ctx.fillStyle = '#111111';
  draw(ctx);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round((rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) / 3);
  return { data, width, height };
}

type Fill = 'empty' | 'tick' | 'cross' | 'filled';

/** A square box of side `s` pixels at (x, y), with what is drawn inside. */
function box(ctx: SKRSContext2D, x: number, y: number, s: number, fill: Fill, border = 2) {
  ctx.lineWidth = border;
  ctx.strokeRect(x, y, s, s);
  ctx.lineWidth = 2.5;
  if (fill === 'cross') {
    ctx.beginPath();
    ctx.moveTo(x + 5, y + 5);
    ctx.lineTo(x + s - 5, y + s - 5);
    ctx.moveTo(x + s - 5, y + 5);
    ctx.lineTo(x + 5, y + s - 5);
    ctx.stroke();
  } else if (fill === 'tick') {
    // Joined to the border at its right end, as a hand tick often is.
    ctx.beginPath();
    ctx.moveTo(x + 0.15 * s, y + 0.55 * s);
    ctx.lineTo(x + 0.4 * s, y + 0.85 * s);
    ctx.lineTo(x + s, y + 0.2 * s);
    ctx.stroke();
  } else if (fill === 'filled') ctx.fillRect(x + 0.25 * s, y + 0.25 * s, 0.5 * s, 0.5 * s);
}

/** A ring of diameter `d` pixels at (x, y), with a dot when selected. */
function ring(ctx: SKRSContext2D, x: number, y: number, d: number, dot: boolean, border = 2) {
  ctx.lineWidth = border;
  ctx.beginPath();
  ctx.arc(x + d / 2, y + d / 2, d / 2 - border / 2, 0, 2 * Math.PI);
  ctx.stroke();
  if (dot) {
    ctx.beginPath();
    ctx.arc(x + d / 2, y + d / 2, d / 5, 0, 2 * Math.PI);
    ctx.fill();
  }
}

const kinds = (shapes: readonly MarkShape[]) => shapes.map((s) => s.kind);

describe('detectMarkShapes', () => {
  it.each<[Fill]>([['empty'], ['tick'], ['cross'], ['filled']])('finds a %s box as a square', (fill) => {
    // Prepare
    const image = page((ctx) => box(ctx, 200, 300, 26, fill));
    // Act
    const shapes = detectMarkShapes(image);
    // Assess
    expect(kinds(shapes)).toEqual(['square']);
    const [x0, y0, x1] = shapes[0].bbox;
    expect(Math.abs(x0 * image.width - 199)).toBeLessThanOrEqual(2);
    expect(Math.abs(y0 * image.height - 299)).toBeLessThanOrEqual(2);
    expect((x1 - x0) * image.width).toBeGreaterThan(26);
  });

  it.each([
    [false, 20],
    [true, 20],
    [false, 40],
    [true, 14],
  ])('finds a ring (dot %s, %i px) as a circle', (dot, d) => {
    const image = page((ctx) => ring(ctx, 400, 500, d, dot));
    expect(kinds(detectMarkShapes(image))).toEqual(['circle']);
  });

  it('leaves out filled squares and dots (bullets), grid cells, long rules and boxes too small or too large', () => {
    const image = page((ctx) => {
      ctx.fillRect(100, 100, 20, 20); // a solid bullet square
      ctx.beginPath();
      ctx.arc(200, 110, 10, 0, 2 * Math.PI);
      ctx.fill(); // a solid dot
      ctx.lineWidth = 2;
      for (let c = 0; c <= 6; c++) {
        ctx.beginPath();
        ctx.moveTo(100 + c * 28, 300);
        ctx.lineTo(100 + c * 28, 356);
        ctx.stroke();
      }
      for (const y of [300, 328, 356]) {
        ctx.beginPath();
        ctx.moveTo(100, y);
        ctx.lineTo(268, y);
        ctx.stroke();
      }
      ctx.strokeRect(500, 100, 6, 6); // under 5 pt
      ctx.strokeRect(500, 300, 120, 120); // a frame
      ctx.strokeRect(700, 300, 60, 26); // a field, not square
    });
    expect(detectMarkShapes(image)).toEqual([]);
  });

  it.each(['D', '0', 'B', 'H', 'e', 'C', '8'])('does not take the letter %s, set large, for a box or a ring', (letter) => {
    const image = page((ctx) => {
      ctx.font = `32px ${FONT}`;
      ctx.fillText(letter, 300, 300);
    });
    expect(detectMarkShapes(image)).toEqual([]);
  });

  it('keeps a blank page and a nonsense image without shapes, quickly', () => {
    expect(detectMarkShapes({ data: new Uint8Array(0), width: 0, height: 0 })).toEqual([]);
    const noise = new Uint8Array(800 * 800);
    let seed = 7;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise[i] = seed % 2 ? 0 : 255;
    }
    expect(Array.isArray(detectMarkShapes({ data: noise, width: 800, height: 800 }))).toBe(true);
  });
});

describe('apartFromWords', () => {
  const word = (text: string, x0: number, x1: number): Word => ({ text, bbox: [x0, 0.1, x1, 0.12], confidence: 0.9, source: 'ocr' });
  const shape = (x0: number, clearRight: boolean): MarkShape => ({ kind: 'circle', bbox: [x0, 0.1, x0 + 0.01, 0.12], clearRight });

  it('drops a round letter inside a word and keeps a ring read as a letter or run into its label', () => {
    const letterInWord = shape(0.21, false); // the 'o' of "Door"
    const ringReadAsO = shape(0.41, true);
    const ringRunIntoLabel = shape(0.61, true);
    const words = [word('Door', 0.2, 0.25), word('O', 0.41, 0.42), word('OMarried', 0.61, 0.7)];
    expect(apartFromWords([letterInWord, ringReadAsO, ringRunIntoLabel], words)).toEqual([ringReadAsO, ringRunIntoLabel]);
    // A letter at a word's start with its neighbour close by ('O' of "Oslo") is text.
    expect(apartFromWords([shape(0.2, false)], [word('Oslo', 0.2, 0.25)])).toEqual([]);
    // A round letter a word space after a word ("group O") is text; a ring far from the word before it is a mark.
    expect(apartFromWords([shape(0.3, true)], [word('group', 0.24, 0.295), word('O', 0.3, 0.31)])).toEqual([]);
    expect(apartFromWords([shape(0.3, true)], [word('Gender:', 0.2, 0.26), word('O', 0.3, 0.31)])).toHaveLength(1);
    // A ring read as punctuation only is a ring.
    expect(apartFromWords([shape(0.2, false)], [word('(©)', 0.195, 0.215)])).toHaveLength(1);
  });

  it('gives squares as four rulings and rings as stroked circles', () => {
    const page = shapesToPage([
      { kind: 'square', bbox: [0.1, 0.1, 0.11, 0.11], clearRight: true },
      { kind: 'circle', bbox: [0.2, 0.1, 0.21, 0.11], clearRight: true },
    ]);
    expect(page.rulings).toHaveLength(4);
    expect(page.circles).toEqual([{ bbox: [0.2, 0.1, 0.21, 0.11], filled: false, stroked: true }]);
  });
});

/** A one-page form: boxes (ticked, crossed, filled, empty), radio buttons, and words with round letters. */
async function scannedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pdfPage = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rows: Array<[string, 'square' | 'circle', boolean, 'tick' | 'cross' | 'fill' | 'dot']> = [
    ['Garden shed', 'square', true, 'tick'],
    ['Boathouse', 'square', false, 'tick'],
    ['Orchard door 2030', 'square', true, 'cross'],
    ['Cold room', 'square', true, 'fill'],
    ['Monthly', 'circle', true, 'dot'],
    ['Quarterly', 'circle', false, 'dot'],
  ];
  pdfPage.drawText('Odd job order form', { x: 60, y: 720, size: 16, font });
  rows.forEach(([label, kind, selected, mark], i) => {
    const x = 60;
    const y = 660 - i * 30;
    const s = 10;
    if (kind === 'circle') {
      pdfPage.drawEllipse({ x: x + s / 2, y: y + s / 2 - 1, xScale: s / 2, yScale: s / 2, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      if (selected) pdfPage.drawEllipse({ x: x + s / 2, y: y + s / 2 - 1, xScale: s / 5, yScale: s / 5, color: rgb(0, 0, 0) });
    } else {
      pdfPage.drawRectangle({ x, y: y - 1, width: s, height: s, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      if (selected && mark === 'cross') {
        pdfPage.drawLine({ start: { x: x + 2, y: y + 1 }, end: { x: x + s - 2, y: y + s - 3 }, thickness: 1.1 });
        pdfPage.drawLine({ start: { x: x + 2, y: y + s - 3 }, end: { x: x + s - 2, y: y + 1 }, thickness: 1.1 });
      } else if (selected && mark === 'tick') {
        pdfPage.drawSvgPath(`M 0 0 L ${s * 0.3} ${s * 0.35} L ${s * 0.85} ${-s * 0.35}`, {
          x: x + 1,
          y: y + 4.5,
          borderWidth: 1.3,
          borderColor: rgb(0, 0, 0),
        });
      } else if (selected) pdfPage.drawRectangle({ x: x + 2, y: y + 1, width: 6, height: 6, color: rgb(0, 0, 0) });
    }
    pdfPage.drawText(label, { x: x + s + 6, y, size: 11, font });
  });
  pdfPage.drawText('Blood group O, room 0 D, ref. OO-0D', { x: 60, y: 440, size: 11, font });
  const original = await openDocument(await doc.save(), { declaredKind: 'pdf' });
  try {
    const { png } = await original.renderer!.renderPng(1, { dpi: 200 });
    // Through JPEG and back, slightly blurred, as a scanner's output looks.
    const jpeg = await sharp(png).blur(0.6).jpeg({ quality: 70 }).toBuffer();
    return new Uint8Array(await sharp(jpeg).png().toBuffer());
  } finally {
    await original.close();
  }
}

describe('selection marks on a scanned form', () => {
  it('reads each box and ring with its state and label, and no letter as a mark', async () => {
    // Prepare
    const png = await scannedForm();
    const opened = await openDocument(png, { declaredKind: 'png' });
    try {
      // Act
      const { pages } = await opened.extract();
      const ink = await readMarkInk(pages, opened.renderer);
      const marks = findSelectionMarks(pages[0], ink.get(1));
      // Assess
      expect(marks.map((m) => [m.state, m.label, m.source])).toEqual([
        ['selected', 'Garden shed', 'drawn'],
        ['unselected', 'Boathouse', 'drawn'],
        ['selected', 'Orchard door 2030', 'drawn'],
        ['selected', 'Cold room', 'drawn'],
        ['selected', 'Monthly', 'drawn'],
        ['unselected', 'Quarterly', 'drawn'],
      ]);
    } finally {
      await opened.close();
    }
  }, 120_000);
});
