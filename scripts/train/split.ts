/**
 * `npm run train -- split [--seed N] [--sroie N] [--streams N] [--folds K] [--no-write]`:
 * fits the page-pair boundary model (functions/engines/split/boundary-model.ts)
 * on streams of scanned pages (split-streams.ts) and writes
 * `boundary-model.json`.
 *
 * Measured out of fold first: documents are dealt to K folds by group (a
 * Tobacco800 document, a receipt's shop, a form), each pair is scored by a
 * model fitted on pairs that touch no document of its fold (never pages of
 * one document on both sides), and the splitter runs over every stream with
 * those fold models. Reported: Tobacco800 boundary P/R/F1 and page accuracy
 * (the splitter's rules alone beside it), the assembled streams' boundary F1
 * and exact-stream rate, and per-feature ablations (pair-level F1 without
 * each feature, and without all image or all text features).
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SplitOptions } from '../../functions/contracts/schemas/classify.ts';
import type { BoundaryModel } from '../../functions/engines/split/boundary-model.ts';
import { PAIR_FEATURES, type PairFeature } from '../../functions/engines/split/pair-features.ts';
import { pageFactsOf, scannedPairFeatures, splitPages, type SplitPage, type SplitterOptions } from '../../functions/engines/split/splitter.ts';
import { segmentClasses } from '../../functions/operations/split-operation.ts';
import { corpusDir } from '../lib/corpus.ts';
import { intOption, parseArgs, writeResults } from '../lib/cli.ts';
import { machineInfo } from '../lib/machine.ts';
import { seeded } from '../lib/random.ts';
import { loadStreams, streamPages, type PageStream, type StreamDocument } from './split-streams.ts';

export const DEFAULT_SEED = 20261128;
const MODEL_FILE = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'split', 'boundary-model.json');
const FIT = { l2: 0.05, iterations: 1500, rate: 0.3 };

/**
 * The direction each signal can only push (a weight of the other sign is
 * clamped to 0): a repeated invoice number never argues for a new document,
 * however few scans in the training streams show one. Features left out
 * (numbering on a later page, a repeated type, sparse text, near
 * duplicates) may go either way.
 */
const SIGNS: Partial<Record<PairFeature, 1 | -1>> = {
  rule_score: 1,
  numbering_restarts: 1,
  previous_last_numbered: 1,
  identifier_changes: 1,
  sender_changes: 1,
  titled: 1,
  previous_closes: 1,
  opens: 1,
  type_changes: 1,
  size_changes: 1,
  language_changes: 1,
  top_band_distance: 1,
  letterhead_appears: 1,
  ink_change: 1,
  backdrop_change: 1,
  orientation_changes: 1,
  frame_overlap: -1,
  topic_overlap: -1,
  numbering_continues: -1,
  identifier_repeats: -1,
  edge_code_shared: -1,
  sender_repeats: -1,
  continuation_phrase: -1,
  top_band_alike: -1,
  bottom_band_alike: -1,
  layout_alike: -1,
};
const SIGN_OF = PAIR_FEATURES.map((f) => SIGNS[f] ?? 0);

interface Pair {
  readonly x: number[];
  readonly y: number;
  readonly before: StreamDocument;
  readonly after: StreamDocument;
}

const splitterOptions = (): SplitterOptions => ({ classes: segmentClasses(SplitOptions.parse({})), thorough: true });

/** The splitter's view of a stream's pages: every page scanned (OCR text), with its fingerprint. */
function splitInput(stream: PageStream, scanned: boolean): SplitPage[] {
  return streamPages(stream).pages.map(({ page }, i) => ({
    pageNumber: i + 1,
    text: page.text,
    width: page.width,
    height: page.height,
    kind: 'pdf',
    ...(scanned ? { source: 'ocr' as const, signature: page.signature } : {}),
  }));
}

/** The stream's pairs with their features, the running document's identifiers taken from the truth. */
function streamPairs(stream: PageStream): Pair[] {
  const { pages, starts } = streamPages(stream);
  const facts = pageFactsOf(splitInput(stream, true), splitterOptions());
  const pairs: Pair[] = [];
  let running = { label: facts[0].label, identifiers: new Map(facts[0].identifiers) };
  const rules = { everyPage: false, afterBlank: true };
  for (let i = 1; i < facts.length; i++) {
    const start = starts.includes(i);
    // The splitter never asks about a blank page or the page after one (its rules keep those).
    if (!facts[i].blank && !facts[i - 1].blank)
      pairs.push({ x: scannedPairFeatures(facts[i - 1], facts[i], running, rules), y: start ? 1 : 0, before: pages[i - 1].doc, after: pages[i].doc });
    if (start) running = { label: facts[i].label, identifiers: new Map(facts[i].identifiers) };
    else {
      if (running.label === 'other' && facts[i].confident) running.label = facts[i].label;
      for (const [k, v] of facts[i].identifiers) if (!running.identifiers.has(k)) running.identifiers.set(k, v);
    }
  }
  return pairs;
}

