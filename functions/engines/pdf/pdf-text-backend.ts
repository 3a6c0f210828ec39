/**
 * The PDF text-layer backend: one pdf.js document per request, words with
 * estimated boxes from the text layer, reading order from the layout module,
 * and on-demand page rendering to PNG.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { DataFile, DocumentPage, ExtractOptions, PageCanvas, PageRenderer, ParsedDocument } from '../document-model.ts';
import { textOnlyPage } from '../document-model.ts';
import { layoutPage } from '../layout/reading-order.ts';
import { loadPdfjs, openPdfTask, type PdfDocumentProxy, type PdfPageProxy } from './pdfjs.ts';
import { itemsToWords, type PdfTextStyle } from './text-items.ts';
import { formFieldsOf, readAnnotationData } from './form-fields.ts';
import { annotationsOf } from './annotations.ts';
import { boundedAttachments } from './attachments.ts';
import { readPageGraphics, type PageGraphics } from './rulings.ts';
import { findOcrCandidates, fullTextLayer, needsOcr, ocrPdfPage, TEXT_CONTENT_OPTIONS, type OcrScan, type PdfTextContent } from './pdf-ocr.ts';
import { visibleFragments } from './hidden-text.ts';
import { OCR_ENGINE, ocrPoolSize } from '../ocr/tesseract-pool.ts';
import type { PageTextService } from '../../contracts/hosted-models.ts';
import { currentDecodeBudget, DecodeBudget, withDecodeBudget, type DecodeLimits } from './decode-budget.ts';
import type { EvaluationLimits } from './evaluation-budget.ts';
import { MAX_DOCUMENT_PAGES } from '../../contracts/limits.ts';
import { encodePng } from '../image/canvas-encode.ts';

export interface LoadPdfOptions {
  /**
   * Refuse documents with more pages than this (`page_limit_exceeded`), before any page is read.
   * Never more than {@link MAX_DOCUMENT_PAGES}.
   */
  readonly maxPages?: number;
  /** Pages the caller will read; the OCR scan at open looks at these only (see registry's OpenOptions). */
  readonly pagesOfInterest?: (pageCount: number) => readonly number[];
  /** The request's deadline: the open-time scan stops at the next page once it aborts. */
  readonly signal?: AbortSignal;
  /** What the document may decompress (decode-budget.ts); tests use small ones. */
  readonly decodeLimits?: DecodeLimits;
  /** What the document's content may evaluate (evaluation-budget.ts); tests use small ones. */
  readonly evaluationLimits?: EvaluationLimits;
  /** The hosted page reader for scanned pages (registry's OpenOptions); absent → the local OCR. */
  readonly pageText?: PageTextService;
}

export interface RenderOptions {
  /** @default 150 */
  readonly dpi?: number;
}

/** An open PDF. Always `close()` it (in a `finally`): it holds pdf.js resources. */
export interface PdfHandle extends PageRenderer {
  readonly pageCount: number;
  /** `pdfjs-text-layer@<pdf.js version>`. */
  readonly engine: string;
  /** What may run: the text layer, plus the OCR engine when some pages lack one. */
  readonly engines: readonly string[];
  /**
   * Pages without a usable text layer (known at open): an upper bound of the
   * pages that will be OCR'd (only those that paint an image are).
   */
  readonly ocrPageCount: number;
  /** Text layer of the given 1-based pages (all pages when omitted), in that order; stops at the next page once `signal` aborts. */
  extract(pageNumbers?: readonly number[], options?: ExtractOptions): Promise<ParsedDocument>;
  renderPng(pageNumber: number, options?: RenderOptions): Promise<{ png: Uint8Array; width: number; height: number }>;
  /** The page drawn on pdf.js's canvas, lent to `use` (see PageRenderer): no PNG encoded. */
  withPageCanvas<T>(pageNumber: number, options: RenderOptions, use: (page: PageCanvas) => Promise<T>): Promise<T>;
  /** The files embedded in the PDF (see attachments.ts for the bounds). */
  attachments(): Promise<readonly DataFile[]>;
  /**
   * Whether the PDF is a dynamic XFA form: an XFA form with no AcroForm
   * fields to fall back on, whose pages as drawn (a placeholder) are not
   * what the form holds.
   */
  dynamicXfa(): Promise<boolean>;
  /** Idempotent. */
  close(): Promise<void>;
}

