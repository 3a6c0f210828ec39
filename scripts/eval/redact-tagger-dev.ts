/**
 * `npx tsx scripts/eval/redact-tagger-dev.ts`: the person tagger's effect on
 * the DEV half of the presidio-research sentences, out of fold. Each fifth
 * of the dev sentences is detected with a tagger fitted on the generated
 * text and the other four fifths (at the committed threshold and veto), and
 * scored under the evaluation's strict rule beside detection without the
 * tagger. The held-out half is not read. (The person model and the rules
 * were fitted and looked at on dev: these dev figures measure the tagger's
 * change, not detection's held-out accuracy.)
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import committed from '../../functions/engines/redact/person-tagger.json' with { type: 'json' };
import { localCandidates, settleSpans, type DetectionConfig, type PiiSpan } from '../../functions/engines/redact/detect.ts';
import { personResources, type PersonResources } from '../../functions/engines/redact/name-lexicon.ts';
import { corpusPath } from '../lib/corpus.ts';
import { seeded } from '../lib/random.ts';
import { fit, TAGGER_FOLDS, TAGGER_SEED, withLowerCase } from '../train/redact-tagger.ts';
import { generatePersonTexts } from '../train/redact-synthetic.ts';
import { TRAIN_SEED, TRAIN_TEXTS } from '../train/redact.ts';
import { scoreSynthetic } from './redact.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
type Sample = Parameters<typeof scoreSynthetic>[0][number];

const synth = JSON.parse(await readFile(corpusPath('pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as Sample[];
const dev = synth.slice(0, Math.floor(synth.length / 2));
const texts = dev.map((s) => ({ text: s.full_text, slots: s.spans.map((g) => ({ start: g.start_position, end: g.end_position, person: g.entity_type === 'PERSON' })) }));
const resources = await personResources();
const generated = withLowerCase(generatePersonTexts(seeded(TRAIN_SEED), TRAIN_TEXTS), seeded(TAGGER_SEED));
const detect = (text: string, persons: PersonResources): PiiSpan[] => settleSpans(text, localCandidates(text, BUILT_INS, persons), persons);

let msWithout = 0;
const without: PiiSpan[][] = dev.map((s) => {
  const t0 = performance.now();
  const spans = detect(s.full_text, { ...resources, sequence: undefined });
  msWithout += performance.now() - t0;
  return spans;
});
const withTagger: PiiSpan[][] = new Array(dev.length);
let ms = 0;
for (let fold = 0; fold < TAGGER_FOLDS; fold++) {
  const model = { ...fit(generated, texts.filter((_, i) => i % TAGGER_FOLDS !== fold), resources.lexicon, TAGGER_SEED + fold), threshold: committed.threshold, vetoBelow: committed.vetoBelow };
  dev.forEach((s, i) => {
    if (i % TAGGER_FOLDS !== fold) return;
    const t0 = performance.now();
    withTagger[i] = detect(s.full_text, { ...resources, sequence: model });
    ms += performance.now() - t0;
  });
}
const show = (name: string, p: PiiSpan[][]) => {
  const r = scoreSynthetic(dev, p);
  console.log(`${name}: overall ${JSON.stringify(r.overall)}\n  PERSON ${JSON.stringify(r.per_type.PERSON)}\n  words kept ${r.ordinary_words_kept}`);
};
show('dev, without the tagger', without);
show('dev, tagger out of fold', withTagger);
console.log(`detection: ${(msWithout / dev.length).toFixed(2)} ms per sentence without the tagger, ${(ms / dev.length).toFixed(2)} ms with it`);
if (process.argv.includes('--diff')) {
  dev.forEach((s, i) => {
    const key = (p: PiiSpan) => `${p.type} ${p.value}`;
    const a = new Set(without[i].map(key));
    const b = new Set(withTagger[i].map(key));
    for (const k of b) if (!a.has(k)) console.log('+', k, '|', s.full_text.slice(0, 100).replace(/\n/g, '⏎'));
    for (const k of a) if (!b.has(k)) console.log('-', k, '|', s.full_text.slice(0, 100).replace(/\n/g, '⏎'));
  });
}
