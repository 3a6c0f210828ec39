/**
 * Refuses PDF decompression bombs before pdf.js sees them.
 *
 * A FlateDecode stream of 1 MB can inflate to 1 GB of page content; pdf.js
 * then tokenises all of it (measured: 31 s and 2.4 GB of memory for one
 * such page), and `maxImageSize` does not help because it only bounds
 * images. So every compressed non-image stream is inflated once here, into
 * a bounded buffer and then dropped, and the document is refused when one
 * stream or all of them together inflate past a limit no real document
 * comes near.
 *
 * Image streams are skipped: pdf.js checks an image's pixel count before
 * decoding it and reads only as many bytes as its size needs, so an image
 * cannot blow up the way a content stream can; skipping them also keeps this
 * pass cheap on scanned PDFs, where images are nearly all of the bytes.
 *
 * Streams of an encrypted PDF cannot be inflated without the key; they are
 * not counted (pdf.js's own limits apply to them).
 *
 * @module
 */
import { constants, inflateSync } from 'node:zlib';
import { DocumentLoadError } from '../../contracts/errors.ts';

export interface StreamLimits {
  /** Most bytes one stream (content, form, font, object stream…) may inflate to. */
  readonly maxStreamBytes: number;
  /** Most bytes all non-image streams together may inflate to, before the per-file allowance. */
  readonly maxTotalBytes: number;
  /** Added to `maxTotalBytes` per byte of file: big documents legitimately hold more content. */
  readonly totalBytesPerFileByte: number;
}

const MIB = 1024 * 1024;

/**
 * Real content streams are a few kilobytes to a few megabytes; vector-heavy
 * pages (maps, CAD plots) reach tens of megabytes. These limits sit well
 * above that and well below what pdf.js handles in a request's time.
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxStreamBytes: 128 * MIB,
  maxTotalBytes: 256 * MIB,
  totalBytesPerFileByte: 16,
};

/** How far before `stream` the stream's dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;
const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const OBJ = Buffer.from('obj', 'latin1');
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9#]+)/;
const DIRECT_LENGTH = /\/Length\s+(\d+)(?![\d.]|\s+\d+\s+R)/;
const IMAGE_SUBTYPE = /\/Subtype\s*\/Image\b/;

interface StreamSpan {
  readonly dictionary: string;
  readonly start: number;
  readonly end: number;
}

function isWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

/** Yields each top-level `stream … endstream` with its dictionary, skipping over stream data. */
function* streams(bytes: Buffer): Generator<StreamSpan> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) return;
    from = at + STREAM.length;
    // `endstream`, or `stream` inside a name or word.
    if (at >= 3 && bytes.toString('latin1', at - 3, at) === 'end') continue;
    if (at > 0 && !isWhitespace(bytes[at - 1]) && bytes[at - 1] !== 0x3e /* > */) continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    else if (bytes[start - 1] !== 0x0d) continue; // `stream` must end its line
    const windowStart = Math.max(0, at - DICTIONARY_WINDOW);
    const objAt = bytes.subarray(windowStart, at).lastIndexOf(OBJ);
    const dictionary = bytes.toString('latin1', objAt >= 0 ? windowStart + objAt : windowStart, at);
    const declared = DIRECT_LENGTH.exec(dictionary);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < start || end > bytes.length || bytes.indexOf(END_STREAM, end) - end > 4) {
      // Indirect or wrong /Length: the data runs to the next `endstream`.
      end = bytes.indexOf(END_STREAM, start);
      if (end < 0) end = bytes.length;
    }
    yield { dictionary, start, end };
    from = end;
  }
}

/** Number of FlateDecode filters the stream's data goes through first. */
function leadingFlateFilters(dictionary: string): number {
  const filter = FILTER.exec(dictionary)?.[1];
  if (!filter) return 0;
  const names = filter.match(/\/[A-Za-z0-9#]+/g) ?? [];
  let count = 0;
  for (const name of names) {
    if (name !== '/FlateDecode' && name !== '/Fl') break;
    count++;
  }
  return count;
}

/** Inflated size of `data` through `layers` FlateDecode filters, capped: `cap + 1` means "over". */
function inflatedSize(data: Buffer, layers: number, cap: number): number {
  let current = data;
  for (let layer = 0; layer < layers; layer++) {
    try {
      // Z_SYNC_FLUSH: a truncated stream yields what it has, as pdf.js reads it.
      current = inflateSync(current, { maxOutputLength: cap, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return cap + 1;
      // Damaged or encrypted data: pdf.js decodes what it can; nothing big comes out of it here.
      return layer === 0 ? 0 : current.length;
    }
  }
  return current.length;
}

function bomb(message: string, details: Record<string, unknown>): DocumentLoadError {
  return new DocumentLoadError('document_corrupt', message, { details: { reason: 'decompression_bomb', ...details } });
}

/**
 * Throws `document_corrupt` (422) when a compressed stream of the PDF
 * inflates past the limits. Cost: one inflate of the non-image streams,
 * held one at a time.
 *
 * @example
 * assertNoStreamBomb(bytes); // throws on a 1 MB file whose page content inflates to 1 GB
 */
export function assertNoStreamBomb(bytes: Uint8Array, limits: StreamLimits = DEFAULT_STREAM_LIMITS): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const totalLimit = limits.maxTotalBytes + limits.totalBytesPerFileByte * buffer.length;
  let total = 0;
  for (const { dictionary, start, end } of streams(buffer)) {
    const layers = leadingFlateFilters(dictionary);
    if (layers === 0 || IMAGE_SUBTYPE.test(dictionary)) continue;
    const cap = Math.min(limits.maxStreamBytes, totalLimit - total);
    const size = inflatedSize(buffer.subarray(start, end), layers, cap);
    if (size > limits.maxStreamBytes) {
      throw bomb(
        `The PDF contains a compressed stream that inflates to more than ${limits.maxStreamBytes / MIB} MiB (a decompression bomb); it was not processed.`,
        { max_stream_bytes: limits.maxStreamBytes },
      );
    }
    total += size;
    if (total > totalLimit) {
      throw bomb(
        `The PDF's compressed streams inflate to more than ${Math.floor(totalLimit / MIB)} MiB in total (a decompression bomb); it was not processed.`,
        { max_total_bytes: totalLimit },
      );
    }
  }
}
