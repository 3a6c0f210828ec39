/**
 * `npm run train -- invoice`: fits the invoice ranker (functions/engines/extract/invoice-ranker.ts) and writes
 * functions/engines/extract/invoice-model.json.
 *
 * Trained on the corpus's text-layer invoices (invoice2data, parsee, ZUGFeRD; the hybrid e-invoices with their
 * embedded XML's fields as the truth) and on generated invoices (invoice-synthetic.ts: invented sellers, training
 * only, never scored). Per field every document yields the ranker's candidates; a candidate is right when it equals
 * the truth strictly (the eval's comparison). A linear model per field is fitted by gradient descent on the softmax
 * over each document's candidates (listwise), with L2, features standardised, seeded shuffles: the same data gives
 * the same weights, byte for byte.
 *
 * Folds are drawn over issuers: every invoice of one seller (the truth's name, normalised) is in one fold, so the
 * out-of-fold figure is for sellers the model never saw. Generated invoices are in every fold's training set.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { extractFinancial } from '../../functions/engines/extract/financial.ts';
import { INVOICE_FEATURES, INVOICE_FIELDS, type InvoiceCandidate, type InvoiceField } from '../../functions/engines/extract/invoice-candidates.ts';
import type { InvoiceModel } from '../../functions/engines/extract/invoice-ranker.ts';
import { pick, type FieldModel } from '../../functions/engines/extract/linear-ranker.ts';
import { parseAmount, parseDate } from '../../functions/engines/extract/normalize.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { fieldKind, normaliseName, strictSame } from '../eval/extract-score.ts';
import { corpusDir } from '../lib/corpus.ts';
import { fitListwise, shuffled, type ListwiseOptions } from '../lib/listwise-fit.ts';
import { stressInvoices } from './invoice-stress-layouts.ts';
import { generatedInvoices } from './invoice-synthetic.ts';

export const INVOICE_MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'extract', 'invoice-model.json');
export const INVOICE_SEED = 20261129;
/** Generated invoices in every training set. */
export const DEFAULT_GENERATED = 400;
/** Rendered stress-layout invoices per layout family and language in every training set (10 families × 8 languages). */
export const DEFAULT_STRESS = 1;
/**
 * The fields the stress invoices train: the date and the vendor, where held-back invoices fail in ways the corpus does
 * not show. The vendor joined once its address-block features were there (invoice-address-blocks.ts): then it cost no
 * corpus invoice on dev fold seeds 7, 11, 13 and the default; the number still did in an earlier round.
 */
export const STRESS_FIELDS: readonly InvoiceField[] = ['invoice_date', 'vendor_name'];
/**
 * How much a stress invoice weighs in the vendor's fit (1 elsewhere): at 1 the stress layouts cost corpus vendors on dev
 * fold seeds (7, 11, 13, 29, 31: 60 misses of 270 against main's 57, 58 at 0.4 and 0.6); at 0.6 the stress vendor
 * misses on dev seeds 7/11 are 12 of 256 (main 40).
 */
export const STRESS_VENDOR_WEIGHT = 0.6;
/** Stress training invoices are drawn from the training seed plus this: never the stress eval's seeds. */
const STRESS_TRAINING_OFFSET = 500;
/** How much one corpus invoice weighs against one generated invoice in the fit. */
export const CORPUS_WEIGHT = 3;
/**
 * L2 of the invoice fit: stronger than the shared default (0.01), so that correlated evidence (the rules' pick, their
 * score, the letterhead) keeps a sign that makes sense rather than cancelling out (chosen on dev fold seeds).
 */
export const INVOICE_L2 = 0.1;

type Truth = Partial<Record<InvoiceField, string>>;

/** A corpus invoice: its path under the corpus (its id in folds and in the eval), its issuer and its truth. */
export interface CorpusInvoice {
  readonly id: string;
  readonly set: string;
  readonly truth: Truth;
}

export interface TrainingInvoice {
  readonly id: string;
  /** The seller: every invoice of one issuer is in one fold. */
  readonly issuer: string;
  readonly source: 'corpus' | 'generated';
  readonly set: string;
  readonly truth: Truth;
  readonly candidates: Record<InvoiceField, { readonly candidate: InvoiceCandidate; readonly right: boolean }[]>;
}

const amount = (v: unknown) =>
  v === undefined || v === null || v === '' ? undefined : parseAmount(String(typeof v === 'object' ? (v as { value: string }).value : v));
