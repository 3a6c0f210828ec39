/**
 * `npm run train -- extract`: fits the receipt ranker (functions/engines/
 * extract/receipt-ranker.ts) and writes functions/engines/extract/receipt-model.json.
 * Trained on three readings: all SROIE receipts from their line transcripts
 * with boxes; SROIE receipts read by our own OCR (`--ocr N`, default
 * {@link DEFAULT_OCR_SAMPLE}: the eval's evenly spaced 60, then more evenly
 * spaced among the rest), so that the model meets the noise it will see; and the 27 German receipts read by our OCR (`--no-german` to
 * leave them out). OCR pages are cached under .cache/extract-ocr/ (gitignored;
 * made on first use, minutes per receipt): the weights are reproducible for
 * one OCR engine, and change when the OCR does. Folds are drawn over
 * documents, so a receipt's transcript and its OCR are always in one fold.
 * Besides the corpus, invented German receipts (receipt-synthetic.ts, {@link SYNTHETIC_RECEIPTS}) give the
 * cross-shop evidence more than one chain to be learned from; they are never measured.
 *
 * Per field (total, vendor name, vendor address, date) every receipt yields the
 * ranker's candidates; a candidate is positive when it equals the ground
 * truth strictly (the eval's own comparison). A linear model is fitted by
 * gradient descent on the softmax over each receipt's candidates (listwise:
 * the right candidate should beat the others of the same receipt), with L2
 * and features standardised. Seeded: the same data gives the same weights.
 * Receipts whose truth is among no candidate teach nothing and are skipped.
 *
 * Prints k-fold out-of-fold accuracy of the pick per field (the honest
 * figure; the eval reports the same fields out of fold in its own terms).
 *
 * @module
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { extractFinancial } from '../../functions/engines/extract/financial.ts';
import { FEATURE_NAMES, pick, RANKED_FIELDS, type FieldModel, type RankCandidate, type RankedField, type RankerModel } from '../../functions/engines/extract/receipt-ranker.ts';
import { corpusDir } from '../lib/corpus.ts';
import { fieldKind, normaliseName, normaliseText, strictSame } from '../eval/extract-score.ts';
import { amountsIn, datesIn, parseAmount, parseDate } from '../../functions/engines/extract/normalize.ts';
import { cachedPages, sroieTranscriptPage } from '../eval/receipt-pages.ts';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { fitListwise, shuffled, type ListwiseOptions } from '../lib/listwise-fit.ts';
import { seeded } from '../lib/random.ts';
import { syntheticReceipts } from './receipt-synthetic.ts';

export const MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'extract', 'receipt-model.json');
export const DEFAULT_SEED = 20261125;

/** One receipt's candidates per field, each marked right or wrong against the truth. */
export interface TrainingReceipt {
  readonly id: string;
  /** The document it was read from: its transcript and its OCR are one group, always in the same fold. */
  readonly group?: string;
  /** How it was read. */
  readonly source?: 'transcript' | 'ocr' | 'ocr-de' | 'synthetic';
  readonly truth: Partial<Record<RankedField, string>>;
  readonly candidates: Record<RankedField, { readonly candidate: RankCandidate; readonly right: boolean }[]>;
  /** The page's text (for sorting misses: was the truth readable at all?). */
  readonly text?: string;
  /** An OCR reading's lines as words with their confidences (the letter-or-digit model's channel: receipt-glyphs.ts). */
  readonly readLines?: ReadonlyArray<{ readonly words: readonly string[]; readonly confidences: readonly number[] }>;
}

export { seeded };

export { shuffled };

/** Every n-th of the sorted keys, `count` of them (the eval's OCR sample: the same rule). */
export function evenSample<T>(keys: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(keys.length / Math.max(1, count)));
  return keys.filter((_, i) => i % step === 0).slice(0, count);
}

/**
 * The SROIE receipts the trainer reads by OCR: the eval's evenly spaced sample of {@link EVAL_OCR_SAMPLE} first,
 * then, for a larger count, the rest evenly spaced among the receipts left. A larger training sample thus always
 * holds the eval's OCR receipts (their readings' cache is shared) and only adds readings.
 */
