/**
 * Key-value pairs of a page: labels linked to their values to the right,
 * below, or across a gap, the way Textract FORMS and Azure keyValuePairs
 * report them.
 *
 * - Segments: lines cut into pieces of text, and pieces wrapped over lines
 *   joined, by two learned models (`./kv-segments.ts`), so
 *   "Name: Ada Byron     Date: 3 May" gives four segments.
 * - Keys: any segment may be one; a `label: value` segment is read as its
 *   label and the value beside it.
 * - Values: for each key, a learned scorer (`./key-value-weights.json`,
 *   fitted on FUNSD question→answer links and prose pages by `npm run
 *   train -- layout`) weighs the segments right of it and below it against
 *   "no value", with how much each side reads like a label and how much of
 *   the page is running text; links are taken most probable first, each
 *   segment in one pair. A segment ending in ':' that the label model calls
 *   a label and that is left without a value is a key with value null (an
 *   empty field).
 * - Form fields (AcroForm) pair with their tooltip or the text left of or
 *   above them; selection marks pair their label with their state.
 *
 * @module
 */
import type { BBox, DocumentPage, FormField } from '../document-model.ts';
import weights from './key-value-weights.json' with { type: 'json' };
import { pageSegments, withRows, type Segment, type SegmentModel } from './kv-segments.ts';
import type { SelectionMark } from './selection-marks.ts';

export type { Segment } from './kv-segments.ts';

export interface KeyValueSide {
  readonly text: string;
  readonly bbox: BBox;
}

export interface KeyValuePair {
  readonly key: KeyValueSide;
  readonly value: KeyValueSide | null;
  readonly confidence: number;
  readonly source: 'layout' | 'form_field' | 'selection_mark';
}

/** Candidate values lie within these distances of their key (line heights). */
const MAX_RIGHT = 25;
const MAX_BELOW = 4;
const MAX_CANDIDATES = 12;
const MAX_KEYS = 400;
const INLINE_PAIR = /^([^:]{1,40}?)\s*:\s+(\S.*)$/;

/** The page's segments (see `./kv-segments.ts`): lines cut into pieces of text, pieces wrapped over lines joined. */
export function segmentsOf(page: DocumentPage, model: KeyValueModel = DEFAULT_MODEL): Segment[] {
  return withRows(pageSegments(page, model));
}

/** A fitted value linker: one weight per feature, and the score of "no value"; with the segment models it reads segments by. */
export interface KeyValueModel extends SegmentModel {
  readonly features: readonly string[];
  readonly weights: readonly number[];
  readonly no_value: number;
  /** Whether a segment without a final ':' is a label: logistic weights over `KEY_FEATURES`. */
  readonly key_features: readonly string[];
  readonly key_weights: readonly number[];
}

const DEFAULT_MODEL: KeyValueModel = weights;

const NO_CONTEXT: PageContext = { prose: 0 };

/** The features the linker knows, in weights-file order. */
export const KEY_VALUE_FEATURES = [
  'bias',
  'same_line',
  'right_gap',
  'below',
  'below_gap',
  'below_overlap',
  'left_aligned',
  'value_is_key',
  'value_has_digit',
  'value_long',
  'key_label',
  'value_label',
  'grid_below',
  'busy_row',
  'page_prose',
  'key_fragment',
  'value_prose',
  'value_lower_start',
] as const;

/** What a page is like as a whole: running text or a form (see {@link pageContext}). */
export interface PageContext {
  /** Share of the page's segments that are running text (eight words or more), as on prose pages and rare on forms. */
  readonly prose: number;
}

const PROSE_PRIOR = 8;
const wordsOf = (t: string) => t.trim().split(/\s+/).filter(Boolean).length;

/** The page-level side of the linker's features, from the page's segments. */
export function pageContext(segments: readonly Segment[]): PageContext {
  const long = segments.filter((s) => wordsOf(s.text) >= 8).length;
  // Smoothed towards "form" by PROSE_PRIOR short segments: on a page of a few segments one long value says little.
  return { prose: long / (segments.length + PROSE_PRIOR) };
}

