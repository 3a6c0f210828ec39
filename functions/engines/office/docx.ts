/**
 * DOCX (WordprocessingML) to a flow of paragraphs, tables and page breaks.
 *
 * Pages: a page break is taken from `w:br w:type="page"`, `w:pageBreakBefore`
 * and section breaks other than continuous/next-column (`w:sectPr` in a
 * paragraph); between breaks, pages fill with 60 lines (virtual page).
 * Word's own cached breaks (`w:lastRenderedPageBreak`) are ignored: they
 * exist only in files last saved by Word and would make page numbers depend
 * on the producer.
 *
 * Text: the main story in document order (paragraphs, tables, text boxes;
 * the `mc:Fallback` copy of a text box is skipped); list paragraphs get a
 * `• ` prefix; tabs and line breaks are kept. Headers, footers, footnotes,
 * comments and deleted revisions are not included. Tables keep their grid:
 * `w:gridSpan`, `w:vMerge`, `w:gridBefore`; rows marked `w:tblHeader` are
 * header rows and repeat on continuation pages; nested tables become text
 * in their cell.
 *
 * @module
 */
import type { FlowItem, TableCellInput, TableInput } from '../text/virtual-page.ts';
import { mainPart } from './package.ts';
import { attr, scanXml } from './xml-scan.ts';
import type { ZipArchive } from './zip.ts';

interface Paragraph {
  text: string;
  pageBreakBefore: boolean;
  sectionBreakAfter: boolean;
  list: boolean;
}

interface DocxCell {
  text: string;
  span: number;
  vMerge: 'restart' | 'continue' | undefined;
}

interface DocxRow {
  cells: DocxCell[];
  header: boolean;
  gridBefore: number;
}

interface DocxTable {
  rows: DocxRow[];
}

const isOn = (attrs: string) => {
  const v = attr(attrs, 'w:val');
  return v === undefined || !['0', 'false', 'off'].includes(v);
};

/** Builds a grid table from Word rows (spans and vertical merges resolved). */
export function docxTableInput(table: DocxTable): TableInput {
  const cells: { -readonly [K in keyof TableCellInput]: TableCellInput[K] }[] = [];
  let columns = 0;
  const lastInColumn = new Map<number, (typeof cells)[number]>();
  table.rows.forEach((row, r) => {
    let column = row.gridBefore;
    for (const cell of row.cells) {
      const span = Math.max(1, Math.min(cell.span, 1000));
      if (cell.vMerge === 'continue') {
        const above = lastInColumn.get(column);
        if (above && above.row + above.rowSpan === r) {
          above.rowSpan++;
          if (cell.text.trim()) above.text = `${above.text}\n${cell.text}`.trim();
          column += span;
          continue;
        }
      }
      const created = { row: r, column, rowSpan: 1, columnSpan: span, text: cell.text.trim(), ...(row.header ? { header: true } : {}) };
      cells.push(created);
      lastInColumn.set(column, created);
      column += span;
    }
    columns = Math.max(columns, column);
  });
  let headerRows = 0;
  while (headerRows < table.rows.length && table.rows[headerRows].header) headerRows++;
  return { rows: table.rows.length, columns, cells, headerRows, repeatHeader: headerRows > 0 };
}

const tableAsText = (table: DocxTable) =>
  table.rows.map((row) => row.cells.map((c) => c.text.replace(/\s*\n\s*/g, ' ').trim()).join(' | ')).join('\n');