const compactDate = (d: string | undefined) =>
  d && /^\d{8}$/.test(d) ? parseDate(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`) : d ? parseDate(d) : undefined;

/** The corpus invoices with a text layer and their truth (the same four sources the eval reads). */
export async function corpusInvoices(corpus: string): Promise<CorpusInvoice[]> {
  const out: CorpusInvoice[] = [];
  const i2d = join(corpus, 'invoices/invoice2data');
  const files = await readdir(i2d);
  for (const name of files.filter((n) => n.endsWith('.json')).sort()) {
    const pdf = name.replace(/\.json$/, '.pdf');
    if (!files.includes(pdf)) continue;
    const [t] = JSON.parse(await readFile(join(i2d, name), 'utf8')) as Record<string, unknown>[];
    out.push({
      id: `invoices/invoice2data/${pdf}`,
      set: 'invoice2data',
      truth: {
        vendor_name: t.issuer as string,
        invoice_date: t.date as string,
        invoice_number: t.invoice_number ? String(t.invoice_number) : undefined,
        total_amount: amount(t.amount),
      },
    });
  }
  const parsee = JSON.parse(await readFile(join(corpus, 'invoices/parsee-invoices/ground_truth.json'), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
  for (const [file, t] of Object.entries(parsee)) {
    out.push({
      id: `invoices/parsee-invoices/pdf/${file}`,
      set: 'parsee',
      truth: { vendor_name: t.issuer as string, invoice_date: t.date as string, total_amount: amount(t.total) },
    });
  }
  const zugferd = JSON.parse(await readFile(join(corpus, 'invoices/zugferd-corpus/expected_fields.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  for (const [file, t] of Object.entries(zugferd)) {
    out.push({
      id: `invoices/zugferd-corpus/pdf/${file}`,
      set: 'zugferd',
      truth: {
        vendor_name: t.seller_name,
        invoice_date: compactDate(t.issue_date),
        invoice_number: t.invoice_number,
        total_amount: amount(t.grand_total),
      },
    });
  }
  for (const project of (await readdir(join(corpus, 'invoices/e-invoices'))).sort()) {
    const dir = join(corpus, 'invoices/e-invoices', project);
    for (const name of (await readdir(join(dir, 'fields'))).filter((n) => n.endsWith('.json')).sort()) {
      const t = JSON.parse(await readFile(join(dir, 'fields', name), 'utf8')) as Record<string, any>;
      out.push({
        id: `invoices/e-invoices/${project}/pdf/${name.replace(/\.json$/, '.pdf')}`,
        set: 'e-invoices',
        truth: {
          vendor_name: t.seller?.name,
          invoice_date: compactDate(t.issue_date),
          invoice_number: t.invoice_number,
          total_amount: amount(t.totals?.GrandTotalAmount),
        },
      });
    }
  }
  return out;
}

/** The issuer a document's folds are drawn by: its seller's name, normalised (legal forms dropped). */
export const issuerOf = (truth: Truth, id: string) => (truth.vendor_name ? normaliseName(truth.vendor_name) : `#${id}`);

/** A candidate equals the truth strictly (a total by its magnitude: a credit note's is reported positive). */
function sameAs(field: InvoiceField, value: string, truth: string | undefined): boolean {
  if (truth === undefined) return false;
  return field === 'total_amount' ? strictSame('amount', Math.abs(Number(value)).toFixed(2), truth) : strictSame(fieldKind(field), value, truth);
}

/** One document's candidates, marked against its truth. */
export function marked(pages: readonly DocumentPage[], truth: Truth): TrainingInvoice['candidates'] | undefined {
  let seen: Record<InvoiceField, InvoiceCandidate[]> | undefined;
  extractFinancial(pages, { invoiceModel: null, onInvoiceCandidates: (c) => (seen = c) });
  if (!seen) return undefined;
  const found = seen;
  return Object.fromEntries(
    INVOICE_FIELDS.map((field) => [
      field,
      found[field].map((candidate) => ({
        candidate,
        right: sameAs(field, candidate.value, truth[field]),
      })),
    ]),
  ) as TrainingInvoice['candidates'];
}

/** Where parsed pages are kept between runs (gitignored): parsing the PDFs is most of a training run's time. */
const PAGE_CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'invoice-pages');

/** A PDF's pages as the extract operation reads them (cached by the file's content hash). */
export async function pagesOf(path: string): Promise<DocumentPage[]> {
  return pagesOfBytes(new Uint8Array(await readFile(path)), path);
}

