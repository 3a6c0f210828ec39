/**
 * Scanned and mixed PDFs: which pages need OCR, and OCR of those pages.
 *
 * A page is OCR'd when its text layer is unusable (almost no real
 * characters, or mostly garbage such as unmapped glyphs) AND it paints an
 * image (a scan). Pages with a usable text layer keep it, even when they
 * also hold images; text-less pages without images (blank, vector art) are
 * not OCR'd.
 *
 * At open time only the cheap half is known (the text layer, about 5 ms a
 * page): `ocrPageCount` counts pages without a usable text layer, an upper
 * bound of the pages that will be OCR'd. Whether a page paints an image
 * comes from its operator list at extraction, which the page render reuses.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import { ocrImage } from '../ocr/ocr-page.ts';
import type { PdfDocumentProxy } from './pdfjs.ts';

/**
 * Pages are rendered at this resolution for OCR. Measured on a 300 dpi scan
 * (linn.png): 200 dpi reads as well as 300 (CER 1.2% vs 1.3%) in 16% less
 * CPU, 150 dpi loses characters. OCR itself rescales pages whose text is
 * unusually small or large.
 */
export const OCR_RENDER_DPI = 200;

/** A text layer with fewer letters and digits than this is not usable on its own. */
export const MIN_TEXT_CHARS = 16;
/** Nor one where this share of the characters is garbage (U+FFFD, controls, private use). */
const MAX_GARBAGE_SHARE = 0.3;

const REAL = /[\p{L}\p{N}]/u;
const GARBAGE = /[\uFFFD\p{Cc}\p{Co}\p{Cs}]/u;

/**
 * Whether a page's text-layer strings amount to real text.
 *
 * @example
 * usableText(['Invoice 2026-001', 'Total due: 42.00 EUR']); // true
 * usableText(['3']);                                          // false (a page number on a scan)
 */
export function usableText(strings: Iterable<string>): boolean {
  let real = 0;
  let garbage = 0;
  let total = 0;
  for (const s of strings) {
    for (const ch of s) {
      if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') continue;
      total++;
      if (REAL.test(ch)) real++;
      else if (GARBAGE.test(ch)) garbage++;
    }
  }
  return real >= MIN_TEXT_CHARS && garbage / Math.max(1, total) <= MAX_GARBAGE_SHARE;
}

/**
 * Pages (1-based) whose text layer is not usable: the OCR candidates.
 * Reads every page's text content; pages that cannot be read are left to
 * the extraction, which reports them.
 */
export async function findOcrCandidates(doc: PdfDocumentProxy): Promise<Set<number>> {
  const candidates = new Set<number>();
  for (let n = 1; n <= doc.numPages; n++) {
    try {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const strings = content.items.map((item) => ('str' in item ? item.str : ''));
      if (!usableText(strings)) candidates.add(n);
    } catch {
      // Extraction reads the page again and reports the damage.
    }
  }
  return candidates;
}

/** Whether a candidate page, read with its graphics, is a scan. */
export function needsOcr(page: DocumentPage & { readonly figures?: readonly unknown[] }): boolean {
  return (page.figures?.length ?? 0) > 0 && !usableText([page.text]);
}

/**
 * Replaces a page's text layer by OCR of its rendering. Keeps the page size
 * and the graphics found on it (rulings, figures).
 */
export async function ocrPdfPage(
  page: DocumentPage,
  render: (pageNumber: number, options: { dpi: number }) => Promise<{ png: Uint8Array }>,
): Promise<DocumentPage> {
  const { png } = await render(page.pageNumber, { dpi: OCR_RENDER_DPI });
  const ocr = await ocrImage({ image: png });
  return {
    ...page,
    words: ocr.words,
    lines: ocr.lines,
    blocks: ocr.blocks,
    text: ocr.text,
    source: ocr.words.length ? 'ocr' : 'none',
  };
}