/** Renders never allocate more than this many pixels (the DPI is lowered to fit). */
export const MAX_RENDER_PIXELS = 40_000_000;
/** Nor a side longer than this. */
export const MAX_RENDER_SIDE = 16_384;
const DEFAULT_DPI = 150;

/** pdf.js's Node canvas factory makes @napi-rs/canvas canvases (the same package mask.ts paints with). */
interface CanvasAndContext {
  canvas: PageCanvas['canvas'] | null;
  context: unknown;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
}

/**
 * Maps whatever pdf.js threw while opening into the bad-input error it stands for.
 *
 * @example
 * try { doc = await task.promise; } catch (error) { throw toLoadError(error); }
 */
export function toLoadError(error: unknown): DocumentLoadError {
  if (error instanceof DocumentLoadError) return error;
  if (errorName(error) === 'PasswordException') {
    return new DocumentLoadError(
      'document_encrypted',
      'The PDF is password-protected; remove the password and upload it again.',
      { cause: error },
    );
  }
  // InvalidPDFException, ResponseException (v5's MissingPDF/UnexpectedResponse), FormatError, and anything else.
  const detail = error instanceof Error && error.message ? ` (${error.message.replace(/[.\s]+$/, '')})` : '';
  return new DocumentLoadError('document_corrupt', `The PDF could not be read; the file is damaged or not a PDF${detail}.`, {
    cause: error,
  });
}

interface ReadPageOptions {
  /** Read rulings and figures even when the OCR decision does not need them. */
  readonly graphics: boolean;
  /** The page's text content when already read (the open-time scan). */
  readonly content?: PdfTextContent;
  /** The document has an AcroForm: read the page's form fields. */
  readonly hasForm?: boolean;
  /** Leave hidden text out (ExtractOptions#visibleOnly). */
  readonly visibleOnly?: boolean;
}

/** A page read from its text layer; `fullText` pages are never OCR'd (see `fullTextLayer`). */
interface ReadPage {
  readonly page: DocumentPage;
  readonly fullText: boolean;
}

async function readPage(doc: PdfDocumentProxy, pageNumber: number, options: ReadPageOptions): Promise<ReadPage> {
  let page: PdfPageProxy;
  let viewport: ReturnType<PdfPageProxy['getViewport']>;
  let content: PdfTextContent;
  try {
    page = await doc.getPage(pageNumber);
    viewport = page.getViewport({ scale: 1 });
    content = options.content ?? (await page.getTextContent(TEXT_CONTENT_OPTIONS));
  } catch (error) {
    throw new DocumentLoadError('document_corrupt', `Page ${pageNumber} of the PDF could not be read; the file is damaged.`, {
      details: { page: pageNumber },
      cause: error,
    });
  }
  const all = itemsToWords(content.items, content.styles as Record<string, PdfTextStyle>, viewport);
  const { fragments, warning } = options.visibleOnly ? visibleFragments(all, content.items, pageNumber) : { fragments: all, warning: undefined };
  const layout = layoutPage(fragments, { width: viewport.width, height: viewport.height });
  // The operator list costs as much as the text: read only for advanced
  // layout, or when the page may be a scan (the OCR decision uses figures).
  const fullText = fullTextLayer(layout.text);
  const graphics: PageGraphics = options.graphics || !fullText ? await readPageGraphics(page, viewport) : {}; // never throws
  // Annotations are read on every page: what they draw is on the page (redaction must see it); pages without any answer at once.
  const annotationData = (await readAnnotationData(page)) ?? []; // never throws
  const formFields = options.hasForm ? formFieldsOf(annotationData, viewport) : [];
  const annotations = annotationsOf(annotationData, viewport);
  const read: DocumentPage = {
    pageNumber,
    width: viewport.width,
    height: viewport.height,
    words: layout.words,
    lines: layout.lines,
    blocks: layout.blocks,
    text: layout.text,
    source: layout.words.length > 0 ? 'text-layer' : 'none',
    ...graphics,
    ...(formFields.length ? { formFields } : {}),
    ...(annotations.length ? { annotations } : {}),
    ...(warning ? { warnings: [warning] } : {}),
  };
  return { page: read, fullText };
}

