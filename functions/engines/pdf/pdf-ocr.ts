/**
 * Scanned and mixed PDFs: which pages need OCR, and OCR of those pages.
 *
 * A page is OCR'd when it paints an image (a scan) and its text layer is
 * unusable (almost no real characters), or is sparse (a stamped Bates
 * number, "CONFIDENTIAL") while images cover a quarter of the page or more.
 * A page is also OCR'd when it draws text we cannot read from its text
 * layer: glyphs whose characters are mostly garbage (unmapped glyphs), many
 * words in letters of no language (a font whose character map names the
 * wrong letters: the OCR reading is kept only when it reads more known
 * words), or no text layer at all under glyph-like vector outlines (text
 * converted to curves). What a viewer shows is what every operation, and
 * redaction above all, must read. Pages with a real text layer keep it,
 * even when they also hold images; blank pages and pages of a few rules
 * or boxes are not OCR'd.
 *
 * At open, `ocrPageCount` counts pages without a usable text layer (cheap:
 * the text content only) plus sparse-text pages that paint an image (their
 * operator list is read): an upper bound of the pages that will be OCR'd
 * (blank pages among them are not).
 *
 * @module
 */
import type { BBox, DocumentPage } from '../document-model.ts';
import type { PageTextService } from '../../contracts/hosted-models.ts';
import { readPageImage } from '../ocr/hosted-page-read.ts';
import { ocrPageFields } from '../ocr/ocr-document-page.ts';
import { knownWords } from '../ocr/language-detect.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import { SYNC_OCR_MAX_PAGES } from '../../contracts/limits.ts';
import { loadPdfjs, type PdfDocumentProxy, type PdfPageProxy } from './pdfjs.ts';
import { UNREADABLE_CHAR } from './unreadable-chars.ts';

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
/**
 * A page with fewer letters and digits than this whose images cover at
 * least {@link SCAN_COVERAGE} of it is a scan carrying a digital stamp
 * (Bates number, "CONFIDENTIAL", a date): it is OCR'd too, since the stamp
 * is also visible in the rendering.
 */
export const SPARSE_TEXT_CHARS = 100;
export const SCAN_COVERAGE = 0.25;
/**
 * At open, sparse-text pages are checked for images (an operator list, which
 * decodes the page's images: up to ~0.4 s for a JPEG scan) only while the
 * count is within the synchronous OCR budget and for at most this long;
 * past either, the remaining sparse pages count as OCR pages unchecked. The
 * count stays an upper bound, and the budget decision stays exact.
 */
const OPEN_CHECK_MS = 1_500;

const REAL = /[\p{L}\p{N}]/u;

/** One page's text content as pdf.js returns it. */
export type PdfTextContent = Awaited<ReturnType<PdfPageProxy['getTextContent']>>;

/** How pages' text is read: with marked content, which carries hidden-text.ts's marks of invisible text. */
export const TEXT_CONTENT_OPTIONS = { includeMarkedContent: true } as const;

export interface TextStats {
  readonly real: number;
  readonly garbageShare: number;
}

/** @internal exported for the test that holds it to a reading by code points. */
export function textStats(strings: Iterable<string>): TextStats {
  let real = 0;
  let garbage = 0;
  let total = 0;
  for (const s of strings) {
    // By index, not `for…of`: that makes a string of every character (every page is read here twice).
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      if (code < 0x80) {
        // ASCII without the regular expressions: most text is.
        if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d) continue;
        total++;
        if ((code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)) real++;
        else if (code < 0x20 || code === 0x7f) garbage++;
        continue;
      }
      // One code point, as `for…of` yields it: a surrogate pair together, a lone surrogate alone.
      const point = s.codePointAt(i)!;
      const ch = String.fromCodePoint(point);
      if (point > 0xffff) i++;
      total++;
      if (REAL.test(ch)) real++;
      else if (UNREADABLE_CHAR.test(ch)) garbage++;
    }
  }
  return { real, garbageShare: garbage / Math.max(1, total) };
}

