/**
 * Every upload format through the local server: upload → PUT → parse, with
 * sensible pages and text. Fixtures are built in code (real files of each
 * format, written by the same builders the engine tests use) or committed
 * under test/fixtures/documents/.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, readFixture } from '../helpers/client.ts';
import { sampleDocx, samplePptx, sampleXlsx } from '../unit/engines/office-builders.ts';
import { cer, SAMPLE_LINES, textImage } from '../unit/engines/ocr-fixtures.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');
const utf8 = (s: string) => new TextEncoder().encode(s);

async function parse(filename: string, bytes: Uint8Array, query = '', contentType?: string) {
  const documentKey = await api.upload(keys.proTest, filename, bytes, contentType);
  return api.call('POST', `/v1/parse${query}`, { key: keys.proTest, form: { document_key: documentKey } });
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('Local API: parse of every supported format', () => {
  let scan: ReturnType<typeof textImage>;
  beforeAll(() => {
    scan = textImage(SAMPLE_LINES);
  });

  it.each([
    ['DOCX', 'report.docx', () => sampleDocx(), 'docx', ['Quarterly Report', 'Revenue grew by 12%']],
    ['XLSX', 'sales.xlsx', () => sampleXlsx(), 'xlsx', ['Apples', 'Pears']],
    ['PPTX', 'review.pptx', () => samplePptx(), 'pptx', ['Annual Review 2026', 'Revenue up 12%']],
    ['CSV', 'items.csv', () => utf8('\ufeffname,amount\n"Smith, Jane",12.50\nBob,"3\n4"\n'), 'csv', ['Smith, Jane', '12.50']],
    ['TXT', 'notes.txt', () => utf8('First page line\n\fSecond page line\n'), 'txt', ['First page line', 'Second page line']],
    ['RTF', 'letter.rtf', () => utf8('{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Dear Caf\\\'e9 owner,\\par Price \\u8364? 12\\par}'), 'rtf', ['Dear Café owner', 'Price € 12']],
    ['JSON', 'order.json', () => utf8(JSON.stringify({ order: { id: 'A-17', items: [{ sku: 'X1', qty: 2 }] } })), 'json', ['A-17', 'X1']],
    ['XML', 'order.xml', () => utf8('<?xml version="1.0"?><order id="A-17"><item sku="X1">Widget</item></order>'), 'xml', ['Widget']],
  ])('%s: pages, text and the detected type', async (_name, filename, build, fileType, phrases) => {
    const res = await parse(filename, build() as Uint8Array);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe(fileType);
    expect(res.body.metadata.pages).toBe(res.body.result.pages.length);
    expect(res.body.metadata.pages).toBeGreaterThan(0);
    for (const phrase of phrases) expect(flat(res.body.result.ocr)).toContain(phrase);
    expect(res.body.model_used).toBeTruthy();
  });

  it.each([
    ['Word', 'application/msword', 'report.docx', () => sampleDocx(), 'docx'],
    ['Excel', 'application/vnd.ms-excel', 'sales.xlsx', () => sampleXlsx(), 'xlsx'],
    ['PowerPoint', 'application/vnd.ms-powerpoint', 'review.pptx', () => samplePptx(), 'pptx'],
  ])('accepts %s declared by its older MIME name (%s): the upload succeeds and the bytes decide at parse', async (_name, declared, filename, build, fileType) => {
    const res = await parse(filename, build() as Uint8Array, '', declared);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe(fileType);
  });

  it('counts DOCX pages by its explicit page breaks, XLSX by sheets and PPTX by slides', async () => {
    const [docx, xlsx, pptx] = await Promise.all([
      parse('report.docx', sampleDocx()),
      parse('sales.xlsx', sampleXlsx()),
      parse('review.pptx', samplePptx()),
    ]);
    expect(docx.body.metadata.pages).toBeGreaterThanOrEqual(2);
    expect(xlsx.body.metadata.pages).toBe(2);
    expect(pptx.body.metadata.pages).toBe(3);
  });

  it.each([
    ['PNG', 'scan.png', async (png: Buffer) => png, 'png'],
    ['JPEG', 'photo.jpg', async (png: Buffer) => sharp(png).jpeg({ quality: 90 }).toBuffer(), 'jpeg'],
    ['WebP', 'photo.webp', async (png: Buffer) => sharp(png).webp({ quality: 90 }).toBuffer(), 'webp'],
    ['TIFF', 'scan.tiff', async (png: Buffer) => sharp(png).tiff().toBuffer(), 'tiff'],
  ])('%s: OCR text with word boxes and confidences', async (_name, filename, encode, fileType) => {
    const res = await parse(filename, await encode(scan.png), '?include_boxes=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe(fileType);
    expect(res.body.model_used).toMatch(/tesseract/i);
    const page = res.body.result.pages[0];
    expect(cer(page.text, scan.text)).toBeLessThan(0.05);
    expect(page.boxes.length).toBeGreaterThan(10);
    for (const box of page.boxes) {
      expect(box.confidence).toBeGreaterThanOrEqual(0);
      expect(box.confidence).toBeLessThanOrEqual(1);
      expect(box.bbox.every((v: number) => v >= 0 && v <= 1)).toBe(true);
    }
    const invoice = page.boxes.find((b: { text: string }) => b.text === 'Invoice');
    expect(invoice.bbox[0]).toBeCloseTo(scan.words[0].bbox[0], 1);
    expect(invoice.bbox[1]).toBeCloseTo(scan.words[0].bbox[1], 1);
  });

  it('HEIC: decodes and OCRs the committed sample', async () => {
    const res = await parse('receipt.heic', await readFixture('documents/images/receipt.heic'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe('heic');
    expect(res.body.metadata.pages).toBe(1);
  });

  it('a mixed PDF uses the text layer where present and OCR elsewhere', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const textPage = pdf.addPage([595.28, 841.89]);
    textPage.drawText('Cover letter with a real text layer', { x: 72, y: 760, size: 14, font });
    const image = await pdf.embedPng(scan.png);
    const scanned = pdf.addPage([595.28, 841.89]);
    scanned.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
    const res = await parse('mixed.pdf', await pdf.save(), '?include_boxes=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = res.body.result.pages;
    expect(first.text).toBe('Cover letter with a real text layer');
    expect(first.boxes.every((b: { confidence: number }) => b.confidence === 1)).toBe(true);
    expect(cer(second.text, scan.text)).toBeLessThan(0.05);
    expect(res.body.model_used).toMatch(/pdfjs/);
    expect(res.body.model_used).toMatch(/tesseract/i);
  });

  it('a declared type that does not match the bytes is parsed by what the bytes are', async () => {
    const res = await parse('actually-a-png.pdf', scan.png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe('png');
  });
});
