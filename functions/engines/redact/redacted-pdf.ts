/**
 * The redacted document as a PDF (`output=pdf`): each masked page image as
 * the page, and over it an invisible text layer (text rendering mode 3) of
 * the words that were left, so the PDF stays searchable and selectable.
 *
 * Nothing of a redacted value can be extracted, because nothing of it is
 * written: the PDF is built anew (no object, font, metadata or incremental
 * update of the original is carried over), the page image is the painted
 * one, and a word that touches a mask box is left out of the text layer
 * whole. In de-identify mode the synthetic value takes its place.
 *
 * The text layer uses the standard Helvetica font (no font file to ship):
 * characters outside its WinAnsi set become '?' in the text layer only.
 *
 * pdf-lib is imported when a PDF is built, not with the module: the module is
 * reachable from every inference handler through the operation registry,
 * and pdf-lib's evaluation would otherwise be part of each cold start.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { drawWordInBox, uprightPage } from '../pdf/text-layer.ts';
import type { MaskBox } from './mask.ts';

const deflateAsync = promisify(deflate);

/**
 * The page's RGB samples (mask.ts's canvasRgb) as a PDF image stream body:
 * zlib-deflated — lossless, the same pixels the PNG would hold. Deflating
 * runs on libuv's thread pool, so pages can be compressed while the next one
 * renders. Level 6 is zlib's default balance.
 */
export async function deflateRgb(rgb: Uint8Array): Promise<Uint8Array> {
  const out = await deflateAsync(rgb);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * A masked page image in exactly one form: a PNG (what inline and link
 * output return; embedded in a PDF by pdf-lib, which decodes and re-deflates
 * it), or the deflated RGB samples from {@link deflateRgb} (the redacted
 * PDF's path: stored as the image stream as they are).
 */
export type EncodedPageImage =
  | { readonly format: 'png'; readonly png: Uint8Array }
  | { readonly format: 'flate-rgb'; readonly flateRgb: Uint8Array };

export type PageImageFormat = EncodedPageImage['format'];

export type RedactedPdfPage = EncodedPageImage & {
  readonly width: number;
  readonly height: number;
  /** The resolution the image was rendered at: the PDF page gets the original's size in points. */
  readonly dpi: number;
  /** The page's words (normalised boxes, top-left origin). */
  readonly words: readonly { readonly text: string; readonly bbox: BBox }[];
  /** What was masked on the page. */
  readonly boxes: readonly MaskBox[];
};

/** Mask boxes are painted with a margin (mask.ts pads by 15% of the box height); words count as touched with the same slack. */
const TOUCH_SLACK = 0.15;

function touches(word: BBox, box: BBox): boolean {
  const pad = (box[3] - box[1]) * TOUCH_SLACK;
  return word[0] < box[2] + pad && box[0] - pad < word[2] && word[1] < box[3] + pad && box[1] - pad < word[3];
}

/** Builds the redacted PDF from masked pages. */
export async function buildRedactedPdf(pages: readonly RedactedPdfPage[]): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const { PDFDocument, StandardFonts, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, setTextRenderingMode, TextRenderingMode } = lib;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('docintel redact');
  doc.setCreator('docintel redact');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const source of pages) {
    const pageWidth = (source.width * 72) / source.dpi;
    const pageHeight = (source.height * 72) / source.dpi;
    const page = doc.addPage([pageWidth, pageHeight]);
    if (source.format === 'flate-rgb') {
      // Already deflated: stored as the image stream as it is (pdf-lib's embedPng would decode and deflate again).
      const stream = doc.context.stream(source.flateRgb, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: source.width,
        Height: source.height,
        BitsPerComponent: 8,
        ColorSpace: 'DeviceRGB',
        Filter: 'FlateDecode',
      });
      const name = page.node.newXObject('Image', doc.context.register(stream));
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(pageWidth, 0, 0, pageHeight, 0, 0), drawObject(name), popGraphicsState());
    } else {
      const image = await doc.embedPng(source.png);
      page.drawImage(image, { x: 0, y: 0, width: pageWidth, height: pageHeight });
    }
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    const shown = uprightPage(pageWidth, pageHeight);
    const masks = source.boxes.map((box) => box.bbox);
    for (const word of source.words) {
      if (masks.some((mask) => touches(word.bbox, mask))) continue;
      drawWordInBox(lib, page, font, word.text, word.bbox, shown);
    }
    // De-identified values are searchable like the words around them.
    for (const box of source.boxes) if (box.replacement) drawWordInBox(lib, page, font, box.replacement, box.bbox, shown);
    page.pushOperators(popGraphicsState());
  }
  return doc.save({ useObjectStreams: true });
}
