/**
 * `npm run train -- classify`: fits the learned classifier on the corpus's
 * labelled documents plus synthetic ones, fits the softmax temperature per
 * depth out of fold (5-fold), and writes
 * functions/engines/classify/classify-model.json. Seeded: the same corpus
 * and code give the same file.
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Depth } from '../../functions/engines/classify/classifier.ts';
import { encodeModel } from '../../functions/engines/classify/model.ts';
import { DEFAULT_CLASSES } from '../../functions/contracts/schemas/classify.ts';
import { corpusDir } from '../lib/corpus.ts';
import { labelledCorpus, type CorpusDocument } from './classify-corpus.ts';
import { chooseSetting, crossValidate, ece, fit, FIT_DEFAULTS, fitTemperature, L2_GRID, nestedCalibration } from './classify-model.ts';
import { GENRE_SHARE, seeded, syntheticSet } from './classify-synthetic.ts';

export const MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'classify', 'classify-model.json');
export const FOLDS = 5;
/** Large single-kind folders are sampled (seeded) so they do not swamp fitting time. */
const PER_FOLDER = 80;
const SYNTHETIC_PER_CLASS = 40;

export async function trainingData(corpus: string, log: (line: string) => void, cachedOnly = process.env.CLASSIFY_CACHED_ONLY === '1'): Promise<{ real: CorpusDocument[]; synthetic: CorpusDocument[] }> {
  const all = await labelledCorpus(corpus, { log, cachedOnly });
  const random = seeded(7);
  const byOrigin = new Map<string, CorpusDocument[]>();
  for (const d of all) byOrigin.set(d.origin, [...(byOrigin.get(d.origin) ?? []), d]);
  const real: CorpusDocument[] = [];
  for (const [origin, docs] of [...byOrigin].sort(([a], [b]) => a.localeCompare(b))) {
    // The 25-type classification set is kept whole; single-kind folders are sampled.
    const sampled = origin !== 'classification' && docs.length > PER_FOLDER ? docs.map((d) => ({ d, r: random() })).sort((a, b) => a.r - b.r).slice(0, PER_FOLDER).map((x) => x.d) : docs;
    real.push(...sampled.sort((a, b) => a.source.localeCompare(b.source)));
  }
  // Classes no real document shows (cheques, envelopes, …) learn from generated ones alone: twice as many.
  const unseen = DEFAULT_CLASSES.filter((label) => !real.some((d) => d.label === label));
  return { real, synthetic: syntheticSet(SYNTHETIC_PER_CLASS, 20261125, GENRE_SHARE, unseen, SYNTHETIC_PER_CLASS) };
}

export async function trainClassify(log: (line: string) => void = console.log): Promise<void> {
  const corpus = corpusDir();
  const { real, synthetic } = await trainingData(corpus, log);
  log(`classify: ${real.length} real documents (${new Set(real.map((d) => d.label)).size} labels), ${synthetic.length} synthetic`);
  const scored = crossValidate(real, synthetic, FOLDS, FIT_DEFAULTS, log);
  const temperature: Record<string, number> = {};
  const report: Record<string, unknown> = {};
  // The penalty, description weight and temperatures of the committed model: chosen on all out-of-fold scores.
  const { l2, weight: descriptionWeight } = chooseSetting(scored);
  log(`  l2 ${l2}, description weight ${descriptionWeight} (out of fold)`);
  for (const depth of ['fast', 'balanced', 'thorough'] as Depth[]) {
    temperature[depth] = fitTemperature(scored.filter((s) => s.depth === depth && s.l2 === l2 && s.weight === descriptionWeight));
    // The reported figures are nested: penalty, weight and temperature chosen without the fold scored.
    const outcomes = nestedCalibration(scored, FOLDS, depth);
    const accuracy = outcomes.filter((o) => o.predicted === o.doc.label).length / outcomes.length;
    report[depth] = { oof_accuracy: Number(accuracy.toFixed(3)), oof_ece: Number(ece(outcomes).toFixed(3)), temperature: temperature[depth] };
    log(`  ${depth}: out-of-fold accuracy ${accuracy.toFixed(3)}, ECE ${ece(outcomes).toFixed(3)}, temperature ${temperature[depth]}`);
  }
  const model = { ...fit([...real, ...synthetic], { ...FIT_DEFAULTS, l2 }), temperature, descriptionWeight };
  const counts: Record<string, number> = {};
  for (const d of real) counts[d.label] = (counts[d.label] ?? 0) + 1;
  const file = encodeModel(model, {
    training: { real_documents: real.length, genre_share: GENRE_SHARE, synthetic_documents: synthetic.length, labels: counts, folds: FOLDS, fit: { ...FIT_DEFAULTS, l2 }, l2_grid: L2_GRID, description_weight: descriptionWeight, out_of_fold: report },
  });
  await writeFile(MODEL_PATH, `${JSON.stringify(file)}\n`);
  log(`wrote ${MODEL_PATH}`);
}
