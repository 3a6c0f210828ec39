import { describe, expect, it } from 'vitest';
import type { Ruling } from '../../../functions/engines/document-model.ts';
import { detectImageRulings } from '../../../functions/engines/layout/image-rulings.ts';
import { detectTables, isNumericText } from '../../../functions/engines/layout/tables.ts';
import { buildPage, gridText, hLine, prose, right, vLine, type Placed } from './page-builder.ts';

/** Four rows × three columns; "Apples" spans two rows, "Total" two columns. */
function ruledGridPage() {
  const xs = [72, 200, 330, 460];
  const ys = [100, 120, 140, 160, 180];
  const rulings: Ruling[] = [
    hLine(72, 460, 100),
    hLine(72, 460, 120),
    hLine(200, 460, 140), // no line under "Apples": it spans rows 1–2
    hLine(72, 460, 160),
    hLine(72, 460, 180),
    vLine(72, 100, 180),
    vLine(200, 100, 160), // no line right of "Total": it spans columns 0–1
    vLine(330, 100, 180),
    vLine(460, 100, 180),
  ];
  const cell = (text: string, c: number, r: number): Placed => ({ text, x: xs[c] + 5, y: ys[r] + 5 });
  const items = [
    cell('Product', 0, 0), cell('Q1', 1, 0), cell('Q2', 2, 0),
    { text: 'Apples', x: 77, y: 125 }, cell('10', 1, 1), cell('12', 2, 1),
    cell('11', 1, 2), cell('13', 2, 2),
    cell('Total', 0, 3), cell('46', 2, 3),
  ];
  return buildPage({ items: [...prose(['Quarterly sales of the orchard, by product.'], 72, 70), ...items], rulings });
}

/** A typical invoice line-item table without any lines, totals below. */
function invoicePage() {
  const row = (y: number, desc: string, qty: string, price: string, amount: string): Placed[] => [
    { text: desc, x: 72, y },
    right(qty, 340, y),
    right(price, 430, y),
    right(amount, 520, y),
  ];
  return buildPage({
    items: [
      { text: 'Invoice 2026-001', x: 72, y: 80, size: 16 },
      ...prose(['Thank you for your order. The items below were shipped on 3 March.'], 72, 110),
      { text: 'Description', x: 72, y: 300 },
      right('Qty', 340, 300),
      right('Unit price', 430, 300),
      right('Amount', 520, 300),
      ...row(316, 'Widget large blue', '2', '10.00', '20.00'),
      ...row(330, 'Gadget with a very long', '1', '5.50', '5.50'),
      { text: 'description text', x: 72, y: 342 },
      ...row(356, 'Service fee', '3', '7.25', '21.75'),
      ...row(370, 'Cable', '10', '0.99', '9.90'),
      { text: 'Total', x: 380, y: 420 },
      right('57.15', 520, 420),
    ],
  });
}