/** Pages read between two releases of pdf.js's page caches (see `extract`). */
export const RELEASE_EVERY_PAGES = 50;

function renderScale(page: PdfPageProxy, dpi: number): number {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
  const side = Math.max(base.width, base.height) * scale;
  if (side > MAX_RENDER_SIDE) scale *= MAX_RENDER_SIDE / side;
  return scale;
}

/** A spent budget or a passed deadline is reported as itself, not as a damaged page. */
function stoppedByBudget(): void {
  const budget = currentDecodeBudget();
  budget?.check();
  budget?.evaluation.signal?.throwIfAborted();
}

/** pdf.js's AnnotationMode.DISABLE: the page's content stream only, no annotation appearances. */
const WITHOUT_ANNOTATIONS = 0;

/**
 * Draws a page on a canvas of the renderer's factory and lends it to `use`; canvas and page caches are released after.
 *
 * A page whose annotations cannot be read is drawn without them: what was not read was not seen by detection
 * (redaction), so it must not be drawn either. A page whose drawing fails (a hostile annotation or resource can
 * overflow pdf.js's parser) is drawn once more without annotations; if that fails too, the page is damaged
 * (`document_corrupt`, 422) — never a half-drawn page handed on.
 */
async function drawPage<T>(doc: PdfDocumentProxy, pageNumber: number, options: RenderOptions, use: (page: PageCanvas) => Promise<T>): Promise<T> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale: renderScale(page, options.dpi ?? DEFAULT_DPI) });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const factory = doc.canvasFactory as CanvasFactory;
  const draw = async (annotationMode?: number) => {
    const target = factory.create(width, height);
    try {
      // pdf.js fills the page white before drawing (no `transparency`), so the pixels are opaque.
      const mode = annotationMode === undefined ? {} : { annotationMode };
      await page.render({ canvasContext: target.context as never, canvas: target.canvas as never, viewport, ...mode }).promise;
      return target;
    } catch (error) {
      factory.destroy(target);
      throw error;
    }
  };
  let target: Awaited<ReturnType<typeof draw>> | undefined;
  try {
    const annotationsRead = (await readAnnotationData(page)) !== undefined;
    try {
      target = await draw(annotationsRead ? undefined : WITHOUT_ANNOTATIONS);
    } catch (error) {
      stoppedByBudget();
      if (!annotationsRead) throw error;
      target = await draw(WITHOUT_ANNOTATIONS);
    }
  } catch (error) {
    stoppedByBudget();
    page.cleanup();
    throw new DocumentLoadError('document_corrupt', `Page ${pageNumber} of the PDF could not be drawn; the file is damaged.`, {
      details: { page: pageNumber },
      cause: error,
    });
  }
  try {
    return await use({ canvas: target.canvas!, width, height });
  } finally {
    factory.destroy(target);
    // Drop decoded images of this page; text extraction does not need them.
    page.cleanup();
  }
}

/** The engines that read the extracted pages: the text layer, and whichever OCR readers read scanned pages. */
function enginesUsed(pages: readonly DocumentPage[], readers: ReadonlySet<string>, engine: string, ocrEngine: string): string[] {
  const used = new Set(pages.map((p) => p.source));
  const ocrEngines = [...new Set([ocrEngine, OCR_ENGINE])].filter((reader) => readers.has(reader));
  return [...(used.has('text-layer') || !used.has('ocr') ? [engine] : []), ...(used.has('ocr') ? (ocrEngines.length ? ocrEngines : [ocrEngine]) : [])];
}

