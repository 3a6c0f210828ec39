/**
 * Bounds what pdf.js decompresses, where it decompresses it.
 *
 * A FlateDecode stream of 1 MB can inflate to 1 GB of page content, and
 * pdf.js would inflate and tokenise all of it (measured: 31 s and 2.4 GB for
 * one such page). Reading stream dictionaries ahead of pdf.js cannot stop
 * that: a dictionary can lie (`/Subtype /Image` on a content stream), hide
 * its filter behind a reference (`/Filter 7 0 R`), chain filters
 * (`[/ASCIIHexDecode /FlateDecode]`, LZW, Brotli) or be longer than any
 * window a scanner looks back through. So the bound sits in pdf.js's decode
 * streams themselves, whatever led there:
 *
 * - every decode stream (Flate, LZW, ASCIIHex, ASCII85, RunLength,
 *   predictors, CCITT, decryption, concatenated contents) grows its output
 *   through `DecodeStream#ensureBuffer`: no buffer may grow past
 *   `maxStreamBytes` (`maxImageStreamBytes` for image data);
 * - pdf.js inflates in JavaScript, slowly enough that a bomb held the event
 *   loop for seconds before reaching any limit: FlateDecode is done by zlib
 *   instead, natively and with `maxOutputLength`;
 * - the asynchronous path pdf.js takes for Flate and Brotli images (the
 *   platform's `DecompressionStream`, which collects the whole output) is
 *   replaced by zlib with `maxOutputLength`; Brotli's synchronous decoder
 *   (pure JavaScript, unbounded) by zlib's;
 * - all that one document decodes is counted in its {@link DecodeBudget}:
 *   content (page contents, forms, fonts, object streams…) and images
 *   separately, because pdf.js reads an image only as far as its declared
 *   size needs (and refuses images over its pixel cap), while content is
 *   read to its end and then tokenised, which is what costs the time.
 *
 * Once a budget is exceeded it stays tripped: every later decode of that
 * document fails at once, pdf.js (which recovers from errors in a page by
 * skipping what failed) gets through the rest quickly, and the backend
 * reports the recorded `document_corrupt` error (details.reason
 * `decompression_bomb`) after each pdf.js call.
 *
 * The budget of the running request is found with AsyncLocalStorage: pdf.js
 * runs its "worker" on this thread, and its messages travel as promise
 * callbacks, which carry the context of whoever sent them.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync, constants, inflate, inflateRawSync, inflateSync } from 'node:zlib';
import { DocumentLoadError } from '../../contracts/errors.ts';
import { EvaluationBudget, type EvaluationLimits } from './evaluation-budget.ts';

export interface DecodeLimits {
  /** Most bytes one non-image decode stream (content, form, font, object stream…) may hold. */
  readonly maxStreamBytes: number;
  /** Most bytes one image stream may hold (pdf.js reads no more than the declared size needs, within its pixel cap). */
  readonly maxImageStreamBytes: number;
  /**
   * Most bytes one non-image stream may grow to through a decoder written in
   * JavaScript that can amplify (LZW, RunLength, CCITT, Flate data zlib
   * found damaged): they decode at ~15 MB/s and hold the event loop meanwhile.
   */
  readonly maxScriptDecodedStreamBytes: number;
  /** Most bytes such decoders may produce for one document, before the per-file allowance (1 per file byte). */
  readonly maxScriptDecodedBytes: number;
  /** Most bytes of non-image streams one document may decode, before the per-file allowance. */
  readonly maxContentBytes: number;
  /** Added to `maxContentBytes` per byte of file: big documents legitimately hold more content. */
  readonly contentBytesPerFileByte: number;
  /** Most bytes of image data one document may decode, before the per-file allowance. */
  readonly maxImageBytes: number;
  /** Added to `maxImageBytes` per byte of file. */
  readonly imageBytesPerFileByte: number;
}

const MIB = 1024 * 1024;

