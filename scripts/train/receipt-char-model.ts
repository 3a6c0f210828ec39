/**
 * `npm run train -- receipt-char-model`: the character n-gram model of
 * receipt lines (functions/engines/ocr/char-language-model.ts) from the
 * SROIE line transcripts, leaving out every receipt of the OCR evaluation
 * samples (`scripts/eval/sroie-ocr.ts` seeds 22 n 80, 7 n 40 and 2026
 * n 80), so a reading chosen by it is measured on receipts it never saw.
 * Writes functions/engines/ocr/receipt-char-model.json.
 *
 * @module
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { trainCharModel } from '../../functions/engines/ocr/char-language-model.ts';
import { corpusDir, decodeTextFile, parseSroieBoxFile } from '../lib/corpus.ts';
import { seededSample } from '../lib/random.ts';

/** The OCR eval samples held out of training: [seed, n]. */
export const HELD_OUT_SAMPLES: ReadonlyArray<readonly [number, number]> = [
  [22, 80],
  [7, 40],
  [2026, 80],
];

export const CHAR_MODEL_ORDER = 3;
const OUT = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'ocr', 'receipt-char-model.json');

export async function trainReceiptCharModel(): Promise<void> {
  const dir = join(corpusDir(), 'receipts', 'sroie');
  const images = (await readdir(join(dir, 'img'))).filter((f) => /\.jpe?g$/i.test(f)).sort();
  const held = new Set(HELD_OUT_SAMPLES.flatMap(([seed, n]) => seededSample(images, n, seed)));
  const lines: string[] = [];
  let receipts = 0;
  for (const name of images) {
    if (held.has(name)) continue;
    const stem = name.replace(/\.[^.]+$/, '');
    const box = parseSroieBoxFile(decodeTextFile(await readFile(join(dir, 'box', `${stem}.csv`))));
    lines.push(...box.map((b) => b.text));
    receipts++;
  }
  const weights = trainCharModel(lines, CHAR_MODEL_ORDER);
  // Sorted keys: the same corpus gives the same file byte for byte.
  const grams = Object.fromEntries(Object.entries(weights.grams).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  await writeFile(OUT, `${JSON.stringify({ ...weights, grams })}\n`);
  console.log(`receipt char model: ${receipts} receipts (${held.size} held out), ${lines.length} lines, ${Object.keys(grams).length} n-grams → ${OUT}`);
}
