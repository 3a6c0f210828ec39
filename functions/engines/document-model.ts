/**
 * The internal document model every engine reads: produced by one backend per
 * format (PDF text layer, OCR, Office, text formats), consumed by parse,
 * extract, classify, split and redact.
 *
 * Box convention, everywhere: `[left, top, right, bottom]`, normalised to 0–1
 * of the page width and height, origin at the top-left corner.
 *
 * @module
 */
import type { Canvas } from '@napi-rs/canvas';
import type { FallbackReason } from '../contracts/engines.ts';
import type { FileKind } from '../contracts/media-types.ts';
import type { OcrLanguage } from '../contracts/ocr-languages.ts';
import type { PageSignature } from './ocr/page-signature.ts';

export type BBox = [left: number, top: number, right: number, bottom: number];

export type WordSource = 'text-layer' | 'ocr';

export interface Word {
  readonly text: string;
  readonly bbox: BBox;
  /** 0–1. Text-layer words carry 1 (the text is exact; only its geometry is estimated). */
  readonly confidence: number;
  readonly source: WordSource;
}

export interface Line {
  readonly text: string;
  readonly bbox: BBox;
  /** Indexes into the page's `words`, in reading order. */
  readonly wordIndexes: readonly number[];
  /**
   * This line carries on the line before it: a long line of a text file wrapped on a virtual page, at a space
   * (`space`) or inside a word (`none`, a hard cut). Redaction reads the two as one line, so a phone number or an
   * e-mail address cut by the wrap is still found.
   */
  readonly continues?: 'space' | 'none';
}

export interface Block {
  readonly text: string;
  readonly bbox: BBox;
  /** Indexes into the page's `lines`, in reading order. */
  readonly lineIndexes: readonly number[];
}

/** A table cell; spans are in grid units (1 = no span). */
export interface TableCell {
  readonly row: number;
  readonly column: number;
  readonly rowSpan: number;
  readonly columnSpan: number;
  readonly text: string;
  readonly bbox?: BBox;
  /** A header cell (first row of a ruled table, `<th>`, a spreadsheet's header row). */
  readonly header?: boolean;
}

/**
 * A table: native for formats that have tables (XLSX sheets, CSV, DOCX
 * tables), reconstructed from word geometry and ruling lines for PDF and OCR pages.
 */
export interface Table {
  readonly rows: number;
  readonly columns: number;
  readonly cells: readonly TableCell[];
  readonly bbox?: BBox;
  /** `native` (the format says it is a table) or `geometry` (reconstructed). */
  readonly origin: 'native' | 'geometry';
}