/**
 * Real content streams are a few kilobytes to a few megabytes; vector-heavy
 * pages (maps, CAD plots) reach tens of megabytes. Scans store pages as
 * images that inflate 2-50 times. These limits sit above that and below
 * what pdf.js gets through in a request's time: it tokenises content at
 * 15-30 MB/s on a loaded 2-core machine (60 MiB of page content took 8-14 s
 * to parse), and a page's content is read once for its text and again for
 * its graphics, each time counted. Streams pdf.js decodes itself are
 * charged as its buffers grow (doubling): at most twice what they decode to.
 */
export const DEFAULT_DECODE_LIMITS: DecodeLimits = {
  maxStreamBytes: 64 * MIB,
  maxImageStreamBytes: 256 * MIB,
  maxScriptDecodedStreamBytes: 8 * MIB,
  maxScriptDecodedBytes: 16 * MIB,
  maxContentBytes: 64 * MIB,
  contentBytesPerFileByte: 16,
  maxImageBytes: 1024 * MIB,
  imageBytesPerFileByte: 64,
};

function bomb(message: string, details: Record<string, unknown>): DocumentLoadError {
  return new DocumentLoadError('document_corrupt', message, { details: { reason: 'decompression_bomb', ...details } });
}

/** What one document may decode; one per opened PDF. */
export class DecodeBudget {
  readonly limits: DecodeLimits;
  readonly maxContentBytes: number;
  readonly maxImageBytes: number;
  contentBytes = 0;
  imageBytes = 0;
  scriptDecodedBytes = 0;
  readonly maxScriptDecodedBytes: number;
  /** The refusal, once a limit was passed; every later decode of the document fails with it. */
  tripped: DocumentLoadError | undefined;
  /** What the document's content may evaluate (evaluation-budget.ts); its refusals are recorded here too. */
  readonly evaluation: EvaluationBudget;

  constructor(fileBytes: number, limits: DecodeLimits = DEFAULT_DECODE_LIMITS, evaluationLimits?: EvaluationLimits) {
    this.limits = limits;
    this.evaluation = new EvaluationBudget(evaluationLimits, (error) => this.trip(error));
    this.maxContentBytes = limits.maxContentBytes + limits.contentBytesPerFileByte * fileBytes;
    this.maxImageBytes = limits.maxImageBytes + limits.imageBytesPerFileByte * fileBytes;
    this.maxScriptDecodedBytes = limits.maxScriptDecodedBytes + fileBytes;
  }

  /** A JavaScript decoder grows a non-image stream to `bytes` (by `added`): refused past its own, smaller limits. */
  checkScriptDecoded(bytes: number, added: number): void {
    this.check();
    this.scriptDecodedBytes += added;
    const cap = this.limits.maxScriptDecodedStreamBytes;
    if (bytes > cap || this.scriptDecodedBytes > this.maxScriptDecodedBytes) {
      const limit = bytes > cap ? `${cap / MIB} MiB a stream` : `${Math.floor(this.maxScriptDecodedBytes / MIB)} MiB in all`;
      this.trip(
        bomb(`The PDF contains LZW, RunLength, CCITT or damaged Flate data that decodes to more than ${limit} (a decompression bomb); it was not processed.`, {
          max_stream_bytes: cap,
          max_total_bytes: this.maxScriptDecodedBytes,
        }),
      );
    }
  }

  /** Throws the recorded refusal, if any (the backend calls this after every pdf.js call). */
  check(): void {
    if (this.tripped) throw this.tripped;
  }

  trip(error: DocumentLoadError): never {
    this.tripped ??= error;
    throw this.tripped;
  }

  /** Most bytes one stream may hold. */
  streamCap(image: boolean): number {
    return image ? this.limits.maxImageStreamBytes : this.limits.maxStreamBytes;
  }

  /** A stream wants to hold `bytes`: refused past the per-stream limit. */
  checkStream(bytes: number, image: boolean): void {
    this.check();
    const cap = this.streamCap(image);
    if (bytes > cap) {
      this.trip(
        bomb(`The PDF contains a compressed stream that inflates to more than ${cap / MIB} MiB (a decompression bomb); it was not processed.`, {
          max_stream_bytes: cap,
        }),
      );
    }
  }

