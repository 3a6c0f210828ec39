/**
 * Receipt pages for extract evaluation and training, two ways:
 *
 * - from the SROIE line transcripts with their boxes (`box/NNN.csv`): the
 *   document model a perfect OCR would give, instantly (training and the
 *   layout-only score);
 * - from OCR of the image, cached under `.cache/extract-ocr/` (gitignored)
 *   keyed by the file's content hash and the OCR that read it (see
 *   {@link OCR_VERSION}), so reruns do not spend minutes per receipt on this
 *   shared box, and a changed OCR reads the receipts again by itself.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BBox, DocumentPage, Word } from '../../functions/engines/document-model.ts';
import { OCR_OUTPUT_REVISION } from '../../functions/engines/ocr/ocr-page.ts';
import { OCR_ENGINE } from '../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { decodeTextFile, parseSroieBoxFile } from '../lib/corpus.ts';

/** Width and height of a JPEG from its start-of-frame marker; undefined when the file is no JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    // SOF0–SOF15 except DHT (C4), JPG (C8), DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    }
    at += 2 + length;
  }
  return undefined;
}

/** One page from an SROIE transcript: each row a line, its words spread over the row's box by character count. */
export async function sroieTranscriptPage(boxPath: string, imagePath: string): Promise<DocumentPage> {
  const rows = parseSroieBoxFile(decodeTextFile(await readFile(boxPath)));
  const size = existsSync(imagePath) ? jpegSize(new Uint8Array(await readFile(imagePath))) : undefined;
  const width = size?.width ?? Math.max(1, ...rows.map((r) => Math.max(r.quad[0], r.quad[2], r.quad[4], r.quad[6])));
  const height = size?.height ?? Math.max(1, ...rows.map((r) => Math.max(r.quad[1], r.quad[3], r.quad[5], r.quad[7])));
  const words: Word[] = [];
  const lines = rows
    .filter((r) => r.text.trim())
    .map((r) => {
      const xs = [r.quad[0], r.quad[2], r.quad[4], r.quad[6]];
      const ys = [r.quad[1], r.quad[3], r.quad[5], r.quad[7]];
      const bbox: BBox = [Math.min(...xs) / width, Math.min(...ys) / height, Math.max(...xs) / width, Math.max(...ys) / height];
      const text = r.text.trim().replace(/\s+/g, ' ');
      const indexes: number[] = [];
      let at = 0;
      for (const token of text.split(' ')) {
        const x0 = bbox[0] + ((bbox[2] - bbox[0]) * at) / text.length;
        const x1 = bbox[0] + ((bbox[2] - bbox[0]) * (at + token.length)) / text.length;
        indexes.push(words.length);
        words.push({ text: token, bbox: [x0, bbox[1], x1, bbox[3]], confidence: 1, source: 'ocr' });
        at += token.length + 1;
      }
      return { text, bbox, wordIndexes: indexes };
    });
  return { pageNumber: 1, width, height, words, lines, blocks: [], text: lines.map((l) => l.text).join('\n'), source: 'ocr' };
}

const CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'extract-ocr');

/**
 * The OCR a cached reading came from: the engine and model (`OCR_ENGINE`, which carries the tesseract.js version)
 * and the OCR code's output revision (`OCR_OUTPUT_REVISION`, bumped by the OCR code whenever its output changes).
 * Part of the cache key, so readings by an older OCR are never reused.
 */
export const OCR_VERSION = `${OCR_ENGINE}#r${OCR_OUTPUT_REVISION}`;

/** The cache file name of an image's reading: its content hash and {@link OCR_VERSION}. */
export function ocrCacheKey(bytes: Uint8Array, version: string = OCR_VERSION): string {
  return createHash('sha256').update(bytes).update('\0').update(version).digest('hex').slice(0, 24);
}

/** The pages of a document as the parse engine reads them (OCR for images), cached on disk by content hash. */
export async function cachedPages(path: string): Promise<{ pages: DocumentPage[]; engines: string[]; cached: boolean }> {
  const bytes = new Uint8Array(await readFile(path));
  const file = join(CACHE, `${ocrCacheKey(bytes)}.json`);
  if (existsSync(file)) return { ...(JSON.parse(await readFile(file, 'utf8')) as { pages: DocumentPage[]; engines: string[] }), cached: true };
  const document = await openDocument(bytes, { filename: path });
  try {
    const parsed = await document.extract();
    const out = { pages: [...parsed.pages], engines: [...parsed.engines], ocr: OCR_VERSION };
    await mkdir(CACHE, { recursive: true });
    await writeFile(file, JSON.stringify(out));
    return { ...out, cached: false };
  } finally {
    await document.close();
  }
}
