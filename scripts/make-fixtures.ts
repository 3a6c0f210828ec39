/**
 * Generates the PDF fixtures of the engine tests into
 * test/fixtures/documents/pdf/sources/ (deterministic: fixed dates, no IDs
 * except the encrypted file's fixed one).
 *
 *   npx tsx scripts/make-fixtures.ts
 *
 * Every file is small enough to commit; re-run after changing a builder.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { md5, PAD, padPassword, rc4, xorEach } from './hostile/raw-pdf.ts';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'documents', 'pdf', 'sources');
const EPOCH = new Date('2024-01-01T00:00:00Z');

async function newDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(EPOCH);
  doc.setModificationDate(EPOCH);
  return doc;
}

/** One Letter page: a 20 pt title and three 12 pt lines at x = 72 pt. */
async function onePage(): Promise<Uint8Array> {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Quarterly Report', { x: 72, y: 720, size: 20, font: bold });
  page.drawText('Hello World from docintel.', { x: 72, y: 680, size: 12, font });
  page.drawText('The quick brown fox jumps over the lazy dog.', { x: 72, y: 665, size: 12, font });
  page.drawText('Invoice total: 1,234.56 EUR', { x: 72, y: 650, size: 12, font });
  return doc.save();
}

/**
 * A two-column page with aligned baselines (the hard case for naive
 * line building), a centred header across both columns and a footer.
 */
async function twoColumn(): Promise<Uint8Array> {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const title = 'Two Column Newsletter';
  page.drawText(title, { x: 306 - bold.widthOfTextAtSize(title, 18) / 2, y: 730, size: 18, font: bold });
  for (let i = 1; i <= 12; i++) {
    const y = 690 - (i - 1) * 14;
    page.drawText(`Left column sentence number ${i} goes here.`, { x: 72, y, size: 10, font });
    page.drawText(`Right column sentence number ${i} goes here.`, { x: 324, y, size: 10, font });
  }
  page.drawText('Footer: page 1', { x: 72, y: 60, size: 9, font });
  return doc.save();
}

/** 100 pages; page N says "Page N of 100" and three known lines. */
async function hundredPages(): Promise<Uint8Array> {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 100; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n} of 100`, { x: 72, y: 740, size: 14, font });
    page.drawText(`This is line one of page ${n}.`, { x: 72, y: 700, size: 11, font });
    page.drawText('Lorem ipsum dolor sit amet, consectetur adipiscing elit.', { x: 72, y: 686, size: 11, font });
    page.drawText(`Reference code DOC-${String(n).padStart(3, '0')}`, { x: 72, y: 672, size: 11, font });
  }
  return doc.save();
}

/** Page 1 has /Rotate 90; page 2 has a crop box offset from the media box. */
async function geometry(): Promise<Uint8Array> {
  const doc = await newDocument();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rotated = doc.addPage([612, 792]);
  rotated.setRotation(degrees(90));
  rotated.drawText('Rotated page text', { x: 72, y: 720, size: 12, font });
  const cropped = doc.addPage([612, 792]);
  cropped.setCropBox(100, 100, 412, 592);
  cropped.drawText('Inside the crop box', { x: 150, y: 600, size: 12, font });
  cropped.drawText('Outside the crop box', { x: 20, y: 30, size: 12, font });
  return doc.save();
}

async function zeroPages(): Promise<Uint8Array> {
  return (await newDocument()).save({ addDefaultPage: false });
}

/** The first 300 bytes of the one-page PDF: header, no objects, no xref. */
async function truncated(): Promise<Uint8Array> {
  return (await onePage()).slice(0, 300);
}

/** A 1×1 PNG (a real non-PDF file) to be uploaded under a .pdf name. */
function notAPdf(): Uint8Array {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}

// ---------------------------------------------------------------------------
// Encrypted PDF: pdf-lib cannot encrypt, so the file is written by hand with
// the standard security handler (RC4, 128-bit, revision 3), user password
// "secret". pdf.js cannot open it without the password (PasswordException)
// and reads "Secret text" with it, which proves the encryption is real.
// ---------------------------------------------------------------------------

export const ENCRYPTED_PASSWORD = 'secret';
const FILE_ID = Buffer.from('0123456789abcdef0123456789abcdef', 'hex');
const PERMISSIONS = -3904;

function ownerEntry(owner: string, user: string): Buffer {
  let hash = md5(padPassword(owner));
  for (let i = 0; i < 50; i++) hash = md5(hash);
  let out = rc4(hash, padPassword(user));
  for (let i = 1; i <= 19; i++) out = rc4(xorEach(hash, i), out);
  return out;
}

function fileKey(user: string, o: Buffer): Buffer {
  const p = Buffer.alloc(4);
  p.writeInt32LE(PERMISSIONS);
  let hash = md5(padPassword(user), o, p, FILE_ID);
  for (let i = 0; i < 50; i++) hash = md5(hash);
  return hash;
}

function userEntry(key: Buffer): Buffer {
  let out = rc4(key, md5(PAD, FILE_ID));
  for (let i = 1; i <= 19; i++) out = rc4(xorEach(key, i), out);
  return Buffer.concat([out, Buffer.alloc(16)]);
}

function objectKey(key: Buffer, num: number): Buffer {
  return md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0]));
}

function encrypted(): Uint8Array {
  const o = ownerEntry('owner-password', ENCRYPTED_PASSWORD);
  const key = fileKey(ENCRYPTED_PASSWORD, o);
  const u = userEntry(key);
  const content = rc4(objectKey(key, 4), Buffer.from('BT /F1 24 Tf 72 700 Td (Secret text) Tj ET'));
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from(`<< /Filter /Standard /V 2 /R 3 /Length 128 /P ${PERMISSIONS} /O <${o.toString('hex')}> /U <${u.toString('hex')}> >>`),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((off) => `${String(off).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${FILE_ID.toString('hex')}> <${FILE_ID.toString('hex')}>] >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}

/** Every fixture by file name. */
export const FIXTURES: Record<string, () => Promise<Uint8Array> | Uint8Array> = {
  'one-page.pdf': onePage,
  'two-column.pdf': twoColumn,
  'hundred-pages.pdf': hundredPages,
  'geometry.pdf': geometry,
  'zero-pages.pdf': zeroPages,
  'truncated.pdf': truncated,
  'encrypted.pdf': encrypted,
  'not-a-pdf.pdf': notAPdf,
};

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const [name, build] of Object.entries(FIXTURES)) {
    const bytes = await build();
    writeFileSync(join(OUT, name), bytes);
    console.log(`${name}\t${bytes.byteLength} bytes`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
