/**
 * `npm run train -- extract`: fits the receipt ranker (functions/engines/
 * extract/receipt-ranker.ts) on the SROIE receipts' line transcripts with
 * boxes and writes functions/engines/extract/receipt-model.json.
 *
 * Per field (total, vendor name, vendor address) every receipt yields the
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
import { fieldKind, strictSame } from '../eval/extract-score.ts';
import { sroieTranscriptPage } from '../eval/receipt-pages.ts';
import { seeded } from '../lib/random.ts';

export const MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'extract', 'receipt-model.json');
export const DEFAULT_SEED = 20261125;

/** One receipt's candidates per field, each marked right or wrong against the truth. */
export interface TrainingReceipt {
  readonly id: string;
  readonly truth: Partial<Record<RankedField, string>>;
  readonly candidates: Record<RankedField, { readonly candidate: RankCandidate; readonly right: boolean }[]>;
}

export { seeded };

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The SROIE receipts with their ranker candidates (from the line transcripts: no OCR). */
export async function loadTrainingReceipts(corpus: string): Promise<TrainingReceipt[]> {
  const dir = join(corpus, 'receipts', 'sroie');
  const out: TrainingReceipt[] = [];
  for (const name of (await readdir(join(dir, 'key'))).filter((n) => n.endsWith('.json')).sort()) {
    const id = name.replace(/\.json$/, '');
    const key = JSON.parse(await readFile(join(dir, 'key', name), 'utf8')) as Record<string, string>;
    const truth: Partial<Record<RankedField, string>> = { total_amount: key.total, vendor_name: key.company, vendor_address: key.address };
    const page = await sroieTranscriptPage(join(dir, 'box', `${id}.csv`), join(dir, 'img', `${id}.jpg`));
    let seen: Record<RankedField, RankCandidate[]> | undefined;
    extractFinancial([page], { receiptModel: null, onCandidates: (c) => (seen = c) });
    if (!seen) continue;
    const found = seen;
    const candidates = Object.fromEntries(
      RANKED_FIELDS.map((field) => [
        field,
        found[field].map((candidate) => ({ candidate, right: truth[field] !== undefined && strictSame(fieldKind(field), candidate.value, truth[field]!) })),
      ]),
    ) as TrainingReceipt['candidates'];
    out.push({ id, truth, candidates });
  }
  return out;
}

/** Fits one field's model: softmax over each receipt's candidates, gradient descent with L2. */
export function fitField(field: RankedField, receipts: readonly TrainingReceipt[], seed: number, options: { epochs?: number; rate?: number; l2?: number } = {}): FieldModel {
  const names = FEATURE_NAMES[field];
  const groups = receipts.map((r) => r.candidates[field]).filter((g) => g.length > 1 && g.some((c) => c.right));
  const all = groups.flat().map((c) => c.candidate.features);
  const dims = names.length;
  const mean = Array.from({ length: dims }, (_, k) => (names[k] === 'bias' || !all.length ? 0 : all.reduce((a, f) => a + f[k], 0) / all.length));
  const std = Array.from({ length: dims }, (_, k) => {
    if (names[k] === 'bias' || !all.length) return 0;
    const v = all.reduce((a, f) => a + (f[k] - mean[k]) ** 2, 0) / all.length;
    return Math.sqrt(v) || 0;
  });
  const x = (f: readonly number[]) => f.map((v, k) => (std[k] ? (v - mean[k]) / std[k] : names[k] === 'bias' ? v : 0));
  const data = groups.map((g) => ({ xs: g.map((c) => x(c.candidate.features)), right: g.map((c) => c.right) }));
  const weights = new Array<number>(dims).fill(0);
  const { epochs = 60, rate = 0.1, l2 = 0.01 } = options;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const g of shuffled(data, seed + epoch)) {
      const logits = g.xs.map((f) => f.reduce((a, v, k) => a + v * weights[k], 0));
      const max = Math.max(...logits);
      const exp = logits.map((l) => Math.exp(l - max));
      const sum = exp.reduce((a, b) => a + b, 0);
      const p = exp.map((e) => e / sum);
      // Target: the right candidates share the mass in proportion to the model's belief in them.
      const rightMass = p.reduce((a, v, i) => a + (g.right[i] ? v : 0), 0) || 1;
      const grad = new Array<number>(dims).fill(0);
      g.xs.forEach((f, i) => {
        const q = g.right[i] ? p[i] / rightMass : 0;
        for (let k = 0; k < dims; k++) grad[k] += (p[i] - q) * f[k];
      });
      const step = rate / Math.sqrt(1 + epoch);
      for (let k = 0; k < dims; k++) weights[k] -= step * (grad[k] + l2 * weights[k]);
    }
  }
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { features: [...names], mean: mean.map(r6), std: std.map(r6), weights: weights.map(r6) };
}

export function fitRanker(receipts: readonly TrainingReceipt[], seed: number): RankerModel {
  return {
    version: 1,
    trained_on: `SROIE line transcripts with boxes, ${receipts.length} receipts`,
    seed,
    fields: Object.fromEntries(RANKED_FIELDS.map((f) => [f, fitField(f, receipts, seed)])),
  };
}

/** Receipt id → fold, seeded. */
export function foldsOf(ids: readonly string[], k: number, seed: number): Map<string, number> {
  return new Map(shuffled([...ids].sort(), seed).map((id, i) => [id, i % k]));
}

/** Out-of-fold pick accuracy per field (receipts whose truth is among the candidates, and all receipts). */
export function outOfFold(receipts: readonly TrainingReceipt[], k: number, seed: number): Record<RankedField, { right: number; reachable: number; receipts: number }> {
  const folds = foldsOf(receipts.map((r) => r.id), k, seed);
  const out = Object.fromEntries(RANKED_FIELDS.map((f) => [f, { right: 0, reachable: 0, receipts: 0 }])) as Record<RankedField, { right: number; reachable: number; receipts: number }>;
  for (let fold = 0; fold < k; fold++) {
    const model = fitRanker(receipts.filter((r) => folds.get(r.id) !== fold), seed);
    for (const r of receipts.filter((x) => folds.get(x.id) === fold)) {
      for (const field of RANKED_FIELDS) {
        out[field].receipts++;
        if (r.candidates[field].some((c) => c.right)) out[field].reachable++;
        const chosen = pick(model.fields[field], r.candidates[field].map((c) => c.candidate));
        if (chosen && r.candidates[field].find((c) => c.candidate === chosen.candidate)?.right) out[field].right++;
      }
    }
  }
  return out;
}

/** `npm run train -- extract [--folds K] [--seed N] [--corpus DIR] [--dry-run]`. */
export async function trainExtract(args: readonly string[]): Promise<void> {
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const corpus = option('corpus') ?? corpusDir();
  const folds = Number(option('folds') ?? 5);
  const seed = Number(option('seed') ?? DEFAULT_SEED);
  const t0 = performance.now();
  const receipts = await loadTrainingReceipts(corpus);
  console.log(`${receipts.length} receipts, candidates loaded in ${Math.round(performance.now() - t0)} ms`);
  const oof = outOfFold(receipts, folds, seed);
  for (const [field, s] of Object.entries(oof)) {
    console.log(`  ${field.padEnd(16)} out of fold (${folds} folds): ${s.right}/${s.receipts} right (${(s.right / s.receipts).toFixed(3)}); truth among candidates ${s.reachable}/${s.receipts}`);
  }
  const model = fitRanker(receipts, seed);
  if (args.includes('--dry-run')) return;
  await writeFile(MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
  console.log(`wrote ${MODEL_PATH}`);
}
