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
 * - segments (./kv-segments.ts): the cut model learns where an entity ends
 *   between two words of a line, the join model whether the piece below
 *   belongs to the same entity (wrapped values and labels).
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
  inlineParts,
  linkValue,
  pageContext,
  pairFeatures,
  segmentsOf,
  type KeyValueModel,
  type Segment,
} from '../../functions/engines/layout/key-values.ts';
import {
  CUT_FEATURES,
  cutFeatures,
  JOIN_FEATURES,
  joinFeatures,
  lineSegments,
  lineWords,
  segmentBelow,
  typicalGapOf,
  withRows,
  type SegmentModel,
} from '../../functions/engines/layout/kv-segments.ts';
import { layoutPage, type LayoutWord } from '../../functions/engines/layout/reading-order.ts';
import { corpusPath } from '../lib/corpus.ts';
import { cachedPages, OCR_VERSION } from '../eval/receipt-pages.ts';
import { poolSize } from '../../functions/engines/ocr/tesseract-pool.ts';
import { pdfPages, proseFiles, textPdf } from '../lib/text-pages.ts';

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
  /** Our OCR's reading of the form's image, when training on what is deployed (see {@link withOcr}). */
  ocr?: DocumentPage;
}

interface Example {
  /** Feature rows of the candidates (no value is index 0, featureless). */
  rows: number[][];
  answer: number;
  /** A segment of a page that is not a form (every one is "no value"). */
  negative?: boolean;
}

/**
 * The prose project whose pages teach "no pairs on running text"; the other projects' pages are never trained on
 * and are the ones `npm run eval -- layout` reports.
 */
export const TRAINING_PROSE_PROJECT = 'docling-project/docling';
/** How much all the prose pages' segments weigh together, as a share of the forms' "no value" examples. */
// Chosen on FUNSD out of fold and the training project's pages (0.5, 1, 2 gave 0.442, 0.450, 0.455 from words; invented
// table pages as negatives too cost FUNSD 0.450 -> 0.36, as they did before).
const PROSE_WEIGHT = 1;