/** A dynamic XFA form: the document says it holds XFA and no AcroForm (its pages are drawn by the XFA viewer). */
async function isDynamicXfa(doc: PdfDocumentProxy): Promise<boolean> {
  const { info } = await doc.getMetadata().catch(() => ({ info: {} }));
  const facts = info as { IsXFAPresent?: boolean; IsAcroFormPresent?: boolean };
  return facts.IsXFAPresent === true && facts.IsAcroFormPresent !== true;
}

function createHandle(doc: PdfDocumentProxy, engine: string, scan: OcrScan, budget: DecodeBudget, pageText?: PageTextService): PdfHandle {
  const ocrEngine = pageText?.name ?? OCR_ENGINE;
  const ocrCandidates = scan.candidates;
  // Text content from the open-time scan, each page taken once by the
  // extraction (so memory falls as pages are read); released on close.
  const scanned = scan.contents;
  let closed: Promise<void> | undefined;
  // Asked once per document: whether it has AcroForm fields worth reading on each page.
  let hasForm: Promise<boolean> | undefined;
  const pageCount = doc.numPages;
  const checkPage = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > pageCount) throw new RangeError(`Page ${n} is outside 1–${pageCount}.`);
  };
  const checkOpen = () => {
    if (closed) throw new Error('The PDF handle is closed.');
  };

  const handle: PdfHandle = {
    pageCount,
    engine,
    engines: ocrCandidates.size ? [engine, ocrEngine] : [engine],
    ocrPageCount: ocrCandidates.size,
    extract: (pageNumbers, options) => withDecodeBudget(budget, () => extract(pageNumbers, options)),
    renderPng: (pageNumber, options) => withDecodeBudget(budget, () => renderPng(pageNumber, options)),
    withPageCanvas: (pageNumber, options, use) => withDecodeBudget(budget, () => withPageCanvas(pageNumber, options, use)),
    attachments: () => withDecodeBudget(budget, async () => {
      checkOpen();
      return boundedAttachments(await doc.getAttachments().catch(() => null));
    }),
    dynamicXfa: () => withDecodeBudget(budget, async () => {
      checkOpen();
      return isDynamicXfa(doc);
    }),
    close() {
      scanned.clear();
      closed ??= doc.destroy();
      return closed;
    },
  };

  async function extract(pageNumbers?: readonly number[], { signal, graphics = true, textOnly = false, languages, visibleOnly = false }: ExtractOptions = {}): Promise<ParsedDocument> {
      checkOpen();
      if (signal) budget.evaluation.signal = signal;
      const wanted = pageNumbers ?? Array.from({ length: pageCount }, (_, i) => i + 1);
      wanted.forEach(checkPage);
      const pages: Array<DocumentPage | Promise<DocumentPage>> = [];
      // What read the scanned pages: the hosted reader, the local OCR where it fell back, or both.
      const readers = new Set<string>();
      const inFlight = new Set<Promise<DocumentPage>>();
      // Text layers are read one page at a time: pdf.js runs its "worker" on
      // this thread, so parallel pages would not go faster, only hold more
      // memory. Scanned pages are rendered here too, then OCR'd on the
      // worker pool while the next pages are read.
      for (const [index, n] of wanted.entries()) {
        signal?.throwIfAborted();
        budget.check();
        // pdf.js keeps every page it has read (parsed resources, fonts, object
        // cache): ~150 KB a page, 150 MB over 1,000 pages. Let go of them every
        // so often; only between renders, which clean-up would break.
        if (index > 0 && index % RELEASE_EVERY_PAGES === 0 && inFlight.size === 0) await doc.cleanup();
        const content = scanned.get(n);
        scanned.delete(n);
        hasForm ??= doc.getFieldObjects().then((fields) => fields !== null && Object.keys(fields).length > 0, () => false);
        const { page, fullText } = await readPage(doc, n, { graphics, content, hasForm: await hasForm, visibleOnly });
        // Decided from the page itself (text and images), so it does not rely on the open-time scan.
        if (fullText || !(await needsOcr(page, await doc.getPage(n)))) {
          pages.push(textOnly ? textOnlyPage(page) : page);
          continue;
        }
        while (inFlight.size >= ocrPoolSize()) await Promise.race(inFlight).catch(() => undefined);
        const ocr = ocrPdfPage(page, (pageNumber, options) => handle.renderPng(pageNumber, options), languages, { pageText, signal }).then(({ engine: reader, ...p }) => {
          readers.add(reader);
          return textOnly ? textOnlyPage(p) : p;
        });
        const tracked = ocr.finally(() => inFlight.delete(tracked));
        // Reported by Promise.all below; this only keeps an early failure from being "unhandled".
        tracked.catch(() => undefined);
        inFlight.add(tracked);
        pages.push(tracked);
      }
      const done = await Promise.all(pages);
      return { kind: 'pdf', pages: done, engines: enginesUsed(done, readers, engine, ocrEngine) };
  }

  async function renderPng(pageNumber: number, options: RenderOptions = {}): Promise<{ png: Uint8Array; width: number; height: number }> {
    return withPageCanvas(pageNumber, options, async ({ canvas, width, height }) => {
      // sharp, not Skia's PNG encoder: ~4× faster on a page (see canvas-encode.ts); OCR renders pay it per page.
      return { png: await encodePng(canvas), width, height };
    });
  }

  async function withPageCanvas<T>(pageNumber: number, options: RenderOptions, use: (page: PageCanvas) => Promise<T>): Promise<T> {
    checkOpen();
    checkPage(pageNumber);
    return drawPage(doc, pageNumber, options, use);
  }
  return handle;
}

