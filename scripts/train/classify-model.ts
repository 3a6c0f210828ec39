/**
 * Fitting and honest measurement of the learned classifier, shared by
 * `npm run train -- classify` and `npm run eval -- classify`:
 *
 * - `fit`: multinomial logistic regression (softmax, L2), mini-batch Adam,
 *   seeded; class-balanced: every class's real documents together weigh
 *   `realCap` documents' worth (at most `realMaxWeight` each), synthetic
 *   ones a fraction each;
 * - `crossValidate`: k folds over sources (`foldsOf`: a project's documents
 *   of one kind, a shop, a form stay in one fold; synthetic ones always
 *   train, never test); each held-out document is scored by the very
 *   `scoreClasses` the service runs, with its fold's model;
 * - `fitTemperature`: the softmax temperature of least negative
 *   log-likelihood; `nestedCalibration` fits it (and the one for labels that
 *   lean on generated documents) on the other folds' out-of-fold scores and
 *   applies it to each fold, answering as the service does (`other` when
 *   nothing fits), so accuracy and ECE are out of fold.
 *
 * @module
 */
import { DEFAULT_CLASSES } from '../../functions/contracts/schemas/classify.ts';
import { buildClassSet } from '../../functions/engines/classify/class-set.ts';
import { nothingFits, scoreClasses, softmaxAt, wordCount, type Depth } from '../../functions/engines/classify/classifier.ts';
import { featuresOf, FEATURE_BITS, type SparseVector } from '../../functions/engines/classify/features.ts';
import type { LinearModel } from '../../functions/engines/classify/model.ts';
import { budgetFor, withinBudget } from '../../functions/engines/classify/reading.ts';
import type { CorpusDocument, CorpusPage } from './classify-corpus.ts';
import { seeded, type Random } from './classify-synthetic.ts';

export const LABELS: readonly string[] = DEFAULT_CLASSES;

export interface FitOptions {
  readonly l2: number;
  readonly epochs: number;
  readonly learningRate: number;
  readonly seed: number;
  /** A class's real documents weigh this many documents' worth together, whatever their number (SROIE has 334 receipts, pay stubs 2). */
  readonly realCap: number;
  /** The most one real document weighs (a class with one real document does not learn it by heart). */
  readonly realMaxWeight: number;
  /** Weight of one synthetic document. */
  readonly syntheticWeight: number;
}
export const FIT_DEFAULTS: FitOptions = { l2: 3e-4, epochs: 20, learningRate: 0.03, seed: 20261125, realCap: 12, realMaxWeight: 3, syntheticWeight: 0.3 };

