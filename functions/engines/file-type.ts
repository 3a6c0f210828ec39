/**
 * File type from the bytes themselves (magic numbers, container structure,
 * text heuristics), so a wrong extension or content type cannot send a file
 * to the wrong backend.
 *
 * @module
 */
import type { FileKind } from '../contracts/media-types.ts';

/** Kinds recognised by a signature; the bytes decide these. */
const BINARY_KINDS: ReadonlySet<FileKind> = new Set(['pdf', 'png', 'jpeg', 'webp', 'tiff', 'heic', 'docx', 'xlsx', 'pptx', 'rtf', 'xls', 'msg']);
/** Plain-text kinds: any text is a valid txt, so the declared kind decides among these. */
const TEXT_KINDS: ReadonlySet<FileKind> = new Set(['csv', 'txt', 'json', 'xml', 'html', 'eml']);

/** Only this much is decoded to judge text files. */
const TEXT_PREFIX = 64 * 1024;
/** Smaller JSON files are parsed in full; larger ones get a prefix check. */
const JSON_FULL_PARSE = 1024 * 1024;

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'heif']);
const NOT_HEIC_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function indexOfAscii(bytes: Uint8Array, needle: string, limit: number): number {
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

function heicKind(bytes: Uint8Array): FileKind | undefined {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = Math.min(view.getUint32(0), bytes.length, 4096);
  const major = ascii(bytes, 8, 4);
  if (NOT_HEIC_BRANDS.has(major)) return undefined;
  if (HEIC_BRANDS.has(major)) return 'heic';
  for (let at = 16; at + 4 <= boxSize; at += 4) if (HEIC_BRANDS.has(ascii(bytes, at, 4))) return 'heic';
  return undefined;
}

/** Entry names of a zip: from the central directory, else by walking local headers (truncated files). */
function zipEntryNames(bytes: Uint8Array, max = 2000): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const names: string[] = [];
  // End of central directory: 22 bytes plus a comment of up to 65,535 bytes.
  for (let eocd = bytes.length - 22; eocd >= Math.max(0, bytes.length - 22 - 65_535); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const count = view.getUint16(eocd + 10, true);
    let at = view.getUint32(eocd + 16, true);
    for (let n = 0; n < count && n < max && at + 46 <= bytes.length; n++) {
      if (view.getUint32(at, true) !== 0x02014b50) break;
      const nameLength = view.getUint16(at + 28, true);
      names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    if (names.length) return names;
    break;
  }
  let at = 0;
  while (names.length < max && at + 30 <= bytes.length && view.getUint32(at, true) === 0x04034b50) {
    const flags = view.getUint16(at + 6, true);
    const compressed = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    names.push(decoder.decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    // With a data descriptor (bit 3) the size is unknown here: stop, the first names usually suffice.
    if (flags & 0x08) break;
    at += 30 + nameLength + view.getUint16(at + 28, true) + compressed;
  }
  return names;
}

/** The main part of each OOXML kind at its conventional name, then its folder. */
const OFFICE_PARTS: readonly (readonly [FileKind, string, string])[] = [
  ['docx', 'word/document.xml', 'word/'],
  ['xlsx', 'xl/workbook.xml', 'xl/'],
  ['pptx', 'ppt/presentation.xml', 'ppt/'],
];

/**
 * An OOXML package: a zip with `[Content_Types].xml` and the main part of one
 * kind. The exact main part decides first (a Word file may embed a workbook
 * under `word/embeddings/`, never under `xl/`); a plain zip, an OpenDocument
 * file (`mimetype` entry) or any other container is not an Office kind.
 */
function officeKind(bytes: Uint8Array): FileKind | undefined {
  const names = zipEntryNames(bytes).map((n) => n.replace(/^\/+/, '').toLowerCase());
  if (!names.includes('[content_types].xml')) return undefined;
  for (const [kind, main] of OFFICE_PARTS) if (names.includes(main)) return kind;
  for (const [kind, , folder] of OFFICE_PARTS) if (names.some((n) => n.startsWith(folder))) return kind;
  return undefined;
}

/** Decodes a prefix as text (UTF-8, UTF-16 with BOM, else Latin-1); undefined when it looks binary. */
function decodeText(bytes: Uint8Array): { text: string; truncated: boolean } | undefined {
  const truncated = bytes.length > TEXT_PREFIX;
  const head = bytes.subarray(0, TEXT_PREFIX);
  let text: string;
  if (startsWith(head, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(head.subarray(2));
  else if (startsWith(head, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(head.subarray(2));
  else {
    if (head.includes(0)) return undefined;
    const body = startsWith(head, [0xef, 0xbb, 0xbf]) ? head.subarray(3) : head;
    try {
      // `stream: true` tolerates a multi-byte character cut at the prefix end.
      text = new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: truncated });
    } catch {
      text = new TextDecoder('latin1').decode(body);
    }
  }
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0x7f || c === 0xfffd) control++;
  }
  if (control > Math.max(2, text.length * 0.01)) return undefined;
  return { text, truncated };
}

function looksLikeJson(text: string, truncated: boolean, size: number): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  if (!truncated && size <= JSON_FULL_PARSE) {
    try {
      const value: unknown = JSON.parse(trimmed);
      return typeof value === 'object' && value !== null;
    } catch {
      return false;
    }
  }
  // Large file: an object must open with a key or close; an array with a value.
  return trimmed[0] === '{' ? /^\{\s*(?:"|\})/.test(trimmed) : /^\[\s*(?:[[{"\]\d-]|true|false|null)/.test(trimmed);
}

/** An HTML page: a doctype or an `<html>`/`<head>`/`<body>` element first (after comments). */
function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

