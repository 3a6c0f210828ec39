/** Builds small text PDFs with pdf-lib for tests (known text, known positions). */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makeTextPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 18, size: 12, font }));
  }
  return doc.save({ useObjectStreams: false });
}

export async function makeNumberedPdf(pageCount: number): Promise<Uint8Array> {
  return makeTextPdf(
    Array.from({ length: pageCount }, (_, i) => [`Page ${i + 1} of ${pageCount}`, `The quick brown fox ${i + 1}`]),
  );
}
