/**
 * Generates the hostile-input fixtures into test/fixtures/hostile/ with a
 * `manifest.json` that says, per file, the declared content type, the defect
 * and the answer the API must give (test/integration/hostile.test.ts reads
 * it). Deterministic: fixed seeds, salts and IVs, no dates.
 *
 *   npx tsx scripts/make-hostile-fixtures.ts          # write the files + manifest
 *   npx tsx scripts/make-hostile-fixtures.ts --check  # also verify the encrypted PDFs open with their password
 *
 * Small files are committed. Big ones (the 1 GiB DOCX zip bomb, 100k-level
 * JSON/XML, a 20 MB single-line CSV) are only listed in the manifest with
 * `"generated": true` and built at test time by `buildGenerated(name)`, so the
 * repository stays small.
 *
 * Nothing here is copied from another project: the encryption follows the PDF
 * specification (ISO 32000-2, 7.6.4), the containers follow the PNG, TIFF,
 * JPEG and ZIP (APPNOTE) layouts.
 *
 * @module
 */
import { createCipheriv, createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants as zlibConstants, crc32, createBrotliCompress, createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const HOSTILE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'hostile');

/** What the API must answer: one of `accept` (`'4xx'` = any client error), and `code` when it answers 4xx. */
export interface Expectation {
  readonly accept: readonly ('4xx' | number)[];
  readonly code?: string;
  /** For a 200: the text must contain this. */
  readonly textContains?: string;
  /** For a 4xx: the error's `details.reason`. */
  readonly reason?: string;
}

export interface ManifestEntry {
  readonly file: string;
  /** The upload's declared content type. */
  readonly content_type: string;
  readonly defect: string;
  readonly expect: Expectation;
  /** Wall-clock ceiling for one parse call (seconds). */
  readonly max_seconds: number;
  /** Extra query strings to try as well (each must satisfy `expect`, or `variant_expect`). */
  readonly variants?: readonly string[];
  readonly variant_expect?: Expectation;
  /** Built at test time by `buildGenerated(file)`; not committed. */
  readonly generated?: boolean;
  /**
   * While the parse is in flight, GET /v1/limits from another organization is
   * timed: one customer's hostile file must not stall everyone else (issue 21).
   */
  readonly probe_other_org?: boolean;
  /** The other organization's slowest answer allowed meanwhile (ms); the default is the test's (issue 21's bar). */
  readonly other_org_max_ms?: number;
  /** Bytes and SHA-256 of committed files (generated ones: of what `buildGenerated` returns). */
  readonly bytes?: number;
  readonly sha256?: string;
  readonly note?: string;
}

// ---------------------------------------------------------------------------
// Deterministic bytes
// ---------------------------------------------------------------------------

