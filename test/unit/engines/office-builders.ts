/**
 * Minimal OOXML packages built in code (fflate zipSync), for the Office
 * backend tests and `scripts/make-office-fixtures.ts`.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function zipParts(parts: Record<string, string | Uint8Array>, level: 0 | 6 = 6): Uint8Array {
  const files: Zippable = {};
  // A fixed modification time keeps the bytes reproducible (committed fixtures).
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const [name, content] of Object.entries(parts)) files[name] = [typeof content === 'string' ? strToU8(content) : content, { level, mtime }];
  return zipSync(files);
}

const rels = (entries: [id: string, type: string, target: string][]) =>
  `${XML}<Relationships xmlns="${PKG_RELS}">${entries.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('')}</Relationships>`;

const contentTypes = (overrides: [part: string, type: string][]) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.map(([p, t]) => `<Override PartName="/${p}" ContentType="${t}"/>`).join('')}</Types>`;

// ---- DOCX ----

export const wRun = (text: string) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
export const wPara = (text: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${wRun(text)}</w:p>`;
export const wHeading = (text: string, level = 1) => wPara(text, `<w:pStyle w:val="Heading${level}"/>`);
export const wPageBreak = () => '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
export const wCell = (text: string, tcPr = '') => `<w:tc>${tcPr ? `<w:tcPr>${tcPr}</w:tcPr>` : ''}${wPara(text)}</w:tc>`;
export const wRow = (cells: string[], header = false) => `<w:tr>${header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${cells.join('')}</w:tr>`;
export const wTable = (rows: string[]) => `<w:tbl><w:tblPr/><w:tblGrid/>${rows.join('')}</w:tbl>`;

export function docx(body: string): Uint8Array {
  return zipParts({
    '[Content_Types].xml': contentTypes([['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml']]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'word/document.xml']]),
    'word/document.xml': `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  });
}

/** The sample DOCX: headings, a list, a table with merged cells, a page break, a section break. */
export function sampleDocx(): Uint8Array {
  return docx(
    [
      wHeading('Quarterly Report'),
      wPara('Revenue grew by 12% in the third quarter.'),
      wPara('First item', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'),
      wTable([
        wRow([wCell('Region'), wCell('Q3 results', '<w:gridSpan w:val="2"/>')], true),
        wRow([wCell('North', '<w:vMerge w:val="restart"/>'), wCell('120'), wCell('EUR')]),
        wRow([wCell('', '<w:vMerge/>'), wCell('80'), wCell('USD')]),
        wRow([wCell('South'), wCell('95'), wCell('EUR')]),
      ]),
      wPageBreak(),
      wHeading('Appendix', 2),
      `<w:p><w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr>${wRun('End of section one.')}</w:p>`,
      wPara('Section two starts on a new page.'),
      `<w:p>${wRun('Before\tafter tab')}<w:r><w:tab/><w:t>tabbed</w:t></w:r></w:p>`,
    ].join(''),
  );
}

// ---- XLSX ----

const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

export interface XlsxSheet {
  readonly name: string;
  /** Raw `<sheetData>` content and anything after it (mergeCells). */
  readonly xml: string;
  readonly state?: 'hidden';
}

export function xlsx(sheets: readonly XlsxSheet[], options: { sharedStrings?: readonly string[]; styles?: string; date1904?: boolean } = {}): Uint8Array {
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes([['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml']]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'xl/workbook.xml']]),
  };
  const wbRels: [string, string, string][] = sheets.map((_, i) => [`rId${i + 1}`, `${R}/worksheet`, `worksheets/sheet${i + 1}.xml`]);
  if (options.sharedStrings) {
    wbRels.push(['rIdS', `${R}/sharedStrings`, 'sharedStrings.xml']);
    parts['xl/sharedStrings.xml'] = `${XML}<sst xmlns="${S}" count="${options.sharedStrings.length}">${options.sharedStrings.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`;
  }
  if (options.styles) {
    wbRels.push(['rIdT', `${R}/styles`, 'styles.xml']);
    parts['xl/styles.xml'] = `${XML}<styleSheet xmlns="${S}">${options.styles}</styleSheet>`;
  }
  parts['xl/_rels/workbook.xml.rels'] = rels(wbRels);
  parts['xl/workbook.xml'] = `${XML}<workbook xmlns="${S}" xmlns:r="${R}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets>${sheets
    .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"${s.state ? ` state="${s.state}"` : ''}/>`)
    .join('')}</sheets></workbook>`;
  sheets.forEach((s, i) => {
    parts[`xl/worksheets/sheet${i + 1}.xml`] = `${XML}<worksheet xmlns="${S}" xmlns:r="${R}">${s.xml.includes('<sheetData') ? s.xml : `<sheetData>${s.xml}</sheetData>`}</worksheet>`;
  });
  return zipParts(parts);
}

/** Styles: 0 general, 1 date (built-in 14), 2 percent (10), 3 custom date-time, 4 custom number with colour. */
export const SAMPLE_STYLES =
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd hh:mm"/><numFmt numFmtId="165" formatCode="#,##0.00_);[Red]\\(#,##0.00\\)"/></numFmts>' +
  '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="10"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>';

/** The sample XLSX: two sheets, shared and inline strings, numbers, dates, a merged title. */
export function sampleXlsx(): Uint8Array {
  const strings = ['Item', 'Price', 'Bought', 'Share', 'Apples', 'Pears'];
  return xlsx(
    [
      {
        name: 'Sales',
        xml:
          '<sheetData>' +
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>4</v></c><c r="B2"><v>1.2</v></c><c r="C2" s="1"><v>46348</v></c><c r="D2" s="2"><v>0.125</v></c></row>' +
          '<row r="3"><c r="A3" t="s"><v>5</v></c><c r="B3" s="4"><v>0.30000000000000004</v></c><c r="C3" s="3"><v>46348.5</v></c><c r="D3" t="b"><v>1</v></c></row>' +
          '<row r="5"><c r="A5" t="inlineStr"><is><t>Total &amp; more</t></is></c><c r="B5"><f>SUM(B2:B3)</f><v>1.5</v></c><c r="C5" t="e"><v>#DIV/0!</v></c></row>' +
          '</sheetData>',
      },
      {
        name: 'Notes',
        xml:
          '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><r><t>Merged </t></r><r><t>title</t></r></is></c></row>' +
          '<row r="2"><c r="A2" t="str"><v>left</v></c><c r="B2"><v>42</v></c></row></sheetData>' +
          '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>',
      },
    ],
    { sharedStrings: strings, styles: SAMPLE_STYLES },
  );
}

// ---- PPTX ----

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

export const aShape = (paragraphs: string[], placeholder?: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="2" name="s"/><p:cNvSpPr/><p:nvPr>${placeholder ? `<p:ph type="${placeholder}"/>` : ''}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs
    .map((t) => `<a:p><a:r><a:t>${escapeXml(t)}</a:t></a:r></a:p>`)
    .join('')}</p:txBody></p:sp>`;

