import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCR_ENGINE, terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { usableText } from '../../../functions/engines/pdf/pdf-ocr.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { cer, SAMPLE_LINES, textImage } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

const SCAN = textImage(SAMPLE_LINES, { width: 1100, height: 420, fontSize: 34, x: 60, y: 60 });
const TEXT_LINES = [
  'Quarterly report of the north office',
  'Revenue grew by nine percent this quarter',
  'Costs stayed flat while two new customers signed',
];

/** Draws the scan image over the top of a 612 × 300 pt page (150 dpi: 528 × 202 pt). */
async function addScannedPage(pdf: PDFDocument, png: Uint8Array, stamp?: string) {
  const image = await pdf.embedPng(png);
  const p = pdf.addPage([612, 300]);
  p.drawImage(image, { x: 42, y: 300 - 20 - 202, width: 528, height: 202 });
  if (stamp) p.drawText(stamp, { x: 600 - stamp.length * 4.5, y: 10, size: 8, font: await pdf.embedFont(StandardFonts.Helvetica) });
}

let scannedPdf: Uint8Array;
let mixedPdf: Uint8Array;

beforeAll(async () => {
  const scanned = await PDFDocument.create();
  await addScannedPage(scanned, SCAN.png);
  scannedPdf = await scanned.save();

  const mixed = await PDFDocument.create();
  const font = await mixed.embedFont(StandardFonts.Helvetica);
  const first = mixed.addPage([612, 300]);
  TEXT_LINES.forEach((line, i) => first.drawText(line, { x: 50, y: 250 - i * 20, size: 12, font }));
  // A logo on a text page does not make it a scan.
  const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#3366cc' } }).png().toBuffer();
  first.drawImage(await mixed.embedPng(logo), { x: 450, y: 200, width: 120, height: 60 });
  await addScannedPage(mixed, SCAN.png, '2'); // a scan with a page-number stamp in its text layer
  mixed.addPage([612, 300]); // blank: no text, no image
  await addScannedPage(mixed, SCAN.png, 'ACME-0004711 CONFIDENTIAL'); // a Bates-stamped scan: sparse but real text layer
  mixedPdf = await mixed.save();
});

describe('Engine: scanned and mixed PDFs', () => {
  it('tells real text layers from stamps and garbage', () => {
    expect(usableText(TEXT_LINES)).toBe(true);
    expect(usableText(['2'])).toBe(false);
    expect(usableText([''])).toBe(false);
    expect(usableText(['\uFFFD'.repeat(40) + 'abcdefghijklmnopq'])).toBe(false);
  });

  it('OCRs an image-only PDF: ocrPageCount at open, OCR words with boxes on the drawn text', async () => {
    // Act
    const doc = await openDocument(scannedPdf, { filename: 'scan.pdf' });
    let parsed;
    try {
      expect(doc.ocrPageCount).toBe(1);
      expect(doc.engines).toContain(OCR_ENGINE);
      parsed = await doc.extract();
    } finally {
      await doc.close();
    }

    // Assess
    expect(parsed.engines).toEqual([OCR_ENGINE]);
    const [page] = parsed.pages;
    expect([page.width, page.height, page.source]).toEqual([612, 300, 'ocr']);
    expect(cer(page.text, SCAN.text)).toBeLessThan(0.03);
    expect(page.figures?.length).toBe(1);
    // "Invoice" was drawn at the scan's top-left; the scan sits at (42, 20) pt, 528 × 202 pt.
    const drawn = SCAN.words.find((w) => w.text === 'Invoice')!.bbox;
    const expected = [(42 + drawn[0] * 528) / 612, (20 + drawn[1] * 202) / 300, (42 + drawn[2] * 528) / 612, (20 + drawn[3] * 202) / 300];
    const word = page.words.find((w) => w.text === 'Invoice')!;
    word.bbox.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(0.015));
    expect(page.words.every((w) => w.source === 'ocr' && w.confidence >= 0 && w.confidence <= 1)).toBe(true);
  });

  it('scans only the pages of interest at open (a caller reading some pages of a long document)', async () => {
    // Act
    const firstOnly = await openDocument(mixedPdf, { filename: 'mixed.pdf' }, { pagesOfInterest: () => [1] });
    const firstTwo = await openDocument(mixedPdf, { filename: 'mixed.pdf' }, { pagesOfInterest: (count) => [1, count] });
    try {
      // Assess: page 1 has a text layer; the last page is a stamped scan.
      expect(firstOnly.ocrPageCount).toBe(0);
      expect(firstTwo.ocrPageCount).toBe(1);
      expect(firstOnly.pageCount).toBe(4);
    } finally {
      await firstOnly.close();
      await firstTwo.close();
    }
  });

  it('mixes text-layer and OCR pages, and skips blank pages', async () => {
    // Act
    const doc = await openDocument(mixedPdf, { filename: 'mixed.pdf' });
    let parsed;
    try {
      // Pages 2 (scan), 3 (blank, no text layer) and 4 (stamped scan): the open-time upper bound.
      expect(doc.ocrPageCount).toBe(3);
      parsed = await doc.extract();
    } finally {
      await doc.close();
    }

    // Assess
    expect(parsed.engines).toEqual([expect.stringMatching(/^pdfjs-text-layer@/), OCR_ENGINE]);
    const [text, scan, blank, stamped] = parsed.pages;
    expect(text.source).toBe('text-layer');
    expect(text.text).toBe(TEXT_LINES.join('\n'));
    expect(scan.source).toBe('ocr');
    expect(cer(scan.text, SCAN.text)).toBeLessThan(0.05);
    expect(blank).toMatchObject({ source: 'none', text: '' });
    // The stamp is in the rendering too, so OCR reads it with the scan.
    expect(stamped.source).toBe('ocr');
    expect(cer(stamped.text.replace(/\s*ACME-?0004711 CONFIDENTIAL\s*/, ''), SCAN.text)).toBeLessThan(0.05);
  });

  it('OCRs only the requested pages', async () => {
    const doc = await openDocument(mixedPdf, { filename: 'mixed.pdf' });
    try {
      const parsed = await doc.extract([1, 3]);
      expect(parsed.pages.map((p) => p.source)).toEqual(['text-layer', 'none']);
      expect(parsed.engines).toEqual([expect.stringMatching(/^pdfjs-text-layer@/)]);
    } finally {
      await doc.close();
    }
  });
});
