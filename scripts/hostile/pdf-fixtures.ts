/**
 * Hostile PDFs: malformed structure (cycles, deep nesting, broken xref, no
 * root, no pages), decompression bombs (plain, many streams, double, and
 * disguised to slip past stream guards), form and pattern bombs for the
 * evaluation budget, and page-count extremes.
 *
 * @module
 */
import { constants as zlibConstants, createBrotliCompress, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { deflateRepeated } from './container-fixtures.ts';
import { FONT, type PdfObject, onePageObjects, rawPdf, stream } from './raw-pdf.ts';

export async function textPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 30; l++) page.drawText(`Page ${p} line ${l + 1}: hostile input fixture text`, { x: 72, y: 720 - l * 20, size: 12, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * An image-only page (no text layer, so it is an OCR candidate) of `mediaBox`
 * size, painted edge to edge with an image XObject that declares
 * `imageSide`×`imageSide` 8-bit gray pixels but carries only a few rows.
 */
export function imageOnlyPdf(mediaBox: string, imageSide: number): Buffer {
  const [, , w, h] = mediaBox.replace(/[[\]]/g, '').trim().split(/\s+/);
  const rows = Math.min(imageSide, 4);
  const pixels = Buffer.alloc(imageSide * rows);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) & 0xff;
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>`,
    stream('', Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im1 Do Q`, 'latin1')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${imageSide} /Height ${imageSide} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      deflateSync(pixels, { level: 9 }),
    ),
  ]);
}

/** A 100k-level nested array in the page dictionary: recursive parsers overflow their stack. */
export function deepNestingPdf(levels: number): Buffer {
  const objects = onePageObjects('Deep nesting');
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Deep ${'['.repeat(levels)}${']'.repeat(levels)} >>`;
  return rawPdf(objects);
}

/**
 * A filled text field whose widget annotation holds a dictionary nested `levels` deep (/MK): the page's text reads,
 * but pdf.js overflows its stack when it draws the page — what redaction does with every page.
 */
export function deepAnnotationPdf(levels: number): Buffer {
  const objects = onePageObjects('Deep annotation');
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R] >>`;
  objects[0] = '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>';
  const nested = `${'<< /A '.repeat(levels)}1${' >>'.repeat(levels)}`;
  objects.push(`<< /Type /Annot /Subtype /Widget /FT /Tx /T (account) /V (0000) /Rect [72 600 300 620] /P 3 0 R /MK ${nested} >>`);
  return rawPdf(objects);
}

/** The page tree's Kids point back at the Pages node (a cycle), with a claimed Count of 3. */
export function pageTreeCyclePdf(): Buffer {
  const objects = onePageObjects('Cycle');
  objects[1] = '<< /Type /Pages /Kids [2 0 R 6 0 R] /Count 3 >>';
  objects.push('<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 6 0 R] /Count 2 >>');
  return rawPdf(objects);
}

/** A form XObject that draws itself (infinite recursion when content is interpreted). */
export function recursiveXObjectPdf(): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /X1 6 0 R >> >> >>',
    stream('', Buffer.from('BT /F1 24 Tf 72 700 Td (Recursive form) Tj ET /X1 Do', 'latin1')),
    FONT,
    stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X1 6 0 R >> >>',
      Buffer.from('BT /F1 12 Tf 72 600 Td (again) Tj ET /X1 Do', 'latin1'),
    ),
  ]);
}

/** What paints the innermost form: a square and one character of text (so text extraction walks the whole tree too). */
const LEAF_PAINT = 'q 0 0 1 1 re f Q BT /F1 1 Tf (x) Tj ET';

/**
 * Forms X1…X`depth`, each painting the next `fanout` times; the last paints
 * `leaf`. Returned as objects numbered from `first` (X1 is `first`).
 */
function nestedForms(first: number, fanout: number, depth: number, leaf = LEAF_PAINT, leafResources = ''): PdfObject[] {
  const forms: PdfObject[] = [];
  for (let level = 1; level <= depth; level++) {
    const inner = level < depth;
    const body = inner ? Array.from({ length: fanout }, () => `/X Do`).join(' ') : leaf;
    const xobjects = inner ? `/XObject << /X ${first + level} 0 R >>` : leafResources;
    forms.push(
      stream(`/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 5 0 R >> ${xobjects} >>`, Buffer.from(body, 'latin1')),
    );
  }
  return forms;
}

/**
 * The form "billion paints": the page paints X1 `fanout` times, and each of
 * `depth` nested forms paints the next `fanout` times (10 and 8: 10^8 paints
 * of the innermost form from ~2 KB). pdf.js evaluates a form again on every
 * `Do`, for the text layer and again for the graphics.
 */
