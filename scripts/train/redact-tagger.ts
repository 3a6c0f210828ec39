/**
 * Part of `npm run train -- redact`: fits the person-name sequence tagger
 * (functions/engines/redact/person-tagger.ts, a linear-chain CRF over B/I/O)
 * and writes functions/engines/redact/person-tagger.json. Seeded and
 * deterministic: the same run writes the same file.
 *
 * - sequences: generated text (redact-synthetic.ts, our own templates and
 *   names; a share of it lower-cased, as chat is written) and the DEV half of
 *   the presidio-research sentences (the held-out half is never read here),
 *   each dev sentence repeated DEV_REPEAT times per epoch;
 * - fit: stochastic gradient on the CRF's log-likelihood (forward–backward),
 *   L2 decay, a decaying step, features seen at least MIN_COUNT times;
 * - threshold: chosen out of fold on dev. For each of FOLDS parts of the dev
 *   sentences a tagger fitted on the generated text and the other parts tags
 *   that part; the spans it finds that the rules and the person model did
 *   not already accept are counted as people or not (a gold person span
 *   covering half of it). The confidence threshold maximises people found
 *   minus FP_COST × non-people taken (ties to the lower threshold).
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { personCandidates, vetoable } from '../../functions/engines/redact/detect.ts';
import { personResources, type NameLexicon, type PersonResources } from '../../functions/engines/redact/name-lexicon.ts';
import { marginals, readPersons, TAGS, tokenFeatures, tokenize, type PersonTaggerModel } from '../../functions/engines/redact/person-tagger.ts';
import { SCORE_THRESHOLD } from '../../functions/engines/redact/recognizers.ts';
import { seeded, type Random } from '../lib/random.ts';
import type { GeneratedText } from './redact-synthetic.ts';

const SEED = 20261126;
export const TAGGER_SEED = SEED;
const EPOCHS = 8;
const STEP = 0.08;
const L2 = 1e-4;
const MIN_COUNT = 2;
const DEV_REPEAT = 4;
const LOWER_CASE_SHARE = 0.15;
const FOLDS = 5;
export const TAGGER_FOLDS = FOLDS;
const FP_COST = 2;
/** Veto thresholds tried: only where the tagger is all but sure (a vetoed name takes its other mentions along). */
const VETO_STEPS = [0.01, 0.02, 0.03, 0.05, 0.08, 0.1];
const T = TAGS.length;

interface Sequence {
  features: number[][];
  tags: number[];
}

/** Token tags of a text from its person slots: B for a slot's first token, I for the rest, O elsewhere. */
function tagsOf(text: string, slots: GeneratedText['slots']): { tokens: ReturnType<typeof tokenize>; tags: number[] } {
  const tokens = tokenize(text);
  const people = slots.filter((s) => s.person);
  let previousSlot = -1;
  const tags = tokens.map((t) => {
    const slot = people.findIndex((s) => t.start >= s.start && t.start < s.end);
    const tag = slot < 0 ? 0 : slot === previousSlot ? 2 : 1;
    previousSlot = slot;
    return tag;
  });
  return { tokens, tags };
}

/** Generated texts, a share of them lower-cased when that keeps every offset. */
export function withLowerCase(texts: readonly GeneratedText[], r: Random): GeneratedText[] {
  return texts.map((t) => {
    if (r() >= LOWER_CASE_SHARE) return t;
    const lower = t.text.toLowerCase();
    return lower.length === t.text.length ? { ...t, text: lower } : t;
  });
}

class FeatureIndex {
  readonly ids = new Map<string, number>();
  constructor(texts: readonly GeneratedText[], lex: NameLexicon) {
    const counts = new Map<string, number>();
    for (const { text } of texts) for (const fs of tokenFeatures(text, tokenize(text), lex)) for (const f of fs) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const [f, c] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (c >= MIN_COUNT) this.ids.set(f, this.ids.size);
  }
  sequence(text: string, slots: GeneratedText['slots'], lex: NameLexicon): Sequence {
    const { tokens, tags } = tagsOf(text, slots);
    const features = tokenFeatures(text, tokens, lex).map((fs) => fs.flatMap((f) => (this.ids.has(f) ? [this.ids.get(f)!] : [])));
    return { features, tags };
  }
}

