/**
 * What an OCR reading contributes to a document page, built once for every
 * backend that reads pages by OCR (images, scanned PDF pages, the eval's
 * receipt readings), so a page read by OCR looks the same wherever it came from.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import { ocrWarnings, type OcrPage } from './ocr-page.ts';

/** The page fields an OCR reading sets: text, boxes, source, and the unread-ink warning and languages when there are any. */
export type OcrPageFields = Pick<DocumentPage, 'words' | 'lines' | 'blocks' | 'text' | 'source' | 'warnings' | 'languages' | 'signature'>;

/**
 * The fields of page `pageNumber` from its OCR reading. A page with ink but
 * no readable text says so in `warnings`; a reading without words is
 * `source: 'none'` so callers never mistake it for read text.
 */
export function ocrPageFields(ocr: OcrPage, pageNumber: number): OcrPageFields {
  return {
    words: ocr.words,
    lines: ocr.lines,
    blocks: ocr.blocks,
    text: ocr.text,
    source: ocr.words.length ? 'ocr' : 'none',
    ...(ocr.unread ? { warnings: ocrWarnings(ocr, pageNumber) } : {}),
    ...(ocr.languages ? { languages: ocr.languages } : {}),
    ...(ocr.signature ? { signature: ocr.signature } : {}),
  };
}
