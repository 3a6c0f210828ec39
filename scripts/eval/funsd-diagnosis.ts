/**
 * Why FUNSD pairs are lost through our OCR (`npm run eval -- layout` logs it): every annotated pair of a form,
 * read from the form's image by our OCR and paired by the model fitted without that form, falls in one class:
 *
 * - found: a predicted pair has both texts (without spaces, lower case, no final ':'), as the figure counts it;
 * - text: the OCR words lying on the key's or the value's annotated words do not spell its text (a word not
 *   read, or misread);
 * - segments: both are spelt right, but no segment (nor side of an inline "label: value") holds exactly one;
 * - link: both are segments, but the linker paired them otherwise.
 *
 * Also how many annotated words our OCR reads (a word of the annotation is found when an OCR word covers
 * half of it or half of the OCR word lies on it, read when the OCR words on it spell it).
 *
 * @module
 */
import type { DocumentPage, Word } from '../../functions/engines/document-model.ts';
import { inlineParts, keyValuePairs, segmentsOf, type KeyValueModel } from '../../functions/engines/layout/key-values.ts';
import { boxOf, entityAt, foldModels, formPage, inFrameOf, links, TRAIN_ON_OCR, type Form } from '../train/layout.ts';
import { squashed } from './funsd-text.ts';

export interface PairDiagnosis {
  pairs: number;
  found: number;
  text: number;
  segments: number;
  link: number;
}

export interface WordRecall {
  words: number;
  found: number;
  read: number;
}

const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const area = (b: readonly number[]) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const overlap = (a: readonly number[], b: readonly number[]) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** Annotated words with letters or digits, found and read by the OCR words of `page`. */
export function wordRecall(form: Form, page: DocumentPage): WordRecall {
  const framed = inFrameOf(form, page);
  const out: WordRecall = { words: 0, found: 0, read: 0 };
  for (const w of framed.entities.flatMap((e) => e.words)) {
    const gold = letters(w.text);
    if (!gold) continue;
    out.words++;
    const box = boxOf(w.box, framed);
    const on = page.words.filter((o) => overlap(o.bbox, box) >= 0.5 * Math.min(area(box), area(o.bbox)));
    if (on.length) out.found++;
    const spelt = letters(on.map((o) => o.text).join(''));
    // An OCR word may run two annotated words together ("Date:12/3"): read when it holds this word's letters.
    if (spelt === gold || (on.length === 1 && spelt.includes(gold))) out.read++;
  }
  return out;
}

/** The OCR words of `page` that lie on each annotated entity (by word box area), in the OCR's reading order. */
export function ocrWordsByEntity(form: Form, page: DocumentPage): Map<number, Word[]> {
  const framed = inFrameOf(form, page);
  const out = new Map<number, Word[]>();
  for (const w of page.words) {
    const id = entityAt(w.bbox, framed);
    if (id >= 0) out.set(id, [...(out.get(id) ?? []), w]);
  }
  return out;
}

/** Each annotated pair of the form, read through `page` with `model`, in one class (see the module comment). */
export function diagnosePairs(form: Form, page: DocumentPage, model?: KeyValueModel): PairDiagnosis {
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  const wordsOf = ocrWordsByEntity(form, page);
  const spelt = (id: number) => squashed((wordsOf.get(id) ?? []).map((w) => w.text).join(' ')) === squashed(byId.get(id)!.text);
  const segmentTexts = new Set(
    segmentsOf(page, model).flatMap((s) => {
      const parts = inlineParts(s);
      return [squashed(s.text), ...(parts ? [squashed(parts.key.text), squashed(parts.value.text)] : [])];
    }),
  );
  const predicted = keyValuePairs(page, [], model)
    .filter((p) => p.value)
    .map((p) => `${squashed(p.key.text)}\t${squashed(p.value!.text)}`);
  const out: PairDiagnosis = { pairs: 0, found: 0, text: 0, segments: 0, link: 0 };
  for (const [q, a] of links(form)) {
    out.pairs++;
    const [key, value] = [squashed(byId.get(q)!.text), squashed(byId.get(a)!.text)];
    const at = predicted.indexOf(`${key}\t${value}`);
    if (at >= 0) {
      predicted.splice(at, 1);
      out.found++;
    } else if (!spelt(q) || !spelt(a)) out.text++;
    else if (!segmentTexts.has(key) || !segmentTexts.has(value)) out.segments++;
    else out.link++;
  }
  return out;
}

/**
 * Where the annotated pairs of every form are lost through our OCR, out of fold, how many annotated words it reads,
 * and what the pairs that match nothing are (see {@link extraPairs}).
 */
