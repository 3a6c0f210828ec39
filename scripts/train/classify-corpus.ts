/**
 * The labelled documents the classifier learns from and is evaluated on,
 * read from the corpus (never copied): the 25-type classification set, the
 * invoice folders, SROIE receipts, FUNSD forms; and the splitting packets. Text comes from our own engines (text layer, Office
 * layout, OCR for scans), so the model sees what it will see in service.
 * OCR on a shared box is slow, so each file's pages are cached under
 * `.cache/classify-text/` (gitignored) keyed by path, size and the OCR's output revision (a
 * new revision reads scans differently, so their text is read again).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OCR_OUTPUT_REVISION } from '../../functions/engines/ocr/ocr-page.ts';
import { openDocument } from '../../functions/engines/registry.ts';

export interface CorpusPage {
  readonly text: string;
  readonly width?: number;
  readonly height?: number;
  /** File kind as the service names it (`pdf`, `png`, `xlsx`, …), from the file's extension. */
  readonly kind?: string;
}

/** The file kind the service would report for a corpus path (e-mails are read as their message text, see `emlText`). */
export function kindOfPath(path: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  return ({ jpg: 'jpeg', jpeg: 'jpeg', tif: 'tiff', tiff: 'tiff', eml: 'eml', msg: 'msg', xls: 'xls', html: 'html', htm: 'html', png: 'png', pdf: 'pdf', xlsx: 'xlsx', pptx: 'pptx', docx: 'docx', webp: 'webp', heic: 'heic', csv: 'csv', txt: 'txt' } as Record<string, string>)[ext];
}

export interface CorpusDocument {
  /** Path relative to the corpus root (plus `#pN` for one page of a packet). */
  readonly source: string;
  readonly label: string;
  readonly pages: readonly CorpusPage[];
  /** Which folder family it came from (for reporting). */
  readonly origin: string;
  /**
   * The source it came from, for folds over sources: one project's documents of one kind (the classification
   * set's upstream repository and label, an invoice folder's project), one shop (SROIE) or one form (FUNSD, whose
   * forms come from many unrelated senders). A source's documents are always in the same fold.
   */
  readonly group?: string;
}

const CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'classify-text');
/** Classify reads at most the first 4 and last 2 pages: training sees the same. */
const MAX_PAGES = 6;

/** The corpus labels that name one of our classes differently. */
export const LABEL_ALIASES: Readonly<Record<string, string>> = {
  insurance_application_form: 'form',
};

/** Set by `labelledCorpus({ cachedOnly })`: files not cached yet read as empty. */
let cachedOnly = false;

async function cached(path: string, read: () => Promise<CorpusPage[]>, variant = ''): Promise<CorpusPage[]> {
  const info = await stat(path);
  const key = createHash('sha1').update(`${path}:${info.size}:ocr${OCR_OUTPUT_REVISION}${variant}`).digest('hex');
  const file = join(CACHE, `${key}.json`);
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as CorpusPage[];
  if (cachedOnly) return [];
  const pages = await read();
  await mkdir(CACHE, { recursive: true });
  await writeFile(file, JSON.stringify(pages));
  return pages;
}

/** Pages of any file our engines open (OCR included), first and last pages only. */
export async function filePages(path: string): Promise<CorpusPage[]> {
  return cached(path, async () => {
    if (path.endsWith('.eml')) return [{ text: emlText(await readFile(path, 'utf8')) }];
    const bytes = new Uint8Array(await readFile(path));
    const document = await openDocument(bytes, { filename: path });
    try {
      const n = document.pageCount;
      const wanted = [...new Set([...Array.from({ length: Math.min(n, 4) }, (_, i) => i + 1), ...(n > 4 ? [n - 1, n] : [])])].filter((p) => p >= 1).sort((a, b) => a - b).slice(0, MAX_PAGES);
      const parsed = await document.extract(wanted, { graphics: false, textOnly: true });
      return parsed.pages.map((p) => ({ text: p.text, width: p.width, height: p.height }));
    } catch (error) {
      process.stderr.write(`  (no text: ${path}: ${(error as Error).message})\n`);
      return [];
    } finally {
      await document.close();
    }
  });
}

/** An e-mail as a mail client prints it: the main headers, then the plain-text body. */
function emlText(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const headers = unfolded.split(/\r?\n/).filter((l) => /^(?:from|to|cc|date|subject|sent):/i.test(l));
  const body = rest.join('\n\n').replace(/<[^>]+>/g, ' ').replace(/=\r?\n/g, '').replace(/^--.*$/gm, '').replace(/^content-[\w-]+:.*$/gim, '');
  return [...headers, '', body.slice(0, 6000)].join('\n');
}

function parseCsv(text: string): string[][] {
  return text.split(/\r?\n/).filter(Boolean).map((line) => line.split(','));
}

export interface CorpusOptions {
  /** Log progress (OCR can take minutes on a cold cache). */
  readonly log?: (line: string) => void;
  /** Skip files that would need OCR and are not cached yet. */
  readonly cachedOnly?: boolean;
}

