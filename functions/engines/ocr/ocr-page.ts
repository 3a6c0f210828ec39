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
 */
import sharp, { type Sharp } from 'sharp';
import { enclosingBox, type BBox, type Block, type DrawnCircle, type Line, type Ruling, type Word } from '../document-model.ts';
import {
  backdropMask,
  estimateSkew,
  textBand,
  inkMask,
  isBlank,
  lineAxisRatio,
  localInkMask,
  paperInkMask,
  rotateMask,
  textRows,
  paperLevel,
  whitenBackdrop,
  type GrayImage,
  type InkMask,
  type RgbImage,
} from './page-analysis.ts';
import {
  detectOrientation,
  languageKey,
  ocrPoolSize,
  recognizeLines,
  recognizeLineWords,
  recognizeUniformBlock,
  recognizeWith,
  tesseractLines,
  withRecognizer,
  type LanguageKey,
  type OcrPageData,
  type ReadingSettings,
} from './tesseract-pool.ts';
import { bandCuts, mergeBandReadings } from './page-bands.ts';
import { readMissedRows, type PixelBox } from './missed-rows.ts';
import { readUnreadParts } from './unread-line-parts.ts';
import { NUMBER_CHARACTERS, rereadNumbers } from './number-reread.ts';
import { dropGarbageLines } from './garbage-lines.ts';
import { type LineRereadRecord, rereadLines } from './line-reread.ts';
import { CharLanguageModel, type CharModelWeights } from './char-language-model.ts';
import receiptCharWeights from './receipt-char-model.json' with { type: 'json' };
import { apartFromWords, detectMarkShapes, shapesToPage } from '../layout/image-marks.ts';
import { detectImageRulings } from '../layout/image-rulings.ts';
import { grayRaw } from './gray-raw.ts';
import { OCR_LANGUAGES, type OcrLanguage } from '../../contracts/ocr-languages.ts';
import { guessLanguage } from './language-detect.ts';
import { pageSignature, type PageSignature } from './page-signature.ts';

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
 */
export const OCR_OUTPUT_REVISION = 7;
/** Long side of the small copy used for blank/orientation/skew analysis. */
const ANALYSIS_SIDE = 1600;
/**
 * Text size band OCR works best in, as the height of a text line's ink band
 * measured by the projection profile (see page-analysis.ts): 10 pt print is
 * about 19 at 200 dpi and 29 at 300 dpi, 11 pt about 44 at 300 dpi. Pages
 * whose text falls outside the band are rescaled into it: small text grows
 * to 26 (tiny screenshots, low-resolution faxes), large text shrinks to 30
 * (high-resolution scans, phone photos, big type), since OCR time grows
 * with pixels; pages inside it are left alone (resampling costs accuracy
 * and time). Measured on a 300 dpi scan: 200 dpi reads as well as 300 dpi
 * (CER 1.2% vs 1.3%) in 16% less CPU; 150 dpi starts to lose characters.
 */
const MIN_LINE_HEIGHT = 18;
const MAX_LINE_HEIGHT = 40;
const SMALL_TEXT_TARGET = 26;
const LARGE_TEXT_TARGET = 30;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
/** The image OCR runs on never exceeds this many pixels, nor this long a side. */
export const MAX_OCR_PIXELS = 24_000_000;
const MAX_OCR_SIDE = 8_000;
/** Skews smaller than this are left alone (tesseract copes; resampling would blur). */
const MIN_DESKEW_DEGREES = 0.3;
/** OSD orientation confidence below which a rotation is not even considered. */
const MIN_ORIENTATION_CONFIDENCE = 2;
/**
 * OSD orientation confidence from which a proposed turn is applied without
 * checking it by reading: clean pages turned 90/180/270° get 15–17, while
 * OSD's wrong calls on the corpus's forms and receipts stay under 4 (as do
 * some of its right ones).
 */
const TRUSTED_ORIENTATION_CONFIDENCE = 10;
/** Below this row/column profile ratio the text lines run vertically (see `lineAxisRatio`). */
const VERTICAL_LINES_RATIO = 0.6;
/** From this row/column profile ratio up the text lines clearly run horizontally (upright or upside down). */
const HORIZONTAL_LINES_RATIO = 1.5;
/**
 * A reading with at least this length-weighted mean word confidence and
 * {@link MIN_SURE_WORDS} words is taken as read the right way up. Measured
 * on the corpus (forms, receipts, print): upright pages read at 0.64–0.95,
 * the same pages upside down at 0.25–0.35. A page under the bar is not
 * turned for it, its turn is only checked by reading.
 */
const SURE_CONFIDENCE = 0.6;
const MIN_SURE_WORDS = 8;
/** Words read at least this surely count as read (noise and wrong-way-up text read as fragments far below it). */
const SURE_WORD_CONFIDENCE = 0.7;
/**
 * The strip read to compare orientations: about five text lines (this many
 * text line heights), at most this share of the page height, at least
 * {@link MIN_SAMPLE_ROWS} rows.
 */
