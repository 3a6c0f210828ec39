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
  const reader = new DocxReader();
  scanXml(zip.readText(part), reader, part);
  return reader.flow;
}

/** The state of one pass over `word/document.xml`: open paragraphs and tables, runs, and the flow built so far. */
class DocxReader {
  readonly flow: FlowItem[] = [];
  private readonly paragraphs: Paragraph[] = [];
  private readonly tables: DocxTable[] = [];
  private skipDepth = 0;
  private inText = false;
  private runDepth = 0;
  private inPPr = 0;
  private sectPr: { inParagraph: boolean; breaks: boolean } | undefined;

  private currentCell(): DocxCell | undefined {
    const table = this.tables[this.tables.length - 1];
    const row = table?.rows[table.rows.length - 1];
    return row?.cells[row.cells.length - 1];
  }

  private currentRow(): DocxRow | undefined {
    const table = this.tables[this.tables.length - 1];
    return table?.rows[table.rows.length - 1];
  }

  private appendText(text: string): void {
    const p = this.paragraphs[this.paragraphs.length - 1];
    if (p) p.text += text;
  }

  private emitParagraph(text: string): void {
    const cell = this.tables.length ? this.currentCell() : undefined;
    if (this.tables.length) {
      if (cell && text.trim()) cell.text += (cell.text ? '\n' : '') + text;
      return;
    }
    this.flow.push({ type: 'paragraph', text });
  }

  open(name: string, attrs: string, selfClosing: boolean): void {
    if (this.skipDepth > 0) {
      // The scanner reports a close for self-closing elements too: count every open.
      this.skipDepth++;
      return;
    }
    if (name === 'Fallback') this.skipDepth = 1;
    else if (!this.openParagraphPart(name, attrs, selfClosing) && !this.openRunPart(name, attrs, selfClosing)) this.openTablePart(name, attrs);
  }

  /** Paragraphs, their properties and section properties; false for other elements. */
  private openParagraphPart(name: string, attrs: string, selfClosing: boolean): boolean {
    const { paragraphs } = this;
    switch (name) {
      case 'p':
        paragraphs.push({ text: '', pageBreakBefore: false, sectionBreakAfter: false, list: false });
        return true;
      case 'pPr':
        this.inPPr++; // closes are reported for self-closing elements too
        return true;
      case 'pageBreakBefore':
        if (this.inPPr && isOn(attrs) && paragraphs.length) paragraphs[paragraphs.length - 1].pageBreakBefore = true;
        return true;
      case 'numPr':
        if (this.inPPr && paragraphs.length) paragraphs[paragraphs.length - 1].list = true;
        return true;
      case 'sectPr':
        this.sectPr = { inParagraph: this.inPPr > 0, breaks: true };
        if (selfClosing && this.sectPr.inParagraph && paragraphs.length) paragraphs[paragraphs.length - 1].sectionBreakAfter = true;
        return true;
      case 'type':
        if (this.sectPr) {
          const v = attr(attrs, 'w:val');
          this.sectPr.breaks = v !== 'continuous' && v !== 'nextColumn';
        }
        return true;
      default:
        return false;
    }
  }

  /** Runs and what they hold (text, tabs, breaks); false for other elements. */
  private openRunPart(name: string, attrs: string, selfClosing: boolean): boolean {
    switch (name) {
      case 'r':
        this.runDepth++;
        return true;
      case 't':
        this.inText = !selfClosing && this.runDepth > 0;
        return true;
      case 'tab':
        if (this.runDepth > 0 && !this.inPPr) this.appendText('\t');
        return true;
      case 'cr':
        if (this.runDepth > 0) this.appendText('\n');
        return true;
      case 'noBreakHyphen':
        if (this.runDepth > 0) this.appendText('-');
        return true;
      case 'br':
        if (this.runDepth > 0) this.lineOrPageBreak(attrs);
        return true;
      default:
        return false;
    }
  }

  /** A page break outside tables splits the paragraph at the break; any other break is a new line. */
  private lineOrPageBreak(attrs: string): void {
    const { paragraphs } = this;
    if (attr(attrs, 'w:type') === 'page' && this.tables.length === 0 && paragraphs.length) {
      const p = paragraphs[paragraphs.length - 1];
      if (p.pageBreakBefore) this.flow.push({ type: 'page-break' });
      p.pageBreakBefore = false;
      if (p.text.trim()) this.emitParagraph((p.list ? '• ' : '') + p.text);
      p.text = '';
      this.flow.push({ type: 'page-break' });
    } else this.appendText('\n');
  }

  /** Tables, rows, cells and their grid properties. */
  private openTablePart(name: string, attrs: string): void {
    switch (name) {
      case 'tbl':
        this.tables.push({ rows: [] });
        return;
      case 'tr':
        this.tables[this.tables.length - 1]?.rows.push({ cells: [], header: false, gridBefore: 0 });
        return;
      case 'tblHeader': {
        const row = this.currentRow();
        if (row && isOn(attrs)) row.header = true;
        return;
      }
      case 'gridBefore': {
        const row = this.currentRow();
        if (row) row.gridBefore = Math.max(0, Math.min(parseInt(attr(attrs, 'w:val') ?? '0', 10) || 0, 1000));
        return;
      }
      case 'tc':
        this.currentRow()?.cells.push({ text: '', span: 1, vMerge: undefined });
        return;
      case 'gridSpan': {
        const cell = this.currentCell();
        if (cell) cell.span = parseInt(attr(attrs, 'w:val') ?? '1', 10) || 1;
        return;
      }
      case 'vMerge': {
        const cell = this.currentCell();
        if (cell) cell.vMerge = attr(attrs, 'w:val') === 'restart' ? 'restart' : 'continue';
        return;
      }
      default:
        return;
    }
  }

  close(name: string): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const { paragraphs, tables } = this;
    switch (name) {
      case 't':
        this.inText = false;
        return;
      case 'r':
        this.runDepth = Math.max(0, this.runDepth - 1);
        return;
      case 'pPr':
        this.inPPr = Math.max(0, this.inPPr - 1);
        return;
      case 'sectPr':
        if (this.sectPr?.inParagraph && this.sectPr.breaks && paragraphs.length) paragraphs[paragraphs.length - 1].sectionBreakAfter = true;
        this.sectPr = undefined;
        return;
      case 'p': {
        const p = paragraphs.pop();
        if (!p) return;
        if (p.pageBreakBefore && tables.length === 0) this.flow.push({ type: 'page-break' });
        this.emitParagraph((p.list && p.text.trim() ? '• ' : '') + p.text);
        if (p.sectionBreakAfter && tables.length === 0) this.flow.push({ type: 'page-break' });
        return;
      }
      case 'tbl':
        this.closeTable();
        return;
      default:
        return;
    }
  }

  /** A nested table becomes text in its cell; an outer table with cells goes to the flow. */
  private closeTable(): void {
    const table = this.tables.pop();
    if (!table) return;
    if (this.tables.length > 0) {
      const cell = this.currentCell();
      const text = tableAsText(table);
      if (cell && text.trim()) cell.text += (cell.text ? '\n' : '') + text;
    } else if (table.rows.some((r) => r.cells.length > 0)) {
      this.flow.push({ type: 'table', table: docxTableInput(table) });
    }
  }

  text(text: string): void {
    if (this.inText && this.skipDepth === 0) this.appendText(text);
  }
}