/** A straight ruling line (table borders, underlines), normalised like boxes. */
export interface Ruling {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A small circle or ellipse drawn as a vector path (0–1 box), and how it is painted: a ring is stroked, a dot filled. */
export interface DrawnCircle {
  readonly bbox: BBox;
  readonly filled: boolean;
  readonly stroked: boolean;
}

/**
 * A fillable form field (PDF AcroForm widget) with the value it holds: such
 * values live in the form, not in the page's text, so text alone misses them.
 */
export interface FormField {
  /** The field's full name, e.g. `applicant.name`. */
  readonly name: string;
  readonly kind: 'text' | 'checkbox' | 'radio' | 'choice' | 'button';
  /** Text and choices: the value (null when empty); checkboxes and radio buttons: whether this one is on. */
  readonly value: string | boolean | null;
  readonly bbox: BBox;
  /** The field's tooltip (`/TU`), which forms often use as its accessible label. */
  readonly tooltip?: string;
}

/**
 * An annotation as it shows on the page (PDF widgets, free text, stamps,
 * notes): what it says, from its appearance, value and contents. Text the
 * renderer paints (or a viewer pops up) that the page's text layer lacks.
 */
export interface PageAnnotation {
  /** The PDF annotation subtype: `Widget`, `FreeText`, `Stamp`, `Text`, … */
  readonly subtype: string;
  /** Where it is drawn (its rectangle). */
  readonly bbox: BBox;
  /** What it says, one entry per line, each distinct reading once (appearance text, field value, contents, author); may be empty. */
  readonly lines: readonly string[];
  /** Whether it paints anything on the page (it has an appearance); a note's contents show only in a viewer's pop-up. */
  readonly drawn: boolean;
  /** Its appearance draws what `lines` may not say: no text was read from it (a stamp, a signature field, a button's caption). */
  readonly appearanceUnread?: boolean;
}

export interface DocumentPage {
  /** 1-based. */
  readonly pageNumber: number;
  /** Page size in the backend's native unit (PDF points, image pixels). */
  readonly width: number;
  readonly height: number;
  /** Words in reading order. */
  readonly words: readonly Word[];
  readonly lines: readonly Line[];
  readonly blocks: readonly Block[];
  /** Page text in reading order: lines joined by '\n', blocks by '\n\n'. */
  readonly text: string;
  /** Where this page's text came from. */
  readonly source: WordSource | 'none';
  /** Tables the format itself declares (XLSX, CSV, DOCX); geometry-based ones come from the layout engine. */
  readonly tables?: readonly Table[];
  /** Ruling lines drawn on the page (PDF vector graphics, or detected in the page image). */
  readonly rulings?: readonly Ruling[];
  /** Where images are drawn (PDF image placements), for figure regions. Optional per backend. */
  readonly figures?: readonly BBox[];
  /** Rows of text drawn as vector outlines (PDF: glyph-shaped filled paths), which no text layer holds. Optional per backend. */
  readonly outlinedText?: readonly BBox[];
  /** Small circles drawn on the page (PDF vector paths: radio buttons and their dots; rings found in a scan's image). Optional per backend. */
  readonly circles?: readonly DrawnCircle[];
  /** Form fields on the page (PDF AcroForm), with their values. Optional per backend. */
  readonly formFields?: readonly FormField[];
  /** Annotations shown on the page (PDF), with their text. Optional per backend; absent when the page has none. */
  readonly annotations?: readonly PageAnnotation[];
  /**
   * What the caller should know about how this page was read, in words
   * (an OCR page with ink on which no text could be read). Operations list
   * them in `metadata.warnings`.
   */
  readonly warnings?: readonly string[];
  /** Languages an OCR page was read with (ISO 639-1 codes). */
  readonly languages?: readonly string[];
  /**
   * Set when the deployment's hosted page reader (Textract) was asked for
   * this page and the local OCR read it instead: why the hosted one failed.
   * Operations report it in `metadata.engine_fallback`.
   */
  readonly ocrFallback?: FallbackReason;
  /** An OCR page's image fingerprint (letterhead and footer bands, ink), which the splitter compares between neighbours. */
  readonly signature?: PageSignature;
}

/**
 * Machine-readable data a document carries besides its pages: the files
 * embedded in a PDF (a Factur-X, ZUGFeRD or XRechnung invoice's XML), or an
 * XML document itself. Readers decide what they understand; sizes are
 * bounded by the backend.
 */
export interface DataFile {
  readonly name: string;
  readonly data: Uint8Array;
}

/** Data files larger than this are not offered (a Factur-X XML is tens of kilobytes). */
export const MAX_DATA_FILE_BYTES = 5 * 1024 * 1024;

export interface ParsedDocument {
  readonly kind: FileKind;
  readonly pages: readonly DocumentPage[];
  /** What really ran, e.g. `pdfjs-text-layer@5.6.205`. */
  readonly engines: readonly string[];
  /** E-mails (`eml`, `msg`): the header fields and where each attachment's pages are (operations report it in `metadata.email`). */
  readonly email?: EmailSummary;
}

/** What an e-mail's pages hold: page 1… the message, then each attachment read, in order. */
export interface EmailSummary {
  readonly from?: string;
  readonly to?: string;
  readonly cc?: string;
  readonly date?: string;
  readonly subject?: string;
  /** Pages of the message itself (headers, body, attachment list). */
  readonly message_pages: { readonly page_start: number; readonly page_end: number };
  readonly attachments: readonly EmailAttachmentSummary[];
}

export interface EmailAttachmentSummary {
  readonly filename: string;
  readonly content_type: string;
  readonly size: number;
  /** Absent when the file was not read (`skipped` says why). */
  readonly page_start?: number;
  readonly page_end?: number;
  readonly file_type?: string;
  readonly skipped?: string;
}

/** Renders a page to PNG; optional per backend (text formats have none). */
/** Options every backend's `extract` accepts. */
export interface ExtractOptions {
  /**
   * Languages to OCR with (ISO 639-1 codes of the OCR languages, the
   * request's `languages`); absent: found per page (see ocr-page.ts).
   */
  readonly languages?: readonly OcrLanguage[];
  /**
   * Aborted when nobody waits for the result any more (the synchronous
   * deadline passed): backends stop before the next page instead of
   * spending CPU on an answer that will be thrown away.
   */
  readonly signal?: AbortSignal;
  /**
   * Read what is drawn besides text (PDF rulings and figures), which only
   * the layout analysis of advanced mode uses. Backends that find them cheaply
   * may ignore it.
   * @default true
   */
  readonly graphics?: boolean;
  /**
   * Keep only each page's text, size and source: words, lines and blocks are
   * dropped as soon as a page's text is laid out. For callers that need
   * nothing else (fast parse without boxes): a 1,000-page text PDF then holds
   * its text (a few MB) instead of ~600,000 word objects (~250 MB of heap).
   * @default false
   */
  readonly textOnly?: boolean;
  /**
   * Leave out text a reader cannot see (PDF text layers: render mode 3,
   * white on white, under 2 pt; see pdf/hidden-text.ts), with a page warning
   * saying how many characters were dropped. For extract and classify, so a
   * document cannot steer them with text nobody sees; redaction reads all.
   * @default false
   */
  readonly visibleOnly?: boolean;
}

/** The smallest box holding every one of `boxes` (a line from its words, a block from its lines). */
export function enclosingBox(boxes: readonly BBox[]): BBox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** The page with only what `textOnly` keeps. */
export function textOnlyPage(page: DocumentPage): DocumentPage {
  return {
    pageNumber: page.pageNumber,
    width: page.width,
    height: page.height,
    text: page.text,
    source: page.source,
    ...(page.warnings?.length ? { warnings: page.warnings } : {}),
    ...(page.languages?.length ? { languages: page.languages } : {}),
    ...(page.ocrFallback ? { ocrFallback: page.ocrFallback } : {}),
    ...(page.signature ? { signature: page.signature } : {}),
    words: [],
    lines: [],
    blocks: [],
  };
}

/** A page drawn on a canvas the renderer lends out (see {@link PageRenderer.withPageCanvas}). */
export interface PageCanvas {
  /** The drawn page: opaque RGBA (a white page under the content), painted on at will by the borrower. */
  readonly canvas: Canvas;
  readonly width: number;
  readonly height: number;
}

export interface PageRenderer {
  renderPng(pageNumber: number, options?: { dpi?: number }): Promise<{ png: Uint8Array; width: number; height: number }>;
  /**
   * Optional: draws the page and lends its canvas to `use`, which may paint
   * on it and read or encode its pixels. For callers that change the page
   * (redaction): `renderPng` would encode a PNG only for them to decode it
   * again (≈ a third of a masked page's cost). The canvas is the renderer's
   * and is released once `use` settles: keep nothing of it but what `use`
   * copies out.
   */
  withPageCanvas?<T>(pageNumber: number, options: { dpi?: number }, use: (page: PageCanvas) => Promise<T>): Promise<T>;
}