/** A piece of a sentence rather than a label: starts in lower case, or runs on (five words or more) without a final ':'. */
function fragmentOf(text: string): number {
  const t = text.trim();
  if (t.endsWith(':')) return 0;
  return (/^\p{Ll}/u.test(t) ? 0.5 : 0) + (wordsOf(t) >= 5 ? 0.5 : 0);
}

/** A sentence of running prose: eight words or more ending in a full stop (or ';', '!', '?') or holding one; a comma does not (addresses). */
function proseOf(text: string): number {
  return wordsOf(text) >= 8 && /[.;!?]$|[.;!?]\s+\p{L}/u.test(text.trim()) ? 1 : 0;
}

/** A segment's own text features, computed once: a page asks for them once per candidate pair. */
const shapes = new WeakMap<Segment, { fragment: number; prose: number; lowerStart: number }>();
function textShape(seg: Segment): { fragment: number; prose: number; lowerStart: number } {
  let shape = shapes.get(seg);
  if (!shape)
    shapes.set(seg, (shape = { fragment: fragmentOf(seg.text), prose: proseOf(seg.text), lowerStart: /^\p{Ll}/u.test(seg.text.trim()) ? 1 : 0 }));
  return shape;
}

/**
 * Features of a (key, candidate value) pair, named as in the weights file; distances in key line heights.
 * `keyWeights` are the label model's: how much each side reads like a label weighs in the pair, so any segment
 * may be a key and "no value" wins for text that is not one.
 */
export function pairFeatures(key: Segment, value: Segment, aspect: number, keyWeights: readonly number[], page: PageContext = NO_CONTEXT): number[] {
  const h = Math.max(key.height, 1e-4);
  const dx = (value.bbox[0] - key.bbox[2]) / aspect / h;
  const dy = (value.bbox[1] - key.bbox[3]) / h;
  const keyMid = (key.bbox[1] + key.bbox[3]) / 2;
  const valueMid = (value.bbox[1] + value.bbox[3]) / 2;
  const sameLine = Math.abs(keyMid - valueMid) < 0.6 * h ? 1 : 0;
  const overlapX =
    Math.max(0, Math.min(key.bbox[2], value.bbox[2]) - Math.max(key.bbox[0], value.bbox[0])) / Math.max(1e-6, key.bbox[2] - key.bbox[0]);
  const below = !sameLine && dy > -0.3 ? 1 : 0;
  const named: Record<string, number> = {
    bias: 1,
    same_line: sameLine,
    right_gap: sameLine ? Math.min(Math.max(dx, 0), MAX_RIGHT) / 10 : 0,
    below,
    below_gap: below ? Math.min(Math.max(dy, 0), MAX_BELOW) : 0,
    below_overlap: below ? Math.min(overlapX, 1) : 0,
    left_aligned: below ? Math.max(0, 1 - Math.abs(value.bbox[0] - key.bbox[0]) / aspect / h / 3) : 0,
    value_is_key: value.text.trim().endsWith(':') ? 1 : 0,
    value_has_digit: /\d/.test(value.text) ? 1 : 0,
    value_long: Math.min(value.text.length, 80) / 40,
    key_label: clampLogit(keyLogit(key.text, keyWeights)),
    value_label: clampLogit(keyLogit(value.text, keyWeights)),
    // A header over a column: both rows hold three segments or more, as a table's do.
    grid_below: below && (key.row ?? 1) >= 3 && (value.row ?? 1) >= 3 ? 1 : 0,
    busy_row: Math.min((key.row ?? 1) - 1, 4) / 4,
    page_prose: page.prose,
    key_fragment: textShape(key).fragment,
    value_prose: textShape(value).prose,
    value_lower_start: textShape(value).lowerStart,
  };
  return KEY_VALUE_FEATURES.map((f) => named[f] ?? 0);
}

