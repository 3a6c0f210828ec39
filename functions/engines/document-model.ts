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
import type { FileKind } from '../contracts/media-types.ts';

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
}

export interface Block {
  readonly text: string;
  readonly bbox: BBox;
  /** Indexes into the page's `lines`, in reading order. */
  readonly lineIndexes: readonly number[];
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
}

export interface ParsedDocument {
  readonly kind: FileKind;
  readonly pages: readonly DocumentPage[];
  /** What really ran, e.g. `pdfjs-text-layer@5.6.205`. */
  readonly engines: readonly string[];
}

/** Renders a page to PNG; optional per backend (text formats have none). */
export interface PageRenderer {
  renderPng(pageNumber: number, options?: { dpi?: number }): Promise<{ png: Uint8Array; width: number; height: number }>;
}
