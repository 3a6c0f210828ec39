/**
 * Letter or digit? A learned, context-aware repair of the glyphs OCR reads for one another across the letter/digit
 * line (S/5, B/8, O/0, I/L/1, Z/2, G/6) in a receipt's chosen name and address: a road code "SS47/2" read
 * "5547/2", a unit "12B" read "128", "NO.71" read "N0.71".
 *
 * A noisy channel over character classes, never over words. The prior is an n-gram model of tokens' class
 * sequences (letter `L`, digit `D`, punctuation as itself), started by the field (name or address) and the word
 * before (letters, digits, mixed), counted in the true names and addresses of training receipts: "LLDD/DD" after a
 * word is a road code, "DDDDD" a postcode. The channel is how often OCR reads a letter of a group as its digit and
 * the reverse — beside letters, beside digits or elsewhere, in words it read surely or with doubt — counted by
 * aligning training receipts' OCR with their transcripts. Each doubted token's look-alike glyphs are decided
 * together: the assignment of classes with the highest prior × channel wins, the reading as is on a tie; a word OCR
 * read surely is left as read ({@link DOUBTED_BELOW}). Weights are counts in JSON (`npm run train -- receipt-glyphs`):
 * shapes and rates, no corpus text.
 *
 * @module
 */

/** Groups of glyphs OCR confuses across the letter/digit line; the first member of each class is what a flip writes. */
export const GLYPH_GROUPS: ReadonlyArray<{ readonly symbol: string; readonly letters: string; readonly digits: string }> = [
  { symbol: 'σ', letters: 'S', digits: '5' },
  { symbol: 'β', letters: 'B', digits: '8' },
  { symbol: 'ο', letters: 'O', digits: '0' },
  { symbol: 'ι', letters: 'IL', digits: '1' },
  { symbol: 'ζ', letters: 'Z', digits: '2' },
  { symbol: 'γ', letters: 'G', digits: '6' },
];

const GROUP_OF = new Map<string, (typeof GLYPH_GROUPS)[number]>();
for (const g of GLYPH_GROUPS) for (const c of g.letters + g.digits) GROUP_OF.set(c, g);

/** Punctuation kept as itself in a context; anything else not a letter or digit is `~`. */
const KEPT_PUNCTUATION = new Set(['/', '-', '.', ',', '&', '(', ')', ':', '#', "'"]);

/** Counts of one channel key: [[letter read as letter, letter read as digit], [digit read as letter, digit read as digit]]. */
export type ChannelCounts = readonly [readonly [number, number], readonly [number, number]];

export interface GlyphClassModel {
  readonly version: 2;
  /** What it was learned from (reported). */
  readonly trained_on?: string;
  /** Longest class n-gram counted. */
  readonly order: number;
  /** Count of every class n-gram of length 1..order (see {@link classSequence}). */
  readonly grams: Readonly<Record<string, number>>;
  /** Channel key ({@link channelKeys}) → counts. */
  readonly channel: Readonly<Record<string, ChannelCounts>>;
}

/** A character's glyph class for the channel: a group's symbol, `a` another letter, `d` another digit, else `x`. */
export function glyphClass(c: string): string {
  const group = GROUP_OF.get(c.toUpperCase());
  if (group) return group.symbol;
  if (/\p{L}/u.test(c)) return 'a';
  return /\d/.test(c) ? 'd' : 'x';
}

/** A character's class in the prior: `L` letter, `D` digit, kept punctuation as itself, else `~`. */
export function charClass(c: string): string {
  if (/\p{L}/u.test(c)) return 'L';
  if (/\d/.test(c)) return 'D';
  return KEPT_PUNCTUATION.has(c) ? c : '~';
}

/** The word before a token as the start of its class sequence: `W` letters only, `N` digits only, `M` mixed, `^` none. */
export function wordClass(token: string | undefined): string {
  if (token === undefined) return '^';
  const letters = /\p{L}/u.test(token);
  const digits = /\d/.test(token);
  return letters && digits ? 'M' : letters ? 'W' : digits ? 'N' : '~';
}

