import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { MAX_DOCUMENT_PAGES } from '../../../functions/contracts/limits.ts';
import { MAX_IMAGE_PIXELS } from '../../../functions/engines/image/image-backend.ts';
import { tiffPages } from '../../../functions/engines/image/tiff-pages.ts';
import { OCR_ENGINE, terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument, type OpenedDocument } from '../../../functions/engines/registry.ts';
import { detectTables } from '../../../functions/engines/layout/tables.ts';
import { cer, ruledTableImage, textImage } from './ocr-fixtures.ts';
import { gridText } from './page-builder.ts';

afterAll(() => terminateOcr());

const FIXTURES = new URL('../../fixtures/documents/images/', import.meta.url);
const LINES = ['Receipt 4711 from the corner shop', 'Total paid 18.50 EUR'];
const page = textImage(LINES, { width: 900, height: 260, fontSize: 36, x: 40, y: 30 });

async function withOpened<T>(bytes: Uint8Array, filename: string, fn: (doc: OpenedDocument) => Promise<T>): Promise<T> {
  const doc = await openDocument(bytes, { filename });
  try {
    return await fn(doc);
  } finally {
    await doc.close();
  }
}

async function openError(bytes: Uint8Array, filename: string, options = {}): Promise<DocumentLoadError> {
  try {
    const doc = await openDocument(bytes, { filename }, options);
    try {
      await doc.extract();
    } finally {
      await doc.close();
    }
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentLoadError);
    return error as DocumentLoadError;
  }
  throw new Error('expected a DocumentLoadError');
}

