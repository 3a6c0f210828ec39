/**
 * Every page of a document rendered, masked and encoded for its output: a
 * PNG per page (inline, links), or deflated RGB samples for the redacted
 * PDF. Shared by the redact operation and its evaluation, so the speed the
 * evaluation reports is the operation's.
 *
 * Where the time goes, and why it is arranged so: the masks are painted on
 * the renderer's own canvas where it lends one (PDF pages), so a page is
 * encoded once, after painting, and never decoded; only renderers that give
 * PNGs alone (page images of scans and photos) have theirs decoded onto a
 * canvas. pdf.js renders on the main thread, while PNG encoding and
 * deflating run on libuv's thread pool. Two pages in flight let one page's
 * encoding overlap the next one's rendering; more only adds memory on a
 * 2-core Lambda.
 *
 * @module
 */
import type { Canvas } from '@napi-rs/canvas';
import type { BBox, DocumentPage, PageRenderer } from '../document-model.ts';
import { mapConcurrent } from '../ocr/concurrency.ts';
import {
  canvasFromPng,
  canvasRgb,
  drawWordsPage,
  encodePng,
  findHeaderGraphics,
  paintMasks,
  pngMayBeTransparent,
  type MaskBox,
  type PagePixels,
} from './mask.ts';
import { headerFigures } from './redact.ts';
import { deflateRgb, type EncodedPageImage, type PageImageFormat, type RedactedPdfPage } from './redacted-pdf.ts';

/** Pages in flight at once (see the module note). */
export const MASK_CONCURRENCY = 2;

export interface MaskPagesOptions<F extends PageImageFormat> {
  /** The document's page renderer; absent for formats without page images (their words are drawn). */
  readonly renderer?: PageRenderer;
  /** Resolution pages are rendered at. */
  readonly dpi: number;
  /** The planned boxes of a page (by index in `pages`). */
  readonly boxesFor: (pageIndex: number) => readonly MaskBox[];
  /** Also mask logo-like header graphics. */
  readonly includeLogos?: boolean;
  /** `png`: one PNG per page (inline, links); `flate-rgb`: deflated RGB samples for {@link buildRedactedPdf}. */
  readonly format: F;
  readonly signal?: AbortSignal;
  readonly concurrency?: number;
}

interface MaskedPageFacts {
  readonly width: number;
  readonly height: number;
  /** The image's resolution: `dpi` for rendered pages; text-only pages are painted at their own scale (read as 72 dpi of page units). */
  readonly dpi: number;
  /** Everything masked on the page, logos included. */
  readonly boxes: readonly MaskBox[];
  /** How many of `boxes` are logos. */
  readonly logos: number;
}

/** A masked page, its image in exactly the format asked for. */
export type MaskedDocumentPage<F extends PageImageFormat = PageImageFormat> = MaskedPageFacts & Extract<EncodedPageImage, { format: F }>;

/** What leaves the painted canvas before the renderer takes it back: the PNG, or a copy of the RGB samples (deflated afterwards). */
type Painted = MaskedPageFacts & ({ readonly format: 'png'; readonly png: Uint8Array } | { readonly format: 'flate-rgb'; readonly pixels: PagePixels });

/** The page drawn on a canvas, lent to `use`: the renderer's own when it lends one, else its PNG decoded onto a fresh one. */
async function withDrawnPage<T>(renderer: PageRenderer, pageNumber: number, dpi: number, use: (canvas: Canvas) => Promise<T>): Promise<T> {
  if (renderer.withPageCanvas) return renderer.withPageCanvas(pageNumber, { dpi }, ({ canvas }) => use(canvas));
  const { png } = await renderer.renderPng(pageNumber, { dpi });
  return use(await canvasFromPng(png));
}

export async function maskPages<F extends PageImageFormat>(pages: readonly DocumentPage[], options: MaskPagesOptions<F>): Promise<MaskedDocumentPage<F>[]> {
  const { renderer, dpi, format, signal } = options;

  /** Finds logos on the drawn page (before any mask is painted: a mask is ink too), paints, and takes the result off the canvas. */
  async function paint(page: DocumentPage, canvas: Canvas, boxes: MaskBox[], rendered: boolean): Promise<Painted> {
    signal?.throwIfAborted();
    let logos = 0;
    if (options.includeLogos) {
      const found: BBox[] = [...headerFigures(page), ...(rendered ? findHeaderGraphics(canvas, page.words) : [])];
      logos = found.length;
      boxes.push(...found.map((bbox) => ({ bbox })));
    }
    paintMasks(canvas, boxes);
    // Text-only pages are painted at their own scale: their pixel width over the page's width in points.
    const facts = { width: canvas.width, height: canvas.height, dpi: rendered ? dpi : (canvas.width * 72) / Math.max(1, page.width), boxes, logos };
    return format === 'png' ? { ...facts, format: 'png', png: await encodePng(canvas) } : { ...facts, format: 'flate-rgb', pixels: await canvasRgb(canvas) };
  }

  return mapConcurrent(pages, options.concurrency ?? MASK_CONCURRENCY, async (page, pageIndex): Promise<MaskedDocumentPage<F>> => {
    signal?.throwIfAborted();
    const boxes: MaskBox[] = [...options.boxesFor(pageIndex)];
    let painted: Painted;
    if (!renderer) {
      painted = await paint(page, drawWordsPage(page), boxes, false);
    } else if (!renderer.withPageCanvas && format === 'png' && boxes.length === 0 && !options.includeLogos) {
      // Nothing to paint on a PNG-only renderer's page: its PNG is already a fresh raster of exactly what painting would give —
      // unless it can be transparent: OCR read it flattened on white, while its colours under the alpha (text hidden there,
      // light text for a dark viewer) would still show once the alpha is dropped. Such a page is drawn on white like a painted one.
      const { png, width, height } = await renderer.renderPng(page.pageNumber, { dpi });
      painted = pngMayBeTransparent(png)
        ? await paint(page, await canvasFromPng(png), boxes, true)
        : { width, height, dpi, boxes, logos: 0, format: 'png', png };
    } else {
      painted = await withDrawnPage(renderer, page.pageNumber, dpi, (canvas) => paint(page, canvas, boxes, true));
    }
    // The cast only restates `format`: `paint` encoded the page in the format asked for.
    if (painted.format === 'png') return painted as MaskedDocumentPage<F>;
    // Deflated once the canvas is back with the renderer (on the thread pool, beside the next page's rendering).
    const { pixels, ...facts } = painted;
    return { ...facts, flateRgb: await deflateRgb(pixels.rgb) } as MaskedDocumentPage<F>;
  });
}

/** The masked pages as the redacted PDF's pages, each with its words for the invisible text layer. */
export function redactedPdfPages(pages: readonly DocumentPage[], masked: readonly MaskedDocumentPage[]): RedactedPdfPage[] {
  return masked.map((m, i) => ({ ...m, words: pages[i].words }));
}