export function ocrTrainingSample<T>(keys: readonly T[], count: number): T[] {
  const base = evenSample(keys, Math.min(count, EVAL_OCR_SAMPLE));
  if (count <= base.length) return base;
  const taken = new Set(base);
  return [...base, ...evenSample(keys.filter((k) => !taken.has(k)), count - base.length)];
}

/** One page's candidates marked against the truth (a German receipt's vendor is its chain name: scored as a merchant). */
function marked(page: DocumentPage, truth: Partial<Record<RankedField, string>>, merchant = false): TrainingReceipt['candidates'] | undefined {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([page], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  if (!seen) return undefined;
  const found = seen;
  const kind = (field: RankedField) => (merchant && field === 'vendor_name' ? 'merchant' : fieldKind(field));
  return Object.fromEntries(
    RANKED_FIELDS.map((field) => [field, found[field].map((candidate) => ({ candidate, right: truth[field] !== undefined && strictSame(kind(field), candidate.value, truth[field]!) }))]),
  ) as TrainingReceipt['candidates'];
}

export interface TrainingSet {
  /** SROIE receipts also read by OCR (evenly spaced, the eval's sample); 0 for the transcripts alone. */
  readonly ocr?: number;
  /** The German receipts (OCR) too. */
  readonly german?: boolean;
  /** Invented German receipts (receipt-synthetic.ts), for training only. */
  readonly synthetic?: number;
}

/**
 * The training receipts with their ranker candidates: every SROIE receipt from its line transcript, the
 * evenly spaced SROIE sample read by our OCR (so the model meets OCR noise), and the German receipts (OCR).
 * OCR pages come from the cache under .cache/extract-ocr/ (made on first use: minutes per receipt).
 */
export async function loadTrainingReceipts(corpus: string, set: TrainingSet = {}): Promise<TrainingReceipt[]> {
  const { ocr = DEFAULT_OCR_SAMPLE, german = true, synthetic = SYNTHETIC_RECEIPTS } = set;
  const dir = join(corpus, 'receipts', 'sroie');
  const out: TrainingReceipt[] = [];
  const keys = (await readdir(join(dir, 'key'))).filter((n) => n.endsWith('.json')).sort();
  const sample = new Set(ocr > 0 ? ocrTrainingSample(keys, ocr) : []);
  for (const name of keys) {
    const id = name.replace(/\.json$/, '');
    const key = JSON.parse(await readFile(join(dir, 'key', name), 'utf8')) as Record<string, string>;
    // Totals as the eval reads them: "RM 3.90" and "$8.20" are 3.90 and 8.20 (left raw, a tenth of the receipts taught nothing about totals).
    const truth: Partial<Record<RankedField, string>> = {
      total_amount: parseAmount(key.total ?? ''),
      vendor_name: key.company,
      vendor_address: key.address,
      invoice_date: parseDate(key.date ?? ''),
    };
    const page = await sroieTranscriptPage(join(dir, 'box', `${id}.csv`), join(dir, 'img', `${id}.jpg`));
    const candidates = marked(page, truth);
    if (candidates) out.push({ id, group: id, source: 'transcript', truth, candidates, text: page.text });
    if (sample.has(name)) {
      const [scanned] = (await cachedPages(join(dir, 'img', `${id}.jpg`))).pages;
      const read = scanned ? marked(scanned, truth) : undefined;
      const readLines = scanned?.lines.map((l) => ({
        words: l.wordIndexes.map((i) => scanned.words[i].text),
        confidences: l.wordIndexes.map((i) => scanned.words[i].confidence),
      }));
      if (read) out.push({ id: `ocr:${id}`, group: id, source: 'ocr', truth, candidates: read, text: scanned.text, readLines });
    }
  }
  if (german) {
    const de = join(corpus, 'receipts', 'softmatic-de');
    for (const name of (await readdir(join(de, 'key'))).filter((n) => n.endsWith('.json')).sort()) {
      const key = JSON.parse(await readFile(join(de, 'key', name), 'utf8')) as Record<string, string>;
      const [scanned] = (await cachedPages(join(de, 'img', name.replace(/\.json$/, '.jpg')))).pages;
      const truth: Partial<Record<RankedField, string>> = { total_amount: parseAmount(key.total ?? ''), vendor_name: key.merchant, invoice_date: key.date };
      const read = scanned ? marked(scanned, truth, true) : undefined;
      const id = germanReceiptId(name);
      if (read) out.push({ id, group: id, source: 'ocr-de', truth, candidates: read, text: scanned.text });
    }
  }
  for (const r of syntheticReceipts(synthetic, DEFAULT_SEED)) {
    const read = marked(r.page, r.truth, true);
    if (read) out.push({ id: r.id, group: r.id, source: 'synthetic', truth: r.truth, candidates: read, text: r.page.text });
  }
  return out;
}

/** Invented German receipts the ranker learns from besides the corpus (receipt-synthetic.ts). */
export const SYNTHETIC_RECEIPTS = 120;

/** A German receipt's id in folds (the eval names it the same way). */
export const germanReceiptId = (keyFile: string) => `de:${keyFile.replace(/\.json$/, '')}`;
/** The SROIE receipts the eval scores through our OCR (`npm run eval -- extract --receipts N`, default 60). */
export const EVAL_OCR_SAMPLE = 60;
/**
 * SROIE receipts read by OCR for training (the eval's 60 and more; `--ocr N`). Measured out of fold on this
 * OCR: 120 against 60 lifted the transcript addresses and the German totals and left SROIE-OCR unchanged
 * (see the extract4 report); each receipt costs OCR once (cached).
 */
export const DEFAULT_OCR_SAMPLE = 120;

/**
 * How much one receipt reading counts in the fit, by how it was read: the 334 SROIE transcripts would otherwise drown
 * the few readings through our OCR (60 SROIE, 27 German), whose noise and languages the model must meet. Chosen on the
 * eval's shop folds with seed 7 (not a reported figure).
 */
export const SOURCE_WEIGHTS: Readonly<Record<NonNullable<TrainingReceipt['source']>, number>> = { transcript: 1, ocr: 1, 'ocr-de': 1, synthetic: 1 };

/** Fits one field's model over the receipts that offer a right candidate among several (scripts/lib/listwise-fit.ts). */
export function fitField(
  field: RankedField,
  receipts: readonly TrainingReceipt[],
  seed: number,
  options: ListwiseOptions & { sourceWeights?: Partial<Record<NonNullable<TrainingReceipt['source']>, number>> } = {},
): FieldModel {
  const { sourceWeights = SOURCE_WEIGHTS } = options;
  const kept = receipts.filter((r) => r.candidates[field].length > 1 && r.candidates[field].some((c) => c.right));
  const groups = kept.map((r) => ({
    features: r.candidates[field].map((c) => c.candidate.features),
    right: r.candidates[field].map((c) => c.right),
    weight: sourceWeights[r.source ?? 'transcript'] ?? 1,
  }));
  return fitListwise(FEATURE_NAMES[field], groups, seed, options);
}

const SOURCE_NAMES: Record<NonNullable<TrainingReceipt['source']>, string> = {
  transcript: 'SROIE line transcripts with boxes',
  ocr: 'SROIE receipts through our OCR',
  'ocr-de': 'German receipts through our OCR',
  synthetic: 'invented German receipts',
};

export function fitRanker(receipts: readonly TrainingReceipt[], seed: number): RankerModel {
  return {
    version: 1,
    trained_on: `${receipts.length} receipt readings: ${Object.entries(SOURCE_NAMES)
      .map(([s, name]) => `${receipts.filter((r) => (r.source ?? 'transcript') === s).length} ${name}`)
      .join(', ')}`,
    seed,
    fields: Object.fromEntries(RANKED_FIELDS.map((f) => [f, fitField(f, receipts, seed)])),
  };
}

/** Receipt id → fold, seeded. */
export function foldsOf(ids: readonly string[], k: number, seed: number): Map<string, number> {
  return new Map(shuffled([...ids].sort(), seed).map((id, i) => [id, i % k]));
}

/** Out-of-fold pick accuracy per field (receipts whose truth is among the candidates, and all receipts). */
export const groupOf = (r: TrainingReceipt) => r.group ?? r.id;

/** Out-of-fold pick accuracy per source and field (receipts whose truth is among the candidates, and all receipts with a truth). */
export function outOfFold(
  receipts: readonly TrainingReceipt[],
  k: number,
  seed: number,
  onMiss?: (miss: { receipt: TrainingReceipt; field: RankedField; chosen?: string; reachable: boolean }) => void,
): Record<string, { right: number; reachable: number; receipts: number }> {
  const folds = foldsOf([...new Set(receipts.map(groupOf))], k, seed);
  const out: Record<string, { right: number; reachable: number; receipts: number }> = {};
  for (let fold = 0; fold < k; fold++) {
    const model = fitRanker(receipts.filter((r) => folds.get(groupOf(r)) !== fold), seed);
    for (const r of receipts.filter((x) => folds.get(groupOf(x)) === fold)) {
      for (const field of RANKED_FIELDS) {
        if (r.truth[field] === undefined) continue;
        const s = (out[`${r.source ?? 'transcript'} ${field}`] ??= { right: 0, reachable: 0, receipts: 0 });
        s.receipts++;
        if (r.candidates[field].some((c) => c.right)) s.reachable++;
        const chosen = pick(model.fields[field], r.candidates[field].map((c) => c.candidate));
        if (chosen && r.candidates[field].find((c) => c.candidate === chosen.candidate)?.right) s.right++;
        else onMiss?.({ receipt: r, field, chosen: chosen?.candidate.value, reachable: r.candidates[field].some((c) => c.right) });
      }
    }
  }
  return out;
}

/**
 * Why a pick missed: the right candidate was there and lost ("ranking"); the page's text holds the truth but
 * no candidate gives it ("not generated"); or the text does not hold it at all ("not in the text": OCR misread
 * or left it out, or the truth is written differently from the page).
 */
export function missKind(receipt: TrainingReceipt, field: RankedField, reachable: boolean): 'ranking' | 'not generated' | 'not in the text' {
  if (reachable) return 'ranking';
  const truth = receipt.truth[field] ?? '';
  const text = receipt.text ?? '';
  const squeeze = (s: string) => normaliseText(s).replace(/ /g, '');
  if (field === 'invoice_date') {
    return text.split('\n').some((line) => datesIn(line).some((d) => d.value === truth)) ? 'not generated' : 'not in the text';
  }
  if (field === 'total_amount') {
    return amountsIn(text).some((a) => Math.abs(Number(a.value) - Number(truth)) < 0.005) ? 'not generated' : 'not in the text';
  }
  const wanted = receipt.source === 'ocr-de' && field === 'vendor_name' ? squeeze(truth) : field === 'vendor_name' ? squeeze(normaliseName(truth)) : squeeze(truth);
  return wanted && squeeze(text).includes(wanted) ? 'not generated' : 'not in the text';
}

/** `npm run train -- extract [--folds K] [--seed N] [--ocr N] [--no-german] [--corpus DIR] [--dry-run] [--misses]`. */
export async function trainExtract(args: readonly string[]): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const corpus = option('corpus') ?? corpusDir();
  const folds = Number(option('folds') ?? 5);
  const seed = Number(option('seed') ?? DEFAULT_SEED);
  const t0 = performance.now();
  const ocr = Number(option('ocr') ?? DEFAULT_OCR_SAMPLE);
  const receipts = await loadTrainingReceipts(corpus, { ocr, german: !args.includes('--no-german') });
  console.log(`${receipts.length} receipts, candidates loaded in ${Math.round(performance.now() - t0)} ms`);
  const misses: string[] = [];
  const kinds = new Map<string, number>();
  const oof = outOfFold(receipts, folds, seed, (miss) => {
    const source = miss.receipt.source ?? 'transcript';
    const why = missKind(miss.receipt, miss.field, miss.reachable);
    const key = `${source} ${miss.field}: ${why}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
    misses.push(`  ${key.padEnd(60)} ${miss.receipt.id}: ${JSON.stringify(miss.chosen ?? null)} ≠ ${JSON.stringify(miss.receipt.truth[miss.field])}`);
  });
  for (const [field, s] of Object.entries(oof)) {
    console.log(`  ${field.padEnd(28)} out of fold (${folds} folds): ${s.right}/${s.receipts} right (${(s.right / s.receipts).toFixed(3)}); truth among candidates ${s.reachable}/${s.receipts}`);
  }
  console.log('out-of-fold misses by cause:');
  for (const [key, n] of [...kinds].sort()) console.log(`  ${key.padEnd(60)} ${n}`);
  if (args.includes('--misses')) for (const line of misses.sort()) console.log(line);
  const model = fitRanker(receipts, seed);
  if (args.includes('--dry-run')) return;
  await writeFile(MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
  console.log(`wrote ${MODEL_PATH}`);
}