/** A PNG whose header declares `width` × `height` with a single tiny data chunk. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('Engine: images', () => {
  it.each([
    ['png', 'scan.png', () => Promise.resolve(page.png)],
    ['jpeg', 'scan.jpg', () => sharp(page.png).jpeg({ quality: 85 }).toBuffer()],
    ['webp', 'scan.webp', () => sharp(page.png).webp({ quality: 90 }).toBuffer()],
  ] as const)('OCRs a %s image as one page', async (kind, filename, make) => {
    // Arrange
    const bytes = await make();

    // Act
    const parsed = await withOpened(bytes, filename, async (doc) => {
      expect(doc.kind).toBe(kind);
      expect(doc.pageCount).toBe(1);
      expect(doc.ocrPageCount).toBe(1);
      expect(doc.engines).toEqual([OCR_ENGINE]);
      return doc.extract();
    });

    // Assess
    expect(parsed.engines).toEqual([OCR_ENGINE]);
    const [p] = parsed.pages;
    expect([p.pageNumber, p.width, p.height, p.source]).toEqual([1, 900, 260, 'ocr']);
    expect(cer(p.text, page.text)).toBeLessThan(0.03);
    expect(p.words.every((w) => w.source === 'ocr' && w.confidence >= 0 && w.confidence <= 1)).toBe(true);
  });

  it('makes every page of a multi-page TIFF a page, and extracts only the pages asked for', async () => {
    // Arrange
    const second = textImage(['Second page of the fax', 'Signed by the manager'], { width: 900, height: 260, fontSize: 36, x: 40, y: 30 });
    const tiff = await sharp([page.png, second.png], { join: { animated: true } }).tiff({ compression: 'lzw' }).toBuffer();

    // Act
    const parsed = await withOpened(tiff, 'fax.tiff', async (doc) => {
      expect([doc.kind, doc.pageCount, doc.ocrPageCount]).toEqual(['tiff', 2, 2]);
      return doc.extract([2]);
    });

    // Assess
    expect(parsed.pages.map((p) => p.pageNumber)).toEqual([2]);
    expect(cer(parsed.pages[0].text, second.text)).toBeLessThan(0.03);
  });

  it('applies the EXIF orientation: page size, rendering and text are upright', async () => {
    // Arrange: pixels stored sideways with orientation 6 (display turned 90° clockwise).
    const stored = await sharp(page.png).rotate(-90).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();

    // Act
    const { parsed, rendered } = await withOpened(stored, 'photo.jpg', async (doc) => ({
      parsed: await doc.extract(),
      rendered: await doc.renderer!.renderPng(1),
    }));

    // Assess
    expect([parsed.pages[0].width, parsed.pages[0].height]).toEqual([900, 260]);
    expect([rendered.width, rendered.height]).toEqual([900, 260]);
    expect((await sharp(rendered.png).metadata()).format).toBe('png');
    // A page image at 150 dpi is at most as large as A4 at 150 dpi.
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const small = await withOpened(big, 'photo.jpg', (doc) => doc.renderer!.renderPng(1, { dpi: 150 }));
    expect(small.width).toBe(1754);
    expect(Math.abs(small.height - 1315.5)).toBeLessThanOrEqual(1);
    expect(cer(parsed.pages[0].text, page.text)).toBeLessThan(0.03);
  });

  it('decodes HEIC (libheif wasm) and OCRs it', async () => {
    // Arrange: made with heif-enc from a page drawn like the others.
    const heic = readFileSync(new URL('receipt.heic', FIXTURES));

    // Act
    const parsed = await withOpened(heic, 'receipt.heic', async (doc) => {
      expect(doc.kind).toBe('heic');
      return doc.extract();
    });

    // Assess
    expect([parsed.pages[0].width, parsed.pages[0].height]).toEqual([720, 260]);
    expect(cer(parsed.pages[0].text, 'HEIC photo of a receipt\nTotal 18.50 EUR')).toBeLessThan(0.05);
  });

  it('refuses an image declaring more pixels than the limit before decoding it', async () => {
    // Act
    const started = performance.now();
    const error = await openError(pngDeclaring(50_000, 50_000), 'bomb.png');

    // Assess
    expect(error.code).toBe('file_too_large');
    expect(error.message).toMatch(/50000 × 50000 pixels \(2500 megapixels\).*100 megapixels/);
    expect(error.details).toMatchObject({ width: 50_000, height: 50_000, max_pixels: MAX_IMAGE_PIXELS });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ['a truncated PNG', 'cut.png', async () => (await sharp(page.png).png().toBuffer()).subarray(0, 600)],
    ['a truncated JPEG', 'cut.jpg', async () => (await sharp(page.png).jpeg().toBuffer()).subarray(0, 700)],
    ['garbage named .png', 'noise.png', async () => new Uint8Array(4096).map((_, i) => (i * 7919) % 251)],
    ['a PNG signature and nothing else', 'empty.png', async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
  ])('refuses %s as document_corrupt', async (_name, filename, make) => {
    // Act
    const error = await openError(await make(), filename);

    // Assess
    expect(error.code).toBe('document_corrupt');
    expect(error.statusCode).toBe(422);
  });

  it('enforces maxPages on multi-page TIFFs at open', async () => {
    // Arrange
    const blank = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } }).png().toBuffer();
    const tiff = await sharp([blank, blank, blank], { join: { animated: true } }).tiff().toBuffer();

    // Act
    const error = await openError(tiff, 'three.tif', { maxPages: 2 });

    // Assess
    expect(error.code).toBe('page_limit_exceeded');
  });

  it('finds the ruling lines of a scanned table, so its OCR words form a ruled table', async () => {
    // Arrange
    const rows = [['Name', 'City', 'Since'], ['Ada', 'London', '1843'], ['Grace', 'Paris', '1944']];
    const scan = ruledTableImage(rows);

    // Act
    const parsed = await withOpened(scan.png, 'table.png', (doc) => doc.extract());
    const [p] = parsed.pages;
    const tables = detectTables(p);

    // Assess: 4 horizontal and 4 vertical rules, one 3 × 3 table with the cell texts.
    const horizontal = (p.rulings ?? []).filter((r) => r.y0 === r.y1);
    const vertical = (p.rulings ?? []).filter((r) => r.x0 === r.x1);
    expect([horizontal.length, vertical.length]).toEqual([4, 4]);
    expect(tables).toHaveLength(1);
    expect(gridText(tables[0])).toEqual(rows);
  });

  it('reads a blank image as a page without text, without OCR', async () => {
    // Arrange
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();

    // Act
    const parsed = await withOpened(blank, 'blank.jpg', (doc) => doc.extract());

    // Assess
    expect(parsed.pages[0]).toMatchObject({ text: '', source: 'none', words: [] });
  });
});

describe('image page counts and sizes at open (issue 21)', () => {
  it('counts and sizes a 3,000-page TIFF in one pass over its directories', async () => {
    const { manyPagesTiff } = await import('../../../scripts/make-hostile-fixtures.ts');
    const doc = await openDocument(manyPagesTiff(3_000, 2), { filename: 'many.tif' });
    try {
      expect([doc.kind, doc.pageCount, doc.ocrPageCount]).toEqual(['tiff', 3_000, 3_000]);
    } finally {
      await doc.close();
    }
  });

  it(`refuses a TIFF of more than ${MAX_DOCUMENT_PAGES} pages before reading them, whatever the caller asks`, async () => {
    const { manyPagesTiff } = await import('../../../scripts/make-hostile-fixtures.ts');
    const error = await openError(manyPagesTiff(MAX_DOCUMENT_PAGES + 10), 'huge.tif', { maxPages: 1_000_000 });
    expect(error.code).toBe('page_limit_exceeded');
    expect(error.details).toEqual({ pages_at_least: MAX_DOCUMENT_PAGES + 1, max_pages: MAX_DOCUMENT_PAGES });
    const capped = await openError(manyPagesTiff(12), 'twelve.tif', { maxPages: 10 });
    expect(capped.details).toEqual({ pages_at_least: 11, max_pages: 10 });
  });

  it('reads the same page sizes from the directory chain as libvips, and stops at a chain that loops', async () => {
    const a = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer();
    const tiff = await sharp([a, a, a], { join: { animated: true } }).tiff().toBuffer();
    const walked = tiffPages(tiff, 10);
    const libvips = await Promise.all([0, 1, 2].map((page) => sharp(tiff, { page }).metadata()));
    expect(walked?.pages.map((p) => [p.width, p.height])).toEqual(libvips.map((m) => [m.width, m.height]));
    expect(walked?.truncated).toBe(false);
    const { FIXTURES: hostile } = await import('../../../scripts/make-hostile-fixtures.ts');
    const loop = await hostile.find((f) => f.file === 'ifd-loop.tiff')!.build();
    expect(tiffPages(loop, 10)?.pages).toHaveLength(1);
    expect(tiffPages(Buffer.from('not a tiff at all'), 10)).toBeUndefined();
    // A chain pointing past the end of the file is damage, not a page.
    const cut = Buffer.from(tiff.subarray(0, 12));
    expect(() => tiffPages(cut, 10)).toThrow(/outside the file/);
  });

  it('refuses a HEIC whose container declares more than the pixel cap, before decoding it', async () => {
    const heic = Buffer.from(readFileSync(new URL('receipt.heic', FIXTURES)));
    for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 1)) {
      heic.writeUInt32BE(12_000, at + 8);
      heic.writeUInt32BE(10_000, at + 12);
    }
    const error = await openError(heic, 'huge.heic');
    expect(error.code).toBe('file_too_large');
    expect(error.details).toMatchObject({ width: 12_000, height: 10_000, max_pixels: MAX_IMAGE_PIXELS });
  });

  it('stops opening once the request is aborted', async () => {
    const reason = new Error('deadline passed');
    await expect(openDocument(page.png, { filename: 'page.png' }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});
