/**
 * Pages that are not forms, as the API reads them: running text drawn into a
 * text-layer PDF (pdf-lib, Helvetica 10 pt, wrapped at ~95 characters, 50
 * lines a page) and read back by the product's own PDF reader. The key-value
 * trainer learns "no pairs here" from them and the layout eval counts the
 * pairs emitted on them.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { corpusPath } from './corpus.ts';

const LINES_PER_PAGE = 50;
const WRAP = 95;

/** Running text as a text-layer PDF: paragraphs wrapped, characters the standard font cannot draw left out. */
export async function textPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const drawable = new Set(font.getCharacterSet());
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const clean = [...paragraph].filter((ch) => drawable.has(ch.codePointAt(0)!)).join('');
    for (const word of clean.split(/\s+/).filter(Boolean)) {
      if (line && `${line} ${word}`.length > WRAP) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  for (let p = 0; p < lines.length; p += LINES_PER_PAGE) {
    const page = doc.addPage([612, 792]);
    lines.slice(p, p + LINES_PER_PAGE).forEach((line, k) => {
      if (line) page.drawText(line, { x: 50, y: 740 - k * 14, size: 10, font });
    });
  }
  return doc.save();
}

/** The pages of a PDF as the product reads them (text layer; OCR where a page has none), at most `maxPages`. */
export async function pdfPages(bytes: Uint8Array, maxPages = Infinity): Promise<DocumentPage[]> {
  const opened = await openDocument(bytes, { declaredKind: 'pdf' });
  try {
    const wanted = Number.isFinite(maxPages) ? Array.from({ length: Math.min(opened.pageCount, maxPages) }, (_, k) => k + 1) : undefined;
    return [...(await opened.extract(wanted)).pages];
  } finally {
    await opened.close();
  }
}

/** The corpus's prose files (prose/) with their project (sources.csv's repo), in file-name order. */
export async function proseFiles(): Promise<{ file: string; project: string; text: string }[]> {
  const dir = corpusPath('prose');
  const rows = (await readFile(join(dir, 'sources.csv'), 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const out: { file: string; project: string; text: string }[] = [];
  for (const [file, project] of rows.sort((a, b) => a[0].localeCompare(b[0])))
    out.push({ file, project, text: await readFile(join(dir, file), 'utf8') });
  return out;
}
