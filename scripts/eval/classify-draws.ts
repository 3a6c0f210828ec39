/**
 * `npm run eval -- classify --draws N` (or `--seeds a,b,c`): the classify
 * evaluation over several fold draws. With 14 labels holding one or two real
 * documents, one draw of folds swings balanced accuracy by ±0.04, so a
 * choice made on one draw can be a choice of folds. Each draw is a full
 * out-of-fold run (folds over sources, nested calibration, balanced mode)
 * with its own seed; reported: mean ± sd of balanced accuracy and accuracy
 * over draws, and per-class recall and confusions pooled over draws (every
 * document counted once per draw), so a class of two documents is judged on
 * ten answers, not two.
 *
 * @module
 */
import type { CorpusDocument } from '../train/classify-corpus.ts';
import type { SparseVector } from '../../functions/engines/classify/features.ts';
import { crossValidate, FIT_DEFAULTS, nestedCalibration, type FoldsBy, type Outcome } from '../train/classify-model.ts';
import { FOLDS, trainingData } from '../train/classify.ts';
import { machineInfo } from '../lib/machine.ts';
import { seeded } from '../lib/random.ts';

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The seeds of `draws` fold draws from one seed: the seed itself first (so one draw is the single-seed
 * evaluation), then numbers drawn from a generator seeded with it.
 */
export function drawSeeds(seed: number, draws: number): number[] {
  const random = seeded(seed);
  const seeds = [seed];
  while (seeds.length < draws) {
    const next = Math.floor(random() * 2 ** 31);
    if (!seeds.includes(next)) seeds.push(next);
  }
  return seeds.slice(0, Math.max(1, draws));
}

/** Mean and (sample) standard deviation. */
export function meanSd(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const variance = values.length > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean, sd: Math.sqrt(variance) };
}

/** Balanced accuracy (mean per-class recall) and accuracy of one draw's outcomes. */
export function drawFigures(outcomes: readonly Pick<Outcome, 'predicted' | 'doc'>[]): { balanced_accuracy: number; accuracy: number } {
  const labels = [...new Set(outcomes.map((o) => o.doc.label))];
  const recalls = labels.map((l) => {
    const of = outcomes.filter((o) => o.doc.label === l);
    return of.filter((o) => o.predicted === l).length / of.length;
  });
  return {
    balanced_accuracy: recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length),
    accuracy: outcomes.filter((o) => o.predicted === o.doc.label).length / Math.max(1, outcomes.length),
  };
}

export interface PooledClass {
  /** Answers pooled over draws (documents × draws). */
  readonly answers: number;
  readonly recall: number;
  /** The wrong class taking the largest share of this class's answers, and that share. */
  readonly worst_wrong?: string;
  readonly worst_share: number;
  readonly other_rate: number;
}

/** Per-class recall, worst wrong class and `other` rate, pooled over the draws' outcomes. */
export function pooledClasses(outcomes: readonly Pick<Outcome, 'predicted' | 'doc'>[]): Record<string, PooledClass> {
  const rows = new Map<string, Map<string, number>>();
  for (const o of outcomes) {
    const row = rows.get(o.doc.label) ?? new Map<string, number>();
    row.set(o.predicted, (row.get(o.predicted) ?? 0) + 1);
    rows.set(o.doc.label, row);
  }
  const out: Record<string, PooledClass> = {};
  for (const label of [...rows.keys()].sort()) {
    const row = rows.get(label)!;
    const answers = [...row.values()].reduce((a, b) => a + b, 0);
    const wrong = [...row].filter(([p]) => p !== label).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    out[label] = {
      answers,
      recall: r3((row.get(label) ?? 0) / answers),
      ...(wrong ? { worst_wrong: wrong[0] } : {}),
      worst_share: r3((wrong?.[1] ?? 0) / answers),
      other_rate: r3(label === 'other' ? 0 : (row.get('other') ?? 0) / answers),
    };
  }
  return out;
}

