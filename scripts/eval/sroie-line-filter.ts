/**
 * `tsx scripts/eval/sroie-line-filter.ts --tag <run> --n 40 --seed 22`:
 * offline, on a `sroie-ocr.ts` run's cached texts and their
 * blocks → lines → words files (`<stem>.json`, word confidences 0–1):
 * what dropping an OCR line would do to the reading-order CER
 * (case-insensitive) when the line is BOTH read with a low mean word
 * confidence AND scored very un-receipt-like by the receipt character
 * model (char-language-model.ts) — logos, rules and stamps read as
 * symbols. A grid of the two thresholds; each cell's CER against keeping
 * every line, with the lines dropped and the receipts made better and
 * worse counted beside. `--show`: the candidate lines.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CharLanguageModel, type CharModelWeights } from '../../functions/engines/ocr/char-language-model.ts';
import weights from '../../functions/engines/ocr/receipt-char-model.json' with { type: 'json' };
import { corpusDir, decodeTextFile, parseSroieBoxFile, readingOrderLines } from '../lib/corpus.ts';
import { seededSample } from '../lib/random.ts';
import { characterErrorRate } from '../lib/text-metrics.ts';
import { readdir } from 'node:fs/promises';

function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

type JsonPage = Array<Array<Array<[string, number]>>>;
interface OcrLine {
  readonly text: string;
  readonly confidence: number;
  readonly score: number;
}

const model = new CharLanguageModel(weights as CharModelWeights);
const tag = argValue('tag', 'run');
const seed = Number(argValue('seed', '22'));
const n = Number(argValue('n', '40'));
const dir = join(corpusDir(), 'receipts', 'sroie');
const all = (await readdir(join(dir, 'img'))).filter((f) => /\.jpe?g$/i.test(f)).sort();
const names = seededSample(all, n, seed);
const list = (name: string, fallback: string) => argValue(name, fallback).split(',').map(Number);
/** `--conf 0.3,0.4 --score -3,-3.5`: the grid (defaults: a coarse one). */
const CONFIDENCES = list('conf', '0.3,0.4,0.5,0.6,0.7');
const SCORES = list('score', '-2.5,-3,-3.5,-4,-4.5,-5');

const receipts: Array<{ reference: string; text: string; lines: OcrLine[] }> = [];
for (const name of names) {
  const stem = name.replace(/\.[^.]+$/, '');
  const out = join('.cache', 'sroie-ocr', tag);
  const text = await readFile(join(out, `${stem}.txt`), 'utf8');
  const page = JSON.parse(await readFile(join(out, `${stem}.json`), 'utf8')) as JsonPage;
  const box = parseSroieBoxFile(decodeTextFile(await readFile(join(dir, 'box', `${stem}.csv`))));
  const lines = page.flat().map((words) => {
    const kept = words.filter(([t]) => t.trim());
    const lineText = kept.map(([t]) => t.trim()).join(' ');
    const confidence = kept.length ? kept.reduce((s, [, c]) => s + c, 0) / kept.length : 1;
    return { text: lineText, confidence, score: model.score(lineText) };
  });
  receipts.push({ reference: readingOrderLines(box).join('\n'), text, lines });
}

/** The text without the lines `drop` picks (each removed once, where the text holds it as a line). */
function without(text: string, lines: readonly OcrLine[], drop: (l: OcrLine) => boolean): string {
  const rows = text.split('\n');
  for (const line of lines) {
    if (!line.text || !drop(line)) continue;
    const i = rows.indexOf(line.text);
    if (i >= 0) rows.splice(i, 1);
  }
  return rows.join('\n');
}

const cer = (drop: (l: OcrLine) => boolean) => {
  let errors = 0;
  let chars = 0;
  let dropped = 0;
  const perReceipt: number[] = [];
  for (const r of receipts) {
    const e = characterErrorRate(r.reference, without(r.text, r.lines, drop), { caseInsensitive: true });
    errors += e.errors;
    chars += e.reference;
    dropped += r.lines.filter((l) => l.text && drop(l)).length;
    perReceipt.push(e.errors);
  }
  return { rate: errors / chars, dropped, perReceipt };
};

const base = cer(() => false);
console.log(`${receipts.length} receipts (${tag}, seed ${seed}): keep every line ${(100 * base.rate).toFixed(2)} %`);
for (const c of CONFIDENCES)
  for (const s of SCORES) {
    const r = cer((l) => l.confidence < c && l.score < s);
    const better = r.perReceipt.filter((e, i) => e < base.perReceipt[i]).length;
    const worse = r.perReceipt.filter((e, i) => e > base.perReceipt[i]).length;
    console.log(`conf < ${c.toFixed(2)} and score < ${s.toFixed(1)}: ${(100 * r.rate).toFixed(2)} %  (${r.dropped} lines dropped; receipts ${better} better, ${worse} worse)`);
  }
if (process.argv.includes('--show'))
  for (const r of receipts)
    for (const l of r.lines) if (l.text && l.confidence < 0.7 && l.score < -3) console.log(`${l.confidence.toFixed(2)} ${l.score.toFixed(2)}  ${l.text}`);
