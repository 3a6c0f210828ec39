import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../functions/engines/document-model.ts';
import { detectTables } from '../../../functions/engines/layout/tables.ts';
import { loadPdf } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { loadPdfjs } from '../../../functions/engines/pdf/pdfjs.ts';
import { collectGraphics, MAX_RULINGS } from '../../../functions/engines/pdf/rulings.ts';
import {
  buildDocumentStructure,
  buildStructure,
  tableToHtml,
  tableToMarkdown,
} from '../../../functions/operations/parse-structure.ts';
import { buildPage, gridText, prose, right, type Placed } from './page-builder.ts';

const cell = (row: number, column: number, text: string, extra: Partial<Table['cells'][number]> = {}) => ({
  row,
  column,
  rowSpan: 1,
  columnSpan: 1,
  text,
  ...extra,
});

/** Header row; "Apples" spans two rows; "Total" spans two columns. */
const spanned: Table = {
  rows: 4,
  columns: 3,
  origin: 'geometry',
  cells: [
    cell(0, 0, 'Product', { header: true }),
    cell(0, 1, 'Q1', { header: true }),
    cell(0, 2, 'Q2', { header: true }),
    cell(1, 0, 'Apples', { rowSpan: 2 }),
    cell(1, 1, '10'),
    cell(1, 2, '12'),
    cell(2, 1, '11'),
    cell(2, 2, '13'),
    cell(3, 0, 'Total', { columnSpan: 2 }),
    cell(3, 2, '46 | net'),
  ],
};