/** The pages classify reads at a depth (default budgets), as the service cuts them. */
export function readPages(doc: CorpusDocument, depth: Depth): CorpusPage[] {
  const budget = budgetFor(depth, { startTokens: 3200, endTokens: 1600, maxStartPages: 4, maxEndPages: 2 });
  const n = doc.pages.length;
  // The cache holds the first 4 and last 2 pages already; number them so the budget splits start from end.
  const numbered = doc.pages.map((p, i) => ({ ...p, pageNumber: n > 4 && i >= 4 ? budget.maxStartPages + 1 + (i - 4) : i + 1, text: p.text }));
  const kept = withinBudget(numbered.filter((p) => depth !== 'fast' || p.pageNumber === 1), budget).pages;
  return kept.map((k) => ({ ...numbered.find((p) => p.pageNumber === k.pageNumber)!, text: k.text }));
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/**
 * Sample weights, class-balanced: every class's real documents together weigh `realCap` documents' worth
 * (so 80 receipts count no more than 3 pay stubs), one document at most `realMaxWeight`; synthetic ones at a
 * fraction each, the same number per class.
 */
export function weightsOf(docs: readonly CorpusDocument[], options: FitOptions): number[] {
  const realCount = new Map<string, number>();
  for (const d of docs) if (d.origin !== 'synthetic') realCount.set(d.label, (realCount.get(d.label) ?? 0) + 1);
  return docs.map((d) => (d.origin === 'synthetic' ? options.syntheticWeight : Math.min(options.realMaxWeight, options.realCap / realCount.get(d.label)!)));
}

export function fit(docs: readonly CorpusDocument[], options: FitOptions = FIT_DEFAULTS, cache = new Map<CorpusDocument, SparseVector>()): LinearModel {
  const K = LABELS.length;
  const D = 1 << FEATURE_BITS;
  const random = seeded(options.seed);
  const xs = docs.map((d) => {
    let x = cache.get(d);
    if (!x) cache.set(d, (x = featuresOf(readPages(d, 'balanced'))));
    return x;
  });
  const ys = docs.map((d) => LABELS.indexOf(d.label));
  if (ys.some((y) => y < 0)) throw new Error(`unknown label among ${[...new Set(docs.map((d) => d.label))].join(', ')}`);
  const sw = weightsOf(docs, options);
  const W = new Float32Array(K * D);
  const b = new Float32Array(K);
  const mW = new Float32Array(K * D), vW = new Float32Array(K * D), gW = new Float32Array(K * D);
  const mb = new Float32Array(K), vb = new Float32Array(K), gb = new Float32Array(K);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  const order = docs.map((_, i) => i);
  const batch = 32;
  const p = new Float64Array(K);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffle(order, random);
    for (let start = 0; start < order.length; start += batch) {
      gW.fill(0);
      gb.fill(0);
      const members = order.slice(start, start + batch);
      const total = members.reduce((s, i) => s + sw[i], 0) || 1;
      for (const i of members) {
        const x = xs[i];
        let max = -Infinity;
        for (let k = 0; k < K; k++) {
          let s = b[k];
          const base = k * D;
          for (let j = 0; j < x.index.length; j++) s += W[base + x.index[j]] * x.value[j];
          p[k] = s;
          if (s > max) max = s;
        }
        let sum = 0;
        for (let k = 0; k < K; k++) sum += (p[k] = Math.exp(p[k] - max));
        for (let k = 0; k < K; k++) {
          const g = ((p[k] / sum) - (k === ys[i] ? 1 : 0)) * (sw[i] / total);
          if (g === 0) continue;
          gb[k] += g;
          const base = k * D;
          for (let j = 0; j < x.index.length; j++) gW[base + x.index[j]] += g * x.value[j];
        }
      }
      step++;
      const lr = options.learningRate * Math.sqrt(1 - beta2 ** step) / (1 - beta1 ** step);
      for (let q = 0; q < W.length; q++) {
        const g = gW[q] + options.l2 * W[q];
        if (g === 0 && mW[q] === 0) continue;
        mW[q] = beta1 * mW[q] + (1 - beta1) * g;
        vW[q] = beta2 * vW[q] + (1 - beta2) * g * g;
        W[q] -= (lr * mW[q]) / (Math.sqrt(vW[q]) + eps);
      }
      for (let k = 0; k < K; k++) {
        mb[k] = beta1 * mb[k] + (1 - beta1) * gb[k];
        vb[k] = beta2 * vb[k] + (1 - beta2) * gb[k] * gb[k];
        b[k] -= (lr * mb[k]) / (Math.sqrt(vb[k]) + eps);
      }
    }
  }
  return { labels: LABELS, bias: b, weights: W, dimension: D, temperature: { fast: 1, balanced: 1, thorough: 1 } };
}

export interface Scored {
  readonly doc: CorpusDocument;
  readonly fold: number;
  readonly depth: Depth;
  /** The description weight these logits were combined with. */
  readonly weight: number;
  /** The L2 penalty of the fold model that scored it. */
  readonly l2: number;
  readonly labels: readonly string[];
  readonly logits: readonly number[];
  /** What the service's "nothing fits" decision reads besides the probabilities. */
  readonly words: number;
  readonly topEvidence: number;
}

/** Description weights tried out of fold (0 = the learned model alone). */
export const DESCRIPTION_WEIGHTS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.8];
/** L2 penalties tried out of fold (3e-4 and 1e-4 were tried by hand first and lost: see the report of issue 23). */
export const L2_GRID: readonly number[] = [3e-5, 1e-5];

/** What the folds keep together: a source's documents (see `CorpusDocument.group`), or each document alone. */
export type FoldsBy = 'source' | 'document';

/**
 * Folds over sources, stratified: a source's documents always share a fold, so no model is measured on a
 * project, shop or sample set it has seen. Sources go largest first (seeded order among equal sizes), each
 * to the fold holding the fewest documents of its label so far, then the fewest documents.
 */
export function foldsOf(docs: readonly CorpusDocument[], k: number, seed: number, by: FoldsBy = 'source'): number[] {
  const random = seeded(seed);
  const members = new Map<string, number[]>();
  docs.forEach((d, i) => {
    const key = by === 'source' ? (d.group ?? d.source) : d.source;
    members.set(key, [...(members.get(key) ?? []), i]);
  });
  const groups = shuffle([...members.keys()].sort(), random).sort((a, b) => members.get(b)!.length - members.get(a)!.length);
  const fold = new Array<number>(docs.length).fill(0);
  const total = new Array<number>(k).fill(0);
  const perLabel = new Map<string, number[]>();
  for (const group of groups) {
    const indexes = members.get(group)!;
    const label = docs[indexes[0]].label;
    const counts = perLabel.get(label) ?? new Array<number>(k).fill(0);
    let best = 0;
    for (let f = 1; f < k; f++) if (counts[f] < counts[best] || (counts[f] === counts[best] && total[f] < total[best])) best = f;
    for (const i of indexes) fold[i] = best;
    counts[best] += indexes.length;
    total[best] += indexes.length;
    perLabel.set(label, counts);
  }
  return fold;
}

