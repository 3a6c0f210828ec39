/**
 * `tsx scripts/eval/sroie-line-choice.ts --tag <run> [--tag <run2> …]`:
 * scores choosers between the two readings of each doubtful line, offline,
 * on the logs a `sroie-ocr.ts --reread-lines` run writes
 * (`<stem>.lines.json` beside each text). A reading's distance is the edit
 * distance (case-insensitive, normalised) to the reference row or box line
 * it reads most like; a chooser's gain is the distance it saves over
 * keeping every page reading, with the lines it mends and breaks. Compared:
 * a perfect chooser (the bound), always the second reading, tesseract's
 * confidence (second ≥ first + 5), and the receipt character model at
 * several margins (nats per character), with the length guard the engine
 * uses.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LineRereadRecord } from '../../functions/engines/ocr/line-reread.ts';
import { CharLanguageModel, charModelForm, type CharModelWeights } from '../../functions/engines/ocr/char-language-model.ts';
import weights from '../../functions/engines/ocr/receipt-char-model.json' with { type: 'json' };
import { corpusDir, decodeTextFile, parseSroieBoxFile, readingOrderLines } from '../lib/corpus.ts';
import { levenshtein, normaliseText } from '../lib/text-metrics.ts';

const tags = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--tag' ? [a] : []));
if (!tags.length) throw new Error('usage: sroie-line-choice.ts --tag <run> [--tag <run2>]');

const norm = (s: string) => normaliseText(s, { caseInsensitive: true });
function distance(text: string, references: readonly string[]): number {
  const t = norm(text);
  let best = t.length;
  for (const r of references) best = Math.min(best, levenshtein(r, t));
  return best;
}

interface Scored extends LineRereadRecord {
  readonly d1: number;
  readonly d2: number;
  /** The word-by-word choice (see below) and its distance. */
  readonly byWord: string;
  readonly dWord: number;
}

const model = new CharLanguageModel(weights as CharModelWeights);
/**
 * Word by word, where both readings have as many words: each word from the
 * reading that makes the line (as chosen so far) more receipt-like.
 * Otherwise the line choice of the model at 0.15.
 */
function wordByWord(r: LineRereadRecord): string {
  const a = r.first.split(' ');
  const b = r.second.split(' ');
  if (!r.second || a.length !== b.length) return aboutAsLong(r) && r.secondScore > r.firstScore + 0.15 ? r.second : r.first;
  const out = [...a];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const withB = [...out];
    withB[i] = b[i];
    if (model.score(withB.join(' ')) > model.score(out.join(' ')) + 0.05) out[i] = b[i];
  }
  return out.join(' ');
}

const LENGTH_FACTOR = 1.3;
function aboutAsLong(r: LineRereadRecord): boolean {
  const a = charModelForm(r.first).length;
  const b = charModelForm(r.second).length;
  return b > 0 && b <= a * LENGTH_FACTOR && a <= b * LENGTH_FACTOR;
}

const rules: Array<[string, (r: Scored) => boolean]> = [
  ['perfect chooser (bound)', (r) => r.d2 < r.d1],
  ['always the second reading', (r) => r.second !== ''],
  ['confidence: second ≥ first + 5', (r) => r.secondConfidence >= r.firstConfidence + 5 && aboutAsLong(r)],
  ...[0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5].map((m): [string, (r: Scored) => boolean] => [
    `char model by ${m.toFixed(2)} nats/char`,
    (r) => aboutAsLong(r) && r.secondScore > r.firstScore + m,
  ]),
  ['char model by 0.15 and confidence not lower', (r) => aboutAsLong(r) && r.secondScore > r.firstScore + 0.15 && r.secondConfidence >= r.firstConfidence],
];

const dir = join(corpusDir(), 'receipts', 'sroie');
const all: Scored[] = [];
for (const tag of tags) {
  const out = join('.cache', 'sroie-ocr', tag);
  for (const file of (await readdir(out)).filter((f) => f.endsWith('.lines.json'))) {
    const stem = file.replace(/\.lines\.json$/, '');
    const boxPath = join(dir, 'box', `${stem}.csv`);
    if (!existsSync(boxPath)) continue;
    const box = parseSroieBoxFile(decodeTextFile(await readFile(boxPath)));
    const references = [...new Set([...readingOrderLines(box), ...box.map((b) => b.text)].map(norm).filter(Boolean))];
    const records = JSON.parse(await readFile(join(out, file), 'utf8')) as LineRereadRecord[];
    for (const r of records) {
      const byWord = wordByWord(r);
      all.push({ ...r, d1: distance(r.first, references), d2: distance(r.second, references), byWord, dWord: distance(byWord, references) });
    }
  }
}
const chars = all.reduce((s, r) => s + norm(r.first).length, 0);
console.log(`${all.length} doubtful lines (${chars} characters as first read) in ${tags.join(', ')}; engine took ${all.filter((r) => r.taken).length}`);
for (const [name, rule] of [...rules, ['as the engine chose', (r: Scored) => r.taken] as [string, (r: Scored) => boolean]]) {
  let gain = 0;
  let mended = 0;
  let broken = 0;
  for (const r of all) {
    if (!rule(r)) continue;
    gain += r.d1 - r.d2;
    if (r.d2 < r.d1) mended++;
    if (r.d2 > r.d1) broken++;
  }
  console.log(`${name.padEnd(46)} gain ${String(gain).padStart(5)} chars  (${mended} lines mended, ${broken} broken)`);
}
{
  const changed = all.filter((r) => r.byWord !== r.first);
  const gain = changed.reduce((s, r) => s + r.d1 - r.dWord, 0);
  console.log(
    `${'char model word by word (same word count)'.padEnd(46)} gain ${String(gain).padStart(5)} chars  (${changed.filter((r) => r.dWord < r.d1).length} lines mended, ${changed.filter((r) => r.dWord > r.d1).length} broken)`,
  );
}
