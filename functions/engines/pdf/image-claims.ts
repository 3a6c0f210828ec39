/**
 * The size an image's own data claims, read from its headers without
 * decoding it: JPEG frame headers (SOF), JBIG2 page and region headers.
 *
 * pdf.js checks an image's pixel count against its cap from the PDF
 * dictionary's `/Width /Height`, but its JPEG and JBIG2 decoders allocate by
 * what the data says, which can be far larger (a 1×1 image whose JPEG frame
 * claims 65,535×65,535). These readers give decode-bounds a size to charge
 * or refuse before any decoder runs. Both stop at the first malformed header
 * and read at most a bounded number of segments.
 *
 * @module
 */

export interface ClaimedSize {
  readonly width: number;
  readonly height: number;
  /** Samples per pixel (1 for JBIG2's bilevel data). */
  readonly components: number;
}

const MAX_SEGMENTS = 10_000;

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The largest frame a JPEG claims (a file may hold more than one frame
 * header), or undefined when none is found before the scan data.
 *
 * @example jpegClaimedSize(bytes) // { width: 65535, height: 65535, components: 3 }
 */
export function jpegClaimedSize(bytes: Uint8Array): ClaimedSize | undefined {
  let largest: ClaimedSize | undefined;
  // pdf.js skips whatever precedes the start-of-image marker too.
  let soi = 0;
  while (soi + 1 < bytes.length && !(bytes[soi] === 0xff && bytes[soi + 1] === 0xd8)) soi++;
  if (soi + 1 >= bytes.length) return undefined;
  let at = soi + 2;
  for (let segments = 0; segments < MAX_SEGMENTS && at + 4 <= bytes.length; segments++) {
    if (bytes[at] !== 0xff) return largest;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return largest; // scan data or end: the frame header came before
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (isFrameMarker(marker) && at + 10 <= bytes.length) {
      const height = (bytes[at + 5] << 8) | bytes[at + 6];
      const width = (bytes[at + 7] << 8) | bytes[at + 8];
      const components = bytes[at + 9];
      if (!largest || width * height * components > largest.width * largest.height * largest.components) largest = { width, height, components };
    }
    if (length < 2) return largest;
    at += 2 + length;
  }
  return largest;
}

/** JBIG2 segment types whose data starts with a region's width and height (text, halftone, generic, refinement regions). */
const REGION_TYPES = new Set([4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43]);
const PAGE_INFORMATION = 48;
const UNKNOWN = 0xffffffff;

const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/**
 * The largest page or region a JBIG2 stream (PDF "embedded" organization:
 * segment headers followed by their data, no file header) claims. A page of
 * unknown height (striped) counts its width times `fallbackHeight`.
 */
export function jbig2ClaimedSize(chunks: readonly Uint8Array[], fallbackHeight = 1): ClaimedSize | undefined {
  let largest: ClaimedSize | undefined;
  const consider = (width: number, height: number) => {
    const h = height === UNKNOWN ? fallbackHeight : height;
    if (!largest || width * h > largest.width * largest.height) largest = { width, height: h, components: 1 };
  };
  for (const bytes of chunks) {
    let at = 0;
    for (let segments = 0; segments < MAX_SEGMENTS && at + 11 <= bytes.length; segments++) {
      const number = u32(bytes, at);
      const flags = bytes[at + 4];
      const type = flags & 0x3f;
      const pageAssociationBytes = flags & 0x40 ? 4 : 1;
      let p = at + 5;
      let referred = bytes[p] >> 5;
      if (referred === 7) {
        referred = u32(bytes, p) & 0x1fffffff;
        p += 4 + Math.ceil((referred + 1) / 8);
      } else p += 1;
      const referenceBytes = number <= 256 ? 1 : number <= 65536 ? 2 : 4;
      p += referred * referenceBytes + pageAssociationBytes;
      if (p + 4 > bytes.length) break;
      const length = u32(bytes, p);
      p += 4;
      if ((type === PAGE_INFORMATION || REGION_TYPES.has(type)) && p + 8 <= bytes.length) consider(u32(bytes, p), u32(bytes, p + 4));
      if (length === UNKNOWN) break; // only generic regions may say so; nothing after can be found without decoding
      at = p + length;
    }
  }
  return largest;
}