/** What makes a segment a label, named as in the weights file. */
export const KEY_FEATURES = [
  'bias',
  'ends_colon',
  'has_digit',
  'words',
  'all_caps',
  'question_mark',
  'digit_share',
  'starts_capital',
  'long',
] as const;

export function keyFeatures(text: string): number[] {
  const t = text.trim();
  const letters = t.replace(/[^\p{L}]/gu, '');
  const words = t.split(/\s+/).length;
  const named: Record<string, number> = {
    bias: 1,
    ends_colon: t.endsWith(':') ? 1 : 0,
    has_digit: /\d/.test(t) ? 1 : 0,
    words: Math.min(words, 12) / 6,
    all_caps: letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() ? 1 : 0,
    question_mark: t.endsWith('?') ? 1 : 0,
    digit_share: t.replace(/\D/g, '').length / Math.max(1, t.length),
    starts_capital: /^\p{Lu}/u.test(t) ? 1 : 0,
    long: t.length > 40 ? 1 : 0,
  };
  return KEY_FEATURES.map((f) => named[f] ?? 0);
}

/** Label scores already computed, per weights: a page asks for each segment's score once per candidate pair. */
const keyLogits = new WeakMap<readonly number[], Map<string, number>>();
const KEY_LOGIT_CACHE = 20_000;

/** The label model's score (log-odds) that a segment is a label. */
export function keyLogit(text: string, keyWeights: readonly number[]): number {
  let cache = keyLogits.get(keyWeights);
  if (!cache || cache.size > KEY_LOGIT_CACHE) keyLogits.set(keyWeights, (cache = new Map()));
  let z = cache.get(text);
  if (z === undefined) cache.set(text, (z = keyFeatures(text).reduce((s, v, i) => s + v * (keyWeights[i] ?? 0), 0)));
  return z;
}

/** Log-odds as a feature: bounded, so one extreme label score cannot outweigh the layout. */
const clampLogit = (z: number) => Math.min(4, Math.max(-4, z)) / 4;

/** The probability that a segment is a label. */
export function keyProbability(text: string, model: KeyValueModel = DEFAULT_MODEL): number {
  return 1 / (1 + Math.exp(-keyLogit(text, model.key_weights)));
}

const score = (f: readonly number[], model: KeyValueModel) => f.reduce((s, v, i) => s + v * (model.weights[i] ?? 0), 0);

/** Segments that may hold a key's value: right of it on its line, or just below it. */
export function candidatesFor(key: Segment, segments: readonly Segment[], aspect: number): Segment[] {
  const h = key.height;
  return segments
    .filter((s) => {
      if (s === key) return false;
      const mid = (s.bbox[1] + s.bbox[3]) / 2;
      const sameLine = Math.abs(mid - (key.bbox[1] + key.bbox[3]) / 2) < 0.6 * h;
      if (sameLine) return s.bbox[0] >= key.bbox[2] - 1e-6 && (s.bbox[0] - key.bbox[2]) / aspect <= MAX_RIGHT * h;
      const dy = s.bbox[1] - key.bbox[3];
      return dy > -0.3 * h && dy <= MAX_BELOW * h && s.bbox[2] >= key.bbox[0] && s.bbox[0] <= key.bbox[2] + 10 * h * aspect;
    })
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
    .slice(0, MAX_CANDIDATES);
}

/**
 * The segments whose top lies where `candidatesFor` can accept one for `key` (from `byTop`, sorted by top): a
 * superset of its candidates, so that a dense page costs a window per key rather than the whole page.
 */