/** Park–Miller PRNG bytes. */
function prngBytes(seed: number, length: number): Buffer {
  let s = seed % 2147483647 || 1;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    s = (s * 48271) % 2147483647;
    out[i] = s & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------
// A raw PDF writer (objects numbered 1…n, object 1 is the catalog)
// ---------------------------------------------------------------------------

type PdfObject = string | Buffer;

interface RawPdfOptions {
  readonly trailerExtra?: string;
  readonly version?: string;
  /** Replace the xref offsets by these (corrupt xref). */
  readonly lieOffsets?: (real: number) => number;
  readonly startxref?: (real: number) => number;
}

function stream(dict: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

function rawPdf(objects: readonly PdfObject[], options: RawPdfOptions = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from(`%PDF-${options.version ?? '1.7'}\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const lie = options.lieOffsets ?? ((n: number) => n);
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((off) => `${String(lie(off)).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailerExtra ?? ''}>>`,
    'startxref',
    String((options.startxref ?? ((n: number) => n))(offset)),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/** Catalog, pages, one page with `text` in `mediaBox`, its content (`content` encoded with `filter`), the font: objects 1–5. */
function onePageObjects(text: string, mediaBox = '[0 0 612 792]', content?: Buffer, filter = ''): PdfObject[] {
  const ops = content ?? Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1');
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    stream(filter, ops),
    FONT,
  ];
}

// ---------------------------------------------------------------------------
// PDF standard security handler (ISO 32000-2, 7.6.4)
// ---------------------------------------------------------------------------

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const FILE_ID = Buffer.from('5d0c7a1e9b3f44c2a8e6f0d1b2c3a4e5', 'hex');
const ID_ENTRY = `/ID [<${FILE_ID.toString('hex')}> <${FILE_ID.toString('hex')}>]`;
/** Print + copy etc. allowed (bits 3-6, 9-12 set; reserved high bits set). */
const PERMISSIONS = -3904;

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const padPassword = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);
const xorEach = (key: Buffer, i: number) => Buffer.from(key.map((b) => b ^ i));

/** RC4 security handler, revision 2 (40-bit) or 3 (128-bit): returns the Encrypt dictionary and a per-object encryptor. */
function rc4Handler(revision: 2 | 3, user: string, owner: string) {
  const n = revision === 2 ? 5 : 16;
  // Algorithm 3: O.
  let ownerHash = md5(padPassword(owner || user));
  if (revision === 3) for (let i = 0; i < 50; i++) ownerHash = md5(ownerHash);
  const ownerKey = ownerHash.subarray(0, n);
  let o = rc4(ownerKey, padPassword(user));
  if (revision === 3) for (let i = 1; i <= 19; i++) o = rc4(xorEach(ownerKey, i), o);
  // Algorithm 2: the file key.
  const p = Buffer.alloc(4);
  p.writeInt32LE(PERMISSIONS);
  let keyHash = md5(padPassword(user), o, p, FILE_ID);
  if (revision === 3) for (let i = 0; i < 50; i++) keyHash = md5(keyHash.subarray(0, n));
  const key = keyHash.subarray(0, n);
  // Algorithms 4 / 5: U.
  let u: Buffer;
  if (revision === 2) u = rc4(key, PAD);
  else {
    u = rc4(key, md5(PAD, FILE_ID));
    for (let i = 1; i <= 19; i++) u = rc4(xorEach(key, i), u);
    u = Buffer.concat([u, Buffer.alloc(16)]);
  }
  const dict =
    revision === 2
      ? `<< /Filter /Standard /V 1 /R 2 /P ${PERMISSIONS} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`
      : `<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${PERMISSIONS} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`;
  const encrypt = (objectNumber: number, data: Buffer) => {
    const objectKey = md5(key, Buffer.from([objectNumber & 255, (objectNumber >> 8) & 255, (objectNumber >> 16) & 255, 0, 0])).subarray(
      0,
      Math.min(n + 5, 16),
    );
    return rc4(objectKey, data);
  };
  return { dict, encrypt };
}

function aes(bits: 128 | 256, mode: 'cbc' | 'ecb', key: Buffer, iv: Buffer | null, data: Buffer, padding: boolean): Buffer {
  const cipher = createCipheriv(`aes-${bits}-${mode}`, key, iv);
  cipher.setAutoPadding(padding);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** Algorithm 2.B (revision 6): the hardened SHA-2 hash of a password. */
function hashR6(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const e = aes(128, 'cbc', k.subarray(0, 16), k.subarray(16, 32), k1, false);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    const algorithm = ['sha256', 'sha384', 'sha512'][sum % 3];
    k = createHash(algorithm).update(e).digest();
    if (round >= 63 && e[e.length - 1] <= round - 31) break;
  }
  return k.subarray(0, 32);
}

/** AES-256 security handler, revision 6 (V 5, AESV3). Deterministic salts and IVs. */
function aes256Handler(user: string, owner: string) {
  const fileKey = prngBytes(256, 32);
  const [uvs, uks, ovs, oks] = [prngBytes(11, 8), prngBytes(12, 8), prngBytes(13, 8), prngBytes(14, 8)];
  const up = Buffer.from(user, 'utf8');
  const op = Buffer.from(owner || user, 'utf8');
  const zeroIv = Buffer.alloc(16);
  const u = Buffer.concat([hashR6(up, uvs, Buffer.alloc(0)), uvs, uks]);
  const ue = aes(256, 'cbc', hashR6(up, uks, Buffer.alloc(0)), zeroIv, fileKey, false);
  const o = Buffer.concat([hashR6(op, ovs, u), ovs, oks]);
  const oe = aes(256, 'cbc', hashR6(op, oks, u), zeroIv, fileKey, false);
  const permsPlain = Buffer.alloc(16);
  permsPlain.writeInt32LE(PERMISSIONS, 0);
  permsPlain.writeInt32LE(-1, 4);
  permsPlain.write('Tadb', 8, 'latin1');
  prngBytes(15, 4).copy(permsPlain, 12);
  const perms = aes(256, 'ecb', fileKey, null, permsPlain, false);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const dict =
    `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> ` +
    `/StmF /StdCF /StrF /StdCF /P ${PERMISSIONS} /O ${hex(o)} /U ${hex(u)} /OE ${hex(oe)} /UE ${hex(ue)} /Perms ${hex(perms)} >>`;
  const encrypt = (objectNumber: number, data: Buffer) => {
    const iv = prngBytes(100 + objectNumber, 16);
    return Buffer.concat([iv, aes(256, 'cbc', fileKey, iv, data, true)]);
  };
  return { dict, encrypt };
}

/** One page whose content stream (object 4) is encrypted; the Encrypt dictionary is object 6. */
function encryptedPdf(handler: { dict: string; encrypt: (n: number, data: Buffer) => Buffer }, text: string): Buffer {
  const content = handler.encrypt(4, Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, 'latin1'));
  const objects = onePageObjects(text, undefined, content);
  objects.push(handler.dict);
  return rawPdf(objects, { trailerExtra: `/Encrypt 6 0 R ${ID_ENTRY} `, version: '1.7' });
}

export const ENCRYPTION_PASSWORDS = { user: 'user-secret', owner: 'owner-secret' } as const;

// ---------------------------------------------------------------------------
// Hostile PDFs
// ---------------------------------------------------------------------------

async function textPdf(pages: number): Promise<Buffer> {
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
function imageOnlyPdf(mediaBox: string, imageSide: number): Buffer {
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
function deepNestingPdf(levels: number): Buffer {
  const objects = onePageObjects('Deep nesting');
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Deep ${'['.repeat(levels)}${']'.repeat(levels)} >>`;
  return rawPdf(objects);
}

/** The page tree's Kids point back at the Pages node (a cycle), with a claimed Count of 3. */
function pageTreeCyclePdf(): Buffer {
  const objects = onePageObjects('Cycle');
  objects[1] = '<< /Type /Pages /Kids [2 0 R 6 0 R] /Count 3 >>';
  objects.push('<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 6 0 R] /Count 2 >>');
  return rawPdf(objects);
}

/** A form XObject that draws itself (infinite recursion when content is interpreted). */
function recursiveXObjectPdf(): Buffer {
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
function referenceCyclePdf(): Buffer {
  const objects = onePageObjects('Reference cycle');
  objects[3] = '6 0 R';
  objects.push('4 0 R');
  return rawPdf(objects);
}

/** Valid objects, but every xref offset and startxref are wrong (a reader must rebuild the table). */
function corruptXrefPdf(): Buffer {
  return rawPdf(onePageObjects('Recovered after a broken xref'), { lieOffsets: (n) => n * 7 + 13, startxref: (n) => n + 4321 });
}

/** No catalog anywhere: the trailer's Root points at a missing object and there is nothing to rebuild from. */
function noRootPdf(): Buffer {
  const objects: PdfObject[] = ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>', '(just a string)'];
  return Buffer.from(
    rawPdf(objects, { startxref: (n) => n + 99 })
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 9 0 R'),
    'latin1',
  );
}

function zeroPagePdf(): Buffer {
  return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/**
 * A FlateDecode content stream that inflates to `inflatedBytes` of spaces
 * (a PDF "decompression bomb"): about 1 KB of file per MB inflated.
 */
async function flateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const compressed = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), inflatedBytes, 'zlib');
  return rawPdf(onePageObjects('', undefined, compressed.data, '/Filter /FlateDecode'));
}

/**
 * `count` content streams of one page, each inflating to `eachBytes`: every
 * stream stays under a per-stream limit, all of them together do not.
 */
async function manyStreamFlateBombPdf(count: number, eachBytes: number): Promise<Buffer> {
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
async function doubleFlateBombPdf(inflatedBytes: number): Promise<Buffer> {
  const inner = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), inflatedBytes, 'zlib');
  return rawPdf(onePageObjects('', undefined, deflateSync(inner.data, { level: 9 }), '/Filter [/FlateDecode /FlateDecode]'));
}

/**
 * The stream-guard bypasses of issue 21: a content stream that inflates to
 * `inflatedBytes` of spaces behind a dictionary that lies or hides its filter.
 * Each must be stopped where pdf.js decodes, not by reading the dictionary.
 */
export type DisguisedBomb = 'image-subtype' | 'hex-flate-chain' | 'indirect-filter' | 'long-dictionary' | 'lzw' | 'brotli';

const BOMB_DISGUISES: Record<DisguisedBomb, string> = {
  'image-subtype': 'a dictionary claiming `/Subtype /Image`',
  'hex-flate-chain': 'a filter chain `[/ASCIIHexDecode /FlateDecode]`',
  'indirect-filter': 'an indirect filter `/Filter 6 0 R`',
  'long-dictionary': 'an 8 KB dictionary (past the old 4 KiB look-back window)',
  lzw: '`/LZWDecode` (~40 KB of codes)',
  brotli: '`/BrotliDecode`',
};

async function disguisedBombPdf(kind: DisguisedBomb, inflatedBytes: number): Promise<Buffer> {
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
async function flateImageBombPdf(side: number, inflatedBytes: number): Promise<Buffer> {
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

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header declares `width`×`height` 8-bit grayscale, with only a few rows of data. */
function pngBomb(width: number, height: number, rows: number): Buffer {
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

async function truncatedJpeg(): Promise<Buffer> {
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
function bogusIfdTiff(): Buffer {
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
function ifdLoopTiff(): Buffer {
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
function heicOverPixelCap(): Buffer {
  const heic = Buffer.from(readFileSync(join(HOSTILE_DIR, '..', 'documents', 'images', 'receipt.heic')));
  for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 1)) {
    heic.writeUInt32BE(12_000, at + 8);
    heic.writeUInt32BE(10_000, at + 12);
  }
  return heic;
}

/** An ISO-BMFF `ftyp` box with HEIC brands, followed by garbage (sniffed as HEIC, undecodable). */
function fakeFtypHeic(): Buffer {
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

// ---------------------------------------------------------------------------
// ZIP (APPNOTE 6.3): a minimal writer that can lie
// ---------------------------------------------------------------------------

interface ZipEntry {
  readonly name: string;
  /** Deflate (raw) data. */
  readonly compressed: Buffer;
  readonly crc: number;
  readonly size: number;
  /** Declared uncompressed size (defaults to the real one). */
  readonly declaredSize?: number;
}

function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const declared = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x5821, 12); // date 2024-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, e.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5821, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.compressed.length;
  }
  const centralDir = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(centralDir.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, eocd]);
}

function smallEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text, 'utf8');
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * Deflates `total` bytes made of `prefix`, `chunk` repeated, and `suffix`,
 * streaming (nothing of size `total` is ever held in memory).
 */
async function deflateRepeated(
  chunk: Buffer,
  total: number,
  format: 'raw' | 'zlib',
  prefix = Buffer.alloc(0),
  suffix = Buffer.alloc(0),
): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = crc32(prefix);
  const write = (b: Buffer) =>
    new Promise<void>((resolve) => {
      if (deflater.write(b)) resolve();
      else deflater.once('drain', resolve);
    });
  await write(prefix);
  let remaining = total - prefix.length - suffix.length;
  while (remaining > 0) {
    const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
    crc = crc32(piece, crc);
    await write(piece);
    remaining -= piece.length;
  }
  crc = crc32(suffix, crc);
  await write(suffix);
  deflater.end();
  await done;
  return { data: Buffer.concat(out), crc, size: total };
}

