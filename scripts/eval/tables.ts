/**
 * Table evaluation on the invoice corpus: does the layout engine find the
 * line-item table, with one row per line item and the item's cells in it?
 *
 * Ground truth:
 * - `invoices/zugferd-corpus`: `expected_fields.json` (`n_line_items`) and the
 *   embedded CII XML (`cii/*.xml`) for each item's name and line total.
 *   Invoices whose XML profile carries no line items (`n_line_items: 0`,
 *   MINIMUM/BASIC WL) are skipped for the line-item metrics.
 * - `invoices/invoice2data`: `lines[]` / `line_items[]` in the JSON next to
 *   the PDF; entries without a name (section headers, notes) are not items.
 *
 * - `invoices/parsee-invoices`: no line-item truth; only whether a table is found.
 *
 * Metrics per set (fractions over invoices, or over items for `item_*`):
 * - `table_found`: at least one table on some page;
 * - `body_rows_exact`: the line-item table (the table holding most item names,
 *   else most item rows) has exactly as many body (non-header) rows as items;
 * - `item_rows_exact`: the line-item table has exactly as many "item rows" as items,
 *   an item row being a body row with at least two numeric cells (quantity,
 *   price, amount): sub-rows, notes and wrapped lines do not count;
 * - `item_table_has_header`: the line-item table has a recognised header row;
 * - `item_name_found`: the item's name (its first line) is in one table row;
 * - `item_name_and_total_in_row`: name and line total (as a number, sign ignored: credit
 *   notes print the amounts the XML holds as positive with a minus) in the same row.
 *
 * Run: `npx tsx scripts/eval/tables.ts [corpusDir]`.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentPage, Table } from '../../functions/engines/document-model.ts';
import { detectTables, isNumericText } from '../../functions/engines/layout/tables.ts';
import { loadPdf } from '../../functions/engines/pdf/pdf-text-backend.ts';

interface ExpectedItem {
  name?: string;
  total?: number;
}

interface InvoiceResult {
  file: string;
  expected: number;
  tables: number;
  bestBodyRows: number | null;
  bestItemRows: number | null;
  /** The line-item table has a recognised header row. */
  header: boolean;
  namesFound: number;
  nameAndTotal: number;
  itemsWithTotal: number;
  ms: number;
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Numbers printed in a text, read with either decimal convention. */
function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/-?\d[\d.,' ]*\d|-?\d/g)) {
    const raw = m[0].replace(/[' ]/g, '');
    const candidates = new Set<string>();
    candidates.add(raw.replace(/,/g, '')); // 1,234.56
    candidates.add(raw.replace(/\./g, '').replace(',', '.')); // 1.234,56
    for (const c of candidates) {
      const n = Number(c);
      if (Number.isFinite(n)) out.push(n);
    }
  }
  return out;
}

function rowsOf(table: Table): string[][] {
  const rows: string[][] = Array.from({ length: table.rows }, () => new Array<string>(table.columns).fill(''));
  for (const c of table.cells) if (rows[c.row]) rows[c.row][c.column] = c.text;
  return rows;
}

function bodyRows(table: Table): string[][] {
  const headerRows = new Set(table.cells.filter((c) => c.header).map((c) => c.row));
  return rowsOf(table).filter((_, r) => !headerRows.has(r));
}

const isItemRow = (row: readonly string[]) => row.filter((t) => isNumericText(t.replace(/\n/g, ' '))).length >= 2;

function ciiItems(xml: string): ExpectedItem[] {
  const items: ExpectedItem[] = [];
  for (const m of xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g)) {
    const body = m[1];
    const name = /<ram:Name>([\s\S]*?)<\/ram:Name>/.exec(body)?.[1];
    const total = /<ram:LineTotalAmount[^>]*>([^<]+)<\/ram:LineTotalAmount>/.exec(body)?.[1];
    items.push({
      name: name?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim(),
      total: total !== undefined ? Number(total) : undefined,
    });
  }
  return items;
}

