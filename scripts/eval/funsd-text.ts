/**
 * FUNSD pairs matched to the annotation by text (`npm run eval -- layout`): exactly, without regard to case,
 * normalised (case and punctuation ignored) and at ≥ 0.8 similarity, each reported beside the others so that no
 * headline is loosened alone; end to end from the annotated words or through our OCR, out of fold.
 *
 * @module
 */
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { keyValuePairs, type KeyValueModel } from '../../functions/engines/layout/key-values.ts';
import { levenshtein } from '../lib/text-metrics.ts';
import { f1, foldModels, formPage, links, sum, TRAIN_ON_OCR, type Counts, type Form } from '../train/layout.ts';

/** Text as compared after OCR: lower case, no spaces (OCR and the annotation split words differently), no final ':'. */
export const squashed = (t: string) =>
  t
    .toLowerCase()
    .replace(/[:\s]+$/g, '')
    .replace(/\s+/g, '');
export const similar = (a: string, b: string) => 1 - levenshtein(a, b) / Math.max(1, a.length, b.length);

/** Gold pairs found among predicted ones (each predicted pair used once), both sides passing `same`. */
function matched(gold: readonly string[][], predicted: readonly string[][], same: (a: string, b: string) => boolean): number {
  const used = new Set<number>();
  let tp = 0;
  for (const [k, v] of gold) {
    const i = predicted.findIndex(([pk, pv], j) => !used.has(j) && same(pk, k) && same(pv, v));
    if (i < 0) continue;
    used.add(i);
    tp++;
  }
  return tp;
}

/**
 * Text as compared exactly: case and punctuation kept; spaces dropped (OCR and the annotation split words
 * differently) and a final ':' (keys are reported without it).
 */
export const exactText = (t: string) => t.replace(/[:\s]+$/g, '').replace(/\s+/g, '');
/** Text as compared normalised: lower case, letters and digits only (case and punctuation ignored). */
export const normalisedText = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** How a predicted side counts as the annotated one: each comparison is reported beside the others, none alone. */
export const TEXT_MATCHES = {
  exact: (a: string, b: string) => exactText(a) === exactText(b),
  case_insensitive: (a: string, b: string) => squashed(a) === squashed(b),
  normalised: (a: string, b: string) => normalisedText(a) === normalisedText(b),
  similar: (a: string, b: string) => similar(squashed(a), squashed(b)) >= 0.8,
} as const;
type TextMatch = keyof typeof TEXT_MATCHES;

/** Counts of predicted pairs matching annotated ones (one to one) under each text comparison. */
export function textMatchCounts(gold: readonly string[][], predicted: readonly string[][]): Record<TextMatch, Counts> {
  const base = { predicted: predicted.length, gold: gold.length };
  const out = {} as Record<TextMatch, Counts>;
  for (const [name, same] of Object.entries(TEXT_MATCHES) as [TextMatch, (a: string, b: string) => boolean][])
    out[name] = { tp: matched(gold, predicted, same), ...base };
  return out;
}

/** The form's annotated pairs and the pairs we read from `page` (with `model`), as [key, value] texts. */
function pairTexts(form: Form, page: DocumentPage, model: KeyValueModel): { gold: string[][]; predicted: string[][] } {
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  const gold = [...links(form)].map(([q, a]) => [byId.get(q)!.text, byId.get(a)!.text]);
  const predicted = keyValuePairs(page, [], model)
    .filter((p) => p.value)
    .map((p) => [p.key.text, p.value!.text]);
  return { gold, predicted };
}

/**
 * End to end, out of fold (one form per fold): the pairs read from each form's annotated words (`from: 'words'`)
 * or from our OCR of its image (`'ocr'`, as held-back forms are read), matched one to one to the annotated pairs
 * under each comparison of {@link TEXT_MATCHES}: exactly, without regard to case, normalised (case and punctuation
 * ignored), and at ≥ 0.8 similarity (one misread character in five).
 */
export async function funsdTextMatches(from: 'words' | 'ocr', ocr: boolean = TRAIN_ON_OCR): Promise<Record<TextMatch, ReturnType<typeof f1>>> {
  const totals = {} as Record<TextMatch, Counts>;
  for (const { form, model } of await foldModels(ocr)) {
    const { gold, predicted } = pairTexts(form, from === 'ocr' ? form.ocr! : formPage(form), model);
    for (const [name, c] of Object.entries(textMatchCounts(gold, predicted)) as [TextMatch, Counts][])
      totals[name] = sum(totals[name] ?? { tp: 0, predicted: 0, gold: 0 }, c);
  }
  return Object.fromEntries(Object.entries(totals).map(([k, c]) => [k, f1(c)])) as Record<TextMatch, ReturnType<typeof f1>>;
}

/** End to end through our OCR, out of fold (see {@link funsdTextMatches}); `exact` as reported before kv4 is `case_insensitive`. */
export async function funsdThroughOcr(ocr: boolean = TRAIN_ON_OCR): Promise<{ forms: number } & Record<TextMatch, ReturnType<typeof f1>>> {
  return { forms: (await foldModels(ocr)).length, ...(await funsdTextMatches('ocr', ocr)) };
}
