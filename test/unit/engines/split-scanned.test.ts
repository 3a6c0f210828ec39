import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { SplitOptions } from '../../../functions/contracts/schemas/classify.ts';
import type { BoundaryModel } from '../../../functions/engines/split/boundary-model.ts';
import { PAIR_FEATURES } from '../../../functions/engines/split/pair-features.ts';
import { splitPages, type SplitPage } from '../../../functions/engines/split/splitter.ts';
import { segmentClasses } from '../../../functions/operations/split-operation.ts';
import { imageSignature } from '../../../scripts/lib/page-image-signature.ts';

// Invented documents: a photographed French bakery invoice, a printed three-page freight invoice, two text-layer invoices.
const lines = (...rows: string[]) => rows.join('\n');
const PHOTO_TEXT = lines(
  'Boulangerie des Tilleuls',
  '4 place du Marché',
  'FACTURE N° FT-20931',
  'Date : 14/03/2025',
  'Pain de campagne 2 x 3,20',
  'Croissants 6 x 1,10',
  'Total TTC 13,00 €',
  'Merci de votre visite',
);
const PRINTED_TEXTS = [
  lines(
    'Harbor Line Logistics Inc.',
    'INVOICE',
    'Invoice No. HL-55120',
    'Invoice date 03/02/2025',
    'Bill to: Cedar Point Retail',
    'Description Qty Rate Amount',
    'Freight handling 4 310.00 1,240.00',
    'Customs filing 1 180.00 180.00',
  ),
  lines(
    'Harbor Line Logistics Inc.',
    'Invoice No. HL-55120',
    'Description Qty Rate Amount',
    'Container storage 12 95.00 1,140.00',
    'Pallet wrapping 30 12.00 360.00',
    'Inland transport 2 420.00 840.00',
  ),
  lines(
    'Harbor Line Logistics Inc.',
    'Invoice No. HL-55120',
    'Description Qty Rate Amount',
    'Insurance 1 450.00 450.00',
    'Subtotal 4,210.00',
    'Total due 4,210.00',
    'Thank you for your business',
  ),
];
const TEXT_INVOICE_A = lines(
  'Quillon Software GmbH',
  'RECHNUNG / INVOICE',
  'Invoice number: QS-2025-0417',
  'Invoice date: 2025-02-28',
  'Annual licence 1 2,400.00',
  'Total due EUR 2,400.00',
);
const TEXT_INVOICE_B = lines(
  'Maple & Finch Design Studio',
  'INVOICE',
  'Invoice number: MF-7730',
  'Date: 11/04/2025',
  'Brand workshop 2 650.00 1,300.00',
  'Amount due 1,300.00',
);

/** A sheet photographed on a dark desk: grey backdrop, off-white paper, dark lines of text. */
function photoPng(): Buffer {
  const canvas = createCanvas(1200, 1600);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3b3531';
  ctx.fillRect(0, 0, 1200, 1600);
  ctx.fillStyle = '#ecebe4';
  ctx.fillRect(170, 140, 860, 1320);
  ctx.fillStyle = '#2a2a2a';
  for (let i = 0; i < 14; i++) ctx.fillRect(230, 220 + i * 70, i % 3 === 0 ? 520 : 680, 22);
  return canvas.toBuffer('image/png');
}

/** A printed invoice page: a logo block and letterhead line on top, rows of text, a footer rule. */
function printedPng(page: number): Buffer {
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 1240, 1754);
  ctx.fillStyle = '#000000';
  ctx.fillRect(100, 80, 200, 90);
  ctx.fillRect(340, 100, 600, 26);
  ctx.fillRect(340, 140, 420, 18);
  for (let i = 0; i < 16 - page * 3; i++) ctx.fillRect(100, 300 + i * 60, 1000 - (i % 4) * 120, 20);
  ctx.fillRect(100, 1660, 1040, 4);
  return canvas.toBuffer('image/png');
}

async function scannedPage(png: Buffer, text: string): Promise<Omit<SplitPage, 'pageNumber'>> {
  const { signature, width, height } = await imageSignature(png);
  return { text, width, height, source: 'ocr', signature, kind: 'pdf' };
}

const textLayerPage = (text: string): Omit<SplitPage, 'pageNumber'> => ({ text, width: 595, height: 842, source: 'text-layer', kind: 'pdf' });

async function scannedStream(): Promise<Omit<SplitPage, 'pageNumber'>[]> {
  const photo = await scannedPage(photoPng(), PHOTO_TEXT);
  const printed = await Promise.all(PRINTED_TEXTS.map((t, i) => scannedPage(printedPng(i), t)));
  return [photo, ...printed, photo];
}

const classes = segmentClasses(SplitOptions.parse({}));
const ranges = (pages: readonly Omit<SplitPage, 'pageNumber'>[], boundaryModel?: BoundaryModel) => {
  const numbered = pages.map((p, i) => ({ ...p, pageNumber: i + 1 }));
  return splitPages(numbered, { classes, thorough: true, ...(boundaryModel ? { boundaryModel } : {}) }).map((s) => [s.start_page, s.end_page]);
};

/** A model that answers the same for every pair, whatever the features. */
const constantModel = (bias: number): BoundaryModel => ({
  features: [...PAIR_FEATURES],
  mean: PAIR_FEATURES.map(() => 0),
  scale: PAIR_FEATURES.map(() => 1),
  weights: PAIR_FEATURES.map(() => 0),
  bias,
  threshold: 0.5,
});

describe('split: scanned streams go to the learned boundary model', () => {
  it('cuts a photo, a three-page printed invoice and the photo again into three documents', async () => {
    expect(ranges(await scannedStream())).toEqual([[1, 1], [2, 4], [5, 5]]);
  });

  it('gives the starts the model decided a confidence, and text-layer starts none', async () => {
    const pages = [textLayerPage(TEXT_INVOICE_A), textLayerPage(TEXT_INVOICE_B), ...(await scannedStream())].map((p, i) => ({ ...p, pageNumber: i + 1 }));
    const segments = splitPages(pages, { classes, thorough: true });
    expect(segments[0].confidence).toBeUndefined();
    expect(segments[1].confidence).toBeUndefined();
    for (const s of segments.slice(2)) expect(s.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('finds the same documents between two text-layer invoices', async () => {
    const pages = [textLayerPage(TEXT_INVOICE_A), ...(await scannedStream()), textLayerPage(TEXT_INVOICE_B)];
    expect(ranges(pages)).toEqual([[1, 1], [2, 2], [3, 5], [6, 6], [7, 7]]);
  });

  it('asks the model about scanned pairs only: text-layer pairs keep the rules whatever the model says', async () => {
    const textLayer = [textLayerPage(TEXT_INVOICE_A), ...PRINTED_TEXTS.map(textLayerPage), textLayerPage(TEXT_INVOICE_B)];
    const byRules = ranges(textLayer);
    expect(byRules).toEqual([[1, 1], [2, 4], [5, 5]]);
    expect(ranges(textLayer, constantModel(20))).toEqual(byRules);
    expect(ranges(textLayer, constantModel(-20))).toEqual(byRules);
    // The same pages scanned follow the model.
    const scanned = await scannedStream();
    expect(ranges(scanned, constantModel(20))).toEqual([1, 2, 3, 4, 5].map((n) => [n, n]));
    expect(ranges(scanned, constantModel(-20))).toEqual([[1, 5]]);
  });

  it('pages without a source (text given by the caller) keep the rules', () => {
    const pages = [TEXT_INVOICE_A, ...PRINTED_TEXTS].map((text) => ({ text }));
    expect(ranges(pages, constantModel(20))).toEqual(ranges(pages));
  });
});