async function pagesOf(pdfPath: string): Promise<DocumentPage[]> {
  const pdf = await loadPdf(new Uint8Array(readFileSync(pdfPath)));
  try {
    return [...(await pdf.extract()).pages];
  } finally {
    await pdf.close();
  }
}

async function scoreInvoice(pdfPath: string, items: readonly ExpectedItem[]): Promise<InvoiceResult> {
  const pages = await pagesOf(pdfPath);
  const t0 = performance.now();
  const tables = pages.flatMap((p) => detectTables(p));
  const ms = performance.now() - t0;
  const n = items.length;
  const bodies = tables.map(bodyRows);
  // The line-item table: the one holding most item names, then most item rows.
  const names = items.map((it) => (it.name ? normalise(it.name.split('\n')[0]) : '')).filter(Boolean);
  const score = (body: string[][]) =>
    names.filter((nm) => body.some((row) => normalise(row.join(' ')).includes(nm))).length * 1000 + body.filter(isItemRow).length;
  const bestIndex = bodies.length ? bodies.reduce((a, b, i) => (score(b) > score(bodies[a]) ? i : a), 0) : -1;
  const best = bestIndex >= 0 ? bodies[bestIndex] : undefined;
  const allRows = bodies.flat();
  let namesFound = 0;
  let nameAndTotal = 0;
  let itemsWithTotal = 0;
  for (const item of items) {
    const name = item.name ? normalise(item.name.split('\n')[0]) : '';
    const rowsWithName = name ? allRows.filter((row) => normalise(row.join(' ')).includes(name)) : [];
    if (rowsWithName.length) namesFound++;
    if (item.total !== undefined) {
      itemsWithTotal++;
      const hit = rowsWithName.some((row) => numbersIn(row.join(' ')).some((v) => Math.abs(Math.abs(v) - Math.abs(item.total!)) < 0.005));
      if (hit) nameAndTotal++;
    }
  }
  return {
    file: basename(pdfPath),
    expected: n,
    tables: tables.length,
    bestBodyRows: best ? best.length : null,
    bestItemRows: best ? best.filter(isItemRow).length : null,
    header: bestIndex >= 0 && tables[bestIndex].cells.some((c) => c.header),
    namesFound,
    nameAndTotal,
    itemsWithTotal,
    ms: Math.round(ms * 10) / 10,
  };
}

function summarise(results: readonly InvoiceResult[]): Record<string, unknown> {
  const withItems = results.filter((r) => r.expected > 0);
  const share = (k: number, of: number) => (of ? Math.round((k / of) * 1000) / 1000 : null);
  const items = withItems.reduce((s, r) => s + r.expected, 0);
  const itemsWithTotal = withItems.reduce((s, r) => s + r.itemsWithTotal, 0);
  return {
    invoices: results.length,
    invoices_with_items: withItems.length,
    items,
    table_found: share(results.filter((r) => r.tables > 0).length, results.length),
    body_rows_exact: share(withItems.filter((r) => r.bestBodyRows === r.expected).length, withItems.length),
    item_rows_exact: share(withItems.filter((r) => r.bestItemRows === r.expected).length, withItems.length),
    item_table_has_header: share(withItems.filter((r) => r.header).length, withItems.length),
    item_name_found: share(withItems.reduce((s, r) => s + r.namesFound, 0), items),
    item_name_and_total_in_row: share(withItems.reduce((s, r) => s + r.nameAndTotal, 0), itemsWithTotal),
    detect_ms_per_invoice: share(results.reduce((s, r) => s + r.ms, 0), results.length),
    per_invoice: results.map((r) => ({
      file: r.file,
      expected_items: r.expected,
      tables: r.tables,
      table_body_rows: r.bestBodyRows,
      table_item_rows: r.bestItemRows,
      names_found: r.namesFound,
      name_and_total: r.nameAndTotal,
    })),
  };
}

function invoicesDir(corpusDir: string): string {
  if (existsSync(join(corpusDir, 'invoices'))) return join(corpusDir, 'invoices');
  return corpusDir;
}

