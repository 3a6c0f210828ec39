import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentPage, ParsedDocument } from '../../../functions/engines/document-model.ts';
import { classifyFormat, formatSerial } from '../../../functions/engines/office/xlsx.ts';
import { openDocument, type OpenHint } from '../../../functions/engines/registry.ts';
import { VIRTUAL_PAGE } from '../../../functions/engines/text/virtual-page.ts';
import {
  aShape,
  docx,
  pptx,
  sampleDocx,
  samplePptx,
  sampleXlsx,
  wPara,
  xlsx,
} from './office-builders.ts';

async function parse(bytes: Uint8Array, hint: OpenHint = {}): Promise<{ pageCount: number; engines: string[]; document: ParsedDocument }> {
  const opened = await openDocument(bytes, hint);
  try {
    return { pageCount: opened.pageCount, engines: opened.engines, document: await opened.extract() };
  } finally {
    await opened.close();
  }
}

/** Every box inside the page, words in reading order on the grid, lines and blocks consistent with the text. */
function expectConsistent(page: DocumentPage): void {
  for (const w of page.words) {
    expect(w.bbox[0]).toBeGreaterThanOrEqual(0);
    expect(w.bbox[2]).toBeLessThanOrEqual(1);
    expect(w.bbox[0]).toBeLessThan(w.bbox[2]);
    expect(w.bbox[1]).toBeLessThan(w.bbox[3]);
    expect(w.bbox[3]).toBeLessThanOrEqual(1);
    expect(w).toMatchObject({ confidence: 1, source: 'text-layer' });
  }
  expect(page.text).toBe(page.blocks.map((b) => b.text).join('\n\n'));
  for (const b of page.blocks) expect(b.text).toBe(b.lineIndexes.map((i) => page.lines[i].text).join('\n'));
  for (const l of page.lines) {
    const words = l.wordIndexes.map((i) => page.words[i].text);
    expect(l.text.split(/\s+/).filter((t) => t && t !== '|')).toEqual(words);
  }
}