describe('Layout: tables', () => {
  it('reconstructs a ruled grid with a row span and a column span', () => {
    // Act
    const tables = detectTables(ruledGridPage());

    // Assess
    expect(tables).toHaveLength(1);
    const [t] = tables;
    expect(t.method).toBe('ruled');
    expect([t.rows, t.columns]).toEqual([4, 3]);
    expect(gridText(t)).toEqual([
      ['Product', 'Q1', 'Q2'],
      ['Apples', '10', '12'],
      ['', '11', '13'],
      ['Total', '', '46'],
    ]);
    const apples = t.cells.find((c) => c.text === 'Apples')!;
    expect([apples.row, apples.column, apples.rowSpan, apples.columnSpan]).toEqual([1, 0, 2, 1]);
    const total = t.cells.find((c) => c.text === 'Total')!;
    expect([total.row, total.column, total.rowSpan, total.columnSpan]).toEqual([3, 0, 1, 2]);
    // Covered grid positions have no cell of their own.
    expect(t.cells).toHaveLength(4 * 3 - 1 - 1);
    expect(t.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['Product', 'Q1', 'Q2']);
    expect(t.origin).toBe('geometry');
    // The caption line above is not part of the table.
    expect(t.bbox[1]).toBeGreaterThan(90 / 792);
  });

  it('merges double lines and cell boxes drawn with spacing into one grid', () => {
    // Prepare: each cell is its own rectangle, 2 pt apart (HTML-style cell spacing).
    const rulings: Ruling[] = [];
    const cols: [number, number][] = [[72, 198], [200, 328], [330, 460]];
    const rows: [number, number][] = [[100, 118], [120, 138], [140, 158]];
    for (const [x0, x1] of cols) {
      for (const [y0, y1] of rows) rulings.push(hLine(x0, x1, y0), hLine(x0, x1, y1), vLine(x0, y0, y1), vLine(x1, y0, y1));
    }
    const texts = [['Name', 'Role', 'Since'], ['Ada', 'Engineer', '2019'], ['Grace', 'Admiral', '1943']];
    const items = texts.flatMap((r, ri) => r.map((text, ci) => ({ text, x: cols[ci][0] + 4, y: rows[ri][0] + 4 })));

    // Act
    const tables = detectTables(buildPage({ items, rulings }));

    // Assess
    expect(tables).toHaveLength(1);
    expect(gridText(tables[0])).toEqual(texts);
    expect(tables[0].cells.every((c) => c.rowSpan === 1 && c.columnSpan === 1)).toBe(true);
  });

  it('parts touching ruled grids where the column structure changes (items over a tax box)', () => {
    // Prepare: an items grid (columns at 72/250/350/450/540) and, sharing its bottom line,
    // a tax grid with other columns (72/180/300/540).
    const rulings: Ruling[] = [];
    const grid = (xs: number[], ys: number[]) => {
      for (const y of ys) rulings.push(hLine(xs[0], xs[xs.length - 1], y));
      for (const x of xs) rulings.push(vLine(x, ys[0], ys[ys.length - 1]));
    };
    grid([72, 250, 350, 450, 540], [100, 120, 140, 160]);
    grid([72, 180, 300, 540], [160, 180, 200]);
    const put = (texts: string[], xs: number[], y: number): Placed[] => texts.map((text, i) => ({ text, x: xs[i] + 4, y: y + 5 }));
    const items = [
      ...put(['Description', 'Qty', 'Price', 'Amount'], [72, 250, 350, 450], 100),
      ...put(['Nougat', '20', '4.55', '91.00'], [72, 250, 350, 450], 120),
      ...put(['Biscuits', '15', '3.20', '48.00'], [72, 250, 350, 450], 140),
      ...put(['Tax', 'Base', 'Amount'], [72, 180, 300], 160),
      ...put(['VAT 20%', '91.00', '18.20'], [72, 180, 300], 180),
    ];

    // Act
    const tables = detectTables(buildPage({ items, rulings }));

    // Assess
    expect(tables.map(gridText)).toEqual([
      [
        ['Description', 'Qty', 'Price', 'Amount'],
        ['Nougat', '20', '4.55', '91.00'],
        ['Biscuits', '15', '3.20', '48.00'],
      ],
      [
        ['Tax', 'Base', 'Amount'],
        ['VAT 20%', '91.00', '18.20'],
      ],
    ]);
  });

  it('finds a borderless invoice table: columns, header, wrapped description, totals apart', () => {
    // Act
    const tables = detectTables(invoicePage());

    // Assess
    const t = tables.find((x) => x.cells.some((c) => c.text === 'Widget large blue'))!;
    expect(t).toBeDefined();
    expect(t.method).toBe('borderless');
    expect(t.columns).toBe(4);
    expect(gridText(t)).toEqual([
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Widget large blue', '2', '10.00', '20.00'],
      ['Gadget with a very long description text', '1', '5.50', '5.50'],
      ['Service fee', '3', '7.25', '21.75'],
      ['Cable', '10', '0.99', '9.90'],
    ]);
    expect(t.headerRows).toBe(1);
    expect(t.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['Description', 'Qty', 'Unit price', 'Amount']);
    // The intro paragraph and the title are not in it.
    expect(t.cells.some((c) => c.text.includes('Thank'))).toBe(false);
  });

  it('finds no table in prose, address blocks side by side, or key-value lines', () => {
    // Prepare
    const page = buildPage({
      items: [
        ...prose(['ACME GmbH', 'Main street 1', '12345 Berlin'], 72, 80),
        ...prose(['Customer Ltd', 'Other road 5', 'London'], 340, 80),
        ...prose(['Invoice number: 2026-001', 'Date: 2026-03-01', 'Due date: 2026-03-31'], 72, 160),
        ...prose(
          [
            'The quick brown fox jumps over the lazy dog and keeps on running through',
            'the field until the evening comes and the farmer calls the dogs back into',
            'the yard where they sleep until the morning sun rises over the hills again.',
          ],
          72,
          240,
        ),
      ],
    });

    // Act
    const tables = detectTables(page);

    // Assess
    expect(tables).toEqual([]);
  });

  it('spans a borderless cell across columns when its text runs across a column gap', () => {
    // Prepare: a section row "Food products" runs across the quantity column.
    const row = (y: number, a: string, b: string, c: string): Placed[] => [{ text: a, x: 72, y }, right(b, 300, y), right(c, 420, y)];
    const page = buildPage({
      items: [
        ...row(100, 'Item', 'Qty', 'Amount'),
        ...row(114, 'Apples', '3', '1.50'),
        ...row(128, 'Pears', '2', '1.20'),
        { text: 'Food products, drinks and other groceries total', x: 72, y: 142 },
        right('4.10', 420, 142),
        ...row(156, 'Bread', '1', '1.40'),
        ...row(170, 'Milk', '2', '1.80'),
      ],
    });

    // Act
    const [t] = detectTables(page);

    // Assess
    const wide = t.cells.find((c) => c.text.startsWith('Food'))!;
    expect(wide.columnSpan).toBe(2);
    expect(wide.column).toBe(0);
    expect(gridText(t)[3]).toEqual(['Food products, drinks and other groceries total', '', '4.10']);
  });

  it('splits a multi-word header label where the pieces line up with their columns', () => {
    // Prepare: "VAT Price incl. VAT" is one run of words over two right-aligned columns.
    const row = (y: number, a: string, b: string, c: string): Placed[] => [{ text: a, x: 72, y }, right(b, 440, y), right(c, 520, y)];
    const page = buildPage({
      items: [
        { text: 'Article', x: 72, y: 100 },
        { text: 'VAT Price incl. VAT', x: 425, y: 100 },
        ...row(114, 'Tablet 16 GB', '21%', '399.00'),
        ...row(128, 'Leather cover', '21%', '69.99'),
        ...row(142, 'Charger', '21%', '14.99'),
      ],
    });

    // Act
    const [t] = detectTables(page);

    // Assess
    expect(gridText(t)[0]).toEqual(['Article', 'VAT', 'Price incl. VAT']);
    expect(t.cells.filter((c) => c.header)).toHaveLength(3);
  });

  it('separates stacked tables when a new header row follows numeric rows', () => {
    // Prepare
    const five = (y: number, cells: string[]): Placed[] => cells.map((text, i) => ({ text, x: 60 + i * 100, y }));
    const page = buildPage({
      items: [
        ...five(100, ['Customer', 'Order', 'Date', 'Invoice', 'Due']),
        ...five(114, ['C-1001', 'O-2002', '8-9-2022', 'V-3003', '22-9-2022']),
        ...five(140, ['Article', 'Text', 'Price', 'VAT', 'Amount']),
        ...five(154, ['E208817', 'Kit', '49.99', '21 %', '49.99']),
        ...five(168, ['E208893', 'Flyer', '0.00', '21 %', '0.00']),
      ],
    });

    // Act
    const tables = detectTables(page);

    // Assess
    expect(tables.map((t) => gridText(t)[0][0])).toEqual(['Customer', 'Article']);
    expect(tables.map((t) => t.rows)).toEqual([2, 3]);
  });

  it('does not start a table in a two-column letterhead above it', () => {
    // Prepare
    const page = buildPage({
      items: [
        ...prose(['Calendar Inc', '88 Main Road', 'Springfield 30002'], 40, 80),
        ...prose(['Invoice date- Sep 13, 2022', 'Customer ID- 16BQW0T', 'PAID'], 380, 80),
        { text: 'DESCRIPTION', x: 40, y: 160 },
        { text: 'UNITS', x: 330, y: 160 },
        right('AMOUNT', 560, 160),
        { text: 'Yearly plan', x: 40, y: 176 },
        right('1', 355, 176),
        right('$144.00', 560, 176),
        { text: 'Monthly add-on', x: 40, y: 190 },
        right('2', 355, 190),
        right('$20.00', 560, 190),
      ],
    });

    // Act
    const tables = detectTables(page);

    // Assess
    expect(tables).toHaveLength(1);
    expect(gridText(tables[0])).toEqual([
      ['DESCRIPTION', 'UNITS', 'AMOUNT'],
      ['Yearly plan', '1', '$144.00'],
      ['Monthly add-on', '2', '$20.00'],
    ]);
  });

  it('reads numbers, amounts and quantities as numeric, words as not', () => {
    for (const t of ['42', '1.234,56', '$ 42.00', '-9,32', '(12.00)', '19 %', '20 Stk', '1.00 kg', '€ 399,00', '42,00 EUR']) {
      expect(isNumericText(t), t).toBe(true);
    }
    for (const t of ['Total', 'Main street 1', 'Q1', 'Apple iPad Air', '']) expect(isNumericText(t), t).toBe(false);
  });

  it('finds every row and column of a dense table (60 rows × 6 columns)', () => {
    // Prepare
    const items: Placed[] = [];
    for (let r = 0; r < 60; r++) {
      const y = 40 + r * 12;
      items.push({ text: `Item ${r} description`, x: 30, y, size: 8 });
      for (let c = 0; c < 5; c++) items.push(right(`${(r * 7 + c * 13) % 1000}.${c}0`, 260 + c * 70, y, 8));
    }
    const page = buildPage({ items });

    // Act
    const tables = detectTables(page);

    // Assess
    expect(tables).toHaveLength(1);
    expect([tables[0].rows, tables[0].columns]).toEqual([60, 6]);
  });

  it('ignores hostile ruling counts without blowing up', () => {
    // Prepare: 20 000 tiny random rulings.
    const rulings: Ruling[] = [];
    let s = 1;
    const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 20_000; i++) {
      const x = rnd() * 600;
      const y = rnd() * 780;
      rulings.push(i % 2 ? hLine(x, x + 20 + rnd() * 200, y) : vLine(x, y, y + 20 + rnd() * 200));
    }
    const page = buildPage({ items: prose(['Some text on a noisy page', 'and another line'], 72, 72), rulings });

    // Act
    const t0 = performance.now();
    detectTables(page);

    // Assess
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

describe('Layout: rulings in page images', () => {
  /** A white 800 × 600 image with a 3 × 3 grid (2 px lines), text-like specks and a black photo. */
  function gridImage() {
    const width = 800;
    const height = 600;
    const data = new Uint8Array(width * height).fill(250);
    const fill = (x0: number, y0: number, x1: number, y1: number, v = 0) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = v;
    };
    for (const y of [100, 160, 220, 280]) fill(100, y, 700, y + 2);
    for (const x of [100, 300, 500, 698]) fill(x, 100, x + 2, 282);
    // Glyph-sized specks inside the cells, and one dashed-ish break in a line (scanner noise).
    for (let k = 0; k < 40; k++) fill(120 + (k % 10) * 18, 120 + Math.floor(k / 10) * 40, 126 + (k % 10) * 18, 132 + Math.floor(k / 10) * 40, 30);
    fill(400, 160, 402, 162, 250);
    // A photo: a filled dark area is not a set of rules.
    fill(100, 400, 300, 560, 20);
    return { data, width, height };
  }

  it('finds the grid lines, bridges small breaks, ignores text specks and filled areas', () => {
    // Act
    const rulings = detectImageRulings(gridImage());

    // Assess
    const horizontal = rulings.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0);
    const vertical = rulings.filter((r) => r.x0 === r.x1).sort((a, b) => a.x0 - b.x0);
    expect(horizontal.map((r) => Math.round(r.y0 * 600))).toEqual([101, 161, 221, 281]);
    expect(horizontal.every((r) => Math.abs(r.x0 * 800 - 100) <= 1 && Math.abs(r.x1 * 800 - 700) <= 1)).toBe(true);
    expect(vertical.map((r) => Math.round(r.x0 * 800))).toEqual([101, 301, 501, 699]);
  });

  it('feeds an OCR page: image rulings plus OCR words make a ruled table', () => {
    // Prepare: words placed in the cells, in image pixels → normalised.
    const image = gridImage();
    const words = [['Name', 'City', 'Since'], ['Ada', 'London', '1843'], ['Grace', 'Paris', '1944']].flatMap((row, r) =>
      row.map((text, c) => ({
        text,
        bbox: [(110 + c * 200) / 800, (115 + r * 60) / 600, (110 + c * 200 + text.length * 12) / 800, (135 + r * 60) / 600] as [number, number, number, number],
        confidence: 0.9,
        source: 'ocr' as const,
      })),
    );
    const page = {
      ...buildPage({ items: [] }),
      width: 800,
      height: 600,
      words,
      source: 'ocr' as const,
      rulings: detectImageRulings(image),
    };

    // Act
    const tables = detectTables(page);

    // Assess
    expect(tables).toHaveLength(1);
    expect(gridText(tables[0])).toEqual([['Name', 'City', 'Since'], ['Ada', 'London', '1843'], ['Grace', 'Paris', '1944']]);
  });
});
