/**
 * `npm run train -- classify`: fits the learned classifier on the corpus's
 * labelled documents plus generated ones, chooses the penalty and description
 * weight and fits the softmax temperatures out of fold (5 folds over sources),
 * and writes functions/engines/classify/classify-model.json. Seeded: the same
 * corpus and code give the same file.
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
import { fitCustomTemperatures } from './classify-custom.ts';
import {
  balancedAccuracyOf,
  chooseSetting,
  crossValidate,
  ece,
  fit,
  FIT_DEFAULTS,
  fitGeneratedTemperature,
  fitTemperature,
  foldsOf,
  L2_GRID,
  nestedCalibration,
  type Outcome,
} from './classify-model.ts';
import { GENRE_SHARE, seeded, syntheticSet } from './classify-synthetic.ts';

export const MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'classify', 'classify-model.json');
export const FOLDS = 5;
/** Large single-kind folders are sampled (seeded) so they do not swamp fitting time. */
const PER_FOLDER = 80;
const SYNTHETIC_PER_CLASS = 40;
/** A label with fewer real documents than this leans on generated ones: it gets twice as many, and its own temperature. */
export const THIN_LABEL = 5;
const DEPTHS: readonly Depth[] = ['fast', 'balanced', 'thorough'];

export async function trainingData(
  corpus: string,
  log: (line: string) => void,
  cachedOnly = process.env.CLASSIFY_CACHED_ONLY === '1',
): Promise<{ real: CorpusDocument[]; synthetic: CorpusDocument[]; generatedLabels: string[] }> {
  const all = await labelledCorpus(corpus, { log, cachedOnly });
  const random = seeded(7);
  const byOrigin = new Map<string, CorpusDocument[]>();
  for (const d of all) byOrigin.set(d.origin, [...(byOrigin.get(d.origin) ?? []), d]);
  const real: CorpusDocument[] = [];
  for (const [origin, docs] of [...byOrigin].sort(([a], [b]) => a.localeCompare(b))) {
    // The 25-type classification set is kept whole; single-kind folders are sampled.
    const sampled =
      origin !== 'classification' && docs.length > PER_FOLDER
        ? docs
            .map((d) => ({ d, r: random() }))
            .sort((a, b) => a.r - b.r)
            .slice(0, PER_FOLDER)
            .map((x) => x.d)
        : docs;
    real.push(...sampled.sort((a, b) => a.source.localeCompare(b.source)));
  }
  // Labels with few or no real documents (cheques, envelopes, pay stubs, …) learn mostly from generated ones: twice as many.
  const generatedLabels = DEFAULT_CLASSES.filter((label) => real.filter((d) => d.label === label).length < THIN_LABEL);
  return { real, synthetic: syntheticSet(SYNTHETIC_PER_CLASS, 20261125, GENRE_SHARE, generatedLabels, SYNTHETIC_PER_CLASS), generatedLabels };
}

/** Balanced accuracy, accuracy, ECE and the `other` rate of a set of outcomes. */
export function summary(outcomes: readonly Outcome[]) {
  const labels = [...new Set(outcomes.map((o) => o.doc.label))];
  const recall = labels.map((l) => {
    const of = outcomes.filter((o) => o.doc.label === l);
    return of.filter((o) => o.predicted === l).length / of.length;
  });
  const r3 = (v: number) => Number(v.toFixed(3));
  return {
    oof_balanced_accuracy: r3(recall.reduce((a, b) => a + b, 0) / Math.max(1, recall.length)),
    oof_accuracy: r3(outcomes.filter((o) => o.predicted === o.doc.label).length / Math.max(1, outcomes.length)),
    oof_ece: r3(ece(outcomes)),
    oof_other_rate: r3(outcomes.filter((o) => o.predicted === 'other').length / Math.max(1, outcomes.length)),
  };
}

export async function trainClassify(log: (line: string) => void = console.log): Promise<void> {
  const corpus = corpusDir();
  const { real, synthetic, generatedLabels } = await trainingData(corpus, log);
  const generated = new Set(generatedLabels);
  log(`classify: ${real.length} real documents (${new Set(real.map((d) => d.label)).size} labels), ${synthetic.length} synthetic`);
  log(`  labels leaning on generated documents (< ${THIN_LABEL} real): ${generatedLabels.join(', ')}`);
  const scored = crossValidate(real, synthetic, FOLDS, FIT_DEFAULTS, log);
  const temperature: Record<string, number> = {};
  const generatedTemperature: Record<string, number> = {};
  const report: Record<string, unknown> = {};
  // The penalty, description weight and temperatures of the committed model: chosen on all out-of-fold scores.
  const { l2, weight: descriptionWeight } = chooseSetting(scored);
  log(`  l2 ${l2}, description weight ${descriptionWeight} (out of fold)`);
  for (const depth of DEPTHS) {
    const at = scored.filter((s) => s.depth === depth && s.l2 === l2 && s.weight === descriptionWeight);
    temperature[depth] = fitTemperature(at);
    generatedTemperature[depth] = fitGeneratedTemperature(at, generated, temperature[depth]);
    // The reported figures are nested: penalty, weight and temperatures chosen without the fold scored.
    const figures = summary(nestedCalibration(scored, FOLDS, depth, generated));
    report[depth] = {
      ...figures,
      temperature: temperature[depth],
      generated_temperature: generatedTemperature[depth],
      top_class_balanced_accuracy: Number(balancedAccuracyOf(at).toFixed(3)),
    };
    log(`  ${depth}: ${JSON.stringify(report[depth])}`);
  }
  // How the "nothing fits" confidence bar moves balanced accuracy and the `other` rate (balanced mode; the service's bar is UNSUPPORTED_CONFIDENCE).
  for (const bar of [0.6, 0.5, 0.4, 0.3, 0.2, 0]) log(`  nothing-fits bar ${bar}: ${JSON.stringify(summary(nestedCalibration(scored, FOLDS, 'balanced', generated, bar)))}`);
  const custom = fitCustomTemperatures(real, synthetic, foldsOf(real, FOLDS, FIT_DEFAULTS.seed), FOLDS, FIT_DEFAULTS.seed);
  log(`  described classes only: ${JSON.stringify(custom.report)}`);
  const model = {
    ...fit([...real, ...synthetic], { ...FIT_DEFAULTS, l2 }),
    temperature,
    descriptionWeight,
    generatedLabels,
    generatedTemperature,
    customTemperature: custom.temperature,
  };
  const counts: Record<string, number> = {};
  for (const d of real) counts[d.label] = (counts[d.label] ?? 0) + 1;
  const file = encodeModel(model, {
    training: {
      real_documents: real.length,
      genre_share: GENRE_SHARE,
      synthetic_documents: synthetic.length,
      labels: counts,
      folds: FOLDS,
      folds_by: 'source',
      fit: { ...FIT_DEFAULTS, l2 },
      l2_grid: L2_GRID,
      description_weight: descriptionWeight,
      out_of_fold: report,
      described_classes_only: custom.report,
    },
  });
  await writeFile(MODEL_PATH, `${JSON.stringify(file)}\n`);
  log(`wrote ${MODEL_PATH}`);
}
