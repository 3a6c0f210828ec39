/**
 * The image backend: PNG, JPEG, WebP, TIFF (every page of a multi-page TIFF
 * is one document page) and HEIC (decoded by libheif's wasm build, since
 * sharp's prebuilt libvips has no HEVC decoder). Every page is OCR'd.
 *
 * - Dimensions are read from the header before any pixel is decoded (HEIC:
 *   from its container, by libheif, before the decoder allocates anything);
 *   images over {@link MAX_IMAGE_PIXELS} are refused (`file_too_large`), so a
 *   68-byte PNG declaring 50,000 × 50,000 pixels costs nothing.
 * - A TIFF's pages are counted and sized in one pass over its directory
 *   chain (tiff-pages.ts), refused past the page cap before any per-page work.
 * - The EXIF orientation is applied (a phone photo shot sideways is the page
 *   the user saw); page width and height are in pixels after it.
 * - Damaged or truncated files fail with `document_corrupt`.
 *
 * @module
 */
import sharp, { type Metadata } from 'sharp';
import { DocumentLoadError } from '../../contracts/errors.ts';
import { MAX_DOCUMENT_PAGES } from '../../contracts/limits.ts';
import type { FileKind } from '../../contracts/media-types.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import type { DocumentPage, ParsedDocument } from '../document-model.ts';
import { textOnlyPage } from '../document-model.ts';
import { mapConcurrent } from '../ocr/concurrency.ts';
import { readPageImage } from '../ocr/hosted-page-read.ts';
import { ocrPageFields } from '../ocr/ocr-document-page.ts';
import type { OcrInput } from '../ocr/ocr-page.ts';
import { OCR_ENGINE, ocrPoolSize } from '../ocr/tesseract-pool.ts';
import type { OpenedDocument, OpenOptions } from '../registry.ts';
import { orientedSize, tiffPages, type TiffPages } from './tiff-pages.ts';

export type ImageKind = Extract<FileKind, 'png' | 'jpeg' | 'webp' | 'tiff' | 'heic'>;

/** Largest image accepted, in pixels per page (100 MP: a 10,000 × 10,000 scan, or A4 at 1,200 dpi). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * `renderPng` never returns more pixels than this (the image is scaled down
 * to fit); with a `dpi`, the long side is at most that of an A4 page at that
 * resolution (150 dpi: 1,754 pixels).
 */
export const MAX_RENDER_PIXELS = 40_000_000;

const A4_LONG_SIDE_INCHES = 11.69;

const NAMES: Record<ImageKind, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', tiff: 'TIFF', heic: 'HEIC' };

function detail(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const first = message.split('\n')[0].replace(/[.\s]+$/, '');
  return first ? ` (${first})` : '';
}

function corrupt(kind: ImageKind, error: unknown, page?: number): DocumentLoadError {
  const where = page !== undefined ? `Page ${page} of the ${NAMES[kind]} image` : `The ${NAMES[kind]} image`;
  return new DocumentLoadError('document_corrupt', `${where} could not be read; the file is damaged or truncated${detail(error)}.`, {
    cause: error,
    ...(page !== undefined ? { details: { page } } : {}),
  });
}

function tooLarge(kind: ImageKind, width: number, height: number, page?: number): DocumentLoadError {
  const megapixels = Math.round((width * height) / 1e5) / 10;
  const where = page !== undefined ? `Page ${page} of this ${NAMES[kind]} image` : `This ${NAMES[kind]} image`;
  return new DocumentLoadError(
    'file_too_large',
    `${where} is ${width} × ${height} pixels (${megapixels} megapixels); at most ${MAX_IMAGE_PIXELS / 1e6} megapixels per page can be processed. Scale it down and upload it again.`,
    { details: { width, height, max_pixels: MAX_IMAGE_PIXELS, ...(page !== undefined ? { page } : {}) } },
  );
}

interface PageInfo {
  readonly width: number;
  readonly height: number;
}

type HeicPixels = { width: number; height: number; data: Uint8Array };

/**
 * Opens an image. Reads headers only; pixels are decoded page by page when
 * extracting or rendering.
 *
 * @throws DocumentLoadError `document_corrupt` (unreadable header),
 *   `file_too_large` (a page over 100 MP), `page_limit_exceeded` (TIFF
 *   pages over `maxPages`), `document_empty` (no pages).
 * @example
 * const image = await openImage(bytes, 'png', {});
 * try { const doc = await image.extract(); } finally { await image.close(); }
 */