  /** Counts `bytes` newly decoded; refused past the document's total. */
  charge(bytes: number, image: boolean): void {
    this.check();
    if (image) {
      this.imageBytes += bytes;
      if (this.imageBytes > this.maxImageBytes) {
        this.trip(
          bomb(
            `The PDF's images inflate to more than ${Math.floor(this.maxImageBytes / MIB)} MiB in total (a decompression bomb); it was not processed.`,
            { max_image_bytes: this.maxImageBytes },
          ),
        );
      }
      return;
    }
    this.contentBytes += bytes;
    if (this.contentBytes > this.maxContentBytes) {
      this.trip(
        bomb(
          `The PDF's compressed streams inflate to more than ${Math.floor(this.maxContentBytes / MIB)} MiB in total (a decompression bomb); it was not processed.`,
          { max_total_bytes: this.maxContentBytes },
        ),
      );
    }
  }
}

const scope = new AsyncLocalStorage<DecodeBudget>();

/** The budget of the pdf.js work running now, if any. */
export const currentDecodeBudget = (): DecodeBudget | undefined => scope.getStore();

/**
 * Runs `fn` (and all pdf.js work it causes) against `budget`, then throws
 * the budget's refusal if it tripped meanwhile, even when pdf.js recovered
 * from the failed decode; a refusal also wins over the error pdf.js made of it.
 */
export function withDecodeBudget<T>(budget: DecodeBudget, fn: () => Promise<T>): Promise<T> {
  return scope.run(budget, async () => {
    try {
      const result = await fn();
      budget.check();
      return result;
    } catch (error) {
      budget.check();
      throw error;
    }
  });
}

/** Decodes outside any budget (none should happen) are still held to the per-stream limit. */
const fallback = () => new DecodeBudget(0);

// ---------------------------------------------------------------------------
// The patch of pdf.js's decode streams
// ---------------------------------------------------------------------------

/** The pdf.js worker classes patched here (exported by the loader in pdfjs.ts). */
export const PATCHED_CLASSES = ['Stream', 'DecodeStream', 'FlateStream', 'BrotliStream', 'StreamsSequenceStream', 'LZWStream', 'RunLengthStream', 'CCITTFaxStream'] as const;

interface DecodeStreamLike {
  buffer: Uint8Array;
  bufferLength: number;
  eof: boolean;
  stream?: DecodeStreamLike & { reset(): void; isAsync?: boolean; asyncGetBytes(): Promise<Uint8Array | null>; getBytes(): Uint8Array };
  str?: DecodeStreamLike;
  [IMAGE]?: boolean;
}

type Ctor = { prototype: Record<string, unknown> } & (new (...args: never[]) => unknown);

/** Marks a stream read as an image (and the streams it reads from). */
const IMAGE = Symbol('docintel.imageStream');
/** Set once a FlateStream has tried zlib; from then on pdf.js's own decoder reads it. */
const NATIVE_TRIED = Symbol('docintel.nativeInflateTried');
const PATCHED = Symbol.for('docintel.decodeBoundsInstalled');

const inflateAsync = promisify(inflate);
const brotliAsync = promisify(brotliDecompress);

function markImage(stream: DecodeStreamLike | undefined): void {
  for (let s = stream, depth = 0; s && !s[IMAGE] && depth < 64; s = s.stream ?? s.str, depth++) s[IMAGE] = true;
}

const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'ERR_BUFFER_TOO_LARGE';

/** Compressed streams up to this size are inflated synchronously (see `inflateSmall`). */
export const SYNC_INFLATE_MAX_INPUT = 256 * 1024;
/** …as long as they inflate to at most this; bigger ones go to the thread pool. */
export const SYNC_INFLATE_MAX_OUTPUT = 4 * MIB;

