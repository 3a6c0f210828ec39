/**
 * `tsx scripts/eval/sroie-char-misses.ts [--seed 7] [--folds 5]`: the character-level miss list of the SROIE
 * receipts read through OCR (the extract eval's 60), for a dev seed (never a reported one). Each wrong company or
 * address is aligned with the truth in the scorer's own form (extract-score.ts: what the scorer does not absorb),
 * its edits sorted into kinds (a letter read as a look-alike digit, a dropped space, a lost character at the end…),
 * with the height in pixels of the lines it was read from. Scored by the shop-fold models, as the eval scores them.
 * Prints the list and the counts per kind; writes `.tmp/char-misses-<seed>.json`.
 *
 * @module
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusDir } from '../lib/corpus.ts';
import { outOfFoldExtractor } from './extract.ts';
import { normaliseName, normaliseText } from './extract-score.ts';
import { cachedPages } from './receipt-pages.ts';
import { evenSample } from '../train/extract.ts';
import { alignEdits, type AlignedEdit } from '../lib/char-align.ts';

/** Shape pairs OCR confuses, either way round. */
const SHAPES: ReadonlyArray<readonly [string, RegExp]> = [
  ['O/0/D/Q', /^[o0dq]$/],
  ['I/1/L/T/J', /^[i1ltj]$/],
  ['S/5', /^[s5]$/],
  ['B/8/3', /^[b83]$/],
  ['Z/2', /^[z2]$/],
  ['G/6/C', /^[g6c]$/],
  ['A/4', /^[a4]$/],
  ['E/F/P', /^[efp]$/],
  ['N/M/H/U/W/V', /^[nmhuwv]$/],
  ['R/K/X/Y', /^[rkxy]$/],
];

/** The kind of one edit, in the scorer's form (lower case, punctuation gone). */
export function editKind(op: AlignedEdit, length: number): string {
  if (op.kind !== 'sub') {
    const c = op.truth || op.ours;
    const what = op.kind === 'del' ? 'dropped' : 'added';
    if (c === ' ') return `${what} space`;
    const edge = op.at <= 1 || op.at >= length - 1 ? ' at an end' : '';
    return /\d/.test(c) ? `${what} digit${edge}` : `${what} letter${edge}`;
  }
  for (const [name, re] of SHAPES) if (re.test(op.truth) && re.test(op.ours)) return `${name}`;
  const cls = (c: string) => (/\d/.test(c) ? 'digit' : c === ' ' ? 'space' : 'letter');
  return `other ${cls(op.truth)}→${cls(op.ours)}`;
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

async function main(): Promise<void> {
  const seed = Number(arg('seed', '7'));
  const corpus = corpusDir();
  const extract = await outOfFoldExtractor(corpus, Number(arg('folds', '5')), (l) => console.log(l), { ocr: 60, german: true }, 'shop', seed);
  const keys = (await readdir(join(corpus, 'receipts/sroie/key'))).filter((n) => n.endsWith('.json')).sort();
  const kinds = new Map<string, number>();
  const out: unknown[] = [];
  const summary = { company: { wrong: 0, near: 0 }, address: { wrong: 0, near: 0 } };
  for (const name of evenSample(keys, 60)) {
    const stem = name.replace('.json', '');
    const truth = JSON.parse(await readFile(join(corpus, 'receipts/sroie/key', name), 'utf8')) as Record<string, string>;
    const { pages } = await cachedPages(join(corpus, 'receipts/sroie/img', `${stem}.jpg`));
    const result = extract(pages, stem);
    for (const [field, entity, form] of [
      ['company', 'vendor_name', normaliseName],
      ['address', 'vendor_address', (s: string) => normaliseText(s).replace(/ /g, '')],
    ] as const) {
      const gold = form(truth[field] ?? '');
      const ours = form(result.entities[entity] ?? '');
      if (gold === ours) continue;
      summary[field].wrong++;
      const ops = alignEdits(gold, ours);
      // A reading error is a few edits; more than a third of the text is another span (a choice, not a reading).
      const near = ours !== '' && ops.length <= Math.max(3, gold.length / 3);
      const cite = result.citations?.entities[entity];
      const page = pages[0];
      const heights = cite
        ? page.lines
            .filter((l) => l.bbox[1] >= cite.bbox[1] - 0.002 && l.bbox[3] <= cite.bbox[3] + 0.002)
            .map((l) => Math.round((l.bbox[3] - l.bbox[1]) * page.height))
        : [];
      const lineHeight = heights.length ? heights.sort((x, y) => x - y)[Math.floor(heights.length / 2)] : undefined;
      const edits = near ? ops.map((op) => ({ ...op, kind: editKind(op, gold.length) })) : [];
      if (near) {
        summary[field].near++;
        for (const e of edits) kinds.set(`${field}: ${e.kind}`, (kinds.get(`${field}: ${e.kind}`) ?? 0) + 1);
      }
      out.push({ stem, field, gold, ours, near, lineHeight, edits: edits.map((e) => `${e.truth || '∅'}→${e.ours || '∅'} (${e.kind})`) });
      console.log(
        `${stem} ${field.padEnd(7)} ${near ? 'near' : 'far '} h=${lineHeight ?? '?'}px\n  gold ${gold}\n  ours ${ours}\n  ${edits.map((e) => `${e.truth || '∅'}→${e.ours || '∅'} [${e.kind}]`).join(', ')}`,
      );
    }
  }
  console.log(`\nseed ${seed}: ${JSON.stringify(summary)}`);
  for (const [k, n] of [...kinds].sort((x, y) => y[1] - x[1])) console.log(`${String(n).padStart(4)}  ${k}`);
  await mkdir('.tmp', { recursive: true });
  await writeFile(`.tmp/char-misses-${seed}.json`, JSON.stringify({ seed, summary, kinds: Object.fromEntries(kinds), misses: out }, null, 1));
}

await main();
