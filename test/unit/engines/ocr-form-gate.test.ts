/**
 * The page-level form gate (form-gate.ts) and the ruling removal behind it (ruling-removal.ts): on a drawn form
 * the rulings go; on a drawn receipt column the image is left exactly as it was. Invented images and rulings.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  formEvidence,
  isFormPage,
  MIN_FORM_WIDTH_LINES,
  MIN_GRID_ROWS,
  MIN_GRID_VERTICALS,
  MIN_SHORT_ROWS,
} from '../../../functions/engines/ocr/form-gate.ts';
import { removeRulings } from '../../../functions/engines/ocr/ruling-removal.ts';
import { drawnFormPage, drawnReceiptColumn } from './ocr-fixtures.ts';

async function grey(png: Buffer) {
  const { data, info } = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** A horizontal ruling from x0 to x1 at y, and a vertical one from y0 to y1 at x. */
const across = (x0: number, x1: number, y: number) => ({ x0, y0: y, x1, y1: y });
const down = (x: number, y0: number, y1: number) => ({ x0: x, y0, x1: x, y1 });

describe('formEvidence', () => {
  it('counts rows (a double rule is one), short rows against the text width, verticals and the width in lines', () => {
    // Prepare: text 2,000 px wide at 20 px a line; a double rule across, two short lines on one row, one short line.
    const rulings = [
      across(0, 2000, 100),
      across(0, 2000, 108),
      across(100, 500, 300),
      across(1200, 1600, 302),
      across(300, 700, 500),
      down(50, 0, 400),
    ];
    // Act
    const evidence = formEvidence(rulings, 20, { left: 0, right: 2000 });
    // Assess: the row at 300 reaches from 100 to 1600, more than half the width.
    expect(evidence).toEqual({ rows: 3, shortRows: 1, vertical: 1, widthLines: 100 });
  });

  it('has no rows and no short rows without horizontal rulings', () => {
    expect(formEvidence([down(10, 0, 300)], 20, { left: 0, right: 400 })).toEqual({ rows: 0, shortRows: 0, vertical: 1, widthLines: 20 });
  });
});

describe('isFormPage', () => {
  const wide = MIN_FORM_WIDTH_LINES;
  it('takes short rows on a page-wide text block for a form, one row fewer or a narrower block not', () => {
    expect(isFormPage({ rows: MIN_SHORT_ROWS, shortRows: MIN_SHORT_ROWS, vertical: 0, widthLines: wide })).toBe(true);
    expect(isFormPage({ rows: MIN_SHORT_ROWS, shortRows: MIN_SHORT_ROWS - 1, vertical: 0, widthLines: wide })).toBe(false);
    expect(isFormPage({ rows: 12, shortRows: 12, vertical: 0, widthLines: wide - 1 })).toBe(false);
  });

  it('takes a grid (many rows and many verticals) for a form at any width', () => {
    expect(isFormPage({ rows: MIN_GRID_ROWS, shortRows: 0, vertical: MIN_GRID_VERTICALS, widthLines: 20 })).toBe(true);
    expect(isFormPage({ rows: MIN_GRID_ROWS - 1, shortRows: 0, vertical: 60, widthLines: 20 })).toBe(false);
    expect(isFormPage({ rows: 30, shortRows: 0, vertical: MIN_GRID_VERTICALS - 1, widthLines: 90 })).toBe(false);
  });
});

describe('removeRulings behind the form gate', () => {
  it('takes the fill-in lines and box borders out of a drawn form', async () => {
    // Prepare
    const form = drawnFormPage(
      ['Surname', 'Given name', 'Street and number', 'Town', 'Telephone', 'Signed on', 'Witnessed by'],
      ['Office use', 'Ref.', 'Checked'],
    );
    const image = await grey(form.png);
    // Act
    const removal = removeRulings(image, 18);
    // Assess
    expect(removal.form).toBe(true);
    expect(removal.evidence.shortRows).toBeGreaterThanOrEqual(MIN_SHORT_ROWS);
    expect(removal.evidence.widthLines).toBeGreaterThanOrEqual(MIN_FORM_WIDTH_LINES);
    expect(removal.rulings).toBeGreaterThanOrEqual(8);
    // The first row's fill-in line, past its label, is paper now.
    for (const y of [163, 164]) expect(image.data[y * image.width + 300]).toBeGreaterThan(200);
  });

  it('leaves a drawn receipt column byte for byte as it was, dashed, solid and underlining rules and all', async () => {
    // Prepare
    const receipt = drawnReceiptColumn(
      ['KEDAI RUNCIT MAJU', 'No. 7 Jalan Cempaka', 'Tel 05-1234 5678'],
      [
        ['Roti canai 2x', '3.20'],
        ['Teh tarik', '2.50'],
        ['Nasi lemak', '6.90'],
      ],
      '12.60',
    );
    const image = await grey(receipt.png);
    const before = Uint8Array.from(image.data);
    // Act
    const removal = removeRulings(image, 18);
    // Assess
    expect(removal.form).toBe(false);
    expect(removal.evidence.widthLines).toBeLessThan(MIN_FORM_WIDTH_LINES);
    expect(removal).toMatchObject({ rulings: 0, pixels: 0 });
    expect(Buffer.compare(Buffer.from(image.data), Buffer.from(before))).toBe(0);
  });

  it('takes the rulings out of the same receipt when the gate is off (the gate, not the finder, keeps them)', async () => {
    // Prepare
    const receipt = drawnReceiptColumn(['KEDAI RUNCIT MAJU'], [['Teh tarik', '2.50']], '2.50');
    const image = await grey(receipt.png);
    // Act
    const removal = removeRulings(image, 18, { gate: false });
    // Assess
    expect(removal.form).toBe(true);
    expect(removal.rulings).toBeGreaterThanOrEqual(1);
    expect(removal.pixels).toBeGreaterThan(0);
  });
});