const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const DOC_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
const DOC_TAIL = '</w:t></w:r></w:p></w:body></w:document>';

/** A DOCX whose word/document.xml inflates to `inflatedBytes` (one enormous text run). */
async function docxZipBomb(inflatedBytes: number): Promise<Buffer> {
  const body = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x41), inflatedBytes, 'raw', Buffer.from(DOC_HEAD), Buffer.from(DOC_TAIL));
  return zip([
    smallEntry('[Content_Types].xml', CONTENT_TYPES_XML),
    smallEntry('_rels/.rels', RELS_XML),
    { name: 'word/document.xml', compressed: body.data, crc: body.crc, size: body.size },
  ]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * An XLSX whose one shared string of `stringChars` "A"s is referenced by
 * `references` cells (one per row): a few KB of file that lays out
 * `stringChars × references` characters (issue 21: 4 MB × 300 took 15 s
 * and 1.16 GB before the page cap refused it).
 */
export async function sharedStringBombXlsx(stringChars: number, references: number): Promise<Buffer> {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}" count="${references}" uniqueCount="1"><si><t>`);
  const strings = await deflateRepeated(
    Buffer.alloc(1024 * 1024, 0x41),
    head.length + stringChars + 19,
    'raw',
    head,
    Buffer.from('</t></si></sst>    '),
  );
  const rows = Array.from({ length: references }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`).join('');
  return zip([
    smallEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    smallEntry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    smallEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    smallEntry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    smallEntry(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${rows}</sheetData></worksheet>`,
    ),
    { name: 'xl/sharedStrings.xml', compressed: strings.data, crc: strings.crc, size: strings.size },
  ]);
}

