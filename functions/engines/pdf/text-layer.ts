/**
 * Words written into a PDF page we build with pdf-lib — the redacted PDF's
 * invisible layer over its masked page images, and the searchable PDF's OCR
 * layer over scans — each word placed over its box in the page as shown and
 * stretched to the box's width, so a selection highlights the word on the
 * image.
 *
 * The words use a standard font (no font file to ship): characters outside
 * its WinAnsi set are written '?'.
 *
 * @module
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { BBox } from '../document-model.ts';

type PdfLib = typeof import('pdf-lib');

/** Where a page's words go: its size in PDF user space, crop-box origin and the rotation a viewer applies. */
export interface Placement {
  readonly x0: number;
  readonly y0: number;
  readonly width: number;
  readonly height: number;
  /** 0, 90, 180 or 270: the page's /Rotate. */
  readonly rotation: number;
}

/** An upright page of this size at the origin (the pages we draw ourselves). */
export const uprightPage = (width: number, height: number): Placement => ({ x0: 0, y0: 0, width, height, rotation: 0 });

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

/** Each font's character set, built once: per word it cost more than writing the word. */
const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

/** The text with characters the font cannot encode replaced by '?', trimmed. */
export function encodable(text: string, font: PDFFont): string {
  let supported = characterSets.get(font);
  if (!supported) characterSets.set(font, (supported = new Set(font.getCharacterSet())));
  let out = '';
  for (const ch of text) out += supported.has(ch.codePointAt(0)!) ? ch : '?';
  return out.trim();
}

/**
 * Writes one word over its box (normalised, top-left origin, in the page as
 * shown), in the text rendering mode the caller set: the font size from the
 * box's height, the baseline a fifth of the box above its bottom (descenders
 * below it), squeezed or stretched to the box's width, turned with the page.
 */
export function drawWordInBox(lib: PdfLib, page: PDFPage, font: PDFFont, text: string, bbox: BBox, placement: Placement): void {
  const value = encodable(text, font);
  if (!value) return;
  const { degrees, PDFNumber, PDFOperator, PDFOperatorNames } = lib;
  // The page as shown: its width and height swap when it is turned a quarter.
  const turned = placement.rotation === 90 || placement.rotation === 270;
  const shownWidth = turned ? placement.height : placement.width;
  const shownHeight = turned ? placement.width : placement.height;
  const [l, t, r, b] = bbox;
  const boxWidth = Math.max(0.5, (r - l) * shownWidth);
  const boxHeight = Math.max(0.5, (b - t) * shownHeight);
  const size = Math.max(1, boxHeight * 0.85);
  const natural = font.widthOfTextAtSize(value, size);
  const scale = natural > 0 ? Math.max(1, Math.min(1000, (boxWidth / natural) * 100)) : 100;
  page.pushOperators(PDFOperator.of(PDFOperatorNames.SetTextHorizontalScaling, [PDFNumber.of(Math.round(scale * 100) / 100)]));
  const origin = toUserSpace(placement, l, b - (0.2 * boxHeight) / shownHeight);
  page.drawText(value, { x: origin.x, y: origin.y, size, font, rotate: degrees(placement.rotation) });
}