const isUsable = (t: TextStats) => t.real >= MIN_TEXT_CHARS && t.garbageShare <= MAX_GARBAGE_SHARE;
const isFullText = (t: TextStats) => isUsable(t) && t.real >= SPARSE_TEXT_CHARS;

/**
 * A text layer of at least this many words none of which is a function or
 * shop word of any OCR language is not in letters we can read. Over the
 * 252 corpus text-layer pages of 20 words or more, every page had known
 * words (the fewest: 2 %); a font whose map shifts every letter has none.
 */
const UNREADABLE_MIN_WORDS = 20;

/** Whether a text layer's words read as a language (see {@link UNREADABLE_MIN_WORDS}); short text always does. */
export function readableWords(text: string): boolean {
  const { words, known } = knownWords(text);
  return words < UNREADABLE_MIN_WORDS || known > 0;
}

/** Glyphs drawn whose text cannot be read from the layer: mostly garbage characters, or words of no language. */
function unreadGlyphs(text: string, stats: TextStats): boolean {
  if (text.replace(/\s+/g, '').length < MIN_TEXT_CHARS) return false;
  return stats.garbageShare > MAX_GARBAGE_SHARE || !readableWords(text);
}

/**
 * Whether a page's text is a full text layer: such a page is never OCR'd,
 * so deciding it needs neither its images nor its figures.
 *
 * @example
 * fullTextLayer(page.text); // true for a page of prose, false for a stamped scan
 */
export function fullTextLayer(text: string): boolean {
  return isFullText(textStats([text])) && readableWords(text);
}

/**
 * Whether a page's text-layer strings amount to real text.
 *
 * @example
 * usableText(['Invoice 2026-001', 'Total due: 42.00 EUR']); // true
 * usableText(['3']);                                          // false (a page number on a scan)
 */
export function usableText(strings: Iterable<string>): boolean {
  return isUsable(textStats(strings));
}

interface OpsTable {
  readonly [name: string]: number;
}

/** Operators that paint a raster image (masks included: 1-bit scans are often drawn as image masks). */
function imageOps(ops: OpsTable): Set<number> {
  return new Set(
    [
      'paintImageXObject',
      'paintInlineImageXObject',
      'paintInlineImageXObjectGroup',
      'paintImageXObjectRepeat',
      'paintImageMaskXObject',
      'paintImageMaskXObjectGroup',
      'paintImageMaskXObjectRepeat',
      'paintSolidColorImageMask',
    ]
      .map((name) => ops[name])
      .filter((op): op is number => typeof op === 'number'),
  );
}

/**
 * Glyph-like vector shapes (painted subpaths with a curve or a slanted
 * line) that make a page without a text layer worth reading: a line of
 * text converted to curves has one or more per character, a page of rules
 * and boxes none. A page with some real text needs many more (a paragraph
 * of them, not a logo beside a heading).
 */
const MIN_OUTLINES_TEXTLESS = 12;
const MIN_OUTLINES_SPARSE = 150;

// pdf.js DrawOPS codes inside a path buffer, and how many numbers follow each.
const PATH_ARGS: Readonly<Record<number, number>> = { 0: 2, 1: 2, 2: 6, 3: 4, 4: 0 };
const MOVE = 0;
const LINE = 1;

/** Counts painted subpaths with a curve or a slanted line in one path buffer, up to `limit`. */
function countOutlines(buffer: ArrayLike<number>, limit: number): number {
  let count = 0;
  let shaped = false;
  let x = 0;
  let y = 0;
  for (let i = 0; i < buffer.length && count < limit;) {
    const op = buffer[i];
    const args = PATH_ARGS[op];
    if (args === undefined) break;
    if (op === MOVE) {
      if (shaped) count++;
      shaped = false;
    } else if (op === LINE) {
      const dx = Math.abs(buffer[i + 1] - x);
      const dy = Math.abs(buffer[i + 2] - y);
      if (dx > 0.01 && dy > 0.01) shaped = true;
    } else if (args > 2) shaped = true;
    if (args >= 2) {
      x = buffer[i + args - 1];
      y = buffer[i + args];
    }
    i += 1 + args;
  }
  return count + (shaped ? 1 : 0);
}

