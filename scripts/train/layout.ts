/**
 * `npm run train -- layout`: fits the key-value linker
 * (functions/engines/layout/key-values.ts) on FUNSD question→answer links and
 * writes functions/engines/layout/key-value-weights.json.
 *
 * - examples: every FUNSD question entity is a key; its candidates are the
 *   other entities the linker would consider (right on its line, or just
 *   below); the label is its linked answer, or "no value" when it has none.
 *   A question whose answer lies outside the candidates is left out.
 * - fit: softmax over (no value, candidates), L2, full-batch gradient
 *   descent from zeros: deterministic, the same run writes the same file.
 * - figures, out of fold over forms (every form is one fold: no form is
 *   scored by a model that saw it): link F1 on the annotated entities, and
 *   end to end from the words alone (our segments and keys, matched to the
 *   annotated pairs by normalised text).
 *
 * @module
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BBox, DocumentPage } from '../../functions/engines/document-model.ts';
import {
  candidatesFor,
  KEY_FEATURES,
  KEY_VALUE_FEATURES,
  keyFeatures,
  keyValuePairs,
  linkValue,
  pairFeatures,
  type KeyValueModel,
  type Segment,
} from '../../functions/engines/layout/key-values.ts';
import { layoutPage, type LayoutWord } from '../../functions/engines/layout/reading-order.ts';
import { corpusPath } from '../lib/corpus.ts';

const EPOCHS = 400;
const LEARNING_RATE = 0.5;
const L2 = 1e-3;
const OUT = 'functions/engines/layout/key-value-weights.json';

interface Entity {
  id: number;
  text: string;
  box: number[];
  label: string;
  linking: number[][];
  words: { text: string; box: number[] }[];
}

export interface Form {
  name: string;
  width: number;
  height: number;
  entities: Entity[];
}

interface Example {
  /** Feature rows of the candidates (no value is index 0, featureless). */
  rows: number[][];
  answer: number;
}

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[:\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function loadForms(): Promise<Form[]> {
  const dir = corpusPath('forms', 'funsd', 'training_data', 'annotations');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const forms: Form[] = [];
  for (const name of names) {
    const entities = (JSON.parse(await readFile(join(dir, name), 'utf8')) as { form: Entity[] }).form;
    // Annotations carry no page size: the words' extent, padded, stands in (FUNSD scans are ~762 × 1000 px).
    const width = Math.max(762, ...entities.map((e) => e.box[2] + 20));
    const height = Math.max(1000, ...entities.map((e) => e.box[3] + 20));
    forms.push({ name, width, height, entities });
  }
  return forms;
}

const boxOf = (b: number[], form: Form): BBox => [b[0] / form.width, b[1] / form.height, b[2] / form.width, b[3] / form.height];

function segmentOf(e: Entity, form: Form): Segment {
  const heights = e.words.map((w) => (w.box[3] - w.box[1]) / form.height).sort((a, b) => a - b);
  return { text: e.text, bbox: boxOf(e.box, form), height: heights[Math.floor(heights.length / 2)] ?? (e.box[3] - e.box[1]) / form.height };
}

/** Gold links of a form: question id → answer id. */
function links(form: Form): Map<number, number> {
  const out = new Map<number, number>();
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  for (const e of form.entities) {
    for (const [from, to] of e.linking) {
      if (byId.get(from)?.label === 'question' && byId.get(to)?.label === 'answer' && !out.has(from)) out.set(from, to);
    }
  }
  return out;
}

function examples(form: Form): Example[] {
  const aspect = form.height / form.width;
  const segments = form.entities.filter((e) => e.text.trim()).map((e) => ({ e, s: segmentOf(e, form) }));
  const gold = links(form);
  const out: Example[] = [];
  for (const { e, s } of segments) {
    if (e.label !== 'question') continue;
    const candidates = candidatesFor(
      s,
      segments.map((x) => x.s),
      aspect,
    );
    const answerId = gold.get(e.id);
    const answer = answerId === undefined ? 0 : candidates.findIndex((c) => segments.find((x) => x.s === c)?.e.id === answerId) + 1;
    if (answerId !== undefined && answer === 0) continue;
    out.push({ rows: candidates.map((c) => pairFeatures(s, c, aspect)), answer });
  }
  return out;
}

/** Label or not, for every annotated entity with text: questions are labels. */
function keyExamples(form: Form): { x: number[]; y: number }[] {
  return form.entities.filter((e) => e.text.trim()).map((e) => ({ x: keyFeatures(e.text), y: e.label === 'question' ? 1 : 0 }));
}

function fitKeys(data: readonly { x: number[]; y: number }[]): number[] {
  const w = new Array<number>(KEY_FEATURES.length).fill(0);
  for (let epoch = 0; epoch < EPOCHS * 2; epoch++) {
    const g = w.map((x) => L2 * x);
    for (const ex of data) {
      const p = 1 / (1 + Math.exp(-ex.x.reduce((s, v, i) => s + v * w[i], 0)));
      ex.x.forEach((v, i) => (g[i] += ((p - ex.y) * v) / data.length));
    }
    w.forEach((_, i) => (w[i] -= LEARNING_RATE * g[i]));
  }
  return w.map((x) => Math.round(x * 1e4) / 1e4);
}

export function fit(data: readonly Example[], keys: readonly { x: number[]; y: number }[]): KeyValueModel {
  const n = KEY_VALUE_FEATURES.length;
  const w = new Array<number>(n).fill(0);
  let b = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gw = w.map((x) => L2 * x);
    let gb = 0;
    for (const ex of data) {
      const scores = [b, ...ex.rows.map((r) => r.reduce((s, v, i) => s + v * w[i], 0))];
      const top = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - top));
      const sum = exp.reduce((a, c) => a + c, 0);
      exp.forEach((e, k) => {
        const g = (e / sum - (k === ex.answer ? 1 : 0)) / data.length;
        if (k === 0) gb += g;
        else ex.rows[k - 1].forEach((v, i) => (gw[i] += g * v));
      });
    }
    w.forEach((_, i) => (w[i] -= LEARNING_RATE * gw[i]));
    b -= LEARNING_RATE * gb;
  }
  const r = (x: number) => Math.round(x * 1e4) / 1e4;
  return { features: [...KEY_VALUE_FEATURES], weights: w.map(r), no_value: r(b), key_features: [...KEY_FEATURES], key_weights: fitKeys(keys) };
}

