import { deflateSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { sniffKind } from '../../../functions/engines/file-type.ts';
import { ZipArchive, ZIP_LIMITS } from '../../../functions/engines/office/zip.ts';
import { openDocument, type OpenHint } from '../../../functions/engines/registry.ts';
import { docx, sampleDocx, sampleXlsx, wPara, xlsx, zipParts } from './office-builders.ts';

const text = (s: string) => new TextEncoder().encode(s);

async function openError(bytes: Uint8Array, hint: OpenHint = {}, options = {}): Promise<DocumentLoadError> {
  const error = await openDocument(bytes, hint, options).then(
    async (opened) => {
      await opened.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

/** Runs `fn` and returns its duration in ms. */
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

const DOC_PARTS = (documentXml: string | Uint8Array) => ({
  '[Content_Types].xml': '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  '_rels/.rels':
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  'word/document.xml': documentXml,
});

/** Offsets of every central-directory entry of a zip. */
function centralEntries(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const out: number[] = [];
  let at = view.getUint32(eocd + 16, true);
  for (let n = view.getUint16(eocd + 10, true); n > 0; n--) {
    out.push(at);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

/** A compound-file (OLE2) header followed by some directory names. */
const compoundFile = (...names: string[]) =>
  new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0), ...names.flatMap((n) => [...n].flatMap((c) => [c.charCodeAt(0), 0]))]);

describe('Engine: hostile Office and text input', () => {
  describe('zip bombs and broken packages', () => {
    it('stops a highly compressed part at the ratio cap, in bounded time', async () => {
      // Prepare: 64 MB of one paragraph's text deflates to about 64 KB (ratio ~1000).
      const huge = new Uint8Array(64 * 1024 * 1024).fill(0x61);
      const bomb = zipParts(DOC_PARTS(huge));
      expect(bomb.length).toBeLessThan(1024 * 1024);

      // Act
      const [error, ms] = await timed(() => openError(bomb, { declaredKind: 'docx' }));

      // Assess
      expect(error.code).toBe('document_corrupt');
      expect(error.message).toMatch(/zip bomb/);
      expect(error.details).toMatchObject({ part: 'word/document.xml' });
      expect(ms).toBeLessThan(3000);
    });

    it('does not trust a central directory that understates the inflated size', async () => {
      // Prepare: patch the declared sizes of every entry to 10 bytes.
      const bomb = zipParts(DOC_PARTS(new Uint8Array(32 * 1024 * 1024).fill(0x20)));
      const view = new DataView(bomb.buffer);
      for (const at of centralEntries(bomb)) view.setUint32(at + 24, 10, true);

      // Act
      const error = await openError(bomb, { declaredKind: 'docx' });

      // Assess
      expect(error.code).toBe('document_corrupt');
      expect(error.details).toMatchObject({ inflated_bytes_at_least: expect.any(Number) });
      expect(error.details!.inflated_bytes_at_least as number).toBeGreaterThan(ZIP_LIMITS.ratioFloorBytes);
    });

    it('refuses a declared size over the caps before inflating anything', () => {
      // Prepare
      const zip = zipParts({ 'a.xml': 'x'.repeat(1000) });
      for (const at of centralEntries(zip)) new DataView(zip.buffer).setUint32(at + 24, 0xfffffff0, true);
      const archive = new ZipArchive(zip);

      // Act
      const error = (() => {
        try {
          archive.read('a.xml');
        } catch (e) {
          return e as DocumentLoadError;
        }
      })();

      // Assess
      expect(error?.code).toBe('document_corrupt');
      expect(error?.details?.inflated_bytes_at_least).toBe(0xfffffff0);
    });

    it('caps the total inflated bytes over all parts', () => {
      // Prepare: three 600 KB parts against a 1 MB total cap.
      const part = 'y'.repeat(600 * 1024);
      const archive = new ZipArchive(zipParts({ 'a.xml': part, 'b.xml': part, 'c.xml': part }), {
        ...ZIP_LIMITS,
        maxTotalBytes: 1024 * 1024,
      });

      // Act
      archive.read('a.xml');

      // Assess
      expect(() => archive.read('b.xml')).toThrow(/zip bomb/);
    });

    it('refuses a package with too many entries', async () => {
      // Prepare
      const files: Record<string, Uint8Array> = {};
      for (let i = 0; i < ZIP_LIMITS.maxEntries + 1; i++) files[`word/media/${i}.bin`] = new Uint8Array(0);
      Object.assign(files, { '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') });
      const zip = zipSync(files, { level: 0 });

      // Act
      const error = await openError(zip, { declaredKind: 'docx' });

      // Assess
      expect(error.code).toBe('document_corrupt');
      expect(error.details).toMatchObject({ entries: ZIP_LIMITS.maxEntries + 3, max_entries: ZIP_LIMITS.maxEntries });
    });

    it.each([
      ['a truncated DOCX', () => sampleDocx().subarray(0, 300), 'docx', 'document_corrupt'],
      ['half a DOCX', () => sampleDocx().subarray(0, Math.floor(sampleDocx().length / 2)), 'docx', 'document_corrupt'],
      ['garbage declared as XLSX', () => new Uint8Array(4096).map((_, i) => (i * 7919) % 251), 'xlsx', 'document_corrupt'],
      ['a plain zip declared as DOCX', () => zipParts({ 'readme.txt': 'hi' }), 'docx', 'document_corrupt'],
      ['a zip with a DOCX main part missing', () => zipParts({ '[Content_Types].xml': '<Types/>', 'word/styles.xml': '<x/>' }), 'docx', 'document_corrupt'],
      ['an encrypted Office file', () => compoundFile('EncryptedInfo', 'EncryptedPackage'), 'docx', 'document_encrypted'],
      ['a legacy .doc named .docx', () => compoundFile('WordDocument'), 'docx', 'unsupported_file_type'],
      ['a corrupted deflate stream', () => {
        const zip = zipParts(DOC_PARTS('<w:document><w:body>' + wPara('x'.repeat(5000)) + '</w:body></w:document>'));
        const at = centralEntries(zip).at(-1)!;
        const local = new DataView(zip.buffer).getUint32(at + 42, true);
        zip.fill(0xff, local + 60, local + 90);
        return zip;
      }, 'docx', 'document_corrupt'],
    ] as [string, () => Uint8Array, 'docx' | 'xlsx', string][])('refuses %s with %s', async (_name, make, declaredKind, code) => {
      // Act
      const error = await openError(make(), { declaredKind });

      // Assess
      expect(error.code).toBe(code);
      expect(error.statusCode).toBeGreaterThanOrEqual(400);
      expect(error.statusCode).toBeLessThan(500);
    });

    it.each([
      ['a DOCX embedding a workbook', { '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>', 'word/embeddings/xl/workbook.xml': '<x/>' }, 'docx'],
      ['an XLSX', { '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }, 'xlsx'],
      ['a PPTX', { '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }, 'pptx'],
      ['a zip with a word/ folder but no [Content_Types].xml', { 'word/document.xml': '<w:document/>' }, undefined],
      ['an OpenDocument text', { mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document/>' }, undefined],
      ['a zip of data files', { 'data/a.csv': 'a,b\n1,2\n' }, undefined],
    ] as [string, Record<string, string>, string | undefined][])('sniffs %s as %s', (_name, parts, kind) => {
      // Assess
      expect(sniffKind(zipParts(parts))).toBe(kind);
    });

    it('refuses a generic zip when nothing is declared', async () => {
      // Act
      const error = await openError(zipParts({ 'data/file.bin': 'x' }));

      // Assess
      expect(error.code).toBe('unsupported_file_type');
    });

    it('reads the bytes as what they are when the declared Office kind is wrong', async () => {
      // Act
      const opened = await openDocument(sampleXlsx(), { declaredKind: 'docx', filename: 'book.docx' });
      await opened.close();

      // Assess
      expect(opened.kind).toBe('xlsx');
    });
  });

  describe('XML inside packages', () => {
    it('refuses a DOCTYPE (entity declarations) in an Office part', async () => {
      // Prepare
      const xml = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><w:document><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>';

      // Act
      const error = await openError(zipParts(DOC_PARTS(xml)), { declaredKind: 'docx' });

      // Assess
      expect(error.code).toBe('document_corrupt');
      expect(error.message).toMatch(/DOCTYPE/);
    });

    it('refuses nesting deeper than the limit', async () => {
      // Prepare
      const xml = `<w:document><w:body>${'<w:sdt>'.repeat(1000)}${'</w:sdt>'.repeat(1000)}</w:body></w:document>`;

      // Act
      const error = await openError(zipParts(DOC_PARTS(xml)), { declaredKind: 'docx' });

      // Assess
      expect(error.code).toBe('document_corrupt');
      expect(error.message).toMatch(/deeper than/);
    });

    it('refuses mismatched and truncated markup', async () => {
      // Act
      const mismatched = await openError(zipParts(DOC_PARTS('<w:document><w:body></w:p></w:body></w:document>')), { declaredKind: 'docx' });
      const whole = docx(wPara('x'));
      // A package cut off mid-way: its central directory (the zip's table of contents) is gone.
      const truncated = await openError(whole.subarray(0, Math.floor(whole.length / 2)), { declaredKind: 'docx' });
      const cut = await openError(zipParts(DOC_PARTS('<w:document><w:body><w:p><w:r><w:t>cut')), { declaredKind: 'docx' });

      // Assess
      expect(mismatched.code).toBe('document_corrupt');
      expect(truncated.code).toBe('document_corrupt');
      expect(cut.message).toMatch(/truncated/);
    });

    it('ignores a shared-string index out of range and a workbook without sheets is empty', async () => {
      // Act
      const opened = await openDocument(xlsx([{ name: 'S', xml: '<row r="1"><c r="A1" t="s"><v>99</v></c><c r="B1"><v>1</v></c></row>' }]), {});
      const document = await opened.extract();
      await opened.close();
      const empty = await openError(xlsx([]), { declaredKind: 'xlsx' });

      // Assess
      expect(document.pages[0].text).toBe('Sheet: S\n\n1');
      expect(empty.code).toBe('document_empty');
    });
  });

  describe('text formats', () => {
    it('does not expand entities in XML (billion laughs) and stays fast', async () => {
      // Prepare
      let entities = '<!ENTITY lol0 "lol">';
      for (let i = 1; i <= 9; i++) entities += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
      const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [${entities}]>\n<lolz><a>&lol9;</a></lolz>`;

      // Act
      const [opened, ms] = await timed(() => openDocument(text(xml), { declaredKind: 'xml' }));
      const document = await opened.extract();
      await opened.close();

      // Assess
      expect(document.pages[0].text).toBe('lolz:\n\n  a: &lol9;');
      expect(ms).toBeLessThan(5000); // a hang guard: expanded, the entities would be 3 GB of text
    });

    it.each([
      ['XML nested 100,000 deep', () => text('<a>'.repeat(100_000) + '</a>'.repeat(100_000)), 'xml', 'document_corrupt'],
      ['JSON nested 100,000 deep', () => text('['.repeat(100_000) + ']'.repeat(100_000)), 'json', 'document_corrupt'],
      ['invalid JSON', () => text('{"a": 1,,}'), 'json', 'document_corrupt'],
      ['RTF groups nested 10,000 deep', () => text('{\\rtf1 ' + '{'.repeat(10_000) + 'x' + '}'.repeat(10_001)), 'rtf', 'document_corrupt'],
      ['text with NUL bytes after the sniffed prefix', () => new Uint8Array([...text('a'.repeat(70_000)), 0, 0, 0, 1, 2, 3]), 'txt', 'unsupported_file_type'],
      ['binary garbage declared as text', () => new Uint8Array(4096).map((_, i) => (i * 7919) % 251), 'txt', 'unsupported_file_type'],
      ['a CSV line with 20 million delimiters', () => text(','.repeat(20_000_000)), 'csv', 'file_too_large'],
    ] as [string, () => Uint8Array, 'xml' | 'json' | 'rtf' | 'txt' | 'csv', string][])('refuses %s with %s, quickly', async (_name, make, declaredKind, code) => {
      // Act
      const input = make();
      const [error, ms] = await timed(() => openError(input, { declaredKind }));

      // Assess
      expect(error.code).toBe(code);
      expect(ms).toBeLessThan(5000);
    });

    it('refuses a 50 MB single-line CSV as too many pages, in bounded time', async () => {
      // Prepare: one field of 50 million characters would lay out as 8,334 pages.
      const input = new Uint8Array(50_000_000).fill(0x61);

      // Act
      const [error, ms] = await timed(() => openError(input, { declaredKind: 'csv' }));

      // Assess
      expect(error.code).toBe('page_limit_exceeded');
      expect(error.details).toMatchObject({ max_pages: 5000 });
      expect(ms).toBeLessThan(10_000);
    });

    it('lays out a 5 MB single-line JSON string and honours maxPages before extraction', async () => {
      // Prepare
      const input = text(JSON.stringify({ blob: 'x'.repeat(5_000_000) }));

      // Act
      const opened = await openDocument(input, { declaredKind: 'json' });
      const pageCount = opened.pageCount;
      const page = (await opened.extract([1])).pages[0];
      await opened.close();
      const capped = await openError(input, { declaredKind: 'json' }, { maxPages: 100 });

      // Assess
      expect(pageCount).toBe(Math.ceil((5_000_000 + 6) / 100 / 60));
      expect(page.lines).toHaveLength(60);
      expect(capped.code).toBe('page_limit_exceeded');
      expect(capped.details).toMatchObject({ max_pages: 100 });
    });

    it('honours maxPages for Office documents', async () => {
      // Prepare
      const body = Array.from({ length: 10 }, () => `${wPara('x')}<w:p><w:r><w:br w:type="page"/></w:r></w:p>`).join('');

      // Act
      const error = await openError(docx(body), { declaredKind: 'docx' }, { maxPages: 5 });

      // Assess
      expect(error.code).toBe('page_limit_exceeded');
    });
  });

  it('inflates raw deflate data only through the capped reader (sanity: fflate round trip)', () => {
    // Prepare
    const data = strToU8('<x>hello</x>');

    // Act
    const archive = new ZipArchive(zipParts({ 'x.xml': data }));

    // Assess
    expect(archive.readText('x.xml')).toBe('<x>hello</x>');
    expect(deflateSync(data).length).toBeGreaterThan(0);
  });
});

describe('XLSX shared-string amplification (issue 21)', () => {
  it('refuses one 4 MB shared string referenced by 300 cells as soon as its characters pass the page cap', async () => {
    const { sharedStringBombXlsx } = await import('../../../scripts/make-hostile-fixtures.ts');
    const bytes = await sharedStringBombXlsx(4_000_000, 300);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const error = await openError(bytes, { declaredKind: 'xlsx' });
    expect(error.code).toBe('page_limit_exceeded');
    expect(error.statusCode).toBe(413);
    expect(error.details).toMatchObject({ pages_at_least: 5_001, max_pages: 5_000, max_characters: 5_000 * 6_000 });
    // With the caller's cap (advanced parse: 60 pages), the first few cells are enough.
    const capped = await openError(bytes, { declaredKind: 'xlsx' }, { maxPages: 60 });
    expect(capped.details).toMatchObject({ pages_at_least: 61, max_pages: 60, max_characters: 360_000 });
  });

  it('still opens a workbook whose shared strings are referenced many times within the cap', async () => {
    const { sharedStringBombXlsx } = await import('../../../scripts/make-hostile-fixtures.ts');
    const opened = await openDocument(await sharedStringBombXlsx(150, 300), { declaredKind: 'xlsx' });
    try {
      expect(opened.pageCount).toBeGreaterThan(1);
      const doc = await opened.extract([1]);
      expect(doc.pages[0].text).toContain('A'.repeat(90));
    } finally {
      await opened.close();
    }
  });
});
