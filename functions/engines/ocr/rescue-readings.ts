/**
 * Readings beyond the first: for a photographed page, the same page read
 * with its backdrop painted white and with a local threshold; for a page
 * read next to empty, the rescue readings, tried in turn until one reads.
 *
 * @module
 */
import type { Sharp } from 'sharp';
import { estimateSkew, paperInkMask, rotateMask, type RgbImage } from './page-analysis.ts';
import type { OcrInput, OcrOptions, OcrPage } from './ocr-page-types.ts';
import { source } from './page-frame.ts';
import { HAS_ALNUM } from './page-model.ts';
import { MIN_READ_LETTERS, readingConfidence } from './reading-confidence.ts';
import { recognisePage, type PagePlan } from './recognise-page.ts';

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
export async function rescue(page: OcrPage, input: OcrInput, pagePlan: PagePlan, options: OcrOptions): Promise<OcrPage> {
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
export async function recogniseEvenIfShaded(input: OcrInput, plan: PagePlan, options: OcrOptions): Promise<OcrPage> {
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
