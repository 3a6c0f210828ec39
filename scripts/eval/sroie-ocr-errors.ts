/**
 * `tsx scripts/eval/sroie-ocr-errors.ts --tag name [--n 40] [--seed 22] [--skip K] [--all]`:
 * where the SROIE OCR errors of a run of `sroie-ocr.ts` (its cached texts in
 * `.cache/sroie-ocr/<tag>/`) come from, case-insensitive, in characters of
 * the reference:
 *
 * - `missing`: reference rows (reading order) that no OCR line reads even
 *   roughly (best window at least 60 % wrong): left-out lines;
 * - `within`: edits inside the rows that were read (substitutions, dropped
 *   or added characters, spaces), split by what the reference character is
 *   (digit, letter, punctuation, space) and with the commonest confusions;
 * - `extra`: OCR characters not in any matched window (noise lines,
 *   doubled text);
 * - `order`: what is left of the reading-order CER (rows read in another
 *   order than the reference's, row joins and splits).
 *
 * Scores nothing new: it explains `reading ci` of sroie-ocr.ts.
 *
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusDir, decodeTextFile, parseSroieBoxFile, readingOrderLines } from '../lib/corpus.ts';
import { characterErrorRate, levenshtein, normaliseText } from '../lib/text-metrics.ts';
import { seededSample } from '../lib/random.ts';


function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Edit script between a and b (unit costs): pairs [refChar|'', hypChar|''] for every edit. */
function edits(a: string, b: string): Array<[string, string]> {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
  const out: Array<[string, string]> = [];
  let i = x.length;
  let j = y.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1)) {
      if (x[i - 1] !== y[j - 1]) out.push([x[i - 1], y[j - 1]]);
      i--;
      j--;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      out.push([x[i - 1], '']);
      i--;
    } else {
      out.push(['', y[j - 1]]);
      j--;
    }
  }
  return out;
}

const kind = (c: string) => (c === '' ? 'none' : /\d/.test(c) ? 'digit' : /\p{L}/u.test(c) ? 'letter' : c === ' ' ? 'space' : 'punct');

async function main(): Promise<void> {
  const tag = argValue('tag', 'run');
  const seed = Number(argValue('seed', '22'));
  const dir = join(corpusDir(), 'receipts', 'sroie');
  const all = (await readdir(join(dir, 'img'))).filter((f) => /\.jpe?g$/i.test(f)).sort();
  const skip = new Set(seededSample(all, Number(argValue('skip', '0')), seed));
  const names = (process.argv.includes('--all') ? all : seededSample(all, Number(argValue('n', '40')), seed)).filter((n) => !skip.has(n));
  const sum = { unmatchedLines: 0, reference: 0, reading: 0, missing: 0, missingRows: 0, rows: 0, within: 0, extra: 0 };
  const byKind: Record<string, number> = {};
  const pairs = new Map<string, number>();
  const perReceipt: Array<[string, number, number, number, number]> = [];
  for (const name of names) {
    const stem = name.replace(/\.[^.]+$/, '');
    let text: string;
    try {
      text = await readFile(join('.cache', 'sroie-ocr', tag, `${stem}.txt`), 'utf8');
    } catch {
      continue;
    }
    const box = parseSroieBoxFile(decodeTextFile(await readFile(join(dir, 'box', `${stem}.csv`))));
    const rows = readingOrderLines(box).map((r) => normaliseText(r, { caseInsensitive: true })).filter((r) => r);
    const reading = characterErrorRate(rows.join('\n'), text, { caseInsensitive: true });
    const hyp = text.split('\n').map((l) => normaliseText(l, { caseInsensitive: true })).filter((l) => l);
    const used = hyp.map((l) => new Array<boolean>(l.split(' ').length).fill(false));
    let missing = 0;
    let within = 0;
    for (const ref of rows) {
      sum.rows++;
      let best = { cost: ref.length, line: -1, from: 0, to: 0, piece: '' };
      hyp.forEach((line, li) => {
        const words = line.split(' ');
        for (let i = 0; i < words.length && best.cost > 0; i++) {
          let piece = '';
          for (let j = i; j < words.length; j++) {
            piece = piece ? `${piece} ${words[j]}` : words[j];
            if (piece.length > ref.length * 1.6 + 4) break;
            const cost = levenshtein(ref, piece);
            if (cost < best.cost) best = { cost, line: li, from: i, to: j, piece };
          }
        }
      });
      if (best.line < 0 || best.cost >= 0.6 * ref.length) {
        missing += ref.length;
        sum.missingRows++;
        continue;
      }
      for (let k = best.from; k <= best.to; k++) used[best.line][k] = true;
      within += best.cost;
      for (const [r, h] of edits(ref, best.piece)) {
        byKind[`${kind(r)}→${kind(h)}`] = (byKind[`${kind(r)}→${kind(h)}`] ?? 0) + 1;
        const key = `${r || '∅'}→${h || '∅'}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
    let extra = 0;
    hyp.forEach((line, li) => line.split(' ').forEach((w, k) => (extra += used[li][k] ? 0 : w.length + 1)));
    hyp.forEach((line, li) => {
      if (!used[li].some(Boolean)) {
        sum.unmatchedLines += line.length;
        if (process.env.SHOW_UNMATCHED) console.log(`  unmatched ${stem}: ${line}`);
      }
    });
    sum.reference += reading.reference;
    sum.reading += reading.errors;
    sum.missing += missing;
    sum.within += within;
    sum.extra += extra;
    perReceipt.push([stem, reading.reference, reading.errors, missing, within]);
  }
  const pct = (n: number) => `${((100 * n) / sum.reference).toFixed(1)}%`;
  const order = sum.reading - sum.missing - sum.within - sum.extra;
  console.log(`${perReceipt.length} receipts, ${sum.reference} reference chars, reading-order CER ci ${pct(sum.reading)}`);
  console.log(`missing rows ${pct(sum.missing)} (${sum.missingRows}/${sum.rows} rows); within read rows ${pct(sum.within)}; extra OCR text ≤ ${pct(sum.extra)} (whole lines matching nothing ${pct(sum.unmatchedLines)}); order/joins (rest) ${pct(order)}`);
  console.log('within-row edits by kind (ref→ocr):', Object.entries(byKind).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', '));
  console.log('commonest edits:', [...pairs].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${k} ${v}`).join(', '));
  console.log('worst receipts (errors, missing, within):', perReceipt.sort((a, b) => b[2] - a[2]).slice(0, 8).map((r) => `${r[0]} ${r[2]}/${r[1]} m${r[3]} w${r[4]}`).join('; '));
}

await main();