/** Every labelled document of the corpus. */
export async function labelledCorpus(corpus: string, options: CorpusOptions = {}): Promise<CorpusDocument[]> {
  const log = options.log ?? (() => {});
  cachedOnly = options.cachedOnly ?? false;
  const docs: CorpusDocument[] = [];
  // The same file sits in more than one folder (some classification-set invoices and a credit note are also
  // in the invoice folders): it counts once, under the first (the classification set's) label, or a
  // cross-validation fold would hold its own twin.
  const seen = new Set<string>();
  const add = async (source: string, label: string, pages: CorpusPage[], origin: string, group: string, kind = kindOfPath(source)) => {
    if (existsSync(join(corpus, source))) {
      const digest = createHash('sha1').update(await readFile(join(corpus, source))).digest('hex');
      if (seen.has(digest)) return;
      seen.add(digest);
    }
    const aliased = LABEL_ALIASES[label] ?? label;
    if (pages.some((p) => p.text.trim())) docs.push({ source, label: aliased, pages: pages.map((p) => ({ ...p, kind })), origin, group: `${group}:${aliased}` });
  };
  const rows = parseCsv(await readFile(join(corpus, 'classification/labels.csv'), 'utf8')).slice(1);
  let n = 0;
  for (const [path, label, repo] of rows) {
    n++;
    if (n % 10 === 0) log(`  classification ${n}/${rows.length}`);
    await add(path, label, await filePages(join(corpus, path)), 'classification', repo || path);
  }
  // Each invoice folder is one project's collection (the classification set's copies of the same project share its source).
  const projectOf: Record<string, string> = { 'invoices/invoice2data': 'invoice-x/invoice2data', 'invoices/zugferd-corpus/pdf': 'ZUGFeRD/corpus' };
  for (const dir of ['invoices/invoice2data', 'invoices/parsee-invoices/pdf', 'invoices/zugferd-corpus/pdf', 'invoices/e-invoices/pdf']) {
    if (!existsSync(join(corpus, dir))) continue;
    for (const name of (await readdir(join(corpus, dir))).filter((f) => f.endsWith('.pdf')).sort())
      await add(`${dir}/${name}`, 'invoice', await filePages(join(corpus, dir, name)), dir, projectOf[dir] ?? dir);
  }
  // SROIE: the line transcripts stand in for OCR (334 scans would take an hour to OCR here).
  const boxDir = join(corpus, 'receipts/sroie/box');
  for (const name of (await readdir(boxDir)).filter((f) => f.endsWith('.csv')).sort()) {
    const lines = (await readFile(join(boxDir, name), 'utf8')).split('\n').filter(Boolean).map((row) => row.split(',').slice(8).join(','));
    // Transcripts of receipt photos: the service would see the photo (jpeg).
    await add(`receipts/sroie/box/${name}`, 'receipt', [{ text: lines.join('\n') }], 'receipts/sroie', `sroie shop ${await sroieShop(corpus, name)}`, 'jpeg');
  }
  // (softmatic-de receipts are left out: receipts are well covered, and OCR of 27 flatbed scans costs minutes here.)
  const funsdDir = join(corpus, 'forms/funsd/training_data/annotations');
  for (const name of (await readdir(funsdDir)).filter((f) => f.endsWith('.json')).sort()) {
    const form = JSON.parse(await readFile(join(funsdDir, name), 'utf8')) as { form: { text: string; box: number[] }[] };
    const ordered = [...form.form].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
    await add(`forms/funsd/${name}`, 'form', [{ text: ordered.map((e) => e.text).join('\n') }], 'forms/funsd', `funsd ${name}`, 'png');
  }
  return docs;
}

/** A SROIE receipt's shop: the first two words of its key's company, upper case (the receipt's own name when it has none). */
async function sroieShop(corpus: string, boxName: string): Promise<string> {
  const key = join(corpus, 'receipts/sroie/key', boxName.replace(/\.csv$/, '.json'));
  const company = existsSync(key) ? String((JSON.parse(await readFile(key, 'utf8')) as { company?: string }).company ?? '') : '';
  const shop = company.toUpperCase().replace(/[^\p{L}\d]+/gu, ' ').trim().split(' ').slice(0, 2).join(' ');
  return shop || `#${boxName}`;
}

/** The splitting packets with their documents (labels aliased to our classes). */
export async function lendingPackets(corpus: string): Promise<{ path: string; pages: CorpusPage[]; documents: { label: string; page_start: number; page_end: number }[] }[]> {
  const spec = JSON.parse(await readFile(join(corpus, 'splitting/packets/packets.json'), 'utf8')) as { path: string; documents: { label: string; page_start: number; page_end: number }[] }[];
  const out = [];
  for (const packet of spec) {
    const path = join(corpus, packet.path);
    const pages = await cached(path, async () => {
      const document = await openDocument(new Uint8Array(await readFile(path)), { filename: path });
      try {
        return (await document.extract(undefined, { graphics: false, textOnly: true })).pages.map((p) => ({ text: p.text, width: p.width, height: p.height }));
      } finally {
        await document.close();
      }
    }, '#all').catch(async () => []);
    out.push({ path: packet.path, pages, documents: packet.documents.map((d) => ({ ...d, label: LABEL_ALIASES[d.label] ?? d.label })) });
  }
  return out;
}
