/**
 * Bytes to text for the plain-text kinds (TXT, CSV, JSON, XML, RTF).
 *
 * Decision: UTF-8 (BOM optional) or UTF-16 with a BOM are decoded as such;
 * bytes that are not valid UTF-8 are decoded as Windows-1252 (legacy
 * "ANSI" files are common and always decodable); NUL bytes outside UTF-16,
 * or more than 1% control characters, mean the file is binary and it is
 * refused (`unsupported_file_type`) rather than turned into mojibake.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FileKind } from '../../contracts/media-types.ts';

export interface DecodedText {
  readonly text: string;
  readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

const binary = (kind: FileKind) =>
  new DocumentLoadError('unsupported_file_type', `The file was declared as ${kind.toUpperCase()} but contains binary data, not text.`, {
    details: { declared_type: kind, detected_type: null },
  });

/** @throws DocumentLoadError `unsupported_file_type` for binary data. */
export function decodeTextBytes(bytes: Uint8Array, kind: FileKind): DecodedText {
  let decoded: DecodedText;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) decoded = { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoded = { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  else {
    if (bytes.indexOf(0) >= 0) throw binary(kind);
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    try {
      decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
    } catch {
      decoded = { text: decodeWindows1252(body), encoding: 'windows-1252' };
    }
  }
  const { text } = decoded;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0x7f || c === 0) control++;
  }
  if (control > Math.max(8, text.length * 0.01)) throw binary(kind);
  return decoded;
}

/** Windows-1252's 0x80–0x9F (Node decodes the label as ISO-8859-1, which leaves C1 controls there). */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Decodes Windows-1252 exactly, whatever the runtime's ICU does with the label. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}