export const aTable = (rows: string[][]) =>
  `<p:graphicFrame><a:graphic><a:graphicData><a:tbl>${rows
    .map((r) => `<a:tr>${r.map((c) => `<a:tc><a:txBody><a:p><a:r><a:t>${escapeXml(c)}</a:t></a:r></a:p></a:txBody></a:tc>`).join('')}</a:tr>`)
    .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;

export interface PptxSlide {
  readonly shapes: string;
  readonly notes?: string;
}

export function pptx(slides: readonly PptxSlide[]): Uint8Array {
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes([['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml']]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'ppt/presentation.xml']]),
    'ppt/_rels/presentation.xml.rels': rels(slides.map((_, i) => [`rId${i + 1}`, `${R}/slide`, `slides/slide${i + 1}.xml`])),
    'ppt/presentation.xml': `${XML}<p:presentation xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`)
      .join('')}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
  };
  slides.forEach((slide, i) => {
    const n = i + 1;
    parts[`ppt/slides/slide${n}.xml`] = `${XML}<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R}"><p:cSld><p:spTree>${slide.shapes}</p:spTree></p:cSld></p:sld>`;
    if (slide.notes) {
      parts[`ppt/slides/_rels/slide${n}.xml.rels`] = rels([['rId1', `${R}/notesSlide`, `../notesSlides/notesSlide${n}.xml`]]);
      parts[`ppt/notesSlides/notesSlide${n}.xml`] = `${XML}<p:notes xmlns:p="${P}" xmlns:a="${A}"><p:cSld><p:spTree>${aShape([], 'sldImg')}${aShape([slide.notes], 'body')}${aShape(['7'], 'sldNum')}</p:spTree></p:cSld></p:notes>`;
    }
  });
  return zipParts(parts);
}

/** The sample PPTX: 3 slides (title, bullets with notes, a table). */
export function samplePptx(): Uint8Array {
  return pptx([
    { shapes: aShape(['Subtitle: Q3 review'], 'subTitle') + aShape(['Annual Review 2026'], 'ctrTitle') },
    { shapes: aShape(['Highlights'], 'title') + aShape(['Revenue up 12%', 'Costs down 3%']), notes: 'Mention the new office.' },
    { shapes: aShape(['Numbers'], 'title') + aTable([['Region', 'Sales'], ['North', '120'], ['South', '95']]) },
  ]);
}