const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/[:\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export async function loadForms(): Promise<Form[]> {
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

export const boxOf = (b: number[], form: Form): BBox => [b[0] / form.width, b[1] / form.height, b[2] / form.width, b[3] / form.height];

function segmentOf(e: Entity, form: Form): Segment {
  const heights = e.words.map((w) => (w.box[3] - w.box[1]) / form.height).sort((a, b) => a - b);
  return { text: e.text, bbox: boxOf(e.box, form), height: heights[Math.floor(heights.length / 2)] ?? (e.box[3] - e.box[1]) / form.height };
}

/** The form's annotated entities with text, as segments (with their rows, as the page's segments have). */
function entitySegments(form: Form): { e: Entity; s: Segment }[] {
  const entities = form.entities.filter((e) => e.text.trim());
  const segments = withRows(entities.map((e) => segmentOf(e, form)));
  return entities.map((e, k) => ({ e, s: segments[k] }));
}

/** Gold links of a form: question id → answer id. */
export function links(form: Form): Map<number, number> {
  const out = new Map<number, number>();
  const byId = new Map(form.entities.map((e) => [e.id, e]));
  for (const e of form.entities) {
    for (const [from, to] of e.linking) {
      if (byId.get(from)?.label === 'question' && byId.get(to)?.label === 'answer' && !out.has(from)) out.set(from, to);
    }
  }
  return out;
}

/** Every annotated entity is a possible key (as every segment is at inference): a question's label is its answer, anything else's "no value". */
function examples(form: Form, keyWeights: readonly number[]): Example[] {
  const aspect = form.height / form.width;
  const segments = entitySegments(form);
  const context = pageContext(segments.map((x) => x.s));
  const gold = links(form);
  const out: Example[] = [];
  for (const { e, s } of segments) {
    const candidates = candidatesFor(
      s,
      segments.map((x) => x.s),
      aspect,
    );
    const answerId = gold.get(e.id);
    const answer = answerId === undefined ? 0 : candidates.findIndex((c) => segments.find((x) => x.s === c)?.e.id === answerId) + 1;
    if (answerId !== undefined && answer === 0) continue;
    out.push({ rows: candidates.map((c) => pairFeatures(s, c, aspect, keyWeights, context)), answer });
  }
  return out;
}

/** The linker's part of a model, empty: segments are read by the segment models alone. */
const NO_LINKER = { features: [], weights: [], no_value: 0, key_features: [], key_weights: [] };

/** Every segment of a page that is not a form is a key with no value (read by the fold's own segment models). */
function negativeExamples(page: DocumentPage, segments: readonly Segment[], keyWeights: readonly number[]): Example[] {
  const aspect = (page.height || 1) / (page.width || 1);
  const context = pageContext(segments);
  return segments.map((s) => {
    // A "label: value" segment is read as its label and the value beside it (as keyValuePairs reads it).
    const inline = inlineParts(s);
    const [key, candidates] = inline ? [inline.key, [inline.value]] : [s, candidatesFor(s, segments, aspect)];
    return { rows: candidates.map((c) => pairFeatures(key, c, aspect, keyWeights, context)), answer: 0, negative: true };
  });
}

/**
 * Keys and values as our OCR reads the form (segments by the fold's own segment models): each segment stands for the
 * entity its words lie on; a question's label is the first candidate on its answer, anything else's "no value". A
 * "label: value" segment is read as its two sides, as at inference. A question whose answer is no candidate is left out.
 */
function ocrExamples(form: Form, segments: readonly Segment[], keyWeights: readonly number[]): Example[] {
  const page = form.ocr!;
  const framed = inFrameOf(form, page);
  const aspect = framed.height / framed.width;
  const context = pageContext(segments);
  const gold = links(form);
  const out: Example[] = [];
  for (const s of segments) {
    const inline = inlineParts(s);
    const [key, candidates] = inline ? [inline.key, [inline.value]] : [s, candidatesFor(s, segments, aspect)];
    const answerId = gold.get(entityAt(key.bbox, framed));
    const answer = answerId === undefined ? 0 : candidates.findIndex((c) => entityAt(c.bbox, framed) === answerId) + 1;
    if (answerId !== undefined && answer === 0) continue;
    out.push({ rows: candidates.map((c) => pairFeatures(key, c, aspect, keyWeights, context)), answer });
  }
  return out;
}

/** Label or not, for every OCR segment: a segment on a question is a label. */
function ocrKeyExamples(form: Form, segments: readonly Segment[]): { x: number[]; y: number }[] {
  const framed = inFrameOf(form, form.ocr!);
  const label = new Map(form.entities.map((e) => [e.id, e.label]));
  return segments.map((s) => ({ x: keyFeatures(s.text), y: label.get(entityAt(s.bbox, framed)) === 'question' ? 1 : 0 }));
}

/** Label or not, for every annotated entity with text: questions are labels. */
function keyExamples(form: Form): { x: number[]; y: number }[] {
  return form.entities.filter((e) => e.text.trim()).map((e) => ({ x: keyFeatures(e.text), y: e.label === 'question' ? 1 : 0 }));
}

/** Logistic weights over `width` features: full-batch gradient descent from zeros, L2 (deterministic). */
export function fitLogistic(data: readonly { x: number[]; y: number }[], width: number): number[] {
  const w = new Array<number>(width).fill(0);
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

/** The annotated entity whose words a box covers most (by area), or -1: word boxes, since an entity's own box may span others. */
export function entityAt(box: BBox, form: Form): number {
  let best = -1;
  let bestArea = 0;
  for (const e of form.entities) {
    let area = 0;
    for (const w of e.words) {
      const [l, t, r, b] = boxOf(w.box, form);
      area += Math.max(0, Math.min(r, box[2]) - Math.max(l, box[0])) * Math.max(0, Math.min(b, box[3]) - Math.max(t, box[1]));
    }
    if (area > bestArea) [best, bestArea] = [e.id, area];
  }
  return best;
}

/** The form measured in the page's own pixels (two FUNSD images are a few pixels narrower or wider than the rest). */
export const inFrameOf = (form: Form, page: DocumentPage): Form => ({ ...form, width: page.width || form.width, height: page.height || form.height });

/**
 * Cut or not, between every two neighbouring words of a line of the page (the form's annotated words as laid out,
 * or our OCR's reading of its image): a cut where the annotated entity under the words changes.
 */
export function cutExamples(form: Form, page: DocumentPage = formPage(form)): { x: number[]; y: number }[] {
  form = inFrameOf(form, page);
  const aspect = form.height / form.width;
  const out: { x: number[]; y: number }[] = [];
  for (const line of page.lines) {
    const words = lineWords(page, line);
    const height = line.bbox[3] - line.bbox[1];
    const typicalGap = typicalGapOf(words, aspect, height);
    for (let k = 1; k < words.length; k++) {
      const [a, b] = [words[k - 1], words[k]];
      out.push({ x: cutFeatures(a, b, aspect, height, typicalGap), y: entityAt(a.bbox, form) !== entityAt(b.bbox, form) ? 1 : 0 });
    }
  }
  return out;
}

/** Join or not, for each piece of the page (cut by `cuts`) and the piece below it: a join where both lie on one entity. */
export function joinExamples(form: Form, cuts: readonly number[], page: DocumentPage = formPage(form)): { x: number[]; y: number }[] {
  const pieces = lineSegments(page, { cut_features: CUT_FEATURES, cut_weights: cuts, join_features: JOIN_FEATURES, join_weights: [] });
  form = inFrameOf(form, page);
  const aspect = form.height / form.width;
  const out: { x: number[]; y: number }[] = [];
  for (const upper of pieces) {
    const lower = segmentBelow(upper, pieces);
    if (!lower) continue;
    const entity = entityAt(upper.bbox, form);
    out.push({ x: joinFeatures(upper, lower, aspect), y: entity >= 0 && entity === entityAt(lower.bbox, form) ? 1 : 0 });
  }
  return out;
}

/** The segment models fitted on these forms: cuts first, then joins over the pieces those cuts give. */
function fitSegments(forms: readonly Form[]): SegmentModel {
  // From the annotated words and, where there is one, from our OCR's reading too: its line breaks and noise are what is deployed.
  const pages = (f: Form) => [formPage(f), ...(f.ocr && OCR_TRAINING.segments ? [f.ocr] : [])];
  const cuts = fitLogistic(
    forms.flatMap((f) => pages(f).flatMap((p) => cutExamples(f, p))),
    CUT_FEATURES.length,
  );
  const joins = fitLogistic(
    forms.flatMap((f) => pages(f).flatMap((p) => joinExamples(f, cuts, p))),
    JOIN_FEATURES.length,
  );
  return { cut_features: [...CUT_FEATURES], cut_weights: cuts, join_features: [...JOIN_FEATURES], join_weights: joins };
}

/** The whole model fitted on these forms: the label model first, since the linker weighs its scores, then the linker and the segment models. */
export function fit(forms: readonly Form[], prose: readonly DocumentPage[] = []): KeyValueModel {
  const segmentModel = fitSegments(forms);
  const proseSegments = prose.map((p) => segmentsOf(p, { ...segmentModel, ...NO_LINKER }));
  // Prose segments are no labels (a sentence ending in ':' introduces what follows).
  const proseKeys = proseSegments.flat().map((s) => ({ x: keyFeatures(s.text), y: 0 }));
  const ocrSegments = forms.map((f) => (f.ocr ? segmentsOf(f.ocr, { ...segmentModel, ...NO_LINKER }) : []));
  const ocrKeys = forms.flatMap((f, k) => (f.ocr && OCR_TRAINING.labels ? ocrKeyExamples(f, ocrSegments[k]) : []));
  const keyWeights = fitLogistic([...forms.flatMap(keyExamples), ...ocrKeys, ...proseKeys], KEY_FEATURES.length);
  const formData = forms.flatMap((f, k) => [
    ...examples(f, keyWeights),
    ...(f.ocr && OCR_TRAINING.links ? ocrExamples(f, ocrSegments[k], keyWeights) : []),
  ]);
  const proseData = prose.flatMap((p, k) => negativeExamples(p, proseSegments[k], keyWeights));
  const data = [...formData, ...proseData];
  // Class-balanced: linked keys weigh as much in all as the many segments with no value (most text is no label);
  // the prose pages' segments together weigh PROSE_WEIGHT times the forms' unlinked ones.
  const linked = formData.filter((ex) => ex.answer).length;
  const linkedWeight = (formData.length - linked) / Math.max(1, linked);
  const proseWeight = proseData.length ? (PROSE_WEIGHT * (formData.length - linked)) / proseData.length : 0;
  const weightOf = (ex: Example) => (ex.negative ? proseWeight : ex.answer ? linkedWeight : 1);
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
        const g = ((e / sum - (k === ex.answer ? 1 : 0)) * weightOf(ex)) / data.length;
        if (k === 0) gb += g;
        else ex.rows[k - 1].forEach((v, i) => (gw[i] += g * v));
      });
    }
    w.forEach((_, i) => (w[i] -= LEARNING_RATE * gw[i]));
    b -= LEARNING_RATE * gb;
  }
  const r = (x: number) => Math.round(x * 1e4) / 1e4;
  return {
    features: [...KEY_VALUE_FEATURES],
    weights: w.map(r),
    no_value: r(b),
    key_features: [...KEY_FEATURES],
    key_weights: keyWeights,
    ...segmentModel,
  };
}

