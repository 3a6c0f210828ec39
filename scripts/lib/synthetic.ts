/**
 * Synthetic documents for benchmarks: A4 pages of known text as a text-layer
 * PDF, and the same pages "scanned" (rendered to a 300-dpi grayscale image,
 * embedded in an image-only PDF or written as a PNG).
 *
 * Deterministic: the same arguments give the same bytes.
 *
 * @module
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { openDocument } from '../../functions/engines/registry.ts';

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were ' +
  'invoice total amount payment due date customer account number order delivery address company service report quarter ' +
  'revenue balance tax rate price quantity description reference period statement contract agreement schedule section ' +
  'document page table figure summary analysis result value percent annual monthly review approved signature office'
).split(' ');

/** Park–Miller PRNG: deterministic pseudo-random integers. */
function prng(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647);
}

/**
 * `lineCount` lines of plausible prose per page (sentences with capitals,
 * numbers and punctuation), different on every page.
 */
export function pageLines(pageIndex: number, lineCount = 48, maxChars = 90): string[] {
  const next = prng(1000 + pageIndex * 7919);
  const lines: string[] = [];
  let startSentence = true;
  for (let l = 0; l < lineCount; l++) {
    let line = '';
    while (line.length < maxChars - 14) {
      let word = WORDS[next() % WORDS.length];
      const r = next() % 100;
      if (r < 6) word = String(next() % 10000);
      else if (r < 9) word = `${next() % 1000}.${String(next() % 100).padStart(2, '0')}`;
      if (startSentence) word = word[0].toUpperCase() + word.slice(1);
      startSentence = false;
      const end = next() % 100;
      if (end < 8) {
        word += '.';
        startSentence = true;
      } else if (end < 13) word += ',';
      line += (line ? ' ' : '') + word;
    }
    lines.push(line);
  }
  return lines;
}

/** A4 text-layer PDF: 11 pt Helvetica lines from 60 pt margins. */
export async function makeA4TextPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([A4.width, A4.height]);
    lines.forEach((line, i) => page.drawText(line, { x: 60, y: A4.height - 72 - i * 15, size: 11, font }));
  }
  return doc.save({ useObjectStreams: false });
}

/** Renders every page of a PDF to 8-bit grayscale at `dpi` (through the PDF backend's renderer). */
async function renderGray(pdf: Uint8Array, dpi: number): Promise<{ raw: Buffer; width: number; height: number }[]> {
  const opened = await openDocument(pdf, { declaredKind: 'pdf' });
  try {
    if (!opened.renderer) throw new Error('The PDF backend cannot render pages.');
    const out: { raw: Buffer; width: number; height: number }[] = [];
    for (let n = 1; n <= opened.pageCount; n++) {
      const rendered = await opened.renderer.renderPng(n, { dpi });
      // Flatten onto white (pdf.js leaves the background transparent), then gray.
      const { data, info } = await sharp(rendered.png).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
      out.push({ raw: data, width: info.width, height: info.height });
    }
    return out;
  } finally {
    await opened.close();
  }
}

export interface Scan {
  /** The image-only PDF (one JPEG per page, A4, no text layer). */
  readonly pdf: Uint8Array;
  /** The first page as a grayscale PNG. */
  readonly png: Uint8Array;
  /** The text on each page (the reference for OCR). */
  readonly pages: readonly string[][];
  readonly dpi: number;
  readonly pixelSize: { width: number; height: number };
}

/**
 * A4 pages of text "scanned" at `dpi` (`pageCount` pages of generated lines,
 * or the given pages' lines): rendered to grayscale, stored as JPEG (quality
 * 85, like a scanner's output) inside a PDF with no text layer; the first
 * page also as PNG.
 */
export async function makeScan(pageCountOrPages: number | readonly (readonly string[])[], dpi = 300): Promise<Scan> {
  const pages =
    typeof pageCountOrPages === 'number' ? Array.from({ length: pageCountOrPages }, (_, i) => pageLines(i)) : pageCountOrPages.map((lines) => [...lines]);
  const images = await renderGray(await makeA4TextPdf(pages), dpi);
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (const image of images) {
    const jpeg = await sharp(image.raw, { raw: { width: image.width, height: image.height, channels: 1 } })
      .jpeg({ quality: 85 })
      .withMetadata({ density: dpi })
      .toBuffer();
    const embedded = await doc.embedJpg(jpeg);
    const page = doc.addPage([A4.width, A4.height]);
    page.drawImage(embedded, { x: 0, y: 0, width: A4.width, height: A4.height });
  }
  const first = images[0];
  const png = await sharp(first.raw, { raw: { width: first.width, height: first.height, channels: 1 } })
    .png({ compressionLevel: 9 })
    .withMetadata({ density: dpi })
    .toBuffer();
  return {
    pdf: await doc.save({ useObjectStreams: false }),
    png: new Uint8Array(png),
    pages,
    dpi,
    pixelSize: { width: first.width, height: first.height },
  };
}