/**
 * Opens a PDF with pdf.js. Fails with `DocumentLoadError`: `document_encrypted`
 * (password), `document_corrupt` (unreadable, or a decompression bomb: see
 * decode-budget.ts), `document_empty` (no pages), `page_limit_exceeded` (over
 * `maxPages`, or {@link MAX_DOCUMENT_PAGES} whatever the caller asks). Stops at
 * the next page of its scan once `signal` aborts. Nothing stays open when it throws.
 *
 * @example
 * const pdf = await loadPdf(bytes, { maxPages: 500 });
 * try { const doc = await pdf.extract(); } finally { await pdf.close(); }
 */
export async function loadPdf(bytes: Uint8Array, options: LoadPdfOptions = {}): Promise<PdfHandle> {
  if (bytes.byteLength === 0) throw new DocumentLoadError('document_empty', 'The file is empty (0 bytes).');
  options.signal?.throwIfAborted();
  const { version } = await loadPdfjs();
  // Everything pdf.js decodes for this document, from opening to closing, is counted here.
  const budget = new DecodeBudget(bytes.byteLength, options.decodeLimits, options.evaluationLimits);
  // The deadline stops evaluation at its next turn of the event loop (evaluation-budget.ts).
  budget.evaluation.signal = options.signal;
  let doc: PdfDocumentProxy | undefined;
  return withDecodeBudget(budget, async () => {
    const task = await openPdfTask(bytes);
    try {
      doc = await task.promise;
    } catch (error) {
      await task.destroy().catch(() => undefined);
      budget.check();
      throw toLoadError(error);
    }
    try {
      const pageCount = doc.numPages;
      const maxPages = Math.min(options.maxPages ?? MAX_DOCUMENT_PAGES, MAX_DOCUMENT_PAGES);
      if (pageCount === 0) throw new DocumentLoadError('document_empty', 'The PDF has no pages.');
      budget.evaluation.setPageCount(Math.min(pageCount, maxPages));
      if (pageCount > maxPages) {
        throw new DocumentLoadError('page_limit_exceeded', `This PDF has ${pageCount} pages; at most ${maxPages} can be processed.`, {
          details: { pages: pageCount, max_pages: maxPages },
        });
      }
      const pages = options.pagesOfInterest?.(pageCount).filter((n) => Number.isInteger(n) && n >= 1 && n <= pageCount);
      const scan = await findOcrCandidates(doc, pages, { signal: options.signal, stop: () => budget.check() });
      budget.check();
      return createHandle(doc, `pdfjs-text-layer@${version}`, scan, budget, options.pageText);
    } catch (error) {
      await doc.destroy().catch(() => undefined);
      throw error;
    }
  });
}
