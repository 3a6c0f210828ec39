/**
 * Key-value pairs on pages that are not forms ("broad negatives"): every
 * pair read from the layout of such a page is a junk pair, so the figure is
 * pairs (with a value) per page, lower is better.
 *
 * - prose: the corpus's technical manuals (prose/*.txt), drawn into text
 *   PDFs (scripts/lib/text-pages.ts), per project (sources.csv's repo);
 * - documents: a few text-layer letters, reports and articles of the
 *   corpus's classification set (first pages only);
 * - tables: invented table pages (seeded; a title, a sentence, a header row
 *   over rows of cells, ruled or not): a header is not the key of the cell
 *   below it.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import type { KeyValuePair } from '../../functions/engines/layout/key-values.ts';
import { corpusPath } from '../lib/corpus.ts';
import { pick, seeded, type Random } from '../lib/random.ts';
import { pdfPages, proseFiles, textPdf } from '../lib/text-pages.ts';

/** Text-layer documents of the classification set that are not forms, and how many of their first pages are read. */
const CORPUS_DOCUMENTS: readonly [string, number][] = [
  ['classification/memo/unstructured__fake-memo.pdf', 1],
  ['classification/report/awsidp__amzn-10k.pdf', 3],
  ['classification/report/docling__redp5110_sampled.pdf', 4],
  ['classification/scientific_article/unstructured__layout-parser-paper-fast.pdf', 2],
  ['classification/scientific_article/unstructured__layout-parser-paper-with-table.pdf', 1],
];

export interface NegativePage {
  readonly group: 'prose' | 'documents' | 'tables';
  /** The prose file's project, the document's path, or the table's number. */
  readonly source: string;
  readonly name: string;
  readonly page: DocumentPage;
}

/** Prose files as pages the API reads (text PDFs). */
export async function prosePages(files?: readonly { file: string; project: string; text: string }[]): Promise<NegativePage[]> {
  const out: NegativePage[] = [];
  for (const f of files ?? (await proseFiles())) {
    for (const page of await pdfPages(await textPdf(f.text)))
      out.push({ group: 'prose', source: f.project, name: `${f.file} p${page.pageNumber}`, page });
  }
  return out;
}

const COLUMNS = ['Item', 'Qty', 'Unit price', 'Amount', 'Region', 'Quarter', 'Share', 'Status', 'Owner', 'Due', 'Code', 'Weight', 'Change'];
const WORDS = ['North', 'South', 'Pending', 'Closed', 'Open', 'Widget', 'Bracket', 'Valve', 'Sensor', 'Panel', 'Cable', 'Mount', 'Review'];

function cell(r: Random, column: string): string {
  const n = () => Math.floor(r() * 900) + 10;
  if (['Qty', 'Code'].includes(column)) return String(n());
  if (['Unit price', 'Amount', 'Weight'].includes(column)) return `${n()}.${String(Math.floor(r() * 100)).padStart(2, '0')}`;
  if (['Share', 'Change'].includes(column)) return `${(r() * 40 - 10).toFixed(1)} %`;
  if (column === 'Quarter') return `Q${1 + Math.floor(r() * 4)} 20${20 + Math.floor(r() * 6)}`;
  if (column === 'Due') return `${1 + Math.floor(r() * 28)}.${1 + Math.floor(r() * 12)}.2026`;
  return r() < 0.5 ? pick(r, WORDS) : `${pick(r, WORDS)} ${pick(r, WORDS).toLowerCase()}`;
}

/** One invented table page: a title, a sentence, a header row over 8–22 rows of cells, ruled or not. */
async function tablePdf(r: Random): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(pick(r, [StandardFonts.Helvetica, StandardFonts.TimesRoman]));
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 9 + r() * 2;
  page.drawText(pick(r, ['Quarterly summary', 'Stock on hand', 'Open orders', 'Project tasks']), { x: 50, y: 740, size: size + 5, font: bold });
  page.drawText('The figures below are provisional and may change after the next review.', { x: 50, y: 715, size, font });
  const columns = [...COLUMNS].sort(() => r() - 0.5).slice(0, 3 + Math.floor(r() * 4));
  const width = 500 / columns.length;
  const ruled = r() < 0.5;
  const rows = 8 + Math.floor(r() * 15);
  for (let row = 0; row <= rows; row++) {
    const y = 680 - row * size * 2;
    columns.forEach((column, k) => page.drawText(row ? cell(r, column) : column, { x: 55 + k * width, y, size, font: row ? font : bold }));
    if (ruled) page.drawLine({ start: { x: 50, y: y - size * 0.6 }, end: { x: 550, y: y - size * 0.6 }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
  }
  return doc.save();
}

/** `count` invented table pages (seeded), as the API reads them. */
export async function tablePages(count: number, seed: number): Promise<NegativePage[]> {
  const random = seeded(seed);
  const out: NegativePage[] = [];
  for (let k = 0; k < count; k++) {
    for (const page of await pdfPages(await tablePdf(random))) out.push({ group: 'tables', source: `table ${k + 1}`, name: `table ${k + 1}`, page });
  }
  return out;
}

/** All negative pages: prose, the corpus documents, and `tables` invented table pages (seeded). */
export async function negativePages(tables: number, seed: number): Promise<NegativePage[]> {
  const out = await prosePages();
  for (const [path, pages] of CORPUS_DOCUMENTS) {
    const bytes = new Uint8Array(await readFile(corpusPath(...path.split('/'))));
    for (const page of await pdfPages(bytes, pages))
      out.push({ group: 'documents', source: path, name: `${path.split('/').pop()} p${page.pageNumber}`, page });
  }
  return [...out, ...(await tablePages(tables, seed))];
}

type PairsOf = (page: DocumentPage) => readonly KeyValuePair[];

/** Pairs with a value read from the layout of each page, per group (and per prose project), with a few examples. */
export function countNegatives(pages: readonly NegativePage[], pairsOf: PairsOf, examples = 4) {
  const groups: Record<string, { pages: number; pairs: number; keys_without_value: number; pairs_per_page?: number; examples: string[] }> = {};
  for (const p of pages) {
    const pairs = pairsOf(p.page).filter((x) => x.source === 'layout');
    const linked = pairs.filter((x) => x.value);
    for (const name of [p.group, ...(p.group === 'prose' ? [`prose ${p.source}`] : [])]) {
      const g = (groups[name] ??= { pages: 0, pairs: 0, keys_without_value: 0, examples: [] });
      g.pages++;
      g.pairs += linked.length;
      g.keys_without_value += pairs.length - linked.length;
      for (const x of linked)
        if (g.examples.length < examples) g.examples.push(`${p.name}: ${JSON.stringify(x.key.text)} → ${JSON.stringify(x.value!.text)}`);
    }
  }
  for (const g of Object.values(groups)) g.pairs_per_page = +(g.pairs / Math.max(1, g.pages)).toFixed(2);
  return groups;
}
