/**
 * Start-up warm-up of the document engines, for a long-running server
 * (`npm start`): what the first request that reads a PDF or an image would
 * otherwise pay once, paid before any request comes. Loading pdf.js and
 * its worker module takes about a second on a quiet machine (several on a
 * loaded one), and the first document read through each backend pays for
 * its modules and the first run of their code. `warmUpEngines` is the one
 * entry point: OCR workers (tesseract-pool.ts `warmOcr`), then a read
 * through the PDF and image backends, then redact's detector and encoders
 * (redact/warm-up.ts).
 *
 * The documents read are made here: a one-page PDF with a few lines of
 * text, and the top of its page drawn as an image, read by OCR.
 *
 * @module
 */
import sharp from 'sharp';
import { warmOcr } from './ocr/tesseract-pool.ts';
import { warmRedact } from './redact/warm-up.ts';
import { openDocument } from './registry.ts';

/** Invented lines of print for the warm-up page (words and numbers, so the recogniser's first real reading happens here). */
const WARM_UP_LINES = ['Invoice 2041 for Harbour Lane Trading', 'Total due 112.45 EUR by 3 March', 'Thank you for your business'];

/** A one-page PDF with a few lines of text (Helvetica, 20 pt), its cross-reference offsets computed. */
export function tinyTextPdf(lines: readonly string[] = WARM_UP_LINES): Uint8Array {
  const shown = lines.map((line, i) => `1 0 0 1 72 ${760 - i * 30} Tm (${line.replace(/[()\\]/g, '')}) Tj`).join(' ');
  const content = `BT /F1 20 Tf ${shown} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/**
 * The PDF's text read from its text layer, and its page drawn by pdf.js
 * (its own fonts, none of the machine's) and cut to the printed lines, as
 * an image to OCR: tesseract's first reading of real words costs about a
 * second more than later ones (a blank or a bar does not pay it).
 */
async function readPdfAndDrawPage(): Promise<Uint8Array | undefined> {
  const opened = await openDocument(tinyTextPdf(), { filename: 'warm-up.pdf' });
  try {
    await opened.extract();
    const page = await opened.renderer?.renderPng(1, { dpi: 200 });
    if (!page) return undefined;
    // The top of the page, where the lines are: a small image, quick to read.
    const height = Math.min(page.height, Math.round((200 / 72) * 150));
    return new Uint8Array(await sharp(page.png).extract({ left: 0, top: 0, width: page.width, height }).png().toBuffer());
  } finally {
    await opened.close();
  }
}

async function readOnce(bytes: Uint8Array, filename: string): Promise<void> {
  const opened = await openDocument(bytes, { filename });
  try {
    await opened.extract();
  } finally {
    await opened.close();
  }
}

/**
 * Reads a generated PDF and a generated image once through the same
 * backends requests use. Resolves when done; never rejects (a warm-up that
 * fails leaves the work to the first request, as before).
 */
export async function warmEngines(): Promise<void> {
  const image = await readPdfAndDrawPage().catch(() => undefined);
  if (!image) return;
  // Twice at once: both recognition workers of a 2-core machine make their first reading now.
  await Promise.all([readOnce(image, 'warm-up.png').catch(() => undefined), readOnce(image, 'warm-up.png').catch(() => undefined)]);
}

/**
 * Everything a long-running server pays once, in the order each step needs
 * the one before: the OCR workers first (the image read needs them), then a
 * PDF and an image through the backends, then redact. Rejects only if a
 * step throws unexpectedly; the caller logs it and requests load what is missing.
 */
export async function warmUpEngines(): Promise<void> {
  await warmOcr();
  await warmEngines();
  await warmRedact();
}
