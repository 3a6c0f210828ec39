/**
 * Quarter turns of a page: tesseract's orientation detector proposes, and a
 * strip of the page read in the candidate turns decides, since OSD confuses a
 * page with its upside-down self on noisy forms and receipts.
 *
 * @module
 */
import sharp from 'sharp';
import { estimateSkew, rotateMask, textBand, type GrayImage, type InkMask } from './page-analysis.ts';
import { detectOrientation, recognizeUniformBlock } from './tesseract-pool.ts';
import { grayRaw } from './gray-raw.ts';
import { chooseScale, toPgm } from './page-frame.ts';
import { readingConfidence, tesseractWords } from './reading-confidence.ts';

export type Rotation = 0 | 90 | 180 | 270;

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
export const HORIZONTAL_LINES_RATIO = 1.5;
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
  const turned = rotation
    ? await grayRaw(sharp(small.data, { raw: { width: small.width, height: small.height, channels: 1 } }).rotate(rotation))
    : small;
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

export function sampler(small: GrayImage, mask: InkMask): Samples {
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
export async function surerTurn(sample: Samples, candidates: readonly Rotation[], preferred: Rotation): Promise<Rotation> {
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
export async function guessTurn(small: GrayImage, sample: Samples, axisRatio: number): Promise<Rotation> {
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