const CLASSES = buildClassSet({ type: 'default' });

/** Scores a document the way the service does, with a given model, at a depth. */
export function scoreWith(model: LinearModel, doc: CorpusDocument, depth: Depth): Pick<Scored, 'labels' | 'logits' | 'words' | 'topEvidence'> {
  const pages = readPages(doc, depth).map((p, i) => ({ pageNumber: i + 1, text: p.text, width: p.width, height: p.height, kind: p.kind }));
  const s = scoreClasses(pages, { classes: CLASSES, depth, nonDomainLabel: 'other', model });
  return { labels: s.labels, logits: s.logits, words: wordCount(pages), topEvidence: Math.max(0, ...s.evidence.values()) };
}

/** Every real document scored out of fold, for each L2 penalty of `l2Grid`, each depth and each description weight. */
export function crossValidate(
  real: readonly CorpusDocument[],
  synthetic: readonly CorpusDocument[],
  k: number,
  options: FitOptions = FIT_DEFAULTS,
  log: (line: string) => void = () => {},
  l2Grid: readonly number[] = L2_GRID,
  by: FoldsBy = 'source',
  /** Feature vectors by document, shared across calls (features do not depend on the seed). */
  cache = new Map<CorpusDocument, SparseVector>(),
): Scored[] {
  const folds = foldsOf(real, k, options.seed, by);
  const out: Scored[] = [];
  for (const l2 of l2Grid) for (let f = 0; f < k; f++) {
    const t0 = performance.now();
    const model = fit([...real.filter((_, i) => folds[i] !== f), ...synthetic], { ...options, l2 }, cache);
    real.forEach((doc, i) => {
      if (folds[i] !== f) return;
      for (const depth of ['fast', 'balanced', 'thorough'] as Depth[]) {
        // Built-in classes' logits are linear in the description weight (learned logit + weight × evidence;
        // no caller neighbours here), so two scorings give every weight of the grid.
        const at0 = scoreWith({ ...model, descriptionWeight: 0 }, doc, depth);
        const at1 = scoreWith({ ...model, descriptionWeight: 1 }, doc, depth);
        for (const weight of DESCRIPTION_WEIGHTS)
          out.push({ ...at0, doc, fold: f, depth, weight, l2, logits: at0.logits.map((v, i) => v + weight * (at1.logits[i] - v)) });
      }
    });
    log(`  l2 ${l2}, fold ${f + 1}/${k}: ${Math.round(performance.now() - t0)} ms`);
  }
  return out;
}

export function probabilities(s: Pick<Scored, 'logits'>, temperature: number): number[] {
  return softmaxAt(s.logits, temperature);
}

/** Mean negative log-likelihood of the true answers (`truthOf`: its index among the logits) at a temperature. */
function meanNll<T extends { readonly logits: readonly number[] }>(items: readonly T[], temperature: number, truthOf: (item: T) => number): number {
  let total = 0;
  for (const s of items) {
    const p = softmaxAt(s.logits, temperature)[truthOf(s)];
    total -= Math.log(Math.max(p, 1e-12));
  }
  return total / Math.max(1, items.length);
}

/** The temperature (0.2–6 in steps of 0.05) of least mean negative log-likelihood of the true answers. */
export function fitTemperatureBy<T extends { readonly logits: readonly number[] }>(items: readonly T[], truthOf: (item: T) => number): number {
  let best = 1;
  let bestLoss = Infinity;
  for (let t = 0.2; t <= 6.001; t += 0.05) {
    const loss = meanNll(items, t, truthOf);
    if (loss < bestLoss) [best, bestLoss] = [Math.round(t * 100) / 100, loss];
  }
  return best;
}

const labelTruth = (s: Scored) => s.labels.indexOf(s.doc.label);
const nll = (items: readonly Scored[], temperature: number) => meanNll(items, temperature, labelTruth);

export function fitTemperature(items: readonly Scored[]): number {
  return fitTemperatureBy(items, labelTruth);
}

export interface Outcome {
  readonly doc: CorpusDocument;
  readonly predicted: string;
  readonly confidence: number;
}