/** Which field a text is: names and addresses write their codes differently (a registration number "(12345-X)" is a name's). */
export type GlyphField = 'name' | 'address';

/** The start of a token's class sequence: the field (`n`, `a`) and the word before's class. */
const sequenceStart = (before: string | undefined, field: GlyphField) => `${field === 'name' ? 'n' : 'a'}${wordClass(before)}`;

/** A token's class sequence as the prior counts it: the field (`n`, `a`), the word before's class, the token's classes, `$`. */
export function classSequence(token: string, before: string | undefined, field: GlyphField): string {
  return `${sequenceStart(before, field)}${Array.from(token).map(charClass).join('')}$`;
}

/** How surely OCR read a word (its confidence, 0–1): `u` under 0.5, `m` under 0.8, `s` from 0.8 (a transcript's words: 1). */
export function confidenceBucket(confidence: number): string {
  return confidence < 0.5 ? 'u' : confidence < 0.8 ? 'm' : 's';
}

/**
 * The channel keys of position `i`, most specific first: the group's symbol with what stands beside it (`a` a plain
 * letter on a side, else `d` a plain digit, else `x`: edges, punctuation, look-alikes) and how surely OCR read the
 * word; the symbol and the sureness; every group pooled with the sureness; every group pooled. OCR reads an S beside
 * digits as 5 far more often than one inside a word, and a word it doubted far more often wrongly than one it read
 * surely; a group seldom seen (Z/2) borrows the rate of all, not an even chance.
 */
export function channelKeys(token: string, i: number, confidence: number): string[] {
  const chars = Array.from(token);
  const side = [chars[i - 1], chars[i + 1]].map((c) => (c === undefined ? 'x' : glyphClass(c)));
  const beside = side.includes('a') ? 'a' : side.includes('d') ? 'd' : 'x';
  const self = glyphClass(chars[i]);
  const sure = confidenceBucket(confidence);
  return [`${self}${beside}${sure}`, `${self}${sure}`, `*${sure}`, '*'];
}

/**
 * Pseudo-counts an estimate (the prior's and the channel's) borrows from the next less specific one. Chosen on shop
 * folds of dev seeds 7, 11, 13 (never reported), words OCR doubted only: OCR addresses 28/27/28 of 60 at 2,
 * 27/27/27 at 8 (26 each without the model).
 */
const BORROWED = 2;
/** Classes the prior's floor spreads over (L, D, the kept punctuation, `~`, `$`). */
const CLASS_COUNT = 14;
/**
 * Only words OCR read with a confidence under this are decided again (the line the word correction draws too,
 * receipt-repairs.ts): a word read surely shows no sign of a misread, and the class prior alone turns good codes
 * ("14-1", "2ND") into letters. On shop folds of dev seeds 7, 11, 13 (never reported), deciding every word cost 8-12
 * of 334 transcript addresses and gained at most one OCR address; under 0.5: OCR addresses 26 -> 27 on each seed,
 * transcripts unchanged; under 0.8: 26 -> 25.
 */
export const DOUBTED_BELOW = 0.5;
/** At most this many look-alike glyphs in one token are decided together (2^n assignments); a longer run is left as read. */
const MAX_JOINT = 10;

/** Context totals of a model's n-grams (the sum of the grams extending each context by one), computed once per model. */
const contextTotals = new WeakMap<GlyphClassModel, Map<string, number>>();
function totalsOf(model: GlyphClassModel): Map<string, number> {
  let totals = contextTotals.get(model);
  if (!totals) {
    totals = new Map();
    for (const [gram, count] of Object.entries(model.grams)) totals.set(gram.slice(0, -1), (totals.get(gram.slice(0, -1)) ?? 0) + count);
    contextTotals.set(model, totals);
  }
  return totals;
}

/** Log-probability of a class sequence (its first two classes are the start, given), each class smoothed towards the shorter context's estimate. */
export function sequenceLogProb(model: GlyphClassModel, sequence: string): number {
  const totals = totalsOf(model);
  let sum = 0;
  for (let i = 2; i < sequence.length; i++) {
    let p = 1 / CLASS_COUNT;
    for (let n = 1; n <= model.order; n++) {
      const context = sequence.slice(Math.max(0, i - n + 1), i);
      if (context.length < n - 1) break;
      p = ((model.grams[context + sequence[i]] ?? 0) + BORROWED * p) / ((totals.get(context) ?? 0) + BORROWED);
    }
    sum += Math.log(p);
  }
  return sum;
}

