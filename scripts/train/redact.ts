/**
 * `npm run train -- redact`: fits the person model
 * (functions/engines/redact/person-model.ts) and writes its weights to
 * functions/engines/redact/person-model.json. Seeded and deterministic: the
 * same run writes the same file.
 *
 * - examples: every capitalised run the model reads, labelled a person when
 *   a person span covers half of it or more, from two sources:
 *   generated text (redact-synthetic.ts: our own templates and names), and
 *   the DEV half of the presidio-research sentences (the first half, the
 *   one the evaluation calls dev; the held-out half is never read here);
 * - fit: logistic regression, L2, full-batch Adam; dev examples weigh
 *   DEV_WEIGHT each (they are fewer, and real-looking);
 * - threshold: chosen out of fold on dev. The dev sentences are cut in
 *   FOLDS parts; for each part a model fitted on the generated text and
 *   the other parts scores that part's runs which the rules leave below
 *   their threshold (the runs the model decides). The threshold maximises
 *   people found minus FP_COST × non-people taken over those out-of-fold
 *   scores (ties to the lower threshold). The veto threshold likewise: the
 *   accepted runs' out-of-fold scores, non-people dropped × FP_COST minus
 *   people lost. Recorded beside them: the out-of-fold counts, and on a
 *   second generated set (another seed) precision and recall at the threshold.
 *
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { personResources } from '../../functions/engines/redact/name-lexicon.ts';
import { candidateRuns, STREET_AFTER } from '../../functions/engines/redact/names.ts';
import { modelReads, PERSON_FEATURES, probability, runFeatures, type PersonModelWeights } from '../../functions/engines/redact/person-model.ts';
import { SCORE_THRESHOLD } from '../../functions/engines/redact/recognizers.ts';
import { corpusPath } from '../lib/corpus.ts';
import { seeded } from '../lib/random.ts';
import { generatePersonTexts, type GeneratedText } from './redact-synthetic.ts';
import { generateTechnicalTexts } from './redact-technical.ts';
import { trainPersonTagger } from './redact-tagger.ts';

const SEED = 20261125;
export const TRAIN_SEED = SEED;
export const TRAIN_TEXTS = 8000;
const VALIDATION_TEXTS = 3000;
/** Generated technical pages (redact-technical.ts) beside the business text. */
const TECHNICAL_TEXTS = 2000;
const EPOCHS = 600;
const L2 = 1e-3;
const LEARNING_RATE = 0.05;
/** How much one dev example weighs against one generated example. */
const DEV_WEIGHT = 10;
const FOLDS = 5;
/** A non-person taken costs this many people found (a masked ordinary word, a false redaction). */
const FP_COST = 2;
/**
 * The veto overrides the rules, so only where the model is all but sure: a
 * vetoed name also takes its other mentions in the text along (which the
 * per-run count above does not see). 0.5 was tried: on dev it lost 7 people
 * for 5 non-people.
 */
const MAX_VETO = 0.3;

interface Example {
  x: number[];
  y: number;
  /** Weight in the loss (1 for generated text). */
  w: number;
}

async function examplesOf(texts: readonly GeneratedText[], weight = 1): Promise<Example[]> {
  const { lexicon } = await personResources();
  const out: Example[] = [];
  for (const { text, slots } of texts) {
    for (const run of candidateRuns(text, lexicon)) {
      if (!modelReads(run) || STREET_AFTER.test(text.slice(run.end, run.end + 24))) continue;
      // A run glued to other letters is a piece of an e-mail address, a URL or a camel-case word: detection drops those (trimPersonSpan).
      if (/[\p{L}\p{N}_@/\\]/u.test(text.charAt(run.start - 1)) || /[\p{L}\p{N}_@/\\]/u.test(text.charAt(run.end))) continue;
      const inPerson = slots
        .filter((s) => s.person)
        .reduce((sum, s) => sum + Math.max(0, Math.min(s.end, run.end) - Math.max(s.start, run.start)), 0);
      out.push({ x: runFeatures(text, run, lexicon), y: inPerson * 2 >= run.end - run.start ? 1 : 0, w: weight });
    }
  }
  return out;
}