/**
 * What a page draws besides its text layer: raster images, and glyph-like vector outlines (counted up to
 * {@link MIN_OUTLINES_SPARSE}). Reuses pdf.js's cached operator list when the page has one.
 */
async function pageInk(page: PdfPageProxy): Promise<{ images: boolean; outlines: number }> {
  const { pdfjs } = await loadPdfjs();
  const ops = pdfjs.OPS as unknown as OpsTable;
  const wanted = imageOps(ops);
  const painting = new Set(
    ['fill', 'eoFill', 'stroke', 'closeStroke', 'fillStroke', 'eoFillStroke', 'closeFillStroke', 'closeEOFillStroke'].map((name) => ops[name]),
  );
  const list = await page.getOperatorList();
  let outlines = 0;
  let images = false;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    if (wanted.has(fn)) images = true;
    else if (fn === ops.constructPath && outlines < MIN_OUTLINES_SPARSE) {
      const args = list.argsArray[i] as unknown[] | null;
      const buffer = (args?.[1] as ArrayLike<number>[] | undefined)?.[0];
      // Clipping paths and endPath paint nothing.
      if (buffer && painting.has(args?.[0] as number)) outlines += countOutlines(buffer, MIN_OUTLINES_SPARSE - outlines);
    }
  }
  return { images, outlines };
}

/**
 * Text items kept from the open-time scan for the extraction, in all pages
 * of one document: about 300 bytes each, so at most ~30 MB. Past it, later
 * pages are read again when extracted.
 */
export const MAX_KEPT_TEXT_ITEMS = 100_000;

/** Pages scanned between two releases of pdf.js's page caches. */
const RELEASE_SCAN_EVERY_PAGES = 50;

export interface OcrScan {
  /** Pages (1-based, ascending) that may need OCR. */
  readonly candidates: Set<number>;
  /** The text content read per page, for the extraction to reuse (within {@link MAX_KEPT_TEXT_ITEMS}). */
  readonly contents: Map<number, PdfTextContent>;
}

/**
 * Pages (1-based) that may need OCR: no usable text layer, or a sparse
 * text layer on a page that paints images. Reads every page's (or only
 * `pages`') text content
 * (about 4 ms a page) and keeps it for the extraction; pages that cannot be
 * read are left to the extraction, which reports them.
 */
export interface ScanControl {
  /** The request's deadline: the scan stops at the next page once it aborts (the abort reason is thrown). */
  readonly signal?: AbortSignal;
  /** Called before every page; throws to stop the scan (a tripped decode budget). */
  readonly stop?: () => void;
}

