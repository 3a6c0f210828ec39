/**
 * Field assignment on simple invented documents (issue 43): a value is never a table header, the tail of an
 * identifier or a document title, and a number inside an item's description is not its quantity.
 */
import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { buildPage, type Placed } from './page-builder.ts';

type Row = string | [string, string] | Placed[];

/** A page from rows top to bottom: a string at the left margin, a pair as left and right columns, or placed items on one row. */
function page(rows: Row[], source: 'text' | 'ocr' = 'text') {
  const items: Placed[] = [];
  rows.forEach((row, i) => {
    const y = 60 + i * 16;
    if (typeof row === 'string') items.push({ text: row, x: 60, y });
    else if (typeof row[0] === 'string') items.push({ text: row[0] as string, x: 60, y }, { text: row[1] as string, x: 400, y });
    else for (const item of row as Placed[]) items.push({ ...item, y });
  });
  const built = buildPage({ items });
  return source === 'ocr' ? { ...built, source: 'ocr' as const } : built;
}

/** A table row placed in four columns: description, quantity, unit price, amount. */
const itemRow = (description: string, qty: string, unit: string, amount: string): Placed[] => [
  { text: description, x: 60, y: 0 },
  { text: qty, x: 330, y: 0 },
  { text: unit, x: 400, y: 0 },
  { text: amount, x: 480, y: 0 },
];

describe('field assignment on invented documents', () => {
  it("fills no amount due from an IBAN's digits when the invoice prints no amount due", () => {
    const read = extractFinancial([
      page([
        'Orchard Joinery Ltd',
        '12 Mill Lane, Ludlow SY8 1AB',
        'Invoice No: OJ-2026-031',
        'Invoice Date: 4 February 2026',
        'Oak shelving, fitted 1 640.00',
        'Subtotal 640.00',
        'VAT 20% 128.00',
        'Total 768.00',
        'Please pay by transfer to IBAN GB63 BUKB 2020 1555 5555 00',
      ]),
    ]);
    expect(read.entities.iban).toBe('GB63 BUKB 2020 1555 5555 00');
    expect(read.entities.amount_due).toBeUndefined();
    expect(read.entities.total_amount).toBe('768.00');
  });

  it("never takes a table header row for the customer's name", () => {
    const read = extractFinancial([
      page([
        'Willow & Pike Gardens Ltd',
        '8 Quarry Road, Hexham NE46 3AA',
        'Invoice No: WP-118',
        ['Customer', 'Maple Court Residents'],
        '',
        itemRow('Item', 'Qty', 'Unit', 'Amount'),
        itemRow('Hedge trimming', '2', '45.00', '90.00'),
        'Total 90.00',
      ]),
    ]);
    expect(read.entities.customer_name).not.toBe('Item Qty Unit Amount');
    expect(read.entities.customer_name ?? '').not.toMatch(/\bQty\b/);
  });

  it('reads the vendor name without the document title printed on its row', () => {
    const read = extractFinancial([
      page(
        [
          [
            { text: 'Kestrel Print Works Ltd', x: 60, y: 0 },
            { text: 'INVOICE', x: 330, y: 0 },
          ] as unknown as Placed[],
          '21 Foundry Street, Leeds LS2 7QP',
          'Invoice No: KP-5521',
          'Date: 9 March 2026',
          'Total 210.00',
        ].map((r) => r as Row),
      ),
    ]);
    expect(read.entities.vendor_name).toBe('Kestrel Print Works Ltd');
  });

  it('reads the vendor name without the title on a photo of the invoice too', () => {
    const read = extractFinancial([
      page(
        [
          [
            { text: 'Kestrel Print Works Ltd', x: 60, y: 0 },
            { text: 'INVOICE', x: 330, y: 0 },
          ] as unknown as Placed[],
          '21 Foundry Street, Leeds LS2 7QP',
          'Invoice No: KP-5521',
          'Date: 9 March 2026',
          'Total 210.00',
        ].map((r) => r as Row),
        'ocr',
      ),
    ]);
    expect(read.entities.vendor_name).toBe('Kestrel Print Works Ltd');
  });

  it("reads a photo's item line whose count OCR set one space from the unit price as count and price, not as one amount", () => {
    const rows = [
      'Greenfold Landscapes',
      'Invoice No: GL-0932',
      'Description Qty Unit Amount',
      'Lawn re-seeding, 200 m2 1 380.00 380.00',
      'Hedge trimming 3 45.00 135.00',
      'Total 515.00',
    ];
    const lines = rows.map((text, i) => ({
      text,
      bbox: [0.1, 0.1 + i * 0.04, 0.9, 0.125 + i * 0.04] as [number, number, number, number],
      wordIndexes: [],
    }));
    const scanned = { pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: rows.join('\n'), lines };
    const items = extractFinancial([scanned]).line_items;
    expect(items[0]).toMatchObject({ description: 'Lawn re-seeding, 200 m2', quantity: 1, unit_price: '380.00', total: '380.00' });
    expect(items[1]).toMatchObject({ description: 'Hedge trimming', quantity: 3, unit_price: '45.00', total: '135.00' });
  });

  it("never takes a table header row under an empty bill-to label for the customer's name", () => {
    const read = extractFinancial([
      page(['Willow & Pike Gardens Ltd', 'Invoice No: WP-118', 'Bill to:', 'Item Qty Unit Amount', 'Hedge trimming 2 45.00 90.00', 'Total 90.00']),
    ]);
    expect(read.entities.customer_name ?? '').not.toMatch(/\bQty\b/);
  });

  it('takes a number inside the description for part of it, and quantity and unit price from their columns', () => {
    const rows: Row[] = [
      'Greenfold Landscapes',
      'Invoice No: GL-0932',
      itemRow('Description', 'Qty', 'Unit', 'Amount'),
      itemRow('Lawn re-seeding, 200 m2', '1', '380.00', '380.00'),
      itemRow('Hedge trimming', '3', '45.00', '135.00'),
      'Total 515.00',
    ];
    for (const source of ['text', 'ocr'] as const) {
      const items = extractFinancial([page(rows, source)]).line_items;
      expect(items[0]).toMatchObject({ description: 'Lawn re-seeding, 200 m2', quantity: 1, unit_price: '380.00', total: '380.00' });
      expect(items[1]).toMatchObject({ quantity: 3, unit_price: '45.00', total: '135.00' });
    }
  });
});