export async function openImage(bytes: Uint8Array, kind: ImageKind, options: OpenOptions = {}): Promise<OpenedDocument> {
  const maxPages = Math.min(options.maxPages ?? MAX_DOCUMENT_PAGES, MAX_DOCUMENT_PAGES);
  const pages = await declaredPages(bytes, kind, maxPages, options.signal);
  const pageCount = pages.length;
  const heic = lazyHeic(bytes, kind);

  const inputOf = async (pageNumber: number): Promise<OcrInput> => {
    if (kind === 'heic') {
      const pixels = await heic.pixels();
      return { image: pixels.data, raw: { width: pixels.width, height: pixels.height, channels: 4 } };
    }
    return { image: bytes, page: pageNumber - 1, autoOrient: true };
  };

  const sizeOf = async (pageNumber: number): Promise<PageInfo> => {
    if (kind === 'heic') {
      const pixels = await heic.pixels();
      return { width: pixels.width, height: pixels.height };
    }
    return pages[pageNumber - 1];
  };

  let closed = false;
  const checkPage = (n: number) => {
    if (closed) throw new Error('The image handle is closed.');
    if (!Number.isInteger(n) || n < 1 || n > pageCount) throw new RangeError(`Page ${n} is outside 1–${pageCount}.`);
  };

  const readPage = async (pageNumber: number, languages?: readonly OcrLanguage[], signal?: AbortSignal) =>
    readImagePage(await inputOf(pageNumber), await sizeOf(pageNumber), { kind, pageNumber, pageCount, languages, signal, pageText: options.pageText });
  const plannedEngine = options.pageText?.name ?? OCR_ENGINE;

  return {
    kind,
    pageCount,
    // Every page is OCR'd; a caller reading only some pages OCRs only those.
    ocrPageCount: options.pagesOfInterest ? new Set(options.pagesOfInterest(pageCount)).size : pageCount,
    engines: [plannedEngine],
    async extract(pageNumbers, extractOptions = {}): Promise<ParsedDocument> {
      const wanted = pageNumbers ?? Array.from({ length: pageCount }, (_, i) => i + 1);
      wanted.forEach(checkPage);
      const { signal, textOnly, languages } = extractOptions;
      const used = new Set<string>();
      const extracted = await mapConcurrent(wanted, ocrPoolSize(), async (pageNumber) => {
        signal?.throwIfAborted();
        const { page, engine } = await readPage(pageNumber, languages, signal);
        used.add(engine);
        return textOnly ? textOnlyPage(page) : page;
      });
      // What really read the pages: the hosted reader, the local OCR where it fell back, or both.
      const engines = [...new Set([plannedEngine, OCR_ENGINE])].filter((engine) => used.has(engine));
      return { kind, pages: extracted, engines: engines.length ? engines : [plannedEngine] };
    },
    renderer: {
      async renderPng(pageNumber, renderOptions = {}) {
        checkPage(pageNumber);
        const input = await inputOf(pageNumber);
        const size = await sizeOf(pageNumber);
        return renderImagePng(input, size, renderOptions.dpi, kind, pageCount > 1 ? pageNumber : undefined);
      },
    },
    async close() {
      closed = true;
      heic.forget();
    },
  };
}

/**
 * The declared size of every page (one per page; TIFF: from the directory
 * chain, walked before libvips does), all checked before anything is decoded.
 */
async function declaredPages(bytes: Uint8Array, kind: ImageKind, maxPages: number, signal: AbortSignal | undefined): Promise<PageInfo[]> {
  // TIFF: the page count first, from the directory chain, before libvips walks it.
  let walked: TiffPages | undefined;
  if (kind === 'tiff') {
    try {
      walked = tiffPages(bytes, maxPages);
    } catch (error) {
      throw corrupt(kind, error);
    }
    if (walked?.truncated) throw tooManyPages(maxPages, { pages_at_least: maxPages + 1 });
  }
  signal?.throwIfAborted();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    if (kind !== 'heic') throw corrupt(kind, error);
    meta = undefined as unknown as Metadata; // HEIC: libvips may not know the codec; libheif decides below.
  }
  const pageCount = kind === 'tiff' ? Math.max(1, walked?.pages.length ?? meta?.pages ?? 1) : 1;
  if (pageCount > maxPages) throw tooManyPages(maxPages, { pages: pageCount });

  // Declared sizes of every page, checked before decoding anything.
  const pages: PageInfo[] = [];
  for (let i = 0; i < pageCount; i++) {
    let width = meta?.autoOrient?.width ?? meta?.width ?? 0;
    let height = meta?.autoOrient?.height ?? meta?.height ?? 0;
    if (i > 0) {
      // Later TIFF pages: from the directory walk (asking libvips page by page re-reads the chain each time).
      const page = walked?.pages[i];
      if (page) ({ width, height } = orientedSize(page));
      else {
        try {
          const pageMeta = await sharp(bytes, { limitInputPixels: false, page: i }).metadata();
          width = pageMeta.autoOrient?.width ?? pageMeta.width ?? 0;
          height = pageMeta.autoOrient?.height ?? pageMeta.height ?? 0;
        } catch (error) {
          throw corrupt(kind, error, i + 1);
        }
      }
    }
    if (kind === 'heic') ({ width, height } = await heicHeaderSize(bytes));
    if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(kind, width, height, pageCount > 1 ? i + 1 : undefined);
    if (kind !== 'heic' && (!width || !height)) throw corrupt(kind, new Error('no image size in the header'), pageCount > 1 ? i + 1 : undefined);
    pages.push({ width, height });
  }
  return pages;
}

