/**
 * The fit both extraction rankers' trainers share (scripts/train/extract.ts
 * for receipts, scripts/train/extract-invoice.ts for invoices): one field's
 * linear model (functions/engines/extract/linear-ranker.ts), learned from
 * documents that each offer several candidates, some of them right —
 * softmax over a document's candidates, stochastic gradient descent with L2
 * in a seeded order. The same documents and seed give the same weights.
 *
 * @module
 */
import type { FieldModel } from '../../functions/engines/extract/linear-ranker.ts';
import { seeded } from './random.ts';

/** A seeded Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** One document's candidates for a field: their raw features, which are right, and how much the document counts. */
export interface CandidateGroup {
  readonly features: readonly (readonly number[])[];
  readonly right: readonly boolean[];
  readonly weight: number;
}

export interface ListwiseOptions {
  readonly epochs?: number;
  readonly rate?: number;
  readonly l2?: number;
}

/**
 * Fits one field over `names` (a feature named `bias` is never standardised). The right candidates of a document
 * share the target mass in proportion to the model's belief in them.
 */
export function fitListwise(names: readonly string[], groups: readonly CandidateGroup[], seed: number, options: ListwiseOptions = {}): FieldModel {
  const { epochs = 60, rate = 0.1, l2 = 0.01 } = options;
  const all = groups.flatMap((g) => g.features);
  const dims = names.length;
  const mean = Array.from({ length: dims }, (_, k) => (names[k] === 'bias' || !all.length ? 0 : all.reduce((a, f) => a + f[k], 0) / all.length));
  const std = Array.from({ length: dims }, (_, k) => {
    if (names[k] === 'bias' || !all.length) return 0;
    const v = all.reduce((a, f) => a + (f[k] - mean[k]) ** 2, 0) / all.length;
    return Math.sqrt(v) || 0;
  });
  const x = (f: readonly number[]) => f.map((v, k) => (std[k] ? (v - mean[k]) / std[k] : names[k] === 'bias' ? v : 0));
  const data = groups.map((g) => ({ xs: g.features.map(x), right: g.right, weight: g.weight }));
  const weights = new Array<number>(dims).fill(0);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const g of shuffled(data, seed + epoch)) {
      const logits = g.xs.map((f) => f.reduce((a, v, k) => a + v * weights[k], 0));
      const max = Math.max(...logits);
      const exp = logits.map((l) => Math.exp(l - max));
      const sum = exp.reduce((a, b) => a + b, 0);
      const p = exp.map((e) => e / sum);
      const rightMass = p.reduce((a, v, i) => a + (g.right[i] ? v : 0), 0) || 1;
      const grad = new Array<number>(dims).fill(0);
      g.xs.forEach((f, i) => {
        const q = g.right[i] ? p[i] / rightMass : 0;
        for (let k = 0; k < dims; k++) grad[k] += g.weight * (p[i] - q) * f[k];
      });
      const step = rate / Math.sqrt(1 + epoch);
      for (let k = 0; k < dims; k++) weights[k] -= step * (grad[k] + l2 * weights[k]);
    }
  }
  const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { features: [...names], mean: mean.map(r6), std: std.map(r6), weights: weights.map(r6) };
}
