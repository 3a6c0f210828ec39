/**
 * Text accuracy metrics for the evaluation scripts: edit distance, character
 * and word error rates on normalised text.
 *
 * Normalisation (the same on both sides): Unicode NFKC, every run of
 * whitespace collapsed to one space, trimmed; optionally lower-cased. Nothing
 * else is changed (punctuation, dashes and quotes count), so the figures are
 * comparable to the usual OCR CER/WER.
 *
 * @module
 */

export interface NormaliseOptions {
  /** Lower-case both texts (case-insensitive rates). @default false */
  readonly caseInsensitive?: boolean;
}

/**
 * NFKC, whitespace runs → one space, trimmed, optionally lower-cased.
 *
 * @example
 * normaliseText('  Total\n\n due:\t42 ') // 'Total due: 42'
 */
export function normaliseText(text: string, options: NormaliseOptions = {}): string {
  const collapsed = text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return options.caseInsensitive ? collapsed.toLowerCase() : collapsed;
}

/**
 * Levenshtein distance (insertions, deletions, substitutions all cost 1)
 * between two sequences; strings are compared by Unicode code point.
 * O(n·m) time, O(min(n, m)) memory.
 *
 * @example
 * levenshtein('kitten', 'sitting') // 3
 * levenshtein(['a', 'b'], ['b'])   // 1
 */
export function levenshtein<T>(a: string | readonly T[], b: string | readonly T[]): number {
  let left: readonly unknown[] = typeof a === 'string' ? Array.from(a) : a;
  let right: readonly unknown[] = typeof b === 'string' ? Array.from(b) : b;
  if (left.length < right.length) [left, right] = [right, left];
  const m = right.length;
  if (m === 0) return left.length;
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= left.length; i++) {
    current[0] = i;
    const item = left[i - 1];
    for (let j = 1; j <= m; j++) {
      const substitution = previous[j - 1] + (item === right[j - 1] ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      current[j] = substitution < deletion ? (substitution < insertion ? substitution : insertion) : deletion < insertion ? deletion : insertion;
    }
    [previous, current] = [current, previous];
  }
  return previous[m];
}

/** Words of an already-normalised text (empty text → no words). */
export const tokens = (normalised: string): string[] => (normalised === '' ? [] : normalised.split(' '));

export interface ErrorRate {
  /** Edit distance. */
  readonly errors: number;
  /** Length of the reference (characters or words). */
  readonly reference: number;
  /** errors / reference; 0 when both are empty, 1 per inserted unit when only the reference is empty. */
  readonly rate: number;
}

function rate(errors: number, reference: number): ErrorRate {
  return { errors, reference, rate: reference === 0 ? errors : errors / reference };
}

/**
 * Character error rate of `hypothesis` against `reference` after normalisation.
 *
 * @example
 * characterErrorRate('Total 42', 'Tota1 42').rate // 0.125
 */
export function characterErrorRate(reference: string, hypothesis: string, options: NormaliseOptions = {}): ErrorRate {
  const ref = Array.from(normaliseText(reference, options));
  const hyp = Array.from(normaliseText(hypothesis, options));
  return rate(levenshtein(ref, hyp), ref.length);
}

/**
 * Word error rate (whitespace-separated tokens) after normalisation.
 *
 * @example
 * wordErrorRate('the quick fox', 'the quack fox').rate // 1/3
 */
export function wordErrorRate(reference: string, hypothesis: string, options: NormaliseOptions = {}): ErrorRate {
  const ref = tokens(normaliseText(reference, options));
  const hyp = tokens(normaliseText(hypothesis, options));
  return rate(levenshtein(ref, hyp), ref.length);
}

export interface TextScores {
  readonly cer: number;
  readonly wer: number;
  readonly cer_ci: number;
  readonly wer_ci: number;
  readonly ref_chars: number;
  readonly ref_words: number;
}

/** CER and WER, case-sensitive and case-insensitive (`_ci`). */
export function textScores(reference: string, hypothesis: string): TextScores {
  const cer = characterErrorRate(reference, hypothesis);
  const wer = wordErrorRate(reference, hypothesis);
  return {
    cer: cer.rate,
    wer: wer.rate,
    cer_ci: characterErrorRate(reference, hypothesis, { caseInsensitive: true }).rate,
    wer_ci: wordErrorRate(reference, hypothesis, { caseInsensitive: true }).rate,
    ref_chars: cer.reference,
    ref_words: wer.reference,
  };
}

export interface BagOfWords {
  /** Reference words found in the hypothesis (multiset intersection) / reference words. */
  readonly recall: number;
  /** Hypothesis words found in the reference / hypothesis words. */
  readonly precision: number;
}

/**
 * Order-free word overlap (multisets of normalised words, case-sensitive unless asked):
 * separates recognition errors from reading-order differences, which WER
 * mixes.
 *
 * @example
 * bagOfWords('a b c', 'c b a').recall // 1
 */
export function bagOfWords(reference: string, hypothesis: string, options: NormaliseOptions = {}): BagOfWords {
  const ref = tokens(normaliseText(reference, options));
  const hyp = tokens(normaliseText(hypothesis, options));
  const counts = new Map<string, number>();
  for (const w of ref) counts.set(w, (counts.get(w) ?? 0) + 1);
  let common = 0;
  for (const w of hyp) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      common++;
      counts.set(w, n - 1);
    }
  }
  return {
    recall: ref.length === 0 ? 1 : common / ref.length,
    precision: hyp.length === 0 ? (ref.length === 0 ? 1 : 0) : common / hyp.length,
  };
}
