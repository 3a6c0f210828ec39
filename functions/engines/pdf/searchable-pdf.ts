/**
 * The searchable PDF of a parse (`POST /v1/parse?output=pdf`): the
 * document's own pages, with an invisible text layer (text rendering mode 3)
 * of the words we read where the page has none of its own, so `pdftotext`
 * or a viewer's search finds every word the OCR read.
 *
 * - A PDF keeps its pages as they are (copied object by object: vectors,
 *   fonts, images, rotation); only pages read by OCR get the text layer,
 *   placed through the page's crop box and rotation so a selection lands on
 *   the word in the image. Text pages keep their own text (writing ours over
 *   it would double every search hit).
 * - An encrypted or damaged PDF that pdf.js could read but pdf-lib cannot
 *   copy, and every image kind, become page images (JPEG, 200 dpi as an A4
 *   page at most) with the text layer over them.
 * - Kinds without page images (office, text, e-mail) are written as their
 *   words, visibly, where the layout put them.
 *
 * The text layer uses the standard Helvetica font (no font file to ship):
 * characters outside its WinAnsi set are written '?' (docs/api.md).
 *
 * @module
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import type { DocumentPage, PageRenderer } from '../document-model.ts';
import { drawWordInBox, type Placement } from './text-layer.ts';

/** What the builder needs of each page read. */
export type SearchablePage = Pick<DocumentPage, 'pageNumber' | 'width' | 'height' | 'words' | 'source'>;

export interface SearchablePdfInput {
  /** The original bytes when the document is a PDF: its pages are copied. */
  readonly pdf?: Uint8Array;
  readonly pages: readonly SearchablePage[];
  /** Draws pages for kinds whose pages are images (and PDFs pdf-lib cannot copy). */
  readonly renderer?: PageRenderer;
  readonly signal?: AbortSignal;
}

/** Page images are drawn at this resolution (the long side at most that of an A4 page at it, for images). */
export const SEARCHABLE_IMAGE_DPI = 200;
const JPEG_QUALITY = 80;
/** An A4 page's long side in points: image pages get this size (images carry no trustworthy resolution). */
const A4_LONG_SIDE_POINTS = 841.89;

type PdfLib = typeof import('pdf-lib');

/** Builds the searchable PDF (see the module comment). */
export async function buildSearchablePdf(input: SearchablePdfInput): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const out = await lib.PDFDocument.create({ updateMetadata: false });
  out.setProducer('docintel parse');
  out.setCreator('docintel parse');
  const font = await out.embedFont(lib.StandardFonts.Helvetica);
  const source = input.pdf ? await copyableSource(lib, input.pdf) : undefined;
  const copied = source
    ? await out.copyPages(
        source,
        input.pages.map((p) => p.pageNumber - 1),
      )
    : [];
  for (const [index, page] of input.pages.entries()) {
    input.signal?.throwIfAborted();
    if (source) {
      const target = out.addPage(copied[index]);
      if (page.source === 'ocr') writeTextLayer(lib, target, font, page.words, placementOf(target), false);
    } else if (input.renderer) {
      const target = await addImagePage(out, input.renderer, page.pageNumber);
      writeTextLayer(lib, target, font, page.words, placementOf(target), false);
    } else {
      const target = out.addPage([page.width, page.height]);
      writeTextLayer(lib, target, font, page.words, placementOf(target), true);
    }
  }
  return out.save({ useObjectStreams: true });
}

/** The original, when pdf-lib can copy its pages as they are: not encrypted (it cannot decrypt), parseable, and within the budget below. */
async function copyableSource(lib: PdfLib, bytes: Uint8Array): Promise<PDFDocument | undefined> {
  if (!structureStreamsWithin(bytes)) return undefined;
  try {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
    // Loaded leniently, it may hold no page tree at all: counting the pages finds out.
    return doc.isEncrypted || doc.getPageCount() === 0 ? undefined : doc;
  } catch {
    // pdf.js read it (it repairs more): its pages are drawn as images instead.
    return undefined;
  }
}

