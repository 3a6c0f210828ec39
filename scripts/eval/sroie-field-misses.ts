/**
 * `tsx scripts/eval/sroie-field-misses.ts [--seeds 7,11] [--folds 5]`: where the SROIE receipts read through OCR (the
 * extract eval's 60) lose a field that their transcripts get right, for dev seeds (never a reported one), scored by the
 * shop-fold models as the eval scores them. Each such miss falls in one bucket:
 *
 * - `chars`: the ranker took the right span and OCR's characters are off (a name or address a few edits from the
 *   truth; a date or total whose pick is one or two characters from it, with no candidate holding the truth);
 * - `ranker`: the truth was among the candidates and another one won (for names and addresses: a candidate a few
 *   edits from it);
 * - `absent`: no candidate holds the truth (candidate generation: a date whose digits OCR broke, a total with a space
 *   inside, a comma for a dot).
 *
 * Prints a table per field and bucket and, with `--lines`, the OCR lines of the `absent` and `ranker` misses of dates
 * and totals (what a generator would have to read).
 *
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RankCandidate, RankedField } from '../../functions/engines/extract/receipt-ranker.ts';
import { parseAmount, parseDate } from '../../functions/engines/extract/normalize.ts';
import { alignEdits } from '../lib/char-align.ts';
import { corpusDir } from '../lib/corpus.ts';
import { evenSample } from '../train/extract.ts';
import { outOfFoldExtractor } from './extract.ts';
import { fieldKind, normaliseName, normaliseText, strictSame } from './extract-score.ts';
import { cachedPages, sroieTranscriptPage } from './receipt-pages.ts';

type Bucket = 'right' | 'both wrong' | 'ocr only right' | 'chars' | 'ranker' | 'absent';
const FIELDS: readonly RankedField[] = ['vendor_name', 'invoice_date', 'total_amount', 'vendor_address'];

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

/** A value in the scorer's comparison form, for edit distances. */
function form(field: RankedField, value: string): string {
  if (field === 'vendor_name') return normaliseName(value);
  if (field === 'vendor_address') return normaliseText(value).replace(/ /g, '');
  return value;
}

/** Near: a reading error (a few edits), not another span. */
function near(field: RankedField, ours: string, truth: string): boolean {
  const [a, b] = [form(field, ours), form(field, truth)];
  if (!a) return false;
  const edits = alignEdits(b, a).length;
  return field === 'invoice_date' || field === 'total_amount' ? edits <= 2 : edits <= Math.max(3, b.length / 3);
}

function bucketOf(field: RankedField, truth: string, ours: string | undefined, candidates: readonly RankCandidate[]): Bucket {
  const kind = fieldKind(field);
  if (ours !== undefined && strictSame(kind, ours, truth)) return 'right';
  if (candidates.some((c) => strictSame(kind, c.value, truth))) return 'ranker';
  // Names and addresses are spelled after the pick: a near candidate is a right span read wrong, unless a closer span lost.
  if (ours !== undefined && near(field, ours, truth)) return 'chars';
  // A name or address candidate a few edits from the truth lost to another span: the ranker's miss, spelling aside.
  if ((field === 'vendor_name' || field === 'vendor_address') && candidates.some((c) => near(field, c.value, truth))) return 'ranker';
  return 'absent';
}

async function main(): Promise<void> {
  const seeds = arg('seeds', '7,11').split(',').map(Number);
  const corpus = corpusDir();
  const keys = (await readdir(join(corpus, 'receipts/sroie/key'))).filter((n) => n.endsWith('.json')).sort();
  // The 60 receipts the eval reads by OCR (the same evenly spaced sample).
  const sample = evenSample(keys, 60);
  for (const seed of seeds) {
    const extract = await outOfFoldExtractor(corpus, Number(arg('folds', '5')), () => {}, { ocr: 60, german: true }, 'shop', seed);
    const table = new Map<string, number>();
    const shown: string[] = [];
    for (const name of sample) {
      const stem = name.replace('.json', '');
      const t = JSON.parse(await readFile(join(corpus, 'receipts/sroie/key', name), 'utf8')) as Record<string, string>;
      const truth: Partial<Record<RankedField, string | undefined>> = {
        vendor_name: t.company,
        invoice_date: parseDate(t.date ?? ''),
        total_amount: t.total ? parseAmount(t.total) : undefined,
        vendor_address: t.address,
      };
      const image = join(corpus, 'receipts/sroie/img', `${stem}.jpg`);
      const transcript = extract([await sroieTranscriptPage(join(corpus, 'receipts/sroie/box', `${stem}.csv`), image)], stem);
      let candidates: Record<RankedField, RankCandidate[]> | undefined;
      const { pages } = await cachedPages(image);
      const ocr = extract(pages, stem, { onCandidates: (c) => (candidates = c) });
      for (const field of FIELDS) {
        const gold = truth[field];
        if (gold === undefined) continue;
        const viaText = transcript.entities[field] !== undefined && strictSame(fieldKind(field), transcript.entities[field], gold);
        const bucket = bucketOf(field, gold, ocr.entities[field], candidates?.[field] ?? []);
        const key = bucket === 'right' ? (viaText ? 'right' : 'ocr only right') : viaText ? bucket : 'both wrong';
        table.set(`${field}:${key}`, (table.get(`${field}:${key}`) ?? 0) + 1);
        if (viaText && bucket !== 'right' && (field === 'invoice_date' || field === 'total_amount' || process.argv.includes('--all'))) {
          const lines = pages.flatMap((p) => p.lines.map((l) => l.text));
          const hits = lines.filter((l) => /\d/.test(l) && (field === 'total_amount' ? /[.,]\s?\d/.test(l) : /[/.,-]|\d{6,}/.test(l)));
          shown.push(`${stem} ${field} ${bucket}: truth ${gold}, ours ${ocr.entities[field] ?? '—'}\n    ${hits.slice(0, 40).join(' ‖ ')}`);
        }
      }
    }
    console.log(`\nseed ${seed} (shop folds): per field, of 60 SROIE receipts through OCR`);
    const buckets = ['right', 'ocr only right', 'both wrong', 'chars', 'ranker', 'absent'];
    console.log(`${'field'.padEnd(16)}${buckets.map((b) => b.padStart(16)).join('')}`);
    for (const field of FIELDS)
      console.log(`${field.padEnd(16)}${buckets.map((b) => String(table.get(`${field}:${b}`) ?? 0).padStart(16)).join('')}`);
    if (process.argv.includes('--lines')) for (const s of shown) console.log(s);
  }
}

await main();
// The fold fitting leaves handles open (worker pools): the diagnosis is done.

process.exit(0);
