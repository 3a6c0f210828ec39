/**
 * Every page of a document rendered, masked and encoded for its output: a
 * PNG per page (inline, links), or deflated RGB samples for the redacted
 * PDF. Shared by the redact operation and its evaluation, so the speed the
 * evaluation reports is the operation's.
 *
 * Where the time goes, and why it is arranged so: pdf.js renders on the
 * main thread, while PNG encoding/decoding and deflating run on libuv's
 * thread pool. Two pages in flight let one page's encoding overlap the next
 * one's rendering; more only adds memory on a 2-core Lambda.
 *
 * @module
 */
import type { BBox, DocumentPage, PageRenderer } from '../document-model.ts';
import { mapConcurrent } from '../ocr/concurrency.ts';
import { decodePageImage, findHeaderGraphics, paintMaskedPage, paintMaskedPixels, type MaskBox } from './mask.ts';
import { headerFigures } from './redact.ts';
import { deflateRgb, type RedactedPdfPage } from './redacted-pdf.ts';

/** Pages in flight at once (see the module note). */
export const MASK_CONCURRENCY = 2;

export interface MaskPagesOptions {
  /** The document's page renderer; absent for formats without page images (their words are drawn). */
  readonly renderer?: PageRenderer;
  /** Resolution pages are rendered at. */
  readonly dpi: number;
  /** The planned boxes of a page (by index in `pages`). */
  readonly boxesFor: (pageIndex: number) => readonly MaskBox[];
  /** Also mask logo-like header graphics. */
  readonly includeLogos?: boolean;
  /** `png`: one PNG per page; `pdf`: deflated RGB samples for {@link buildRedactedPdf}. */
  readonly encoding: 'png' | 'pdf';
  readonly signal?: AbortSignal;
  readonly concurrency?: number;
}

export interface MaskedDocumentPage {
  readonly width: number;
  readonly height: number;
  /** The image's resolution: `dpi` for rendered pages; text-only pages are painted at their own scale (read as 72 dpi of page units). */
  readonly dpi: number;
  /** Everything masked on the page, logos included. */
  readonly boxes: readonly MaskBox[];
  /** How many of `boxes` are logos. */
  readonly logos: number;
  readonly png?: Uint8Array;
  readonly flateRgb?: Uint8Array;
}

export async function maskPages(pages: readonly DocumentPage[], options: MaskPagesOptions): Promise<MaskedDocumentPage[]> {
  const { renderer, dpi, encoding, signal } = options;
  return mapConcurrent(pages, options.concurrency ?? MASK_CONCURRENCY, async (page, pageIndex) => {
    signal?.throwIfAborted();
    const boxes: MaskBox[] = [...options.boxesFor(pageIndex)];
    const rendered = renderer ? await renderer.renderPng(page.pageNumber, { dpi }) : undefined;
    signal?.throwIfAborted();
    // Nothing to mask on a rendered page: its rendering is already a fresh raster of exactly what painting would produce.
    if (rendered && encoding === 'png' && boxes.length === 0 && !options.includeLogos) {
      return { width: rendered.width, height: rendered.height, dpi, boxes, logos: 0, png: rendered.png };
    }
    const image = rendered ? await decodePageImage(rendered.png) : undefined;
    let logos = 0;
    if (options.includeLogos) {
      const found: BBox[] = [...headerFigures(page), ...(image ? findHeaderGraphics(image, page.words) : [])];
      logos = found.length;
      boxes.push(...found.map((bbox) => ({ bbox })));
    }
    // Text-only pages are painted at their own scale: their pixel width over the page's width in points.
    const imageDpi = (width: number) => (image ? dpi : (width * 72) / Math.max(1, page.width));
    if (encoding === 'png') {
      const masked = await paintMaskedPage(page, image, boxes);
      return { width: masked.width, height: masked.height, dpi: imageDpi(masked.width), boxes, logos, png: masked.png };
    }
    const pixels = paintMaskedPixels(page, image, boxes);
    const flateRgb = await deflateRgb(pixels);
    return { width: pixels.width, height: pixels.height, dpi: imageDpi(pixels.width), boxes, logos, flateRgb };
  });
}

/** The masked pages (encoded for `pdf`) as the redacted PDF's pages, each with its words for the invisible text layer. */
export function redactedPdfPages(pages: readonly DocumentPage[], masked: readonly MaskedDocumentPage[]): RedactedPdfPage[] {
  return masked.map((m, i) => ({ flateRgb: m.flateRgb, width: m.width, height: m.height, dpi: m.dpi, words: pages[i].words, boxes: m.boxes }));
}