/** The flow of a DOCX package's main story. */
export function docxFlow(zip: ZipArchive): FlowItem[] {
  const part = mainPart(zip, 'word/document.xml', 'Word document');
  const flow: FlowItem[] = [];
  const paragraphs: Paragraph[] = [];
  const tables: DocxTable[] = [];
  let skipDepth = 0;
  let inText = false;
  let runDepth = 0;
  let inPPr = 0;
  let sectPr: { inParagraph: boolean; breaks: boolean } | undefined;

  const currentCell = (): DocxCell | undefined => {
    const table = tables[tables.length - 1];
    const row = table?.rows[table.rows.length - 1];
    return row?.cells[row.cells.length - 1];
  };
  const appendText = (text: string) => {
    const p = paragraphs[paragraphs.length - 1];
    if (p) p.text += text;
  };
  const emitParagraph = (text: string) => {
    const cell = tables.length ? currentCell() : undefined;
    if (tables.length) {
      if (cell && text.trim()) cell.text += (cell.text ? '\n' : '') + text;
      return;
    }
    flow.push({ type: 'paragraph', text });
  };

  scanXml(zip.readText(part), {
    open(name, attrs, selfClosing) {
      if (skipDepth > 0) {
        // The scanner reports a close for self-closing elements too: count every open.
        skipDepth++;
        return;
      }
      switch (name) {
        case 'Fallback':
          skipDepth = 1;
          return;
        case 'p':
          paragraphs.push({ text: '', pageBreakBefore: false, sectionBreakAfter: false, list: false });
          return;
        case 'pPr':
          inPPr++; // closes are reported for self-closing elements too
          return;
        case 'pageBreakBefore':
          if (inPPr && isOn(attrs) && paragraphs.length) paragraphs[paragraphs.length - 1].pageBreakBefore = true;
          return;
        case 'numPr':
          if (inPPr && paragraphs.length) paragraphs[paragraphs.length - 1].list = true;
          return;
        case 'sectPr':
          sectPr = { inParagraph: inPPr > 0, breaks: true };
          if (selfClosing && sectPr.inParagraph && paragraphs.length) paragraphs[paragraphs.length - 1].sectionBreakAfter = true;
          return;
        case 'type':
          if (sectPr) {
            const v = attr(attrs, 'w:val');
            sectPr.breaks = v !== 'continuous' && v !== 'nextColumn';
          }
          return;
        case 'r':
          runDepth++;
          return;
        case 't':
          inText = !selfClosing && runDepth > 0;
          return;
        case 'tab':
          if (runDepth > 0 && !inPPr) appendText('\t');
          return;
        case 'cr':
          if (runDepth > 0) appendText('\n');
          return;
        case 'noBreakHyphen':
          if (runDepth > 0) appendText('-');
          return;
        case 'br': {
          if (runDepth === 0) return;
          if (attr(attrs, 'w:type') === 'page' && tables.length === 0 && paragraphs.length) {
            // Split the paragraph at the break.
            const p = paragraphs[paragraphs.length - 1];
            if (p.pageBreakBefore) flow.push({ type: 'page-break' });
            p.pageBreakBefore = false;
            if (p.text.trim()) emitParagraph((p.list ? '• ' : '') + p.text);
            p.text = '';
            flow.push({ type: 'page-break' });
          } else appendText('\n');
          return;
        }
        case 'tbl':
          tables.push({ rows: [] });
          return;
        case 'tr':
          tables[tables.length - 1]?.rows.push({ cells: [], header: false, gridBefore: 0 });
          return;
        case 'tblHeader': {
          const table = tables[tables.length - 1];
          const row = table?.rows[table.rows.length - 1];
          if (row && isOn(attrs)) row.header = true;
          return;
        }
        case 'gridBefore': {
          const table = tables[tables.length - 1];
          const row = table?.rows[table.rows.length - 1];
          if (row) row.gridBefore = Math.max(0, Math.min(parseInt(attr(attrs, 'w:val') ?? '0', 10) || 0, 1000));
          return;
        }
        case 'tc': {
          const table = tables[tables.length - 1];
          const row = table?.rows[table.rows.length - 1];
          row?.cells.push({ text: '', span: 1, vMerge: undefined });
          return;
        }
        case 'gridSpan': {
          const cell = currentCell();
          if (cell) cell.span = parseInt(attr(attrs, 'w:val') ?? '1', 10) || 1;
          return;
        }
        case 'vMerge': {
          const cell = currentCell();
          if (cell) cell.vMerge = attr(attrs, 'w:val') === 'restart' ? 'restart' : 'continue';
          return;
        }
        default:
          return;
      }
    },
    close(name) {
      if (skipDepth > 0) {
        skipDepth--;
        return;
      }
      switch (name) {
        case 't':
          inText = false;
          return;
        case 'r':
          runDepth = Math.max(0, runDepth - 1);
          return;
        case 'pPr':
          inPPr = Math.max(0, inPPr - 1);
          return;
        case 'sectPr':
          if (sectPr?.inParagraph && sectPr.breaks && paragraphs.length) paragraphs[paragraphs.length - 1].sectionBreakAfter = true;
          sectPr = undefined;
          return;
        case 'p': {
          const p = paragraphs.pop();
          if (!p) return;
          if (p.pageBreakBefore && tables.length === 0) flow.push({ type: 'page-break' });
          emitParagraph((p.list && p.text.trim() ? '• ' : '') + p.text);
          if (p.sectionBreakAfter && tables.length === 0) flow.push({ type: 'page-break' });
          return;
        }
        case 'tbl': {
          const table = tables.pop();
          if (!table) return;
          if (tables.length > 0) {
            const cell = currentCell();
            const text = tableAsText(table);
            if (cell && text.trim()) cell.text += (cell.text ? '\n' : '') + text;
          } else if (table.rows.some((r) => r.cells.length > 0)) {
            flow.push({ type: 'table', table: docxTableInput(table) });
          }
          return;
        }
        default:
          return;
      }
    },
    text(text) {
      if (inText && skipDepth === 0) appendText(text);
    },
  }, part);
  return flow;
}
