/**
 * Charges pdf.js's JPEG, JBIG2 and CCITT decodes to the document's
 * DecodeBudget by the size the image data claims, before they run.
 *
 * These decoders bypass the buffer growth decode-budget.ts watches (JPEG and
 * JBIG2 fill their output in one go, JBIG2 and CCITT in WebAssembly), and
 * allocate by what their own headers say: a JPEG frame or a JBIG2 page far
 * larger than the PDF dictionary's `/Width /Height` (which is all pdf.js's
 * pixel cap looks at), CCITT rows times columns from the decode parameters.
 * An image claiming more pixels than the cap is refused (`document_corrupt`,
 * details.reason `image_bomb`); the rest is counted as decoded image bytes.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { currentDecodeBudget } from './decode-budget.ts';
import { jbig2ClaimedSize, jpegClaimedSize, type ClaimedSize } from './image-claims.ts';

/** The pdf.js worker classes patched here (exported by the loader in pdfjs.ts). */
export const IMAGE_DECODER_EXPORTS = ['JpegStream', 'Jbig2Stream', 'CCITTFaxStream'] as const;

interface ImageStreamLike {
  eof: boolean;
  bytes: Uint8Array;
  dict?: { get(...keys: string[]): unknown };
  params?: unknown;
  [CHARGED]?: boolean;
}

const CHARGED = Symbol('docintel.imageClaimCharged');
const PATCHED = Symbol.for('docintel.imageDecodeBoundsInstalled');

/** Refuses or charges one image by its claimed size (once per stream). */
function chargeClaim(stream: ImageStreamLike, kind: string, claimed: ClaimedSize | undefined, maxPixels: number): void {
  const budget = currentDecodeBudget();
  if (!budget || stream[CHARGED] || !claimed) return;
  stream[CHARGED] = true;
  budget.check();
  const pixels = claimed.width * claimed.height;
  if (pixels > maxPixels) {
    budget.trip(
      new DocumentLoadError(
        'document_corrupt',
        `The PDF contains a ${kind} image whose data claims ${claimed.width}×${claimed.height} pixels (more than ${maxPixels.toLocaleString('en-US')}); it was not processed.`,
        {
          details: { reason: 'image_bomb', image_type: kind, width: claimed.width, height: claimed.height, max_pixels: maxPixels },
        },
      ),
    );
  }
  // JBIG2 and CCITT decode to one byte a pixel in pdf.js; JPEG to its components (RGBA at most).
  budget.charge(pixels * Math.max(1, Math.min(claimed.components, 4)), true);
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);

function jbig2Claim(stream: ImageStreamLike): ClaimedSize | undefined {
  const params = stream.params as { get?(key: string): unknown } | undefined;
  const globals = params?.get?.('JBIG2Globals') as { getBytes?(): Uint8Array } | undefined;
  const chunks = [...(typeof globals?.getBytes === 'function' ? [globals.getBytes()] : []), stream.bytes];
  return jbig2ClaimedSize(chunks, numberOr(stream.dict?.get('Height'), 1));
}

function ccittClaim(stream: ImageStreamLike): ClaimedSize {
  const params = stream.params as { Columns?: number; Rows?: number } | undefined;
  const rows = Math.max(numberOr(params?.Rows, 0), numberOr(stream.dict?.get('H', 'Height'), 0));
  return { width: numberOr(params?.Columns, 1728), height: rows, components: 1 };
}

type Ctor = { prototype: Record<string | symbol, unknown> };

/** Wraps `method` of `Class` so the claim is charged first. */
function guard(Class: Ctor, method: string, kind: string, claim: (s: ImageStreamLike) => ClaimedSize | undefined, maxPixels: number): void {
  const original = Class.prototype[method] as ((this: ImageStreamLike, ...args: unknown[]) => unknown) | undefined;
  if (typeof original !== 'function') throw new Error(`pdf.js ${kind} stream has no ${method}: the image decode bounds cannot be installed.`);
  Class.prototype[method] = function (this: ImageStreamLike, ...args: unknown[]) {
    if (!this.eof) chargeClaim(this, kind, claim(this), maxPixels);
    return original.apply(this, args);
  };
}

/**
 * Patches the image decoders of the pdf.js worker module; `maxPixels` is
 * pdf.js's own image cap (the one it applies to dictionaries). Idempotent.
 *
 * @throws Error when the module lacks a class or method this relies on.
 */
export function installImageDecodeBounds(worker: Record<string, unknown>, maxPixels: number): void {
  for (const name of IMAGE_DECODER_EXPORTS) {
    if (typeof worker[name] !== 'function')
      throw new Error(`pdf.js worker module does not expose ${name}: the image decode bounds cannot be installed.`);
  }
  const Jpeg = worker.JpegStream as Ctor;
  if (Jpeg.prototype[PATCHED]) return;
  guard(Jpeg, 'decodeImage', 'JPEG', (s) => jpegClaimedSize(s.bytes), maxPixels);
  for (const method of ['decodeImage', 'decodeImageFallback']) {
    guard(worker.Jbig2Stream as Ctor, method, 'JBIG2', jbig2Claim, maxPixels);
    guard(worker.CCITTFaxStream as Ctor, method, 'CCITT', ccittClaim, maxPixels);
  }
  Object.defineProperty(Jpeg.prototype, PATCHED, { value: true });
}