describe('Engine: Office backends', () => {
  describe('DOCX', () => {
    it('reads headings, lists, a merged table and page and section breaks, with the page count known at open', async () => {
      // Act
      const { pageCount, engines, document } = await parse(sampleDocx(), { filename: 'report.docx' });

      // Assess
      expect(engines).toEqual(['docx-ooxml@1']);
      expect(document.kind).toBe('docx');
      expect(pageCount).toBe(3);
      expect(document.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
      const [first, second, third] = document.pages;
      expect(first.text).toContain('Quarterly Report\n\nRevenue grew by 12% in the third quarter.\n\n• First item');
      expect(first.text).toContain('Region | Q3 results\nNorth | 120 | EUR\n| 80 | USD\nSouth | 95 | EUR');
      expect(second.text).toBe('Appendix\n\nEnd of section one.');
      expect(third.text).toContain('Section two starts on a new page.');
      expect(third.text).toContain('Before  after tab   tabbed');
      document.pages.forEach(expectConsistent);
      expect(first).toMatchObject({ width: 612, height: 792, source: 'text-layer' });
    });

    it('returns the table natively with gridSpan and vMerge spans and the header row', async () => {
      // Act
      const { document } = await parse(sampleDocx());

      // Assess
      const table = document.pages[0].tables![0];
      expect(table).toMatchObject({ rows: 4, columns: 3, origin: 'native' });
      const cell = (row: number, column: number) => table.cells.find((c) => c.row === row && c.column === column);
      expect(cell(0, 1)).toMatchObject({ text: 'Q3 results', columnSpan: 2, rowSpan: 1, header: true });
      expect(cell(1, 0)).toMatchObject({ text: 'North', rowSpan: 2, columnSpan: 1 });
      expect(cell(1, 0)!.header).toBeUndefined();
      expect(cell(2, 0)).toBeUndefined();
      expect(cell(2, 1)).toMatchObject({ text: '80' });
      // Cell boxes cover their words.
      const north = document.pages[0].words.find((w) => w.text === 'North')!;
      expect(cell(1, 0)!.bbox).toEqual(north.bbox);
    });

    it('fills pages with 60 lines when there is no explicit break', async () => {
      // Prepare: 100 one-line paragraphs take 199 lines (blank lines between blocks).
      const body = Array.from({ length: 100 }, (_, i) => wPara(`Paragraph number ${i + 1}.`)).join('');

      // Act
      const { pageCount, document } = await parse(docx(body));

      // Assess
      expect(pageCount).toBe(4);
      expect(document.pages[0].lines).toHaveLength(30);
      expect(document.pages[1].text.startsWith('Paragraph number 31.')).toBe(true);
      const last = document.pages[0].words.at(-1)!;
      expect(last.bbox[3]).toBeLessThanOrEqual((VIRTUAL_PAGE.height - VIRTUAL_PAGE.margin) / VIRTUAL_PAGE.height);
    });

    it('extracts only the requested pages', async () => {
      // Prepare
      const opened = await openDocument(sampleDocx(), { declaredKind: 'docx' });

      try {
        // Act
        const document = await opened.extract([3]);

        // Assess
        expect(document.pages.map((p) => p.pageNumber)).toEqual([3]);
        expect(document.pages[0].text).toContain('Section two');
      } finally {
        await opened.close();
      }
    });

    it('skips the fallback copy of a text box and ignores tab stop definitions', async () => {
      // Prepare
      const body =
        '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Main</w:t></w:r>' +
        '<mc:AlternateContent xmlns:mc="x"><mc:Choice Requires="wps"><w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r></mc:Choice>' +
        '<mc:Fallback><w:r><w:pict><w:txbxContent><w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:br/><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></w:pict></w:r></mc:Fallback></mc:AlternateContent></w:p>' +
        wPara('After the box');

      // Act
      const { document } = await parse(docx(body));

      // Assess
      expect(document.pages[0].text.match(/Boxed/g)).toHaveLength(1);
      expect(document.pages[0].text).toContain('Main');
      expect(document.pages[0].text).toContain('After the box');
      expect(document.pages[0].text).not.toMatch(/^\s/);
    });
  });

  describe('XLSX', () => {
    it('gives one page per sheet with shared and inline strings, numbers, dates, percentages, booleans and errors', async () => {
      // Act
      const { pageCount, engines, document } = await parse(sampleXlsx(), { declaredKind: 'xlsx' });

      // Assess
      expect(engines).toEqual(['xlsx-ooxml@1']);
      expect(pageCount).toBe(2);
      const [sales, notes] = document.pages;
      expect(sales.text).toBe(
        [
          'Sheet: Sales',
          '',
          'Item | Price | Bought | Share',
          'Apples | 1.2 | 2026-11-22 | 12.5%',
          'Pears | 0.3 | 2026-11-22 12:00:00 | TRUE',
          'Total & more | 1.5 | #DIV/0!',
        ].join('\n'),
      );
      expect(notes.text).toBe('Sheet: Notes\n\nMerged title\nleft | 42');
      document.pages.forEach(expectConsistent);
    });

    it('returns each sheet as a native table with the header row and merged ranges', async () => {
      // Act
      const { document } = await parse(sampleXlsx());

      // Assess
      const sales = document.pages[0].tables![0];
      expect(sales).toMatchObject({ rows: 4, columns: 4, origin: 'native' });
      expect(sales.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['Item', 'Price', 'Bought', 'Share']);
      const notes = document.pages[1].tables![0];
      expect(notes.cells[0]).toMatchObject({ row: 0, column: 0, columnSpan: 2, text: 'Merged title' });
    });

    it('drops empty rows and columns and splits a long sheet over pages with the header repeated', async () => {
      // Prepare: header + 150 rows, values in columns A and D only.
      let rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="D1" t="inlineStr"><is><t>Amount</t></is></c></row>';
      for (let r = 2; r <= 151; r++) rows += `<row r="${r * 2}"><c r="A${r * 2}" t="inlineStr"><is><t>n${r}</t></is></c><c r="D${r * 2}"><v>${r}</v></c></row>`;

      // Act
      const { pageCount, document } = await parse(xlsx([{ name: 'Long', xml: rows }]));

      // Assess: title + blank + 58 rows on page 1, header + 59 on the next ones.
      expect(pageCount).toBe(3);
      expect(document.pages[0].lines).toHaveLength(59);
      expect(document.pages[1].lines[0].text).toBe('Name | Amount');
      expect(document.pages[1].tables![0].cells[0]).toMatchObject({ text: 'Name', header: true, row: 0 });
      expect(document.pages[1].tables![0].columns).toBe(2);
      expect(document.pages[2].text.endsWith('n151 | 151')).toBe(true);
    });

    it('formats date serials in both date systems', () => {
      // Assess
      expect(formatSerial(1, 'date', false)).toBe('1900-01-01');
      expect(formatSerial(60, 'date', false)).toBe('1900-02-29');
      expect(formatSerial(61, 'date', false)).toBe('1900-03-01');
      expect(formatSerial(45658, 'date', false)).toBe('2025-01-01');
      expect(formatSerial(0, 'date', true)).toBe('1904-01-01');
      expect(formatSerial(0.75, 'time', false)).toBe('18:00:00');
      expect(formatSerial(45658.25, 'datetime', false)).toBe('2025-01-01 06:00:00');
    });

    it.each([
      ['General', 'general'],
      ['0.00', 'general'],
      ['#,##0.00_);[Red]\\(#,##0.00\\)', 'general'],
      ['0.0%', 'percent'],
      ['yyyy-mm-dd', 'date'],
      ['d/m/yy', 'date'],
      ['mmm yyyy', 'date'],
      ['[$-409]h:mm AM/PM', 'time'],
      ['[h]:mm:ss', 'time'],
      ['dd/mm/yyyy hh:mm', 'datetime'],
      ['"Day" 0', 'general'],
    ])('classifies the number format %s as %s', (code, expected) => {
      // Assess
      expect(classifyFormat(code)).toBe(expected);
    });

    it('honours the 1904 date system', async () => {
      // Prepare
      const book = xlsx([{ name: 'S', xml: '<row r="1"><c r="A1" s="1"><v>0</v></c></row>' }], {
        styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>',
        date1904: true,
      });

      // Act
      const { document } = await parse(book);

      // Assess
      expect(document.pages[0].text).toBe('Sheet: S\n\n1904-01-01');
    });
  });

  describe('PPTX', () => {
    it('gives one page per slide, title first, with notes and native tables', async () => {
      // Act
      const { pageCount, engines, document } = await parse(samplePptx(), { filename: 'deck.pptx' });

      // Assess
      expect(engines).toEqual(['pptx-ooxml@1']);
      expect(pageCount).toBe(3);
      expect(document.pages[0].text).toBe('Annual Review 2026\n\nSubtitle: Q3 review');
      expect(document.pages[1].text).toBe('Highlights\n\nRevenue up 12%\nCosts down 3%\n\nNotes: Mention the new office.');
      expect(document.pages[2].text).toBe('Numbers\n\nRegion | Sales\nNorth | 120\nSouth | 95');
      expect(document.pages[2].tables![0]).toMatchObject({ rows: 3, columns: 2 });
      document.pages.forEach(expectConsistent);
    });

    it('keeps an empty slide as a page and makes a very full slide taller instead of adding a page', async () => {
      // Prepare
      const many = Array.from({ length: 80 }, (_, i) => `Bullet ${i + 1}`);
      const deck = pptx([{ shapes: aShape(['One']) }, { shapes: '' }, { shapes: aShape(many) }]);

      // Act
      const { pageCount, document } = await parse(deck);

      // Assess
      expect(pageCount).toBe(3);
      expect(document.pages[1]).toMatchObject({ text: '', source: 'none', words: [] });
      expect(document.pages[2].height).toBeGreaterThan(792);
      expect(Math.max(...document.pages[2].words.map((w) => w.bbox[3]))).toBeLessThanOrEqual(1);
      expect(document.pages[2].lines).toHaveLength(80);
    });
  });
});

describe('Engine: committed Office and text fixtures', () => {
  const dir = join(import.meta.dirname, '../../fixtures/documents/office');

  it.each([
    ['sample.docx', 'docx', 3, 'Quarterly Report'],
    ['sample.xlsx', 'xlsx', 2, 'Sheet: Sales'],
    ['sample.pptx', 'pptx', 3, 'Annual Review 2026'],
    ['sample.csv', 'csv', 1, 'name | qty | note'],
    ['sample.txt', 'txt', 2, 'Invoice 2026-001'],
    ['sample.rtf', 'rtf', 2, 'Café € 42.00'],
    ['sample.json', 'json', 1, 'invoice:\n  number: 2026-001'],
    ['sample.xml', 'xml', 1, 'invoice (id=2026-001):'],
  ])('%s opens as %s with %i pages', async (name, kind, pages, start) => {
    // Prepare
    const bytes = new Uint8Array(readFileSync(join(dir, name)));

    // Act
    const { pageCount, document } = await parse(bytes, { filename: name });

    // Assess
    expect(document.kind).toBe(kind);
    expect(pageCount).toBe(pages);
    expect(document.pages[0].text.startsWith(start)).toBe(true);
  });

  it('match what scripts/make-office-fixtures.ts generates', async () => {
    // Prepare
    const { OFFICE_FIXTURES } = await import('../../../scripts/make-office-fixtures.ts');

    // Assess
    for (const [name, bytes] of Object.entries(OFFICE_FIXTURES)) {
      expect(new Uint8Array(readFileSync(join(dir, name))), name).toEqual(bytes);
    }
  });
});
