/**
 * HTML to a flow of paragraphs and tables: the visible text in document
 * order, the way a browser would show it without styles.
 *
 * htmlparser2 tokenizes (forgiving, streaming, no DOM and no recursion; its
 * open-element stack costs time with depth, so depth is capped); nothing is fetched or run: scripts, styles,
 * templates, frames, SVG and form controls are skipped with their content,
 * and images give their `alt` text. Block elements (paragraphs, headings,
 * list items, `<br>`, …) end a line; `<pre>` keeps its spacing; a `<table>`
 * becomes a table (cells by `colspan`; a table inside a cell is flattened
 * into the cell's text). The page `<title>` is the first paragraph.
 *
 * @module
 */
import { Parser } from 'htmlparser2';
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FlowItem, TableCellInput } from './virtual-page.ts';

/** More elements than this are refused (`file_too_large`): bounded time on generated or hostile pages. */
export const MAX_HTML_ELEMENTS = 500_000;
/** Cells of one table; more are refused (`file_too_large`). */
export const MAX_HTML_TABLE_CELLS = 200_000;
/**
 * Elements open at once; a page nested deeper is refused (`document_corrupt`). htmlparser2 keeps its open
 * elements in an array it shifts at the front, so each tag costs time in proportion to the depth: 100,000 nested
 * `<div>`s (1 MB) took 13 s, quadratic, where a browser stops nesting at 512 levels.
 */
export const MAX_HTML_DEPTH = 1_024;

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'frame',
  'object',
  'embed',
  'canvas',
  'select',
  'datalist',
  'audio',
  'video',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'address',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'legend',
  'hr',
  'caption',
  'body',
  'html',
  'center',
  'details',
  'summary',
]);

interface TableState {
  rows: { text: string; header: boolean; span: number }[][];
  cell?: { text: string; header: boolean; span: number };
}

const collapse = (text: string) => text.replace(/[ \t\r\n\f\u00a0]+/g, ' ');

/** Builds the flow while htmlparser2 walks the page. */
class HtmlFlowBuilder {
  readonly flow: FlowItem[] = [];
  private paragraph = '';
  private title = '';
  private inTitle = false;
  private skipDepth = 0;
  private preDepth = 0;
  private elements = 0;
  private depth = 0;
  private readonly tables: TableState[] = [];

  open(name: string, attributes: Record<string, string>): void {
    if (++this.elements > MAX_HTML_ELEMENTS) {
      throw new DocumentLoadError('file_too_large', `The HTML page has more than ${MAX_HTML_ELEMENTS} elements.`, {
        details: { max_elements: MAX_HTML_ELEMENTS },
      });
    }
    if (++this.depth > MAX_HTML_DEPTH) {
      throw new DocumentLoadError('document_corrupt', `The HTML page nests deeper than ${MAX_HTML_DEPTH} elements; refused.`, {
        details: { max_depth: MAX_HTML_DEPTH },
      });
    }
    if (this.skipDepth > 0 || SKIPPED.has(name)) {
      if (SKIPPED.has(name)) this.skipDepth++;
      return;
    }
    if (name === 'title') this.inTitle = true;
    else if (name === 'pre') {
      this.breakLine();
      this.preDepth++;
    } else if (name === 'br') this.write('\n');
    else if (name === 'img' && attributes.alt) this.write(` ${attributes.alt} `);
    else if (name === 'table') this.openTable();
    else if (name === 'tr') this.openRow();
    else if (name === 'td' || name === 'th') this.openCell(name === 'th', Number.parseInt(attributes.colspan ?? '1', 10));
    else if (BLOCKS.has(name)) this.breakLine();
  }

  close(name: string): void {
    this.depth = Math.max(0, this.depth - 1);
    if (this.skipDepth > 0) {
      if (SKIPPED.has(name)) this.skipDepth--;
      return;
    }
    if (name === 'title') this.inTitle = false;
    else if (name === 'pre') {
      this.breakLine();
      this.preDepth = Math.max(0, this.preDepth - 1);
    } else if (name === 'td' || name === 'th') this.closeCell();
    else if (name === 'table') this.closeTable();
    else if (BLOCKS.has(name)) this.breakLine();
  }