async function zugferd(dir: string): Promise<InvoiceResult[]> {
  const root = join(dir, 'zugferd-corpus');
  if (!existsSync(root)) return [];
  const expected = JSON.parse(readFileSync(join(root, 'expected_fields.json'), 'utf8')) as Record<string, { n_line_items?: number }>;
  const xmls = existsSync(join(root, 'cii')) ? readdirSync(join(root, 'cii')) : [];
  const results: InvoiceResult[] = [];
  for (const file of readdirSync(join(root, 'pdf')).filter((f) => f.endsWith('.pdf')).sort()) {
    const stem = file.replace(/\.pdf$/, '');
    const xml = xmls.find((x) => x.startsWith(`${stem}.`));
    let items = xml ? ciiItems(readFileSync(join(root, 'cii', xml), 'utf8')) : [];
    const n = expected[file]?.n_line_items;
    if (n !== undefined && items.length !== n) items = Array.from({ length: n }, (_, i) => items[i] ?? {});
    results.push(await scoreInvoice(join(root, 'pdf', file), items));
  }
  return results;
}

async function invoice2data(dir: string): Promise<InvoiceResult[]> {
  const root = join(dir, 'invoice2data');
  if (!existsSync(root)) return [];
  const results: InvoiceResult[] = [];
  for (const file of readdirSync(root).filter((f) => f.endsWith('.json')).sort()) {
    const pdf = join(root, file.replace(/\.json$/, '.pdf'));
    if (!existsSync(pdf)) continue;
    const truth = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>[] | Record<string, unknown>;
    const record = (Array.isArray(truth) ? truth[0] : truth) ?? {};
    const lines = (record.lines ?? record.line_items) as Record<string, unknown>[] | undefined;
    if (!Array.isArray(lines)) continue;
    const items: ExpectedItem[] = [];
    for (const l of lines) {
      const name = [l.name, l.desc, l.description, l.item].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
      if (!name) continue; // section headers and notes are not items
      const total = [l.price_subtotal, l.total, l.amount].find((v) => typeof v === 'number' || (typeof v === 'string' && v.trim()));
      items.push({ name, ...(total !== undefined && Number.isFinite(Number(total)) ? { total: Number(total) } : {}) });
    }
    results.push(await scoreInvoice(pdf, items));
  }
  return results;
}

/** Invoices without line-item truth (parsee-invoices): how often a table is found at all, and how fast. */
async function parsee(dir: string): Promise<Record<string, unknown>> {
  const root = join(dir, 'parsee-invoices', 'pdf');
  if (!existsSync(root)) return {};
  let invoices = 0;
  let withTable = 0;
  let ms = 0;
  let failed = 0;
  for (const file of readdirSync(root).filter((f) => f.endsWith('.pdf')).sort()) {
    let pages: DocumentPage[];
    try {
      pages = await pagesOf(join(root, file));
    } catch {
      failed++;
      continue;
    }
    invoices++;
    const t0 = performance.now();
    const found = pages.reduce((n, p) => n + detectTables(p).length, 0);
    ms += performance.now() - t0;
    if (found > 0) withTable++;
  }
  return {
    invoices,
    unreadable: failed,
    table_found: invoices ? Math.round((withTable / invoices) * 1000) / 1000 : null,
    detect_ms_per_invoice: invoices ? Math.round((ms / invoices) * 10) / 10 : null,
  };
}

/**
 * Evaluates table detection on the invoice corpus (`corpusDir` is the corpus
 * root or its `invoices` folder). Returns one summary per ground-truth set.
 *
 * @example
 * const report = await evaluateTables('../shared/corpus');
 * report.zugferd; // { item_rows_exact: 0.8, item_name_and_total_in_row: 0.9, … }
 */
export async function evaluateTables(corpusDir: string): Promise<Record<string, unknown>> {
  const dir = invoicesDir(corpusDir);
  return {
    zugferd: summarise(await zugferd(dir)),
    invoice2data: summarise(await invoice2data(dir)),
    parsee: await parsee(dir),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
  const report = await evaluateTables(dir);
  console.log(JSON.stringify(report, null, 2));
}