/** A HEIC's pixels, decoded once on first use (and dropped by `forget`, on close). */
function lazyHeic(bytes: Uint8Array, kind: ImageKind): { pixels(): Promise<HeicPixels>; forget(): void } {
  let heic: Promise<HeicPixels> | undefined;
  return {
    pixels: () => (heic ??= decodeHeic(bytes, kind)),
    forget: () => {
      heic = undefined;
    },
  };
}

async function decodeHeic(bytes: Uint8Array, kind: ImageKind): Promise<HeicPixels> {
  const { default: decode } = await import('heic-decode');
  try {
    const images = await decode.all({ buffer: bytes });
    try {
      const first = images[0];
      // Checked again before the decoder allocates width × height × 4 bytes.
      if (!first) throw new Error('no image in the file');
      if (first.width * first.height > MAX_IMAGE_PIXELS) throw tooLarge(kind, first.width, first.height);
      const image = await first.decode();
      return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
    } finally {
      images.dispose();
    }
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    throw corrupt(kind, error);
  }
}

/** Which page is read, of what, and how (languages, deadline, hosted reader). */
interface PageRead {
  readonly kind: ImageKind;
  readonly pageNumber: number;
  readonly pageCount: number;
  readonly languages?: readonly OcrLanguage[];
  readonly signal?: AbortSignal;
  readonly pageText?: OpenOptions['pageText'];
}

/** OCRs one page image into a document page; decode failures are the file's (`document_corrupt`). */
async function readImagePage(input: OcrInput, size: PageInfo, read: PageRead): Promise<{ page: DocumentPage; engine: string }> {
  const { kind, pageNumber, pageCount } = read;
  const { width, height } = size;
  let reading;
  try {
    reading = await readPageImage(input, { languages: read.languages, pageText: read.pageText, signal: read.signal });
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    // sharp's decode errors (truncated, invalid data) are the file's fault; others are ours.
    if (isDecodeError(error)) throw corrupt(kind, error, pageCount > 1 ? pageNumber : undefined);
    throw error;
  }
  const { ocr } = reading;
  const page: DocumentPage = {
    pageNumber,
    width,
    height,
    ...ocrPageFields(ocr, pageNumber),
    rulings: ocr.rulings,
    ...(ocr.circles ? { circles: ocr.circles } : {}),
    ...(reading.fallback ? { ocrFallback: reading.fallback } : {}),
  };
  return { page, engine: reading.engine };
}

/** A page image as PNG, scaled down to {@link MAX_RENDER_PIXELS} (and to A4 at `dpi` when asked), never enlarged. */
async function renderImagePng(
  input: OcrInput,
  size: PageInfo,
  dpi: number | undefined,
  kind: ImageKind,
  /** The page named in errors (none for a one-page image). */
  page: number | undefined,
): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = size;
  let scale = Math.min(1, Math.sqrt(MAX_RENDER_PIXELS / (width * height)));
  // Images have no trustworthy resolution: `dpi` asks for a page image
  // as large as an A4 page at that resolution (never enlarged).
  if (dpi) scale = Math.min(scale, (dpi * A4_LONG_SIDE_INCHES) / Math.max(width, height));
  let pipeline = input.raw
    ? sharp(input.image, { raw: input.raw, limitInputPixels: false })
    : sharp(input.image, { limitInputPixels: false, failOn: 'error', page: input.page ?? 0, autoOrient: true });
  if (scale < 1) pipeline = pipeline.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' });
  try {
    const { data, info } = await pipeline.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
    return { png: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (error) {
    if (isDecodeError(error)) throw corrupt(kind, error, page);
    throw error;
  }
}

function tooManyPages(maxPages: number, counted: { pages: number } | { pages_at_least: number }): DocumentLoadError {
  const pages = 'pages' in counted ? `${counted.pages}` : `more than ${maxPages}`;
  return new DocumentLoadError('page_limit_exceeded', `This TIFF has ${pages} pages; at most ${maxPages} can be processed.`, {
    details: { ...counted, max_pages: maxPages },
  });
}

/**
 * A HEIC's size from its container (libheif parses the boxes; no pixel is
 * decoded): the decoder would allocate width × height × 4 bytes at once.
 * Files libheif cannot parse keep size 0 here and fail when decoded.
 */
async function heicHeaderSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>> | undefined;
  try {
    images = await decode.all({ buffer: bytes });
    return { width: images[0]?.width ?? 0, height: images[0]?.height ?? 0 };
  } catch {
    return { width: 0, height: 0 };
  } finally {
    images?.dispose();
  }
}

/** sharp/libvips errors about the input's data (as opposed to programming errors). */
function isDecodeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /VipsJpeg|VipsPng|VipsTiff|VipsWebp|VipsForeign|heif|premature|truncat|corrupt|invalid|unsupported image|read error|Input buffer|bad|not a known/i.test(
    error.message,
  );
}
