/**
 * Writes samples/: small invented documents for the README walkthrough and
 * the CLI examples (every name, number and address is made up; the IBAN is
 * the standard documentation example). Deterministic: fixed dates, so a
 * re-run rewrites the same bytes.
 *
 *   npm run samples
 *
 * @module
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'samples');
const EPOCH = new Date('2026-01-01T00:00:00Z');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function newDocument(): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(EPOCH);
  doc.setModificationDate(EPOCH);
  return { doc, fonts: { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) } };
}

/** A one-page invoice with a ruled line-item table. */
function drawInvoice(page: PDFPage, { regular, bold }: Fonts): void {
  const text = (s: string, x: number, y: number, size = 10, font = regular) => page.drawText(s, { x, y, size, font });
  const right = (s: string, x: number, y: number, font = regular) => text(s, x - font.widthOfTextAtSize(s, 10), y, 10, font);
  text('Brightwater Office Supplies Ltd', 56, 780, 16, bold);
  text('14 Lantern Quay, Bristol BS1 4XE, United Kingdom', 56, 762);
  text('VAT No: GB 123 4567 89', 56, 748);
  text('INVOICE', 430, 780, 20, bold);
  text('Invoice No: BW-2026-0147', 400, 752);
  text('Invoice Date: 12 March 2026', 400, 738);
  text('Due Date: 11 April 2026', 400, 724);
  text('Bill to:', 56, 700, 10, bold);
  text('Fennel & Finch Architects', 56, 686);
  text('3 Orchard Row, Bath BA1 2QZ', 56, 672);
  text('PO Number: PO-88213', 56, 658);

  const top = 620;
  const columns = [56, 330, 400, 480, 556];
  const rows = [
    ['Description', 'Qty', 'Unit Price', 'Amount'],
    ['A4 copy paper, 5 reams', '4', '18.50', '74.00'],
    ['Gel pens, black (box of 12)', '2', '9.75', '19.50'],
    ['Desk organiser, bamboo', '1', '32.00', '32.00'],
  ];
  page.drawLine({ start: { x: columns[0], y: top + 16 }, end: { x: columns[4], y: top + 16 }, thickness: 0.8, color: rgb(0, 0, 0) });
  rows.forEach((row, i) => {
    const y = top - i * 20;
    const font = i === 0 ? bold : regular;
    text(row[0], columns[0] + 4, y, 10, font);
    for (let c = 1; c < 4; c++) right(row[c], columns[c + 1] - 4, y, font);
    page.drawLine({ start: { x: columns[0], y: y - 6 }, end: { x: columns[4], y: y - 6 }, thickness: 0.8, color: rgb(0, 0, 0) });
  });
  for (const x of columns) page.drawLine({ start: { x, y: top + 16 }, end: { x, y: top - (rows.length - 1) * 20 - 6 }, thickness: 0.8, color: rgb(0, 0, 0) });

  const totals = [
    ['Subtotal', '125.50'],
    ['VAT 20%', '25.10'],
    ['Total', 'GBP 150.60'],
  ];
  totals.forEach(([label, value], i) => {
    text(label, 400, 520 - i * 16, 10, i === 2 ? bold : regular);
    right(value, 552, 520 - i * 16, i === 2 ? bold : regular);
  });
  text('Payment terms: 30 days net', 56, 440);
  text('IBAN: GB82 WEST 1234 5698 7654 32   BIC: WESTGB2L', 56, 426);
  text('Thank you for your business.', 56, 400);
}

/** A one-page letter full of personal data (for redact). */
function drawLetter(page: PDFPage, { regular, bold }: Fonts): void {
  const lines = [
    ['Mira Quillfeather', bold],
    ['27 Heron Lane, Oxford OX2 6LP'],
    ['Phone: +44 20 7946 0958'],
    ['Email: mira.quill@example.net'],
    [''],
    ['Oxford, 3 February 2026'],
    [''],
    ['Dear Mr Ashdown,'],
    [''],
    ['I am writing about my account with Larkspur Building Society. My date of birth is'],
    ['14/07/1986 and my National Insurance number is QQ 12 34 56 C. Please refund the'],
    ['overpayment of 240.00 GBP to my account IBAN GB82 WEST 1234 5698 7654 32.'],
    [''],
    ['You can reach me by phone on weekdays, or by email at the address above.'],
    [''],
    ['Yours sincerely,'],
    ['Mira Quillfeather'],
  ] as const;
  lines.forEach(([line, font], i) => page.drawText(line, { x: 72, y: 740 - i * 18, size: 11, font: font ?? regular }));
}

async function pdf(draw: ((page: PDFPage, fonts: Fonts) => void)[]): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument();
  for (const d of draw) d(doc.addPage([612, 842]), fonts);
  return doc.save({ useObjectStreams: false });
}

/**
 * A till receipt photographed on a desk: slightly turned, warm paper, JPEG. Printed the way tills print:
 * a fixed-pitch font, amounts right-aligned to the paper's right margin, headers centred.
 */
async function receiptPhoto(): Promise<Buffer> {
  const mono = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
  const family = existsSync(mono) && GlobalFonts.registerFromPath(mono, 'SampleMono') ? 'SampleMono' : 'monospace';
  const width = 900;
  const height = 1300;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#6b5b4b';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((1.5 * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#f6f1e4';
  ctx.fillRect(130, 60, 640, 1200);
  ctx.fillStyle = '#222';
  const [left, right, centre, pitch] = [170, 730, 450, 54];
  const header = ['THE COPPER KETTLE CAFE', '9 Mill Street, York', 'VAT No: GB 987 6543 21', '', 'Receipt No: 40127', 'Date: 21/03/2026  14:32', ''];
  const items = [
    ['Flat white', '3.40'],
    ['Cheese scone', '2.95'],
    ['Tomato soup', '5.50'],
    ['Sparkling water', '1.80'],
    ['', ''],
    ['SUBTOTAL', '11.37'],
    ['VAT 20%', '2.28'],
    ['TOTAL GBP', '13.65'],
    ['', ''],
    ['CASH', '20.00'],
    ['CHANGE', '6.35'],
  ];
  ctx.font = `30px ${family}`;
  const centred = (line: string, y: number) => ctx.fillText(line, centre - ctx.measureText(line).width / 2, y);
  header.forEach((line, i) => (i < 3 ? centred(line, 140 + i * pitch) : ctx.fillText(line, left, 140 + i * pitch)));
  items.forEach(([label, amount], i) => {
    const y = 140 + (header.length + i) * pitch;
    ctx.fillText(label, left, y);
    ctx.fillText(amount, right - ctx.measureText(amount).width, y);
  });
  centred('Thank you, come again!', 140 + (header.length + items.length + 1) * pitch);
  const png = canvas.toBuffer('image/png');
  return sharp(png).jpeg({ quality: 85 }).toBuffer();
}

mkdirSync(OUT, { recursive: true });
const files: Record<string, Uint8Array> = {
  'invoice.pdf': await pdf([drawInvoice]),
  'letter.pdf': await pdf([drawLetter]),
  'packet.pdf': await pdf([drawInvoice, drawLetter]),
  'receipt.jpg': await receiptPhoto(),
};
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(join(OUT, name), bytes);
  console.log(`samples/${name}  ${bytes.byteLength} bytes`);
}