function shuffle<T>(xs: T[], r: Random): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Fits a CRF on `texts` (dev ones repeated) and returns it as the model JSON's weights and transitions. */
export function fit(generated: readonly GeneratedText[], dev: readonly GeneratedText[], lex: NameLexicon, seed: number): Pick<PersonTaggerModel, 'weights' | 'transitions'> {
  const all = [...generated, ...dev];
  const index = new FeatureIndex(all, lex);
  const sequences = [...generated.map((t) => index.sequence(t.text, t.slots, lex)), ...dev.flatMap((t) => Array<Sequence>(DEV_REPEAT).fill(index.sequence(t.text, t.slots, lex)))];
  const w = new Float64Array(index.ids.size * T);
  const trans = Array.from({ length: T + 1 }, () => new Array<number>(T).fill(0));
  const r = seeded(seed);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const step = STEP / (1 + epoch);
    const decay = 1 - step * L2;
    const order = shuffle([...sequences], r);
    for (let s = 0; s < order.length; s++) {
      const { features, tags } = order[s];
      if (tags.length === 0) continue;
      const e = features.map((fs) => {
        const row = new Array<number>(T).fill(0);
        for (const f of fs) for (let t = 0; t < T; t++) row[t] += w[f * T + t];
        return row;
      });
      const { unary, pairs } = marginals(e, trans);
      for (let i = 0; i < tags.length; i++) {
        for (const f of features[i]) {
          w[f * T + tags[i]] += step;
          for (let t = 0; t < T; t++) w[f * T + t] -= step * unary[i][t];
        }
        if (i === 0) {
          trans[T][tags[0]] += step;
          for (let t = 0; t < T; t++) trans[T][t] -= step * unary[0][t];
        } else {
          trans[tags[i - 1]][tags[i]] += step;
          for (let p = 0; p < T; p++) for (let t = 0; t < T; t++) trans[p][t] -= step * pairs[i][p][t];
        }
      }
      if (s % 100 === 99) {
        const factor = decay ** 100;
        for (let k = 0; k < w.length; k++) w[k] *= factor;
      }
    }
  }
  const weights: Record<string, number[]> = {};
  for (const [f, id] of index.ids) {
    const row = [0, 1, 2].map((t) => Math.round(w[id * T + t] * 1000) / 1000);
    // Weights this small change no decision: left out to keep the file small.
    if (row.some((x) => Math.abs(x) >= 0.005)) weights[f] = row;
  }
  return { weights, transitions: trans.map((row) => row.map((x) => Math.round(x * 1000) / 1000)) };
}

/**
 * Tagger spans the rules and the person model did not already accept, as
 * detection takes them (trimmed, firms and town lines left out), each with
 * its confidence and whether it is a person.
 */
function newSpans(text: string, slots: GeneratedText['slots'], resources: PersonResources, model: PersonTaggerModel): { confidence: number; person: boolean }[] {
  return personCandidates(text, { ...resources, sequence: { ...model, threshold: 0, vetoBelow: 0 } })
    .filter((c) => c.rule === 'name-tagger')
    .map((c) => {
      const covered = slots.filter((g) => g.person).reduce((sum, g) => sum + Math.max(0, Math.min(g.end, c.end) - Math.max(g.start, c.start)), 0);
      // The candidate's score is SCORE_THRESHOLD + 0.2 × confidence at threshold 0 (detect.ts).
      return { confidence: (c.score - SCORE_THRESHOLD) / 0.2, person: covered * 2 >= c.end - c.start };
    });
}

/**
 * The runs the rules and the person model accept, with the tagger's highest
 * probability of one of their tokens being in a name. Runs glued to other letters
 * (pieces of an e-mail address) are left out: the e-mail span wins there anyway.
 */
