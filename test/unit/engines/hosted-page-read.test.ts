/**
 * Page reading with a hosted reader (Textract through `PageTextService`),
 * against a fake service: its lines become the document model, images and
 * scanned PDF pages go to it, and the local OCR reads a page when it fails.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HostedEngineError, type PageTextService, type RecognizedLine } from '../../../functions/contracts/hosted-models.ts';
import { encodeForService, pageFromLines } from '../../../functions/engines/ocr/hosted-page-read.ts';
import { OCR_ENGINE, terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { SAMPLE_LINES, textImage } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

const line = (text: string, left: number, top: number): RecognizedLine => {
  let cursor = left;
  const words = text.split(' ').map((word) => {
    const box = { left: cursor, top, width: word.length * 0.012, height: 0.02 };
    cursor += box.width + 0.01;
    return { text: word, confidence: 0.99, box };
  });
  return { text, confidence: 0.99, box: { left, top, width: cursor - left, height: 0.02 }, words };
};

const LINES = [line('Delivery note 5521', 0.1, 0.1), line('Pallets 4', 0.1, 0.125), line('Signed on arrival', 0.1, 0.4)];

function fakeReader(answer: () => Promise<readonly RecognizedLine[]>) {
  const images: Uint8Array[] = [];
  const service: PageTextService = {
    name: 'textract/DetectDocumentText',
    maxImageBytes: 10 * 1024 * 1024,
    async detectText(image) {
      images.push(image);
      return { lines: await answer() };
    },
  };
  return { service, images };
}

const SCAN = textImage(SAMPLE_LINES.slice(0, 2), { width: 900, height: 300, fontSize: 34, x: 40, y: 40 });

describe('hosted page reading', () => {
  it("builds words, lines and blocks from the service's lines (a wide gap starts a block)", () => {
    // Act
    const page = pageFromLines(LINES);
    // Assess
    expect(page.words.map((w) => w.text)).toEqual(['Delivery', 'note', '5521', 'Pallets', '4', 'Signed', 'on', 'arrival']);
    expect(page.lines.map((l) => l.wordIndexes)).toEqual([[0, 1, 2], [3, 4], [5, 6, 7]]);
    expect(page.blocks.map((b) => b.lineIndexes)).toEqual([[0, 1], [2]]);
    expect(page.text).toBe('Delivery note 5521\nPallets 4\n\nSigned on arrival');
    expect(page.words[0].bbox[0]).toBeCloseTo(0.1, 6);
    expect(page.words.every((w) => w.source === 'ocr')).toBe(true);
  });

  it('reads an image with the service instead of the local OCR, and names it in engines', async () => {
    // Arrange
    const { service, images } = fakeReader(async () => LINES);
    const doc = await openDocument(SCAN.png, { filename: 'scan.png' }, { pageText: service });
    try {
      // Act
      const parsed = await doc.extract();
      // Assess
      expect(doc.engines).toEqual(['textract/DetectDocumentText']);
      expect(parsed.engines).toEqual(['textract/DetectDocumentText']);
      expect(parsed.pages[0].text).toBe('Delivery note 5521\nPallets 4\n\nSigned on arrival');
      expect(parsed.pages[0].ocrFallback).toBeUndefined();
      const sent = await sharp(images[0]).metadata();
      expect([sent.format, sent.width, sent.height]).toEqual(['png', SCAN.width, SCAN.height]);
    } finally {
      await doc.close();
    }
  });

  it('falls back to the local OCR for a page the service cannot read, and marks the page', async () => {
    // Arrange
    const { service } = fakeReader(async () => {
      throw new HostedEngineError('throttled', 'Textract DetectDocumentText failed (ThrottlingException)');
    });
    const doc = await openDocument(SCAN.png, { filename: 'scan.png' }, { pageText: service });
    try {
      // Act
      const parsed = await doc.extract();
      // Assess
      expect(parsed.engines).toEqual([OCR_ENGINE]);
      expect(parsed.pages[0].ocrFallback).toBe('throttled');
      expect(parsed.pages[0].text.toLowerCase()).toContain(SAMPLE_LINES[0].split(' ')[0].toLowerCase());
    } finally {
      await doc.close();
    }
  });

  it('propagates an error that is not a hosted failure (a bug)', async () => {
    // Arrange
    const { service } = fakeReader(async () => {
      throw new TypeError('boom');
    });
    const doc = await openDocument(SCAN.png, { filename: 'scan.png' }, { pageText: service });
    try {
      // Act / Assess
      await expect(doc.extract()).rejects.toBeInstanceOf(TypeError);
    } finally {
      await doc.close();
    }
  });

  it('reads the scanned pages of a PDF with the service, keeping the text layer elsewhere', async () => {
    // Arrange
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 300]);
    page.drawImage(await pdf.embedPng(SCAN.png), { x: 40, y: 60, width: 528, height: 176 });
    const { service, images } = fakeReader(async () => LINES);
    const doc = await openDocument(await pdf.save(), { filename: 'scan.pdf' }, { pageText: service });
    try {
      // Act
      const parsed = await doc.extract();
      // Assess
      expect(images).toHaveLength(1);
      expect(parsed.engines).toContain('textract/DetectDocumentText');
      expect(parsed.engines).not.toContain(OCR_ENGINE);
      expect(parsed.pages[0].source).toBe('ocr');
      expect(parsed.pages[0].words.map((w) => w.text)).toContain('5521');
    } finally {
      await doc.close();
    }
  });

  it('sends a page too large as PNG as a JPEG within the limit', async () => {
    // Arrange: noise (a seeded generator) does not compress.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) & 0xff;
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 300 * 3 }, random)), { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    // Act
    const image = await encodeForService({ image: noise }, 40_000);
    // Assess
    expect(noise.byteLength).toBeGreaterThan(40_000);
    expect(image.byteLength).toBeLessThanOrEqual(40_000);
    expect((await sharp(image).metadata()).format).toBe('jpeg');
  });
});