export async function diagnoseThroughOcr(
  ocr: boolean = TRAIN_ON_OCR,
): Promise<{ lost: PairDiagnosis; words: WordRecall; extra: Record<string, number> }> {
  const lost: PairDiagnosis = { pairs: 0, found: 0, text: 0, segments: 0, link: 0 };
  const words: WordRecall = { words: 0, found: 0, read: 0 };
  const extra: Record<string, number> = {};
  for (const { form, model } of await foldModels(ocr)) {
    const d = diagnosePairs(form, form.ocr!, model);
    for (const k of Object.keys(lost) as (keyof PairDiagnosis)[]) lost[k] += d[k];
    const w = wordRecall(form, form.ocr!);
    for (const k of Object.keys(words) as (keyof WordRecall)[]) words[k] += w[k];
    for (const [kind, n] of Object.entries(extraPairs(form, form.ocr!, model))) extra[kind] = (extra[kind] ?? 0) + n;
  }
  return { lost, words, extra: Object.fromEntries(Object.entries(extra).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) };
}

/** Why an annotated pair whose key and value are both segments was not found: what the linker did with them. */
export interface LinkLosses {
  /** The key was given no value. */
  no_value: number;
  /** The key was given another segment as its value. */
  other_value: number;
  /** The value went to another key (and the key to nothing or something else). */
  value_taken: number;
}

/**
 * The predicted pairs that match no annotated pair, by the annotation's labels under their key and value
 * ("question→answer": a label linked to the wrong answer; "header→question": a heading read as a label), with
 * "(its own, text differs)" when the key's entity is linked to the value's (right link, text misread or cut), else
 * "(pieces)" when a side's text is not the whole of the entity it lies on (a segment cut or joined wrongly).
 */
export function extraPairs(form: Form, page: DocumentPage, model?: KeyValueModel): Record<string, number> {
  const framed = inFrameOf(form, page);
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  const linked = links(form);
  const gold = [...linked].map(([q, a]) => `${squashed(byId.get(q)!.text)}\t${squashed(byId.get(a)!.text)}`);
  const out: Record<string, number> = {};
  for (const p of keyValuePairs(page, [], model).filter((x) => x.value)) {
    const at = gold.indexOf(`${squashed(p.key.text)}\t${squashed(p.value!.text)}`);
    if (at >= 0) {
      gold.splice(at, 1);
      continue;
    }
    const [key, value] = [byId.get(entityAt(p.key.bbox, framed)), byId.get(entityAt(p.value!.bbox, framed))];
    const whole = squashed(key?.text ?? '') === squashed(p.key.text) && squashed(value?.text ?? '') === squashed(p.value!.text);
    // Linked right but spelt otherwise (misread, or a piece of the entity): the text lost it, not the link.
    const own = key !== undefined && value !== undefined && linked.get(key.id) === value.id;
    const kind = `${key?.label ?? 'none'}→${value?.label ?? 'none'}${own ? ' (its own, text differs)' : whole ? '' : ' (pieces)'}`;
    out[kind] = (out[kind] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** For the annotated pairs lost to links (see {@link diagnosePairs}): what the linker did with their key and value. */
export function linkLosses(form: Form, page: DocumentPage, model?: KeyValueModel): LinkLosses {
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  const pairs = keyValuePairs(page, [], model)
    .filter((p) => p.value)
    .map((p) => [squashed(p.key.text), squashed(p.value!.text)]);
  const segmentTexts = new Set(
    segmentsOf(page, model).flatMap((s) => {
      const parts = inlineParts(s);
      return [squashed(s.text), ...(parts ? [squashed(parts.key.text), squashed(parts.value.text)] : [])];
    }),
  );
  const out: LinkLosses = { no_value: 0, other_value: 0, value_taken: 0 };
  for (const [q, a] of links(form)) {
    const [key, value] = [squashed(byId.get(q)!.text), squashed(byId.get(a)!.text)];
    if (!segmentTexts.has(key) || !segmentTexts.has(value) || pairs.some(([k, v]) => k === key && v === value)) continue;
    if (pairs.some(([, v]) => v === value)) out.value_taken++;
    else if (pairs.some(([k]) => k === key)) out.other_value++;
    else out.no_value++;
  }
  return out;
}

/**
 * Where the annotated pairs are lost end to end from the annotation's words (the standard FUNSD setting), out of
 * fold: segments or links (text is never lost here), what the linker did with the pairs lost to links, and what
 * the pairs that match nothing are.
 */
export async function diagnoseFromWords(
  ocr: boolean = TRAIN_ON_OCR,
): Promise<{ lost: PairDiagnosis; links: LinkLosses; extra: Record<string, number> }> {
  const lost: PairDiagnosis = { pairs: 0, found: 0, text: 0, segments: 0, link: 0 };
  const byLink: LinkLosses = { no_value: 0, other_value: 0, value_taken: 0 };
  const extra: Record<string, number> = {};
  for (const { form, model } of await foldModels(ocr)) {
    const page = formPage(form);
    const d = diagnosePairs(form, page, model);
    for (const k of Object.keys(lost) as (keyof PairDiagnosis)[]) lost[k] += d[k];
    const l = linkLosses(form, page, model);
    for (const k of Object.keys(byLink) as (keyof LinkLosses)[]) byLink[k] += l[k];
    for (const [kind, n] of Object.entries(extraPairs(form, page, model))) extra[kind] = (extra[kind] ?? 0) + n;
  }
  return { lost, links: byLink, extra: Object.fromEntries(Object.entries(extra).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) };
}
