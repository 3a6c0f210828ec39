/**
 * The pieces of text a form's labels and values are made of ("segments"),
 * found by two small learned models (weights in `./key-value-weights.json`,
 * fitted on FUNSD entities by `npm run train -- layout`):
 * - cut: between two neighbouring words of a line, whether a new piece of
 *   text starts ("Invoice No. | 4471-B", "12 kg | Gross weight"): the gap,
 *   a ':' or '#' before it, a change between words and digits, a capital
 *   after a lower-case word, a change of type size;
 * - join: whether the piece just below a segment continues it (a value or
 *   a label wrapped over two or three lines): the vertical gap, the left
 *   edges, the overlap, a ':' ending the upper piece, the lower piece
 *   reading like a label.
 *
 * Both are logistic scores; a cut or a join is taken from 0.5 on. Bounded:
 * at most `MAX_SEGMENTS` segments per page are joined.
 *
 * @module
 */
import { enclosingBox, type BBox, type DocumentPage, type Word } from '../document-model.ts';

export interface Segment {
  readonly text: string;
  readonly bbox: BBox;
  /** Line height on the page (share of the page height). */
  readonly height: number;
  /** How many segments share its line, itself included (see {@link withRows}); a table's rows are full. */
  readonly row?: number;
}

/** The weights the segment models read (part of the key-value model file). */
export interface SegmentModel {
  readonly cut_features: readonly string[];
  readonly cut_weights: readonly number[];
  readonly join_features: readonly string[];
  readonly join_weights: readonly number[];
}

/** Joins are looked for on pages with at most this many segments (a dense table page is not a form). */
const MAX_SEGMENTS = 2_000;
/** A segment below continues one only within this many line heights. */
const MAX_JOIN_GAP = 1.5;

const hasDigit = (t: string) => /\d/.test(t);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const logistic = (x: readonly number[], w: readonly number[]) => 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * (w[i] ?? 0), 0)));

/** What may separate two neighbouring words of one line, named as in the weights file. */
export const CUT_FEATURES = [
  'bias',
  'gap',
  'gap_wide',
  'prev_colon',
  'prev_number_sign',
  'digits_after_words',
  'words_after_digits',
  'capital_after_lower',
  'size_change',
  'next_parenthesis',
  'prev_punctuation',
  'backwards',
  'vertical_shift',
  'gap_vs_line',
] as const;

/**
 * Features of the boundary between words `a` and `b` of one line.
 *
 * @param aspect - page height / width, so horizontal gaps are measured in line heights
 * @param height - the line's height (share of the page height)
 * @param typicalGap - the line's median gap between words, in line heights (see {@link typicalGapOf})
 */