/** Link precision/recall counts on annotated entities (the model links; segmentation is given). */
function entityCounts(form: Form, model: KeyValueModel): { tp: number; predicted: number; gold: number } {
  const aspect = form.height / form.width;
  const segments = entitySegments(form);
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

export const f1 = (c: { tp: number; predicted: number; gold: number }) => {
  const p = c.predicted ? c.tp / c.predicted : 0;
  const r = c.gold ? c.tp / c.gold : 0;
  return { precision: +p.toFixed(3), recall: +r.toFixed(3), f1: p + r ? +((2 * p * r) / (p + r)).toFixed(3) : 0 };
};

export type Counts = { tp: number; predicted: number; gold: number };
export const sum = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, predicted: a.predicted + b.predicted, gold: a.gold + b.gold });

/**
 * Which parts also learn from our OCR's reading of each training form (its line breaks, merged and split words,
 * misreadings), aligned to the annotation by word boxes, besides the annotated words: held-back forms are read
 * through OCR, so that is what is deployed. Out of fold (one form per fold; FUNSD end to end from words / through
 * OCR exact, rule marks trimmed): none 0.454 / 0.248; segments 0.465 / 0.248; segments and labels 0.430 / 0.258,
 * but the label model then reads a colon in running prose as a label; all three 0.455 / 0.249; links alone from
 * OCR 0.442 / 0.238. Ten forms, 180 pairs: two pairs either way is noise, and these figures chose it (there is no
 * separate development set).
 */
