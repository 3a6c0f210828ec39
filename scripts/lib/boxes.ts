/**
 * Word-box metrics for the evaluation scripts. Boxes follow the API's
 * convention: `[left, top, right, bottom]` as fractions 0–1 of the page
 * width and height, origin top-left.
 *
 * @module
 */
import { normaliseText } from './text-metrics.ts';

export type Box = readonly [left: number, top: number, right: number, bottom: number];

export interface BoxedWord {
  readonly text: string;
  readonly bbox: Box;
}

/**
 * Pixel box `[x0, y0, x1, y1]` of an image `width`×`height` → normalised box
 * (corners sorted, clamped to 0–1).
 *
 * @example
 * normaliseBox([50, 100, 150, 200], 1000, 500) // [0.05, 0.2, 0.15, 0.4]
 */
export function normaliseBox(box: readonly number[], width: number, height: number): Box {
  if (box.length !== 4) throw new RangeError(`A box has 4 numbers, got ${box.length}.`);
  if (!(width > 0 && height > 0)) throw new RangeError(`Bad page size ${width}×${height}.`);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const [x0, y0, x1, y1] = box;
  return [clamp(Math.min(x0, x1) / width), clamp(Math.min(y0, y1) / height), clamp(Math.max(x0, x1) / width), clamp(Math.max(y0, y1) / height)];
}

/** Area of a box; 0 for degenerate or inverted boxes. */
export const area = (b: Box): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

/**
 * Intersection over union of two boxes (0 when either has no area).
 *
 * @example
 * iou([0, 0, 1, 1], [0, 0, 0.5, 1]) // 0.5
 */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

/** Word text as compared for box matching: normalised, case-sensitive, no inner whitespace. */
export const wordKey = (text: string): string => normaliseText(text).replace(/ /g, '');

export interface WordMatchResult {
  /** Ground-truth words with non-empty text. */
  readonly reference: number;
  readonly predicted: number;
  /** Ground-truth words matched one-to-one by a predicted word with the same text and IoU ≥ threshold. */
  readonly matched: number;
  /** matched / reference (1 when there is no reference word). */
  readonly rate: number;
  /** Ground-truth words matched by any predicted box with IoU ≥ threshold, text ignored (geometry alone). */
  readonly matchedGeometry: number;
  readonly geometryRate: number;
  /** Mean IoU of the text+box matches. */
  readonly meanIou: number;
}

/** One-to-one greedy assignment of the highest-IoU pairs first; returns the IoUs of the pairs. */
function assign(pairs: { g: number; p: number; iou: number }[]): number[] {
  pairs.sort((x, y) => y.iou - x.iou);
  const usedG = new Set<number>();
  const usedP = new Set<number>();
  const out: number[] = [];
  for (const pair of pairs) {
    if (usedG.has(pair.g) || usedP.has(pair.p)) continue;
    usedG.add(pair.g);
    usedP.add(pair.p);
    out.push(pair.iou);
  }
  return out;
}

/**
 * Word-box match rate: the fraction of ground-truth words matched (one to
 * one) by a predicted word with the same normalised text and IoU ≥
 * `threshold`.
 *
 * @example
 * matchWords([{ text: 'Total', bbox: [0.1, 0.1, 0.2, 0.12] }], predicted).rate
 */
export function matchWords(reference: readonly BoxedWord[], predicted: readonly BoxedWord[], threshold = 0.5): WordMatchResult {
  const ref = reference.map((w) => ({ key: wordKey(w.text), bbox: w.bbox })).filter((w) => w.key !== '');
  const pred = predicted.map((w) => ({ key: wordKey(w.text), bbox: w.bbox })).filter((w) => w.key !== '');
  const byKey = new Map<string, number[]>();
  pred.forEach((w, i) => {
    const list = byKey.get(w.key);
    if (list) list.push(i);
    else byKey.set(w.key, [i]);
  });
  const textPairs: { g: number; p: number; iou: number }[] = [];
  const geometryPairs: { g: number; p: number; iou: number }[] = [];
  ref.forEach((g, gi) => {
    for (const pi of byKey.get(g.key) ?? []) {
      const value = iou(g.bbox, pred[pi].bbox);
      if (value >= threshold) textPairs.push({ g: gi, p: pi, iou: value });
    }
    pred.forEach((p, pi) => {
      const value = iou(g.bbox, p.bbox);
      if (value >= threshold) geometryPairs.push({ g: gi, p: pi, iou: value });
    });
  });
  const matched = assign(textPairs);
  const geometry = assign(geometryPairs);
  const n = ref.length;
  return {
    reference: n,
    predicted: pred.length,
    matched: matched.length,
    rate: n === 0 ? 1 : matched.length / n,
    matchedGeometry: geometry.length,
    geometryRate: n === 0 ? 1 : geometry.length / n,
    meanIou: matched.length === 0 ? 0 : matched.reduce((s, v) => s + v, 0) / matched.length,
  };
}