export function nestedFormBombPdf(fanout: number, depth: number): Buffer {
  const page = Array.from({ length: fanout }, () => '/X Do').join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >> >>',
    stream('', Buffer.from(`BT /F1 12 Tf 72 700 Td (Nested forms) Tj ET ${page}`, 'latin1')),
    FONT,
    ...nestedForms(6, fanout, depth),
  ]);
}

/**
 * The same tree behind a Type3 glyph: the page shows the glyph `fanout`
 * times, and the glyph's program paints nested forms (pdf.js evaluates glyph
 * programs when it loads the font, for text and for drawing).
 */
export function type3FormBombPdf(fanout: number, depth: number): Buffer {
  const shown = 'a'.repeat(fanout);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /T3 6 0 R >> >> >>',
    stream('', Buffer.from(`BT /F1 12 Tf 72 700 Td (Type3 glyph forms) Tj ET BT /T3 12 Tf 72 600 Td (${shown}) Tj ET`, 'latin1')),
    FONT,
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 10 10] /FontMatrix [0.1 0 0 0.1 0 0] /CharProcs << /a 7 0 R >> ' +
      '/Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [10] /Resources << /Font << /F1 5 0 R >> /XObject << /X 8 0 R >> >> >>',
    stream('', Buffer.from(`10 0 0 0 10 10 d1 ${Array.from({ length: fanout }, () => '/X Do').join(' ')}`, 'latin1')),
    ...nestedForms(8, fanout, depth - 1),
  ]);
}

/**
 * Few evaluations, many operators: one form of `operators` path operators
 * (Flate-compressed, a few KB), painted `fanout`^`depth` times.
 */
export function wideFormBombPdf(operators: number, fanout: number, depth: number): Buffer {
  const leaf = deflateSync(Buffer.from('0 0 m 1 1 l S\n'.repeat(Math.ceil(operators / 3)), 'latin1'), { level: 9 });
  const page = Array.from({ length: fanout }, () => '/X Do').join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >> >>',
    stream('', Buffer.from(`BT /F1 12 Tf 72 700 Td (Wide forms) Tj ET ${page}`, 'latin1')),
    FONT,
    ...nestedForms(6, fanout, depth, '/L Do', `/XObject << /L ${6 + depth} 0 R >>`),
    stream('/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Filter /FlateDecode', leaf),
  ]);
}

/** The nested tree as a tiling pattern's cell: the page fills a rectangle with the pattern. */
export function patternFormBombPdf(fanout: number, depth: number): Buffer {
  const cell = Array.from({ length: fanout }, () => '/X Do').join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /Pattern << /P 6 0 R >> >> >>',
    stream('', Buffer.from('BT /F1 12 Tf 72 700 Td (Pattern forms) Tj ET /Pattern cs /P scn 0 0 612 600 re f', 'latin1')),
    FONT,
    stream(
      `/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /XObject << /X 7 0 R >> >>`,
      Buffer.from(cell, 'latin1'),
    ),
    ...nestedForms(7, fanout, depth),
  ]);
}

/** Indirect references that point at each other (4 → 6 → 4) where a stream is expected. */
export function referenceCyclePdf(): Buffer {
  const objects = onePageObjects('Reference cycle');
  objects[3] = '6 0 R';
  objects.push('4 0 R');
  return rawPdf(objects);
}

/** Valid objects, but every xref offset and startxref are wrong (a reader must rebuild the table). */
export function corruptXrefPdf(): Buffer {
  return rawPdf(onePageObjects('Recovered after a broken xref'), { lieOffsets: (n) => n * 7 + 13, startxref: (n) => n + 4321 });
}

/** No catalog anywhere: the trailer's Root points at a missing object and there is nothing to rebuild from. */
export function noRootPdf(): Buffer {
  const objects: PdfObject[] = ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', '(just a string)'];
  return Buffer.from(
    rawPdf(objects, { startxref: (n) => n + 99 })
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 9 0 R'),
    'latin1',
  );
}

export function zeroPagePdf(): Buffer {
  return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/**
 * A FlateDecode content stream that inflates to `inflatedBytes` of spaces
 * (a PDF "decompression bomb"): about 1 KB of file per MB inflated.
 */
export async function flateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const compressed = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), inflatedBytes, 'zlib');
  return rawPdf(onePageObjects('', undefined, compressed.data, '/Filter /FlateDecode'));
}

/**
 * `count` content streams of one page, each inflating to `eachBytes`: every
 * stream stays under a per-stream limit, all of them together do not.
 */