/** Header fields an RFC 822 message opens with; a text must show `From:` and one more to be taken for e-mail. */
const MAIL_HEADERS = /^(?:from|to|cc|subject|date|message-id|mime-version|received|return-path|reply-to|delivered-to|x-[\w-]+):/i;

/** An e-mail: its first lines are header fields (continuations indented), among them `From:` and another known one. */
function looksLikeEmail(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 16 * 1024));
  const end = head.search(/\r?\n\r?\n/);
  if (end <= 0) return false;
  const fields = head.slice(0, end).split(/\r?\n/).filter((l) => !/^[ \t]/.test(l));
  if (!fields.every((l) => /^[\x21-\x39\x3b-\x7e]+:/.test(l))) return false;
  return fields.some((l) => /^from:/i.test(l)) && fields.filter((l) => MAIL_HEADERS.test(l)).length >= 2;
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const utf16 = (name: string) => Buffer.from(name, 'utf16le');

/**
 * A Compound File (legacy Office): a BIFF workbook has a `Workbook` (or
 * `Book`) stream, an Outlook message `__substg1.0_` streams. Stream names are
 * UTF-16 in the directory; Word and PowerPoint files (neither) are left
 * undefined so the declared kind's backend can explain.
 */
function compoundFileKind(bytes: Uint8Array): FileKind | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // An encrypted OOXML file is a compound file too: its declared backend says so.
  if (buffer.includes(utf16('EncryptedPackage'))) return undefined;
  if (buffer.includes(utf16('__substg1.0_'))) return 'msg';
  if (buffer.includes(utf16('WordDocument')) || buffer.includes(utf16('PowerPoint Document'))) return undefined;
  if (buffer.includes(utf16('Workbook')) || buffer.includes(utf16('Book\0'))) return 'xls';
  return undefined;
}

function looksLikeXml(text: string): boolean {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('<?xml')) return true;
  if (/^<!doctype\s+html|^<html[\s>]/i.test(trimmed)) return false;
  return /^(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<[A-Za-z_][\w.:-]*[\s>/]/.test(trimmed);
}

const DELIMITERS = [',', ';', '\t', '|'];

/** Counts a delimiter outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delimiter && !inQuotes) count++;
  }
  return count;
}

/** CSV: at least two lines and one delimiter appearing the same (non-zero) number of times on nearly all of them. */
function looksLikeCsv(text: string, truncated: boolean): boolean {
  let lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  if (truncated) lines = lines.slice(0, -1); // the last line may be cut
  lines = lines.slice(0, 50);
  if (lines.length < 2) return false;
  return DELIMITERS.some((d) => {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const first = counts[0];
    if (first === 0) return false;
    const same = counts.filter((c) => c === first).length;
    // A single comma per line could be prose; demand more lines then.
    return same >= Math.ceil(lines.length * 0.9) && (first > 1 || lines.length >= 3);
  });
}

/**
 * The file kind the bytes say, or `undefined` (unknown binary, a plain zip,
 * AVIF, an empty file).
 *
 * @example
 * sniffKind(new TextEncoder().encode('%PDF-1.7\n…')); // 'pdf'
 * sniffKind(new TextEncoder().encode('a,b\n1,2\n'));  // 'csv'
 */
export function sniffKind(bytes: Uint8Array): FileKind | undefined {
  if (bytes.length === 0) return undefined;
  if (indexOfAscii(bytes, '%PDF-', 1024) >= 0) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff'; // BigTIFF
  const heic = heicKind(bytes);
  if (heic) return heic;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes);
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return 'rtf'; // {\rtf
  if (startsWith(bytes, CFB_SIGNATURE)) return compoundFileKind(bytes);
  // E-mail first: a message may carry 8-bit or binary parts the text check would refuse.
  if (looksLikeEmail(bytes)) return 'eml';

  const decoded = decodeText(bytes);
  if (!decoded) return undefined;
  const { text, truncated } = decoded;
  if (text.trim() === '') return 'txt';
  if (text.trimStart().startsWith('{\\rtf')) return 'rtf';
  if (looksLikeJson(text, truncated, bytes.length)) return 'json';
  if (looksLikeXml(text)) return 'xml';
  if (looksLikeCsv(text, truncated)) return 'csv';
  return 'txt';
}

export const isTextKind = (kind: FileKind): boolean => TEXT_KINDS.has(kind);
export const isBinaryKind = (kind: FileKind): boolean => BINARY_KINDS.has(kind);

/**
 * The kind to process the file as. Binary formats are taken from the bytes
 * whatever was declared. Text is text: when the bytes are text and the
 * declared kind is a text kind, the declared kind wins (a .txt of comma
 * lines stays txt; a .json that does not parse is still treated as json and
 * fails later). When the bytes match nothing but a binary kind was declared,
 * the declared kind is returned so its backend can report the damage
 * (`document_corrupt`) instead of a vague "unsupported".
 *
 * @returns `undefined` when nothing fits (the caller's 415).
 * @example
 * resolveKind(csvBytes, 'txt'); // 'txt'
 * resolveKind(pngBytes, 'pdf'); // 'png'
 */
export function resolveKind(bytes: Uint8Array, declaredKind?: FileKind): FileKind | undefined {
  const sniffed = sniffKind(bytes);
  if (sniffed && isBinaryKind(sniffed)) return sniffed;
  if (sniffed && declaredKind && isTextKind(declaredKind)) return declaredKind;
  // HTML is text to the sniffer (a page of tags is valid text); undeclared, a page that opens like one is read as HTML.
  if (sniffed === 'txt' && looksLikeHtml(decodeText(bytes)?.text ?? '')) return 'html';
  if (sniffed) return sniffed;
  if (declaredKind && isBinaryKind(declaredKind) && bytes.length > 0) return declaredKind;
  return undefined;
}