describe('Structure: rendering', () => {
  it('renders a table as html with thead, th, rowspan and colspan', () => {
    expect(tableToHtml(spanned)).toBe(
      [
        '<table>',
        '<thead>',
        '<tr><th>Product</th><th>Q1</th><th>Q2</th></tr>',
        '</thead>',
        '<tbody>',
        '<tr><td rowspan="2">Apples</td><td>10</td><td>12</td></tr>',
        '<tr><td>11</td><td>13</td></tr>',
        '<tr><td colspan="2">Total</td><td>46 | net</td></tr>',
        '</tbody>',
        '</table>',
      ].join('\n'),
    );
  });

  it('renders a table as a GitHub pipe table: spans keep their text in the first position', () => {
    expect(tableToMarkdown(spanned)).toBe(
      [
        '| Product | Q1 | Q2 |',
        '| --- | --- | --- |',
        '| Apples | 10 | 12 |',
        '|  | 11 | 13 |',
        '| Total |  | 46 \\| net |',
      ].join('\n'),
    );
  });

  it('gives a table without a header an empty pipe-table header row', () => {
    const plain: Table = { rows: 1, columns: 2, origin: 'native', cells: [cell(0, 0, 'a'), cell(0, 1, 'b')] };
    expect(tableToMarkdown(plain)).toBe('|  |  |\n| --- | --- |\n| a | b |');
    expect(tableToHtml(plain)).toBe('<table>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n</tbody>\n</table>');
  });

  it('renders huge declared sizes (a sparse sheet) from the cells actually used, and giant grids as text', () => {
    // Prepare
    const sparse: Table = { rows: 1_000_000, columns: 16_384, origin: 'native', cells: [cell(0, 0, 'a'), cell(1, 2, 'b')] };
    const giant: Table = { rows: 2_000_000, columns: 2, origin: 'native', cells: [cell(0, 0, 'x'), cell(1_999_999, 1, 'y')] };

    // Act
    const md = tableToMarkdown(sparse);
    const html = tableToHtml(giant);

    // Assess
    expect(md).toBe('|  |  |  |\n| --- | --- | --- |\n| a |  |  |\n|  |  | b |');
    // One line per declared row (2,000,000), the two cells on the first and the last.
    expect(html).toBe(`<pre>x${'\n'.repeat(1_999_999)}\ty</pre>`);
  });

  it('renders a page: headings, lists, key-values, tables, furniture, from the same regions', () => {
    // Prepare
    const row = (y: number, a: string, b: string, c: string): Placed[] => [{ text: a, x: 72, y }, right(b, 300, y), right(c, 420, y)];
    const page = buildPage({
      items: [
        { text: 'Order <42> & more', x: 72, y: 60, size: 20 },
        ...prose(['Order number: 42', 'Order date: 2026-03-01'], 72, 100),
        ...row(150, 'Item', 'Qty', 'Amount'),
        ...row(164, 'Apples', '3', '1.50'),
        ...row(178, 'Pears', '2', '1.20'),
        ...row(192, 'Bread', '1', '1.40'),
        ...prose(['- Delivered to the back door', '- Signed by the neighbour'], 72, 240),
        ...prose(['Page 1 of 1'], 280, 770),
      ],
    });

    // Act
    const s = buildStructure(page);

    // Assess
    expect(s.regions.map((r) => r.type)).toEqual(['title', 'key_value', 'key_value', 'table', 'list_item', 'list_item', 'page_number']);
    expect(s.regions.map((r) => r.reading_order)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(s.regions[3].table?.cells.find((c) => c.text === 'Apples')).toMatchObject({ row: 1, column: 0, row_span: 1, column_span: 1 });
    expect(s.markdown).toBe(
      [
        '# Order \\<42\\> & more',
        '**Order number:** 42',
        '**Order date:** 2026-03-01',
        '| Item | Qty | Amount |\n| --- | --- | --- |\n| Apples | 3 | 1.50 |\n| Pears | 2 | 1.20 |\n| Bread | 1 | 1.40 |',
        '- Delivered to the back door\n- Signed by the neighbour',
        'Page 1 of 1',
      ].join('\n\n'),
    );
    expect(s.html).toContain('<h1>Order &lt;42&gt; &amp; more</h1>');
    expect(s.html).toContain('<tr><th>Item</th><th>Qty</th><th>Amount</th></tr>');
    expect(s.html).toContain('<ul>\n<li>Delivered to the back door</li>\n<li>Signed by the neighbour</li>\n</ul>');
    expect(s.html).toContain('<footer>Page 1 of 1</footer>');
    for (const r of s.regions) for (const v of r.bbox) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('structures a dense page (800+ words, a 40-row table) into prose and one table', () => {
    // Prepare
    const items: Placed[] = [{ text: 'Dense report', x: 40, y: 30, size: 16 }];
    for (let r = 0; r < 40; r++) {
      items.push({ text: `Line ${r} of running text with several words in it for the body`, x: 40, y: 60 + r * 9, size: 7 });
    }
    for (let r = 0; r < 40; r++) {
      const y = 430 + r * 9;
      items.push({ text: `Item ${r}`, x: 40, y, size: 7 });
      for (let c = 0; c < 6; c++) items.push(right(`${(r * 13 + c * 7) % 100}.${c}0`, 200 + c * 60, y, 7));
    }
    const page = buildPage({ items });

    // Act
    const s = buildStructure(page);

    // Assess
    expect(page.words.length).toBeGreaterThan(800);
    expect(s.regions.filter((r) => r.type === 'table')).toHaveLength(1);
  });

  it('builds every page of a document at once (one structured page per page)', () => {
    const pages = [1, 2].map((n) => buildPage({ pageNumber: n, items: prose([`Body text of page ${n} with several words in it.`], 72, 200) }));
    const out = buildDocumentStructure(pages);
    expect(out).toHaveLength(2);
    expect(out[1].markdown).toBe('Body text of page 2 with several words in it.');
    expect(buildDocumentStructure([])).toEqual([]);
  });
});

describe('PDF rulings', () => {
  it('reads lines, thin filled rectangles and rectangle borders from a PDF, through the backend', async () => {
    // Prepare: a 3 × 3 grid; horizontals are stroked lines, verticals thin filled
    // rectangles, the frame a stroked rectangle (pdf-lib draws it through a transform).
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const top = (y: number) => 792 - y;
    const xs = [72, 222, 372, 522];
    const ys = [100, 120, 140, 160];
    page.drawRectangle({ x: 72, y: top(160), width: 450, height: 60, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    for (const y of ys.slice(1, -1)) page.drawLine({ start: { x: 72, y: top(y) }, end: { x: 522, y: top(y) }, thickness: 0.5 });
    for (const x of xs.slice(1, -1)) page.drawRectangle({ x: x - 0.4, y: top(160), width: 0.8, height: 60, color: rgb(0, 0, 0) });
    const texts = [['Name', 'City', 'Since'], ['Ada', 'London', '1843'], ['Grace', 'New York', '1944']];
    texts.forEach((r, ri) => r.forEach((t, ci) => page.drawText(t, { x: xs[ci] + 5, y: top(ys[ri] + 15), size: 10, font })));
    page.drawText('People and places', { x: 72, y: top(80), size: 12, font });
    const bytes = await doc.save();

    // Act
    const pdf = await loadPdf(bytes);
    let parsed;
    try {
      parsed = await pdf.extract();
    } finally {
      await pdf.close();
    }
    const p = parsed.pages[0];

    // Assess: rulings at the drawn positions (normalised, top-left origin).
    const near = (a: number, b: number) => Math.abs(a - b) < 0.003;
    const rulings = p.rulings ?? [];
    for (const y of ys) {
      expect(rulings.some((r) => near(r.y0, y / 792) && near(r.y1, y / 792) && near(r.x0, 72 / 612) && near(r.x1, 522 / 612)), `h ${y}`).toBe(true);
    }
    for (const x of xs) {
      expect(rulings.some((r) => near(r.x0, x / 612) && near(r.x1, x / 612) && near(r.y0, 100 / 792) && near(r.y1, 160 / 792)), `v ${x}`).toBe(true);
    }
    const tables = detectTables(p);
    expect(tables).toHaveLength(1);
    expect(tables[0].method).toBe('ruled');
    expect(gridText(tables[0])).toEqual(texts);
    const s = buildStructure(p);
    expect(s.regions.map((r) => r.type)).toEqual(['section_header', 'table']); // 12 pt over 10 pt body text
    expect(s.html).toContain('<td>New York</td>');
  });

  it('tracks the transformation matrix and keeps straight segments only', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();
    const OPS = pdfjs.OPS;
    const viewport = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] };
    const path = (...numbers: number[]) => [OPS.stroke, [new Float32Array(numbers)], null];
    const fn = [OPS.save, OPS.transform, OPS.constructPath, OPS.restore, OPS.constructPath, OPS.constructPath];
    const args = [
      null,
      [2, 0, 0, 2, 10, 10],
      path(0, 0, 0, 1, 100, 0), // moveTo(0,0) lineTo(100,0), scaled ×2 and moved by (10,10)
      null,
      path(0, 50, 50, 1, 150, 120), // slanted: ignored
      path(0, 300, 400, 2, 310, 410, 320, 420, 330, 400), // a curve: ignored
    ];

    // Act
    const out = collectGraphics(fn, args, OPS as never, viewport);

    // Assess
    expect(out.rulings).toHaveLength(1);
    const [r] = out.rulings!;
    expect(r.x0).toBeCloseTo(10 / 612, 5);
    expect(r.x1).toBeCloseTo(210 / 612, 5);
    expect(r.y0).toBeCloseTo(782 / 792, 5);
  });

  it('is bounded on a hostile operator list (hundreds of thousands of paths)', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();
    const OPS = pdfjs.OPS;
    const viewport = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] };
    const n = 400_000;
    const fn = new Array<number>(n).fill(OPS.constructPath);
    const args = Array.from({ length: n }, (_, i) => [OPS.stroke, [new Float32Array([0, 10, (i % 700) + 5, 1, 300, (i % 700) + 5])], null]);

    // Act
    const t0 = performance.now();
    const out = collectGraphics(fn, args, OPS as never, viewport);

    // Assess
    // Generous: ~1 s on a quiet 2-core box, 8 s seen at load 12; a quadratic walk over 400,000 paths would take hours.
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(out.rulings!.length).toBeLessThanOrEqual(MAX_RULINGS);
  });
});
