/**
 * One reading of a page in a decided turn: the image tesseract sees (turned,
 * backdrop painted, rescaled, deskewed, a form's rulings taken out), read in bands across the pool, its
 * doubtful numbers, lines and left-out line parts read again, and the result
 * mapped back onto the input.
 *
 * @module
 */
import sharp from 'sharp';
import type { Ruling } from '../document-model.ts';
import { OCR_LANGUAGES, type OcrLanguage } from '../../contracts/ocr-languages.ts';
import { estimateSkew, inkMask, rotateMask, type GrayImage, type InkMask } from './page-analysis.ts';
import { paperLevel, whitenBackdrop } from './page-backdrop.ts';
import {
  languageKey,
  ocrPoolSize,
  recognizeLines,
  recognizeLineWords,
  recognizeWith,
  tesseractLines,
  withRecognizer,
  type LanguageKey,
  type OcrPageData,
  type ReadingSettings,
} from './tesseract-pool.ts';
import { bandCuts, mergeBandReadings } from './page-bands.ts';
import { readUnreadParts } from './unread-line-parts.ts';
import { NUMBER_CHARACTERS, rereadNumbers } from './number-reread.ts';
import { dropGarbageLines } from './garbage-lines.ts';
import { rereadLines } from './line-reread.ts';
import { CharLanguageModel, type CharModelWeights } from './char-language-model.ts';
import receiptCharWeights from './receipt-char-model.json' with { type: 'json' };
import { grayRaw } from './gray-raw.ts';
import { cleanHalftone } from './halftone.ts';
import { removeRulings } from './ruling-removal.ts';
import { guessLanguage } from './language-detect.ts';
import type { OcrInput, OcrOptions, OcrPage } from './ocr-page-types.ts';
import { ANALYSIS_SIDE, boxMapper, chooseScale, source, toPgm } from './page-frame.ts';
import { countsAsText, toModel } from './page-model.ts';
import type { Rotation } from './page-orientation.ts';

/** Skews smaller than this are left alone (tesseract copes; resampling would blur). */
const MIN_DESKEW_DEGREES = 0.3;
/** Text line height (input pixels) taken when none was measured: about 10-pt print at 150 dpi. */
const ASSUMED_LINE_HEIGHT = 20;
const DEFAULT_OCR_LANGUAGES: readonly OcrLanguage[] = ['en'];

let charModel: CharLanguageModel | undefined;
/** The receipt character model, built from its committed counts on first use (by the line re-reads). */
export function receiptCharModel(): CharLanguageModel {
  charModel ??= new CharLanguageModel(receiptCharWeights as CharModelWeights);
  return charModel;
}

export interface PagePlan {
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
  readonly backdrop?: {
    readonly mask: Uint8Array;
    readonly width: number;
    readonly height: number;
    /** Share of the page it covers. */
    readonly share: number;
    /** Painted white, not grey. */
    readonly white?: boolean;
  };
  /** Images prepared for this page's readings, shared by the plans of one page (see {@link PreparedImages}); none: each reading prepares its own. */
  readonly prepared?: PreparedImages;
}

