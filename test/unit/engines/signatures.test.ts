import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findSelectionMarks, INK_SELECTED, readMarkInk } from '../../../functions/engines/layout/selection-marks.ts';
import { findSignatures } from '../../../functions/engines/layout/signatures.ts';
import { loadPdf } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { buildDocumentLayout } from '../../../functions/operations/parse-structure.ts';

/** A one-page form: a signature label and line, with or without a handwritten-looking squiggle on the line. */
async function form(signed: boolean, label = 'Signature:'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Tenancy renewal', { x: 72, y: 720, size: 18, font });
  page.drawText('I agree to renew the tenancy on the terms above.', { x: 72, y: 680, size: 11, font });
  page.drawText(label, { x: 72, y: 600, size: 11, font });
  page.drawLine({ start: { x: 140, y: 598 }, end: { x: 360, y: 598 }, thickness: 0.8 });
  page.drawText('Date:', { x: 380, y: 600, size: 11, font });
  if (signed) {
    // Loops and zig-zags the way a pen moves: up and down many times along the line.
    const path = [
      'M 0 0 C 8 -22 14 -22 16 0 C 18 14 24 14 28 -4 C 32 -20 40 -18 42 0 L 50 -16 L 58 2',
      'C 62 -12 70 -24 76 -2 L 84 -14 L 92 4 C 98 -8 106 -18 118 -2',
    ].join(' ');
    page.drawSvgPath(path, { x: 160, y: 600, borderColor: rgb(0.1, 0.1, 0.4), borderWidth: 1.4 });
  }
  return doc.save();
}

async function signaturesOf(bytes: Uint8Array) {
  const pdf = await loadPdf(bytes);
  try {
    const parsed = await pdf.extract();
    const found = await findSignatures(parsed.pages, pdf);
    return { found, parsed };
  } finally {
    await pdf.close();
  }
}

describe('signatures', () => {
  it('finds a signature drawn on the line beside its label, and reports it as a region', async () => {
    const { found, parsed } = await signaturesOf(await form(true));
    expect(found.get(1)).toHaveLength(1);
    const [x0, y0, x1] = found.get(1)![0];
    expect(x0).toBeGreaterThan(0.2);
    expect(x1).toBeLessThan(0.62);
    expect(y0).toBeGreaterThan(0.2);
    const { pages } = buildDocumentLayout(parsed.pages, { signatures: found });
    expect(pages[0].regions.filter((r) => r.type === 'signature')).toHaveLength(1);
    expect(pages[0].markdown).toContain('*[Signature]*');
  });

  it('finds nothing on an empty signature line, nor without a label', async () => {
    expect((await signaturesOf(await form(false))).found.size).toBe(0);
    expect((await signaturesOf(await form(true, 'Remarks:'))).found.size).toBe(0);
  });

  it('finds nothing where printed text stands beside the label', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Signed by: Office of the County Clerk, Records Division', { x: 72, y: 600, size: 11, font });
    expect((await signaturesOf(await doc.save())).found.size).toBe(0);
  });
});

describe('drawn check boxes read in the drawn page', () => {
  /** Four boxes drawn as strokes: empty, crossed with two lines, ticked with a path, filled; each with a label. */
  async function boxes(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const labels = ['Empty box', 'Crossed box', 'Ticked box', 'Filled box'];
    labels.forEach((label, i) => {
      const y = 700 - i * 30;
      page.drawRectangle({ x: 72, y, width: 10, height: 10, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      page.drawText(label, { x: 90, y: y + 1, size: 11, font });
    });
    page.drawLine({ start: { x: 74, y: 672 }, end: { x: 80, y: 678 }, thickness: 1.1 });
    page.drawLine({ start: { x: 74, y: 678 }, end: { x: 80, y: 672 }, thickness: 1.1 });
    page.drawSvgPath('M 0 0 L 3 3.5 L 8.5 -3.5', { x: 73, y: 645, borderWidth: 1.3, borderColor: rgb(0, 0, 0) });
    page.drawRectangle({ x: 74, y: 612, width: 6, height: 6, color: rgb(0, 0, 0) });
    return doc.save();
  }

  it('tells crossed, ticked and filled boxes from an empty one by the ink inside', async () => {
    // Prepare
    const pdf = await loadPdf(await boxes());
    try {
      const parsed = await pdf.extract(undefined, { graphics: true });
      // Act
      const ink = await readMarkInk(parsed.pages, pdf);
      const marks = findSelectionMarks(parsed.pages[0], ink.get(1));
      const without = findSelectionMarks(parsed.pages[0]);
      // Assess: the strokes are no text, so only the drawn page tells; without it every box reads empty.
      expect(marks.map((m) => [m.label, m.state])).toEqual([
        ['Empty box', 'unselected'],
        ['Crossed box', 'selected'],
        ['Ticked box', 'selected'],
        ['Filled box', 'selected'],
      ]);
      expect(without.every((m) => m.state === 'unselected')).toBe(true);
      const inkOf = (box: readonly number[]) => ink.get(1)!.find((i) => i.bbox.every((v, k) => v === box[k]))!.ink;
      expect(marks.map((m) => inkOf(m.bbox) >= INK_SELECTED)).toEqual([false, true, true, true]);
    } finally {
      await pdf.close();
    }
  });
});

describe('drawn radio buttons', () => {
  /** Three rings drawn as Bézier paths (one with a filled dot), a bullet dot with no ring, each with a label. */
  async function radios(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    ['Weekly', 'Monthly', 'Yearly'].forEach((label, i) => {
      const y = 700 - i * 30;
      page.drawEllipse({ x: 77, y: y + 4, xScale: 5, yScale: 5, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      if (i === 1) page.drawEllipse({ x: 77, y: y + 4, xScale: 2, yScale: 2, color: rgb(0, 0, 0) });
      page.drawText(label, { x: 90, y: y + 1, size: 11, font });
    });
    page.drawEllipse({ x: 76, y: 604, xScale: 2, yScale: 2, color: rgb(0, 0, 0) });
    page.drawText('A bulleted point, not a button', { x: 90, y: 600, size: 11, font });
    return doc.save();
  }

  it('finds stroked rings as selection marks, selected by the dot inside, and leaves a bullet dot alone', async () => {
    // Prepare
    const pdf = await loadPdf(await radios());
    try {
      const parsed = await pdf.extract(undefined, { graphics: true });
      // Act
      const fromPaths = findSelectionMarks(parsed.pages[0]);
      const ink = await readMarkInk(parsed.pages, pdf);
      const withInk = findSelectionMarks(parsed.pages[0], ink.get(1));
      // Assess: the dot is a path of its own, so the vector page alone tells; the drawn page agrees.
      const expected = [
        ['Weekly', 'unselected', 'drawn'],
        ['Monthly', 'selected', 'drawn'],
        ['Yearly', 'unselected', 'drawn'],
      ];
      expect(fromPaths.map((m) => [m.label, m.state, m.source])).toEqual(expected);
      expect(withInk.map((m) => [m.label, m.state, m.source])).toEqual(expected);
      expect(ink.get(1)!.map((i) => i.ink >= INK_SELECTED)).toEqual([false, true, false]);
    } finally {
      await pdf.close();
    }
  });
});