  text(raw: string): void {
    if (this.skipDepth > 0) return;
    if (this.inTitle) this.title += collapse(raw);
    else this.write(this.preDepth > 0 ? raw : collapse(raw));
  }

  finish(): FlowItem[] {
    while (this.tables.length) this.closeTable();
    this.breakLine();
    const title = this.title.trim();
    return title ? [{ type: 'paragraph', text: title }, ...this.flow] : this.flow;
  }

  private write(text: string): void {
    const table = this.tables.at(-1);
    if (table?.cell) table.cell.text += text;
    else if (!table) this.paragraph += text;
  }

  /** Ends the current paragraph (a block opened or closed); inside a table cell, a space. */
  private breakLine(): void {
    const table = this.tables.at(-1);
    if (table) {
      if (table.cell) table.cell.text += ' ';
      return;
    }
    const pre = this.preDepth > 0;
    const lines = this.paragraph.split('\n').map((l) => (pre ? l.trimEnd() : l.trim()));
    const text = (pre ? lines : lines.filter((l) => l !== '')).join('\n').replace(/^\n+|\n+$/g, '');
    if (text.trim()) this.flow.push({ type: 'paragraph', text });
    this.paragraph = '';
  }

  private openTable(): void {
    this.breakLine();
    this.tables.push({ rows: [] });
  }

  private openRow(): void {
    const table = this.tables.at(-1);
    if (!table) return;
    this.closeCell();
    table.rows.push([]);
  }

  private openCell(header: boolean, span: number): void {
    const table = this.tables.at(-1);
    if (!table) return;
    this.closeCell();
    if (table.rows.length === 0) table.rows.push([]);
    const cells = table.rows.reduce((n, r) => n + r.length, 0);
    if (cells >= MAX_HTML_TABLE_CELLS) {
      throw new DocumentLoadError('file_too_large', `An HTML table has more than ${MAX_HTML_TABLE_CELLS} cells.`, {
        details: { max_cells: MAX_HTML_TABLE_CELLS },
      });
    }
    table.cell = { text: '', header, span: Number.isFinite(span) ? Math.min(Math.max(span, 1), 100) : 1 };
  }

  private closeCell(): void {
    const table = this.tables.at(-1);
    if (!table?.cell) return;
    table.rows.at(-1)!.push({ ...table.cell, text: collapse(table.cell.text).trim() });
    table.cell = undefined;
  }

  private closeTable(): void {
    this.closeCell();
    const table = this.tables.pop();
    if (!table) return;
    const rows = table.rows.filter((r) => r.some((c) => c.text !== ''));
    const parent = this.tables.at(-1);
    if (parent) {
      // A table inside a cell: its text joins the cell's.
      if (parent.cell) parent.cell.text += ` ${rows.map((r) => r.map((c) => c.text).join(' ')).join(' ')} `;
      return;
    }
    if (rows.length === 0) return;
    const cells: TableCellInput[] = [];
    let columns = 0;
    rows.forEach((row, r) => {
      let column = 0;
      for (const cell of row) {
        cells.push({ row: r, column, rowSpan: 1, columnSpan: cell.span, text: cell.text, header: cell.header });
        column += cell.span;
      }
      columns = Math.max(columns, column);
    });
    const headerRows = rows[0].every((c) => c.header) && rows.length > 1 ? 1 : 0;
    this.flow.push({ type: 'table', table: { rows: rows.length, columns, cells, headerRows, repeatHeader: headerRows > 0 } });
  }
}

/**
 * The flow of an HTML page.
 *
 * @throws DocumentLoadError `file_too_large` (too many elements or table cells).
 */
export function htmlFlow(text: string): FlowItem[] {
  const builder = new HtmlFlowBuilder();
  const parser = new Parser(
    {
      onopentag: (name, attributes) => builder.open(name, attributes),
      onclosetag: (name) => builder.close(name),
      ontext: (data) => builder.text(data),
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  return builder.finish();
}