/**
 * What pdf-lib inflates while loading, before any page is copied: the
 * object streams and cross-reference streams (every other stream is copied
 * as it is, still encoded). pdf.js read the file under the decode budget,
 * but only the objects it needed; pdf-lib inflates every such stream, with
 * no limit of its own. So they are inflated here first, all together at
 * most this many bytes, each with zlib's own output cap: over it, or in a
 * filter other than Flate, or not inflatable at all, the pages are drawn as
 * images instead (within the renderer's budgets).
 */
export const MAX_STRUCTURE_STREAM_BYTES = 64 * 1024 * 1024;

/** A name's `#xx` escapes decoded ("/Obj#53tm" is "/ObjStm" to a PDF reader). */
const pdfName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Whether every object and cross-reference stream inflates to at most `budget` bytes in all (see MAX_STRUCTURE_STREAM_BYTES). */
export function structureStreamsWithin(bytes: Uint8Array, budget = MAX_STRUCTURE_STREAM_BYTES): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let left = budget;
  for (const m of text.matchAll(/\/Type\s*\/((?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})+)/g)) {
    const name = pdfName(m[1]);
    if (name !== 'ObjStm' && name !== 'XRef') continue;
    const keyword = text.indexOf('stream', m.index);
    const end = keyword < 0 ? -1 : text.indexOf('endstream', keyword + 6);
    if (end < 0) return false;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', m.index)), keyword);
    const filters = [...dictionary.matchAll(/\/((?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})+)/g)]
      .map((f) => pdfName(f[1]))
      .filter((f) => f.endsWith('Decode') || f === 'Fl');
    if (filters.some((f) => f !== 'FlateDecode' && f !== 'Fl') || filters.length > 1) return false;
    const start = keyword + 6 + (text.startsWith('\r\n', keyword + 6) ? 2 : text.charAt(keyword + 6) === '\n' ? 1 : 0);
    const data = bytes.subarray(start, end);
    try {
      const size = filters.length
        ? inflateSync(data, { maxOutputLength: Math.max(1, left), finishFlush: zlibConstants.Z_SYNC_FLUSH }).byteLength
        : data.byteLength;
      left -= size;
      if (left < 0) return false;
    } catch {
      // Over the cap (zlib's RangeError), or not Flate data pdf-lib would read the same way.
      return false;
    }
  }
  return true;
}

/** A page holding the drawn page as a JPEG, sized as the original (PDF) or as an A4 page (images). */
async function addImagePage(out: PDFDocument, renderer: PageRenderer, pageNumber: number): Promise<PDFPage> {
  const { png, width, height } = await renderer.renderPng(pageNumber, { dpi: SEARCHABLE_IMAGE_DPI });
  const { default: sharp } = await import('sharp');
  const jpeg = await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
  const image = await out.embedJpg(jpeg);
  const scale = A4_LONG_SIDE_POINTS / Math.max(width, height);
  const page = out.addPage([width * scale, height * scale]);
  page.drawImage(image, { x: 0, y: 0, width: width * scale, height: height * scale });
  return page;
}

function placementOf(page: PDFPage): Placement {
  const box = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as number;
  return { x0: box.x, y0: box.y, width: box.width, height: box.height, rotation: [0, 90, 180, 270].includes(rotation) ? rotation : 0 };
}

/** Writes the words, invisible over a page image (or visible where the page has nothing else), each stretched to its box. */
function writeTextLayer(lib: PdfLib, page: PDFPage, font: PDFFont, words: SearchablePage['words'], placement: Placement, visible: boolean): void {
  if (words.length === 0) return;
  const { popGraphicsState, pushGraphicsState, setTextRenderingMode, TextRenderingMode } = lib;
  page.pushOperators(pushGraphicsState(), setTextRenderingMode(visible ? TextRenderingMode.Fill : TextRenderingMode.Invisible));
  for (const word of words) drawWordInBox(lib, page, font, word.text, word.bbox, placement);
  page.pushOperators(popGraphicsState());
}
