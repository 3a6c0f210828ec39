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
import type { BBox, DocumentPage, PageRenderer } from '../document-model.ts';

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

/** Where a page's words go: its size in PDF user space, crop-box origin and the rotation a viewer applies. */
interface Placement {
  readonly x0: number;
  readonly y0: number;
  readonly width: number;
  readonly height: number;
  /** 0, 90, 180 or 270: the page's /Rotate. */
  readonly rotation: number;
}

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

/**
 * A point of the page as a viewer shows it (normalised: 0..1 from the top
 * left, after rotation) in PDF user space. A page turned 90° clockwise shows
 * its left edge at the top, so the shown x runs up the page; and so on.
 */
export function toUserSpace(p: Placement, u: number, v: number): { x: number; y: number } {
  const { x0, y0, width: w, height: h } = p;
  switch (p.rotation) {
    case 90:
      return { x: x0 + v * w, y: y0 + u * h };
    case 180:
      return { x: x0 + w - u * w, y: y0 + v * h };
    case 270:
      return { x: x0 + w - v * w, y: y0 + h - u * h };
    default:
      return { x: x0 + u * w, y: y0 + h - v * h };
  }
}

/** Each font's character set, built once. */
const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

function encodable(text: string, font: PDFFont): string {
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  let out = '';
  for (const ch of text) out += supported.has(ch.codePointAt(0)!) ? ch : '?';
  return out.trim();
}

/** Writes the words, invisible over a page image (or visible where the page has nothing else), each stretched to its box. */
function writeTextLayer(lib: PdfLib, page: PDFPage, font: PDFFont, words: SearchablePage['words'], placement: Placement, visible: boolean): void {
  if (words.length === 0) return;
  const { degrees, PDFNumber, PDFOperator, PDFOperatorNames, popGraphicsState, pushGraphicsState, setTextRenderingMode, TextRenderingMode } = lib;
  const turned = placement.rotation === 90 || placement.rotation === 270;
  // The page as shown: its width and height swap when it is turned a quarter.
  const shownWidth = turned ? placement.height : placement.width;
  const shownHeight = turned ? placement.width : placement.height;
  page.pushOperators(pushGraphicsState(), setTextRenderingMode(visible ? TextRenderingMode.Fill : TextRenderingMode.Invisible));
  for (const word of words) {
    const value = encodable(word.text, font);
    if (!value) continue;
    const [l, t, r, b] = word.bbox as BBox;
    const boxWidth = Math.max(0.5, (r - l) * shownWidth);
    const boxHeight = Math.max(0.5, (b - t) * shownHeight);
    const size = Math.max(1, boxHeight * 0.85);
    const natural = font.widthOfTextAtSize(value, size);
    // Stretch or squeeze the word to its box, so a selection highlights the word on the image.
    const scale = natural > 0 ? Math.max(1, Math.min(1000, (boxWidth / natural) * 100)) : 100;
    page.pushOperators(PDFOperator.of(PDFOperatorNames.SetTextHorizontalScaling, [PDFNumber.of(Math.round(scale * 100) / 100)]));
    // The baseline sits a fifth of the box above its bottom (descenders below it).
    const origin = toUserSpace(placement, l, b - (0.2 * boxHeight) / shownHeight);
    page.drawText(value, { x: origin.x, y: origin.y, size, font, rotate: degrees(placement.rotation) });
  }
  page.pushOperators(popGraphicsState());
}
