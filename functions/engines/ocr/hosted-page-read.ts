/**
 * Page reading with a hosted text reader (Amazon Textract through the
 * `PageTextService` contract) in place of the local OCR, into the same
 * document model (words, lines, blocks with boxes in page fractions and
 * confidences), the local OCR reading the page when the service cannot
 * (`HostedEngineError`: throttled, failing, too slow, not allowed).
 *
 * @module
 */
import sharp, { type Sharp } from 'sharp';
import type { FallbackReason } from '../../contracts/engines.ts';
import { HostedEngineError, type PageTextService, type RecognizedLine } from '../../contracts/hosted-models.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import { enclosingBox, type BBox, type Block, type Line, type Word } from '../document-model.ts';
import { ocrImage, type OcrInput, type OcrPage } from './ocr-page.ts';
import { OCR_ENGINE } from './tesseract-pool.ts';

/** Textract reads images up to this many pixels a side; larger pages are scaled down first. */
const MAX_SIDE_PIXELS = 10_000;
/** A vertical gap between two lines larger than this many line heights starts a new block. */
const BLOCK_GAP_LINE_HEIGHTS = 1.2;

export interface PageReading {
  readonly ocr: OcrPage;
  /** What read the page, for `ParsedDocument.engines` and `model_used`. */
  readonly engine: string;
  /** Present when the hosted reader was asked and the local OCR answered instead. */
  readonly fallback?: FallbackReason;
}

export interface PageReadOptions {
  readonly languages?: readonly OcrLanguage[];
  /** The hosted reader the deployment chose; absent → the local OCR. */
  readonly pageText?: PageTextService;
  readonly signal?: AbortSignal;
}

function sourceOf(input: OcrInput): Sharp {
  if (input.raw) return sharp(input.image, { raw: input.raw, limitInputPixels: false });
  return sharp(input.image, { limitInputPixels: false, failOn: 'error', page: input.page ?? 0, autoOrient: input.autoOrient ?? false });
}

/**
 * The page as an image the service accepts: PNG (lossless) when it fits the
 * byte limit, else JPEG, scaled down until it fits. The frame is the page as
 * the user sees it (EXIF orientation applied), the frame boxes are read in.
 */
export async function encodeForService(input: OcrInput, maxBytes: number): Promise<Uint8Array> {
  const meta = input.raw ? undefined : await sourceOf(input).metadata();
  const oriented = input.autoOrient ? meta?.autoOrient : meta;
  const width = input.raw?.width ?? oriented?.width ?? 0;
  const height = input.raw?.height ?? oriented?.height ?? 0;
  let scale = Math.min(1, MAX_SIDE_PIXELS / Math.max(1, width, height));
  const resized = () => {
    const pipeline = sourceOf(input).flatten({ background: '#ffffff' });
    return scale < 1 ? pipeline.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' }) : pipeline;
  };
  const png = await resized().png({ compressionLevel: 6 }).toBuffer();
  if (png.byteLength <= maxBytes) return png;
  for (let attempt = 0; attempt < 6; attempt++) {
    const jpeg = await resized().jpeg({ quality: 85 }).toBuffer();
    if (jpeg.byteLength <= maxBytes) return jpeg;
    scale *= Math.sqrt(maxBytes / jpeg.byteLength) * 0.9;
  }
  throw new HostedEngineError('unavailable', 'The page image does not fit the hosted reader\'s size limit.');
}

const toBBox = (box: RecognizedLine['box']): BBox => [box.left, box.top, box.left + box.width, box.top + box.height];

/** The hosted reader's lines as the OCR page model: words, lines, blocks split at larger vertical gaps, text. */
export function pageFromLines(lines: readonly RecognizedLine[]): Pick<OcrPage, 'words' | 'lines' | 'blocks' | 'text'> {
  const words: Word[] = [];
  const modelLines: Line[] = [];
  for (const line of lines) {
    const wordIndexes: number[] = [];
    for (const word of line.words) {
      if (!word.text.trim()) continue;
      wordIndexes.push(words.length);
      words.push({ text: word.text, bbox: toBBox(word.box), confidence: word.confidence, source: 'ocr' });
    }
    if (wordIndexes.length) modelLines.push({ text: wordIndexes.map((i) => words[i].text).join(' '), bbox: toBBox(line.box), wordIndexes });
  }
  const blocks: Block[] = [];
  let current: number[] = [];
  const close = () => {
    if (!current.length) return;
    const boxes = current.map((i) => modelLines[i].bbox);
    blocks.push({
      text: current.map((i) => modelLines[i].text).join('\n'),
      bbox: enclosingBox(boxes),
      lineIndexes: current,
    });
    current = [];
  };
  modelLines.forEach((line, index) => {
    const previous = index > 0 ? modelLines[index - 1] : undefined;
    if (previous) {
      const lineHeight = Math.max(line.bbox[3] - line.bbox[1], previous.bbox[3] - previous.bbox[1]);
      const gap = line.bbox[1] - previous.bbox[3];
      // A jump upwards (a new column) or a wide gap downwards ends the block.
      if (gap > BLOCK_GAP_LINE_HEIGHTS * lineHeight || line.bbox[1] < previous.bbox[1] - lineHeight) close();
    }
    current.push(index);
  });
  close();
  return { words, lines: modelLines, blocks, text: blocks.map((b) => b.text).join('\n\n') };
}

async function readHosted(input: OcrInput, service: PageTextService, signal?: AbortSignal): Promise<OcrPage> {
  const image = await encodeForService(input, service.maxImageBytes);
  const { lines } = await service.detectText(image, signal);
  const page = pageFromLines(lines);
  return { ...page, blank: page.words.length === 0, rotation: 0, skew: 0, scale: 1, ocrWidth: 0, ocrHeight: 0, rulings: [] };
}

/**
 * Reads one page image: with the hosted reader when there is one, the local
 * OCR answering when it fails with a `HostedEngineError` (other errors
 * propagate, as do the caller's abort).
 */
export async function readPageImage(input: OcrInput, options: PageReadOptions = {}): Promise<PageReading> {
  const { pageText, languages, signal } = options;
  if (pageText) {
    try {
      return { ocr: await readHosted(input, pageText, signal), engine: pageText.name };
    } catch (error) {
      if (!(error instanceof HostedEngineError)) throw error;
      signal?.throwIfAborted();
      return { ocr: await ocrImage(input, { languages }), engine: OCR_ENGINE, fallback: error.reason };
    }
  }
  return { ocr: await ocrImage(input, { languages }), engine: OCR_ENGINE };
}
