/**
 * `npm run train -- receipt-glyphs`: the letter-or-digit model of receipt names and addresses
 * (functions/engines/extract/glyph-classes.ts), written to functions/engines/extract/glyph-model.json.
 *
 * - Prior: the class n-grams (letter, digit, punctuation; never the characters) of the tokens of the SROIE
 *   receipts' true names and addresses.
 * - Channel: the SROIE receipts the extract trainer reads by OCR (its default sample), each transcript line aligned
 *   with the OCR line that reads most like it; per group, how often a letter was read as the digit and the reverse.
 *
 * Counting only: the same corpus gives the same file byte for byte. The eval fits the same model per fold
 * ({@link fitGlyphModel} on the training folds' receipts).
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  channelKeys,
  classSequence,
  GLYPH_GROUPS,
  glyphClass,
  type ChannelCounts,
  type GlyphClassModel,
  type GlyphField,
} from '../../functions/engines/extract/glyph-classes.ts';
import { alignSteps } from '../lib/char-align.ts';
import { corpusDir } from '../lib/corpus.ts';
import { levenshtein } from '../lib/text-metrics.ts';
import { DEFAULT_OCR_SAMPLE, loadTrainingReceipts, type TrainingReceipt } from './extract.ts';

export const GLYPH_MODEL_PATH = resolve(import.meta.dirname, '..', '..', 'functions', 'engines', 'extract', 'glyph-model.json');

const SYMBOLS = new Set(GLYPH_GROUPS.map((g) => g.symbol));
const isDigit = (c: string) => /\d/.test(c);

/** Longest class n-gram the prior counts. */
export const GLYPH_ORDER = 5;

/** Adds one text's tokens' class n-grams (1..order, after each token's start) to the prior's counts. */
export function countPrior(text: string, field: GlyphField, grams: Map<string, number>, order = GLYPH_ORDER): void {
  let before: string | undefined;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const sequence = classSequence(token, before, field);
    for (let i = 2; i < sequence.length; i++)
      for (let n = 1; n <= order && i - n + 1 >= 0; n++) {
        const gram = sequence.slice(i - n + 1, i + 1);
        grams.set(gram, (grams.get(gram) ?? 0) + 1);
      }
    before = token;
  }
}

/** A line for alignment: upper case, runs of white space as one space. */
const lineForm = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();

/** A line as OCR read it: its words and how surely each was read (0–1). */
export interface ReadLine {
  readonly words: readonly string[];
  readonly confidences: readonly number[];
}

/**
 * Adds one receipt's confusions to the channel: each transcript line with the OCR line closest to it (at most a
 * quarter of its characters apart), aligned; every look-alike glyph of the transcript read as a glyph of its own
 * group, under the keys the repair looks up (where it stands, how surely its word was read).
 */
export function countChannel(transcript: string, read: readonly ReadLine[], channel: Map<string, [[number, number], [number, number]]>): void {
  const readLines = read.map((l) => ({ ...l, text: lineForm(l.words.join(' ')) })).filter((l) => l.text);
  for (const truthLine of transcript.split('\n').map(lineForm)) {
    if (truthLine.length < 3) continue;
    let best: (typeof readLines)[number] | undefined;
    let bestDistance = Infinity;
    for (const line of readLines) {
      if (line.text.length < truthLine.length * 0.6 || line.text.length > truthLine.length * 1.6) continue;
      const distance = levenshtein(truthLine, line.text);
      if (distance < bestDistance) ((bestDistance = distance), (best = line));
    }
    if (best === undefined || bestDistance > truthLine.length / 4) continue;
    // Each character of the OCR line: its token, its place in it, its word's confidence.
    const tokenAt: Array<{ token: string; i: number; confidence: number }> = [];
    let word = 0;
    for (const m of best.text.matchAll(/\S+/g)) {
      const confidence = best.confidences[word++] ?? 1;
      Array.from(m[0]).forEach((_, i) => (tokenAt[m.index + i] = { token: m[0], i, confidence }));
    }
    let readAt = 0;
    for (const step of alignSteps(truthLine, best.text)) {
      const here = readAt;
      if (step.ours) readAt++;
      const symbol = step.truth ? glyphClass(step.truth) : '';
      if (!SYMBOLS.has(symbol) || !step.ours || glyphClass(step.ours) !== symbol || !tokenAt[here]) continue;
      for (const key of channelKeys(tokenAt[here].token, tokenAt[here].i, tokenAt[here].confidence)) {
        const counts = channel.get(key) ?? [
          [0, 0],
          [0, 0],
        ];
        counts[isDigit(step.truth) ? 1 : 0][isDigit(step.ours) ? 1 : 0]++;
        channel.set(key, counts);
      }
    }
  }
}

/** Keys in code-point order: the same counts give the same JSON. */
const sorted = <T>(map: Map<string, T>) => Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The model from the extract trainer's receipts: the prior from the SROIE receipts' true names and addresses, the
 * channel from those read both ways (transcript and OCR, one group).
 */
export function fitGlyphModel(receipts: readonly TrainingReceipt[], trainedOn?: string): GlyphClassModel {
  const grams = new Map<string, number>();
  const channel = new Map<string, [[number, number], [number, number]]>();
  const transcripts = new Map<string, TrainingReceipt>();
  for (const r of receipts) if ((r.source ?? 'transcript') === 'transcript') transcripts.set(r.group ?? r.id, r);
  for (const r of transcripts.values()) {
    if (r.truth.vendor_name) countPrior(r.truth.vendor_name, 'name', grams);
    if (r.truth.vendor_address) countPrior(r.truth.vendor_address, 'address', grams);
  }
  for (const r of receipts) {
    const transcript = r.source === 'ocr' ? transcripts.get(r.group ?? '') : undefined;
    if (transcript?.text && r.readLines) countChannel(transcript.text, r.readLines, channel);
  }
  return {
    version: 2,
    ...(trainedOn ? { trained_on: trainedOn } : {}),
    order: GLYPH_ORDER,
    grams: sorted(grams),
    channel: sorted(channel) as Record<string, ChannelCounts>,
  };
}

export async function trainReceiptGlyphs(args: readonly string[]): Promise<void> {
  const at = args.indexOf('--ocr');
  const ocr = at >= 0 ? Number(args[at + 1]) : DEFAULT_OCR_SAMPLE;
  const receipts = (await loadTrainingReceipts(corpusDir(), { ocr, german: false, synthetic: 0 })).filter(
    (r) => r.source === 'transcript' || r.source === 'ocr',
  );
  const reads = receipts.filter((r) => r.source === 'ocr').length;
  const model = fitGlyphModel(
    receipts,
    `SROIE: ${receipts.length - reads} receipts' names and addresses (prior), ${reads} OCR readings against their transcripts (channel)`,
  );
  console.log(`receipt glyphs: ${Object.keys(model.grams).length} class n-grams; channel ${JSON.stringify(model.channel)}`);
  await writeFile(GLYPH_MODEL_PATH, `${JSON.stringify(model, null, 1)}\n`);
  console.log(`wrote ${GLYPH_MODEL_PATH}`);
}
