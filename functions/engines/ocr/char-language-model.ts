/**
 * A character n-gram language model of receipt text (issue 22): how likely
 * a line of text is as printed on a receipt, per character. Used to choose
 * between two readings of one doubtful line (line-reread.ts), where
 * tesseract's own confidence cannot choose: a reading with letters that
 * make receipt words ("TOTAL", "QTY", "SDN BHD") scores higher than one
 * with the same strokes read as "T0TAI" or "SDN 8HD".
 *
 * Text is compared case-folded with every digit as `0`: the model judges
 * the shape of a line, never which digit it holds (a digit read wrongly is
 * as likely as the right one). Probabilities interpolate the n-gram orders
 * with fixed weights over add-one-smoothed character counts: small, and
 * enough to rank two readings of the same ink.
 *
 * @module
 */

/** The weights as committed (scripts/train/receipt-char-model.ts writes them). */
export interface CharModelWeights {
  /** Longest n-gram counted (context of `order - 1` characters). */
  readonly order: number;
  /** Count of every n-gram of length 1..order (start of line `^`, end `$`) in the training lines. */
  readonly grams: Readonly<Record<string, number>>;
  /** Distinct characters seen (the add-one vocabulary). */
  readonly alphabet: number;
}

const START = '^';
const END = '$';

/** Interpolation weights, longest context first, summing to 1 with the uniform floor. */
const LAMBDAS = [0.55, 0.25, 0.12, 0.06];

/** Case-folded, digits as `0`, runs of white space as one space, trimmed: the form the model counts and scores. */
export function charModelForm(text: string): string {
  return text.toLowerCase().replace(/\d/g, '0').replace(/\s+/g, ' ').trim();
}

/** Counts the n-grams (1..order) of `lines` in {@link charModelForm}, each line framed by start and end marks. */
export function trainCharModel(lines: Iterable<string>, order = 3): CharModelWeights {
  const grams: Record<string, number> = {};
  const alphabet = new Set<string>();
  for (const raw of lines) {
    const line = charModelForm(raw);
    if (!line) continue;
    const framed = START.repeat(order - 1) + line + END;
    for (const c of line + END) alphabet.add(c);
    for (let i = order - 1; i < framed.length; i++)
      for (let n = 1; n <= order; n++) {
        const gram = framed.slice(i - n + 1, i + 1);
        grams[gram] = (grams[gram] ?? 0) + 1;
      }
  }
  return { order, grams, alphabet: alphabet.size };
}

/** A loaded model: scores lines. */
export class CharLanguageModel {
  private readonly contexts = new Map<string, number>();

  constructor(private readonly weights: CharModelWeights) {
    // The count of a context is the sum of the n-grams that extend it by one character.
    for (const [gram, count] of Object.entries(weights.grams)) {
      const context = gram.slice(0, -1);
      this.contexts.set(context, (this.contexts.get(context) ?? 0) + count);
    }
  }

  /** Probability of character `c` after `history` (the last `order - 1` characters, start marks included). */
  private probability(history: string, c: string): number {
    const { order, grams, alphabet } = this.weights;
    const vocabulary = alphabet + 1;
    let p = LAMBDAS[LAMBDAS.length - 1] / vocabulary;
    for (let n = order; n >= 1; n--) {
      const context = history.slice(history.length - (n - 1));
      const lambda = LAMBDAS[order - n] ?? 0;
      const total = n === 1 ? this.contexts.get('') ?? 0 : this.contexts.get(context) ?? 0;
      if (!total) continue;
      p += (lambda * ((grams[context + c] ?? 0) + 1)) / (total + vocabulary);
    }
    return p;
  }

  /**
   * Mean natural log-likelihood per character of `text` as one line (its
   * end included), in {@link charModelForm}. Higher is more receipt-like;
   * `-Infinity` for an empty line.
   */
  score(text: string): number {
    const line = charModelForm(text);
    if (!line) return -Infinity;
    const framed = START.repeat(this.weights.order - 1) + line + END;
    let sum = 0;
    for (let i = this.weights.order - 1; i < framed.length; i++) sum += Math.log(this.probability(framed.slice(i - this.weights.order + 1, i), framed[i]));
    return sum / (line.length + 1);
  }
}
