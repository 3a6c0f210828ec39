import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../../functions/engines/document-model.ts';
import { openDocument, type OpenHint } from '../../../functions/engines/registry.ts';
import { detectDelimiter, parseCsv } from '../../../functions/engines/text/csv.ts';
import { parseRtf } from '../../../functions/engines/text/rtf.ts';
import { wrapLine } from '../../../functions/engines/text/virtual-page.ts';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...text(p)] : p)));

async function parse(input: Uint8Array, hint: OpenHint): Promise<{ pageCount: number; engines: string[]; document: ParsedDocument }> {
  const opened = await openDocument(input, hint);
  try {
    return { pageCount: opened.pageCount, engines: opened.engines, document: await opened.extract() };
  } finally {
    await opened.close();
  }
}

describe('Engine: text formats', () => {
  describe('TXT', () => {
    it('splits pages at form feeds and blocks at blank lines, with word boxes on the virtual grid', async () => {
      // Act
      const { pageCount, engines, document } = await parse(text('Hello world\nsecond line\n\n\nPara two\fPage two'), { declaredKind: 'txt' });

      // Assess
      expect(engines).toEqual(['text-plain@1']);
      expect(pageCount).toBe(2);
      const [first, second] = document.pages;
      expect(first.text).toBe('Hello world\nsecond line\n\nPara two');
      expect(first.blocks).toHaveLength(2);
      expect(second.text).toBe('Page two');
      // "world": columns 6–11 of line 0 → 36 + 6 × 5.4 = 68.4 pt.
      expect(first.words[1]).toEqual({ text: 'world', bbox: [0.1118, 0.0455, 0.1559, 0.0581], confidence: 1, source: 'text-layer' });
      // Line 3 (after the blank line).
      expect(first.words.find((w) => w.text === 'Para')!.bbox[1]).toBeCloseTo((36 + 3 * 12) / 792, 4);
    });

    it('wraps long lines at 100 columns and fills 60 lines per page', async () => {
      // Prepare: 130 lines of 150 characters → 260 physical lines.
      const long = `${'word '.repeat(30).trim()}`;
      const input = Array.from({ length: 130 }, () => long).join('\n');

      // Act
      const { pageCount, document } = await parse(text(input), { declaredKind: 'txt' });

      // Assess
      expect(pageCount).toBe(Math.ceil(260 / 60));
      expect(document.pages[0].lines).toHaveLength(60);
      expect(Math.max(...document.pages[0].words.map((w) => w.bbox[2]))).toBeLessThanOrEqual((36 + 100 * 5.4) / 612 + 1e-4);
    });

    it('decodes Windows-1252 when the bytes are not UTF-8, and UTF-16 with a BOM', async () => {
      // Act
      const latin = await parse(bytes('caf', [0xe9], ' cr', [0xe8], 'me ', [0x80]), { declaredKind: 'txt' });
      const utf16 = await parse(new Uint8Array([0xff, 0xfe, ...[...'hi there'].flatMap((c) => [c.charCodeAt(0), 0])]), { declaredKind: 'txt' });

      // Assess
      expect(latin.document.pages[0].text).toBe('café crème €');
      expect(utf16.document.pages[0].text).toBe('hi there');
    });

    it('gives an empty text file one empty page', async () => {
      // Act
      const { pageCount, document } = await parse(text('\n\n  \n'), { declaredKind: 'txt' });

      // Assess
      expect(pageCount).toBe(1);
      expect(document.pages[0]).toMatchObject({ text: '', source: 'none' });
    });
  });

  describe('CSV', () => {
    it('parses quoted fields with commas, quotes and newlines, drops the BOM and marks the header', async () => {
      // Prepare
      const input = bytes([0xef, 0xbb, 0xbf], 'name,qty,note\r\n"Smith, J",2,"multi\nline"\r\nDoe,3,"say ""hi"""\r\n');

      // Act
      const { engines, document } = await parse(input, { declaredKind: 'csv' });

      // Assess
      expect(engines).toEqual(['text-csv@1']);
      const page = document.pages[0];
      expect(page.text).toBe('name | qty | note\nSmith, J | 2 | multi line\nDoe | 3 | say "hi"');
      const table = page.tables![0];
      expect(table).toMatchObject({ rows: 3, columns: 3, origin: 'native' });
      expect(table.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['name', 'qty', 'note']);
      expect(table.cells.find((c) => c.row === 1 && c.column === 2)!.text).toBe('multi\nline');
      expect(table.cells[0].bbox).toEqual(page.words[0].bbox);
    });

    it('repeats the header row on every continuation page', async () => {
      // Prepare
      const input = ['id,value', ...Array.from({ length: 130 }, (_, i) => `${i},v${i}`)].join('\n');

      // Act
      const { pageCount, document } = await parse(text(input), { declaredKind: 'csv' });

      // Assess: 60 rows per page, header included on each.
      expect(pageCount).toBe(3);
      for (const page of document.pages) {
        expect(page.lines[0].text).toBe('id | value');
        expect(page.tables![0].cells[0]).toMatchObject({ row: 0, header: true, text: 'id' });
      }
      expect(document.pages[1].lines[1].text).toBe('59 | v59');
    });

    it.each([
      ['a;b;c\n1;2;3\n', ';'],
      ['a\tb\n1\t2\n', '\t'],
      ['"x,y";b\n"1,2";3\n', ';'],
      ['a,b,c\n1,2,3\n', ','],
    ])('detects the delimiter of %j', (input, delimiter) => {
      // Assess
      expect(detectDelimiter(input)).toBe(delimiter);
    });

    it('keeps empty fields and tolerates an unterminated quote', () => {
      // Assess
      expect(parseCsv('a,,c\n,,\n1,2,"open', ',')).toEqual([['a', '', 'c'], ['1', '2', 'open']]);
    });
  });

  describe('JSON', () => {
    it('renders nested JSON as indented key: value lines, one block per top-level member', async () => {
      // Prepare
      const input = JSON.stringify({
        invoice: { number: '2026-001', lines: [{ sku: 'A1', qty: 2 }, { sku: 'B2', qty: 1 }], paid: false, note: '' },
        tags: ['a', 'b', []],
        codes: [1, 'x', null],
        total: 12.5,
      });

      // Act
      const { engines, document } = await parse(text(input), { declaredKind: 'json' });

      // Assess
      expect(engines).toEqual(['text-json@1']);
      expect(document.pages[0].text).toBe(
        [
          'invoice:',
          '  number: 2026-001',
          '  lines:',
          '    - sku: A1',
          '      qty: 2',
          '    - sku: B2',
          '      qty: 1',
          '  paid: false',
          '  note: ""',
          '',
          'tags:',
          '  - a',
          '  - b',
          '  - []',
          '',
          'codes: [1, x, null]',
          '',
          'total: 12.5',
        ].join('\n'),
      );
      expect(document.pages[0].blocks).toHaveLength(4);
      // Indentation shows in the boxes: "number:" starts two columns in.
      expect(document.pages[0].words[1].bbox[0]).toBeCloseTo((36 + 2 * 5.4) / 612, 4);
    });

    it('renders a top-level array item per block and a scalar document', async () => {
      // Act
      const array = await parse(text('[{"a":1},{"a":2}]'), { declaredKind: 'json' });
      const scalar = await parse(text('"just text"'), { declaredKind: 'json' });

      // Assess
      expect(array.document.pages[0].text).toBe('- a: 1\n- a: 2');
      expect(scalar.document.pages[0].text).toBe('just text');
    });
  });

  describe('XML', () => {
    it('renders elements as indented tag: text lines with attributes, decoding entities', async () => {
      // Prepare
      const input = '<?xml version="1.0"?>\n<!-- c --><invoice id="42" xmlns="urn:x"><number>2026-001</number><customer><name>ACME &amp; Co</name><vat/></customer><note><![CDATA[a < b]]></note></invoice>';

      // Act
      const { engines, document } = await parse(text(input), { declaredKind: 'xml' });

      // Assess
      expect(engines).toEqual(['text-xml@1']);
      expect(document.pages[0].text).toBe('invoice (id=42):\n\n  number: 2026-001\n\n  customer:\n    name: ACME & Co\n    vat\n\n  note: a < b');
    });

    it('keeps repeated records in one block', async () => {
      // Act
      const { document } = await parse(text('<list><item n="1">a</item><item n="2">b</item><meta>x</meta></list>'), { declaredKind: 'xml' });

      // Assess
      expect(document.pages[0].text).toBe('list:\n\n  item (n=1): a\n  item (n=2): b\n\n  meta: x');
    });

    it('reports malformed XML with its line and column', async () => {
      // Act
      const error = await openDocument(text('<a>\n<b></a>'), { declaredKind: 'xml' }).catch((e: unknown) => e);

      // Assess
      expect(error).toMatchObject({ code: 'document_corrupt', details: { line: expect.any(Number) } });
    });
  });

  describe('RTF', () => {
    it('reads text with code-page escapes, unicode with fallback skipping, a table and a page break', async () => {
      // Prepare
      const input =
        '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}{\\colortbl;\\red0\\green0\\blue0;}' +
        '{\\stylesheet{\\s0 Normal;}}{\\info{\\title Secret title}{\\author Someone}}{\\*\\generator Writer;}' +
        '{\\header Page header\\par}\\pard Caf\\\'e9 \\u8364? euro, \\uc2\\u8212\\\'97\\\'97 dash, \\uc1\\u-10179?\\u-8704? smile\\par ' +
        'Tab\\tab here\\line next line\\par ' +
        '\\trowd\\clmgf\\cellx1000\\clmrg\\cellx2000\\cellx3000\\intbl Merged\\cell \\cell Right\\cell\\row ' +
        '\\trowd\\cellx1000\\cellx2000\\cellx3000\\intbl a\\cell b\\cell c\\cell\\row ' +
        '\\pard After the table\\par\\page Second page {\\field{\\*\\fldinst HYPERLINK "x"}{\\fldrslt link text}}\\par}';

      // Act
      const { pageCount, engines, document } = await parse(text(input), { declaredKind: 'rtf' });

      // Assess
      expect(engines).toEqual(['rtf-tokenizer@1']);
      expect(pageCount).toBe(2);
      const [first, second] = document.pages;
      expect(first.text).toBe('Café € euro, — dash, 😀 smile\n\nTab here\nnext line\n\nMerged | Right\na | b | c\n\nAfter the table');
      expect(first.tables![0].cells[0]).toMatchObject({ text: 'Merged', columnSpan: 2 });
      expect(second.text).toBe('Second page link text');
      expect(first.text).not.toMatch(/Arial|Secret|Writer|header/);
    });

    it('skips pictures and binary data', () => {
      // Act
      const flow = parseRtf('{\\rtf1 Before {\\pict\\pngblip 89504e47}\\bin3 xyz after\\par}');

      // Assess
      expect(flow).toEqual([{ type: 'paragraph', text: 'Before  after' }]);
    });
  });

  it('wraps at the last space before the column limit, and hard-cuts a word longer than a line', () => {
    // Assess
    expect(wrapLine('aaa bbb ccc', 8)).toEqual([
      { text: 'aaa bbb', offset: 0 },
      { text: 'ccc', offset: 8 },
    ]);
    expect(wrapLine('x'.repeat(20), 8).map((l) => l.text)).toEqual(['x'.repeat(8), 'x'.repeat(8), 'x'.repeat(4)]);
  });
});
