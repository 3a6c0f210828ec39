/**
 * `npx tsx scripts/eval/redact-dev-misses.ts [out.json]`: detection on the
 * DEV half of the presidio-research sentences only (the held-out half is not
 * read), scored under the evaluation's strict rule, with the dev misses
 * (false negatives) counted per type and, with an output path, every
 * sentence's predictions and misses written out (and the ordinary-prose
 * negative set's false redactions counted) so two runs can be compared
 * span by span (what a change mended and what it broke).
 *
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { detectPii, type DetectionConfig, type PiiSpan } from '../../functions/engines/redact/detect.ts';
import { personResources } from '../../functions/engines/redact/name-lexicon.ts';
import { ORDINARY_PROSE, wordCount } from '../../test/fixtures/redact/ordinary-prose.ts';
import { corpusPath } from '../lib/corpus.ts';
import { covered, GOLD_TO_OURS, scoreSynthetic } from './redact.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
type Sample = Parameters<typeof scoreSynthetic>[0][number];

const synth = JSON.parse(await readFile(corpusPath('pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as Sample[];
const dev = synth.slice(0, Math.floor(synth.length / 2));
await personResources();
const t0 = performance.now();
const predictions: PiiSpan[][] = [];
for (const s of dev) predictions.push(await detectPii(s.full_text, BUILT_INS));
const ms = (performance.now() - t0) / dev.length;
const score = scoreSynthetic(dev, predictions);
const misses: Record<string, string[]> = {};
const rows = dev.map((s, i) => {
  const missed = s.spans
    .filter((g) => GOLD_TO_OURS[g.entity_type])
    .filter((g) => !covered({ start: g.start_position, end: g.end_position }, predictions[i].filter((p) => p.type === GOLD_TO_OURS[g.entity_type])))
    .map((g) => `${GOLD_TO_OURS[g.entity_type]}: ${s.full_text.slice(g.start_position, g.end_position)}`);
  for (const m of missed) (misses[m.split(':')[0]] ??= []).push(m);
  return { i, predicted: predictions[i].map((p) => `${p.type}: ${p.value}`), missed };
});
// Ordinary prose (the eval's negative set): every span is a false redaction.
const prose: string[] = [];
let proseWords = 0;
for (const doc of ORDINARY_PROSE) {
  proseWords += wordCount(doc.text);
  for (const s of await detectPii(doc.text, BUILT_INS)) prose.push(`${doc.kind} ${s.type}: ${s.value}`);
}
console.log(JSON.stringify({ prose_words: proseWords, prose_false_redactions: prose }));
console.log(JSON.stringify({ ms_per_sentence: Math.round(ms * 100) / 100, misses_per_type: Object.fromEntries(Object.entries(misses).map(([t, l]) => [t, l.length])), score }, null, 1));
if (process.argv[2]) await writeFile(process.argv[2], JSON.stringify(rows, null, 1));
