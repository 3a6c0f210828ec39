/**
 * Hidden text (hidden-text.ts): a forged invoice shows one IBAN and carries
 * another in white, in a 1 pt font and in render mode 3. Extract reads the
 * visible one only, with a warning that counts what it left out; redaction's
 * reading (all text) still sees every copy; white text on a dark banner stays.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, TextRenderingMode, popGraphicsState, pushGraphicsState, rgb, setTextRenderingMode } from 'pdf-lib';
import { loadPdf } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { luminance } from '../../../functions/engines/pdf/hidden-text.ts';

// Invented look-alikes (valid checksums not needed: extract reads the shape).
const VISIBLE_IBAN = 'DE44 5001 0517 5407 3249 31';
const HIDDEN_IBAN = 'FR14 2004 1010 0505 0001 3M02 606';

/** An invoice page: visible lines in black, the hidden IBAN three ways, and white text on a dark banner. */
async function forgedInvoice(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ['Lumen Widgets GmbH', 'Invoice number: INV-20931', 'Invoice date: 2026-03-14', `IBAN: ${VISIBLE_IBAN}`, 'Total due: 1,250.00 EUR'];
  lines.forEach((text, i) => page.drawText(text, { x: 60, y: 760 - i * 18, size: 11, font }));
  // White on the white page, same font and size, right after the visible IBAN.
  page.drawText(`IBAN: ${HIDDEN_IBAN}`, { x: 300, y: 706, size: 11, font, color: rgb(1, 1, 1) });
  // One point high.
  page.drawText(`IBAN: ${HIDDEN_IBAN}`, { x: 60, y: 600, size: 1, font });
  // Render mode 3: neither filled nor stroked.
  page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
  page.drawText(`IBAN: ${HIDDEN_IBAN}`, { x: 60, y: 580, size: 11, font });
  page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill), popGraphicsState());
  // A dark banner with white text on it: visible, kept.
  page.drawRectangle({ x: 50, y: 500, width: 300, height: 24, color: rgb(0.1, 0.2, 0.5) });
  page.drawText('Payment terms banner', { x: 60, y: 508, size: 11, font, color: rgb(1, 1, 1) });
  return pdf.save();
}

async function read(bytes: Uint8Array, visibleOnly: boolean) {
  const handle = await loadPdf(bytes);
  try {
    return await handle.extract(undefined, { visibleOnly });
  } finally {
    await handle.close();
  }
}

describe('hidden text', () => {
  it('leaves white, tiny and render-mode-3 text out of what extract reads, and says so', async () => {
    const bytes = await forgedInvoice();
    const doc = await read(bytes, true);
    const [page] = doc.pages;
    expect(page.text).toContain(VISIBLE_IBAN);
    expect(page.text).not.toContain('FR14');
    expect(page.text).toContain('Payment terms banner');
    const hiddenChars = 3 * `IBAN:${HIDDEN_IBAN}`.replace(/\s/g, '').length;
    expect(page.warnings).toEqual([expect.stringContaining(`Page 1: ${hiddenChars} invisible characters`)]);
    expect(page.warnings?.[0]).toMatch(/invisible render mode/);
    expect(page.warnings?.[0]).toMatch(/white on white/);
    expect(page.warnings?.[0]).toMatch(/under 2 pt/);
    const extraction = extractFinancial(doc.pages);
    expect(String(extraction.entities.iban).replace(/\s/g, '')).toBe(VISIBLE_IBAN.replace(/\s/g, ''));
  });

  it('keeps every word for the readers that must see all text (redaction)', async () => {
    const doc = await read(await forgedInvoice(), false);
    const text = doc.pages[0].text;
    expect(text.split('FR14').length - 1).toBe(3);
    expect(doc.pages[0].warnings).toBeUndefined();
  });

  it('keeps invisible text drawn over an image: a scan with its OCR text layer', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    // A 1×1 grey PNG stretched over the page's upper half.
    const png = await pdf.embedPng(
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCB3UNq9AAAAABJRU5ErkJggg==', 'base64'),
    );
    page.drawImage(png, { x: 0, y: 421, width: 595, height: 421 });
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    // Enough text that the layer counts as the page's full text (no OCR of the image).
    for (let i = 0; i < 6; i++)
      page.drawText(`Scanned delivery note 5531 line ${i} for Harbour Lights Ltd, 12 Quayside Row`, { x: 60, y: 780 - i * 16, size: 11, font });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Fill), popGraphicsState());
    const doc = await read(await pdf.save(), true);
    expect(doc.pages[0].text).toContain('Scanned delivery note 5531');
    expect(doc.pages[0].warnings).toBeUndefined();
  });

  it('reads device colours as luminance', () => {
    expect(luminance([1])).toBe(1);
    expect(luminance([1, 1, 1])).toBeCloseTo(1);
    expect(luminance([0, 0, 0, 0])).toBeCloseTo(1);
    expect(luminance([0, 0, 0, 1])).toBe(0);
    expect(luminance([0.2, 0.2, 0.2])).toBeCloseTo(0.2);
  });
});