/** Link precision/recall counts on annotated entities (the model links; segmentation is given). */
function entityCounts(form: Form, model: KeyValueModel): { tp: number; predicted: number; gold: number } {
  const aspect = form.height / form.width;
  const segments = form.entities.filter((e) => e.text.trim()).map((e) => ({ e, s: segmentOf(e, form) }));
  const gold = links(form);
  let tp = 0;
  let predicted = 0;
  for (const { e, s } of segments) {
    if (e.label !== 'question') continue;
    const { value } = linkValue(
      s,
      candidatesFor(
        s,
        segments.map((x) => x.s),
        aspect,
      ),
      aspect,
      model,
    );
    if (!value) continue;
    predicted++;
    if (segments.find((x) => x.s === value)?.e.id === gold.get(e.id)) tp++;
  }
  return { tp, predicted, gold: gold.size };
}

/** The form as a page of words, laid out by the product's own reading-order code. */
export function formPage(form: Form): DocumentPage {
  const words: LayoutWord[] = form.entities.flatMap((e, run) =>
    e.words.filter((w) => w.text.trim()).map((w) => ({ text: w.text, bbox: boxOf(w.box, form), confidence: 1, source: 'ocr' as const, run })),
  );
  const layout = layoutPage(words, { width: form.width, height: form.height });
  return { pageNumber: 1, width: form.width, height: form.height, ...layout, source: 'ocr' };
}

/** End to end from the words: our keys and values, matched to annotated pairs by normalised text. */
function endToEndCounts(form: Form, model: KeyValueModel): { tp: number; predicted: number; gold: number } {
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  const gold = new Set([...links(form)].map(([q, a]) => `${norm(byId.get(q)!.text)}\t${norm(byId.get(a)!.text)}`));
  const pairs = keyValuePairs(formPage(form), [], model).filter((p) => p.value);
  const tp = pairs.filter((p) => gold.has(`${norm(p.key.text)}\t${norm(p.value!.text)}`)).length;
  return { tp, predicted: pairs.length, gold: gold.size };
}

const f1 = (c: { tp: number; predicted: number; gold: number }) => {
  const p = c.predicted ? c.tp / c.predicted : 0;
  const r = c.gold ? c.tp / c.gold : 0;
  return { precision: +p.toFixed(3), recall: +r.toFixed(3), f1: p + r ? +((2 * p * r) / (p + r)).toFixed(3) : 0 };
};

type Counts = { tp: number; predicted: number; gold: number };
const sum = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, predicted: a.predicted + b.predicted, gold: a.gold + b.gold });

/**
 * The linker's figures out of fold, one form per fold (no form is scored by
 * a model that saw it): link F1 on the annotated entities, and end to end
 * from the words alone. `npm run eval -- layout` reports them too.
 */
export async function funsdOutOfFold(): Promise<{
  forms: number;
  annotated_entities: ReturnType<typeof f1>;
  end_to_end_from_words: ReturnType<typeof f1>;
}> {
  const forms = await loadForms();
  const perForm = forms.map(examples);
  const keysPerForm = forms.map(keyExamples);
  let entity: Counts = { tp: 0, predicted: 0, gold: 0 };
  let words: Counts = { tp: 0, predicted: 0, gold: 0 };
  forms.forEach((form, k) => {
    const model = fit(perForm.filter((_, j) => j !== k).flat(), keysPerForm.filter((_, j) => j !== k).flat());
    entity = sum(entity, entityCounts(form, model));
    words = sum(words, endToEndCounts(form, model));
  });
  return { forms: forms.length, annotated_entities: f1(entity), end_to_end_from_words: f1(words) };
}

export async function trainLayout(): Promise<void> {
  const forms = await loadForms();
  const perForm = forms.map(examples);
  const model = fit(perForm.flat(), forms.map(keyExamples).flat());
  await writeFile(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`key-value linker: ${perForm.flat().length} keys from ${forms.length} FUNSD forms → ${OUT}`);
  const figures = await funsdOutOfFold();
  console.log(
    `out of fold (one form per fold): on annotated entities ${JSON.stringify(figures.annotated_entities)}; end to end from words ${JSON.stringify(figures.end_to_end_from_words)}`,
  );
}
