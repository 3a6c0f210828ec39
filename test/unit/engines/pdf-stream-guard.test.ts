import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { assertNoStreamBomb, type StreamLimits } from '../../../functions/engines/pdf/stream-guard.ts';

const KIB = 1024;
/** Small limits so the bombs here stay small: 64 KiB a stream, 128 KiB in all (+1 per file byte). */
const LIMITS: StreamLimits = { maxStreamBytes: 64 * KIB, maxTotalBytes: 128 * KIB, totalBytesPerFileByte: 1 };

function streamObject(n: number, dictionary: string, data: Buffer, length: string = String(data.length)): Buffer {
  return Buffer.concat([
    Buffer.from(`${n} 0 obj\n<< ${dictionary} /Length ${length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

/** Not a complete PDF: the guard only reads the stream objects, which is the point (it runs before pdf.js). */
function pdfWith(...objects: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), ...objects, Buffer.from('trailer\n<< >>\n%%EOF\n', 'latin1')]);
}

const spaces = (n: number) => Buffer.alloc(n, 0x20);

function refusal(fn: () => void): DocumentLoadError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentLoadError);
    return error as DocumentLoadError;
  }
  throw new Error('expected the PDF to be refused');
}

describe('assertNoStreamBomb', () => {
  it('accepts ordinary compressed content', () => {
    const pdf = pdfWith(streamObject(4, '/Filter /FlateDecode', deflateSync(spaces(32 * KIB))));
    expect(() => assertNoStreamBomb(pdf, LIMITS)).not.toThrow();
  });

  it('refuses one stream that inflates past the per-stream limit, as document_corrupt', () => {
    const pdf = pdfWith(streamObject(4, '/Filter /FlateDecode', deflateSync(spaces(65 * KIB))));
    const error = refusal(() => assertNoStreamBomb(pdf, LIMITS));
    expect(error.code).toBe('document_corrupt');
    expect(error.message).toMatch(/decompression bomb/);
    expect(error.details).toMatchObject({ reason: 'decompression_bomb' });
  });

  it('refuses many streams that each stay under the limit but not together', () => {
    const each = deflateSync(spaces(60 * KIB));
    const pdf = pdfWith(...[4, 5, 6].map((n) => streamObject(n, '/Filter /FlateDecode', each)));
    expect(refusal(() => assertNoStreamBomb(pdf, LIMITS)).message).toMatch(/in total/);
    // Two of them fit in 128 KiB plus the file-size allowance.
    expect(() => assertNoStreamBomb(pdfWith(streamObject(4, '/Filter /FlateDecode', each), streamObject(5, '/Filter /FlateDecode', each)), LIMITS)).not.toThrow();
  });

  it('follows chains of FlateDecode filters and the /Fl abbreviation', () => {
    const twice = deflateSync(deflateSync(spaces(200 * KIB)));
    expect(() => assertNoStreamBomb(pdfWith(streamObject(4, '/Filter [/FlateDecode /FlateDecode]', twice)), LIMITS)).toThrow(DocumentLoadError);
    expect(() => assertNoStreamBomb(pdfWith(streamObject(4, '/Filter [/Fl /Fl]', twice)), LIMITS)).toThrow(DocumentLoadError);
    // Only one layer declared: what pdf.js would inflate is the small middle layer.
    expect(() => assertNoStreamBomb(pdfWith(streamObject(4, '/Filter /FlateDecode', twice)), LIMITS)).not.toThrow();
  });

  it('finds the data of a stream whose /Length is an indirect reference', () => {
    const pdf = pdfWith(streamObject(4, '/Filter /FlateDecode', deflateSync(spaces(100 * KIB)), '9 0 R'));
    expect(() => assertNoStreamBomb(pdf, LIMITS)).toThrow(DocumentLoadError);
  });

  it('skips image streams, whose decoding pdf.js bounds by pixel count', () => {
    const pdf = pdfWith(streamObject(4, '/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode', deflateSync(spaces(100 * KIB))));
    expect(() => assertNoStreamBomb(pdf, LIMITS)).not.toThrow();
  });

  it('does not count damaged, encrypted-looking or uncompressed data, and does not throw on it', () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    const pdf = pdfWith(
      streamObject(4, '/Filter /FlateDecode', garbage),
      streamObject(5, '', spaces(100 * KIB)),
      streamObject(6, '/Filter /FlateDecode', deflateSync(spaces(100 * KIB)).subarray(0, 40)),
    );
    expect(() => assertNoStreamBomb(pdf, LIMITS)).not.toThrow();
  });

  it('does not mistake the word "stream" inside stream data for a new stream', () => {
    const inner = Buffer.concat([Buffer.from('BT (stream\n) Tj ET\n'), spaces(10)]);
    expect(() => assertNoStreamBomb(pdfWith(streamObject(4, '', inner)), LIMITS)).not.toThrow();
  });

  it('accepts every PDF fixture of the test suite with the default limits', () => {
    const dir = join(import.meta.dirname, '../../fixtures/documents');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(() => assertNoStreamBomb(readFileSync(join(dir, file))), file).not.toThrow();
  });
});