/** The dev half of the presidio-research sentences (the evaluation's split: the first half), as texts with person slots. */
async function devTexts(): Promise<GeneratedText[]> {
  const all = JSON.parse(await readFile(corpusPath('pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as {
    full_text: string;
    spans: { entity_type: string; start_position: number; end_position: number }[];
  }[];
  return all.slice(0, Math.floor(all.length / 2)).map((s) => ({
    text: s.full_text,
    slots: s.spans.map((g) => ({ start: g.start_position, end: g.end_position, person: g.entity_type === 'PERSON' })),
  }));
}

function fit(examples: readonly Example[]): number[] {
  const d = PERSON_FEATURES.length;
  const w = new Array<number>(d).fill(0);
  const m = new Array<number>(d).fill(0);
  const v = new Array<number>(d).fill(0);
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    const grad = new Array<number>(d).fill(0);
    const total = examples.reduce((sum, e) => sum + e.w, 0);
    for (const { x, y, w: weight } of examples) {
      let z = 0;
      for (let i = 0; i < d; i++) z += x[i] * w[i];
      const error = (weight * (1 / (1 + Math.exp(-z)) - y)) / total;
      for (let i = 0; i < d; i++) grad[i] += error * x[i];
    }
    for (let i = 0; i < d; i++) {
      const g = grad[i] + (i === 0 ? 0 : L2 * w[i]);
      m[i] = 0.9 * m[i] + 0.1 * g;
      v[i] = 0.999 * v[i] + 0.001 * g * g;
      w[i] -= (LEARNING_RATE * (m[i] / (1 - 0.9 ** epoch))) / (Math.sqrt(v[i] / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  return w.map((x) => Math.round(x * 1e4) / 1e4);
}

/** Precision and recall of the runs at or above `threshold` among scored runs. */
function at(scored: readonly { p: number; y: number }[], threshold: number) {
  const flagged = scored.filter((e) => e.p >= threshold);
  const tp = flagged.filter((e) => e.y === 1).length;
  const positives = scored.filter((e) => e.y === 1).length;
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return { taken: flagged.length, people: tp, precision: r3(tp / Math.max(1, flagged.length)), recall: r3(tp / Math.max(1, positives)) };
}

/** `npm run train -- redact [tagger|model]`: the person model, then the sequence tagger (`tagger`: the tagger only; `model`: the model only). */
export async function trainRedact(args: readonly string[] = []): Promise<void> {
  const dev = await devTexts();
  if (!args.includes('tagger')) await trainPersonModel(dev);
  if (!args.includes('model')) await trainPersonTagger(generatePersonTexts(seeded(SEED), TRAIN_TEXTS), dev);
}

/** A run's probability of being a person under a model that did not see it, and its label. */
interface Scored {
  p: number;
  y: number;
}

/**
 * Out of fold on dev: each fifth of the sentences scored by a model fitted on the generated text and the other
 * fifths, so the thresholds are chosen on scores no fit saw. Split by what the rules do with the run: left below
 * their threshold (`outOfFold`, the model's to decide) or accepted (`acceptedOutOfFold`, the model may veto).
 */
async function outOfFoldScores(
  dev: readonly GeneratedText[],
  generated: readonly Example[],
): Promise<{ outOfFold: Scored[]; acceptedOutOfFold: Scored[] }> {
  const outOfFold: Scored[] = [];
  const acceptedOutOfFold: Scored[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const fitOn = await examplesOf(
      dev.filter((_, i) => i % FOLDS !== fold),
      DEV_WEIGHT,
    );
    const scoreOn = await examplesOf(
      dev.filter((_, i) => i % FOLDS === fold),
      DEV_WEIGHT,
    );
    const model: PersonModelWeights = { features: PERSON_FEATURES, weights: fit([...generated, ...fitOn]), threshold: 1, vetoBelow: 0 };
    // Only runs the rules leave below their threshold are the model's to decide.
    for (const e of scoreOn) (e.x[1] < SCORE_THRESHOLD ? outOfFold : acceptedOutOfFold).push({ p: probability(e.x, model), y: e.y });
  }
  return { outOfFold, acceptedOutOfFold };
}

/** The threshold, 0.95 down to 0.5, with the most people found less FP_COST × non-people taken out of fold. */
function chooseThreshold(outOfFold: readonly Scored[]): number {
  let threshold = 0.95;
  let best = -Infinity;
  for (let t = 0.95; t >= 0.5 - 1e-9; t -= 0.01) {
    const { people, taken } = at(outOfFold, t);
    const gain = people - FP_COST * (taken - people);
    // Ties go to the lower threshold: recall is the target still short.
    if (gain >= best) {
      best = gain;
      threshold = Math.round(t * 100) / 100;
    }
  }
  return threshold;
}

/**
 * The veto threshold, up to MAX_VETO (0 for none): dropping an accepted run below `t` loses the people there and
 * removes the non-people (same cost ratio as the threshold). Logs the counts at each step tried.
 */
function chooseVeto(acceptedOutOfFold: readonly Scored[]): number {
  let vetoBelow = 0;
  let bestVeto = 0;
  for (let t = 0.05; t <= MAX_VETO + 1e-9; t += 0.05) {
    const below = acceptedOutOfFold.filter((e) => e.p < t);
    const gain = FP_COST * below.filter((e) => e.y === 0).length - below.filter((e) => e.y === 1).length;
    console.log(
      `out of fold on dev, runs the rules accept, below ${t.toFixed(2)}: ${below.filter((e) => e.y === 0).length} non-people, ${below.filter((e) => e.y === 1).length} people`,
    );
    if (gain > bestVeto) {
      bestVeto = gain;
      vetoBelow = Math.round(t * 100) / 100;
    }
  }
  return vetoBelow;
}

async function trainPersonModel(dev: readonly GeneratedText[]): Promise<void> {
  // Business text and technical pages (software names beside their identifiers, people beside them): the model's generated half.
  const generated = await examplesOf([
    ...generatePersonTexts(seeded(SEED), TRAIN_TEXTS),
    ...generateTechnicalTexts(seeded(SEED + 2), TECHNICAL_TEXTS),
  ]);
  const validation = await examplesOf([
    ...generatePersonTexts(seeded(SEED + 1), VALIDATION_TEXTS),
    ...generateTechnicalTexts(seeded(SEED + 3), TECHNICAL_TEXTS / 4),
  ]);
  const { outOfFold, acceptedOutOfFold } = await outOfFoldScores(dev, generated);
  const threshold = chooseThreshold(outOfFold);
  const vetoBelow = chooseVeto(acceptedOutOfFold);
  for (let t = 0.5; t < 0.96; t += 0.05)
    console.log(`out of fold on dev, runs the rules leave below their threshold, at ${t.toFixed(2)}: ${JSON.stringify(at(outOfFold, t))}`);
  const devExamples = await examplesOf(dev, DEV_WEIGHT);
  const weights = fit([...generated, ...devExamples]);
  const model: PersonModelWeights = { features: PERSON_FEATURES, weights, threshold, vetoBelow };
  const decided = validation.filter((e) => e.x[1] < SCORE_THRESHOLD).map((e) => ({ p: probability(e.x, model), y: e.y }));
  const accuracy = (set: readonly Example[]) => set.filter((e) => (probability(e.x, model) >= 0.5 ? 1 : 0) === e.y).length / set.length;
  const out = {
    features: PERSON_FEATURES,
    weights,
    threshold,
    vetoBelow,
    trained: {
      seed: SEED,
      generated_examples: generated.length,
      dev_examples: devExamples.length,
      dev_weight: DEV_WEIGHT,
      people: [...generated, ...devExamples].filter((e) => e.y === 1).length,
      train_accuracy_at_half: Math.round(accuracy([...generated, ...devExamples]) * 1000) / 1000,
      generated_validation_accuracy_at_half: Math.round(accuracy(validation) * 1000) / 1000,
      dev_out_of_fold_accepted_by_rules: {
        runs: acceptedOutOfFold.length,
        people: acceptedOutOfFold.filter((e) => e.y === 1).length,
        vetoed: acceptedOutOfFold.filter((e) => e.p < vetoBelow).length,
        people_vetoed: acceptedOutOfFold.filter((e) => e.p < vetoBelow && e.y === 1).length,
      },
      dev_out_of_fold_below_rule_threshold: {
        runs: outOfFold.length,
        people: outOfFold.filter((e) => e.y === 1).length,
        fp_cost: FP_COST,
        at_threshold: at(outOfFold, threshold),
      },
      generated_validation_below_rule_threshold: {
        runs: decided.length,
        people: decided.filter((e) => e.y === 1).length,
        at_threshold: at(decided, threshold),
      },
    },
  };
  const path = join(import.meta.dirname, '../../functions/engines/redact/person-model.json');
  await writeFile(path, `${JSON.stringify(out, null, 1)}\n`);
  console.log(JSON.stringify(out.trained), 'threshold', threshold);
  console.log(PERSON_FEATURES.map((f, i) => `${f} ${weights[i]}`).join('\n'));
}