/** Logistic regression on standardised features, both classes weighted equally, L2-regularised, by gradient descent. */
export function fitBoundaryModel(pairs: readonly Pair[], dropped: ReadonlySet<number> = new Set()): BoundaryModel {
  const d = PAIR_FEATURES.length;
  const mean = Array.from({ length: d }, (_, j) => pairs.reduce((s, p) => s + p.x[j], 0) / pairs.length);
  const scale = mean.map((m, j) => Math.sqrt(pairs.reduce((s, p) => s + (p.x[j] - m) ** 2, 0) / pairs.length) || 1);
  const z = pairs.map((p) => p.x.map((v, j) => (dropped.has(j) ? 0 : (v - mean[j]) / scale[j])));
  const positives = pairs.filter((p) => p.y === 1).length;
  const weightOf = (y: number) => pairs.length / (2 * Math.max(1, y ? positives : pairs.length - positives));
  const weights = new Array<number>(d).fill(0);
  let bias = 0;
  for (let step = 0; step < FIT.iterations; step++) {
    const grad = new Array<number>(d).fill(0);
    let gradBias = 0;
    for (let n = 0; n < pairs.length; n++) {
      let s = bias;
      for (let j = 0; j < d; j++) s += weights[j] * z[n][j];
      const error = (1 / (1 + Math.exp(-s)) - pairs[n].y) * weightOf(pairs[n].y);
      for (let j = 0; j < d; j++) grad[j] += error * z[n][j];
      gradBias += error;
    }
    for (let j = 0; j < d; j++) {
      weights[j] -= FIT.rate * (grad[j] / pairs.length + FIT.l2 * weights[j]);
      if (weights[j] * SIGN_OF[j] < 0) weights[j] = 0;
    }
    bias -= FIT.rate * (gradBias / pairs.length);
  }
  const r = (v: number) => Math.round(v * 10000) / 10000;
  const fitted = weights.map((w, j) => (dropped.has(j) ? 0 : r(w)));
  return { features: [...PAIR_FEATURES], mean: mean.map(r), scale: scale.map(r), weights: fitted, bias: r(bias), threshold: 0.5 };
}

/** Each document's fold: groups dealt round-robin after a seeded shuffle. */
function foldsOf(documents: readonly StreamDocument[], folds: number, seed: number): Map<StreamDocument, number> {
  const groups = [...new Set(documents.map((d) => d.group))].sort();
  const random = seeded(seed);
  for (let i = groups.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [groups[i], groups[j]] = [groups[j], groups[i]];
  }
  const foldOfGroup = new Map(groups.map((g, i) => [g, i % folds]));
  return new Map(documents.map((d) => [d, foldOfGroup.get(d.group)!]));
}

/** One model per fold, fitted on the pairs that touch no document of a pair it will score. */
function foldModels(pairs: readonly Pair[], fold: Map<StreamDocument, number>, folds: number, dropped?: ReadonlySet<number>): BoundaryModel[] {
  return Array.from({ length: folds }, (_, k) => {
    const tested = new Set(pairs.filter((p) => fold.get(p.after) === k).flatMap((p) => [p.before.group, p.after.group]));
    return fitBoundaryModel(pairs.filter((p) => !tested.has(p.before.group) && !tested.has(p.after.group)), dropped);
  });
}

