/**
 * `tsx scripts/eval/reread-compare.ts [--ocr on|off] [--tag T] [--receipts 60]`
 * and `... --compare [--on T|extract] [--off T] [--verbose]`: does an OCR
 * option change which SROIE totals are read? The extract eval's OCR sample
 * (the same evenly spaced receipts as `npm run eval -- extract`) is read
 * with number re-reads on or off (`--ocr`), each reading cached apart under
 * `.cache/reread-compare/<tag>/` (default tag: `on-r<OCR_OUTPUT_REVISION>`
 * or `off-r<…>`; never in the extract cache, whose key is the shipped OCR).
 * `--compare` then lists, per receipt by its index in the sample only (no
 * corpus names), whether the key's total is a token of the OCR text and
 * whether the out-of-fold extractor's total is right (the extract eval's
 * fold models, fitted on the extract cache of the current OCR revision)
 * in reading `--on` (a tag, or `extract`: the extract cache) and `--off`,
 * and the number words that differ where the outcome changed.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { parseAmount } from '../../functions/engines/extract/normalize.ts';
import { ocrPageFields } from '../../functions/engines/ocr/ocr-document-page.ts';
import { OCR_OUTPUT_REVISION, ocrImage } from '../../functions/engines/ocr/ocr-page.ts';
import { terminateOcr } from '../../functions/engines/ocr/tesseract-pool.ts';
import { corpusDir } from '../lib/corpus.ts';
import { strictSame } from './extract-score.ts';
import { cachedPages } from './receipt-pages.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : fallback;
}

const CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'reread-compare');

/** The extract eval's OCR sample: every `step`-th SROIE key, the first `count` of them (as scripts/eval/extract.ts picks it). */
export function extractOcrSample(keys: readonly string[], count: number): string[] {
  const sorted = [...keys].sort();
  const step = Math.max(1, Math.floor(sorted.length / Math.max(1, count)));
  return sorted.filter((_, i) => i % step === 0).slice(0, count);
}

/** One receipt image read by the local OCR with re-reads on or off, as the image engine builds its page. */
async function readVariant(path: string, tag: string, reread?: boolean): Promise<DocumentPage> {
  const bytes = new Uint8Array(await readFile(path));
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const dir = join(CACHE, tag);
  const file = join(dir, `${key}.json`);
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as DocumentPage;
  if (reread === undefined) throw new Error(`No reading tagged ${tag} of sample image ${key}: read it first (--ocr on|off --tag ${tag}).`);
  const meta = await sharp(bytes).metadata();
  const oriented = meta.autoOrient ?? meta;
  const ocr = await ocrImage({ image: bytes, page: 0, autoOrient: true }, { rereadNumbers: reread });
  const page: DocumentPage = {
    pageNumber: 1,
    width: oriented.width ?? 0,
    height: oriented.height ?? 0,
    ...ocrPageFields(ocr, 1),
    rulings: ocr.rulings,
  };
  await mkdir(dir, { recursive: true });
  await writeFile(file, JSON.stringify(page));
  return page;
}

/** The number-like tokens of a page's text, normalised to two decimals where they parse as amounts. */
function amountTokens(page: DocumentPage): Set<string> {
  const out = new Set<string>();
  for (const word of page.words) {
    const text = word.text.replace(/^(RM|MYR|\$)/i, '').replace(/[^\d.,-]/g, '');
    if (!/\d/.test(text)) continue;
    const value = parseAmount(text);
    if (value) out.add(value);
  }
  return out;
}

/** Number words of a page, with their line index, for before/after listings. */
function numberWords(page: DocumentPage): string[] {
  return page.words.filter((w) => /\d/.test(w.text)).map((w) => w.text);
}

/** Multiset difference: words of `a` not matched by a word of `b`. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of b) left.set(w, (left.get(w) ?? 0) + 1);
  return a.filter((w) => {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      left.set(w, n - 1);
      return false;
    }
    return true;
  });
}

async function main(): Promise<void> {
  const corpus = corpusDir();
  const count = Number(option('receipts', '60'));
  const keyDir = join(corpus, 'receipts/sroie/key');
  const sample = extractOcrSample((await readdir(keyDir)).filter((n) => n.endsWith('.json')), count);
  const image = (name: string) => join(corpus, 'receipts/sroie/img', name.replace(/\.json$/, '.jpg'));

  if (!process.argv.includes('--compare')) {
    const reread = option('ocr', 'off') === 'on';
    const tag = option('tag', `${reread ? 'on' : 'off'}-r${OCR_OUTPUT_REVISION}`);
    for (const [i, name] of sample.entries()) {
      const started = performance.now();
      await readVariant(image(name), tag, reread);
      console.log(`#${i} read (re-reads ${reread ? 'on' : 'off'}) in ${Math.round(performance.now() - started)} ms`);
    }
    await terminateOcr();
    return;
  }

  const onFrom = option('on', 'extract');
  const offTag = option('off', `off-r${OCR_OUTPUT_REVISION}`);
  const { outOfFoldExtractor } = await import('./extract.ts');
  const extract = await outOfFoldExtractor(corpus, 5, (line) => console.log(line));
  const rows: string[] = [];
  const tally = { tokenOn: 0, tokenOff: 0, rightOn: 0, rightOff: 0 };
  for (const [i, name] of sample.entries()) {
    const key = JSON.parse(await readFile(join(keyDir, name), 'utf8')) as Record<string, string>;
    const total = parseAmount(String(key.total ?? ''));
    const on = onFrom === 'extract' ? (await cachedPages(image(name))).pages[0] : await readVariant(image(name), onFrom);
    const off = await readVariant(image(name), offTag);
    const receipt = name.replace(/\.json$/, '');
    const tokenOn = total !== undefined && amountTokens(on).has(total);
    const tokenOff = total !== undefined && amountTokens(off).has(total);
    const gotOn = extract([on], receipt).entities.total_amount;
    const gotOff = extract([off], receipt).entities.total_amount;
    const rightOn = total !== undefined && gotOn !== undefined && strictSame('amount', gotOn, total);
    const rightOff = total !== undefined && gotOff !== undefined && strictSame('amount', gotOff, total);
    tally.tokenOn += +tokenOn;
    tally.tokenOff += +tokenOff;
    tally.rightOn += +rightOn;
    tally.rightOff += +rightOff;
    const changed = tokenOn !== tokenOff || rightOn !== rightOff;
    const differs = on.text !== off.text;
    let line = `#${i}: token on/off ${+tokenOn}/${+tokenOff}, extracted right on/off ${+rightOn}/${+rightOff}${differs ? '' : ' (same text)'}`;
    if (changed || process.argv.includes('--verbose')) {
      const wordsOn = numberWords(on);
      const wordsOff = numberWords(off);
      line += `\n    total ${total}; extracted on ${gotOn} off ${gotOff}\n    only in --on:  ${minus(wordsOn, wordsOff).join(' ')}\n    only in --off: ${minus(wordsOff, wordsOn).join(' ')}`;
    }
    rows.push(line);
  }
  console.log(rows.join('\n'));
  console.log(
    `\n${sample.length} receipts: total as a token ${tally.tokenOn} (${onFrom}) vs ${tally.tokenOff} (${offTag}); extractor's total right ${tally.rightOn} vs ${tally.rightOff}`,
  );
  await terminateOcr();
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
