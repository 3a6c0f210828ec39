/**
 * Opens any supported document: decides the file kind from the bytes (and
 * the declared kind for text), picks the backend registered for that kind and
 * returns a handle whose page count is known before any extraction work.
 *
 * Backends are imported lazily, so a cold start pays only for the formats it
 * actually sees (pdf.js alone is several megabytes of JavaScript).
 *
 * @module
 */
import { DocumentLoadError } from '../contracts/errors.ts';
import type { PageTextService } from '../contracts/hosted-models.ts';
import { mediaTypeForFilename, type FileKind } from '../contracts/media-types.ts';
import type { DataFile, DocumentPage, ExtractOptions, PageRenderer, ParsedDocument } from './document-model.ts';
import { MAX_DATA_FILE_BYTES, textOnlyPage } from './document-model.ts';
import { resolveKind, sniffKind } from './file-type.ts';

export interface OpenHint {
  /** From the upload's content type; decides among text kinds. */
  readonly declaredKind?: FileKind;
  /** Used for the declared kind when `declaredKind` is absent. */
  readonly filename?: string;
}

export interface OpenOptions {
  /**
   * Refuse documents with more pages (`page_limit_exceeded`) before extracting
   * anything. Every backend also refuses more than MAX_DOCUMENT_PAGES
   * (contracts/limits.ts) whatever is asked.
   */
  readonly maxPages?: number;
  /** The request's deadline: opening stops at its next step once it aborts (and throws the abort reason). */
  readonly signal?: AbortSignal;
  /**
   * The pages the caller will read, given the page count (classify reads a
   * few pages of a long document): the open-time scan (which pages need
   * OCR) looks at those only, and `ocrPageCount` counts only them.
   * @default every page
   */
  readonly pagesOfInterest?: (pageCount: number) => readonly number[];
  /**
   * The hosted page reader (Textract) the deployment chose for OCR; absent →
   * the local OCR. Bound at open, so every operation that reads pages (and
   * the page-range worker) honours the deployment's choice.
   */
  readonly pageText?: PageTextService;
}

/** An open document. Always `close()` it, in a `finally`. */
export interface OpenedDocument {
  readonly kind: FileKind;
  readonly pageCount: number;
  /** Pages that will need OCR (known after open); absent or 0 when none do. */
  readonly ocrPageCount?: number;
  /** What will run, e.g. `['pdfjs-text-layer@5.6.205']`. */
  readonly engines: string[];
  /**
   * Extracts all pages, or only `pageNumbers` (1-based, ascending) so long
   * documents can be processed in segments; backends must honour it.
   */
  extract(pageNumbers?: readonly number[], options?: ExtractOptions): Promise<ParsedDocument>;
  /** E-mails: the pages of the message itself (its attachments follow); classify reads only these. */
  readonly messagePages?: { readonly page_start: number; readonly page_end: number };
  /** Present when the backend can draw pages. */
  readonly renderer?: PageRenderer;
  /** Present for kinds that can carry data files (PDF attachments; an XML document is its own). */
  dataFiles?(): Promise<readonly DataFile[]>;
  /** Present for PDFs: whether the document is a dynamic XFA form (see PdfHandle). */
  dynamicXfa?(): Promise<boolean>;
  /**
   * Pages of this document extracted elsewhere (the page-range workers), for
   * whoever watches what `extract` returns (the request's OCR fallback log).
   */
  notePages?(pages: readonly DocumentPage[]): void;
  close(): Promise<void>;
}

/** A backend: opens bytes already known to be of its kind. */
export type Backend = (bytes: Uint8Array, options: OpenOptions) => Promise<OpenedDocument>;

const openPdf: Backend = async (bytes, options) => {
  const { loadPdf } = await import('./pdf/pdf-text-backend.ts');
  const pdf = await loadPdf(bytes, options);
  return {
    kind: 'pdf',
    pageCount: pdf.pageCount,
    ocrPageCount: pdf.ocrPageCount,
    engines: [...pdf.engines],
    extract: (pageNumbers, extractOptions) => pdf.extract(pageNumbers, extractOptions),
    renderer: {
      renderPng: (pageNumber, renderOptions) => pdf.renderPng(pageNumber, renderOptions),
      withPageCanvas: (pageNumber, renderOptions, use) => pdf.withPageCanvas(pageNumber, renderOptions, use),
    },
    dataFiles: () => pdf.attachments(),
    dynamicXfa: () => pdf.dynamicXfa(),
    close: () => pdf.close(),
  };
};

