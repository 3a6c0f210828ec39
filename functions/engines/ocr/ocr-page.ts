/**
 * OCR of one page image: preprocessing with sharp (grayscale, orientation,
 * deskew, resolution), recognition with the tesseract.js pool, and the
 * result as words, lines and blocks in the document model.
 *
 * Boxes are always given in the frame of the image that came in (the page
 * as `renderPng` shows it), whatever rotation or deskew OCR ran on: a page
 * scanned sideways gets upright text and boxes that still sit on its
 * sideways words.
 *
 * @module
 * The parts live beside this file, one job each: page-frame.ts (the image,
 * its scale and box mapping), page-orientation.ts (quarter turns),
 * recognise-page.ts (one reading in a decided turn), rescue-readings.ts
 * (photos and pages read next to empty), page-completion.ts (rows left out),
 * page-model.ts and reading-confidence.ts (the reading as the document model,
 * and how surely it went). This module decides the order.
 *
 * @module
 */
import { inkMask, isBlank, lineAxisRatio, localInkMask, estimateSkew, type GrayImage, type InkMask } from './page-analysis.ts';
import { backdropMask, whitenBackdrop } from './page-backdrop.ts';
import { apartFromWords, detectMarkShapes, shapesToPage } from '../layout/image-marks.ts';
import { detectImageRulings } from '../layout/image-rulings.ts';
import { grayRaw } from './gray-raw.ts';
import { guessLanguage } from './language-detect.ts';
import { pageSignature } from './page-signature.ts';
import type { OcrInput, OcrOptions, OcrPage } from './ocr-page-types.ts';
import { ANALYSIS_SIDE, source } from './page-frame.ts';
import { HORIZONTAL_LINES_RATIO, guessTurn, sampler, surerTurn, type Rotation } from './page-orientation.ts';
import { isSure, MIN_READ_LETTERS, readingConfidence } from './reading-confidence.ts';
import { recognisePage, type PagePlan, type PreparedImages } from './recognise-page.ts';
import { recogniseEvenIfShaded, rescue } from './rescue-readings.ts';
import { withEveryLine, withMissedRowsRead } from './page-completion.ts';

export type { OcrInput, OcrOptions, OcrPage } from './ocr-page-types.ts';
export { MAX_OCR_PIXELS } from './page-frame.ts';

/**
 * Revision of what OCR reads from an image. Bump it in the same commit as
 * any change that alters OCR output (preprocessing, thresholds, reading
 * passes, number re-reads, line assembly): readings cached by this number
 * (the extract eval's and trainer's `.cache/extract-ocr/`) are then read
 * again instead of being reused. Together with tesseract-pool.ts's `OCR_ENGINE` (the
 * tesseract.js version and model) it names one OCR output.
 *
 * 2: second readings of doubtful numbers (number-reread.ts).
 * 3: those second readings only restore an amount's dropped separator, never change digits.
 * 4: doubtful lines read again and chosen by the receipt model, and garbage lines dropped, on
 *    pages read in English; one-letter words no evidence of a language, words of shops and tills
 *    are; a backdrop painted in the paper's grey, and a photo whose first reading found text also
 *    read with it white and with a local threshold.
 * 5: text rows the page reading left out read one by one and kept when sure and receipt-like
 *    (missed-rows.ts), on pages read upright in English.
 * 6: a page cut into one band per worker of the pool, busy or idle (it was one per idle worker,
 *    so a reading depended on the load); a photo of paper on a coloured backdrop that read next
 *    to empty measured again on its print alone (skew searched to ±20°) and read with a local
 *    threshold first in the rescue readings.
 * 7: parts of lines the page reading left out (a receipt's right-aligned amounts) read alone, binarised,
 *    and added to their lines (unread-line-parts.ts).
 * 8: (kv5, reverted: it changed receipt readings) form rulings painted over on every page.
 * 9: form rulings (long, thin, straight lines: fill-in lines, box borders, table grids) painted over in the image
 *    tesseract reads, where no stroke crosses them (ruling-removal.ts), on pages that are forms by their rulings
 *    (form-gate.ts); other pages read exactly as in revision 7. The layout weights (trained on FUNSD readings) are
 *    retrained with it.
 * 10: halftone fills (groups of tiles crowded with dot-sized specks) median-filtered before reading (halftone.ts);
 *    pages without one read exactly as in revision 9.
 */
