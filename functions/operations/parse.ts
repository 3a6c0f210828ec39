/**
 * The parse operation: document model → the public parse result
 * (SPEC "Parse result"). Knows nothing about HTTP or AWS; page images are
 * stored through the small `PageImageSink` it is given.
 *
 * @module
 */
import { LIFETIMES } from '../contracts/limits.ts';
import type { ParseQuery } from '../contracts/schemas/parse.ts';
import type { DocumentPage, PageRenderer, ParsedDocument } from '../engines/document-model.ts';
import { findSignatures } from '../engines/layout/signatures.ts';
import { readMarkInk } from '../engines/layout/selection-marks.ts';
import { buildDocumentLayout, type DocumentTableResult, type KeyValuePairResult, type StructuredPage } from './parse-structure.ts';

export interface ParseBox {
  text: string;
  bbox: [number, number, number, number];
  confidence: number;
}

export interface ParsePage {
  page_number: number;
  text: string;
  boxes?: ParseBox[];
  structured?: StructuredPage;
  image_url?: string;
  dimensions?: { width: number; height: number };
}

export interface ParseResult {
  ocr: string;
  pages: ParsePage[];
  /** mode=advanced: the document's tables, a table continued over page breaks as one entry. */
  tables?: DocumentTableResult[];
  /** mode=advanced: labels linked to their values, form fields and labelled check boxes included. */
  key_value_pairs?: KeyValuePairResult[];
}

/** Stores a rendered page image and returns a short-lived link to it. */
export interface PageImageSink {
  store(pageIndex: number, pageNumber: number, png: Uint8Array): Promise<{ url: string; expiresAt: Date }>;
}

export interface ParseOutput {
  result: ParseResult;
  /** Earliest expiry among signed links in the result, if any. */
  assetsExpireAt?: Date;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
/** Page images are rendered at this resolution: sharp enough to read, small enough to ship. */
const IMAGE_DPI = 150;

function boxesOf(page: DocumentPage): ParseBox[] {
  return page.words.map((w) => ({
    text: w.text,
    bbox: [round(w.bbox[0]), round(w.bbox[1]), round(w.bbox[2]), round(w.bbox[3])],
    confidence: round(w.confidence),
  }));
}

export async function buildParseResult(
  document: ParsedDocument,
  query: ParseQuery,
  images: { renderer?: PageRenderer; sink?: PageImageSink },
): Promise<ParseOutput> {
  let assetsExpireAt: Date | undefined;
  const pages: ParsePage[] = [];
  // The whole document at once: running headers and footers are found by repetition across pages.
  // Signatures are looked for in the drawn pages, only on pages with a signature label.
  const signatures = query.mode === 'advanced' ? await findSignatures(document.pages, images.renderer) : undefined;
  // Drawn check boxes are read in the drawn pages too: a cross drawn as strokes is no text.
  const markInk = query.mode === 'advanced' ? await readMarkInk(document.pages, images.renderer) : undefined;
  const layout = query.mode === 'advanced' ? buildDocumentLayout(document.pages, { signatures, markInk }) : undefined;
  const structured = layout?.pages ?? [];
  for (const [index, page] of document.pages.entries()) {
    const out: ParsePage = { page_number: page.pageNumber, text: page.text };
    if (query.include_boxes) out.boxes = boxesOf(page);
    if (query.mode === 'advanced') out.structured = structured[index];
    if (query.include_image && images.renderer && images.sink) {
      try {
        const rendered = await images.renderer.renderPng(page.pageNumber, { dpi: IMAGE_DPI });
        out.dimensions = { width: rendered.width, height: rendered.height };
        const stored = await images.sink.store(pages.length, page.pageNumber, rendered.png);
        out.image_url = stored.url;
        if (!assetsExpireAt || stored.expiresAt < assetsExpireAt) assetsExpireAt = stored.expiresAt;
      } catch {
        // SPEC: a page whose image cannot be presigned is returned without image_url.
      }
    }
    pages.push(out);
  }
  return {
    result: { ocr: document.pages.map((p) => p.text).join('\n\n'), pages, ...(layout ? { tables: layout.tables, key_value_pairs: layout.keyValuePairs } : {}) },
    ...(assetsExpireAt ? { assetsExpireAt } : {}),
  };
}

export { documentLanguages, documentWarnings } from './document-metadata.ts';

export const PAGE_IMAGE_TTL_SECONDS = LIFETIMES.pageImageUrlSeconds;
