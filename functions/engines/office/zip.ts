/**
 * A defensive zip reader for Office files (OOXML packages).
 *
 * Only the central directory is trusted for the list of entries; every entry
 * is read through its local header, and inflated with fflate's streaming
 * inflater in small input chunks while the output is counted, so a lying
 * header or a zip bomb stops at a hard output cap instead of exhausting
 * memory. Nothing is inflated until a backend asks for that entry: images
 * and other media inside a document are never decompressed.
 *
 * @module
 */
import { Inflate } from 'fflate';
import { DocumentLoadError } from '../../contracts/errors.ts';

export interface ZipLimits {
  /** Entries in the central directory. */
  readonly maxEntries: number;
  /** Inflated bytes of one entry. */
  readonly maxEntryBytes: number;
  /** Inflated bytes over all entries read from one package. */
  readonly maxTotalBytes: number;
  /** Declared (or observed) inflated / compressed size, for entries above `ratioFloorBytes`. */
  readonly maxRatio: number;
  readonly ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 128 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  /** As declared by the central directory; never trusted for allocation. */
  readonly declaredSize: number;
  readonly localHeaderOffset: number;
  readonly flags: number;
}

/** Input per push: at most ~64 MB of output (DEFLATE's 1:1032 ratio) can exist before the cap check runs. */
const INPUT_CHUNK = 64 * 1024;

const corrupt = (what: string, cause?: unknown) =>
  new DocumentLoadError('document_corrupt', `The file is not a readable Office document: ${what}.`, { cause });

const bomb = (what: string, details: Record<string, unknown>) =>
  new DocumentLoadError('document_corrupt', `The Office document was refused: ${what} (possible zip bomb).`, { details });

/** An opened zip: its entry list, and on-demand, capped reads of entries. */
export class ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly limits: ZipLimits;
  private inflatedTotal = 0;

  /** @throws DocumentLoadError `document_corrupt` (not a zip, truncated, lying or excessive directory). */
  constructor(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.limits = limits;
    this.entries = this.readDirectory();
  }

  private readDirectory(): Map<string, ZipEntry> {
    const { bytes, view } = this;
    let eocd = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
      if (view.getUint32(at, true) === 0x06054b50) {
        eocd = at;
        break;
      }
    }
    if (eocd < 0) throw corrupt('the zip directory is missing (the file is truncated or not a zip)');
    const count = view.getUint16(eocd + 10, true);
    const directorySize = view.getUint32(eocd + 12, true);
    const directoryOffset = view.getUint32(eocd + 16, true);
    if (count === 0xffff || directoryOffset === 0xffffffff) throw corrupt('ZIP64 packages are not supported');
    if (count > this.limits.maxEntries) {
      throw bomb(`it has ${count} entries, more than ${this.limits.maxEntries}`, { entries: count, max_entries: this.limits.maxEntries });
    }
    if (directoryOffset + directorySize > eocd) throw corrupt('the zip directory points outside the file');
    const entries = new Map<string, ZipEntry>();
    const decoder = new TextDecoder();
    let at = directoryOffset;
    for (let n = 0; n < count; n++) {
      if (at + 46 > eocd || view.getUint32(at, true) !== 0x02014b50) throw corrupt('a zip directory entry is damaged');
      const flags = view.getUint16(at + 8, true);
      const method = view.getUint16(at + 10, true);
      const compressedSize = view.getUint32(at + 20, true);
      const declaredSize = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const localHeaderOffset = view.getUint32(at + 42, true);
      if (at + 46 + nameLength > eocd) throw corrupt('a zip directory entry is damaged');
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
      if (name.endsWith('/')) continue;
      if (localHeaderOffset + 30 > bytes.length || localHeaderOffset + compressedSize > bytes.length) {
        throw corrupt(`entry ${JSON.stringify(name)} lies outside the file (truncated)`);
      }
      // Names are matched case-insensitively (OPC part names are), the first one wins.
      const key = name.replace(/^\/+/, '').toLowerCase();
      if (!entries.has(key)) entries.set(key, { name, method, compressedSize, declaredSize, localHeaderOffset, flags });
    }
    return entries;
  }

  has(name: string): boolean {
    return this.entries.has(name.replace(/^\/+/, '').toLowerCase());
  }

  /** Names as stored, in directory order. */
  names(): string[] {
    return [...this.entries.values()].map((e) => e.name);
  }

  /**
   * The entry's bytes, inflated with a hard cap.
   *
   * @throws DocumentLoadError `document_corrupt` (damaged data, encrypted entry,
   *   unknown method, size over the caps, suspicious ratio).
   */
  read(name: string): Uint8Array {
    const entry = this.entries.get(name.replace(/^\/+/, '').toLowerCase());
    if (!entry) throw corrupt(`the part ${JSON.stringify(name)} is missing`);
    const { view, limits } = this;
    if (entry.flags & 0x01) {
      throw new DocumentLoadError('document_encrypted', 'The Office document is encrypted (password-protected); remove the password and upload it again.');
    }
    const at = entry.localHeaderOffset;
    if (view.getUint32(at, true) !== 0x04034b50) throw corrupt(`the data of ${JSON.stringify(entry.name)} is damaged`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw corrupt(`the data of ${JSON.stringify(entry.name)} is truncated`);
    const data = this.bytes.subarray(start, end);
    const entryCap = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - this.inflatedTotal);
    const ratioCap = Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio);
    const cap = Math.min(entryCap, ratioCap);
    const tooBig = (size: number) =>
      bomb(`part ${JSON.stringify(entry.name)} inflates to more than ${cap} bytes`, {
        part: entry.name,
        compressed_bytes: entry.compressedSize,
        inflated_bytes_at_least: size,
        max_inflated_bytes: cap,
      });
    if (entry.declaredSize > cap) throw tooBig(entry.declaredSize);

    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.length > cap) throw tooBig(data.length);
      out = data;
    } else if (entry.method === 8) {
      out = inflateCapped(data, cap, tooBig, (cause) => corrupt(`the data of ${JSON.stringify(entry.name)} is damaged`, cause));
    } else {
      throw corrupt(`part ${JSON.stringify(entry.name)} uses an unsupported compression method (${entry.method})`);
    }
    this.inflatedTotal += out.length;
    return out;
  }

  /** The entry as text (UTF-8, BOM dropped; UTF-16 with a BOM is honoured). */
  readText(name: string): string {
    const data = this.read(name);
    if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
    if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
    return new TextDecoder('utf-8').decode(data);
  }
}

/** Inflates raw DEFLATE data in small input chunks, stopping as soon as the output passes `cap`. */
function inflateCapped(
  data: Uint8Array,
  cap: number,
  tooBig: (size: number) => Error,
  damaged: (cause: unknown) => Error,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > cap) throw tooBig(size);
    // fflate hands out a fresh copy for every push (its `slc`): no need to copy again.
    chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let at = 0; at < data.length && !done; at += INPUT_CHUNK) {
      const end = Math.min(at + INPUT_CHUNK, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    throw damaged(error);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