/**
 * Inflates a small stream on this thread; `undefined` when it is not small
 * (the caller inflates it on the thread pool, bounded by the stream cap).
 * Its output is charged to the budget by the caller, like the pool's.
 * Page contents are a few kilobytes: handing each to the thread pool and
 * back cost more than inflating it (the 100-page bench spent ~a third of
 * its parse in that round trip), and the output bound keeps the event loop
 * free of long inflates. Damaged data throws, as the asynchronous path does.
 */
function inflateSmall(compressed: Uint8Array, streamCap: number): Buffer | undefined {
  if (compressed.byteLength > SYNC_INFLATE_MAX_INPUT) return undefined;
  const limit = Math.min(streamCap, SYNC_INFLATE_MAX_OUTPUT);
  try {
    return inflateSync(compressed, { maxOutputLength: limit });
  } catch (error) {
    // Past the stream's own cap is the caller's refusal; past only the synchronous bound, the thread pool's job.
    if (isTooLarge(error) && limit < streamCap) return undefined;
    throw error;
  }
}

/**
 * Patches the decode streams of the pdf.js worker module (in-process
 * "fake worker"). Idempotent.
 *
 * @throws Error when the module lacks a class this relies on (a pdf.js
 *   upgrade renamed it): PDFs must not be read unbounded.
 */
export function installDecodeBounds(worker: Record<string, unknown>): void {
  for (const name of PATCHED_CLASSES) {
    if (typeof worker[name] !== 'function') throw new Error(`pdf.js worker module does not expose ${name}: the decode bounds cannot be installed.`);
  }
  const Stream = worker.Stream as new (bytes: Uint8Array, start: number, length: number, dict: unknown) => unknown;
  const DecodeStream = worker.DecodeStream as Ctor;
  const FlateStream = worker.FlateStream as Ctor;
  const BrotliStream = worker.BrotliStream as Ctor;
  const StreamsSequenceStream = worker.StreamsSequenceStream as Ctor;
  // Decoders in JavaScript whose output can be many times their input.
  const amplifying = [worker.LZWStream, worker.RunLengthStream, worker.CCITTFaxStream, FlateStream] as Ctor[];
  const proto = DecodeStream.prototype;
  if (proto[PATCHED as unknown as string]) return;
  for (const method of ['ensureBuffer', 'getImageData', 'asyncGetBytesFromDecompressionStream']) {
    if (typeof proto[method] !== 'function') throw new Error(`pdf.js DecodeStream has no ${method}: the decode bounds cannot be installed.`);
  }

  const ensureBuffer = proto.ensureBuffer as (this: DecodeStreamLike, requested: number) => Uint8Array;
  proto.ensureBuffer = function (this: DecodeStreamLike, requested: number): Uint8Array {
    const before = this.buffer.byteLength;
    if (requested <= before) return this.buffer;
    const budget = scope.getStore() ?? fallback();
    const image = this[IMAGE] === true;
    budget.checkStream(requested, image);
    if (!image && amplifying.some((Class) => this instanceof Class)) budget.checkScriptDecoded(requested, requested - before);
    const grown = ensureBuffer.call(this, requested);
    // The concatenation of a page's content streams copies what its parts already decoded (and were charged for).
    if (!(this instanceof StreamsSequenceStream)) budget.charge(grown.byteLength - before, image);
    return grown;
  };

  patchFlate(FlateStream, Stream);
  // Images: pdf.js asks for exactly the bytes the declared size needs.
  for (const Class of [DecodeStream, FlateStream, BrotliStream]) {
    const own = Object.getOwnPropertyDescriptor(Class.prototype, 'getImageData')?.value as ((this: DecodeStreamLike, ...args: unknown[]) => unknown) | undefined;
    if (!own) continue;
    Class.prototype.getImageData = function (this: DecodeStreamLike, ...args: unknown[]) {
      markImage(this);
      return own.apply(this, args);
    };
  }

  patchAsyncInflate(proto);
  patchBrotli(BrotliStream);

  Object.defineProperty(proto, PATCHED, { value: true });
}

