import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import type { ParsedDocument } from '../../../functions/engines/document-model.ts';
import { loadPdf, MAX_RENDER_PIXELS, type PdfHandle } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { loadPdfjs } from '../../../functions/engines/pdf/pdfjs.ts';
import { keepNativeBuiltins } from '../../../functions/engines/pdf/native-builtins.ts';

// Before anything imports pdf.js.
const NATIVE = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };

const FIXTURES = join(import.meta.dirname, '../../fixtures/documents/pdf');
const source = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, 'sources', name)));

async function extractAll(name: string): Promise<ParsedDocument> {
  const pdf = await loadPdf(source(name));
  try {
    return await pdf.extract();
  } finally {
    await pdf.close();
  }
}

async function loadError(bytes: Uint8Array, options?: { maxPages?: number }): Promise<DocumentLoadError> {
  const error = await loadPdf(bytes, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

describe('Engine: pdf text', () => {
  it.each(['one-page', 'two-column', 'geometry'])('extracts %s.pdf as in its ground truth', async (name) => {
    // Prepare
    const goldenPath = join(FIXTURES, 'groundtruth', `${name}.txt`);

    // Act
    const document = await extractAll(`${name}.pdf`);
    const text = document.pages.map((p) => p.text).join('\n\f\n');

    // Assess (GEN_GOLDEN=1 rewrites the ground truth after a reviewed change)
    if (process.env.GEN_GOLDEN === '1') {
      mkdirSync(join(FIXTURES, 'groundtruth'), { recursive: true });
      writeFileSync(goldenPath, `${text}\n`);
    }
    expect(text).toBe(readFileSync(goldenPath, 'utf8').replace(/\n$/, ''));
  });

  it('reads the one-page PDF: text, words, boxes, page size and engine', async () => {
    // Act
    const document = await extractAll('one-page.pdf');

    // Assess
    const [page] = document.pages;
    expect(document.kind).toBe('pdf');
    expect(document.engines).toEqual([expect.stringMatching(/^pdfjs-text-layer@5\.\d+\.\d+$/)]);
    expect(page).toMatchObject({ pageNumber: 1, width: 612, height: 792, source: 'text-layer' });
    expect(page.text).toBe(
      'Quarterly Report\n\nHello World from docintel.\nThe quick brown fox jumps over the lazy dog.\nInvoice total: 1,234.56 EUR',
    );
    const hello = page.words.find((w) => w.text === 'Hello')!;
    expect(hello.bbox[0]).toBeCloseTo(72 / 612, 3); // drawn at x = 72 pt
    expect(hello.bbox[3]).toBeGreaterThan((792 - 680) / 792); // baseline at y = 680 pt, descenders below
    expect(hello.bbox[1]).toBeLessThan((792 - 680) / 792);
    expect(hello.bbox[1]).toBeGreaterThan((792 - 680 - 12) / 792);
    const world = page.words.find((w) => w.text === 'World')!;
    expect(world.bbox[0]).toBeGreaterThan(hello.bbox[2]);
    for (const w of page.words) {
      expect(w).toMatchObject({ confidence: 1, source: 'text-layer' });
      expect(w.bbox.every((v) => v >= 0 && v <= 1)).toBe(true);
    }
  });

  it('reads a two-column page column by column, under its header, footer last', async () => {
    // Act
    const [page] = (await extractAll('two-column.pdf')).pages;

    // Assess
    const lines = page.lines.map((l) => l.text);
    expect(lines[0]).toBe('Two Column Newsletter');
    expect(lines.slice(1, 13)).toEqual(Array.from({ length: 12 }, (_, i) => `Left column sentence number ${i + 1} goes here.`));
    expect(lines.slice(13, 25)).toEqual(Array.from({ length: 12 }, (_, i) => `Right column sentence number ${i + 1} goes here.`));
    expect(lines[25]).toBe('Footer: page 1');
  });

  it('honours /Rotate and the crop box when normalising boxes', async () => {
    // Act
    const [rotated, cropped] = (await extractAll('geometry.pdf')).pages;

    // Assess: /Rotate 90 swaps the displayed size; text drawn at (72, 720) lands near the right edge, 72 pt down.
    expect(rotated).toMatchObject({ width: 792, height: 612, text: 'Rotated page text' });
    const first = rotated.words[0];
    expect(first.text).toBe('Rotated');
    expect(first.bbox[0]).toBeGreaterThan(0.89);
    expect(first.bbox[1]).toBeCloseTo(72 / 612, 3);
    // Crop box [100 100 512 692]: the page is 412 × 592, text outside it is invisible.
    expect(cropped).toMatchObject({ width: 412, height: 592, text: 'Inside the crop box' });
    expect(cropped.words[0].bbox[0]).toBeCloseTo(50 / 412, 3);
  });

  describe('a 100-page document', () => {
    let pdf: PdfHandle;
    beforeAll(async () => {
      pdf = await loadPdf(source('hundred-pages.pdf'));
    });
    afterAll(async () => {
      await pdf.close();
    });

    it('knows its page count before extracting', () => {
      // Assess
      expect(pdf.pageCount).toBe(100);
    });

    it('extracts every page in order', async () => {
      // Act
      const document = await pdf.extract();

      // Assess
      expect(document.pages).toHaveLength(100);
      expect(document.pages.map((p) => p.pageNumber)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(document.pages[41].text).toBe(
        'Page 42 of 100\n\nThis is line one of page 42.\nLorem ipsum dolor sit amet, consectetur adipiscing elit.\nReference code DOC-042',
      );
    });

    it('extracts only the pages asked for, in the order asked', async () => {
      // Act
      const document = await pdf.extract([3, 1]);

      // Assess
      expect(document.pages.map((p) => p.text.split('\n')[0])).toEqual(['Page 3 of 100', 'Page 1 of 100']);
    });

    it('refuses page numbers outside the document', async () => {
      // Act / Assess
      await expect(pdf.extract([101])).rejects.toThrow(RangeError);
    });

    it('keeps only page text with textOnly, the same text as a full extraction, across cache releases', async () => {
      // Prepare: more pages than one release interval of pdf.js's caches.
      const full = await pdf.extract();
      // Act
      const slim = await pdf.extract(undefined, { textOnly: true });
      // Assess
      expect(slim.pages.map((p) => p.text)).toEqual(full.pages.map((p) => p.text));
      expect(slim.pages.every((p) => p.words.length === 0 && p.lines.length === 0 && p.blocks.length === 0)).toBe(true);
      expect(slim.pages.map((p) => p.source)).toEqual(full.pages.map((p) => p.source));
      expect(full.pages[99].words.length).toBeGreaterThan(0);
    });
  });

  it('renders a page to PNG at 150 dpi', async () => {
    // Prepare
    const pdf = await loadPdf(source('one-page.pdf'));

    try {
      // Act
      const image = await pdf.renderPng(1, { dpi: 150 });

      // Assess
      expect(image).toMatchObject({ width: 1275, height: 1650 });
      expect([...image.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    } finally {
      await pdf.close();
    }
  });

  it('lowers the resolution of huge renders to the pixel cap', async () => {
    // Prepare
    const pdf = await loadPdf(source('one-page.pdf'));

    try {
      // Act
      const image = await pdf.renderPng(1, { dpi: 2400 });

      // Assess
      expect(image.width * image.height).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
      expect(image.width / image.height).toBeCloseTo(612 / 792, 2);
    } finally {
      await pdf.close();
    }
  });

  it.each([
    ['encrypted.pdf', 'document_encrypted', 'PasswordException'],
    ['truncated.pdf', 'document_corrupt', 'InvalidPDFException'],
    ['not-a-pdf.pdf', 'document_corrupt', 'InvalidPDFException'],
    ['zero-pages.pdf', 'document_empty', undefined],
  ])('refuses %s with %s', async (name, code, causeName) => {
    // Act
    const error = await loadError(source(name));

    // Assess
    expect(error.code).toBe(code);
    expect(error.statusCode).toBe(422);
    if (causeName) expect((error.cause as Error).name).toBe(causeName);
  });

  it('tells the user to remove the password of an encrypted PDF', async () => {
    // Act
    const error = await loadError(source('encrypted.pdf'));

    // Assess
    expect(error.message).toMatch(/password-protected.*remove the password/);
  });

  it('has a really encrypted fixture: it opens with its password', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();

    // Act
    const doc = await pdfjs.getDocument({ data: source('encrypted.pdf'), password: 'secret' }).promise;
    try {
      const content = await (await doc.getPage(1)).getTextContent();

      // Assess
      expect(content.items.map((i) => ('str' in i ? i.str : ''))).toContain('Secret text');
    } finally {
      await doc.destroy();
    }
  });

  it('refuses empty bytes with document_empty', async () => {
    // Act
    const error = await loadError(new Uint8Array());

    // Assess
    expect(error.code).toBe('document_empty');
  });

  it('refuses more pages than maxPages before reading any', async () => {
    // Act
    const error = await loadError(source('hundred-pages.pdf'), { maxPages: 10 });

    // Assess
    expect(error.code).toBe('page_limit_exceeded');
    expect(error.details).toEqual({ pages: 100, max_pages: 10 });
  });

  it('closes idempotently and refuses work afterwards', async () => {
    // Prepare
    const pdf = await loadPdf(source('one-page.pdf'));

    // Act
    await pdf.close();
    await pdf.close();

    // Assess
    await expect(pdf.extract()).rejects.toThrow(/closed/);
  });

  describe('pages of prose with a ruling', () => {
    let bytes: Uint8Array;
    beforeAll(async () => {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let n = 1; n <= 3; n++) {
        const page = doc.addPage([612, 792]);
        for (let i = 0; i < 6; i++) {
          page.drawText(`Page ${n}, line ${i + 1}: the quick brown fox jumps over the lazy dog.`, { x: 72, y: 700 - 20 * i, size: 11, font });
        }
        page.drawLine({ start: { x: 72, y: 560 }, end: { x: 540, y: 560 }, thickness: 1 });
      }
      bytes = await doc.save();
    });

    it('reads rulings and figures unless told they are not needed, with the same text either way', async () => {
      // Act
      const pdf = await loadPdf(bytes);
      let lean: ParsedDocument;
      let full: ParsedDocument;
      try {
        lean = await pdf.extract(undefined, { graphics: false });
        full = await pdf.extract();
      } finally {
        await pdf.close();
      }

      // Assess
      expect(full.pages.map((p) => p.rulings?.length)).toEqual([1, 1, 1]);
      expect(lean.pages.map((p) => p.rulings)).toEqual([undefined, undefined, undefined]);
      const strip = ({ rulings: _r, figures: _f, ...page }: ParsedDocument['pages'][number]) => page;
      expect(lean.pages.map(strip)).toEqual(full.pages.map(strip));
    });

    it('reads each page’s text layer once: the open-time scan’s copy is reused by the extraction', async () => {
      // Prepare: pdf.js's page class, reached through any page
      const { pdfjs } = await loadPdfjs();
      const probe = await pdfjs.getDocument({ data: bytes.slice() }).promise;
      const pageClass = Object.getPrototypeOf(await probe.getPage(1)) as { getTextContent: (...args: unknown[]) => unknown };
      await probe.destroy();
      const original = pageClass.getTextContent;
      let calls = 0;
      pageClass.getTextContent = function (this: unknown, ...args: unknown[]) {
        calls++;
        return original.apply(this, args);
      };

      // Act
      const pdf = await loadPdf(bytes);
      try {
        await pdf.extract(undefined, { graphics: false });
      } finally {
        await pdf.close();
        pageClass.getTextContent = original;
      }

      // Assess
      expect(calls).toBe(3);
    });
  });

  it('keeps the native JSON.stringify, JSON.parse and Array.prototype.push once pdf.js is loaded', async () => {
    // Act
    await loadPdfjs();

    // Assess (pdf.js's bundled core-js replaces them with slow JavaScript versions on Node 20)
    expect({ stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push }).toEqual(NATIVE);
  });

  it('restores a replaced built-in, and leaves the others alone', () => {
    // Prepare
    const restore = keepNativeBuiltins();
    const slow = (...args: Parameters<typeof JSON.stringify>) => NATIVE.stringify(...args);
    Object.defineProperty(JSON, 'stringify', { value: slow, writable: true, configurable: true });

    // Act
    restore();

    // Assess
    expect(JSON.stringify).toBe(NATIVE.stringify);
    expect(Array.prototype.push).toBe(NATIVE.push);
  });

  it('does not modify or detach the caller’s bytes', async () => {
    // Prepare
    const bytes = source('one-page.pdf');
    const copy = bytes.slice();

    // Act
    const pdf = await loadPdf(bytes);
    await pdf.close();

    // Assess
    expect(bytes).toEqual(copy);
  });
});