export const OCR_OUTPUT_REVISION = 10;
/**
 * Most ink a page of text on paper has on the page-wide split (printed
 * pages and receipts: 2–12%); more means grey areas, pictures or a backdrop
 * count as ink (photos and coloured layouts: 17–45%).
 */
const TEXT_PAGE_INK_RATIO = 0.15;
/**
 * A re-reading with the model of the language found replaces the English
 * one unless it reads surely at most this share of the letters (a wrong
 * guess reads worse).
 */
const REREAD_MIN_SHARE = 0.8;

/** The warnings of an OCR'd page, in the words `metadata.warnings` carries. */
export function ocrWarnings(page: OcrPage, pageNumber: number): string[] {
  return page.unread
    ? [`Page ${pageNumber} shows ink but no text could be read from it (a picture, or text too faint, small or distorted for OCR).`]
    : [];
}

/**
 * OCRs one page image. Blank pages are recognised as blank without running
 * tesseract. The input is expected upright as the user sees it (EXIF
 * orientation already applied); OCR fixes quarter turns and small skews
 * itself and maps boxes back.
 *
 * @example
 * const page = await ocrImage({ image: png });
 * page.text;            // 'Invoice 2026-001\nTotal due: 42.00 EUR'
 * page.words[0].bbox;   // [0.1176, 0.0789, 0.1912, 0.0941]
 */
export async function ocrImage(input: OcrInput, options: OcrOptions = {}): Promise<OcrPage> {
  const meta = input.raw ? undefined : await source(input).metadata();
  const oriented = input.autoOrient ? meta?.autoOrient : meta;
  const width = input.raw?.width ?? oriented?.width ?? 0;
  const height = input.raw?.height ?? oriented?.height ?? 0;
  if (!width || !height) throw new Error('The page image has no size.');

  // 1. A small copy for the cheap decisions.
  const analysisScale = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const small = await grayRaw(
    source(input).resize(Math.max(1, Math.round(width * analysisScale)), Math.max(1, Math.round(height * analysisScale)), { fit: 'fill' }),
  );
  // A dark backdrop or torn edge around the paper is painted white first:
  // left in, it sets the page-wide threshold and grey print vanishes.
  const backdrop = backdropMask(small);
  if (backdrop) whitenBackdrop(small, backdrop, small.width, small.height, 0);
  const backdropShare = backdrop ? backdrop.reduce((sum, v) => sum + (v ? 1 : 0), 0) / backdrop.length : 0;
  const paper = inkMask(small);
  const faint = isBlank(paper) ? faintText(small, paper) : undefined;
  if (isBlank(paper) && !faint) return blankPage(pageSignature(paper, 0, backdropShare));
  const mask = faint ?? textMask(small, paper);
  // Rulings come from the small copy in the uploaded frame, the frame the
  // word boxes are mapped back to; at 1600 px a hairline still reads dark.
  const rulings = detectImageRulings(small);
  // Check boxes and radio buttons too, kept once the words are read (a letter is no box).
  const shapes = paper.inkIsLight ? [] : detectMarkShapes(small);

  // 2. Quarter turns. A page whose lines run horizontally is read upright
  // (OSD would cost a pass and is no surer); other pages in the turn OSD
  // proposes. Only a reading that comes out unsure (too few or too
  // doubtful words: upside down, sideways, or a poor scan) leads to reading
  // a strip of the page in every turn, and the page again in a turn that
  // reads clearly better.
  // The images prepared for the page's readings, kept across them (recognise-page.ts): readings on the same terms read one image.
  const prepared: PreparedImages = new Map();
  const plan = (rotation: Rotation): PagePlan => ({
    width,
    height,
    analysisScale,
    mask,
    rulings,
    rotation,
    faint: faint !== undefined,
    backdrop: backdrop && { mask: backdrop, width: small.width, height: small.height, share: backdropShare },
    prepared,
  });
  const read = async (): Promise<OcrPage> => {
    const recognise = (rotation: Rotation) => recogniseEvenIfShaded(input, plan(rotation), options);
    const orReRead = (page: OcrPage) =>
      readingConfidence(page.words).sureLetters >= MIN_READ_LETTERS ? page : rescue(page, input, plan(page.rotation as Rotation), options);
    if (options.detectRotation === false) return orReRead(await recognise(0));
    const sample = sampler(small, mask);
    const axisRatio = lineAxisRatio(mask);
    const guess = axisRatio >= HORIZONTAL_LINES_RATIO ? 0 : await guessTurn(small, sample, axisRatio);
    const first = await recognise(guess);
    if (isSure(first)) return first;
    // Text in another language reads unsure with the English model (its
    // accented words come out doubtful): read it with its own model before
    // doubting the page's turn.
    const inLanguage = options.languages?.length ? undefined : await rereadInLanguage(first);
    if (inLanguage && isSure(inLanguage)) return inLanguage;
    const rotation = await surerTurn(sample, [0, 90, 180, 270], guess);
    return orReRead(rotation === guess ? first : await recognise(rotation));
  };
  // 6. No languages given: the page was read with the English model; when
  // its text is clearly in another OCR language, it is read again with that
  // language's model (accents, ß, its words), in the turn already found.
  const rereadInLanguage = async (page: OcrPage): Promise<OcrPage | undefined> => {
    const guessed = guessLanguage(page.text);
    if (!guessed.sure || guessed.language === 'en') return undefined;
    const again = await recogniseEvenIfShaded(input, plan(page.rotation as Rotation), { ...options, languages: [guessed.language] });
    return readingConfidence(again.words).sureLetters >= readingConfidence(page.words).sureLetters * REREAD_MIN_SHARE ? again : undefined;
  };
  // Completing left-out lines is for text on paper (scans, receipts, faint
  // print): on photos measured by local contrast, a table's grain or a
  // picture's edges make "rows" no reading should cover.
  const onPaper = mask === paper || faint !== undefined;
  const first = await read();
  const completed = onPaper
    ? await withEveryLine(first, mask, (rotation) => recognisePage(input, plan(rotation), options, { singleBlock: true }))
    : first;
  const page = await withMissedRowsRead(completed, mask, input, analysisScale, options);
  const settled =
    options.languages?.length || page.unread || page.languages?.some((l) => l !== 'en') ? page : ((await rereadInLanguage(page)) ?? page);
  const marks = shapesToPage(apartFromWords(shapes, settled.words));
  return {
    ...settled,
    rulings: marks.rulings.length ? [...settled.rulings, ...marks.rulings] : settled.rulings,
    ...(marks.circles.length ? { circles: marks.circles } : {}),
    signature: pageSignature(paper, settled.rotation, backdropShare),
  };
}

