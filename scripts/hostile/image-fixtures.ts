/**
 * Hostile images: PNG, JPEG, TIFF and HEIC files whose headers lie (sizes
 * past the pixel cap, IFD loops, bogus offsets, truncation) or that hold
 * thousands of pages.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { prngBytes } from './raw-pdf.ts';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header declares `width`×`height` 8-bit grayscale, with only a few rows of data. */
export function pngBomb(width: number, height: number, rows: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  const raw = Buffer.alloc((width + 1) * rows); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + (i >> 7)) & 0xff;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  // Keep the headers and a third of the entropy-coded data; no EOI marker.
  return jpeg.subarray(0, Math.floor(jpeg.length / 3));
}

/** Little-endian TIFF: the first IFD claims 65,535 entries and the file ends after three. */
export function bogusIfdTiff(): Buffer {
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const count = Buffer.from([0xff, 0xff]);
  const entry = (tag: number, type: number, n: number, value: number) => {
    const b = Buffer.alloc(12);
    b.writeUInt16LE(tag, 0);
    b.writeUInt16LE(type, 2);
    b.writeUInt32LE(n, 4);
    b.writeUInt32LE(value, 8);
    return b;
  };
  return Buffer.concat([
    header,
    count,
    entry(256, 4, 1, 0x7fffffff), // ImageWidth
    entry(257, 4, 1, 0x7fffffff), // ImageLength
    entry(273, 4, 1, 0xfffffff0), // StripOffsets past EOF
  ]);
}

/** A valid 8×8 grayscale TIFF whose next-IFD pointer points back at its own IFD (an endless page list). */
export function ifdLoopTiff(): Buffer {
  const width = 8;
  const height = 8;
  const pixels = Buffer.alloc(width * height, 0x80);
  const entries: [number, number, number, number][] = [
    [256, 3, 1, width], // ImageWidth
    [257, 3, 1, height], // ImageLength
    [258, 3, 1, 8], // BitsPerSample
    [259, 3, 1, 1], // Compression none
    [262, 3, 1, 1], // BlackIsZero
    [273, 4, 1, 0], // StripOffsets (patched)
    [277, 3, 1, 1], // SamplesPerPixel
    [278, 3, 1, height], // RowsPerStrip
    [279, 4, 1, pixels.length], // StripByteCounts
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataOffset = ifdOffset + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, n, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(n, at + 4);
    if (tag === 273) ifd.writeUInt32LE(dataOffset, at + 8);
    else if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  ifd.writeUInt32LE(ifdOffset, 2 + entries.length * 12); // next IFD = this IFD
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, ifdOffset, 0, 0, 0]), ifd, pixels]);
}

/**
 * A valid TIFF of `pages` pages of `side`×`side` gray pixels (~130 bytes a
 * page): page count is all it has. Issue 21: 3,000 such pages answered 503
 * after 29 s, reading every page's header again from the start.
 */
export function manyPagesTiff(pages: number, side = 1): Buffer {
  const pixels = Buffer.alloc(side * side, 0x80);
  const entries: [number, number, number][] = [
    [256, 3, side], // ImageWidth
    [257, 3, side], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression none
    [262, 3, 1], // BlackIsZero
    [273, 4, 0], // StripOffsets (set per page)
    [277, 3, 1], // SamplesPerPixel
    [278, 3, side], // RowsPerStrip
    [279, 4, pixels.length], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const pageSize = ifdSize + pixels.length + (pixels.length % 2); // IFDs on word boundaries
  const out = Buffer.alloc(8 + pages * pageSize);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  for (let p = 0; p < pages; p++) {
    const at = 8 + p * pageSize;
    out.writeUInt16LE(entries.length, at);
    entries.forEach(([tag, type, value], i) => {
      const e = at + 2 + i * 12;
      out.writeUInt16LE(tag, e);
      out.writeUInt16LE(type, e + 2);
      out.writeUInt32LE(1, e + 4);
      const v = tag === 273 ? at + ifdSize : value;
      if (type === 3) out.writeUInt16LE(v, e + 8);
      else out.writeUInt32LE(v, e + 8);
    });
    out.writeUInt32LE(p + 1 < pages ? at + pageSize : 0, at + 2 + entries.length * 12);
    pixels.copy(out, at + ifdSize);
  }
  return out;
}

/** The test suite's small HEIC with every `ispe` (image size) box rewritten to 12,000×10,000. */
export function heicOverPixelCap(): Buffer {
  const heic = Buffer.from(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'documents', 'images', 'receipt.heic')),
  );
  for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 1)) {
    heic.writeUInt32BE(12_000, at + 8);
    heic.writeUInt32BE(10_000, at + 12);
  }
  return heic;
}

/** An ISO-BMFF `ftyp` box with HEIC brands, followed by garbage (sniffed as HEIC, undecodable). */
export function fakeFtypHeic(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  const meta = Buffer.alloc(8);
  meta.writeUInt32BE(0xfffffff0, 0); // a box claiming ~4 GB
  meta.write('meta', 4, 'latin1');
  return Buffer.concat([ftyp, meta, prngBytes(77, 2048)]);
}
