/**
 * Probe (dev seed only): the chosen name and address lines of the 60 OCR'd SROIE receipts read again from the image
 * in several ways; how often each way, or the best per line, would make the field right.
 *
 * @module
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { recognizeLineWords, terminateOcr } from '../../functions/engines/ocr/tesseract-pool.ts';
import { corpusDir } from '../lib/corpus.ts';
import { outOfFoldExtractor } from './extract.ts';
import { normaliseName, normaliseText } from './extract-score.ts';
import { cachedPages } from './receipt-pages.ts';
import { evenSample } from '../train/extract.ts';
import { CharLanguageModel, charModelForm, trainCharModel } from '../../functions/engines/ocr/char-language-model.ts';
import { decodeTextFile, parseSroieBoxFile } from '../lib/corpus.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

type Variant = { name: string; target: number; threshold?: 'otsu' | number; sharpen?: boolean; margin?: number };
const VARIANTS: Variant[] = [
  { name: 'g48', target: 48 },
  { name: 'g64', target: 64 },
  { name: 'g36', target: 36 },
  { name: 'b48', target: 48, threshold: 'otsu' },
  { name: 's48', target: 48, sharpen: true },
];

function otsu(data: Uint8Array): number {
  const hist = new Array(256).fill(0);
  for (const v of data) hist[v]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) ((best = between), (at = t));
  }
  return at;
}

async function crop(gray: { data: Buffer; width: number; height: number }, box: [number, number, number, number], v: Variant): Promise<Uint8Array> {
  const [x0, y0, x1, y1] = [box[0] * gray.width, box[1] * gray.height, box[2] * gray.width, box[3] * gray.height];
  const h = y1 - y0;
  const m = v.margin ?? 0.3;
  const left = Math.max(0, Math.floor(x0 - h * m));
  const top = Math.max(0, Math.floor(y0 - h * 0.25));
  const right = Math.min(gray.width, Math.ceil(x1 + h * m));
  const bottom = Math.min(gray.height, Math.ceil(y1 + h * 0.25));
  const scale = Math.min(4, Math.max(1, v.target / h));
  let p = sharp(gray.data, { raw: { width: gray.width, height: gray.height, channels: 1 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(Math.round((right - left) * scale), Math.round((bottom - top) * scale), { kernel: 'cubic' });
  if (v.sharpen) p = p.sharpen();
  const { data, info } = await p
    .extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (v.threshold) {
    const t = v.threshold === 'otsu' ? otsu(px) : v.threshold;
    for (let i = 0; i < px.length; i++) px[i] = px[i] > t ? 255 : 0;
  }
  return new Uint8Array(Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), px]));
}

/** The page with some lines' text replaced (their words spread over the line's box). */
export function withLineTexts(page: DocumentPage, texts: Map<number, string>): DocumentPage {
  const words = [...page.words];
  const lines = page.lines.map((line, i) => {
    const text = texts.get(i);
    if (text === undefined || !text.trim()) return line;
    const tokens = text.trim().split(/\s+/);
    const b = line.bbox;
    let at = 0;
    const indexes = tokens.map((t) => {
      const x0 = b[0] + ((b[2] - b[0]) * at) / text.length;
      at += t.length + 1;
      const x1 = b[0] + ((b[2] - b[0]) * (at - 1)) / text.length;
      words.push({ text: t, bbox: [x0, b[1], x1, b[3]], confidence: 0.9, source: 'ocr' });
      return words.length - 1;
    });
    return { ...line, text: tokens.join(' '), wordIndexes: indexes };
  });
  return { ...page, words, lines, text: lines.map((l) => l.text).join('\n') };
}

/** The chooser's character model: transcripts of receipts of shops none of the 60 scored receipts is from. */
async function chooserCharModel(corpus: string, keys: readonly string[]): Promise<CharLanguageModel> {
  const shopOf = async (k: string) =>
    ((JSON.parse(await readFile(join(corpus, 'receipts/sroie/key', k), 'utf8')) as Record<string, string>).company ?? '')
      .toUpperCase()
      .split(/\W+/)
      .slice(0, 2)
      .join(' ');
  const scoredShops = new Set(await Promise.all(evenSample(keys, 60).map(shopOf)));
  const trainingLines: string[] = [];
  for (const k of keys) {
    if (scoredShops.has(await shopOf(k))) continue;
    const box = parseSroieBoxFile(decodeTextFile(await readFile(join(corpus, 'receipts/sroie/box', k.replace('.json', '.csv')))));
    trainingLines.push(...box.map((b) => b.text));
  }
  const lm = new CharLanguageModel(trainCharModel(trainingLines, 3));
  console.log(`chooser char model: ${trainingLines.length} lines of receipts from shops not scored`);
  return lm;
}

