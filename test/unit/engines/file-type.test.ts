import { describe, expect, it } from 'vitest';
import type { FileKind } from '../../../functions/contracts/media-types.ts';
import { resolveKind, sniffKind } from '../../../functions/engines/file-type.ts';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...text(p)] : [...p])));

/** A stored (uncompressed) zip of empty entries, with or without its central directory. */
function zip(names: readonly string[], centralDirectory = true): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  const u16 = (n: number) => [n & 255, (n >> 8) & 255];
  const u32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
  for (const name of names) {
    const encoded = [...text(name)];
    const offset = local.length;
    local.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(0), ...u32(0));
    local.push(...u16(encoded.length), ...u16(0), ...encoded);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0));
    central.push(...u32(0), ...u32(0), ...u16(encoded.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...encoded);
  }
  if (!centralDirectory) return new Uint8Array(local);
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(names.length), ...u16(names.length), ...u32(central.length), ...u32(local.length), ...u16(0)];
  return new Uint8Array([...local, ...central, ...end]);
}

const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), new Array(32).fill(0));
};

/** Deterministic pseudo-random bytes: "binary garbage". */
function garbage(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = 42;
  for (let i = 0; i < length; i++) out[i] = (s = (s * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return out;
}

const CONTENT_TYPES = '[Content_Types].xml';

describe('Engine: file type', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n%\xe2\xe3\n1 0 obj'), 'pdf'],
    ['a PDF after junk (within 1 KB)', bytes(new Array(500).fill(0x20), '%PDF-1.4\n'), 'pdf'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]), 'png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'jpeg'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['a little-endian TIFF', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'tiff'],
    ['a big-endian TIFF', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), 'tiff'],
    ['a HEIC (major brand heic)', ftyp('heic', 'mif1', 'heic'), 'heic'],
    ['a HEIF (compatible brand mif1)', ftyp('msf1', 'mif1'), 'heic'],
    ['an AVIF (not HEIC)', ftyp('avif', 'mif1', 'miaf'), undefined],
    ['a DOCX', zip([CONTENT_TYPES, '_rels/.rels', 'word/document.xml']), 'docx'],
    ['an XLSX', zip([CONTENT_TYPES, '_rels/.rels', 'xl/workbook.xml']), 'xlsx'],
    ['a PPTX', zip([CONTENT_TYPES, '_rels/.rels', 'ppt/presentation.xml']), 'pptx'],
    ['a DOCX without central directory (truncated)', zip([CONTENT_TYPES, 'word/document.xml'], false), 'docx'],
    ['a plain zip', zip(['readme.txt', 'data/file.bin']), undefined],
    ['an RTF', bytes('{\\rtf1\\ansi Hello}'), 'rtf'],
    ['a JSON object', bytes('{"a": [1, 2, {"b": null}]}'), 'json'],
    ['a JSON array with a BOM', bytes([0xef, 0xbb, 0xbf], '[1, 2, 3]\n'), 'json'],
    ['broken JSON (text)', bytes('{"a": 1,,}'), 'txt'],
    ['XML with a declaration', bytes('<?xml version="1.0"?><invoice/>'), 'xml'],
    ['XML starting with an element', bytes('\n<Invoice xmlns="urn:x"><ID>1</ID></Invoice>'), 'xml'],
    ['HTML (text, not XML)', bytes('<!DOCTYPE html><html><body>x</body></html>'), 'txt'],
    ['a CSV', bytes('name,qty,price\napple,2,1.20\npear,1,0.80\n'), 'csv'],
    ['a semicolon CSV with quoted delimiters', bytes('a;b;c\n"x;y";2;3\n4;5;6\n'), 'csv'],
    ['a TSV', bytes('a\tb\n1\t2\n3\t4\n'), 'csv'],
    ['prose with commas', bytes('Dear Sir, thank you.\nWe received, as agreed, the goods, and more.\nRegards\n'), 'txt'],
    ['one line of text', bytes('hello world'), 'txt'],
    ['UTF-16 text with a BOM', new Uint8Array([0xff, 0xfe, ...[...'hi there'].flatMap((c) => [c.charCodeAt(0), 0])]), 'txt'],
    ['Latin-1 text', bytes('caf', [0xe9], ' cr', [0xe8], 'me\n'), 'txt'],
    ['binary garbage', garbage(4096), undefined],
    ['an ELF binary', bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]), undefined],
    ['nothing', new Uint8Array(), undefined],
  ] as [string, Uint8Array, FileKind | undefined][])('sniffs %s', (_name, input, expected) => {
    // Act
    const kind = sniffKind(input);

    // Assess
    expect(kind).toBe(expected);
  });

  it('checks a large JSON file by its prefix only', () => {
    // Prepare: 2 MB array, cut so it would not parse as a whole.
    const big = text(`[${'{"k": 12345},'.repeat(160_000)}`);

    // Act
    const kind = sniffKind(big);

    // Assess
    expect(kind).toBe('json');
  });

  it.each([
    ['PNG bytes declared as PDF: the bytes win', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'pdf', 'png'],
    ['PDF bytes declared as text: the bytes win', bytes('%PDF-1.7\n'), 'txt', 'pdf'],
    ['CSV-looking bytes declared as txt: declared text kind wins', bytes('a,b\n1,2\n3,4\n'), 'txt', 'txt'],
    ['text declared as CSV', bytes('just a note'), 'csv', 'csv'],
    ['unparseable text declared as JSON stays JSON (fails later)', bytes('{oops'), 'json', 'json'],
    ['CSV bytes declared as PDF: text kind from the bytes', bytes('a,b\n1,2\n3,4\n'), 'pdf', 'csv'],
    ['garbage declared as PDF: its backend reports the damage', garbage(2048), 'pdf', 'pdf'],
    ['garbage declared as CSV', garbage(2048), 'csv', undefined],
    ['garbage, nothing declared', garbage(2048), undefined, undefined],
    ['RTF declared as txt: the bytes win', bytes('{\\rtf1 x}'), 'txt', 'rtf'],
    ['nothing declared, CSV bytes', bytes('a,b\n1,2\n3,4\n'), undefined, 'csv'],
  ] as [string, Uint8Array, FileKind | undefined, FileKind | undefined][])('resolves %s', (_name, input, declared, expected) => {
    // Act
    const kind = resolveKind(input, declared);

    // Assess
    expect(kind).toBe(expected);
  });
});