/** Office and text kinds: laid out on virtual pages at open (no renderer). */
const openOffice = (kind: 'docx' | 'xlsx' | 'pptx' | 'xls'): Backend => async (bytes, options) => {
  const { openOfficeDocument } = await import('./office/office-backend.ts');
  return fromVirtual(await openOfficeDocument(kind, bytes, options));
};
const openText = (kind: 'txt' | 'csv' | 'json' | 'xml' | 'rtf' | 'html'): Backend => async (bytes, options) => {
  const { openTextDocument } = await import('./text/text-backend.ts');
  const opened = fromVirtual(await openTextDocument(kind, bytes, options));
  // An XML upload may itself be an e-invoice (XRechnung, UBL, CII).
  return kind === 'xml' && bytes.byteLength <= MAX_DATA_FILE_BYTES ? { ...opened, dataFiles: async () => [{ name: 'document.xml', data: bytes }] } : opened;
};
/** E-mails: the message's pages, then each attachment's (see mail/mail-backend.ts). */
const openEmail = (kind: 'eml' | 'msg'): Backend => async (bytes, options) => {
  const { openMail } = await import('./mail/mail-backend.ts');
  return openMail(kind, bytes, options);
};
/** Images: every page is OCR'd (see image/image-backend.ts). */
const openImageKind = (kind: 'png' | 'jpeg' | 'webp' | 'tiff' | 'heic'): Backend => async (bytes, options) => {
  const { openImage } = await import('./image/image-backend.ts');
  return openImage(bytes, kind, options);
};
const fromVirtual = (doc: import('./text/virtual-document.ts').VirtualDocument): OpenedDocument => ({
  kind: doc.kind,
  pageCount: doc.pageCount,
  engines: [doc.engine],
  // Laid out at open already: `textOnly` only lightens what travels on.
  extract: async (pageNumbers, options) => {
    const parsed = await doc.extract(pageNumbers);
    return options?.textOnly ? { ...parsed, pages: parsed.pages.map(textOnlyPage) } : parsed;
  },
  close: () => doc.close(),
});

/** Backends by kind; kinds without an entry are refused as unsupported. */
export const BACKENDS: Partial<Record<FileKind, Backend>> = {
  pdf: openPdf,
  docx: openOffice('docx'),
  xlsx: openOffice('xlsx'),
  pptx: openOffice('pptx'),
  xls: openOffice('xls'),
  txt: openText('txt'),
  csv: openText('csv'),
  json: openText('json'),
  xml: openText('xml'),
  rtf: openText('rtf'),
  html: openText('html'),
  eml: openEmail('eml'),
  msg: openEmail('msg'),
  png: openImageKind('png'),
  jpeg: openImageKind('jpeg'),
  webp: openImageKind('webp'),
  tiff: openImageKind('tiff'),
  heic: openImageKind('heic'),
};

const KIND_NAMES: Record<FileKind, string> = {
  pdf: 'PDF',
  png: 'PNG image',
  jpeg: 'JPEG image',
  webp: 'WebP image',
  tiff: 'TIFF image',
  heic: 'HEIC image',
  docx: 'Word document (DOCX)',
  xlsx: 'Excel workbook (XLSX)',
  pptx: 'PowerPoint presentation (PPTX)',
  csv: 'CSV file',
  txt: 'plain-text file',
  rtf: 'RTF document',
  json: 'JSON file',
  xml: 'XML file',
  xls: 'Excel workbook (XLS)',
  html: 'HTML page',
  eml: 'e-mail (EML)',
  msg: 'Outlook message (MSG)',
};

const supportedNames = () =>
  (Object.keys(BACKENDS) as FileKind[]).map((k) => KIND_NAMES[k].replace(/ \(.*\)$/, '')).join(', ');

function declaredKindOf(hint: OpenHint): FileKind | undefined {
  return hint.declaredKind ?? (hint.filename ? mediaTypeForFilename(hint.filename)?.kind : undefined);
}

/**
 * Opens a document for extraction.
 *
 * @throws DocumentLoadError `document_empty` (no bytes, no pages),
 *   `unsupported_file_type` (unrecognised, or no backend yet for the kind),
 *   `document_encrypted`, `document_corrupt`, `page_limit_exceeded`.
 * @example
 * const opened = await openDocument(bytes, { declaredKind: 'pdf', filename: 'a.pdf' });
 * try {
 *   if (opened.pageCount > 60) throw tooManyPages();
 *   const document = await opened.extract();
 * } finally {
 *   await opened.close();
 * }
 */
export async function openDocument(bytes: Uint8Array, hint: OpenHint = {}, options: OpenOptions = {}): Promise<OpenedDocument> {
  if (bytes.byteLength === 0) throw new DocumentLoadError('document_empty', 'The file is empty (0 bytes).');
  const declared = declaredKindOf(hint);
  const kind = resolveKind(bytes, declared);
  if (!kind) {
    throw new DocumentLoadError(
      'unsupported_file_type',
      `The file's type could not be recognised${declared ? ` (declared as ${KIND_NAMES[declared]})` : ''}; supported: ${supportedNames()}.`,
      { details: { detected_type: null, ...(declared ? { declared_type: declared } : {}) } },
    );
  }
  const backend = BACKENDS[kind];
  if (!backend) {
    const mismatch = declared && declared !== kind && sniffKind(bytes) === kind ? ` although it was declared as ${KIND_NAMES[declared]}` : '';
    throw new DocumentLoadError(
      'unsupported_file_type',
      `The file is a ${KIND_NAMES[kind]}${mismatch}; this type is not supported yet (supported: ${supportedNames()}).`,
      { details: { detected_type: kind, ...(declared ? { declared_type: declared } : {}) } },
    );
  }
  return backend(bytes, options);
}