function acceptedSpans(text: string, slots: GeneratedText['slots'], resources: PersonResources, model: PersonTaggerModel): { confidence: number; person: boolean }[] {
  const reading = readPersons(text, resources.lexicon, model);
  return personCandidates(text, { ...resources, sequence: undefined })
    .filter((c) => c.score >= SCORE_THRESHOLD && vetoable(text, c, resources.lexicon) && !/[\p{L}\p{N}@.]/u.test(text.charAt(c.start - 1)) && !/[\p{L}\p{N}@]/u.test(text.charAt(c.end)))
    .map((c) => ({ confidence: reading.inName(c.start, c.end) ?? 1, person: personShare(slots, c) * 2 >= c.end - c.start }));
}

const personShare = (slots: GeneratedText['slots'], c: { start: number; end: number }) =>
  slots.filter((g) => g.person).reduce((sum, g) => sum + Math.max(0, Math.min(g.end, c.end) - Math.max(g.start, c.start)), 0);

export async function trainPersonTagger(generatedTexts: readonly GeneratedText[], dev: readonly GeneratedText[]): Promise<void> {
  const resources = await personResources();
  const lex = resources.lexicon;
  const generated = withLowerCase(generatedTexts, seeded(SEED));
  const scored: { confidence: number; person: boolean }[] = [];
  const accepted: { confidence: number; person: boolean }[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = { ...fit(generated, dev.filter((_, i) => i % FOLDS !== fold), lex, SEED + fold), threshold: 0, vetoBelow: 0 };
    dev.forEach((t, i) => {
      if (i % FOLDS !== fold) return;
      scored.push(...newSpans(t.text, t.slots, resources, model));
      accepted.push(...acceptedSpans(t.text, t.slots, resources, model));
    });
  }
  let threshold = 0.95;
  let best = -Infinity;
  const at = (t: number) => {
    const taken = scored.filter((s) => s.confidence >= t);
    const people = taken.filter((s) => s.person).length;
    return { taken: taken.length, people, non_people: taken.length - people };
  };
  for (let t = 0.95; t >= 0.3 - 1e-9; t -= 0.01) {
    const { people, non_people } = at(t);
    const gain = people - FP_COST * non_people;
    if (gain >= best) {
      best = gain;
      threshold = Math.round(t * 100) / 100;
    }
  }
  // Veto: dropping accepted runs below `t` removes the non-people there and loses the people.
  let vetoBelow = 0;
  let bestVeto = 0;
  for (const t of VETO_STEPS) {
    const below = accepted.filter((s) => s.confidence < t);
    const people = below.filter((s) => s.person).length;
    // Recall is what is short: a person lost costs FP_COST non-people dropped.
    const gain = below.length - people - FP_COST * people;
    console.log(`tagger veto, out of fold on dev, accepted runs below ${t}: ${below.length - people} non-people, ${people} people`);
    if (gain > bestVeto) {
      bestVeto = gain;
      vetoBelow = t;
    }
  }
  for (let t = 0.3; t < 0.96; t += 0.05) console.log(`tagger, out of fold on dev, spans the rules did not accept, at ${t.toFixed(2)}: ${JSON.stringify(at(t))}`);
  const final = fit(generated, dev, lex, SEED + FOLDS);
  const out = {
    ...final,
    threshold,
    vetoBelow,
    trained: {
      seed: SEED,
      generated_texts: generated.length,
      dev_texts: dev.length,
      dev_repeat: DEV_REPEAT,
      epochs: EPOCHS,
      features: Object.keys(final.weights).length,
      dev_out_of_fold_accepted_runs: { runs: accepted.length, people: accepted.filter((s) => s.person).length, vetoed: accepted.filter((s) => s.confidence < vetoBelow).length, people_vetoed: accepted.filter((s) => s.confidence < vetoBelow && s.person).length },
      dev_out_of_fold_new_spans: { spans: scored.length, people: scored.filter((s) => s.person).length, fp_cost: FP_COST, at_threshold: at(threshold) },
    },
  };
  await writeFile(join(import.meta.dirname, '../../functions/engines/redact/person-tagger.json'), `${JSON.stringify(out)}\n`);
  console.log('tagger', JSON.stringify(out.trained), 'threshold', threshold);
}