function nearby(key: Segment, byTop: readonly Segment[], tallest: number): Segment[] {
  const h = key.height;
  const lo = (key.bbox[1] + key.bbox[3]) / 2 - 0.6 * h - tallest;
  const hi = key.bbox[3] + MAX_BELOW * h;
  let [a, b] = [0, byTop.length];
  while (a < b) {
    const m = (a + b) >> 1;
    if (byTop[m].bbox[1] < lo) a = m + 1;
    else b = m;
  }
  const out: Segment[] = [];
  for (let k = a; k < byTop.length && byTop[k].bbox[1] <= hi; k++) out.push(byTop[k]);
  return out;
}

/** The best value for a key among candidates, or null when "no value" scores higher; with its softmax probability. */
export function linkValue(
  key: Segment,
  candidates: readonly Segment[],
  aspect: number,
  model: KeyValueModel = DEFAULT_MODEL,
  page: PageContext = NO_CONTEXT,
): { value: Segment | null; confidence: number } {
  const scores = [model.no_value, ...candidates.map((c) => score(pairFeatures(key, c, aspect, model.key_weights, page), model))];
  const top = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  const best = scores.indexOf(top);
  return { value: best === 0 ? null : candidates[best - 1], confidence: exp[best] / sum };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const keyText = (t: string) => t.trim().replace(/\s*:$/, '');

/**
 * "Label: value" in one segment, as two pieces: the label (with its ':') and the value right of it; the label's share
 * of the box is estimated from its characters. The linker decides whether it is a pair, as for any other key.
 */
export function inlineParts(seg: Segment): { key: Segment; value: Segment } | undefined {
  const inline = INLINE_PAIR.exec(seg.text);
  if (!inline || seg.text.trim().endsWith(':')) return undefined;
  const share = (inline[1].length + 1) / seg.text.length;
  const cut = seg.bbox[0] + (seg.bbox[2] - seg.bbox[0]) * share;
  return {
    key: { ...seg, text: `${inline[1].trim()}:`, bbox: [seg.bbox[0], seg.bbox[1], cut, seg.bbox[3]] },
    value: { ...seg, text: inline[2].trim(), bbox: [cut, seg.bbox[1], seg.bbox[2], seg.bbox[3]] },
  };
}

/** An inline "label: value" segment as a pair, when the linker prefers its value to "no value" (a colon in running text is no label). */
function inlinePair(seg: Segment, aspect: number, model: KeyValueModel, page: PageContext): KeyValuePair | undefined {
  const parts = inlineParts(seg);
  if (!parts) return undefined;
  const { value, confidence } = linkValue(parts.key, [parts.value], aspect, model, page);
  if (!value) return undefined;
  return {
    key: { text: keyText(parts.key.text), bbox: parts.key.bbox },
    value: { text: value.text, bbox: value.bbox },
    confidence: round(confidence),
    source: 'layout',
  };
}

/**
 * Pairs read from the layout. Every segment may be a key: the linker weighs how much it reads like a label with
 * the layout. Links are taken most probable first, each segment in one pair at most (a value is no one else's
 * key); a segment ending in ':' with no value left is a key with an empty value.
 */
function layoutPairs(page: DocumentPage, segments: readonly Segment[], model: KeyValueModel): KeyValuePair[] {
  const aspect = (page.height || 1) / (page.width || 1);
  const context = pageContext(segments);
  const inline = new Map<Segment, KeyValuePair>();
  for (const seg of segments) {
    const pair = inlinePair(seg, aspect, model, context);
    if (pair) inline.set(seg, pair);
  }
  const byTop = [...segments].sort((a, b) => a.bbox[1] - b.bbox[1]);
  const tallest = Math.max(0, ...segments.map((s) => s.bbox[3] - s.bbox[1]));
  const proposals: { key: Segment; value: Segment | null; confidence: number; order: number }[] = [];
  segments.forEach((seg, order) => {
    if (proposals.length >= MAX_KEYS || inline.has(seg) || keyText(seg.text).length < 2) return;
    const candidates = candidatesFor(seg, nearby(seg, byTop, tallest), aspect).filter((c) => !inline.has(c));
    const { value, confidence } = linkValue(seg, candidates, aspect, model, context);
    // A label without a colon is only a label when something fills it: an empty one is ordinary text.
    if (value || seg.text.trim().endsWith(':')) proposals.push({ key: seg, value, confidence, order });
  });
  const used = new Set<Segment>();
  const taken: { key: Segment; value: Segment | null; confidence: number }[] = [];
  for (const p of proposals.filter((x) => x.value).sort((a, b) => b.confidence - a.confidence || a.order - b.order)) {
    if (used.has(p.key) || used.has(p.value!)) continue;
    used.add(p.key).add(p.value!);
    taken.push(p);
  }
  for (const p of proposals) {
    // An empty field's label is a label by the label model too: a sentence that ends in ':' introduces what follows.
    if (!used.has(p.key) && p.key.text.trim().endsWith(':') && keyProbability(p.key.text, model) >= 0.5)
      taken.push({ key: p.key, value: null, confidence: p.value ? 1 - p.confidence : p.confidence });
  }
  const pairs = new Map<Segment, KeyValuePair>(inline);
  for (const p of taken) {
    pairs.set(p.key, {
      key: { text: keyText(p.key.text), bbox: p.key.bbox },
      value: p.value && { text: p.value.text, bbox: p.value.bbox },
      confidence: round(p.confidence),
      source: 'layout',
    });
  }
  return segments.flatMap((s) => pairs.get(s) ?? []);
}

/** A form field's label: its tooltip, else the nearest segment left of it on its line, else the one just above. */
function fieldLabel(field: FormField, segments: readonly Segment[]): KeyValueSide | undefined {
  const mid = (field.bbox[1] + field.bbox[3]) / 2;
  const left = segments
    .filter((s) => s.bbox[2] <= field.bbox[0] + 1e-6 && mid >= s.bbox[1] - s.height * 0.3 && mid <= s.bbox[3] + s.height * 0.3)
    .sort((a, b) => b.bbox[2] - a.bbox[2])[0];
  if (left) return { text: keyText(left.text), bbox: left.bbox };
  const above = segments
    .filter(
      (s) => s.bbox[3] <= field.bbox[1] + 1e-6 && field.bbox[1] - s.bbox[3] < 3 * s.height && s.bbox[2] > field.bbox[0] && s.bbox[0] < field.bbox[2],
    )
    .sort((a, b) => b.bbox[3] - a.bbox[3])[0];
  if (above) return { text: keyText(above.text), bbox: above.bbox };
  return field.tooltip ? { text: field.tooltip, bbox: field.bbox } : undefined;
}

/**
 * Key-value pairs of one page: form fields first, then selection marks with
 * labels, then pairs read from the layout.
 *
 * @example
 * keyValuePairs(page, marks).map((p) => [p.key.text, p.value?.text ?? null]); // [['Name', 'Ada Byron'], ['Phone', null]]
 */
export function keyValuePairs(page: DocumentPage, marks: readonly SelectionMark[] = [], model: KeyValueModel = DEFAULT_MODEL): KeyValuePair[] {
  const segments = segmentsOf(page, model);
  const out: KeyValuePair[] = [];
  for (const field of page.formFields ?? []) {
    if (field.kind === 'button' || field.kind === 'checkbox' || field.kind === 'radio') continue;
    const label = (field.tooltip ? { text: field.tooltip, bbox: field.bbox } : undefined) ?? fieldLabel(field, segments);
    if (!label) continue;
    const value = typeof field.value === 'string' && field.value.trim() ? { text: field.value, bbox: field.bbox } : null;
    out.push({ key: label, value, confidence: 1, source: 'form_field' });
  }
  for (const m of marks) {
    if (m.label)
      out.push({
        key: { text: m.label, bbox: m.bbox },
        value: { text: m.state, bbox: m.bbox },
        confidence: m.source === 'form_field' ? 1 : 0.9,
        source: 'selection_mark',
      });
  }
  out.push(...layoutPairs(page, segments, model));
  return out;
}
