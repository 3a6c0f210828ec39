/**
 * `npx tsx scripts/eval/redact-refill.ts [out.json]`: a development set of
 * FRESH VALUES in DEV TEMPLATES. The dev half's rules were fitted on its own
 * values, so its recall no longer says how the rules do on unseen names and
 * streets; the held-out half may not be looked at. Here each dev sentence's
 * template (`masked`) is refilled with generated values of the shape its
 * dev values had (scripts/eval/redact-refill-values.ts), three seeds of the
 * 500 dev templates, and scored under the eval's strict rule (a gold span is
 * found when predictions OF ITS TYPE cover at least half of it), with the
 * misses per type, the gold spans found only under another type (the type
 * gap), and, with an output path, every sentence's predictions and misses
 * so two runs can be compared span by span.
 *
 * The held-out half is never read.
 *
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { detectPii, type DetectionConfig, type PiiSpan } from '../../functions/engines/redact/detect.ts';
import { personResources } from '../../functions/engines/redact/name-lexicon.ts';
import { corpusPath } from '../lib/corpus.ts';
import { seeded } from '../lib/random.ts';
import { covered, GOLD_TO_OURS, scoreSynthetic } from './redact.ts';
import { refill, ValueMaker, type RefillSample } from './redact-refill-values.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const SEEDS = [1, 2, 3];

const synth = JSON.parse(await readFile(corpusPath('pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as RefillSample[];
const dev = synth.slice(0, Math.floor(synth.length / 2));
await personResources();

const all: RefillSample[] = [];
const allPredictions: PiiSpan[][] = [];
const rows: unknown[] = [];
const misses: Record<string, number> = {};
const wrongType: Record<string, number> = {};
const perSeed: Record<number, unknown> = {};
const t0 = performance.now();
for (const seed of SEEDS) {
  const maker = new ValueMaker(seeded(seed));
  const samples = dev.map((s) => refill(s, maker)).filter((s): s is RefillSample => s !== null);
  const predictions: PiiSpan[][] = [];
  for (const s of samples) predictions.push(await detectPii(s.full_text, BUILT_INS));
  const score = scoreSynthetic(samples, predictions);
  perSeed[seed] = { sentences: samples.length, recall: score.overall.recall, precision: score.overall.precision, type_agnostic_recall: score.type_agnostic_recall };
  samples.forEach((s, i) => {
    const missed: string[] = [];
    for (const g of s.spans.filter((g) => GOLD_TO_OURS[g.entity_type])) {
      const span = { start: g.start_position, end: g.end_position };
      const ours = GOLD_TO_OURS[g.entity_type];
      if (covered(span, predictions[i].filter((p) => p.type === ours))) continue;
      misses[ours] = (misses[ours] ?? 0) + 1;
      const other = predictions[i].filter((p) => p.type !== ours && p.start < span.end && span.start < p.end);
      if (covered(span, predictions[i])) {
        const key = `${ours} as ${[...new Set(other.map((p) => p.type))].join('+')}`;
        wrongType[key] = (wrongType[key] ?? 0) + 1;
      }
      missed.push(`${ours}: ${JSON.stringify(s.full_text.slice(span.start, span.end))}${other.length ? ` (as ${other.map((p) => `${p.type} ${JSON.stringify(p.value)}`).join(', ')})` : ''}`);
    }
    rows.push({ seed, i, text: s.full_text, predicted: predictions[i].map((p) => `${p.type}: ${p.value}`), missed });
  });
  all.push(...samples);
  allPredictions.push(...predictions);
}
const ms = (performance.now() - t0) / all.length;
const score = scoreSynthetic(all, allPredictions);
console.log(
  JSON.stringify(
    { seeds: SEEDS, ms_per_sentence: Math.round(ms * 100) / 100, per_seed: perSeed, misses_per_type: misses, found_only_as_another_type: wrongType, score },
    null,
    1,
  ),
);
if (process.argv[2]) await writeFile(process.argv[2], JSON.stringify(rows, null, 1));