/** A page with no ink: nothing read, nothing turned. */
function blankPage(signature: OcrPage['signature']): OcrPage {
  return { words: [], lines: [], blocks: [], text: '', blank: true, rotation: 0, skew: 0, scale: 1, ocrWidth: 0, ocrHeight: 0, rulings: [], signature };
}

/**
 * The mask text is measured on (line direction, height, skew, sample
 * strips). On a page that looks like text on paper (little ink, text lines
 * found) the page-wide split, as ever: on faded thermal print the local
 * threshold keeps only fragments of the strokes. Otherwise the local one:
 * on the page-wide split a grey column, a portrait or the table around a
 * photographed card is "ink", the text lines drown in it, no line height is
 * found and small text is never enlarged.
 */
function textMask(small: GrayImage, paper: InkMask): InkMask {
  if (paper.inkRatio <= TEXT_PAGE_INK_RATIO && estimateSkew(paper).lineHeight !== undefined) return paper;
  return localInkMask(small, paper);
}

/**
 * Faint print (pale thermal or ink on grey paper) has at least this
 * contrast to its paper, flat paper noise less; its strokes are found with
 * Sauvola's k at this (a stroke 10% darker than around it is ink, if also
 * 20 grey levels darker: paper grain is not).
 */
const FAINT_INK = { minContrast: 24, sensitivity: 0.1 };

/**
 * The ink of a page the page-wide split calls blank because print and paper
 * differ by less than its minimum contrast (faded thermal print, blue ink
 * on grey-blue paper), found by local contrast; undefined when there is no
 * such print either (no ink, or ink without text lines: paper texture).
 */
function faintText(small: GrayImage, paper: InkMask): InkMask | undefined {
  if (paper.contrast < FAINT_INK.minContrast) return undefined;
  const local = localInkMask(small, paper, FAINT_INK);
  return !isBlank(local) && estimateSkew(local).lineHeight !== undefined ? local : undefined;
}