export async function findOcrCandidates(doc: PdfDocumentProxy, pages?: readonly number[], control: ScanControl = {}): Promise<OcrScan> {
  const candidates = new Set<number>();
  const contents = new Map<number, PdfTextContent>();
  let kept = 0;
  const sparse: number[] = [];
  const scanned = pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
  const checkStop = () => {
    control.signal?.throwIfAborted();
    control.stop?.();
  };
  for (const [index, n] of scanned.entries()) {
    checkStop();
    // pdf.js keeps each page read; let go of them as the scan goes (see pdf-text-backend's extract).
    if (index > 0 && index % RELEASE_SCAN_EVERY_PAGES === 0) await doc.cleanup();
    try {
      const page = await doc.getPage(n);
      // With marked content: hidden-text.ts marks invisible text with it.
      const content = await page.getTextContent(TEXT_CONTENT_OPTIONS);
      if (kept + content.items.length <= MAX_KEPT_TEXT_ITEMS) {
        kept += content.items.length;
        contents.set(n, content);
      }
      const strings = content.items.map((item) => ('str' in item ? item.str : ''));
      const stats = textStats(strings);
      if (!isUsable(stats) || !readableWords(strings.join(' '))) candidates.add(n);
      else if (stats.real < SPARSE_TEXT_CHARS) sparse.push(n);
    } catch {
      // Extraction reads the page again and reports the damage.
    }
  }
  const started = Date.now();
  for (const n of sparse) {
    checkStop();
    if (candidates.size > SYNC_OCR_MAX_PAGES || Date.now() - started > OPEN_CHECK_MS) {
      candidates.add(n);
      continue;
    }
    try {
      const page = await doc.getPage(n);
      if ((await pageInk(page)).images) candidates.add(n);
      page.cleanup(); // drop the decoded images until the page is really read
    } catch {
      candidates.add(n);
    }
  }
  return { candidates: new Set([...candidates].sort((a, b) => a - b)), contents };
}

/** Share of the page covered by figures (overlaps counted twice, capped at 1). */
function coverage(figures: readonly BBox[]): number {
  let area = 0;
  for (const [l, t, r, b] of figures) area += Math.max(0, Math.min(1, r) - Math.max(0, l)) * Math.max(0, Math.min(1, b) - Math.max(0, t));
  return Math.min(1, area);
}

/**
 * Whether a page, read with its text layer and graphics, is a scan to OCR:
 * it paints an image, and its text layer is unusable, or sparse while
 * images cover a good part of the page.
 */
export async function needsOcr(page: DocumentPage, pdfPage: PdfPageProxy): Promise<boolean> {
  const stats = textStats([page.text]);
  const readable = readableWords(page.text);
  if (isFullText(stats) && readable) return false;
  if (unreadGlyphs(page.text, stats)) return true;
  if (isUsable(stats) && coverage(page.figures ?? []) < SCAN_COVERAGE) return false;
  const ink = await pageInk(pdfPage);
  if (!isUsable(stats)) return ink.images || ink.outlines >= MIN_OUTLINES_TEXTLESS;
  return (ink.images && coverage(page.figures ?? []) >= SCAN_COVERAGE) || ink.outlines >= MIN_OUTLINES_SPARSE;
}

/**
 * Replaces a page's text layer by OCR of its rendering (the hosted page
 * reader's when the deployment chose one). Keeps the page size and the
 * graphics found on it (rulings, figures). `engine` is what read it.
 */
export async function ocrPdfPage(
  page: DocumentPage,
  render: (pageNumber: number, options: { dpi: number }) => Promise<{ png: Uint8Array }>,
  languages?: readonly OcrLanguage[],
  hosted: { readonly pageText?: PageTextService; readonly signal?: AbortSignal } = {},
): Promise<DocumentPage & { readonly engine: string }> {
  const { png } = await render(page.pageNumber, { dpi: OCR_RENDER_DPI });
  const { ocr, engine, fallback } = await readPageImage({ image: png }, { languages, ...hosted });
  const fields = ocrPageFields(ocr, page.pageNumber);
  // A layer taken for unreadable on its words alone (a page of names and codes reads no function word
  // either) is kept unless the OCR reads known words in it.
  if (!readableWords(page.text) && textStats([page.text]).garbageShare <= MAX_GARBAGE_SHARE && knownWords(fields.text).known === 0) {
    return { ...page, engine };
  }
  return {
    ...page,
    engine,
    ...(fallback ? { ocrFallback: fallback } : {}),
    ...fields,
    // A scan's table lines are pixels; vector rulings, when the page has them, are exact.
    rulings: page.rulings?.length ? page.rulings : ocr.rulings,
    ...(!page.circles?.length && ocr.circles ? { circles: ocr.circles } : {}),
  };
}
