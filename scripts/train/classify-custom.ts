/**
 * Temperatures for sets of described classes only: a caller's own classes
 * (a description each, no examples) scored without the learned model, with a
 * "none of these" option. Fitted out of fold on real and generated
 * documents: seeded trials each take 3–6 built-in descriptions as if a
 * caller had written them, and score the documents of those kinds (truth:
 * their class) and as many of other kinds (truth: none of these). Each
 * fold's temperature is fitted on the other folds' documents only, so the
 * reported ECE is out of fold; the committed value is fitted on all.
 *
 * @module
 */
import { DEFAULT_CLASSES } from '../../functions/contracts/schemas/classify.ts';
import { BUILT_IN_CLASSES, type BuiltInClass } from '../../functions/engines/classify/classes.ts';
import { classesFromDescriptions, scoreClasses, softmaxAt, wordCount, type Depth } from '../../functions/engines/classify/classifier.ts';
import { seeded, type Random } from '../lib/random.ts';
import type { CorpusDocument } from './classify-corpus.ts';
import { fitTemperatureBy, readPages } from './classify-model.ts';

const TRIALS = 48;
/** Generated documents per label that join the real ones (so labels without real documents are tried too). */
const GENERATED_PER_LABEL = 4;
const DEPTHS: readonly Depth[] = ['fast', 'balanced', 'thorough'];

interface Item {
  readonly fold: number;
  readonly depth: Depth;
  /** The classes' logits, then "none of these" at 0. */
  readonly logits: readonly number[];
  /** Index of the true answer in `logits` (the last one: none of these). */
  readonly truth: number;
  readonly words: number;
}

function sample<T>(r: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
}

/** The temperature of least negative log-likelihood of the true answers (classes or none of these). */
const fit = (items: readonly Item[]) => fitTemperatureBy(items, (s) => s.truth);

/** Accuracy and ECE (10 bins) of the answers at a temperature; fewer than 3 words is "none of these", as in the service. */
function measure(items: readonly Item[], t: (s: Item) => number): { accuracy: number; ece: number } {
  const answers = items.map((s) => {
    const p = softmaxAt(s.logits, t(s));
    let top = 0;
    for (let i = 1; i < p.length; i++) if (p[i] > p[top]) top = i;
    if (s.words < 3) top = p.length - 1;
    return { correct: top === s.truth, confidence: p[top] };
  });
  let ece = 0;
  for (let b = 0; b < 10; b++) {
    const bin = answers.filter((a) => a.confidence > b / 10 && a.confidence <= (b + 1) / 10);
    if (bin.length)
      ece +=
        (bin.length / answers.length) *
        Math.abs(bin.filter((a) => a.correct).length / bin.length - bin.reduce((s, a) => s + a.confidence, 0) / bin.length);
  }
  return { accuracy: answers.filter((a) => a.correct).length / Math.max(1, answers.length), ece };
}

/** The scored trials: every document of a tried kind, and as many of other kinds, at every depth. */
function trials(docs: readonly { doc: CorpusDocument; fold: number }[], seed: number): Item[] {
  const r = seeded(seed);
  const background = DEFAULT_CLASSES.map((l) => BUILT_IN_CLASSES[l].description);
  const pages = new Map<string, ReturnType<typeof readPages>>();
  const pagesOf = (d: CorpusDocument, depth: Depth, key: string) => {
    if (!pages.has(key)) pages.set(key, readPages(d, depth));
    return pages.get(key)!;
  };
  const items: Item[] = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    const labels: readonly string[] = sample(r, DEFAULT_CLASSES, 3 + Math.floor(r() * 4));
    const classes = classesFromDescriptions(
      labels.map((l) => [l, BUILT_IN_CLASSES[l as BuiltInClass].description] as const),
      background,
    );
    const inSet = docs.filter((x) => labels.includes(x.doc.label));
    const outSet = sample(
      r,
      docs.filter((x) => !labels.includes(x.doc.label)),
      Math.max(4, inSet.length),
    );
    for (const x of [...inSet, ...outSet]) {
      for (const depth of DEPTHS) {
        const read = pagesOf(x.doc, depth, `${docs.indexOf(x)}:${depth}`).map((p, i) => ({
          pageNumber: i + 1,
          text: p.text,
          width: p.width,
          height: p.height,
          kind: p.kind,
        }));
        const s = scoreClasses(read, { classes, depth, nonDomainLabel: 'other', model: null });
        const truth = s.labels.indexOf(x.doc.label);
        items.push({ fold: x.fold, depth, logits: [...s.logits, 0], truth: truth < 0 ? s.logits.length : truth, words: wordCount(read) });
      }
    }
  }
  return items;
}

/**
 * Out-of-fold temperatures for described classes only. `folds` gives each
 * real document's fold (over sources); generated documents are dealt to
 * folds in turn.
 */
export function fitCustomTemperatures(
  real: readonly CorpusDocument[],
  synthetic: readonly CorpusDocument[],
  folds: readonly number[],
  k: number,
  seed: number,
): { temperature: Record<Depth, number>; report: Record<string, unknown> } {
  const perLabel = new Map<string, number>();
  const generated = synthetic.filter((d) => {
    const n = perLabel.get(d.label) ?? 0;
    perLabel.set(d.label, n + 1);
    return n < GENERATED_PER_LABEL;
  });
  const docs = [...real.map((doc, i) => ({ doc, fold: folds[i] })), ...generated.map((doc, i) => ({ doc, fold: i % k }))];
  const items = trials(docs, seed + 41);
  const temperature = {} as Record<Depth, number>;
  const report: Record<string, unknown> = { trials: TRIALS, documents: docs.length, generated_documents: generated.length };
  for (const depth of DEPTHS) {
    const at = items.filter((s) => s.depth === depth);
    temperature[depth] = fit(at);
    const perFold = Array.from({ length: k }, (_, f) => fit(at.filter((s) => s.fold !== f)));
    const oof = measure(at, (s) => perFold[s.fold]);
    report[depth] = {
      temperature: temperature[depth],
      oof_accuracy: Number(oof.accuracy.toFixed(3)),
      oof_ece: Number(oof.ece.toFixed(3)),
      answers: at.length,
    };
  }
  return { temperature, report };
}