/** A DOCX whose headers declare word/document.xml as 1,000 bytes; it really inflates to `realBytes`. */
async function zipLyingSizes(realBytes: number): Promise<Buffer> {
  const body = await deflateRepeated(Buffer.alloc(64 * 1024, 0x42), realBytes, 'raw', Buffer.from(DOC_HEAD), Buffer.from(DOC_TAIL));
  return zip([
    smallEntry('[Content_Types].xml', CONTENT_TYPES_XML),
    smallEntry('_rels/.rels', RELS_XML),
    { name: 'word/document.xml', compressed: body.data, crc: body.crc, size: body.size, declaredSize: 1000 },
  ]);
}

// ---------------------------------------------------------------------------
// Text formats
// ---------------------------------------------------------------------------

const deepJson = (levels: number) => Buffer.from(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
const deepXml = (levels: number) => Buffer.from(`<?xml version="1.0"?>\n${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}\n`);

function billionLaughs(): Buffer {
  const lines = ['<?xml version="1.0"?>', '<!DOCTYPE lolz [', ' <!ENTITY lol "lol">'];
  lines.push(' <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">');
  for (let i = 2; i <= 9; i++) lines.push(` <!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  lines.push(']>', '<lolz>&lol9;</lolz>', '');
  return Buffer.from(lines.join('\n'));
}

/** One CSV line of `bytes` bytes (a single record with very many fields), no newline. */
function singleLineCsv(bytes: number): Buffer {
  const field = 'value,';
  const out = Buffer.alloc(bytes, field);
  out[bytes - 1] = 0x78; // no trailing comma
  return out;
}

// ---------------------------------------------------------------------------
// The set
// ---------------------------------------------------------------------------

const PDF = 'application/pdf';
const ENCRYPTED: Expectation = { accept: [422], code: 'document_encrypted' };
const CORRUPT: Expectation = { accept: [422], code: 'document_corrupt' };
const ANY_4XX: Expectation = { accept: ['4xx'] };
const CONTENT_BOMB: Expectation = { accept: [422], code: 'document_corrupt', reason: 'content_bomb' };
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

interface Fixture extends Omit<ManifestEntry, 'bytes' | 'sha256'> {
  readonly build: () => Buffer | Promise<Buffer>;
}

export const FIXTURES: readonly Fixture[] = [
  // Encrypted PDFs: user password → 422; owner password only → parses.
  {
    file: 'encrypted-rc4-40.pdf',
    content_type: PDF,
    defect: `RC4 40-bit (V1 R2), user password "${ENCRYPTION_PASSWORDS.user}"`,
    expect: ENCRYPTED,
    max_seconds: 15,
    build: () => encryptedPdf(rc4Handler(2, ENCRYPTION_PASSWORDS.user, ENCRYPTION_PASSWORDS.owner), 'Secret RC4 40'),
  },
  {
    file: 'encrypted-rc4-128.pdf',
    content_type: PDF,
    defect: `RC4 128-bit (V2 R3), user password "${ENCRYPTION_PASSWORDS.user}"`,
    expect: ENCRYPTED,
    max_seconds: 15,
    build: () => encryptedPdf(rc4Handler(3, ENCRYPTION_PASSWORDS.user, ENCRYPTION_PASSWORDS.owner), 'Secret RC4 128'),
  },
  {
    file: 'encrypted-aes-256.pdf',
    content_type: PDF,
    defect: `AES-256 (V5 R6, AESV3), user password "${ENCRYPTION_PASSWORDS.user}"`,
    expect: ENCRYPTED,
    max_seconds: 15,
    build: () => encryptedPdf(aes256Handler(ENCRYPTION_PASSWORDS.user, ENCRYPTION_PASSWORDS.owner), 'Secret AES 256'),
  },
  {
    file: 'encrypted-owner-only-rc4-128.pdf',
    content_type: PDF,
    defect: `RC4 128-bit, empty user password, owner password "${ENCRYPTION_PASSWORDS.owner}" (opens without a password)`,
    expect: { accept: [200], textContains: 'Owner only RC4' },
    max_seconds: 15,
    build: () => encryptedPdf(rc4Handler(3, '', ENCRYPTION_PASSWORDS.owner), 'Owner only RC4'),
  },
  {
    file: 'encrypted-owner-only-aes-256.pdf',
    content_type: PDF,
    defect: `AES-256 (R6), empty user password, owner password "${ENCRYPTION_PASSWORDS.owner}" (opens without a password)`,
    expect: { accept: [200], textContains: 'Owner only AES' },
    max_seconds: 15,
    build: () => encryptedPdf(aes256Handler('', ENCRYPTION_PASSWORDS.owner), 'Owner only AES'),
  },
  // Broken structure.
  {
    file: 'truncated.pdf',
    content_type: PDF,
    defect: 'a 3-page text PDF cut after 35% of its bytes (no xref, no trailer)',
    expect: { accept: [200, 422] },
    max_seconds: 15,
    note: 'pdf.js rebuilds what it can from a truncated file; either the surviving text (200) or document_corrupt is right, never 5xx',
    build: async () => {
      const full = await textPdf(3);
      return full.subarray(0, Math.floor(full.length * 0.35));
    },
  },
  {
    file: 'corrupt-xref.pdf',
    content_type: PDF,
    defect: 'every xref offset and startxref wrong; the objects themselves intact',
    expect: { accept: [200, 422] },
    max_seconds: 15,
    note: 'a reader that rebuilds the xref by scanning (pdf.js does) recovers the text; 422 document_corrupt is also acceptable',
    build: corruptXrefPdf,
  },
  {
    file: 'no-root.pdf',
    content_type: PDF,
    defect: 'trailer /Root points at a missing object, no catalog in the file, startxref wrong',
    expect: CORRUPT,
    max_seconds: 15,
    build: noRootPdf,
  },
  {
    file: 'zero-pages.pdf',
    content_type: PDF,
    defect: 'a page tree with /Count 0 and no kids',
    expect: { accept: [422], code: 'document_empty' },
    max_seconds: 15,
    build: zeroPagePdf,
  },
  // Giant pages: must parse, and rendering (include_image, OCR) must stay bounded.
  {
    file: 'giant-mediabox-14400.pdf',
    content_type: PDF,
    defect: 'MediaBox 14400×14400 pt (the PDF maximum, 200 in = 60,000 px a side at 300 dpi)',
    expect: { accept: [200], textContains: 'Giant page' },
    max_seconds: 30,
    variants: ['include_image=true', 'mode=advanced', 'include_image=true&mode=advanced&include_boxes=true'],
    build: () => rawPdf(onePageObjects('Giant page 14400', '[0 0 14400 14400]')),
  },
  {
    file: 'giant-mediabox-1e6.pdf',
    content_type: PDF,
    defect: 'MediaBox 1,000,000×1,000,000 pt (beyond the PDF limit; 4e12 px at 300 dpi if rendered naively)',
    expect: { accept: [200, 422] },
    max_seconds: 30,
    variants: ['include_image=true', 'mode=advanced', 'include_image=true&mode=advanced&include_boxes=true'],
    note: 'the text layer is readable; refusing the page size as document_corrupt would also be acceptable',
    build: () => rawPdf(onePageObjects('Giant page 1e6', '[0 0 1000000 1000000]')),
  },
  {
    file: 'giant-mediabox-scan-14400.pdf',
    content_type: PDF,
    defect: 'an image-only (OCR) page with MediaBox 14400×14400 pt, painted with a 64×64 image',
    expect: { accept: [200, 422] },
    max_seconds: 60,
    variants: ['include_image=true&mode=advanced'],
    note: 'OCR must render the page within its pixel budget (not 40,000×40,000 px at 200 dpi)',
    build: () => imageOnlyPdf('[0 0 14400 14400]', 64),
  },
  {
    file: 'giant-mediabox-scan-1e6.pdf',
    content_type: PDF,
    defect: 'an image-only (OCR) page with MediaBox 1,000,000×1,000,000 pt, painted with a 64×64 image',
    expect: { accept: [200, 422] },
    max_seconds: 60,
    build: () => imageOnlyPdf('[0 0 1000000 1000000]', 64),
  },
  {
    file: 'image-bomb-50000.pdf',
    content_type: PDF,
    defect: 'an image-only page whose image XObject declares 50000×50000 gray pixels (2.5 GB decoded); 4 rows of data',
    expect: { accept: [200, 422] },
    max_seconds: 60,
    variants: ['include_image=true'],
    note: 'the renderer must skip or downscale the image, not allocate 2.5 GB',
    build: () => imageOnlyPdf('[0 0 612 792]', 50_000),
  },
  // Recursive / deep object graphs.
  {
    file: 'deep-nesting.pdf',
    content_type: PDF,
    defect: 'an array nested 100,000 levels deep in the page dictionary',
    expect: { accept: [200, 422] },
    max_seconds: 20,
    note: 'must not overflow the stack into a 5xx; the page text is otherwise valid',
    build: () => deepNestingPdf(100_000),
  },
  {
    file: 'page-tree-cycle.pdf',
    content_type: PDF,
    defect: 'the page tree contains itself (Kids → Pages → Kids …), /Count 3',
    expect: { accept: [200, 422] },
    max_seconds: 15,
    note: '422 document_corrupt expected; a 200 with the one real page is acceptable',
    build: pageTreeCyclePdf,
  },
  {
    file: 'recursive-xobject.pdf',
    content_type: PDF,
    defect: 'a form XObject that draws itself (/X1 Do inside X1)',
    expect: { accept: [200, 422] },
    max_seconds: 15,
    variants: ['include_image=true'],
    build: recursiveXObjectPdf,
  },
  {
    file: 'reference-cycle.pdf',
    content_type: PDF,
    defect: 'the page /Contents is an indirect reference to an object that refers back (4 0 R → 6 0 R → 4 0 R)',
    expect: { accept: [200, 422] },
    max_seconds: 15,
    build: referenceCyclePdf,
  },
  {
    file: 'flate-bomb-256mib.pdf',
    content_type: PDF,
    defect: 'a FlateDecode content stream inflating to 256 MiB of spaces (~260 KB file)',
    expect: { accept: [422], code: 'document_corrupt' },
    max_seconds: 15,
    generated: true,
    note:
      'refused where pdf.js inflates it (decode-budget.ts: 64 MiB a content stream). Without a bound the same file at 1 GiB ' +
      '(buildFlateBomb(2 ** 30)) took 31 s and 2.4 GB RSS in pdf.js',
    build: () => flateBombPdf(256 * MIB),
  },
  {
    file: 'flate-bomb-many-streams.pdf',
    content_type: PDF,
    defect: 'one page with 12 FlateDecode content streams of 100 MiB each (~1.2 GiB in all, ~1.2 MB file)',
    expect: { accept: [422], code: 'document_corrupt' },
    max_seconds: 15,
    generated: true,
    note: 'refused by the per-stream limit (64 MiB) or the document total (64 MiB + 16 bytes per file byte)',
    build: () => manyStreamFlateBombPdf(12, 100 * MIB),
  },
  {
    file: 'flate-bomb-double.pdf',
    content_type: PDF,
    defect: 'a content stream deflated twice ([/FlateDecode /FlateDecode]) inflating to 512 MiB from a few KB of file',
    expect: { accept: [422], code: 'document_corrupt' },
    max_seconds: 15,
    generated: true,
    build: () => doubleFlateBombPdf(512 * MIB),
  },
  // Issue 21: bombs the old dictionary-reading stream guard missed, refused where pdf.js decodes.
  ...(['image-subtype', 'hex-flate-chain', 'indirect-filter', 'long-dictionary', 'lzw', 'brotli'] as const).map((kind): Fixture => ({
    file: `pdf-bomb-${kind}.pdf`,
    content_type: PDF,
    defect: `a content stream inflating to 256 MiB of spaces behind ${BOMB_DISGUISES[kind]}`,
    expect: { accept: [422], code: 'document_corrupt' },
    max_seconds: 30,
    generated: true,
    probe_other_org: true,
    note: "budget 15 s (asserted at 2×); refused by the decode bounds in pdf.js's decode streams (64 MiB a content stream)",
    build: () => disguisedBombPdf(kind, 256 * MIB),
  })),
  // Content bombs (issue 38): forms that paint each other; refused by the evaluation bounds (evaluation-budget.ts).
  {
    file: 'form-bomb-nested-1e8.pdf',
    content_type: PDF,
    defect: 'form XObjects painting each other 10 times a level, 8 levels deep: 10^8 paints from ~2.6 KB',
    expect: CONTENT_BOMB,
    max_seconds: 15,
    probe_other_org: true,
    other_org_max_ms: 1_500,
    variants: ['include_image=true', 'mode=advanced'],
    note: 'froze the server (no deadline fired); refused at 2,000 evaluations a page (details.reason content_bomb)',
    build: () => nestedFormBombPdf(10, 8),
  },
  {
    file: 'form-bomb-type3-glyph.pdf',
    content_type: PDF,
    defect: 'a Type3 glyph whose program paints the nested forms (10^8 paints behind one glyph shown 10 times)',
    expect: CONTENT_BOMB,
    max_seconds: 15,
    probe_other_org: true,
    other_org_max_ms: 1_500,
    build: () => type3FormBombPdf(10, 8),
  },
  {
    file: 'form-bomb-tiling-pattern.pdf',
    content_type: PDF,
    defect: 'a tiling pattern whose cell paints the nested forms (10^8 paints), filling the page',
    expect: CONTENT_BOMB,
    max_seconds: 15,
    probe_other_org: true,
    other_org_max_ms: 1_500,
    variants: ['include_image=true'],
    build: () => patternFormBombPdf(10, 8),
  },
  {
    file: 'pdf-bomb-flate-image.pdf',
    content_type: PDF,
    defect: 'a 64×64 gray image whose FlateDecode data inflates to 512 MiB (pdf.js inflated images whole, asynchronously)',
    expect: { accept: [422], code: 'document_corrupt' },
    max_seconds: 30,
    generated: true,
    probe_other_org: true,
    build: () => flateImageBombPdf(64, 512 * MIB),
  },
  {
    file: 'pdf-6000-pages.pdf',
    content_type: PDF,
    defect: 'a PDF of 6,000 tiny empty pages (~330 KB): fast parse had no page cap',
    expect: { accept: [413], code: 'page_limit_exceeded' },
    max_seconds: 16,
    generated: true,
    probe_other_org: true,
    note: 'budget 8 s; refused at open from the page count (MAX_DOCUMENT_PAGES 5,000)',
    build: () => manyPagesPdf(6_000),
  },
  {
    file: 'tiff-3000-pages.tiff',
    content_type: 'image/tiff',
    defect: 'a TIFF of 3,000 pages of 1×1 pixels (~350 KB): every page needs OCR',
    // Parse OCRs every page: over the synchronous OCR cap. Classify reads only its first and last pages: a 200 is right.
    expect: { accept: [413, 200], code: 'page_limit_exceeded' },
    max_seconds: 16,
    generated: true,
    probe_other_org: true,
    note: 'budget 8 s; was a 503 after 29 s (per-page header reads were quadratic); now counted in one pass and refused for the synchronous OCR cap',
    build: () => manyPagesTiff(3_000),
  },
  {
    file: 'tiff-6000-pages.tiff',
    content_type: 'image/tiff',
    defect: 'a TIFF of 6,000 pages of 1×1 pixels (~700 KB)',
    expect: { accept: [413], code: 'page_limit_exceeded' },
    max_seconds: 16,
    generated: true,
    probe_other_org: true,
    note: 'refused from the directory chain past MAX_DOCUMENT_PAGES, before libvips reads it',
    build: () => manyPagesTiff(6_000),
  },
  {
    file: 'heic-over-pixel-cap.heic',
    content_type: 'image/heic',
    defect: 'a valid HEIC whose container (ispe) declares 12,000×10,000 pixels (120 MP; the decoder would allocate 480 MB at once)',
    expect: { accept: [413], code: 'file_too_large' },
    max_seconds: 15,
    generated: true,
    probe_other_org: true,
    build: heicOverPixelCap,
  },
  {
    file: 'xlsx-shared-string-bomb.xlsx',
    content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    defect: 'one 4 MB shared string referenced by 300 cells (~20 KB file, 1.2 billion characters laid out)',
    expect: { accept: [413], code: 'page_limit_exceeded' },
    max_seconds: 20,
    generated: true,
    probe_other_org: true,
    note: 'budget 10 s; was 15 s and 1.16 GB; now refused as the cells are emitted, once past 5,000 pages × 6,000 characters',
    build: () => sharedStringBombXlsx(4_000_000, 300),
  },
  // Images.
  {
    file: 'png-bomb-50000.png',
    content_type: 'image/png',
    defect: 'PNG header declares 50000×50000 grayscale (2.5 gigapixels); only 4 rows of data follow',
    expect: ANY_4XX,
    max_seconds: 15,
    build: () => pngBomb(50_000, 50_000, 4),
  },
  {
    file: 'truncated.jpg',
    content_type: 'image/jpeg',
    defect: 'a 400×300 JPEG cut after a third of its bytes (no EOI)',
    expect: { accept: ['4xx', 200] },
    max_seconds: 30,
    note: 'a decoder may return the partial image (200, little or no text) or refuse it (422); never 5xx',
    build: truncatedJpeg,
  },
  {
    file: 'bogus-ifd.tiff',
    content_type: 'image/tiff',
    defect: 'TIFF whose first IFD claims 65,535 entries (file ends after 3) and 2^31-pixel sides',
    expect: ANY_4XX,
    max_seconds: 15,
    build: bogusIfdTiff,
  },
  {
    file: 'ifd-loop.tiff',
    content_type: 'image/tiff',
    defect: 'a valid 8×8 TIFF whose next-IFD offset points back at itself (endless page list)',
    expect: { accept: ['4xx', 200] },
    max_seconds: 30,
    note: 'one page (200) or a refusal; a page counter that follows the chain forever would hang',
    build: ifdLoopTiff,
  },
  {
    file: 'garbage.heic',
    content_type: 'image/heic',
    defect: '4 KiB of pseudo-random bytes named .heic',
    expect: ANY_4XX,
    note: "unrecognised bytes are handed to the declared (binary) kind's backend: 415 unsupported_file_type or 422 document_corrupt",
    max_seconds: 15,
    build: () => prngBytes(4242, 4096),
  },
  {
    file: 'fake-ftyp.heic',
    content_type: 'image/heic',
    defect: 'a valid HEIC ftyp box, then a meta box claiming ~4 GB, then garbage',
    expect: ANY_4XX,
    max_seconds: 15,
    build: fakeFtypHeic,
  },
  // Archives.
  {
    file: 'docx-zip-bomb.docx',
    content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    defect: 'DOCX whose word/document.xml inflates to 1 GiB (one text run of "A"), ~1 MB file, honest sizes and CRC',
    expect: ANY_4XX,
    max_seconds: 60,
    generated: true,
    build: () => docxZipBomb(GIB),
  },
  {
    file: 'zip-lying-sizes.docx',
    content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    defect: 'DOCX whose headers declare word/document.xml as 1,000 bytes; it inflates to 64 MiB',
    expect: { accept: ['4xx', 200] },
    max_seconds: 60,
    note: 'the declared size must not be trusted for allocation or bomb checks; 4xx expected, a 200 with bounded output is tolerable',
    build: () => zipLyingSizes(64 * MIB),
  },
  // Text formats.
  {
    file: 'deep.json',
    content_type: 'application/json',
    defect: 'JSON array nested 100,000 levels deep (200 KB)',
    expect: { accept: ['4xx', 200] },
    max_seconds: 30,
    generated: true,
    note: 'recursive walkers overflow the stack; a 4xx or a bounded 200 are fine, a 5xx is not',
    build: () => deepJson(100_000),
  },
  {
    file: 'deep.xml',
    content_type: 'application/xml',
    defect: 'XML element nested 100,000 levels deep (700 KB)',
    expect: { accept: ['4xx', 200] },
    max_seconds: 30,
    generated: true,
    build: () => deepXml(100_000),
  },
  {
    file: 'billion-laughs.xml',
    content_type: 'application/xml',
    defect: 'internal entities expanding to 10^9 "lol"s (XML entity expansion bomb)',
    expect: { accept: ['4xx', 200] },
    max_seconds: 15,
    note: 'entities must not be expanded (a 200 with the literal text is fine) or the file refused',
    build: billionLaughs,
  },
  {
    file: 'single-line-20mb.csv',
    content_type: 'text/csv',
    defect: 'a 20 MB CSV that is one record of ~3.5 million fields, no newline',
    expect: { accept: ['4xx', 200] },
    max_seconds: 90,
    generated: true,
    build: () => singleLineCsv(20_000_000),
  },
];

/** The PDF decompression bomb at any size (the fixture set uses 256 MiB). */
export const buildFlateBomb = (inflatedBytes: number): Promise<Buffer> => flateBombPdf(inflatedBytes);
/** The stream-guard bypasses (issue 21) at any size. */
export const buildDisguisedBomb = (kind: DisguisedBomb, inflatedBytes: number): Promise<Buffer> => disguisedBombPdf(kind, inflatedBytes);
/** A `side`×`side` image whose FlateDecode data inflates to `inflatedBytes`. */
export const buildFlateImageBomb = (side: number, inflatedBytes: number): Promise<Buffer> => flateImageBombPdf(side, inflatedBytes);

/** Builds a fixture's bytes (for generated ones, at test time). */
export async function buildFixture(file: string): Promise<Buffer> {
  const fixture = FIXTURES.find((f) => f.file === file);
  if (!fixture) throw new Error(`No hostile fixture named ${file}.`);
  return fixture.build();
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Opens each encrypted fixture with pdf.js, with and without its password, to prove the encryption is real. */
async function checkEncryption(files: Map<string, Buffer>): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
  for (const [name, bytes] of files) {
    if (!name.startsWith('encrypted-')) continue;
    const text = async (password?: string) => {
      const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), password, verbosity: 0 }).promise;
      try {
        const page = await doc.getPage(1);
        const content = await page.getTextContent();
        return content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      } finally {
        await doc.destroy();
      }
    };
    const without = await text().then(
      (t) => `opens: "${t}"`,
      (e: Error) => `refused: ${e.name}`,
    );
    const withUser = await text(ENCRYPTION_PASSWORDS.user).then(
      (t) => `"${t}"`,
      (e: Error) => `refused: ${e.name}`,
    );
    const withOwner = await text(ENCRYPTION_PASSWORDS.owner).then(
      (t) => `"${t}"`,
      (e: Error) => `refused: ${e.name}`,
    );
    console.log(`  check ${name}: no password → ${without}; user password → ${withUser}; owner password → ${withOwner}`);
  }
}

async function main(): Promise<void> {
  mkdirSync(HOSTILE_DIR, { recursive: true });
  for (const old of readdirSync(HOSTILE_DIR)) rmSync(join(HOSTILE_DIR, old));
  const manifest: ManifestEntry[] = [];
  const written = new Map<string, Buffer>();
  for (const fixture of FIXTURES) {
    const { build, ...entry } = fixture;
    if (entry.generated) {
      manifest.push(entry);
      console.log(`${entry.file}\t(generated at test time)`);
      continue;
    }
    const bytes = await build();
    writeFileSync(join(HOSTILE_DIR, entry.file), bytes);
    written.set(entry.file, bytes);
    manifest.push({ ...entry, bytes: bytes.length, sha256: sha256(bytes) });
    console.log(`${entry.file}\t${bytes.length} bytes`);
  }
  writeFileSync(
    join(HOSTILE_DIR, 'manifest.json'),
    `${JSON.stringify(
      {
        generator: 'scripts/make-hostile-fixtures.ts',
        expectations:
          'accept: allowed HTTP statuses ("4xx" = any client error, always with the standard error body); code: the error code when a 4xx is returned; max_seconds: ceiling for one parse call; variants: extra query strings tried as well',
        passwords: ENCRYPTION_PASSWORDS,
        files: manifest,
      },
      null,
      2,
    )}\n`,
  );
  if (process.argv.includes('--check')) await checkEncryption(written);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
