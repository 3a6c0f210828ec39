/**
 * Writes the Office and text sample documents in test/fixtures/documents/office/
 * (committed; the integration tests upload them through the local server).
 * The bytes are reproducible: run it again after changing a builder.
 *
 *   npx tsx scripts/make-office-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleDocx, samplePptx, sampleXlsx, zipParts } from '../test/unit/engines/office-builders.ts';

const OUT = join(import.meta.dirname, '../test/fixtures/documents/office');

const text = (s: string) => new TextEncoder().encode(s);

export const OFFICE_FIXTURES: Record<string, Uint8Array> = {
  // 3 pages: page break and section break; a table with gridSpan and vMerge.
  'sample.docx': sampleDocx(),
  // 2 pages (one per sheet): shared/inline strings, numbers, dates, a merged cell.
  'sample.xlsx': sampleXlsx(),
  // 3 pages (one per slide): titles, notes, a table.
  'sample.pptx': samplePptx(),
  // 1 page: BOM, quoted fields with commas, quotes and newlines.
  'sample.csv': new Uint8Array([0xef, 0xbb, 0xbf, ...text('name,qty,note\r\n"Smith, J",2,"multi\nline"\r\nDoe,3,"say ""hi"""\r\n')]),
  // 2 pages: a form feed.
  'sample.txt': text('Invoice 2026-001\nTotal due: 42.00 EUR\n\nThank you for your business.\fTerms: payment within 30 days.\n'),
  // 2 pages: code-page and unicode escapes, a table, \page.
  'sample.rtf': text(
    '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}{\\info{\\title Sample}}\\uc1' +
      '\\pard Caf\\\'e9 \\u8364? 42.00\\par ' +
      '\\trowd\\cellx2000\\cellx4000\\intbl Item\\cell Price\\cell\\row\\trowd\\cellx2000\\cellx4000\\intbl Apples\\cell 1.20\\cell\\row ' +
      '\\pard After the table\\par\\page Second page\\par}',
  ),
  // 1 page: nested objects and arrays.
  'sample.json': text(
    `${JSON.stringify({ invoice: { number: '2026-001', customer: { name: 'ACME & Co', vat: null }, lines: [{ sku: 'A1', qty: 2, price: 1.2 }, { sku: 'B2', qty: 1, price: 0.8 }], paid: false } }, null, 2)}\n`,
  ),
  // 1 page: attributes, entities, CDATA.
  'sample.xml': text(
    '<?xml version="1.0" encoding="UTF-8"?>\n<invoice id="2026-001">\n  <customer><name>ACME &amp; Co</name></customer>\n  <line sku="A1"><qty>2</qty><price>1.20</price></line>\n  <note><![CDATA[Deliver <before> noon]]></note>\n</invoice>\n',
  ),
  // Refused: a plain zip named .docx (document_corrupt, 422).
  'not-office.docx': zipParts({ 'readme.txt': 'just a zip' }),
  // Refused: a zip bomb (a 64 MB part in a ~64 KB file; document_corrupt, 422).
  'zip-bomb.docx': zipParts({
    '[Content_Types].xml': '<Types/>',
    'word/document.xml': new Uint8Array(64 * 1024 * 1024).fill(0x61),
  }),
};

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  mkdirSync(OUT, { recursive: true });
  for (const [name, bytes] of Object.entries(OFFICE_FIXTURES)) {
    writeFileSync(join(OUT, name), bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
}