/** Per line, the reading the character model finds most receipt-like (about as long as the page's), or the most frequent reading. */
function chooseReadings(
  page: DocumentPage,
  idx: readonly number[],
  readings: Record<string, string[]>,
  lm: CharLanguageModel,
): { lmTexts: Map<number, string>; voteTexts: Map<number, string> } {
  const lmTexts = new Map<number, string>();
  const voteTexts = new Map<number, string>();
  idx.forEach((i, k) => {
    const first = page.lines[i].text;
    const options = [first, ...VARIANTS.map((v) => readings[v.name][k])].filter(
      (t) => t && charModelForm(t).length <= charModelForm(first).length * 1.3 && charModelForm(t).length * 1.3 >= charModelForm(first).length,
    );
    lmTexts.set(
      i,
      options.reduce((a, b) => (lm.score(b) > lm.score(a) ? b : a), first),
    );
    const votes = new Map<string, number>();
    for (const t of options) votes.set(t.toUpperCase(), (votes.get(t.toUpperCase()) ?? 0) + 1);
    voteTexts.set(
      i,
      options.reduce((a, b) => (votes.get(b.toUpperCase())! > votes.get(a.toUpperCase())! ? b : a), first),
    );
  });
  return { lmTexts, voteTexts };
}

/** The receipt image in gray, one byte a pixel, for the line crops. */
async function grayImage(path: string): Promise<{ data: Buffer; width: number; height: number }> {
  const img = await sharp(await readFile(path))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: img.data, width: img.info.width, height: img.info.height };
}

async function main(): Promise<void> {
  const seed = Number(arg('seed', '7'));
  const corpus = corpusDir();
  const extract = await outOfFoldExtractor(corpus, 5, () => {}, { ocr: 60, german: true }, 'shop', seed);
  const keys = (await readdir(join(corpus, 'receipts/sroie/key'))).filter((n) => n.endsWith('.json')).sort();
  const right: Record<string, number> = {};
  const lm = await chooserCharModel(corpus, keys);
  const log: unknown[] = [];
  for (const name of evenSample(keys, 60)) {
    const stem = name.replace('.json', '');
    const truth = JSON.parse(await readFile(join(corpus, 'receipts/sroie/key', name), 'utf8')) as Record<string, string>;
    const imagePath = join(corpus, 'receipts/sroie/img', `${stem}.jpg`);
    const { pages } = await cachedPages(imagePath);
    const page = pages[0];
    const base = extract(pages, stem);
    const gray = await grayImage(imagePath);
    const chosen = new Set<number>();
    for (const field of ['vendor_name', 'vendor_address']) {
      const cite = base.citations?.entities[field];
      if (!cite) continue;
      page.lines.forEach((l, i) => {
        if (l.bbox[1] >= cite.bbox[1] - 0.002 && l.bbox[3] <= cite.bbox[3] + 0.002) chosen.add(i);
      });
    }
    const idx = [...chosen];
    const readings: Record<string, string[]> = {};
    for (const v of VARIANTS) {
      const crops = await Promise.all(idx.map((i) => crop(gray, page.lines[i].bbox as [number, number, number, number], v)));
      const read = await recognizeLineWords(crops);
      readings[v.name] = read.map((ws) => ws.map((w) => w.text).join(' '));
    }
    const score = (r: ReturnType<typeof extract>) => ({
      vendor_name: normaliseName(r.entities.vendor_name ?? '') === normaliseName(truth.company ?? '') && !!truth.company,
      vendor_address: normaliseText(r.entities.vendor_address ?? '').replace(/ /g, '') === normaliseText(truth.address ?? '').replace(/ /g, ''),
    });
    const tally = (label: string, s: ReturnType<typeof score>) => {
      for (const [f, ok] of Object.entries(s)) if (ok) right[`${label}:${f}`] = (right[`${label}:${f}`] ?? 0) + 1;
    };
    const baseScore = score(base);
    tally('base', baseScore);
    const perVariant: Record<string, ReturnType<typeof score>> = {};
    for (const v of VARIANTS) {
      const texts = new Map(idx.map((i, k) => [i, readings[v.name][k]]));
      const r = extract([withLineTexts(page, texts)], stem);
      perVariant[v.name] = score(r);
      tally(v.name, perVariant[v.name]);
      const any = {
        vendor_name: baseScore.vendor_name || perVariant[v.name].vendor_name,
        vendor_address: baseScore.vendor_address || perVariant[v.name].vendor_address,
      };
      tally(`base|${v.name}`, any);
    }
    const { lmTexts, voteTexts } = chooseReadings(page, idx, readings, lm);
    tally('lm-choice', score(extract([withLineTexts(page, lmTexts)], stem)));
    tally('vote-choice', score(extract([withLineTexts(page, voteTexts)], stem)));
    const oracle = {
      vendor_name: baseScore.vendor_name || Object.values(perVariant).some((s) => s.vendor_name),
      vendor_address: baseScore.vendor_address || Object.values(perVariant).some((s) => s.vendor_address),
    };
    tally('oracle-any', oracle);
    log.push({
      stem,
      lines: idx.map((i, k) => ({
        ocr: page.lines[i].text,
        h: Math.round((page.lines[i].bbox[3] - page.lines[i].bbox[1]) * page.height),
        ...Object.fromEntries(VARIANTS.map((v) => [v.name, readings[v.name][k]])),
      })),
      baseScore,
      perVariant,
      truth: { company: truth.company, address: truth.address },
    });
    console.log(stem, JSON.stringify(baseScore), JSON.stringify(perVariant));
  }
  console.log(JSON.stringify(right, null, 1));
  await writeFile(`.tmp/probe-${seed}.json`, JSON.stringify(log, null, 1));
  await terminateOcr();
}

await main();