export const OCR_TRAINING = { segments: true, labels: false, links: false } as const;

/** Whether folds train on OCR readings at all (as {@link OCR_TRAINING} says), the default; false for comparison. */
export const TRAIN_ON_OCR = true;

/** The forms with our OCR's reading of each image (cached under .cache/extract-ocr/; a first run reads them, ~10 s a form). */
export async function withOcr(forms: readonly Form[]): Promise<Form[]> {
  const out: Form[] = [];
  for (const form of forms) {
    const image = corpusPath('forms', 'funsd', 'training_data', 'images', form.name.replace(/\.json$/, '.png'));
    out.push({ ...form, ocr: (await cachedPages(image)).pages[0] });
  }
  return out;
}

const withoutOcr = ({ ocr: _ocr, ...form }: Form): Form => form;

type Fold = { form: Form; model: KeyValueModel };
const foldCache = new Map<boolean, Promise<Fold[]>>();

/**
 * Every form (with its OCR reading) and the model fitted without it, one form per fold: no form is scored by a
 * model that saw it, its OCR reading included. `ocr`: whether the models learn from the other forms' readings too.
 */
export function foldModels(ocr: boolean = TRAIN_ON_OCR): Promise<Fold[]> {
  let folds = foldCache.get(ocr);
  if (!folds) {
    folds = (async () => {
      const forms = await withOcr(await loadForms());
      const prose = await trainingProse();
      const training = forms.map((f) => (ocr ? f : withoutOcr(f)));
      return forms.map((form, k) => ({
        form,
        model: fit(
          training.filter((_, j) => j !== k),
          prose,
        ),
      }));
    })();
    foldCache.set(ocr, folds);
  }
  return folds;
}

/** The pages of the training prose project (see {@link TRAINING_PROSE_PROJECT}), read once. */
let proseCache: Promise<DocumentPage[]> | undefined;
export function trainingProse(): Promise<DocumentPage[]> {
  proseCache ??= proseFiles().then(async (files) => {
    const pages: DocumentPage[] = [];
    for (const f of files.filter((x) => x.project === TRAINING_PROSE_PROJECT)) pages.push(...(await pdfPages(await textPdf(f.text))));
    return pages;
  });
  return proseCache;
}

export async function funsdOutOfFold(ocr: boolean = TRAIN_ON_OCR): Promise<{
  forms: number;
  annotated_entities: ReturnType<typeof f1>;
  end_to_end_from_words: ReturnType<typeof f1>;
}> {
  const folds = await foldModels(ocr);
  let entity: Counts = { tp: 0, predicted: 0, gold: 0 };
  let words: Counts = { tp: 0, predicted: 0, gold: 0 };
  folds.forEach(({ form, model }) => {
    entity = sum(entity, entityCounts(form, model));
    words = sum(words, endToEndCounts(form, model));
  });
  return { forms: folds.length, annotated_entities: f1(entity), end_to_end_from_words: f1(words) };
}

export async function trainLayout(): Promise<void> {
  const forms = await loadForms();
  const model = fit(TRAIN_ON_OCR ? await withOcr(forms) : forms, await trainingProse());
  // The OCR readings trained on are named, so that weights fitted on another OCR's readings show as stale; with the
  // pool size, since a page is read in one band per worker and the bands read a little differently.
  const ocr = TRAIN_ON_OCR ? { trained_on_ocr: OCR_VERSION, ocr_workers: poolSize() } : {};
  await writeFile(OUT, `${JSON.stringify({ ...model, ...ocr }, null, 2)}\n`);
  console.log(`key-value linker: ${forms.length} FUNSD forms${TRAIN_ON_OCR ? ` and our OCR's readings of them (${OCR_VERSION})` : ''} → ${OUT}`);
  const figures = await funsdOutOfFold();
  console.log(
    `out of fold (one form per fold): on annotated entities ${JSON.stringify(figures.annotated_entities)}; end to end from words ${JSON.stringify(figures.end_to_end_from_words)}`,
  );
}
