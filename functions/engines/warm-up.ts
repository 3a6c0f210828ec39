/**
 * Start-up warm-up of the document engines, for a long-running server
 * (`npm start`): what the first request that reads a PDF or an image would
 * otherwise pay once, paid before any request comes. Loading pdf.js and
 * its worker module takes about a second on a quiet machine (several on a
 * loaded one), and the first document read through each backend pays for
 * its modules and the first run of their code; the OCR workers are started
 * apart (tesseract-pool.ts `warmOcr`).
 *
 * The documents read are made here: a one-page PDF with a line of text and
 * a small image with a dark bar on it (not blank, so it reaches the OCR
 * engine, too small to cost it anything).
 *
 * @module
 */
import sharp from 'sharp';
import { openDocument } from './registry.ts';

/** A one-page PDF (Helvetica, one line of text), its cross-reference offsets computed. */
export function tinyTextPdf(text = 'Warm-up page'): Uint8Array {
  const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
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

async function tinyImage(): Promise<Uint8Array> {
  const width = 240;
  const height = 80;
  const pixels = Buffer.alloc(width * height, 255);
  for (let y = 30; y < 46; y++) pixels.fill(0, y * width + 20, y * width + 200);
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 1 } }).png().toBuffer());
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
  await readOnce(tinyTextPdf(), 'warm-up.pdf').catch(() => undefined);
  await readOnce(await tinyImage(), 'warm-up.png').catch(() => undefined);
}
