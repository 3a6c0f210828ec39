/**
 * POST /v1/parse?output=pdf through the local stack: the document as a
 * searchable PDF. A scanned page (a photo of a receipt placed in a PDF)
 * comes back with an invisible text layer holding every word the OCR read;
 * a text page keeps its own text, once; a photo uploaded as an image
 * becomes a PDF page with its words. Read back with pdf.js, as search and
 * text extraction tools read it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { openPdfTask } from '../../functions/engines/pdf/pdfjs.ts';
import { apiClient } from '../helpers/client.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

const receiptJpeg = () => readFile(join(import.meta.dirname, '..', '..', 'samples', 'receipt.jpg'));

/** Page 1: the receipt photo as a scan; page 2: a typed line. */
async function scannedThenTyped(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(await receiptJpeg());
  const scale = 792 / Math.max(image.width, image.height);
  doc.addPage([image.width * scale, image.height * scale]).drawImage(image, { x: 0, y: 0, width: image.width * scale, height: image.height * scale });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Delivery note for the spring order', { x: 72, y: 700, size: 14, font });
  return doc.save();
}

/** Each page's text as pdf.js extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await (await openPdfTask(bytes)).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function searchablePdf(name: string, bytes: Uint8Array, type: string) {
  const key = await api.upload(keys.proTest, name, bytes, type);
  const res = await api.call('POST', '/v1/parse?output=pdf', { key: keys.proTest, form: { document_key: key } });
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
  const expiresIn = new Date(res.body.assets_expire_at).getTime() - Date.now();
  expect(expiresIn).toBeGreaterThan(0);
  expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
  const download = await fetch(res.body.result.pdf_url);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/pdf');
  return { body: res.body, pages: await pdfText(new Uint8Array(await download.arrayBuffer())) };
}

const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);

describe('Local API: parse output=pdf (searchable PDF)', () => {
  it('a scanned page gets every OCR word as text; a text page keeps its own text once', async () => {
    // Act
    const { body, pages } = await searchablePdf('scan.pdf', await scannedThenTyped(), 'application/pdf');
    // Assess
    expect(pages).toHaveLength(2);
    const ocrWords = wordsOf(body.result.pages[0].text as string);
    expect(ocrWords.length).toBeGreaterThan(10);
    const layer = new Set(wordsOf(pages[0]));
    expect(ocrWords.filter((w) => !layer.has(w))).toEqual([]);
    expect(pages[1]).toBe('Delivery note for the spring order');
  });

  it('a photo becomes a PDF page whose text layer holds what the OCR read', async () => {
    // Act
    const { body, pages } = await searchablePdf('receipt.jpg', await receiptJpeg(), 'image/jpeg');
    // Assess
    expect(pages).toHaveLength(1);
    const layer = new Set(wordsOf(pages[0]));
    expect(wordsOf(body.result.ocr as string).filter((w) => !layer.has(w))).toEqual([]);
  });

  it('a plain parse has no pdf_url, and output is checked', async () => {
    const key = await api.upload(keys.proTest, 'receipt.jpg', await receiptJpeg(), 'image/jpeg');
    const plain = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: key } });
    expect(plain.status).toBe(200);
    expect(plain.body.result.pdf_url).toBeUndefined();
    const wrong = await api.call('POST', '/v1/parse?output=docx', { key: keys.proTest, form: { document_key: key } });
    expect(wrong.status).toBe(400);
  });
});