/** Each draw's balanced-mode outcomes, the fold fits sharing one feature cache (features do not depend on the seed). */
async function drawOutcomes(
  corpus: string,
  seeds: readonly number[],
  foldsBy: FoldsBy,
  log: (line: string) => void,
): Promise<{ seed: number; outcomes: Outcome[] }[]> {
  const { real, synthetic, generatedLabels } = await trainingData(corpus, () => {});
  const generated = new Set(generatedLabels);
  const cache = new Map<CorpusDocument, SparseVector>();
  const draws: { seed: number; outcomes: Outcome[] }[] = [];
  for (const seed of seeds) {
    const scored = crossValidate(real, synthetic, FOLDS, { ...FIT_DEFAULTS, seed }, () => {}, undefined, foldsBy, cache);
    const outcomes = nestedCalibration(scored, FOLDS, 'balanced', generated);
    const f = drawFigures(outcomes);
    const missed = outcomes.filter((o) => o.predicted !== o.doc.label).map((o) => `${o.doc.label}→${o.predicted}`);
    log(`  draw seed ${seed}: balanced accuracy ${r3(f.balanced_accuracy)}, accuracy ${r3(f.accuracy)}; misses ${missed.sort().join(' ')}`);
    draws.push({ seed, outcomes });
  }
  return draws;
}

/**
 * `npm run eval -- classify --draws N [--seed S]` or `--seeds a,b,c`: balanced mode over several fold draws,
 * mean ± sd and pooled per-class recall.
 */
export async function runClassifyDraws(options: {
  corpus: string;
  seeds: readonly number[];
  foldsBy?: FoldsBy;
  log: (line: string) => void;
}): Promise<Record<string, unknown>> {
  const { corpus, seeds, log } = options;
  const foldsBy = options.foldsBy ?? 'source';
  log(
    `classify: ${seeds.length} fold draws (seeds ${seeds.join(', ')}), ${FOLDS} folds over ${foldsBy === 'source' ? 'sources' : 'documents'}, balanced mode`,
  );
  const draws = await drawOutcomes(corpus, seeds, foldsBy, log);
  const figures = draws.map((d) => drawFigures(d.outcomes));
  const ba = meanSd(figures.map((f) => f.balanced_accuracy));
  const acc = meanSd(figures.map((f) => f.accuracy));
  const pooled = pooledClasses(draws.flatMap((d) => d.outcomes));
  const pooledBa = Object.values(pooled).reduce((s, c) => s + c.recall, 0) / Math.max(1, Object.keys(pooled).length);
  log(
    `classify balanced over ${seeds.length} draws: balanced accuracy ${ba.mean.toFixed(3)} ± ${ba.sd.toFixed(3)}, accuracy ${acc.mean.toFixed(3)} ± ${acc.sd.toFixed(3)}`,
  );
  log(`  pooled per-class recall (answers = documents × draws):`);
  for (const [label, c] of Object.entries(pooled))
    log(
      `  ${label.padEnd(22)} answers=${String(c.answers).padStart(4)}  R ${c.recall.toFixed(2)}${c.worst_wrong ? `  worst → ${c.worst_wrong} ${c.worst_share.toFixed(2)}` : ''}`,
    );
  const over = Object.entries(pooled).filter(([, c]) => c.worst_share > 0.3);
  log(
    `  pooled: classes with more than 30 % sent to one wrong class: ${over.length ? over.map(([l, c]) => `${l} → ${c.worst_wrong} ${c.worst_share}`).join(', ') : 'none'}`,
  );
  // Which documents miss in how many draws: the pooled figures' cause, for reading (never for tuning on the reported seed).
  const misses = new Map<string, string[]>();
  for (const d of draws)
    for (const o of d.outcomes)
      if (o.predicted !== o.doc.label)
        misses.set(`${o.doc.source} (${o.doc.label})`, [...(misses.get(`${o.doc.source} (${o.doc.label})`) ?? []), o.predicted]);
  return {
    operation: 'classify',
    mode: 'balanced',
    corpus,
    machine: machineInfo(),
    folds: FOLDS,
    folds_by: foldsBy,
    seeds,
    per_draw: draws.map((d, i) => ({ seed: d.seed, balanced_accuracy: r3(figures[i].balanced_accuracy), accuracy: r3(figures[i].accuracy) })),
    balanced_accuracy: { mean: r3(ba.mean), sd: r3(ba.sd) },
    accuracy: { mean: r3(acc.mean), sd: r3(acc.sd) },
    pooled_balanced_accuracy: r3(pooledBa),
    pooled_per_class: pooled,
    misses: Object.fromEntries([...misses].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => [k, v.join(',')])),
  };
}
