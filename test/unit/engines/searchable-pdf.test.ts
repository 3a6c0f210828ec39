/**
 * The searchable PDF of a parse (`output=pdf`): the document's own pages,
 * with an invisible text layer of the OCR'd words on scanned pages only,
 * placed through the page's rotation. Read back with pdf.js (the project's
 * own reader), as search and text extraction tools read it.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BBox, Word } from '../../../functions/engines/document-model.ts';
import { openPdfTask } from '../../../functions/engines/pdf/pdfjs.ts';
import { deflateSync } from 'node:zlib';
import { buildSearchablePdf, structureStreamsWithin, type SearchablePage } from '../../../functions/engines/pdf/searchable-pdf.ts';

const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9, source: 'ocr' }) as Word;

/** A two-page PDF: a text page ("Typed heading"), then a blank scan (a white image) turned `rotation` degrees. */
async function originalPdf(rotation: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Typed heading', { x: 72, y: 700, size: 14, font });
  const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const scan = doc.addPage([612, 792]);
  scan.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 612, height: 792 });
  scan.setRotation(degrees(rotation));
  return doc.save();
}

interface ReadItem {
  readonly text: string;
  /** Where the item starts on the page as shown (normalised, top-left origin, after rotation). */
  readonly at: [number, number];
}

/** Each page's text items as pdf.js extracts them, with their starting points on the shown page; and whether page 2 draws invisible text. */
async function readBack(bytes: Uint8Array): Promise<{ pages: ReadItem[][]; invisibleOnPage: boolean[] }> {
  const doc = await (await openPdfTask(bytes)).promise;
  try {
    const pages: ReadItem[][] = [];
    const invisibleOnPage: boolean[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      pages.push(
        content.items.flatMap((item) => {
          if (!('str' in item) || !item.str.trim()) return [];
          const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
          return [{ text: item.str, at: [x / viewport.width, y / viewport.height] as [number, number] }];
        }),
      );
      const ops = await page.getOperatorList();
      // Text rendering mode 3 is invisible.
      invisibleOnPage.push(ops.fnArray.some((fn, i) => fn === OPS.setTextRenderingMode && (ops.argsArray[i] as number[])[0] === 3));
    }
    return { pages, invisibleOnPage };
  } finally {
    await doc.destroy();
  }
}

function pages(): SearchablePage[] {
  return [
    {
      pageNumber: 1,
      width: 612,
      height: 792,
      source: 'text-layer',
      words: [word('Typed', [0.12, 0.1, 0.2, 0.12]), word('heading', [0.21, 0.1, 0.3, 0.12])],
    },
    {
      pageNumber: 2,
      width: 792,
      height: 612,
      source: 'ocr',
      words: [word('Remittance', [0.1, 0.1, 0.3, 0.15]), word('4711-OKT', [0.6, 0.5, 0.8, 0.55])],
    },
  ];
}

