import { describe, expect, it } from 'vitest';
import type { Table } from '../../../functions/engines/document-model.ts';
import { analyzeDocument, analyzeRegions, type LayoutRegion } from '../../../functions/engines/layout/regions.ts';
import { box, buildPage, prose, right, type Placed } from './page-builder.ts';

const types = (regions: readonly LayoutRegion[]) => regions.map((r) => [r.type, r.text.split('\n')[0]]);

const bodyText = [
  'Layout analysis turns a page of positioned words into the structure a reader',
  'sees: headings, paragraphs, lists, tables and figures, in reading order.',
];

describe('Layout: regions', () => {
  it('types a report page: title, numbered section headers, paragraphs, list items, caption', () => {
    // Prepare
    const items: Placed[] = [
      { text: 'Annual Report 2026', x: 72, y: 60, size: 20 },
      { text: '1. Introduction', x: 72, y: 110, size: 13 },
      ...prose(bodyText, 72, 132),
      { text: '2. Findings', x: 72, y: 180, size: 13 },
      ...prose(['The main results are:'], 72, 202),
      ...prose(['• Revenue grew in every region', '• Costs fell for the second year', '• Headcount stayed flat'], 84, 220),
      ...prose(['Figure 1: Revenue by region, 2020–2026.'], 72, 300),
      ...prose(bodyText, 72, 330),
    ];

    // Act
    const regions = analyzeRegions(buildPage({ items }));

    // Assess
    expect(types(regions)).toEqual([
      ['title', 'Annual Report 2026'],
      ['section_header', '1. Introduction'],
      ['paragraph', bodyText[0]],
      ['section_header', '2. Findings'],
      ['paragraph', 'The main results are:'],
      ['list_item', '• Revenue grew in every region'],
      ['list_item', '• Costs fell for the second year'],
      ['list_item', '• Headcount stayed flat'],
      ['caption', 'Figure 1: Revenue by region, 2020–2026.'],
      ['paragraph', bodyText[0]],
    ]);
    expect(regions.map((r) => r.readingOrder)).toEqual(regions.map((_, i) => i));
    expect(regions[5].marker).toBe('•');
  });

  it('finds running headers, footers and page numbers by repetition across pages', () => {
    // Prepare: the header sits lower than the narrow edge band; only repetition identifies it.
    const pages = [1, 2, 3].map((n) =>
      buildPage({
        pageNumber: n,
        items: [
          { text: 'ACME Corp - Confidential', x: 72, y: 80 },
          ...prose(bodyText, 72, 160),
          ...prose([`Page ${n} of 3`], 280, 760),
        ],
      }),
    );

    // Act
    const regions = analyzeDocument(pages);

    // Assess
    for (const page of regions) {
      expect(types(page)).toEqual([
        ['page_header', 'ACME Corp - Confidential'],
        ['paragraph', bodyText[0]],
        ['page_number', expect.stringMatching(/^Page \d of 3$/)],
      ]);
    }
    // A single page has no repetition: the same header line is an ordinary paragraph there.
    expect(analyzeRegions(pages[0])[0].type).not.toBe('page_header');
  });

  it('splits key-value lines into key_value regions with key and value', () => {
    // Prepare
    const page = buildPage({ items: prose(['Invoice number: 2026-001', 'Invoice date: 2026-03-01', 'Customer: Kunden AG'], 72, 200) });

    // Act
    const regions = analyzeRegions(page);

    // Assess
    expect(regions.map((r) => [r.type, r.key, r.value])).toEqual([
      ['key_value', 'Invoice number', '2026-001'],
      ['key_value', 'Invoice date', '2026-03-01'],
      ['key_value', 'Customer', 'Kunden AG'],
    ]);
  });

  it('keeps an address merged into a key-value line apart from the pair', () => {
    // Prepare: the layout reads "Acme Inc." and "Invoice number: 42" as one text line.
    const page = buildPage({
      items: [
        { text: 'Acme Inc.', x: 72, y: 100 },
        { text: 'Invoice number: 42', x: 330, y: 100 },
        { text: 'Main Road 5', x: 72, y: 114 },
        { text: 'Invoice date: 2026-03-01', x: 330, y: 114 },
      ],
    });

    // Act
    const regions = analyzeRegions(page).filter((r) => r.type === 'key_value');

    // Assess
    expect(regions.map((r) => [r.key, r.value])).toEqual([
      ['Invoice number', '42'],
      ['Invoice date', '2026-03-01'],
    ]);
  });

  it('reads "label    value" lines (no colon, a wide gap) as key-value pairs', () => {
    const page = buildPage({
      items: [
        { text: 'Invoice date', x: 72, y: 100 },
        { text: '13/11/2017', x: 200, y: 100 },
        { text: 'Payment terms', x: 72, y: 114 },
        { text: '30 days net', x: 200, y: 114 },
      ],
    });
    expect(analyzeRegions(page).map((r) => [r.type, r.key, r.value])).toEqual([
      ['key_value', 'Invoice date', '13/11/2017'],
      ['key_value', 'Payment terms', '30 days net'],
    ]);
    // Two text columns side by side are not a pair: colon-less values carry a number.
    const columns = buildPage({ items: [{ text: 'Bank name', x: 72, y: 100 }, { text: 'Account holder', x: 200, y: 100 }] });
    expect(analyzeRegions(columns).map((r) => r.type)).toEqual(['paragraph']);
  });

  it('puts a detected table in reading order between the text around it', () => {
    // Prepare
    const row = (y: number, a: string, b: string, c: string): Placed[] => [{ text: a, x: 72, y }, right(b, 300, y), right(c, 420, y)];
    const page = buildPage({
      items: [
        ...prose(['Your order'], 72, 60),
        ...row(100, 'Item', 'Qty', 'Amount'),
        ...row(114, 'Apples', '3', '1.50'),
        ...row(128, 'Pears', '2', '1.20'),
        ...row(142, 'Bread', '1', '1.40'),
        ...prose(['Thank you for shopping with us, we hope to see you again soon.'], 72, 200),
      ],
    });

    // Act
    const regions = analyzeRegions(page);

    // Assess
    expect(regions.map((r) => r.type)).toEqual(['paragraph', 'table', 'paragraph']);
    const table = regions[1];
    expect(table.table?.rows).toBe(4);
    expect(table.text.split('\n')[1]).toBe('Apples\t3\t1.50');
  });

  it('renders native tables (XLSX/CSV/DOCX) as table regions, consuming their words', () => {
    // Prepare: the backend placed the cells as text and declared the table with its box.
    const native: Table = {
      rows: 2,
      columns: 2,
      origin: 'native',
      bbox: box(60, 90, 400, 130),
      cells: [
        { row: 0, column: 0, rowSpan: 1, columnSpan: 1, text: 'Name', header: true },
        { row: 0, column: 1, rowSpan: 1, columnSpan: 1, text: 'City', header: true },
        { row: 1, column: 0, rowSpan: 1, columnSpan: 1, text: 'Ada' },
        { row: 1, column: 1, rowSpan: 1, columnSpan: 1, text: 'London' },
      ],
    };
    const page = buildPage({
      items: [...prose(['Sheet1'], 72, 60), { text: 'Name', x: 72, y: 100 }, { text: 'City', x: 250, y: 100 }, { text: 'Ada', x: 72, y: 114 }, { text: 'London', x: 250, y: 114 }],
      tables: [native],
    });

    // Act
    const regions = analyzeRegions(page);

    // Assess
    expect(regions.map((r) => r.type)).toEqual(['paragraph', 'table']);
    expect(regions[1].table).toBe(native);
  });

  it('renders a native table without a box, and without text on the page, at the end', () => {
    const native: Table = {
      rows: 1,
      columns: 2,
      origin: 'native',
      cells: [
        { row: 0, column: 0, rowSpan: 1, columnSpan: 1, text: 'a' },
        { row: 0, column: 1, rowSpan: 1, columnSpan: 1, text: 'b' },
      ],
    };
    const regions = analyzeRegions(buildPage({ items: prose(['Some heading text here'], 72, 60), tables: [native] }));
    expect(regions.map((r) => r.type)).toEqual(['paragraph', 'table']);
  });

  it('makes a figure region from an image placement, with the words printed on it', () => {
    // Prepare
    const page = buildPage({
      items: [...prose(bodyText, 72, 60), { text: 'Q1 Q2 Q3', x: 150, y: 200 }, ...prose(bodyText, 72, 400)],
      figures: [box(100, 150, 400, 350)],
    });

    // Act
    const regions = analyzeRegions(page);

    // Assess
    expect(types(regions)).toEqual([
      ['paragraph', bodyText[0]],
      ['figure', 'Q1 Q2 Q3'],
      ['paragraph', bodyText[0]],
    ]);
  });

  it('does not turn a scanned page (one page-sized image under the text) into a figure', () => {
    const page = buildPage({ items: prose(['Dear Sir,', 'thank you for your letter.'], 72, 100), figures: [box(0, 0, 612, 792)] });
    expect(analyzeRegions(page).map((r) => r.type)).toEqual(['paragraph']);
  });

  it('handles an empty page', () => {
    expect(analyzeRegions(buildPage({ items: [] }))).toEqual([]);
    expect(analyzeDocument([])).toEqual([]);
  });
});
