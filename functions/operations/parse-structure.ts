/**
 * Layout structure for mode=advanced: typed regions in reading order (from
 * the layout engine, `engines/layout/regions.ts`), with markdown and html
 * rendered from the same regions. Tables render as real `<table>`s (with
 * `<th>`, `rowspan`, `colspan`) and as GitHub pipe tables.
 *
 * @module
 */
import type { BBox, DocumentPage, Table, TableCell } from '../engines/document-model.ts';
import { documentTables } from '../engines/layout/document-tables.ts';
import { keyValuePairs } from '../engines/layout/key-values.ts';
import { findSelectionMarks, type BoxInk } from '../engines/layout/selection-marks.ts';
import { analyzeDocument, LIST_MARKER, tableText, usedExtent, type LayoutRegion, type RegionType } from '../engines/layout/regions.ts';

export type { RegionType };

/** A table cell in the API (spans in grid units; 1 = no span). */
export interface RegionTableCell {
  row: number;
  column: number;
  row_span: number;
  column_span: number;
  text: string;
  header?: boolean;
  bbox?: BBox;
}

export interface RegionTable {
  rows: number;
  columns: number;
  cells: RegionTableCell[];
}

export interface Region {
  type: RegionType;
  bbox: BBox;
  text: string;
  reading_order: number;
  /** Only on `table` regions. */
  table?: RegionTable;
  /** Only on `title` (1) and `section_header` (2–6) regions. */
  level?: number;
  /** Only on `selection_mark` regions: the state and the label printed beside the mark. */
  state?: 'selected' | 'unselected';
  label?: string;
}

/** A table at document level: a table continued over page breaks is one entry (`engines/layout/document-tables.ts`). */
export interface DocumentTableResult {
  page_numbers: number[];
  rows: number;
  columns: number;
  header_rows: number;
  cells: (RegionTableCell & { page_number: number })[];
}

export interface KeyValueSideResult {
  text: string;
  bbox: BBox;
  page_number: number;
}

/** A label linked to its value (`engines/layout/key-values.ts`); `value` null for an empty field. */
export interface KeyValuePairResult {
  key: KeyValueSideResult;
  value: KeyValueSideResult | null;
  confidence: number;
  source: 'layout' | 'form_field' | 'selection_mark';
}

