/**
 * The OCR engine's public types: what a page image comes in as, the options
 * a reading takes, and the page it gives back. Apart from ocr-page.ts (which
 * re-exports them) so its helper modules can name them without importing the
 * module that imports them.
 *
 * @module
 */
import type { Block, DrawnCircle, Line, Ruling, Word } from '../document-model.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import type { LineRereadRecord } from './line-reread.ts';
import type { PageSignature } from './page-signature.ts';

export interface OcrInput {
  /** Encoded image (PNG, JPEG, …) or raw pixels sharp can read. */
  readonly image: Uint8Array;
  readonly raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** Page of a multi-page image (TIFF), 0-based. */
  readonly page?: number;
  /** Apply the EXIF orientation first (photos). */
  readonly autoOrient?: boolean;
}

export interface OcrPage {
  readonly words: Word[];
  readonly lines: Line[];
  readonly blocks: Block[];
  readonly text: string;
  /** True when the page was judged blank and not recognised at all. */
  readonly blank: boolean;
  /**
   * True when the page has ink (it is not blank) but no reading of it, the
   * rescue readings included, found text: a picture, or text OCR cannot
   * read. Callers say so in the response's warnings.
   */
  readonly unread?: boolean;
  /** Clockwise rotation applied before OCR (0, 90, 180, 270). */
  readonly rotation: number;
  /** Clockwise deskew applied before OCR, in degrees. */
  readonly skew: number;
  /** Resize factor applied to the input before OCR. */
  readonly scale: number;
  /** Languages the page was read with; absent for a blank page. */
  readonly languages?: readonly OcrLanguage[];
  /** Size of the image tesseract saw. */
  readonly ocrWidth: number;
  readonly ocrHeight: number;
  /**
   * Ruling lines seen in the image (table grids, form boxes), normalised to
   * the page as uploaded like the word boxes, for the table detector.
   */
  readonly rulings: readonly Ruling[];
  /** Rings the size of a radio button seen in the image (layout/image-marks.ts; its check boxes are among the rulings). */
  readonly circles?: readonly DrawnCircle[];
  /** The page image's fingerprint (see page-signature.ts), for telling documents apart in a scanned stream. */
  readonly signature?: PageSignature;
}

export interface OcrOptions {
  /** Skip orientation detection (tests, or a caller that knows). */
  readonly detectRotation?: boolean;
  /** Skip the deskew. */
  readonly deskew?: boolean;
  /** Force a resize factor instead of choosing one from the text size. */
  readonly scale?: number;
  /**
   * Languages to read with (the request's `languages`). Absent: English,
   * and the page read again with another OCR language's model when its
   * text is clearly in that language.
   */
  readonly languages?: readonly OcrLanguage[];
  /**
   * Read doubtful numbers again, each on its own (see number-reread.ts).
   * On unless set to false (tests comparing with and without).
   */
  readonly rereadNumbers?: boolean;
  /**
   * Read doubtful lines again, each on its own, and keep the reading the
   * receipt character model prefers (see line-reread.ts). On unless set to
   * false, and only on pages read in English: the model is an English
   * receipt model, no judge of another language's words.
   */
  readonly rereadLines?: boolean;
  /**
   * Drop lines that are no text (a logo or a stamp read as symbols: unsure
   * and un-receipt-like, see garbage-lines.ts). On unless set to false, and
   * only on pages read in English, like {@link rereadLines}.
   */
  readonly dropGarbageLines?: boolean;
  /**
   * Read the text rows the page reading left out, and the parts of lines it left out (unread-line-parts.ts), each on its own, and add
   * those read surely and receipt-like (see missed-rows.ts). On unless set
   * to false, and only on pages read upright in English, like {@link rereadLines}.
   */
  readonly readMissedRows?: boolean;
  /** With {@link rereadLines}: hears each doubtful line's two readings (the eval's log). */
  readonly onLineReread?: (record: LineRereadRecord) => void;
}