describe('searchable PDF', () => {
  it.each([0, 90, 180, 270])('keeps the pages and writes the OCR words, invisible, where they are shown on a scan turned %i°', async (rotation) => {
    // Act
    const bytes = await buildSearchablePdf({ pdf: await originalPdf(rotation), pages: pages() });
    const { pages: read, invisibleOnPage } = await readBack(bytes);
    // Assess: page 1 keeps its own text once (ours is not written over it); page 2 carries the OCR words, invisible.
    expect(read).toHaveLength(2);
    expect(read[0].map((i) => i.text).join(' ')).toBe('Typed heading');
    expect(invisibleOnPage).toEqual([false, true]);
    const scan = Object.fromEntries(read[1].map((i) => [i.text, i.at]));
    expect(Object.keys(scan).sort()).toEqual(['4711-OKT', 'Remittance']);
    // A word starts at its box's left edge, its baseline a fifth of the box above the bottom.
    expect(scan.Remittance[0]).toBeCloseTo(0.1, 2);
    expect(scan.Remittance[1]).toBeCloseTo(0.14, 2);
    expect(scan['4711-OKT'][0]).toBeCloseTo(0.6, 2);
    expect(scan['4711-OKT'][1]).toBeCloseTo(0.54, 2);
  });

  it('draws image pages from the renderer, with the words over them', async () => {
    // Prepare: an "image" document of one page, drawn by a stub renderer.
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const renderer = { renderPng: async () => ({ png: new Uint8Array(png), width: 1200, height: 900 }) };
    const page: SearchablePage = { pageNumber: 1, width: 1200, height: 900, source: 'ocr', words: [word('Kassenbon', [0.2, 0.3, 0.4, 0.35])] };
    // Act
    const { pages: read, invisibleOnPage } = await readBack(await buildSearchablePdf({ pages: [page], renderer }));
    // Assess
    expect(read[0].map((i) => i.text)).toEqual(['Kassenbon']);
    expect(invisibleOnPage).toEqual([true]);
    expect(read[0][0].at[0]).toBeCloseTo(0.2, 2);
  });

  it('writes pages without images (office, text) as visible words; characters outside the font become ?', async () => {
    // Prepare
    const page: SearchablePage = {
      pageNumber: 1,
      width: 612,
      height: 792,
      source: 'text-layer',
      words: [word('Résumé', [0.1, 0.1, 0.2, 0.12]), word('数据', [0.3, 0.1, 0.4, 0.12])],
    };
    // Act
    const { pages: read, invisibleOnPage } = await readBack(await buildSearchablePdf({ pages: [page] }));
    // Assess
    expect(read[0].map((i) => i.text)).toEqual(['Résumé', '??']);
    expect(invisibleOnPage).toEqual([false]);
  });

  it('draws the pages of a PDF it cannot copy (encrypted, damaged) as images with the words over them', async () => {
    // Prepare: bytes pdf-lib cannot parse, and a renderer that draws the page.
    const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const renderer = { renderPng: async () => ({ png: new Uint8Array(png), width: 850, height: 1100 }) };
    const page: SearchablePage = { pageNumber: 1, width: 612, height: 792, source: 'ocr', words: [word('Lieferschein', [0.1, 0.1, 0.3, 0.13])] };
    // Act
    const { pages: read } = await readBack(
      await buildSearchablePdf({ pdf: new TextEncoder().encode('%PDF-1.7 not really'), pages: [page], renderer }),
    );
    // Assess
    expect(read[0].map((i) => i.text)).toEqual(['Lieferschein']);
  });

  it('inflates object streams within a budget before the copier loads the file (an object-stream bomb is drawn as images instead)', async () => {
    // Prepare: a valid PDF (its objects in object streams), and the same with an object stream of 80 MB of zeros appended under an escaped name.
    const valid = await originalPdf(0);
    const zeros = deflateSync(Buffer.alloc(80 * 1024 * 1024));
    const bomb = Buffer.concat([
      Buffer.from(valid),
      Buffer.from(`\n90 0 obj\n<< /Type /Obj#53tm /N 1 /First 4 /Filter /FlateDecode /Length ${zeros.byteLength} >>\nstream\n`, 'latin1'),
      zeros,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const png = await sharp({ create: { width: 850, height: 1100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const renderer = { renderPng: async () => ({ png: new Uint8Array(png), width: 850, height: 1100 }) };
    // Act / Assess: the valid file's streams fit; a tiny budget or the bomb does not, and the bomb's pages come back drawn, with their words.
    expect(structureStreamsWithin(valid)).toBe(true);
    expect(structureStreamsWithin(valid, 10)).toBe(false);
    expect(structureStreamsWithin(new Uint8Array(bomb))).toBe(false);
    const { pages: read, invisibleOnPage } = await readBack(await buildSearchablePdf({ pdf: new Uint8Array(bomb), pages: pages(), renderer }));
    expect(read.map((p) => p.map((i) => i.text).join(' '))).toEqual(['Typed heading', 'Remittance 4711-OKT']);
    expect(invisibleOnPage).toEqual([true, true]);
  });

  it('stops when the request is aborted', async () => {
    // Prepare
    const controller = new AbortController();
    controller.abort();
    // Act / Assess
    await expect(buildSearchablePdf({ pdf: await originalPdf(0), pages: pages(), signal: controller.signal })).rejects.toThrow();
  });
});
