import { describe, expect, it } from 'vitest';
import { layoutPage, type LayoutWord } from '../../../functions/engines/layout/reading-order.ts';
import { PAGE, paragraph, row, shuffled, textLine } from './layout-helpers.ts';

const linesOf = (n: number, label: string) => Array.from({ length: n }, (_, i) => `${label} line ${i + 1} has several words`);

describe('Engine: reading order', () => {
  const twoColumnsUnderHeader = [
    ...textLine('Newsletter Title Across Both Columns', 180, 60, 16),
    ...paragraph(linesOf(10, 'Left'), 72, 110),
    ...paragraph(linesOf(10, 'Right'), 324, 110),
    ...textLine('Page footer', 72, 740, 8),
  ];
  const staggeredColumns = [
    ...paragraph(linesOf(8, 'Left'), 72, 100, 12),
    ...paragraph(linesOf(7, 'Right'), 324, 104, 14),
  ];
  const narrowGrid = [
    ...row(['Item', 'Qty', 'Price', 'Total'], [72, 130, 170, 220], 100),
    ...row(['Apple', '2', '1.20', '2.40'], [72, 130, 170, 220], 114),
    ...row(['Pear', '1', '0.80', '0.80'], [72, 130, 170, 220], 128),
    ...row(['Plum', '10', '0.10', '1.00'], [72, 130, 170, 220], 142),
    ...row(['Kiwi', '3', '0.50', '1.50'], [72, 130, 170, 220], 156),
    ...row(['Fig', '4', '0.25', '1.00'], [72, 130, 170, 220], 170),
  ];
  const invoiceLines = [
    ...row(['Consulting services for March', '1', '1,000.00'], [72, 400, 480], 300),
    ...row(['Travel expenses', '1', '250.00'], [72, 400, 480], 316),
    ...row(['Hosting plan basic tier', '12', '120.00'], [72, 400, 480], 332),
    ...row(['Support retainer', '1', '300.00'], [72, 400, 480], 348),
  ];
  const keyValueForm = [
    ...row(['Name:', 'Jane Example Doe'], [72, 300], 100),
    ...row(['Address:', '1 Example Street'], [72, 300], 114),
    ...row(['City:', 'Springfield'], [72, 300], 128),
    ...row(['Phone:', '+1 555 0100'], [72, 300], 142),
  ];
  const addressBlocks = [
    ...paragraph(['Seller:', 'Acme Widgets Ltd', '12 Factory Road', 'Leeds LS1 1AA', 'United Kingdom'], 72, 100),
    ...paragraph(['Buyer:', 'Example Trading GmbH', 'Hauptstrasse 5', '10115 Berlin', 'Germany'], 330, 100),
  ];

  it.each([
    ['one paragraph', paragraph(['First line of text', 'second line of text'], 72, 100), 'First line of text\nsecond line of text'],
    [
      'two paragraphs apart',
      [...paragraph(['Para one line one', 'para one line two'], 72, 100), ...paragraph(['Para two'], 72, 150)],
      'Para one line one\npara one line two\n\nPara two',
    ],
    [
      'two columns under a header, with a footer',
      twoColumnsUnderHeader,
      [
        'Newsletter Title Across Both Columns',
        linesOf(10, 'Left').join('\n'),
        linesOf(10, 'Right').join('\n'),
        'Page footer',
      ].join('\n\n'),
    ],
    [
      'two columns right under a header',
      [...textLine('Header Runs Across Both Columns Here', 150, 96, 12), ...paragraph(linesOf(6, 'Left'), 72, 112), ...paragraph(linesOf(6, 'Right'), 324, 112)],
      ['Header Runs Across Both Columns Here', linesOf(6, 'Left').join('\n'), linesOf(6, 'Right').join('\n')].join('\n\n'),
    ],
    ['staggered columns', staggeredColumns, `${linesOf(8, 'Left').join('\n')}\n\n${linesOf(7, 'Right').join('\n')}`],
    [
      'a narrow-gap table, row by row',
      narrowGrid,
      'Item Qty Price Total\nApple 2 1.20 2.40\nPear 1 0.80 0.80\nPlum 10 0.10 1.00\nKiwi 3 0.50 1.50\nFig 4 0.25 1.00',
    ],
    [
      'invoice lines with wide gaps, row by row',
      invoiceLines,
      'Consulting services for March 1 1,000.00\nTravel expenses 1 250.00\nHosting plan basic tier 12 120.00\nSupport retainer 1 300.00',
    ],
    [
      'a table right above two columns',
      [
        ...row(['Widget A', '10', '99.00'], [72, 300, 450], 100),
        ...row(['Widget B', '20', '19.00'], [72, 300, 450], 114),
        ...row(['Widget C', '30', '29.00'], [72, 300, 450], 128),
        ...paragraph(linesOf(6, 'Left'), 72, 142),
        ...paragraph(linesOf(6, 'Right'), 324, 142),
      ],
      ['Widget A 10 99.00\nWidget B 20 19.00\nWidget C 30 29.00', linesOf(6, 'Left').join('\n'), linesOf(6, 'Right').join('\n')].join(
        '\n\n',
      ),
    ],
    [
      'a key-value form, row by row',
      keyValueForm,
      'Name: Jane Example Doe\nAddress: 1 Example Street\nCity: Springfield\nPhone: +1 555 0100',
    ],
    [
      'two address blocks side by side, block by block',
      addressBlocks,
      'Seller:\nAcme Widgets Ltd\n12 Factory Road\nLeeds LS1 1AA\nUnited Kingdom\n\nBuyer:\nExample Trading GmbH\nHauptstrasse 5\n10115 Berlin\nGermany',
    ],
  ] as [string, LayoutWord[], string][])('reads %s', (_name, words, expected) => {
    // Prepare
    const input = shuffled(words);

    // Act
    const layout = layoutPage(input, PAGE);

    // Assess
    expect(layout.text).toBe(expected);
  });

  it('glues fragments of different runs with a tiny gap and keeps same-run words apart', () => {
    // Prepare: "Hel" and "lo" are two runs touching (a kerning split); "A" and "B"
    // were split on a space by their source but are drawn nearly touching.
    const [hel] = textLine('Hel', 72, 100);
    const [lo] = textLine('lo', 72 + 15, 100);
    const [a] = textLine('A', 120, 100);
    const b: LayoutWord = { ...a, text: 'B', bbox: [125.5 / 612, a.bbox[1], 130.5 / 612, a.bbox[3]] };

    // Act
    const layout = layoutPage([lo, hel, b, a], PAGE);

    // Assess
    expect(layout.words.map((w) => w.text)).toEqual(['Hello', 'A', 'B']);
    expect(layout.words[0].bbox[0]).toBeCloseTo(72 / 612, 6);
    expect(layout.words[0].bbox[2]).toBeCloseTo((72 + 25) / 612, 6);
  });

  it('keeps text drawn twice at the same place (fake bold) once', () => {
    // Prepare
    const words = [...textLine('Bold', 72, 100), ...textLine('Bold', 72.3, 100)];

    // Act
    const layout = layoutPage(words, PAGE);

    // Assess
    expect(layout.text).toBe('Bold');
  });

  it('reads text turned a quarter clockwise from top to bottom, boxes in page space', () => {
    // Prepare: two "lines" reading downwards; the one further right comes first.
    const word = (text: string, x: number, y: number): LayoutWord => ({
      text,
      bbox: [x / 612, y / 792, (x + 11) / 612, (y + text.length * 5) / 792],
      confidence: 1,
      source: 'text-layer',
      orientation: 90,
    });
    const words = [word('first', 500, 100), word('line', 500, 130), word('second', 486, 100), word('line', 486, 136)];

    // Act
    const layout = layoutPage(shuffled(words), PAGE);

    // Assess
    expect(layout.text).toBe('first line\nsecond line');
    expect(layout.words[0].bbox[0]).toBeCloseTo(500 / 612, 6);
    expect(layout.words[0].bbox[1]).toBeCloseTo(100 / 792, 6);
  });

  it('returns consistent indexes and boxes within 0–1', () => {
    // Prepare
    const words = [...twoColumnsUnderHeader, ...textLine('Off the edge', 590, 780, 12)];

    // Act
    const layout = layoutPage(words, PAGE);

    // Assess
    expect(layout.lines.flatMap((l) => l.wordIndexes)).toEqual(layout.words.map((_, i) => i));
    expect(layout.blocks.flatMap((b) => b.lineIndexes)).toEqual(layout.lines.map((_, i) => i));
    for (const box of [...layout.words, ...layout.lines, ...layout.blocks].map((x) => x.bbox)) {
      expect(box.every((v) => v >= 0 && v <= 1)).toBe(true);
      expect(box[0]).toBeLessThanOrEqual(box[2]);
      expect(box[1]).toBeLessThanOrEqual(box[3]);
    }
  });

  it('returns an empty layout for no words', () => {
    // Act
    const layout = layoutPage([], PAGE);

    // Assess
    expect(layout).toEqual({ words: [], lines: [], blocks: [], text: '' });
  });
});