/**
 * pdf.js inflates in JavaScript, bit by bit (~20 MB/s here): a bomb took
 * seconds to reach any limit and held the event loop all along. zlib does
 * the same work natively, bounded, in one go; data zlib finds damaged (which
 * pdf.js decodes up to the damage) goes back to pdf.js's decoder.
 */
function patchFlate(Flate: Ctor, Stream: new (bytes: Uint8Array, start: number, length: number, dict: unknown) => unknown): void {
  const flateReadBlock = Flate.prototype.readBlock as (this: DecodeStreamLike) => void;
  Flate.prototype.readBlock = function (this: DecodeStreamLike & { dict?: unknown; [NATIVE_TRIED]?: boolean }) {
    if (this[NATIVE_TRIED] || this.bufferLength > 0) return flateReadBlock.call(this);
    this[NATIVE_TRIED] = true;
    const budget = scope.getStore() ?? fallback();
    budget.check();
    // The constructor has read the two header bytes; the rest is raw DEFLATE.
    const raw = this.stream!.getBytes();
    const image = this[IMAGE] === true;
    let out: Buffer | undefined;
    try {
      // Z_SYNC_FLUSH: a truncated stream yields what it has, as pdf.js's decoder does.
      out = inflateRawSync(raw, { maxOutputLength: budget.streamCap(image), finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      // Past the stream limit is a bomb, image or not (no image within pdf.js's pixel cap needs that much).
      if (isTooLarge(error)) budget.checkStream(budget.streamCap(image) + 1, image);
    }
    if (!out) {
      this.stream = new Stream(raw, 0, raw.length, this.dict) as DecodeStreamLike['stream'];
      return flateReadBlock.call(this);
    }
    budget.charge(out.byteLength, image);
    this.buffer = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    this.bufferLength = out.byteLength;
    this.eof = true;
  };
}

/**
 * pdf.js's asynchronous inflate (DecompressionStream) keeps every chunk it
 * gets: the same job with zlib, bounded (pdf.js 5 reads page contents this
 * way too). Damaged data gets `null`, which sends pdf.js to its own decoder.
 */
function patchAsyncInflate(proto: Record<string, unknown>): void {
  proto.asyncGetBytesFromDecompressionStream = async function (this: DecodeStreamLike, name: string) {
    const source = this.stream!;
    source.reset();
    const compressed = source.isAsync ? await source.asyncGetBytes() : source.getBytes();
    const budget = scope.getStore() ?? fallback();
    budget.check();
    if (!compressed) return { decompressed: null, compressed };
    const options = { maxOutputLength: budget.streamCap(this[IMAGE] === true) };
    try {
      const out =
        name === 'brotli'
          ? await brotliAsync(compressed, options)
          : (inflateSmall(compressed, options.maxOutputLength) ?? (await inflateAsync(compressed, options)));
      budget.charge(out.byteLength, this[IMAGE] === true);
      return { decompressed: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), compressed };
    } catch (error) {
      if (error instanceof DocumentLoadError) throw error;
      if (isTooLarge(error)) budget.checkStream(budget.streamCap(this[IMAGE] === true) + 1, this[IMAGE] === true);
      // Damaged (a truncated stream, which pdf.js tolerates): its own decoder decides.
      return { decompressed: null, compressed };
    }
  };
}

/**
 * Brotli's synchronous decoder is pure JavaScript and decodes everything at once: zlib's, bounded.
 */
function patchBrotli(Brotli: Ctor): void {
  Brotli.prototype.readBlock = function (this: DecodeStreamLike) {
    const budget = scope.getStore() ?? fallback();
    const bytes = this.stream!.getBytes();
    const image = this[IMAGE] === true;
    let out: Buffer;
    try {
      out = brotliDecompressSync(bytes, { maxOutputLength: budget.streamCap(image) });
    } catch (error) {
      if (isTooLarge(error)) budget.checkStream(budget.streamCap(image) + 1, image);
      throw new Error(`Bad Brotli stream: ${(error as Error).message}`);
    }
    budget.charge(out.byteLength, image);
    this.buffer = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    this.bufferLength = out.byteLength;
    this.eof = true;
  };
}