export function cutFeatures(a: Word, b: Word, aspect: number, height: number, typicalGap: number): number[] {
  const sizeA = a.bbox[3] - a.bbox[1];
  const sizeB = b.bbox[3] - b.bbox[1];
  // Gaps in the two words' own type height: a line's box is taller when its words sit a little apart vertically.
  const h = Math.max(Math.min(height, (sizeA + sizeB) / 2), 1e-4);
  const gap = (b.bbox[0] - a.bbox[2]) / aspect / h;
  const named: Record<string, number> = {
    bias: 1,
    gap: clamp(gap, -1, 6) / 2,
    gap_wide: gap > 1.2 ? 1 : 0,
    prev_colon: a.text.endsWith(':') ? 1 : 0,
    prev_number_sign: /(?:#|\bno\.?)$/i.test(a.text) ? 1 : 0,
    digits_after_words: !hasDigit(a.text) && hasDigit(b.text) ? 1 : 0,
    words_after_digits: hasDigit(a.text) && /^\p{L}/u.test(b.text) ? 1 : 0,
    capital_after_lower: /\p{Ll}$/u.test(a.text) && /^\p{Lu}/u.test(b.text) ? 1 : 0,
    size_change: Math.min(1, Math.abs(sizeA - sizeB) / Math.max(sizeA, sizeB, 1e-6)),
    next_parenthesis: b.text.startsWith('(') ? 1 : 0,
    prev_punctuation: /[.;,]$/.test(a.text) ? 1 : 0,
    // Words of two rows a little apart can share a line in reading order: going back left, or up or down, starts another piece.
    backwards: gap < -0.3 ? 1 : 0,
    vertical_shift: Math.min(2, Math.abs((a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2) / h),
    // A gap well over the line's usual space between words: type set with wide spacing is still one piece.
    gap_vs_line: clamp(gap / Math.max(typicalGap, 0.1), 0, 6) / 3,
  };
  return CUT_FEATURES.map((f) => named[f] ?? 0);
}

/** What says the segment below continues the one above, named as in the weights file. */
export const JOIN_FEATURES = [
  'bias',
  'gap',
  'left_aligned',
  'overlap',
  'upper_colon',
  'lower_colon',
  'lower_lowercase',
  'upper_open_end',
  'size_ratio',
  'lower_digits',
  'upper_digits',
  'upper_wider',
] as const;

/** Features of `lower` continuing `upper` (the next segment below it that overlaps it). */
export function joinFeatures(upper: Segment, lower: Segment, aspect: number): number[] {
  const h = Math.max(upper.height, 1e-4);
  const overlap = Math.max(0, Math.min(upper.bbox[2], lower.bbox[2]) - Math.max(upper.bbox[0], lower.bbox[0]));
  const narrower = Math.max(1e-6, Math.min(upper.bbox[2] - upper.bbox[0], lower.bbox[2] - lower.bbox[0]));
  const digitShare = (t: string) => t.replace(/\D/g, '').length / Math.max(1, t.replace(/\s/g, '').length);
  const named: Record<string, number> = {
    bias: 1,
    gap: clamp((lower.bbox[1] - upper.bbox[3]) / h, -1, MAX_JOIN_GAP),
    left_aligned: Math.max(0, 1 - Math.abs(lower.bbox[0] - upper.bbox[0]) / aspect / h / 2),
    overlap: overlap / narrower,
    upper_colon: upper.text.trim().endsWith(':') ? 1 : 0,
    lower_colon: lower.text.trim().endsWith(':') ? 1 : 0,
    lower_lowercase: /^\p{Ll}/u.test(lower.text) ? 1 : 0,
    upper_open_end: /[-,&/(]$|\b(?:and|or|of|the|to|for|in)$/i.test(upper.text.trim()) ? 1 : 0,
    size_ratio: Math.min(upper.height, lower.height) / Math.max(upper.height, lower.height, 1e-6),
    lower_digits: digitShare(lower.text),
    upper_digits: digitShare(upper.text),
    upper_wider: clamp((upper.bbox[2] - upper.bbox[0]) / Math.max(1e-6, lower.bbox[2] - lower.bbox[0]), 0, 4) / 4,
  };
  return JOIN_FEATURES.map((f) => named[f] ?? 0);
}

/** The median gap between neighbouring words of a line, in line heights (0.3 when it has no gap). */
export function typicalGapOf(words: readonly Word[], aspect: number, height: number): number {
  const gaps: number[] = [];
  for (let k = 1; k < words.length; k++) {
    const gap = (words[k].bbox[0] - words[k - 1].bbox[2]) / aspect / Math.max(height, 1e-4);
    if (gap > 0) gaps.push(gap);
  }
  if (!gaps.length) return 0.3;
  gaps.sort((x, y) => x - y);
  return gaps[Math.floor(gaps.length / 2)];
}

/** Underscores, bars and tildes at a word's ends: a fill-in line or a box edge read as text ("_", "|", "_4.5"), not part of a label or value. */
const RULE_MARKS = /^[_|~]+|[_|~]+$/g;

/** A line's words as segments are made of: rule marks trimmed from their ends, words that were nothing else dropped. */
export function lineWords(page: DocumentPage, line: DocumentPage['lines'][number]): Word[] {
  return line.wordIndexes.flatMap((i) => {
    const w = page.words[i];
    const text = w.text.replace(RULE_MARKS, '');
    return !text ? [] : text === w.text ? [w] : [{ ...w, text }];
  });
}

/** The page's lines cut where the cut model says a new piece of text starts. */
export function lineSegments(page: DocumentPage, model: SegmentModel): Segment[] {
  const aspect = (page.height || 1) / (page.width || 1);
  const out: Segment[] = [];
  for (const line of page.lines) {
    const words = lineWords(page, line);
    const height = line.bbox[3] - line.bbox[1];
    const typicalGap = typicalGapOf(words, aspect, height);
    let run: Word[] = [];
    const flush = () => {
      if (run.length) out.push({ text: run.map((w) => w.text).join(' '), bbox: enclosingBox(run.map((w) => w.bbox)), height });
      run = [];
    };
    for (const w of words) {
      const prev = run.at(-1);
      if (prev && logistic(cutFeatures(prev, w, aspect, height, typicalGap), model.cut_weights) >= 0.5) flush();
      run.push(w);
    }
    flush();
  }
  return out;
}

/** The nearest segment below `upper` that overlaps it horizontally, within the join gap. */
export function segmentBelow(upper: Segment, segments: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  for (const s of segments) {
    if (s === upper || s.bbox[1] < upper.bbox[3] - 0.3 * upper.height) continue;
    if (s.bbox[1] - upper.bbox[3] > MAX_JOIN_GAP * upper.height) continue;
    if (s.bbox[0] >= upper.bbox[2] || s.bbox[2] <= upper.bbox[0]) continue;
    if (!best || s.bbox[1] < best.bbox[1] || (s.bbox[1] === best.bbox[1] && s.bbox[0] < best.bbox[0])) best = s;
  }
  return best;
}

/** The segments with how many share each one's line (middles within 0.6 line heights), found by a sweep over sorted middles. */
export function withRows<S extends Segment>(segments: readonly S[]): S[] {
  const mids = segments.map((s) => (s.bbox[1] + s.bbox[3]) / 2).sort((a, b) => a - b);
  const firstAtLeast = (v: number) => {
    let [lo, hi] = [0, mids.length];
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (mids[m] < v) lo = m + 1;
      else hi = m;
    }
    return lo;
  };
  return segments.map((s) => {
    const mid = (s.bbox[1] + s.bbox[3]) / 2;
    return { ...s, row: firstAtLeast(mid + 0.6 * s.height) - firstAtLeast(mid - 0.6 * s.height) };
  });
}

/**
 * The page's segments: lines cut by the cut model, then pieces wrapped over
 * several lines joined top-down by the join model (each piece joins at most
 * one below it, and is joined by at most one above it).
 */
export function pageSegments(page: DocumentPage, model: SegmentModel): Segment[] {
  const pieces = lineSegments(page, model);
  if (pieces.length > MAX_SEGMENTS) return pieces;
  const aspect = (page.height || 1) / (page.width || 1);
  const next = new Map<Segment, Segment>();
  const joinedFromAbove = new Set<Segment>();
  for (const upper of pieces) {
    const lower = segmentBelow(upper, pieces);
    if (!lower || joinedFromAbove.has(lower)) continue;
    if (logistic(joinFeatures(upper, lower, aspect), model.join_weights) < 0.5) continue;
    next.set(upper, lower);
    joinedFromAbove.add(lower);
  }
  const out: Segment[] = [];
  for (const head of pieces) {
    if (joinedFromAbove.has(head)) continue;
    const chain = [head];
    for (let s = next.get(head); s && chain.length < 20; s = next.get(s)) chain.push(s);
    out.push(chain.length === 1 ? head : { text: chain.map((s) => s.text).join(' '), bbox: enclosingBox(chain.map((s) => s.bbox)), height: head.height });
  }
  return out;
}