const SAMPLE_LINE_HEIGHTS = 8;
const SAMPLE_BAND = 0.15;
const MIN_SAMPLE_ROWS = 64;
/** … and at most this share of the page width (one column of a two-column page), at least {@link MIN_SAMPLE_COLUMNS} columns. */
const SAMPLE_WIDTH = 0.5;
const MIN_SAMPLE_COLUMNS = 400;
/**
 * A turn replaces the preferred one (upright, or the first guess) only when
 * its sample holds this many times as many surely read letters, plus 8: a
 * sample the right way up reads some 20 to a few hundred, the wrong way up
 * or sideways 0–7 (noise and stray marks).
 */
const TURN_MARGIN = 1.25;
const TURN_MARGIN_LETTERS = 8;
/**
 * Most ink a page of text on paper has on the page-wide split (printed
 * pages and receipts: 2–12%); more means grey areas, pictures or a backdrop
 * count as ink (photos and coloured layouts: 17–45%).
 */
const TEXT_PAGE_INK_RATIO = 0.15;
/**
 * A reading with fewer surely read letters than this found no text: the
 * page is read again in the rescue readings (local threshold, sparse text,
 * the image as it came), and the reading with the most wins.
 */
const MIN_READ_LETTERS = 12;
/**
 * A re-reading with the model of the language found replaces the English
 * one unless it reads surely at most this share of the letters (a wrong
 * guess reads worse).
 */
const REREAD_MIN_SHARE = 0.8;
const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['en'];
/** Words below this confidence that hold no letter or digit are noise (specks, rules, picture edges). */
const NOISE_CONFIDENCE = 0.5;

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

let charModel: CharLanguageModel | undefined;
/** The receipt character model, built from its committed counts on first use (by the line re-reads). */
function receiptCharModel(): CharLanguageModel {
  charModel ??= new CharLanguageModel(receiptCharWeights as CharModelWeights);
  return charModel;
}

/** Callers check the pixel count before OCR; `failOn: 'error'` turns truncated data into an error, not a grey band. */
function source(input: OcrInput): Sharp {
  if (input.raw) return sharp(input.image, { raw: input.raw, limitInputPixels: false });
  return sharp(input.image, { limitInputPixels: false, failOn: 'error', page: input.page ?? 0, autoOrient: input.autoOrient ?? false });
}

function toPgm(data: Uint8Array, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), data]);
}

type Point = [number, number];

/** Maps a point of the upright image (after a clockwise quarter-turn rotation) back to the input, normalised. */
function unrotate([u, v]: Point, rotation: number): Point {
  switch (rotation) {
    case 90:
      return [v, 1 - u];
    case 180:
      return [1 - u, 1 - v];
    case 270:
      return [1 - v, u];
    default:
      return [u, v];
  }
}

interface Frame {
  /** Upright (rotated, scaled) image size before deskew. */
  readonly uprightWidth: number;
  readonly uprightHeight: number;
  /** OCR image size (after deskew, which enlarges the canvas). */
  readonly ocrWidth: number;
  readonly ocrHeight: number;
  readonly rotation: number;
  /** Clockwise degrees applied by the deskew. */
  readonly skew: number;
}