/** Mean per-class recall of the top class (balanced accuracy): thin classes count as much as receipts. */
export function balancedAccuracyOf(items: readonly Scored[]): number {
  const hits = new Map<string, [number, number]>();
  for (const s of items) {
    const [h, n] = hits.get(s.doc.label) ?? [0, 0];
    hits.set(s.doc.label, [h + (s.labels[argmax(s.logits)] === s.doc.label ? 1 : 0), n + 1]);
  }
  const recalls = [...hits.values()].map(([h, n]) => h / n);
  return recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length);
}
export function argmax(values: readonly number[]): number {
  let top = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[top]) top = i;
  return top;
}

export interface Setting {
  readonly l2: number;
  readonly weight: number;
}

/**
 * The L2 penalty and description weight with the best balanced accuracy over
 * scored `balanced` documents (the default depth); ties go to the better
 * likelihood at the fitted temperature, then to the earlier setting.
 */
export function chooseSetting(items: readonly Scored[]): Setting {
  let best = { l2: items[0]?.l2 ?? FIT_DEFAULTS.l2, weight: DESCRIPTION_WEIGHTS[0], accuracy: -1, loss: Infinity };
  for (const l2 of [...new Set(items.map((s) => s.l2))]) {
    for (const weight of DESCRIPTION_WEIGHTS) {
      const at = items.filter((s) => s.depth === 'balanced' && s.l2 === l2 && s.weight === weight);
      if (!at.length) continue;
      const accuracy = balancedAccuracyOf(at);
      const loss = nll(at, fitTemperature(at));
      if (accuracy > best.accuracy + 1e-9 || (Math.abs(accuracy - best.accuracy) <= 1e-9 && loss < best.loss)) best = { l2, weight, accuracy, loss };
    }
  }
  return { l2: best.l2, weight: best.weight };
}

/** Temperature for answers among the labels that lean on generated documents: fitted on those answers, the general one when they are too few. */
export function fitGeneratedTemperature(items: readonly Scored[], generated: ReadonlySet<string>, general: number): number {
  const answered = items.filter((s) => generated.has(s.labels[argmax(s.logits)]));
  return answered.length >= 8 ? fitTemperature(answered) : general;
}

/** The service's answer for one scored document at the given temperatures: the top class, or `other` when nothing fits. */
export function outcomeOf(s: Scored, temperature: number, generatedTemperature: number, generated: ReadonlySet<string>, unsupportedConfidence?: number): Outcome {
  const top = argmax(s.logits);
  const p = probabilities(s, generated.has(s.labels[top]) ? generatedTemperature : temperature);
  const none = nothingFits({ learned: true, words: s.words, topConfidence: p[top], topEvidence: s.topEvidence, unsupportedConfidence });
  return none ? { doc: s.doc, predicted: 'other', confidence: 1 - p[top] } : { doc: s.doc, predicted: s.labels[top], confidence: p[top] };
}

/**
 * Out-of-fold outcomes at one depth, nested: for each fold, the L2 penalty,
 * the description weight and the temperatures are chosen on the other
 * folds' scores only, then applied to that fold. `items` holds every
 * penalty, depth and weight. Outcomes are the service's answers, `other`
 * included.
 */
export function nestedCalibration(
  items: readonly Scored[],
  k: number,
  depth: Depth,
  generated: ReadonlySet<string> = new Set(),
  unsupportedConfidence?: number,
): Outcome[] {
  const out: Outcome[] = [];
  for (let f = 0; f < k; f++) {
    const others = items.filter((s) => s.fold !== f);
    const { l2, weight } = chooseSetting(others);
    const calibration = others.filter((s) => s.depth === depth && s.l2 === l2 && s.weight === weight);
    const temperature = fitTemperature(calibration);
    const generatedTemperature = fitGeneratedTemperature(calibration, generated, temperature);
    for (const s of items.filter((x) => x.fold === f && x.depth === depth && x.l2 === l2 && x.weight === weight)) out.push(outcomeOf(s, temperature, generatedTemperature, generated, unsupportedConfidence));
  }
  return out;
}

export function ece(outcomes: readonly Outcome[], bins = 10): number {
  let total = 0;
  for (let b = 0; b < bins; b++) {
    const inBin = outcomes.filter((o) => o.confidence > b / bins && o.confidence <= (b + 1) / bins);
    if (!inBin.length) continue;
    const accuracy = inBin.filter((o) => o.predicted === o.doc.label).length / inBin.length;
    const confidence = inBin.reduce((s, o) => s + o.confidence, 0) / inBin.length;
    total += (inBin.length / outcomes.length) * Math.abs(accuracy - confidence);
  }
  return total;
}