/** log P(OCR read the glyph at `i` as it did | it is a letter / a digit), from the channel's counts, smoothed like the prior. */
function readLogRates(model: GlyphClassModel, token: string, i: number, confidence: number): { ifLetter: number; ifDigit: number } {
  const readAsLetter = /\p{L}/u.test(Array.from(token)[i]);
  let ifLetter = 0.5;
  let ifDigit = 0.5;
  for (const key of channelKeys(token, i, confidence).reverse()) {
    const [[ll, ld], [dl, dd]] = model.channel[key] ?? [
      [0, 0],
      [0, 0],
    ];
    ifLetter = ((readAsLetter ? ll : ld) + BORROWED * ifLetter) / (ll + ld + BORROWED);
    ifDigit = ((readAsLetter ? dl : dd) + BORROWED * ifDigit) / (dl + dd + BORROWED);
  }
  return { ifLetter: Math.log(ifLetter), ifDigit: Math.log(ifDigit) };
}

/** A letter written in the case of the token's other letters (upper unless they are all lower). */
function inCase(letter: string, token: string): string {
  const others = token.replace(/[^\p{L}]/gu, '');
  return others && others === others.toLowerCase() ? letter.toLowerCase() : letter;
}

/** One token with its look-alike glyphs in the classes (letter or digit) the model finds most probable together. */
export function repairToken(model: GlyphClassModel, token: string, before: string | undefined, field: GlyphField, confidence = 1): string {
  const chars = Array.from(token);
  const ambiguous = chars.flatMap((c, i) => (GROUP_OF.has(c.toUpperCase()) ? [i] : []));
  if (!ambiguous.length || ambiguous.length > MAX_JOINT) return token;
  const rates = ambiguous.map((i) => readLogRates(model, token, i, confidence));
  const asRead = ambiguous.map((i) => /\p{L}/u.test(chars[i]));
  const score = (letters: readonly boolean[]) => {
    const classes = chars.map(charClass);
    ambiguous.forEach((i, k) => (classes[i] = letters[k] ? 'L' : 'D'));
    const channel = letters.reduce((s, letter, k) => s + (letter ? rates[k].ifLetter : rates[k].ifDigit), 0);
    return sequenceLogProb(model, `${sequenceStart(before, field)}${classes.join('')}$`) + channel;
  };
  let best = asRead;
  let bestScore = score(asRead);
  for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
    const letters = ambiguous.map((_, k) => (mask & (1 << k)) !== 0);
    const s = score(letters);
    if (s > bestScore) ((best = letters), (bestScore = s));
  }
  if (best === asRead) return token;
  ambiguous.forEach((i, k) => {
    if (best[k] === asRead[k]) return;
    const group = GROUP_OF.get(chars[i].toUpperCase())!;
    chars[i] = best[k] ? inCase(group.letters[0], token) : group.digits[0];
  });
  return chars.join('');
}

/**
 * A name's or address's text with its look-alike glyphs in their more probable classes (letter or digit); spacing
 * and every other character as read. Only tokens OCR doubted (`confidenceOf` under {@link DOUBTED_BELOW}; default:
 * read surely) are decided again.
 *
 * @example
 * repairGlyphClasses('Jalan 5547/2', model, 'address') // 'Jalan SS47/2' where the model has learned road codes' shapes
 */
export function repairGlyphClasses(
  text: string,
  model: GlyphClassModel,
  field: GlyphField,
  confidenceOf: (token: string) => number = () => 1,
): string {
  let before: string | undefined;
  return text
    .split(/(\s+)/)
    .map((part) => {
      if (!part || /^\s+$/.test(part)) return part;
      const confidence = confidenceOf(part);
      const repaired = confidence < DOUBTED_BELOW ? repairToken(model, part, before, field, confidence) : part;
      before = part;
      return repaired;
    })
    .join('');
}