export async function manyStreamFlateBombPdf(count: number, eachBytes: number): Promise<Buffer> {
  const compressed = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), eachBytes, 'zlib');
  const contents = Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${contents}] /Resources << /Font << /F1 4 0 R >> >> >>`,
    FONT,
    ...Array.from({ length: count }, () => stream('/Filter /FlateDecode', compressed.data)),
  ]);
}

/** A content stream deflated twice (`/Filter [/FlateDecode /FlateDecode]`): the file is a few KB. */
export async function doubleFlateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const inner = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), inflatedBytes, 'zlib');
  return rawPdf(onePageObjects('', undefined, deflateSync(inner.data, { level: 9 }), '/Filter [/FlateDecode /FlateDecode]'));
}

/**
 * The stream-guard bypasses of issue 21: a content stream that inflates to
 * `inflatedBytes` of spaces behind a dictionary that lies or hides its filter.
 * Each must be stopped where pdf.js decodes, not by reading the dictionary.
 */
export type DisguisedBomb = 'image-subtype' | 'hex-flate-chain' | 'indirect-filter' | 'long-dictionary' | 'lzw' | 'brotli';

export const BOMB_DISGUISES: Record<DisguisedBomb, string> = {
  'image-subtype': 'a dictionary claiming `/Subtype /Image`',
  'hex-flate-chain': 'a filter chain `[/ASCIIHexDecode /FlateDecode]`',
  'indirect-filter': 'an indirect filter `/Filter 6 0 R`',
  'long-dictionary': 'an 8 KB dictionary (past the old 4 KiB look-back window)',
  lzw: '`/LZWDecode` (~40 KB of codes)',
  brotli: '`/BrotliDecode`',
};

export async function disguisedBombPdf(kind: DisguisedBomb, inflatedBytes: number): Promise<Buffer> {
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  const flate = async () => (await deflateRepeated(spaces, inflatedBytes, 'zlib')).data;
  switch (kind) {
    case 'image-subtype':
      // pdf.js draws /Contents whatever the dictionary says it is.
      return rawPdf(onePageObjects('', undefined, await flate(), '/Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /FlateDecode'));
    case 'hex-flate-chain':
      return rawPdf(
        onePageObjects('', undefined, Buffer.from(`${(await flate()).toString('hex')}>`, 'latin1'), '/Filter [/ASCIIHexDecode /FlateDecode]'),
      );
    case 'indirect-filter':
      return rawPdf([...onePageObjects('', undefined, await flate(), '/Filter 6 0 R'), '/FlateDecode']);
    case 'long-dictionary':
      // 8 KB of dictionary before the filter: past any look-back window.
      return rawPdf(onePageObjects('', undefined, await flate(), `/Padding [${'0 '.repeat(4096)}] /Filter /FlateDecode`));
    case 'lzw':
      return rawPdf(onePageObjects('', undefined, lzwRun(0x20, inflatedBytes), '/Filter /LZWDecode'));
    case 'brotli':
      return rawPdf(onePageObjects('', undefined, await brotliRepeated(spaces, inflatedBytes), '/Filter /BrotliDecode'));
  }
}

/**
 * LZW (PDF's LZWDecode, EarlyChange 1) of `total` copies of `byte`, built
 * code by code: each code is the previous run plus one byte (the decoder's
 * "not yet in the table" case), so a table of ~3,800 codes (~5.7 KB) spells
 * ~7.4 MB; a clear code starts the next table.
 */
function lzwRun(byte: number, total: number): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let written = 0;
  while (written < total) {
    let width = 9;
    let next = 258;
    put(byte, width);
    written += 1;
    let run = 1;
    while (next < 4000 && written + run + 1 <= total) {
      put(next, width);
      run += 1;
      written += run;
      next += 1;
      if (((next + 1) & next) === 0) width = Math.min(Math.floor(Math.log2(next + 1)) + 1, 12);
    }
    put(256, width); // clear
  }
  put(257, 9); // end of data
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** Brotli of `chunk` repeated to `total` bytes, streaming. */
async function brotliRepeated(chunk: Buffer, total: number): Promise<Buffer> {
  const compressor = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  const out: Buffer[] = [];
  compressor.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    compressor.on('end', resolve);
    compressor.on('error', reject);
  });
  for (let remaining = total; remaining > 0; remaining -= chunk.length) {
    const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
    if (!compressor.write(piece)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  compressor.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A page painted with a `side`×`side` gray image whose FlateDecode data
 * inflates to `inflatedBytes` (far more than the image needs): pdf.js's
 * asynchronous image inflate used to keep all of it.
 */
export async function flateImageBombPdf(side: number, inflatedBytes: number): Promise<Buffer> {
  const data = (await deflateRepeated(Buffer.alloc(1024 * 1024, 0x80), inflatedBytes, 'zlib')).data;
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    stream('', Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q', 'latin1')),
    stream(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, data),
  ]);
}

/** A PDF of `pages` tiny empty pages (~50 bytes each): page count is all it has. */
export function manyPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>'),
  ]);
}