export interface StreamScore {
  streams: number;
  exact_rate: number;
  boundary_precision: number;
  boundary_recall: number;
  boundary_f1: number;
  page_accuracy: number;
  ms_per_page: number;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** Splits every stream (scanned, with `models` per pair, or as text alone: the rules) and scores boundaries, pages and exact streams. */
function scoreStreams(streams: readonly PageStream[], fold: Map<StreamDocument, number>, models?: readonly BoundaryModel[]): StreamScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let exact = 0;
  let pagesRight = 0;
  let pagesTotal = 0;
  const t0 = performance.now();
  for (const stream of streams) {
    const { pages, starts } = streamPages(stream);
    const options: SplitterOptions = { ...splitterOptions(), ...(models ? { boundaryModel: (i: number) => models[fold.get(pages[i].doc)!] } : {}) };
    const predicted = new Set(splitPages(splitInput(stream, Boolean(models)), options).map((s) => s.start_page - 1));
    const truth = new Set(starts);
    for (let i = 0; i < pages.length; i++) {
      if (predicted.has(i) === truth.has(i)) pagesRight++;
      if (i === 0) continue;
      if (predicted.has(i) && truth.has(i)) tp++;
      else if (predicted.has(i)) fp++;
      else if (truth.has(i)) fn++;
    }
    pagesTotal += pages.length;
    if (predicted.size === truth.size && [...truth].every((p) => predicted.has(p))) exact++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return {
    streams: streams.length,
    exact_rate: r3(exact / streams.length),
    boundary_precision: r3(precision),
    boundary_recall: r3(recall),
    boundary_f1: r3(precision + recall ? (2 * precision * recall) / (precision + recall) : 0),
    page_accuracy: r3(pagesRight / pagesTotal),
    ms_per_page: Math.round(((performance.now() - t0) / pagesTotal) * 100) / 100,
  };
}

export { foldModels, foldsOf, scoreStreams, streamPairs };
export type { Pair };

/** Pair-level out-of-fold F1 with some features left out (the ablations). */
function pairF1(pairs: readonly Pair[], fold: Map<StreamDocument, number>, folds: number, dropped: ReadonlySet<number>): number {
  const models = foldModels(pairs, fold, folds, dropped);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const m = models[fold.get(p.after)!];
    let s = m.bias;
    p.x.forEach((v, j) => (s += m.weights[j] * ((v - m.mean[j]) / m.scale[j])));
    const start = s >= 0;
    if (start && p.y) tp++;
    else if (start) fp++;
    else if (p.y) fn++;
  }
  return r3((2 * tp) / Math.max(1, 2 * tp + fp + fn));
}

function ablations(pairs: readonly Pair[], fold: Map<StreamDocument, number>, folds: number): Record<string, number> {
  const isImage = (f: string) => /image|band|letterhead|layout|ink|backdrop|orientation|duplicate/.test(f);
  const imageIndexes = PAIR_FEATURES.map((f, j) => [f, j] as const).filter(([f]) => isImage(f)).map(([, j]) => j);
  const textIndexes = PAIR_FEATURES.map((_, j) => j).filter((j) => !imageIndexes.includes(j));
  const result: Record<string, number> = { all_features: pairF1(pairs, fold, folds, new Set()) };
  result.without_image_features = pairF1(pairs, fold, folds, new Set(imageIndexes));
  result.without_text_features = pairF1(pairs, fold, folds, new Set(textIndexes));
  PAIR_FEATURES.forEach((f, j) => (result[`without_${f}`] = pairF1(pairs, fold, folds, new Set([j]))));
  return result;
}

export async function trainSplit(args: readonly string[]): Promise<void> {
  const { options } = parseArgs(args);
  const seed = intOption(options, 'seed', DEFAULT_SEED);
  const folds = intOption(options, 'folds', 5);
  const corpus = typeof options.corpus === 'string' ? options.corpus : corpusDir();
  const set = await loadStreams(corpus, { seed, sroie: intOption(options, 'sroie', 80), streams: intOption(options, 'streams', 40) });
  const streams = [set.tobacco, ...set.assembled];
  const pairs = streams.flatMap(streamPairs);
  const fold = foldsOf(set.documents, folds, seed);
  const boundaries = pairs.filter((p) => p.y).length;
  console.log(`split: ${set.documents.length} documents, ${streams.length} streams, ${pairs.length} pairs (${boundaries} boundaries); seed ${seed}`);
  const models = foldModels(pairs, fold, folds);
  const report = {
    tobacco800_rules: scoreStreams([set.tobacco], fold),
    tobacco800_out_of_fold: scoreStreams([set.tobacco], fold, models),
    assembled_rules: scoreStreams(set.assembled, fold),
    assembled_out_of_fold: scoreStreams(set.assembled, fold, models),
  };
  for (const [name, s] of Object.entries(report))
    console.log(
      `  ${name.padEnd(24)} F1 ${s.boundary_f1} (P ${s.boundary_precision} R ${s.boundary_recall}), page accuracy ${s.page_accuracy}, ` +
        `exact ${s.exact_rate} of ${s.streams}, ${s.ms_per_page} ms/page`,
    );
  const ablation = options['no-ablations'] === true ? {} : ablations(pairs, fold, folds);
  if (Object.keys(ablation).length) console.log(`  pair-level out-of-fold F1 ablations: ${JSON.stringify(ablation)}`);
  const results = join(resolve(import.meta.dirname, '..', '..'), 'eval-results');
  const out = await writeResults(results, `split-train-seed${seed}`, { seed, folds, machine: machineInfo(), ...report, ablation });
  console.log(`  results: ${out}`);
  if (options['no-write'] === true) return;
  const model = fitBoundaryModel(pairs);
  await writeFile(MODEL_FILE, `${JSON.stringify({ ...model, trained: { seed, pairs: pairs.length, documents: set.documents.length } }, null, 1)}\n`);
  console.log(`  wrote ${MODEL_FILE}`);
}
