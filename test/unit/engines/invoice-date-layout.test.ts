import { describe, expect, it } from 'vitest';
import { INVOICE_FEATURES, type InvoiceCandidate, type InvoiceField } from '../../../functions/engines/extract/invoice-candidates.ts';
import {
  cellStartsOf,
  datesMonthFirst,
  gridCell,
  kindBefore,
  numberDistance,
  townHeading,
} from '../../../functions/engines/extract/invoice-date-evidence.ts';
import { datesIn } from '../../../functions/engines/extract/normalize.ts';
import { at, buildPage } from './page-builder.ts';
import { candidatesOf } from './invoice-candidates-of.ts';

// Invented invoices, towns and labels only: every name, number and address below is made up.

const feature = (c: InvoiceCandidate | undefined, field: InvoiceField, name: string) => c?.features[INVOICE_FEATURES[field].indexOf(name)];

describe('Engine: invoice dates on letter and grid layouts', () => {
  it('reads the label cell over a value in a grid set as one line per row, by bars or by wide gaps', () => {
    // Prepare
    const labels = { text: 'Kundennummer | Rechnungsdatum | Rechnung Nr. | Lieferdatum' };
    const values = { text: 'K-40112 | 5. März 2026 | RG-2026-0815 | 02.03.2026' };
    const gapped = { label: { text: 'Date Invoice No.', cellStarts: [5] }, value: { text: '3 March 2026 INV-77', cellStarts: [13] } };
    // Act & Assess
    expect(gridCell(labels, values, values.text.indexOf('5. März'))).toBe('Rechnungsdatum');
    expect(gridCell(labels, values, values.text.indexOf('02.03'))).toBe('Lieferdatum');
    expect(gridCell(gapped.label, gapped.value, 0)).toBe('Date');
    expect(gridCell(gapped.label, gapped.value, 13)).toBe('Invoice No.');
    // Rows of different cell counts are no grid.
    expect(gridCell({ text: 'Datum | Nr.' }, { text: '05.03.2026' }, 0)).toBeUndefined();
  });

  it('finds where a wide gap opens a new cell from the words’ boxes (a word space is no cell break)', () => {
    // Prepare: "Datum Rechnung Nr." with a wide gap before "Rechnung".
    const words = [
      { start: 0, bbox: [0.1, 0.2, 0.14, 0.21] as const },
      { start: 6, bbox: [0.16, 0.2, 0.22, 0.21] as const },
      { start: 15, bbox: [0.223, 0.2, 0.24, 0.21] as const },
    ];
    // Act & Assess
    expect(cellStartsOf(words.map((w) => ({ start: w.start, bbox: [...w.bbox] as [number, number, number, number] })))).toEqual([6]);
    expect(cellStartsOf(undefined)).toEqual([]);
  });

  it.each([
    ['Lindenfeld, den 3. März 2026', 16, true],
    ['Port Ashby, le 3 mars 2026', 15, true],
    ['Westerholm, 2026-03-03', 12, true],
    ['Invoice date, 3 March 2026', 14, false],
    ['Lindenfeld, den 3. März 2026 bis 4. März 2026', 16, false],
    ['Bestellung 12, 3. März 2026', 14, false],
  ] as const)('tells a letter’s town-and-date heading: %s', (text, at, expected) => {
    // Act & Assess
    expect(townHeading(text, at)).toBe(expected);
  });

  it.each([
    ['vielen Dank für Ihre Bestellung vom ', 'order'],
    ['Bitte überweisen Sie den Betrag bis zum ', 'due'],
    ['Please pay the amount by ', 'due'],
    ['Services rendered on ', 'delivery'],
    ['Skonto bis ', 'due'],
    ['Diensten verleend op ', 'delivery'],
    ["Valable jusqu'au ", 'other'],
    ['Rechnung # RG-4711 von ', 'issue'],
    ['Leistungszeitraum von ', 'period'],
  ])('reads the kind a letter’s sentence names before a date: %s → %s', (before, kind) => {
    // Act & Assess
    expect(kindBefore(before)).toBe(kind);
  });

  it('tells the order the page’s other slashed dates show, and reads the less common month abbreviations', () => {
    // Act & Assess
    expect(datesMonthFirst('Due: 03/17/2026')).toBe(true);
    expect(datesMonthFirst('Due: 17/03/2026')).toBe(false);
    expect(datesMonthFirst('Due: 03/04/2026')).toBeUndefined();
    expect(datesMonthFirst('03/17/2026 and 17/03/2026')).toBeUndefined();
    expect(datesIn('Datum: 3. Mär. 2026')[0]?.value).toBe('2026-03-03');
    expect(datesIn('Date : 12 fév. 2026')[0]?.value).toBe('2026-02-12');
    expect(datesIn('Data: 5 sett. 2026')[0]?.value).toBe('2026-09-05');
  });

  it('measures a date’s distance from the invoice’s number in the number line’s heights, on its page only', () => {
    // Prepare
    const line = (y: number, pageIndex = 0) => ({ text: 'x', bbox: [0.1, y, 0.3, y + 0.01] as [number, number, number, number], pageIndex });
    const lines = [line(0.1), line(0.12), line(0.3), line(0.1, 1)];
    // Act & Assess
    expect(numberDistance(lines, [1], [0])).toBeCloseTo(1);
    expect(numberDistance(lines, [0], [0])).toBe(0);
    expect(numberDistance(lines, [2], [0])).toBeGreaterThan(numberDistance(lines, [1], [0]));
    expect(numberDistance(lines, [3], [0])).toBe(Infinity);
  });

  it('marks a letter’s heading date, the sentences’ order and due dates, and the date nearest the number', () => {
    // Prepare: a letter whose date stands only beside the seller's town, other dates in sentences.
    const page = buildPage({
      items: [
        at('Brennholt Werkstatt GmbH', 60, 40, 16),
        at('Brennholt Werkstatt GmbH · Kiefernweg 4 · 31245 Lindenfeld', 60, 120, 6),
        at('Ostmann Bau KG', 60, 135),
        at('Am Feldrain 9', 60, 149),
        at('31250 Haselbrunn', 60, 163),
        at('Lindenfeld, den 3. März 2026', 380, 190),
        at('Rechnung Nr. RG-2026-0815', 60, 215, 12),
        at('Sehr geehrte Damen und Herren,', 60, 240),
        at('vielen Dank für Ihre Bestellung vom 12. Februar 2026.', 60, 256),
        at('Gartenbank Eiche 2 410,00 € 820,00 €', 60, 300),
        at('Gesamtbetrag 975,80 €', 340, 360),
        at('Bitte überweisen Sie den Betrag bis zum 17. März 2026.', 60, 600),
      ],
    });
    // Act
    const dates = candidatesOf(page).invoice_date;
    const of = (v: string) => dates.find((c) => c.value === v);
    // Assess
    expect(feature(of('2026-03-03'), 'invoice_date', 'town_heading')).toBe(1);
    expect(feature(of('2026-03-03'), 'invoice_date', 'nearest_number')).toBe(1);
    expect(feature(of('2026-02-12'), 'invoice_date', 'kind_order')).toBe(1);
    expect(feature(of('2026-02-12'), 'invoice_date', 'town_heading')).toBe(0);
    expect(feature(of('2026-03-17'), 'invoice_date', 'kind_due')).toBe(1);
    expect(feature(of('2026-03-17'), 'invoice_date', 'number_rank')).toBeGreaterThan(0);
  });

  it('reads each grid value under its own label: the date’s kind and the number’s label', () => {
    // Prepare: a header grid set as one line per row, the columns in no usual order.
    const page = buildPage({
      items: [
        at('Pellwarden Tools Ltd', 60, 40, 16),
        at('INVOICE', 380, 40, 16),
        at('Customer No. | Delivery date | Invoice No. | Date', 60, 200),
        at('C-40112 | 02/03/2026 | PT-88213 | 05/03/2026', 60, 214),
        at('Total £975.80', 340, 360),
      ],
    });
    // Act
    const { invoice_date: dates, invoice_number: numbers } = candidatesOf(page);
    const of = (v: string) => dates.find((c) => c.value === v);
    // Assess
    expect(feature(of('2026-03-05'), 'invoice_date', 'kind_generic')).toBe(1);
    expect(feature(of('2026-03-02'), 'invoice_date', 'kind_delivery')).toBe(1);
    expect(feature(of('2026-03-02'), 'invoice_date', 'kind_generic')).toBe(0);
    expect(
      feature(
        numbers.find((c) => c.value === 'PT-88213'),
        'invoice_number',
        'own_number',
      ),
    ).toBe(1);
    expect(numbers.find((c) => c.value === 'C-40112')).toBeUndefined();
  });

  it('gives a number in a grid set apart by wide gaps its column’s label, beside the bars ownLabel reads', () => {
    // Prepare: labels over values, the cells apart by wide gaps only (no bars), the number's column third.
    const page = buildPage({
      items: [
        at('Pellwarden Tools Ltd', 60, 40, 16),
        at('INVOICE', 380, 40, 16),
        at('Date', 60, 200),
        at('Customer No.', 170, 200),
        at('Invoice No.', 280, 200),
        at('05/03/2026', 60, 214),
        at('C-40112', 170, 214),
        at('PT-88213', 280, 214),
        at('Total £975.80', 340, 360),
      ],
    });
    // Act
    const numbers = candidatesOf(page).invoice_number;
    const number = numbers.find((c) => c.value === 'PT-88213');
    // Assess
    expect(feature(number, 'invoice_number', 'grid_number')).toBe(1);
    expect(feature(number, 'invoice_number', 'grid_other')).toBe(0);
    for (const other of numbers.filter((c) => c.value !== 'PT-88213')) expect(feature(other, 'invoice_number', 'grid_number')).toBe(0);
  });
});