export interface StructuredPage {
  html: string;
  markdown: string;
  regions: Region[];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const roundBox = (b: BBox): BBox => [round(b[0]), round(b[1]), round(b[2]), round(b[3])];
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const flat = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
/** Characters markdown would read as syntax at the start of a paragraph or inside text. */
const escapeMarkdown = (s: string) =>
  s
    .replace(/([\\`*[\]<>|])/g, '\\$1')
    .replace(/(^|\s)_|_(?=\s|$)/g, (m) => m.replace('_', '\\_'))
    .replace(/^(#{1,6}\s|[-+]\s|\d+[.)]\s)/, '\\$1');

interface Grid {
  /** The cell starting at each grid position, if any. */
  readonly start: (import('../engines/document-model.ts').TableCell | undefined)[][];
  /** Grid positions covered by a span (not its top-left). */
  readonly covered: boolean[][];
}

/** Tables with more grid positions than this render as plain rows of text (a hostile or huge sheet). */
const MAX_GRID = 1_000_000;

/** The table trimmed to the rows and columns its cells use; undefined when still too large for a grid. */
function sized(table: Table): Table | undefined {
  const used = usedExtent(table);
  if (used.rows * used.columns > MAX_GRID) return undefined;
  return used.rows === table.rows && used.columns === table.columns ? table : { ...table, ...used };
}

function gridOf(table: Table): Grid {
  const start = Array.from({ length: table.rows }, () => new Array(table.columns).fill(undefined));
  const covered = Array.from({ length: table.rows }, () => new Array<boolean>(table.columns).fill(false));
  for (const c of table.cells) {
    if (!(c.row >= 0 && c.row < table.rows && c.column >= 0 && c.column < table.columns)) continue;
    start[c.row][c.column] = c;
    for (let r = c.row; r < Math.min(table.rows, c.row + c.rowSpan); r++) {
      for (let k = c.column; k < Math.min(table.columns, c.column + c.columnSpan); k++) {
        if (r !== c.row || k !== c.column) covered[r][k] = true;
      }
    }
  }
  return { start, covered };
}

/** Leading rows whose cells are all header cells. */
const headerRowsOf = (table: Table) => {
  const rowHasCell = new Set<number>();
  const rowHasBody = new Set<number>();
  for (const c of table.cells) {
    rowHasCell.add(c.row);
    if (!c.header) rowHasBody.add(c.row);
  }
  let n = 0;
  while (n < table.rows && rowHasCell.has(n) && !rowHasBody.has(n)) n++;
  return n;
};

/** `<table>` with `<thead>`/`<th>` for header rows and `rowspan`/`colspan` for spans. */
export function tableToHtml(input: Table): string {
  const table = sized(input);
  if (!table) return `<pre>${escapeHtml(tableText(input))}</pre>`;
  const { start, covered } = gridOf(table);
  const headerRows = headerRowsOf(table);
  const rowHtml = (r: number) => {
    const cells: string[] = [];
    for (let k = 0; k < table.columns; k++) {
      if (covered[r][k]) continue;
      const c = start[r][k];
      const tag = c?.header ? 'th' : 'td';
      const attrs = `${c && c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ''}${c && c.columnSpan > 1 ? ` colspan="${c.columnSpan}"` : ''}`;
      const text = c ? escapeHtml(c.text).replace(/\n/g, '<br>') : '';
      cells.push(`<${tag}${attrs}>${text}</${tag}>`);
    }
    return `<tr>${cells.join('')}</tr>`;
  };
  const parts = ['<table>'];
  if (headerRows) {
    parts.push('<thead>');
    for (let r = 0; r < headerRows; r++) parts.push(rowHtml(r));
    parts.push('</thead>');
  }
  parts.push('<tbody>');
  for (let r = headerRows; r < table.rows; r++) parts.push(rowHtml(r));
  parts.push('</tbody>', '</table>');
  return parts.join('\n');
}

/**
 * GitHub pipe table. Pipe tables have no spans: a spanning cell's text stands
 * in its top-left position and the positions it covers stay empty. Several
 * header rows are joined per column into the one header row pipe tables
 * allow; a table without a recognised header gets an empty header row.
 */
export function tableToMarkdown(input: Table): string {
  const table = sized(input);
  if (!table) return '```\n' + tableText(input).replace(/```/g, "'''") + '\n```';
  const { start } = gridOf(table);
  const cellText = (r: number, k: number) => {
    const c = start[r][k];
    return c ? flat(c.text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|') : '';
  };
  const headerRows = headerRowsOf(table);
  const header = Array.from({ length: table.columns }, (_, k) =>
    Array.from({ length: headerRows }, (_, r) => cellText(r, k))
      .filter(Boolean)
      .join(' '),
  );
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out = [line(header), line(header.map(() => '---'))];
  for (let r = headerRows; r < table.rows; r++) out.push(line(Array.from({ length: table.columns }, (_, k) => cellText(r, k))));
  return out.join('\n');
}

function apiTable(table: Table): RegionTable {
  return {
    rows: table.rows,
    columns: table.columns,
    cells: table.cells.map(apiCell),
  };
}

function apiCell(c: TableCell): RegionTableCell {
  return {
    row: c.row,
    column: c.column,
    row_span: c.rowSpan,
    column_span: c.columnSpan,
    text: c.text,
    ...(c.header ? { header: true } : {}),
    ...(c.bbox ? { bbox: roundBox(c.bbox) } : {}),
  };
}

const shownInText = (r: LayoutRegion) => r.markSource === 'glyph' || r.markSource === 'text';

/** A heading's level, clamped to what markdown and HTML can write. */
const headingLevel = (r: LayoutRegion) => Math.min(6, Math.max(1, r.level ?? (r.type === 'title' ? 1 : 2)));

function regionMarkdown(r: LayoutRegion): string {
  const text = flat(r.text);
  switch (r.type) {
    case 'title':
    case 'section_header':
      return `${'#'.repeat(headingLevel(r))} ${escapeMarkdown(text)}`;
    case 'list_item': {
      const marker = r.marker ?? '';
      const body = escapeMarkdown(text.replace(LIST_MARKER, '').trim());
      const num = /^\(?(\d{1,3})[.)]$/.exec(marker);
      return num ? `${num[1]}. ${body}` : `- ${body}`;
    }
    case 'table':
      return r.table ? tableToMarkdown(r.table) : escapeMarkdown(text);
    case 'figure':
      return text ? `*[Figure: ${escapeMarkdown(text)}]*` : '*[Figure]*';
    case 'caption':
      return `*${escapeMarkdown(text)}*`;
    case 'key_value':
      return r.key !== undefined ? `**${escapeMarkdown(r.key)}:** ${escapeMarkdown(r.value ?? '')}` : escapeMarkdown(text);
    case 'signature':
      return '*[Signature]*';
    case 'selection_mark':
      // Glyphs and typed boxes are already in the text around them; drawn boxes and form fields are not.
      return shownInText(r) ? '' : `- [${r.state === 'selected' ? 'x' : ' '}] ${escapeMarkdown(r.label ?? '')}`.trimEnd();
    default:
      return escapeMarkdown(text);
  }
}

function regionHtml(r: LayoutRegion): string {
  const text = escapeHtml(flat(r.text));
  switch (r.type) {
    case 'title':
    case 'section_header':
      return `<h${headingLevel(r)}>${text}</h${headingLevel(r)}>`;
    case 'list_item':
      return `<li>${escapeHtml(flat(r.text).replace(LIST_MARKER, '').trim())}</li>`;
    case 'table':
      return r.table ? tableToHtml(r.table) : `<p>${text}</p>`;
    case 'figure':
      return `<figure>${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
    case 'caption':
      return `<p class="caption">${text}</p>`;
    case 'key_value':
      return r.key !== undefined
        ? `<p class="key-value"><b>${escapeHtml(r.key)}:</b> ${escapeHtml(r.value ?? '')}</p>`
        : `<p class="key-value">${text}</p>`;
    case 'signature':
      return '<p class="signature">[Signature]</p>';
    case 'selection_mark':
      return shownInText(r)
        ? ''
        : `<p class="selection-mark"><input type="checkbox" disabled${r.state === 'selected' ? ' checked' : ''}> ${escapeHtml(r.label ?? '')}</p>`;
    case 'page_header':
      return `<header>${text}</header>`;
    case 'page_footer':
    case 'page_number':
      return `<footer>${text}</footer>`;
    default:
      return `<p>${text}</p>`;
  }
}

/** Renders regions; consecutive list items share one `<ul>`/`<ol>`. */
function render(regions: readonly LayoutRegion[]): { html: string; markdown: string } {
  const html: string[] = [];
  const md: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  let mdList: string[] = [];
  const closeList = () => {
    if (list) html.push(`</${list}>`);
    list = undefined;
    if (mdList.length) md.push(mdList.join('\n'));
    mdList = [];
  };
  for (const r of regions) {
    if (r.type === 'list_item') {
      const kind = /^\(?\d/.test(r.marker ?? '') ? 'ol' : 'ul';
      if (list !== kind) {
        closeList();
        html.push(`<${kind}>`);
        list = kind;
      }
      html.push(regionHtml(r));
      mdList.push(regionMarkdown(r));
      continue;
    }
    if (r.type === 'selection_mark' && shownInText(r)) continue;
    closeList();
    html.push(regionHtml(r));
    md.push(regionMarkdown(r));
  }
  closeList();
  return { html: html.join('\n'), markdown: md.join('\n\n') };
}

function toStructured(regions: readonly LayoutRegion[]): StructuredPage {
  const { html, markdown } = render(regions);
  return {
    html,
    markdown,
    regions: regions.map((r) => ({
      type: r.type,
      bbox: roundBox(r.bbox),
      text: r.text,
      reading_order: r.readingOrder,
      ...(r.table ? { table: apiTable(r.table) } : {}),
      ...(r.level !== undefined ? { level: r.level } : {}),
      ...(r.state ? { state: r.state } : {}),
      ...(r.label ? { label: r.label } : {}),
    })),
  };
}

/**
 * Structure of every page of a document (running headers and footers are
 * recognised by repetition across the pages given).
 *
 * @example
 * const pages = buildDocumentStructure(document.pages);
 * pages[0].markdown; // '# Invoice 2026-001\n\n| Item | Qty | Amount |\n| --- | --- | --- |\n…'
 */
export function buildDocumentStructure(pages: readonly DocumentPage[]): StructuredPage[] {
  return buildDocumentLayout(pages).pages;
}

/** Every page's structure and the document's tables (continued tables merged), from one analysis. */
export function buildDocumentLayout(
  pages: readonly DocumentPage[],
  options: { signatures?: ReadonlyMap<number, readonly BBox[]>; markInk?: ReadonlyMap<number, readonly BoxInk[]> } = {},
): {
  pages: StructuredPage[];
  tables: DocumentTableResult[];
  keyValuePairs: KeyValuePairResult[];
} {
  if (pages.length === 0) return { pages: [], tables: [], keyValuePairs: [] };
  const regions = analyzeDocument(pages, options);
  const tables = documentTables(
    regions,
    pages.map((p) => p.pageNumber),
  ).map((t) => ({
    page_numbers: [...t.pageNumbers],
    rows: t.rows,
    columns: t.columns,
    header_rows: t.headerRows,
    cells: t.cells.map((c) => ({ ...apiCell(c), page_number: c.pageNumber })),
  }));
  const pairs = pages.flatMap((page) =>
    keyValuePairs(page, findSelectionMarks(page, options.markInk?.get(page.pageNumber))).map((p) => ({
      key: { text: p.key.text, bbox: roundBox(p.key.bbox), page_number: page.pageNumber },
      value: p.value && { text: p.value.text, bbox: roundBox(p.value.bbox), page_number: page.pageNumber },
      confidence: p.confidence,
      source: p.source,
    })),
  );
  return { pages: regions.map(toStructured), tables, keyValuePairs: pairs };
}

/** Structure of one page on its own. */
export function buildStructure(page: DocumentPage): StructuredPage {
  return toStructured(analyzeDocument([page])[0]);
}