/** A PDF's pages from its bytes (cached by content hash). */
export async function pagesOfBytes(bytes: Uint8Array, path: string): Promise<DocumentPage[]> {
  const cached = join(PAGE_CACHE, `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(await readFile(cached, 'utf8')) as DocumentPage[];
  } catch {
    // Not read yet.
  }
  const document = await openDocument(bytes, { filename: path });
  try {
    const pages = [...(await document.extract()).pages];
    await mkdir(PAGE_CACHE, { recursive: true });
    await writeFile(cached, JSON.stringify(pages));
    return pages;
  } finally {
    await document.close();
  }
}

/** The corpus invoices and `generated` generated ones, with their candidates. */
export async function loadTrainingInvoices(
  corpus: string,
  generated = DEFAULT_GENERATED,
  seed = INVOICE_SEED,
  stress = DEFAULT_STRESS,
): Promise<TrainingInvoice[]> {
  const out: TrainingInvoice[] = [];
  for (const c of await corpusInvoices(corpus)) {
    const candidates = marked(await pagesOf(join(corpus, c.id)), c.truth);
    if (candidates) out.push({ id: c.id, issuer: issuerOf(c.truth, c.id), source: 'corpus', set: c.set, truth: c.truth, candidates });
  }
  for (const g of generatedInvoices(generated, seed)) {
    const candidates = marked(g.pages, g.truth);
    if (candidates) out.push({ id: g.id, issuer: g.id, source: 'generated', set: 'generated', truth: g.truth, candidates });
  }
  out.push(...(await stressTrainingInvoices(stress, seed)));
  return out;
}

/**
 * Rendered invoices of the stress layouts (invoice-stress-layouts.ts) for training, `perCell` per layout family and
 * language, from a seed of their own (the stress eval draws from others); their set names the family, so the stress
 * eval can leave a family out.
 */
export async function stressTrainingInvoices(perCell: number, seed: number): Promise<TrainingInvoice[]> {
  const out: TrainingInvoice[] = [];
  for (const s of stressInvoices(perCell, seed + STRESS_TRAINING_OFFSET)) {
    const candidates = marked(await pagesOfBytes(await s.pdf(), s.id), s.truth);
    if (candidates) out.push({ id: s.id, issuer: s.id, source: 'generated', set: `stress:${s.family}`, truth: s.truth, candidates });
  }
  return out;
}

/** Fits one field over the documents that offer a right candidate among several; corpus documents weigh CORPUS_WEIGHT. */
export function fitInvoiceField(field: InvoiceField, docs: readonly TrainingInvoice[], seed: number, options: ListwiseOptions = {}): FieldModel {
  const groups = docs
    .filter((d) => !d.set.startsWith('stress:') || STRESS_FIELDS.includes(field))
    .filter((d) => d.candidates[field].length > 1 && d.candidates[field].some((c) => c.right))
    .map((d) => ({
      features: d.candidates[field].map((c) => c.candidate.features),
      right: d.candidates[field].map((c) => c.right),
      weight: d.source === 'corpus' ? CORPUS_WEIGHT : d.set.startsWith('stress:') && field === 'vendor_name' ? STRESS_VENDOR_WEIGHT : 1,
    }));
  return fitListwise(INVOICE_FEATURES[field], groups, seed, { l2: INVOICE_L2, ...options });
}

export function fitInvoiceModel(docs: readonly TrainingInvoice[], seed: number, outOfFold?: Record<string, unknown>): InvoiceModel {
  const corpus = docs.filter((d) => d.source === 'corpus');
  return {
    version: 1,
    trained_on: `${corpus.length} corpus invoices from ${new Set(corpus.map((d) => d.issuer)).size} issuers, ${docs.length - corpus.length} generated invoices`,
    seed,
    fields: Object.fromEntries(INVOICE_FIELDS.map((f) => [f, fitInvoiceField(f, docs, seed)])),
    ...(outOfFold ? { out_of_fold: outOfFold } : {}),
  };
}

/** Issuer → fold, seeded, over the corpus issuers (generated invoices are in no fold: always training). */
export function issuerFolds(docs: readonly TrainingInvoice[], k: number, seed: number): Map<string, number> {
  const issuers = [...new Set(docs.filter((d) => d.source === 'corpus').map((d) => d.issuer))].sort();
  return new Map(shuffled(issuers, seed).map((issuer, i) => [issuer, i % k]));
}

/** One model per fold, each fitted on the generated invoices and the corpus invoices of the other folds' issuers. */
export function foldModels(docs: readonly TrainingInvoice[], k: number, seed: number): { folds: Map<string, number>; models: InvoiceModel[] } {
  const folds = issuerFolds(docs, k, seed);
  const models = Array.from({ length: k }, (_, fold) =>
    fitInvoiceModel(
      docs.filter((d) => d.source === 'generated' || folds.get(d.issuer) !== fold),
      seed,
    ),
  );
  return { folds, models };
}

export interface FieldTally {
  right: number;
  rulesRight: number;
  reachable: number;
  documents: number;
}

/** Out-of-fold pick accuracy per field over the corpus invoices, beside the rules' own pick (the candidate with rule_pick). */
export function invoiceOutOfFold(
  docs: readonly TrainingInvoice[],
  k: number,
  seed: number,
  onMiss?: (doc: TrainingInvoice, field: InvoiceField, chosen?: string) => void,
) {
  const { folds, models } = foldModels(docs, k, seed);
  const out: Record<string, FieldTally> = {};
  for (const d of docs.filter((x) => x.source === 'corpus')) {
    const model = models[folds.get(d.issuer)!];
    for (const field of INVOICE_FIELDS) {
      if (d.truth[field] === undefined) continue;
      const s = (out[field] ??= { right: 0, rulesRight: 0, reachable: 0, documents: 0 });
      s.documents++;
      const list = d.candidates[field];
      if (list.some((c) => c.right)) s.reachable++;
      const chosen = pick(
        model.fields[field],
        list.map((c) => c.candidate),
      );
      const rulePickAt = INVOICE_FEATURES[field].indexOf('rule_pick');
      if (list.some((c) => c.right && c.candidate.features[rulePickAt] === 1)) s.rulesRight++;
      if (chosen && list.find((c) => c.candidate === chosen.candidate)?.right) s.right++;
      else onMiss?.(d, field, chosen?.candidate.value);
    }
  }
  return out;
}

/** `npm run train -- invoice [--folds K] [--seed N] [--generated N] [--stress N] [--corpus DIR] [--dry-run] [--misses]`. */
export async function trainInvoice(args: readonly string[]): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const corpus = option('corpus') ?? corpusDir();
  const k = Number(option('folds') ?? 5);
  const seed = Number(option('seed') ?? INVOICE_SEED);
  const t0 = performance.now();
  const docs = await loadTrainingInvoices(corpus, Number(option('generated') ?? DEFAULT_GENERATED), seed, Number(option('stress') ?? DEFAULT_STRESS));
  const corpusDocs = docs.filter((d) => d.source === 'corpus');
  console.log(
    `${corpusDocs.length} corpus invoices (${new Set(corpusDocs.map((d) => d.issuer)).size} issuers), ${docs.length - corpusDocs.length} generated; loaded in ${Math.round(performance.now() - t0)} ms`,
  );
  const misses: string[] = [];
  const oof = invoiceOutOfFold(docs, k, seed, (d, field, chosen) =>
    misses.push(`  ${field.padEnd(15)} ${d.id}: ${JSON.stringify(chosen ?? null)} ≠ ${JSON.stringify(d.truth[field])}`),
  );
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const figures: Record<string, unknown> = { folds: k, folds_over: 'issuers', seed };
  let right = 0;
  let total = 0;
  for (const [field, s] of Object.entries(oof)) {
    console.log(
      `  ${field.padEnd(15)} out of fold: ${s.right}/${s.documents} (${r3(s.right / s.documents)}); rules' pick ${s.rulesRight}/${s.documents}; truth among candidates ${s.reachable}`,
    );
    figures[field] = { accuracy: r3(s.right / s.documents), rules: r3(s.rulesRight / s.documents), documents: s.documents };
    right += s.right;
    total += s.documents;
  }
  figures.all_fields = r3(right / total);
  console.log(`  all fields out of fold: ${right}/${total} (${r3(right / total)})`);
  if (args.includes('--misses')) for (const line of misses.sort()) console.log(line);
  if (args.includes('--dry-run')) return;
  await writeFile(INVOICE_MODEL_PATH, `${JSON.stringify(fitInvoiceModel(docs, seed, figures), null, 1)}\n`);
  console.log(`wrote ${INVOICE_MODEL_PATH}`);
}

/**
 * For the eval: each corpus invoice's model is the fold model that never saw its issuer (folds over issuers, seeded);
 * `undefined` for a document the trainer does not know (then the committed model reads it).
 */
export async function invoiceFoldModels(corpus: string, k: number, seed = INVOICE_SEED, log: (line: string) => void = () => {}) {
  const docs = await loadTrainingInvoices(corpus, DEFAULT_GENERATED, INVOICE_SEED);
  const { folds, models } = foldModels(docs, k, seed);
  const issuerOfId = new Map(docs.filter((d) => d.source === 'corpus').map((d) => [d.id, d.issuer]));
  log(
    `invoice ranker: ${k} fold models (seed ${seed}, folds over ${folds.size} issuers), each fitted on ${DEFAULT_GENERATED} generated invoices and the other folds' corpus invoices`,
  );
  return (id: string): InvoiceModel | undefined => {
    const issuer = issuerOfId.get(id);
    return issuer === undefined ? undefined : models[folds.get(issuer)!];
  };
}
