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
 * The builders live in scripts/hostile/: raw-pdf.ts (PDF syntax and
 * encryption), pdf-fixtures.ts, image-fixtures.ts and container-fixtures.ts
 * (ZIP packages and text formats); this file holds the set, the manifest and
 * the command.
 *
 * Nothing here is copied from another project: the encryption follows the PDF
 * specification (ISO 32000-2, 7.6.4), the containers follow the PNG, TIFF,
 * JPEG and ZIP (APPNOTE) layouts.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  billionLaughs,
  deepJson,
  deepXml,
  docxZipBomb,
  sharedStringBombXlsx,
  singleLineCsv,
  zipLyingSizes,
} from './hostile/container-fixtures.ts';
import { bogusIfdTiff, fakeFtypHeic, heicOverPixelCap, ifdLoopTiff, manyPagesTiff, pngBomb, truncatedJpeg } from './hostile/image-fixtures.ts';
import {
  BOMB_DISGUISES,
  corruptXrefPdf,
  deepNestingPdf,
  deepAnnotationPdf,
  disguisedBombPdf,
  type DisguisedBomb,
  doubleFlateBombPdf,
  flateBombPdf,
  flateImageBombPdf,
  imageOnlyPdf,
  manyPagesPdf,
  manyStreamFlateBombPdf,
  nestedFormBombPdf,
  noRootPdf,
  pageTreeCyclePdf,
  patternFormBombPdf,
  recursiveXObjectPdf,
  referenceCyclePdf,
  textPdf,
  type3FormBombPdf,
  zeroPagePdf,
} from './hostile/pdf-fixtures.ts';
import type { Expectation, ManifestEntry } from './hostile/manifest.ts';
import { aes256Handler, ENCRYPTION_PASSWORDS, encryptedPdf, onePageObjects, prngBytes, rawPdf, rc4Handler } from './hostile/raw-pdf.ts';

// The builders the tests call directly.
export { ENCRYPTION_PASSWORDS } from './hostile/raw-pdf.ts';
export { type DisguisedBomb, manyPagesPdf, nestedFormBombPdf, patternFormBombPdf, type3FormBombPdf, wideFormBombPdf } from './hostile/pdf-fixtures.ts';
export { manyPagesTiff } from './hostile/image-fixtures.ts';
export { sharedStringBombXlsx } from './hostile/container-fixtures.ts';
export type { Expectation, ManifestEntry } from './hostile/manifest.ts';

export const HOSTILE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'hostile');

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
    file: 'deep-annotation.pdf',
    content_type: PDF,
    defect: 'a form field whose widget annotation holds a dictionary nested 100,000 levels deep',
    expect: { accept: [200, 422] },
    max_seconds: 20,
    note: 'the text reads (200); drawing the page (redact, include_image) must be a 422, not a 5xx',
    variants: ['include_image=true'],
    build: () => deepAnnotationPdf(100_000),
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