/** Steps 3–5 of ocr-page.ts's `ocrImage` for a decided rotation: deskew, rescale, recognise, map boxes back. */
export async function recognisePage(input: OcrInput, plan: PagePlan, options: OcrOptions, settings?: ReadingSettings): Promise<OcrPage> {
  const { width, height, analysisScale, mask, rulings, rotation } = plan;
  // 3. Skew and text size, on the upright mask.
  const skewEstimate =
    options.deskew === false && options.scale !== undefined ? { angle: 0 } : estimateSkew(rotateMask(mask, rotation), plan.maxSkew);
  const skew = options.deskew === false || Math.abs(skewEstimate.angle) < MIN_DESKEW_DEGREES ? 0 : skewEstimate.angle;
  const lineHeight = skewEstimate.lineHeight ? skewEstimate.lineHeight / analysisScale : undefined;
  const scale = chooseScale(width, height, lineHeight, options.scale);

  // 4. The image tesseract sees: the same for readings that differ only in how tesseract reads it.
  const passLineHeight = (lineHeight ?? ASSUMED_LINE_HEIGHT) * scale;
  const { upright, uprightWidth, uprightHeight } = await preparedOnce(plan, [rotation, scale, skew, passLineHeight], () =>
    prepareImage(input, plan, scale, skew, passLineHeight),
  );

  // 5. Recognition, with the page's languages (English unless given or found).
  const languages = options.languages?.length ? options.languages : DEFAULT_OCR_LANGUAGES;
  const key = languageKey(languages.map((l) => OCR_LANGUAGES[l]));
  const data = await recogniseInBands(upright, settings, key);
  // Parts of lines the layout analysis left out (a receipt's column of amounts), read alone (unread-line-parts.ts).
  if (options.readMissedRows !== false && !settings?.sparse && !settings?.localThreshold && readsAsEnglish(languages, data)) {
    const receiptModel = receiptCharModel();
    await readUnreadParts(
      inkMask(upright),
      data,
      (crops) => recognizeLineWords(crops, key),
      (text) => receiptModel.score(text),
      countsAsText,
    );
  }
  // Doubtful numbers read again one by one (not in the rescue readings, which read pages with next to no text).
  if (options.rereadNumbers !== false && !settings?.sparse && !settings?.localThreshold) {
    await rereadNumbers(upright, data, (crops) =>
      recognizeLines(
        crops.map((c) => c.image),
        NUMBER_CHARACTERS,
        key,
      ),
    );
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

/** The image tesseract reads, and the upright image's size before the deskew (the frame boxes are mapped from). */
interface PreparedImage {
  readonly upright: GrayImage;
  readonly uprightWidth: number;
  readonly uprightHeight: number;
}

/**
 * The images prepared for a page's readings, by what makes them: a photo read three ways, a page read again in
 * one block, with a local threshold or in another language, reads the same image, which is made (decoded,
 * turned, rescaled, deskewed, its rulings and halftone fills taken out: 30–120 ms each pass) once. Only the
 * latest {@link PREPARED_KEPT} are kept: readings of one image follow each other.
 */
export type PreparedImages = Map<string, Promise<PreparedImage>>;
const PREPARED_KEPT = 2;

/** `prepare()`, or the image prepared for an earlier reading of the page on the same terms (`plan.prepared`, when the plan carries one). */
function preparedOnce(plan: PagePlan, terms: readonly number[], prepare: () => Promise<PreparedImage>): Promise<PreparedImage> {
  const cache = plan.prepared;
  if (!cache) return prepare();
  // The backdrop's paint and the contrast stretch also shape the image; the input and the backdrop's mask are the page's own.
  const key = [...terms, plan.backdrop ? (plan.backdrop.white ? 'white' : 'paper') : 'none', plan.faint ? 'faint' : 'plain'].join(' ');
  const hit = cache.get(key);
  cache.delete(key);
  const image = hit ?? prepare();
  cache.set(key, image);
  while (cache.size > PREPARED_KEPT) cache.delete(cache.keys().next().value as string);
  return image;
}

/** The image tesseract reads: turned, backdrop painted, rescaled, deskewed, a form's rulings and halftone fills taken out. */
async function prepareImage(input: OcrInput, plan: PagePlan, scale: number, skew: number, passLineHeight: number): Promise<PreparedImage> {
  const { width, height, rotation } = plan;
  const scaledWidth = Math.max(1, Math.round(width * scale));
  const scaledHeight = Math.max(1, Math.round(height * scale));
  let pipeline = source(input).flatten({ background: '#ffffff' }).grayscale();
  if (scaledWidth !== width || scaledHeight !== height)
    pipeline = pipeline.resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' });
  if (rotation) pipeline = pipeline.rotate(rotation);
  if (plan.faint) pipeline = pipeline.normalise();
  let upright = await grayRaw(pipeline);
  if (plan.backdrop) {
    const turned = rotateMask({ ...plan.backdrop, inkRatio: 0, contrast: 0 }, rotation);
    // Grown by two analysis pixels: the backdrop's grey fringe would read as a rule or a letter.
    // Painted in the paper's own grey, not white: a photographed receipt's paper is grey, and beside
    // white the page-wide threshold falls between paper and white, so whole blocks of the receipt
    // read as ink and their lines are lost (SROIE: a receipt in a hand on a dark table lost half).
    whitenBackdrop(
      upright,
      turned.mask,
      turned.width,
      turned.height,
      2,
      plan.backdrop.white ? 255 : paperLevel(upright, turned.mask, turned.width, turned.height),
    );
  }
  const uprightWidth = upright.width;
  const uprightHeight = upright.height;
  if (skew) {
    upright = await grayRaw(
      sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 1 } }).rotate(skew, { background: '#ffffff' }),
    );
  }
  // Form rulings out of the image tesseract reads (ruling-removal.ts), after the deskew: a line is found only
  // when it runs straight along the rows or columns. Only on a page its rulings show to be a form (form-gate.ts):
  // any other page (a receipt, a letter) is read from the image as it was.
  removeRulings(upright, passLineHeight);
  // Halftone fills (a form's grey boxes after copying or faxing) turned into paper around the words on them
  // (halftone.ts); a page without such a fill is read from the image as it was.
  await cleanHalftone(upright, passLineHeight);
  return { upright, uprightWidth, uprightHeight };
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
    settings
      ? recognizeWith(pgm, settings, key)
      : (await withRecognizer((worker) => worker.recognize(pgm, {}, { blocks: true, text: false }), key)).data;
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
