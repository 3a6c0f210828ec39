/**
 * The decompression bounds inside pdf.js's decode streams (decode-budget.ts),
 * through the real backend: whatever a stream dictionary claims, a stream
 * that inflates past the limits makes the PDF `document_corrupt`
 * (`decompression_bomb`), and ordinary PDFs are untouched.
 *
 * Small limits keep the bombs here small (a few MiB); the full-size ones run
 * through the API in test/integration/hostile.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { MAX_DOCUMENT_PAGES } from '../../../functions/contracts/limits.ts';
import { DEFAULT_DECODE_LIMITS, SYNC_INFLATE_MAX_INPUT, SYNC_INFLATE_MAX_OUTPUT, type DecodeLimits } from '../../../functions/engines/pdf/decode-budget.ts';
import { loadPdf, type LoadPdfOptions } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { buildDisguisedBomb, buildFlateImageBomb, manyPagesPdf, type DisguisedBomb } from '../../../scripts/make-hostile-fixtures.ts';

const MIB = 1024 * 1024;
/** 1 MiB a stream (4 MiB for images), 2 MiB of content in all (+1 per file byte). */
const LIMITS: DecodeLimits = {
  maxStreamBytes: 1 * MIB,
  maxImageStreamBytes: 4 * MIB,
  maxScriptDecodedStreamBytes: 1 * MIB,
  maxScriptDecodedBytes: 2 * MIB,
  maxContentBytes: 2 * MIB,
  contentBytesPerFileByte: 1,
  maxImageBytes: 16 * MIB,
  imageBytesPerFileByte: 1,
};

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** A one-page PDF whose /Contents are the given streams (each `[dictionary, data]`), then `extra` objects. */
function pdfWithContents(contents: readonly (readonly [string, Buffer])[], extra: readonly string[] = []): Buffer {
  const first = 5;
  const refs = contents.map((_, i) => `${first + i} 0 R`).join(' ');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${refs}] /Resources << /Font << /F1 4 0 R >> >> >>`),
    Buffer.from(FONT),
    ...contents.map(([dictionary, data]) =>
      Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]),
    ),
    ...extra.map((e) => Buffer.from(e, 'latin1')),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let offset = chunks[0].length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)];
  chunks.push(Buffer.from(`${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

const text = (words: string) => Buffer.from(`BT /F1 12 Tf 72 700 Td (${words}) Tj ET\n`, 'latin1');
const spaces = (n: number) => Buffer.alloc(n, 0x20);

/** Opens, extracts every page and closes: what a parse does. */
async function parse(bytes: Uint8Array, options: LoadPdfOptions = { decodeLimits: LIMITS }): Promise<string> {
  const pdf = await loadPdf(bytes, options);
  try {
    const doc = await pdf.extract();
    return doc.pages.map((p) => p.text).join('\n');
  } finally {
    await pdf.close();
  }
}

async function refusal(promise: Promise<unknown>): Promise<DocumentLoadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected the PDF to be refused').toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

async function expectBomb(bytes: Uint8Array, message: RegExp = /decompression bomb/): Promise<void> {
  const error = await refusal(parse(bytes));
  expect(error.code).toBe('document_corrupt');
  expect(error.statusCode).toBe(422);
  expect(error.message).toMatch(message);
  expect(error.details).toMatchObject({ reason: 'decompression_bomb' });
}

describe('PDF decode bounds', () => {
  it('leaves ordinary compressed content alone', async () => {
    const content = Buffer.concat([text('Invoice 42 paid in full'), spaces(200 * 1024)]);
    expect(await parse(pdfWithContents([['/Filter /FlateDecode', deflateSync(content)]]))).toContain('Invoice 42 paid in full');
  });

  it('reads a small stream that inflates past the synchronous bound through the thread pool beside one inflated on the event loop', async () => {
    // Arrange: a few KiB that inflate to 6 MiB (past the 4 MiB inflated on the event loop), and an ordinary small one.
    const large = Buffer.concat([text('Ledger'), spaces(SYNC_INFLATE_MAX_OUTPUT + 2 * MIB)]);
    const small = Buffer.from('BT /F1 12 Tf 72 600 Td (Totals) Tj ET\n', 'latin1');
    const compressed = deflateSync(large);
    const bytes = pdfWithContents([
      ['/Filter /FlateDecode', compressed],
      ['/Filter /FlateDecode', deflateSync(small)],
    ]);
    // Act
    const read = await parse(bytes, { decodeLimits: DEFAULT_DECODE_LIMITS });
    // Assess
    expect(compressed.byteLength).toBeLessThan(SYNC_INFLATE_MAX_INPUT);
    expect(read).toMatch(/Ledger\s+Totals/);
  });

  it('refuses one content stream that inflates past the per-stream limit', async () => {
    await expectBomb(pdfWithContents([['/Filter /FlateDecode', deflateSync(Buffer.concat([text('x'), spaces(2 * MIB)]))]]), /more than 1 MiB/);
  });

  it('refuses streams that each stay under the limit but not together', async () => {
    const each = deflateSync(spaces(900 * 1024));
    const three = pdfWithContents([0, 1, 2].map(() => ['/Filter /FlateDecode', each] as const));
    await expectBomb(three, /in total/);
    // One of them fits.
    expect(await parse(pdfWithContents([['/Filter /FlateDecode', each], ['', text('Still readable')]]))).toContain('Still readable');
  });

  const bypasses: DisguisedBomb[] = ['image-subtype', 'hex-flate-chain', 'indirect-filter', 'long-dictionary', 'lzw', 'brotli'];
  for (const kind of bypasses) {
    it(`refuses a bomb the old dictionary scan missed: ${kind}`, async () => {
      await expectBomb(await buildDisguisedBomb(kind, 4 * MIB));
    });
  }

  it('holds decoders written in JavaScript (LZW) to their own, smaller limit by default: they hold the event loop', async () => {
    const error = await refusal(parse(await buildDisguisedBomb('lzw', 16 * MIB), {}));
    expect(error.message).toMatch(/LZW, RunLength, CCITT or damaged Flate data that decodes to more than 8 MiB a stream/);
    expect(error.details).toMatchObject({ reason: 'decompression_bomb', max_stream_bytes: DEFAULT_DECODE_LIMITS.maxScriptDecodedStreamBytes });
  });

  it('refuses a doubly deflated stream and a chain of filters', async () => {
    const twice = deflateSync(deflateSync(spaces(4 * MIB)));
    await expectBomb(pdfWithContents([['/Filter [/FlateDecode /FlateDecode]', twice]]));
    await expectBomb(pdfWithContents([['/Filter [/Fl /Fl]', twice]]));
  });

  it('reads LZW and Brotli content that stays within the limits', async () => {
    // Brotli through zlib (pdf.js's own decoder is unbounded); LZW through pdf.js, bounded by its buffers.
    const content = Buffer.concat([text('Brotli body text'), spaces(64 * 1024)]);
    expect(await parse(pdfWithContents([['/Filter /BrotliDecode', brotliCompressSync(content)]]))).toContain('Brotli body text');
    expect(await parse(await buildDisguisedBomb('lzw', 512 * 1024))).toBe('');
  });

  it('reads a truncated or damaged Flate stream as pdf.js does (what decodes), without refusing it', async () => {
    const full = deflateSync(Buffer.concat([text('Kept before the cut'), spaces(100 * 1024)]));
    await expect(parse(pdfWithContents([['/Filter /FlateDecode', full.subarray(0, 60)]]))).resolves.toBeTypeOf('string');
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    await expect(parse(pdfWithContents([['/Filter /FlateDecode', garbage], ['', text('After the garbage')]]))).resolves.toContain('After the garbage');
  });

  it('holds image data to its own per-stream limit, not the content one', async () => {
    // 3 MiB of image data: over the 1 MiB content limit, under the 4 MiB image limit.
    const pdf = await loadPdf(await buildFlateImageBomb(64, 3 * MIB), { decodeLimits: LIMITS });
    try {
      const doc = await pdf.extract(undefined, { graphics: true });
      expect(doc.pages).toHaveLength(1);
      const { png, width } = await pdf.renderPng(1, { dpi: 36 });
      expect(png.length).toBeGreaterThan(0);
      expect(width).toBeGreaterThan(0);
    } finally {
      await pdf.close();
    }
    // pdf.js's asynchronous image inflate kept everything; now it stops at the image limit.
    await expectBomb(await buildFlateImageBomb(64, 32 * MIB), /more than 4 MiB/);
  });

  it('keeps budgets apart: a bomb and an ordinary PDF opened at the same time', async () => {
    const bomb = pdfWithContents([0, 1, 2].map(() => ['/Filter /FlateDecode', deflateSync(spaces(900 * 1024))] as const));
    const fine = pdfWithContents([['/Filter /FlateDecode', deflateSync(Buffer.concat([text('Concurrent and fine'), spaces(300 * 1024)]))]]);
    const [a, b] = await Promise.allSettled([parse(bomb), parse(fine)]);
    expect(a.status).toBe('rejected');
    expect(b).toMatchObject({ status: 'fulfilled', value: expect.stringContaining('Concurrent and fine') });
  });

  it('keeps the default limits above every PDF fixture of the test suite', async () => {
    const dir = join(import.meta.dirname, '../../fixtures/documents');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.pdf'));
    expect(files.length).toBeGreaterThan(5);
    expect(DEFAULT_DECODE_LIMITS.maxStreamBytes).toBeGreaterThanOrEqual(32 * MIB);
    for (const file of files) {
      await parse(readFileSync(join(dir, file)), {}).catch((error: unknown) => {
        // Fixtures that are meant to be refused for another reason are fine; a bomb refusal is not.
        expect((error as DocumentLoadError).details?.reason, file).not.toBe('decompression_bomb');
      });
    }
  }, 120_000);
});

describe('PDF page count and deadline at open', () => {
  it(`refuses more than ${MAX_DOCUMENT_PAGES} pages whatever the caller asks, before reading any page`, async () => {
    const error = await refusal(loadPdf(manyPagesPdf(MAX_DOCUMENT_PAGES + 1)));
    expect(error.code).toBe('page_limit_exceeded');
    expect(error.statusCode).toBe(413);
    expect(error.details).toEqual({ pages: MAX_DOCUMENT_PAGES + 1, max_pages: MAX_DOCUMENT_PAGES });
    expect((await refusal(loadPdf(manyPagesPdf(30), { maxPages: 1_000_000 }).then((p) => p.close()).then(() => loadPdf(manyPagesPdf(30), { maxPages: 29 })))).details).toEqual({
      pages: 30,
      max_pages: 29,
    });
  });

  it('stops the open-time scan once the request is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('deadline passed');
    // pagesOfInterest runs just before the scan: abort there, as a deadline passing mid-open would.
    const opening = loadPdf(manyPagesPdf(400), {
      signal: controller.signal,
      pagesOfInterest: (n) => {
        controller.abort(reason);
        return Array.from({ length: n }, (_, i) => i + 1);
      },
    });
    await expect(opening).rejects.toBe(reason);
    const aborted = AbortSignal.abort(reason);
    await expect(loadPdf(manyPagesPdf(2), { signal: aborted })).rejects.toBe(reason);
  });
});