/** Maps a pixel box of the OCR image to a normalised box of the input image. */
function boxMapper(frame: Frame): (x0: number, y0: number, x1: number, y1: number) => BBox {
  const rad = (-frame.skew * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const ocx = frame.ocrWidth / 2;
  const ocy = frame.ocrHeight / 2;
  const ucx = frame.uprightWidth / 2;
  const ucy = frame.uprightHeight / 2;
  const toInput = (x: number, y: number): Point => {
    // Undo the deskew: rotate back by -skew around the canvas centre.
    const dx = x - ocx;
    const dy = y - ocy;
    const ux = dx * cos - dy * sin + ucx;
    const uy = dx * sin + dy * cos + ucy;
    return unrotate([ux / frame.uprightWidth, uy / frame.uprightHeight], frame.rotation);
  };
  const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;
  return (x0, y0, x1, y1) => {
    const corners = [toInput(x0, y0), toInput(x1, y0), toInput(x0, y1), toInput(x1, y1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    return [clamp(Math.min(...xs)), clamp(Math.min(...ys)), clamp(Math.max(...xs)), clamp(Math.max(...ys))];
  };
}

function chooseScale(width: number, height: number, lineHeight: number | undefined, forced?: number): number {
  let scale = forced ?? 1;
  if (forced === undefined && lineHeight && lineHeight > 0) {
    if (lineHeight < MIN_LINE_HEIGHT) scale = SMALL_TEXT_TARGET / lineHeight;
    else if (lineHeight > MAX_LINE_HEIGHT) scale = LARGE_TEXT_TARGET / lineHeight;
    scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  }
  const pixels = width * height * scale * scale;
  if (pixels > MAX_OCR_PIXELS) scale *= Math.sqrt(MAX_OCR_PIXELS / pixels);
  const side = Math.max(width, height) * scale;
  if (side > MAX_OCR_SIDE) scale *= MAX_OCR_SIDE / side;
  return scale;
}

const HAS_ALNUM = /[\p{L}\p{N}]/u;

/**
 * A "line" of dashes, dots or a faded rule read as letters ("O O O E a o …"):
 * at least {@link NOISE_LINE_WORDS} words, nearly all one or two characters
 * long, read with a mean confidence under {@link NOISE_CONFIDENCE}. Real
 * lines of short tokens ("1 X 2.50", "S R 6") read far more surely.
 */
const NOISE_LINE_WORDS = 4;
const NOISE_LINE_SHORT_SHARE = 0.7;

function isNoiseLine(words: readonly Word[]): boolean {
  if (words.length < NOISE_LINE_WORDS) return false;
  const short = words.filter((w) => Array.from(w.text).length <= 2).length;
  const confidence = words.reduce((sum, w) => sum + (w.confidence ?? 1), 0) / words.length;
  return short >= words.length * NOISE_LINE_SHORT_SHARE && confidence < NOISE_CONFIDENCE;
}

/** A word the page's text is made of: not blank, and not a doubtful speck of punctuation. */
function countsAsText(word: { readonly text: string; readonly confidence: number }): boolean {
  const text = word.text.trim();
  return text !== '' && (word.confidence / 100 >= NOISE_CONFIDENCE || HAS_ALNUM.test(text));
}

/** Turns tesseract's block tree into the document model; paragraphs become blocks. */
function toModel(data: OcrPageData, map: ReturnType<typeof boxMapper>): Pick<OcrPage, 'words' | 'lines' | 'blocks' | 'text'> {
  const words: Word[] = [];
  const lines: Line[] = [];
  const blocks: Block[] = [];
  const blockTexts: string[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      const lineIndexes: number[] = [];
      const lineTexts: string[] = [];
      for (const line of paragraph.lines) {
        const wordIndexes: number[] = [];
        const texts: string[] = [];
        for (const word of line.words) {
          if (!countsAsText(word)) continue;
          const text = word.text.trim();
          const confidence = Math.min(1, Math.max(0, word.confidence / 100));
          wordIndexes.push(words.length);
          texts.push(text);
          words.push({ text, bbox: map(word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1), confidence, source: 'ocr' });
        }
        if (!wordIndexes.length) continue;
        if (isNoiseLine(wordIndexes.map((i) => words[i]))) {
          words.length = wordIndexes[0];
          continue;
        }
        const boxes = wordIndexes.map((i) => words[i].bbox);
        const text = texts.join(' ');
        lineIndexes.push(lines.length);
        lineTexts.push(text);
        lines.push({ text, bbox: enclosingBox(boxes), wordIndexes });
      }
      if (!lineIndexes.length) continue;
      const text = lineTexts.join('\n');
      blocks.push({ text, bbox: enclosingBox(lineIndexes.map((i) => lines[i].bbox)), lineIndexes });
      blockTexts.push(text);
    }
  }
  return { words, lines, blocks, text: blockTexts.join('\n\n') };
}

type Rotation = 0 | 90 | 180 | 270;

const ALNUM = /[\p{L}\p{N}]/gu;

interface Reading {
  /** Mean word confidence, 0–1, weighted by letters and digits. */
  readonly confidence: number;
  /** Words with a letter or digit. */
  readonly words: number;
  /** Letters and digits of the words read with at least {@link SURE_WORD_CONFIDENCE}. */
  readonly sureLetters: number;
}

/**
 * How surely a reading went: the mean word confidence (0–1) weighted by
 * each word's letters and digits, over the words that have any. Text read
 * upside down or sideways comes out as short low-confidence fragments.
 */
function readingConfidence(words: Iterable<{ readonly text: string; readonly confidence: number }>): Reading {
  let count = 0;
  let weight = 0;
  let sum = 0;
  let sure = 0;
  for (const word of words) {
    const letters = word.text.match(ALNUM)?.length ?? 0;
    if (!letters) continue;
    count++;
    weight += letters;
    sum += letters * word.confidence;
    if (word.confidence >= SURE_WORD_CONFIDENCE) sure += letters;
  }
  return { confidence: weight ? sum / weight : 0, words: count, sureLetters: sure };
}

function* tesseractWords(data: OcrPageData): Generator<{ text: string; confidence: number }> {
  for (const line of tesseractLines(data)) for (const word of line.words) yield { text: word.text, confidence: word.confidence / 100 };
}

/**
 * Reads a strip of the small copy turned clockwise by `rotation` (the rows
 * with the most ink in that frame, text enlarged into the OCR band when
 * small) and returns its surely read letters: text the right way up reads
 * as many confident letters, upside down as low-confidence fragments,
 * sideways as a few stray marks. The strip covers the same share of the
 * page in every turn.
 */
async function sampleConfidence(small: GrayImage, mask: InkMask, rotation: Rotation): Promise<number> {
  const turnedMask = rotateMask(mask, rotation);
  // In a frame where the text runs sideways the line height means little; the strip is then at most SAMPLE_BAND.
  const { lineHeight } = estimateSkew(turnedMask);
  const rows = Math.min(turnedMask.height * SAMPLE_BAND, lineHeight ? lineHeight * SAMPLE_LINE_HEIGHTS : Number.POSITIVE_INFINITY);
  const [top, bottom] = textBand(turnedMask, Math.max(MIN_SAMPLE_ROWS, rows));
  const [left, right] = textBand(turnedMask, Math.max(MIN_SAMPLE_COLUMNS, turnedMask.width * SAMPLE_WIDTH), 'columns', [top, bottom]);
  const scale = chooseScale(right - left, bottom - top, lineHeight);
  const turned = rotation ? await grayRaw(sharp(small.data, { raw: { width: small.width, height: small.height, channels: 1 } }).rotate(rotation)) : small;
  const band = await grayRaw(
    sharp(turned.data, { raw: { width: turned.width, height: turned.height, channels: 1 } })
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize(Math.max(1, Math.round((right - left) * scale)), Math.max(1, Math.round((bottom - top) * scale)), { fit: 'fill', kernel: 'cubic' }),
  );
  const image = toPgm(band.data, band.width, band.height);
  const reading = readingConfidence(tesseractWords(await recognizeUniformBlock(image)));
  return reading.sureLetters;
}

/** Sample readings of one page by turn, each read at most once. */
type Samples = (rotation: Rotation) => Promise<number>;

function sampler(small: GrayImage, mask: InkMask): Samples {
  const read = new Map<Rotation, Promise<number>>();
  return (rotation) => {
    let score = read.get(rotation);
    if (!score) read.set(rotation, (score = sampleConfidence(small, mask, rotation)));
    return score;
  };
}

/**
 * Of the candidate turns, the one whose sample holds the most surely read
 * letters; the preferred turn wins unless another reads clearly better.
 */
async function surerTurn(sample: Samples, candidates: readonly Rotation[], preferred: Rotation): Promise<Rotation> {
  const scores = await Promise.all(candidates.map(sample));
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (scores[i] > scores[best]) best = i;
  const kept = candidates.indexOf(preferred);
  if (kept >= 0 && scores[best] <= scores[kept] * TURN_MARGIN + TURN_MARGIN_LETTERS) return preferred;
  return candidates[best];
}

/**
 * First guess at the clockwise turn that makes a page whose lines do not
 * clearly run horizontally upright. Tesseract's orientation detector
 * proposes; a turn it proposes is checked by reading a strip of the page
 * in that turn and the opposite one (and upright, unless the lines run
 * vertically), since OSD confuses a page with its upside-down self on
 * noisy forms and receipts. Pages with too little text for OSD are still
 * turned when their lines run vertically.
 */
async function guessTurn(small: GrayImage, sample: Samples, axisRatio: number): Promise<Rotation> {
  // PNG with a resolution: tesseract's legacy engine warns on stdout for images without one.
  const png = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 1 } })
    .withMetadata({ density: 150 })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const orientation = await detectOrientation(png).catch(() => undefined);
  if (!orientation || orientation.confidence < MIN_ORIENTATION_CONFIDENCE) {
    return axisRatio < VERTICAL_LINES_RATIO ? surerTurn(sample, [0, 90, 270], 0) : 0;
  }
  if (orientation.rotate === 0 || orientation.confidence >= TRUSTED_ORIENTATION_CONFIDENCE) return orientation.rotate;
  const opposite = ((orientation.rotate + 180) % 360) as Rotation;
  const candidates: Rotation[] = [orientation.rotate, opposite];
  if (opposite !== 0 && axisRatio >= VERTICAL_LINES_RATIO) candidates.push(0);
  return surerTurn(sample, candidates, 0);
}

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
  const empty: OcrPage = { words: [], lines: [], blocks: [], text: '', blank: true, rotation: 0, skew: 0, scale: 1, ocrWidth: 0, ocrHeight: 0, rulings: [] };
  const faint = isBlank(paper) ? faintText(small, paper) : undefined;
  if (isBlank(paper) && !faint) return { ...empty, signature: pageSignature(paper, 0, backdropShare) };
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
  const plan = (rotation: Rotation): PagePlan => ({
    width,
    height,
    analysisScale,
    mask,
    rulings,
    rotation,
    faint: faint !== undefined,
    backdrop: backdrop && { mask: backdrop, width: small.width, height: small.height, share: backdropShare },
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
  const completed = onPaper ? await withEveryLine(first, mask, (rotation) => recognisePage(input, plan(rotation), options, { singleBlock: true })) : first;
  const page = await withMissedRowsRead(completed, mask, input, analysisScale, options);
  const settled = options.languages?.length || page.unread || page.languages?.some((l) => l !== 'en') ? page : ((await rereadInLanguage(page)) ?? page);
  const marks = shapesToPage(apartFromWords(shapes, settled.words));
  return {
    ...settled,
    rulings: marks.rulings.length ? [...settled.rulings, ...marks.rulings] : settled.rulings,
    ...(marks.circles.length ? { circles: marks.circles } : {}),
    signature: pageSignature(paper, settled.rotation, backdropShare),
  };
}

/**
 * A reading that left out this many text rows of the page, and this share
 * of them, is completed from a reading of the page as one block of text:
 * tesseract's layout analysis drops lines it takes for part of a picture
 * or a rule (a receipt's item lines between dashed rules, a total beside a
 * logo).
 */
const MIN_MISSED_ROWS = 2;
const MISSED_ROWS_SHARE = 0.1;
/** A line taken from the block reading has at least this mean word confidence (noise along an edge reads far below). */
const ADDED_LINE_CONFIDENCE = 0.6;

/**
 * Text rows of the page's ink (upright or upside-down pages only: the rows
 * are those of the page as uploaded) that no line of `page` overlaps by
 * half their height.
 */
function missedRows(page: OcrPage, mask: InkMask): { missed: Array<[number, number]>; rows: number } {
  if (page.rotation === 90 || page.rotation === 270) return { missed: [], rows: 0 };
  const rows = textRows(mask);
  const spans = page.lines.map((l) => [l.bbox[1] * mask.height, l.bbox[3] * mask.height] as const);
  const missed = rows.filter(([top, bottom]) => !spans.some(([y0, y1]) => Math.min(bottom, y1) - Math.max(top, y0) >= (bottom - top) / 2));
  return { missed, rows: rows.length };
}

/**
 * `page`, completed with the lines of a block reading that lie on text
 * rows it left out (see {@link MIN_MISSED_ROWS}); everything it read stays
 * as read. A page read completely is not read twice.
 */
async function withEveryLine(page: OcrPage, mask: InkMask, readAsBlock: (rotation: Rotation) => Promise<OcrPage>): Promise<OcrPage> {
  if (page.unread) return page;
  const { missed, rows } = missedRows(page, mask);
  if (missed.length < MIN_MISSED_ROWS || missed.length < rows * MISSED_ROWS_SHARE) return page;
  const block = await readAsBlock(page.rotation as Rotation);
  const taken = block.lines.filter((line) => {
    const middle = ((line.bbox[1] + line.bbox[3]) / 2) * mask.height;
    if (!missed.some(([top, bottom]) => middle >= top && middle <= bottom)) return false;
    if (page.lines.some((l) => Math.min(l.bbox[3], line.bbox[3]) - Math.max(l.bbox[1], line.bbox[1]) > (line.bbox[3] - line.bbox[1]) / 2)) return false;
    return readingConfidence(line.wordIndexes.map((i) => block.words[i])).confidence >= ADDED_LINE_CONFIDENCE;
  });
  return taken.length ? addLines(page, taken, block.words) : page;
}

/**
 * `page` with the text rows it left out (see {@link missedRows}) each read
 * alone and added where both judges keep the reading (missed-rows.ts), on
 * pages read upright with the English model alone (the judge is an English
 * receipt model). After {@link withEveryLine}: what the block reading could
 * not add is read here on its own threshold.
 */
async function withMissedRowsRead(page: OcrPage, mask: InkMask, input: OcrInput, analysisScale: number, options: OcrOptions): Promise<OcrPage> {
  if (options.readMissedRows === false || page.unread || page.rotation !== 0) return page;
  if (page.languages?.length !== 1 || page.languages[0] !== 'en' || guessLanguage(page.text).language !== 'en') return page;
  const { missed } = missedRows(page, mask);
  if (!missed.length) return page;
  const boxes: PixelBox[] = [];
  for (const [top, bottom] of missed) {
    // The row's ink from its leftmost to its rightmost column, in the input's pixels.
    let left = mask.width;
    let right = -1;
    for (let y = top; y < bottom; y++)
      for (let x = 0; x < mask.width; x++)
        if (mask.mask[y * mask.width + x]) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
    if (right >= left) boxes.push({ x0: left / analysisScale, y0: top / analysisScale, x1: (right + 1) / analysisScale, y1: bottom / analysisScale });
  }
  const image = await grayRaw(source(input).flatten({ background: '#ffffff' }).grayscale());
  const model = receiptCharModel();
  const rows = await readMissedRows(
    image,
    boxes,
    (crops) => recognizeLineWords(crops, languageKey([OCR_LANGUAGES.en])),
    (text) => model.score(text),
    (word) => countsAsText(word),
  );
  if (!rows.length) return page;
  const map = boxMapper({ uprightWidth: image.width, uprightHeight: image.height, ocrWidth: image.width, ocrHeight: image.height, rotation: 0, skew: 0 });
  const words: Word[] = [];
  const lines: Line[] = rows.map((row) => {
    const wordIndexes = row.words.map(
      (w) => words.push({ text: w.text, bbox: map(w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1), confidence: Math.min(1, Math.max(0, w.confidence / 100)), source: 'ocr' }) - 1,
    );
    return { text: row.text, bbox: enclosingBox(wordIndexes.map((i) => words[i].bbox)), wordIndexes };
  });
  return addLines(page, lines, words, 'afterLastAbove');
}

/**
 * `page` with `lines` (their words from `words`) added, each as a block of its own, placed among the
 * blocks by height on the page: before the first block that starts below it, or after the last that
 * starts above it.
 */
function addLines(page: OcrPage, lines: readonly Line[], words: readonly Word[], placement: 'beforeFirstBelow' | 'afterLastAbove' = 'beforeFirstBelow'): OcrPage {
  const allWords = [...page.words];
  const allLines = [...page.lines];
  const blocks = [...page.blocks];
  for (const line of lines) {
    const wordIndexes = line.wordIndexes.map((i) => allWords.push(words[i]) - 1);
    const lineIndex = allLines.push({ ...line, wordIndexes }) - 1;
    const added: Block = { text: line.text, bbox: line.bbox, lineIndexes: [lineIndex] };
    if (placement === 'afterLastAbove') {
      // Tesseract's blocks are not always top to bottom (a rule or a stray mark low on the page read
      // first): placed before the first block below it, a receipt's last line would open the text.
      const after = blocks.findLastIndex((b) => b.bbox[1] <= line.bbox[1]);
      blocks.splice(after + 1, 0, added);
      continue;
    }
    const before = blocks.findIndex((b) => b.bbox[1] > line.bbox[1]);
    blocks.splice(before < 0 ? blocks.length : before, 0, added);
  }
  return { ...page, words: allWords, lines: allLines, blocks, text: blocks.map((b) => b.text).join('\n\n') };
}

/** A reading with enough words at a good mean confidence: upright, and read with a fitting model. */
function isSure(page: OcrPage): boolean {
  const reading = readingConfidence(page.words);
  return reading.words >= MIN_SURE_WORDS && reading.confidence >= SURE_CONFIDENCE;
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

/**
 * Readings of a page on which the usual one found (next to) no text,
 * tried in turn until one reads: for a photo of paper on a coloured
 * backdrop, a reading on the skew and text size of its print alone
 * ({@link onPaperAttempts}); Sauvola's local threshold (text on a grey
 * column or a card on a table, which the page-wide threshold turns into
 * one dark area that layout analysis takes for a picture), then sparse
 * text with it (words wherever they are, no block analysis), then the image
 * as it came (no rescaling or deskew, as the tesseract command line reads
 * it). The reading with the most surely read letters wins; when none holds
 * a word, the page is marked `unread`.
 */
async function rescue(page: OcrPage, input: OcrInput, pagePlan: PagePlan, options: OcrOptions): Promise<OcrPage> {
  let best = page;
  let bestLetters = readingConfidence(page.words).sureLetters;
  const attempts: Array<() => Promise<OcrPage>> = [
    () => recognisePage(input, pagePlan, options, { localThreshold: true }),
    () => recognisePage(input, pagePlan, options, { localThreshold: true, sparse: true }),
    () => recognisePage(input, pagePlan, { ...options, scale: 1, deskew: false }, {}),
  ];
  // A photo of paper on a coloured backdrop, measured anew on its print (tilted further than a scan's
  // skew, or its text size hidden by the grain), is read on that measurement first.
  for (const attempt of [...(await onPaperAttempts(input, pagePlan, options)), ...attempts]) {
    const candidate = await attempt();
    const letters = readingConfidence(candidate.words).sureLetters;
    if (letters > bestLetters) {
      best = candidate;
      bestLetters = letters;
    }
    if (bestLetters >= MIN_READ_LETTERS) break;
  }
  return best.words.some((w) => HAS_ALNUM.test(w.text)) ? best : { ...best, unread: true };
}

/**
 * Skew searched this far (degrees) on paper photographed on a coloured
 * backdrop, beyond the 10° a scan is searched in (page-analysis.ts's
 * MAX_SKEW_DEGREES): a card on a table is often
 * photographed at an angle, its text lines rising 10–20°. Only in the
 * rescue readings (the page's usual reading found next to nothing), so a
 * slanted layout on a page that reads is never turned.
 */
const PHOTO_MAX_SKEW_DEGREES = 20;
/** The print's own measurement is read only when it differs from the page's by this much skew (degrees) … */
const NEW_SKEW_DEGREES = 1;
/** … or this much line height (ratio): otherwise it would repeat the local-threshold reading that follows it. */
const NEW_LINE_HEIGHT_RATIO = 1.25;

/**
 * The first rescue reading for a photo of paper on a coloured backdrop
 * (see {@link paperInkMask}): skew (up to {@link PHOTO_MAX_SKEW_DEGREES})
 * and text size measured on the print alone, the grain of the wooden table
 * left out, and the page read on that measurement with a local threshold
 * (the grain is as dark as the paper; a page-wide one turns it into ink
 * around the card). The image itself is not painted: a painted backdrop's
 * edge reads as new marks. None (no extra cost) when the image has no
 * coloured backdrop (grayscale images, most scans, a page of noise) or the
 * measurement is the one the page was read on.
 */
async function onPaperAttempts(input: OcrInput, pagePlan: PagePlan, options: OcrOptions): Promise<Array<() => Promise<OcrPage>>> {
  const { mask } = pagePlan;
  const colour = await colourRaw(source(input).resize(mask.width, mask.height, { fit: 'fill' }));
  const onPaper = colour && paperInkMask(colour, mask);
  if (!onPaper) return [];
  const before = estimateSkew(rotateMask(mask, pagePlan.rotation));
  const after = estimateSkew(rotateMask(onPaper, pagePlan.rotation), PHOTO_MAX_SKEW_DEGREES);
  if (after.lineHeight === undefined) return [];
  const ratio = before.lineHeight ? Math.max(before.lineHeight, after.lineHeight) / Math.min(before.lineHeight, after.lineHeight) : Infinity;
  if (Math.abs(after.angle - before.angle) < NEW_SKEW_DEGREES && ratio < NEW_LINE_HEIGHT_RATIO) return [];
  const plan: PagePlan = { ...pagePlan, mask: onPaper, maxSkew: PHOTO_MAX_SKEW_DEGREES };
  return [() => recognisePage(input, plan, options, { localThreshold: true })];
}

/** RGB pixels of `pipeline` (transparency as white); undefined for a grayscale image, which has no colour to tell paper by. */
async function colourRaw(pipeline: Sharp): Promise<RgbImage | undefined> {
  const { data, info } = await pipeline.flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) return undefined;
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

/** A backdrop covering at least this share of the page makes it a photo, read in three ways. */
const PHOTO_BACKDROP_SHARE = 0.1;

/**
 * {@link recognisePage}, and for a photographed page (a backdrop around the
 * paper covering {@link PHOTO_BACKDROP_SHARE} of it or more) two more
 * readings, keeping the one with the most sure letters: with the backdrop
 * painted white instead of the paper's grey, and with a local threshold.
 * A photo's paper is grey and often lit unevenly, and which page-wide
 * threshold reads it cannot be told before reading: beside white, grey
 * paper can fall on the ink side (a receipt held in a hand lost half its
 * characters); beside its own median grey, the shadowed side of the paper
 * can (a till receipt lost its column of amounts, read back by the local
 * threshold); on others white reads best. Each of these readings came out
 * sure enough that the rescue readings (for pages read next to empty)
 * never ran. Rare on scans: 2 of 334 SROIE receipts have such a backdrop.
 * Only for a first reading that found text: one read next to empty is
 * left to {@link rescue}.
 */
async function recogniseEvenIfShaded(input: OcrInput, plan: PagePlan, options: OcrOptions): Promise<OcrPage> {
  const page = await recognisePage(input, plan, options);
  if (!plan.backdrop || plan.backdrop.share < PHOTO_BACKDROP_SHARE) return page;
  // A reading next to empty goes to the rescue readings instead (a local threshold among them): a page of
  // noise or a giant blank rendering is not read three times over.
  if (readingConfidence(page.words).sureLetters < MIN_READ_LETTERS) return page;
  const others = [
    await recognisePage(input, { ...plan, backdrop: { ...plan.backdrop, white: true } }, options),
    await recognisePage(input, plan, options, { localThreshold: true }),
  ];
  return others.reduce((best, next) => (readingConfidence(next.words).sureLetters > readingConfidence(best.words).sureLetters ? next : best), page);
}

interface PagePlan {
  readonly width: number;
  readonly height: number;
  /** Scale of the small analysis copy (and its mask) to the input. */
  readonly analysisScale: number;
  readonly mask: InkMask;
  /** Found once on the analysis copy; the same whichever turn is read. */
  readonly rulings: readonly Ruling[];
  readonly rotation: Rotation;
  /** Faint print: the contrast is stretched before recognition. */
  readonly faint?: boolean;
  /** Skew searched up to this many degrees either way (page-analysis.ts's MAX_SKEW_DEGREES unless set). */
  readonly maxSkew?: number;
  /** Backdrop found on the analysis copy (input frame), painted in the paper's grey before recognition. */
  readonly backdrop?: { readonly mask: Uint8Array; readonly width: number; readonly height: number; /** Share of the page it covers. */ readonly share: number; /** Painted white, not grey. */ readonly white?: boolean };
}

/** Steps 3–5 of {@link ocrImage} for a decided rotation: deskew, rescale, recognise, map boxes back. */
async function recognisePage(input: OcrInput, plan: PagePlan, options: OcrOptions, settings?: ReadingSettings): Promise<OcrPage> {
  const { width, height, analysisScale, mask, rulings, rotation } = plan;
  // 3. Skew and text size, on the upright mask.
  const skewEstimate = options.deskew === false && options.scale !== undefined ? { angle: 0 } : estimateSkew(rotateMask(mask, rotation), plan.maxSkew);
  const skew = options.deskew === false || Math.abs(skewEstimate.angle) < MIN_DESKEW_DEGREES ? 0 : skewEstimate.angle;
  const lineHeight = skewEstimate.lineHeight ? skewEstimate.lineHeight / analysisScale : undefined;
  const scale = chooseScale(width, height, lineHeight, options.scale);

  // 4. The image tesseract sees.
  const scaledWidth = Math.max(1, Math.round(width * scale));
  const scaledHeight = Math.max(1, Math.round(height * scale));
  let pipeline = source(input).flatten({ background: '#ffffff' }).grayscale();
  if (scaledWidth !== width || scaledHeight !== height) pipeline = pipeline.resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' });
  if (rotation) pipeline = pipeline.rotate(rotation);
  if (plan.faint) pipeline = pipeline.normalise();
  let upright = await grayRaw(pipeline);
  if (plan.backdrop) {
    const turned = rotateMask({ ...plan.backdrop, inkRatio: 0, contrast: 0 }, rotation);
    // Grown by two analysis pixels: the backdrop's grey fringe would read as a rule or a letter.
    // Painted in the paper's own grey, not white: a photographed receipt's paper is grey, and beside
    // white the page-wide threshold falls between paper and white, so whole blocks of the receipt
    // read as ink and their lines are lost (SROIE: a receipt in a hand on a dark table lost half).
    whitenBackdrop(upright, turned.mask, turned.width, turned.height, 2, plan.backdrop.white ? 255 : paperLevel(upright, turned.mask, turned.width, turned.height));
  }
  const uprightWidth = upright.width;
  const uprightHeight = upright.height;
  if (skew) {
    upright = await grayRaw(
      sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 1 } }).rotate(skew, { background: '#ffffff' }),
    );
  }

  // 5. Recognition, with the page's languages (English unless given or found).
  const languages = options.languages?.length ? options.languages : DEFAULT_OCR_LANGUAGES;
  const key = languageKey(languages.map((l) => OCR_LANGUAGES[l]));
  const data = await recogniseInBands(upright, settings, key);
  // Parts of lines the layout analysis left out (a receipt's column of amounts), read alone (unread-line-parts.ts).
  if (options.readMissedRows !== false && !settings?.sparse && !settings?.localThreshold && readsAsEnglish(languages, data)) {
    const receiptModel = receiptCharModel();
    await readUnreadParts(inkMask(upright), data, (crops) => recognizeLineWords(crops, key), (text) => receiptModel.score(text), countsAsText);
  }
  // Doubtful numbers read again one by one (not in the rescue readings, which read pages with next to no text).
  if (options.rereadNumbers !== false && !settings?.sparse && !settings?.localThreshold) {
    await rereadNumbers(upright, data, (crops) => recognizeLines(crops.map((c) => c.image), NUMBER_CHARACTERS, key));
  }
  // Doubtful lines read again, on English pages only (the judge is an English receipt model; a page in
  // another language is read again with its own model by ocrImage, and this reading is then dropped).
  // Then lines that are no text (a logo or a stamp read as symbols) are dropped, when both tesseract's
  // confidence and the same model say so (garbage-lines.ts).
  if (!settings?.sparse && !settings?.localThreshold && readsAsEnglish(languages, data)) {
    const receiptModel = receiptCharModel();
    const score = (text: string) => receiptModel.score(text);
    if (options.rereadLines !== false) await rereadLines(upright, data, (crops) => recognizeLineWords(crops, key), score, options.onLineReread);
    if (options.dropGarbageLines !== false) dropGarbageLines(data, score, countsAsText);
  }
  const map = boxMapper({ uprightWidth, uprightHeight, ocrWidth: upright.width, ocrHeight: upright.height, rotation, skew });
  const model = toModel(data, map);
  return { ...model, blank: false, rotation, skew, scale, ocrWidth: upright.width, ocrHeight: upright.height, rulings, languages };
}

