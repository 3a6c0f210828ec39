/**
 * Amazon Textract `DetectDocumentText` as a `PageTextService`: one page image
 * (PNG or JPEG bytes, at most 10 MB for the synchronous call) in, its LINE
 * blocks with their WORD children out, boxes in page fractions
 * (`Geometry.BoundingBox`) and confidences in 0..1.
 *
 * @module
 */
import { DetectDocumentTextCommand, TextractClient, type Block } from '@aws-sdk/client-textract';
import { HOSTED_CALL_LIMITS, HOSTED_PAGE_READ_TIMEOUT_MS } from '../../contracts/engines.ts';
import { HostedEngineError, type FractionBox, type PageTextService, type RecognizedLine, type RecognizedWord } from '../../contracts/hosted-models.ts';
import { callHosted, invalidResponse } from './hosted-call.ts';

import { TEXTRACT_ENGINE, TEXTRACT_MAX_IMAGE_BYTES } from './hosted-service-facts.ts';

export { TEXTRACT_ENGINE, TEXTRACT_MAX_IMAGE_BYTES };

const SERVICE = 'Textract DetectDocumentText';

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function boxOf(block: Block): FractionBox {
  const box = block.Geometry?.BoundingBox;
  if (!box || typeof box.Left !== 'number' || typeof box.Top !== 'number' || typeof box.Width !== 'number' || typeof box.Height !== 'number') {
    throw invalidResponse(SERVICE, 'a bounding box for every line and word');
  }
  const left = clamp(box.Left);
  const top = clamp(box.Top);
  return { left, top, width: clamp(box.Left + box.Width) - left, height: clamp(box.Top + box.Height) - top };
}

function confidenceOf(block: Block): number {
  return typeof block.Confidence === 'number' ? clamp(block.Confidence / 100) : 0;
}

/** Textract's blocks → lines in the order returned (its reading order), each with its words. */
export function linesFromBlocks(blocks: readonly Block[]): RecognizedLine[] {
  const byId = new Map(blocks.filter((b) => b.Id).map((b) => [b.Id as string, b]));
  const lines: RecognizedLine[] = [];
  for (const block of blocks) {
    if (block.BlockType !== 'LINE') continue;
    const childIds = (block.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids ?? []);
    const words: RecognizedWord[] = [];
    for (const id of childIds) {
      const child = byId.get(id);
      if (child?.BlockType !== 'WORD' || !child.Text) continue;
      words.push({ text: child.Text, confidence: confidenceOf(child), box: boxOf(child) });
    }
    if (words.length === 0) continue;
    lines.push({ text: block.Text ?? words.map((w) => w.text).join(' '), confidence: confidenceOf(block), box: boxOf(block), words });
  }
  return lines;
}

export class TextractPageText implements PageTextService {
  readonly name = TEXTRACT_ENGINE;
  readonly maxImageBytes = TEXTRACT_MAX_IMAGE_BYTES;

  constructor(private readonly client: TextractClient) {}

  /** A client with the call budget's retries; the endpoint comes from `AWS_ENDPOINT_URL_TEXTRACT` when set. */
  static create(region: string): TextractPageText {
    return new TextractPageText(new TextractClient({ region, maxAttempts: HOSTED_CALL_LIMITS.maxAttempts }));
  }

  async detectText(image: Uint8Array, signal?: AbortSignal): Promise<{ readonly lines: readonly RecognizedLine[] }> {
    // The engine sizes pages to fit; a larger one would only come back as an error after the upload.
    if (image.byteLength > this.maxImageBytes) throw new HostedEngineError('unavailable', `${SERVICE}: the page image is over the synchronous size limit`);
    const answer = await callHosted(
      SERVICE,
      signal,
      (abortSignal) => this.client.send(new DetectDocumentTextCommand({ Document: { Bytes: image } }), { abortSignal }),
      HOSTED_PAGE_READ_TIMEOUT_MS,
    );
    if (!Array.isArray(answer.Blocks)) throw invalidResponse(SERVICE, 'a Blocks list');
    return { lines: linesFromBlocks(answer.Blocks) };
  }
}
