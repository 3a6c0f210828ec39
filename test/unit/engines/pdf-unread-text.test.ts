import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { readableWords } from '../../../functions/engines/pdf/pdf-ocr.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { makeOutlinedTextPage, makeWrongCharacterMapPage, UNREAD_TEXT_VALUES } from '../../fixtures/redact/unread-text-pages.ts';

afterAll(() => terminateOcr());

async function firstPage(bytes: Uint8Array) {
  const doc = await openDocument(bytes, { filename: 'page.pdf' });
  try {
    return { page: (await doc.extract()).pages[0], ocrPageCount: doc.ocrPageCount };
  } finally {
    await doc.close();
  }
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('Engine: pages whose text the text layer does not say are read from their rendering', () => {
  it('tells words of a language from letters that read as none', () => {
    expect(readableWords('Please keep this sheet with the personnel file of the new starter, and the office opens at nine.')).toBe(true);
    expect(readableWords('Qmfbtf lffq uijt tiffu xjui uif qfstpoofm gjmf pg uif ofx tubsufs boe uif pggjdf pqfot bu ojof po uif gjstu ebz')).toBe(
      false,
    );
    // Short text is never judged: a label, a heading, a page number.
    expect(readableWords('Qmfbtf lffq')).toBe(true);
  });

  it('OCRs text converted to curves (no text layer, glyph outlines)', { timeout: 120_000 }, async () => {
    const { page, ocrPageCount } = await firstPage(await makeOutlinedTextPage());
    expect(ocrPageCount).toBe(1);
    expect(page.source).toBe('ocr');
    expect(flat(page.text)).toContain(UNREAD_TEXT_VALUES.outlinedSsn);
    expect(flat(page.text)).toContain('Quillfeather');
  });

  it.each(['shifted', 'private-use'] as const)(
    'OCRs a page whose font maps its glyphs to the wrong characters (%s)',
    { timeout: 120_000 },
    async (map) => {
      const { page, ocrPageCount } = await firstPage(await makeWrongCharacterMapPage(map));
      expect(ocrPageCount).toBe(1);
      expect(page.source).toBe('ocr');
      expect(flat(page.text)).toContain(UNREAD_TEXT_VALUES.mappedSsn);
      expect(flat(page.text)).toContain('Brackenridge');
    },
  );

  it('keeps a real text layer of names and codes (no function word) when the OCR reads none either', { timeout: 120_000 }, async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const rows = [
      // 24 words, none a function or shop word: the layer is taken for unreadable and the page OCR'd.
      'Ardel Vinsk  K-2201',
      'Bersa Holm  K-2202',
      'Corvin Aldt  K-2203',
      'Dasha Meril  K-2204',
      'Elund Parr  K-2205',
      'Fenna Roque  K-2206',
      'Gilda Sorn  K-2207',
      'Hale Tuvik  K-2208',
      'Ilsa Brode  K-2209',
      'Jorvan Tesk  K-2210',
      'Kirra Lund  K-2211',
      'Lothar Vey  K-2212',
    ];
    rows.forEach((row, i) => page.drawText(row, { x: 72, y: 720 - i * 20, size: 12, font }));
    const { page: read } = await firstPage(await doc.save());
    expect(read.source).toBe('text-layer');
    expect(read.text).toContain('Corvin Aldt');
  });

  it('does not OCR a page of a few rules and boxes without text', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    for (let i = 0; i < 6; i++) page.drawRectangle({ x: 72, y: 600 - i * 40, width: 400, height: 30, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    page.drawLine({ start: { x: 72, y: 300 }, end: { x: 500, y: 300 }, thickness: 1 });
    const { page: read } = await firstPage(await doc.save());
    expect(read.source).not.toBe('ocr');
  });
});
