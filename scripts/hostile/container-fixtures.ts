/**
 * Hostile containers and text: ZIP packages written by hand (a DOCX zip bomb,
 * an XLSX shared-string bomb, entries lying about their sizes), deeply nested
 * JSON and XML, entity expansion, and a single-line CSV.
 *
 * @module
 */
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';

interface ZipEntry {
  readonly name: string;
  /** Deflate (raw) data. */
  readonly compressed: Buffer;
  readonly crc: number;
  readonly size: number;
  /** Declared uncompressed size (defaults to the real one). */
  readonly declaredSize?: number;
}

function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const declared = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x5821, 12); // date 2024-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, e.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5821, 14);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.compressed.length;
  }
  const centralDir = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(centralDir.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, eocd]);
}

function smallEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text, 'utf8');
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * Deflates `total` bytes made of `prefix`, `chunk` repeated, and `suffix`,
 * streaming (nothing of size `total` is ever held in memory).
 */
export async function deflateRepeated(
  chunk: Buffer,
  total: number,
  format: 'raw' | 'zlib',
  prefix = Buffer.alloc(0),
  suffix = Buffer.alloc(0),
): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = crc32(prefix);
  const write = (b: Buffer) =>
    new Promise<void>((resolve) => {
      if (deflater.write(b)) resolve();
      else deflater.once('drain', resolve);
    });
  await write(prefix);
  let remaining = total - prefix.length - suffix.length;
  while (remaining > 0) {
    const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
    crc = crc32(piece, crc);
    await write(piece);
    remaining -= piece.length;
  }
  crc = crc32(suffix, crc);
  await write(suffix);
  deflater.end();
  await done;
  return { data: Buffer.concat(out), crc, size: total };
}

const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const DOC_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
const DOC_TAIL = '</w:t></w:r></w:p></w:body></w:document>';

/** A DOCX whose word/document.xml inflates to `inflatedBytes` (one enormous text run). */
export async function docxZipBomb(inflatedBytes: number): Promise<Buffer> {
  const body = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x41), inflatedBytes, 'raw', Buffer.from(DOC_HEAD), Buffer.from(DOC_TAIL));
  return zip([
    smallEntry('[Content_Types].xml', CONTENT_TYPES_XML),
    smallEntry('_rels/.rels', RELS_XML),
    { name: 'word/document.xml', compressed: body.data, crc: body.crc, size: body.size },
  ]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * An XLSX whose one shared string of `stringChars` "A"s is referenced by
 * `references` cells (one per row): a few KB of file that lays out
 * `stringChars × references` characters (issue 21: 4 MB × 300 took 15 s
 * and 1.16 GB before the page cap refused it).
 */
export async function sharedStringBombXlsx(stringChars: number, references: number): Promise<Buffer> {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}" count="${references}" uniqueCount="1"><si><t>`);
  const strings = await deflateRepeated(
    Buffer.alloc(1024 * 1024, 0x41),
    head.length + stringChars + 19,
    'raw',
    head,
    Buffer.from('</t></si></sst>    '),
  );
  const rows = Array.from({ length: references }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`).join('');
  return zip([
    smallEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    smallEntry(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    smallEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    smallEntry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    smallEntry(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${rows}</sheetData></worksheet>`,
    ),
    { name: 'xl/sharedStrings.xml', compressed: strings.data, crc: strings.crc, size: strings.size },
  ]);
}

/** A DOCX whose headers declare word/document.xml as 1,000 bytes; it really inflates to `realBytes`. */
export async function zipLyingSizes(realBytes: number): Promise<Buffer> {
  const body = await deflateRepeated(Buffer.alloc(64 * 1024, 0x42), realBytes, 'raw', Buffer.from(DOC_HEAD), Buffer.from(DOC_TAIL));
  return zip([
    smallEntry('[Content_Types].xml', CONTENT_TYPES_XML),
    smallEntry('_rels/.rels', RELS_XML),
    { name: 'word/document.xml', compressed: body.data, crc: body.crc, size: body.size, declaredSize: 1000 },
  ]);
}

// ---------------------------------------------------------------------------
// Text formats
// ---------------------------------------------------------------------------

export const deepJson = (levels: number) => Buffer.from(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
export const deepXml = (levels: number) => Buffer.from(`<?xml version="1.0"?>\n${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}\n`);

export function billionLaughs(): Buffer {
  const lines = ['<?xml version="1.0"?>', '<!DOCTYPE lolz [', ' <!ENTITY lol "lol">'];
  lines.push(' <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">');
  for (let i = 2; i <= 9; i++) lines.push(` <!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  lines.push(']>', '<lolz>&lol9;</lolz>', '');
  return Buffer.from(lines.join('\n'));
}

/** One CSV line of `bytes` bytes (a single record with very many fields), no newline. */
export function singleLineCsv(bytes: number): Buffer {
  const field = 'value,';
  const out = Buffer.alloc(bytes, field);
  out[bytes - 1] = 0x78; // no trailing comma
  return out;
}