/** Read with the English model alone, and its text not clearly in another language. */
function readsAsEnglish(languages: readonly OcrLanguage[], data: OcrPageData): boolean {
  if (languages.length !== 1 || languages[0] !== 'en') return false;
  const text = tesseractLines(data)
    .map((l) => l.words.map((w) => w.text).join(' '))
    .join('\n');
  return guessLanguage(text).language === 'en';
}

/**
 * Recognises the image tesseract is to read, in horizontal bands, one per
 * worker of the pool, where the page can be cut (see page-bands.ts), else
 * whole. The rescue readings (next to no text found) are read whole.
 *
 * As many bands as the pool has workers, not as many as are idle now: a
 * band reads a little differently from the whole page, so cutting by
 * current load made the same page read differently from run to run (a
 * receipt's total line read "Total e17.33" in one run of an evaluation
 * and "Total BES" in another). The same page now reads the same on the same pool
 * size; a band waiting behind a busy worker costs only its wait.
 */
async function recogniseInBands(image: GrayImage, settings: ReadingSettings | undefined, key: LanguageKey): Promise<OcrPageData> {
  const read = async (pgm: Uint8Array): Promise<OcrPageData> =>
    settings ? recognizeWith(pgm, settings, key) : (await withRecognizer((worker) => worker.recognize(pgm, {}, { blocks: true, text: false }), key)).data;
  const parts = settings?.sparse || settings?.localThreshold ? 1 : ocrPoolSize();
  const cuts = parts > 1 ? await imageBandCuts(image, parts) : [];
  if (!cuts.length) return read(toPgm(image.data, image.width, image.height));
  const bounds = [0, ...cuts, image.height];
  const readings = await Promise.all(
    cuts.concat(image.height).map(async (bottom, i) => {
      const top = bounds[i];
      const band = image.data.subarray(top * image.width, bottom * image.width);
      return { top, data: await read(toPgm(band, image.width, bottom - top)) };
    }),
  );
  return mergeBandReadings(readings);
}

/** Rows of `image` to cut it at into `parts` bands, found on a small copy's ink (see {@link bandCuts}). */
async function imageBandCuts(image: GrayImage, parts: number): Promise<number[]> {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(image.width, image.height));
  const small =
    scale < 1
      ? await grayRaw(
          sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).resize(
            Math.max(1, Math.round(image.width * scale)),
            Math.max(1, Math.round(image.height * scale)),
            { fit: 'fill' },
          ),
        )
      : image;
  // A cut lies mid-gap in the small copy; mapped to the middle of that row in the image.
  return bandCuts(inkMask(small), parts).map((row) => Math.round(((row + 0.5) * image.height) / small.height));
}
