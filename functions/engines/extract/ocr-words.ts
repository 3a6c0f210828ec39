/**
 * OCR word correction for extracted text fields (a receipt's vendor name and address): a noisy channel with a
 * vocabulary of words and how many receipts they appear on (learned by `npm run train -- extract` from the
 * general words of the receipt languages, receipt-vocabulary.ts; tests build their own), and a character-confusion cost where OCR
 * typically confuses shapes (0/O, 1/I/l, 5/S, 8/B, rn/m, …) cheaper than any other edit. A token is changed
 * only when it is not a vocabulary word and one vocabulary word is within a small cost of it; a token
 * with more than one digit (numbers, postcodes, amounts) is never touched, nor is anything shorter than 4.
 *
 * @module
 */

import { SDN_BHD } from './legal-forms.ts';

export interface WordVocabulary {
  readonly version: 1;
  /** What it was learned from (reported). */
  readonly trained_on?: string;
  /** Upper-case word → on how many documents it appears. */
  readonly words: Readonly<Record<string, number>>;
  /** Five-digit postcodes (written before a town's name) → on how many documents. */
  readonly postcodes?: Readonly<Record<string, number>>;
  /** Letter prefixes of section road codes ("SS" of "SS24/7") → on how many documents. */
  readonly sectionPrefixes?: Readonly<Record<string, number>>;
  /** Short codes names carry in brackets (a branch or state: "(KL)", "(M)") → on how many documents. */
  readonly bracketCodes?: Readonly<Record<string, number>>;
  /**
   * Two words always written with "&" between them ("CASH & CARRY" as "CASH CARRY") → on how many documents: pairs
   * never seen side by side without it.
   */
  readonly ampersandPairs?: Readonly<Record<string, number>>;
  /**
   * Lot, unit and road codes of digits and letters joined by "-" or "/" ("4521-C", "U7/AB", "3/118D"), upper case
   * → on how many documents: what an address's code a letter of which OCR read as a digit is repaired towards.
   */
  readonly unitCodes?: Readonly<Record<string, number>>;
}

/** Two words joined by "&" ("CASH & CARRY", "A&W"): upper case, as "CASH CARRY". */
const AMPERSAND_PAIR = /(?<![\p{L}])(\p{L}{2,})\s*&\s*(\p{L}{2,})(?![\p{L}])/gu;
/** Two words side by side, separated by spaces only (the second looked ahead, so pairs overlap). */
const SIDE_BY_SIDE = /(?<![\p{L}])(?<!&\s*)(\p{L}{2,})(\s+)(?=(\p{L}{2,})(?![\p{L}]))/gu;

/** A line naming a company: a legal form or a trade word in it. */
const COMPANY_LINE = new RegExp(String.raw`${SDN_BHD}|(?<![\p{L}])(?:bhd|berhad|ltd|limited|enterprise|trading|gmbh|inc|llc|plc|s\/b)(?![\p{L}])`, 'iu');
/** A short code in brackets: one to three letters. */
const BRACKET_CODE = /\((\p{L}{1,3})\)/gu;

/** A postcode as addresses write it: five digits, then the town (a word). */
const POSTCODE_BEFORE_TOWN = /(?<![\d./-])(\d{5})[,.]?\s+(?=\p{L}{2,})/gu;
/** A section road code: letters, then the numbers "16/1", "21/60A". */
const SECTION_CODE = /(?<![\p{L}\d])(\p{Lu}{1,4})\d{1,3}\p{Lu}?\/\d{1,3}\p{Lu}?(?![\p{L}\d])/gu;

/** A code of letters and digits in parts joined by "-" or "/" (a lot, unit or road number): both kinds of glyph in it. */
const UNIT_CODE = /(?<![\p{L}\d./-])[\p{L}\d]+(?:[-/][\p{L}\d]+)+(?![\p{L}\d/-])/gu;

/** The lot, unit and road codes a text writes with a letter in them ("4521-C", "U7/AB"), upper case, each once. */
export function unitCodes(text: string): string[] {
  return [...new Set([...text.toUpperCase().matchAll(UNIT_CODE)].map((m) => m[0]).filter((c) => /\d/.test(c) && /\p{L}/u.test(c)))];
}

/** The postcodes and section-code prefixes a text writes, each once. */
export function addressCodes(text: string): { postcodes: string[]; prefixes: string[] } {
  return {
    postcodes: [...new Set([...text.matchAll(POSTCODE_BEFORE_TOWN)].map((m) => m[1]))],
    prefixes: [...new Set([...text.toUpperCase().matchAll(SECTION_CODE)].map((m) => m[1]))],
  };
}

/** A vocabulary word: letters (with inner ' & -), at least 3 of them; no digits, no "@" (nothing phone- or mail-like). */
const VOCABULARY_WORD = /^\p{L}[\p{L}'&-]*\p{L}$/u;

/** The words of a text a vocabulary counts (upper case, punctuation around them dropped). */
export function vocabularyWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toUpperCase())
    .filter((t) => t.length >= 3 && VOCABULARY_WORD.test(t));
}

/**
 * Counts each word once per document; keeps words seen on at least `minDocuments` (a word on one receipt
 * only, such as a customer's name, never enters the vocabulary). Deterministic: sorted keys.
 */
export function buildVocabulary(documents: Iterable<string>, minDocuments = 2, trainedOn?: string): WordVocabulary {
  const counts = new Map<string, number>();
  const postcodes = new Map<string, number>();
  const prefixes = new Map<string, number>();
  const brackets = new Map<string, number>();
  const pairs = new Map<string, number>();
  const units = new Map<string, number>();
  const bare = new Set<string>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const doc of documents) {
    for (const w of new Set(vocabularyWords(doc))) add(counts, w);
    const codes = addressCodes(doc);
    for (const p of codes.postcodes) add(postcodes, p);
    for (const p of codes.prefixes) add(prefixes, p);
    for (const c of unitCodes(doc)) add(units, c);
    const upper = doc.toUpperCase();
    for (const pair of new Set([...upper.matchAll(AMPERSAND_PAIR)].map((m) => `${m[1]} ${m[2]}`))) add(pairs, pair);
    for (const m of upper.matchAll(SIDE_BY_SIDE)) bare.add(`${m[1]} ${m[3]}`);
    // Codes in brackets on lines that name a company only: elsewhere brackets hold column units ("(RM)") and notes.
    const named = doc.split('\n').filter((line) => COMPANY_LINE.test(line)).join('\n');
    for (const c of new Set([...named.matchAll(BRACKET_CODE)].map((m) => m[1].toUpperCase()))) add(brackets, c);
  }
  const kept = (map: Map<string, number>) => Object.fromEntries([...map].filter(([, n]) => n >= minDocuments).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { version: 1, ...(trainedOn ? { trained_on: trainedOn } : {}), words: kept(counts), postcodes: kept(postcodes), sectionPrefixes: kept(prefixes), bracketCodes: kept(brackets), ampersandPairs: kept(new Map([...pairs].filter(([pair]) => !bare.has(pair)))), unitCodes: kept(units) };
}

/** Shapes OCR mistakes for each other: a substitution between them costs this instead of 1. */
const CONFUSABLE: readonly string[] = ['0O', '0D', '0Q', 'OQ', 'OD', '1I', '1L', 'IL', '!I', '|I', '5S', '8B', '2Z', '6G', 'UV', 'VY', 'CG', 'EF', 'KX', 'CO', 'IJ', 'OU', 'NM', 'QG', 'RN', 'BH', 'TI'];
const CONFUSION_COST = 0.5;
/**
 * Any other edit: dearer than the default budget, so only OCR's own confusions correct a word. A plain edit
 * let clean words become their frequent neighbours (a name read right, changed to another shop's): out of fold
 * that cost more on the transcripts than it gained on OCR.
 */
const PLAIN_COST = 1.5;
const confusable = new Set(CONFUSABLE.flatMap((p) => [p, p[1] + p[0]]));
/** Pairs OCR reads as one glyph or the other way round ("rn" for "m"): cost of the two-for-one swap. */
const MERGES: readonly [string, string][] = [['RN', 'M'], ['VV', 'W'], ['LI', 'U'], ['II', 'U'], ['CL', 'D'], ['IN', 'M'], ['NI', 'M'], ['RL', 'N'], ['RI', 'N'], ['II', 'N'], ['LL', 'U']];

/** Letter → the glyph pairs read for it. */
const MERGED = new Map<string, string[]>();
for (const [two, one] of MERGES) MERGED.set(one, [...(MERGED.get(one) ?? []), two]);

function substitution(a: string, b: string): number {
  if (a === b) return 0;
  return confusable.has(a + b) ? CONFUSION_COST : PLAIN_COST;
}

/** Weighted edit distance (insert, delete and plain substitution PLAIN_COST; OCR confusions and two-for-one merges 0.5), stopping past `limit`. */
export function ocrDistance(read: string, word: string, limit = 2): number {
  const n = read.length;
  const m = word.length;
  if (Math.abs(n - m) * CONFUSION_COST > limit) return Infinity;
  const w = m + 1;
  const d = new Float64Array((n + 1) * w).fill(Infinity);
  for (let i = 0; i <= n; i++) d[i * w] = i * PLAIN_COST;
  for (let j = 0; j <= m; j++) d[j] = j * PLAIN_COST;
  let before = 0;
  for (let i = 1; i <= n; i++) {
    let best = Infinity;
    const r = read[i - 1];
    for (let j = 1; j <= m; j++) {
      const c = word[j - 1];
      let v = Math.min(d[(i - 1) * w + j] + PLAIN_COST, d[i * w + j - 1] + PLAIN_COST, d[(i - 1) * w + j - 1] + substitution(r, c));
      // Two glyphs read for one letter ("RN" for "M"), or one for two.
      if (i >= 2 && MERGED.get(c)?.includes(read[i - 2] + r)) v = Math.min(v, d[(i - 2) * w + j - 1] + CONFUSION_COST);
      if (j >= 2 && MERGED.get(r)?.includes(word[j - 2] + c)) v = Math.min(v, d[(i - 1) * w + j - 2] + CONFUSION_COST);
      d[i * w + j] = v;
      if (v < best) best = v;
    }
    // A merge reaches back two rows: give up only when two rows in a row are past the limit.
    if (best > limit && before > limit) return Infinity;
    before = best;
  }
  return d[n * w + m];
}

export interface CorrectionOptions {
  /** The most a correction may cost (default 1: two OCR confusions). */
  readonly maxCost?: number;
  /**
   * A replacement must appear on at least this many training documents (default 2 for a word's correction, every
   * vocabulary word: out of fold, 3 left a shop's name on two receipts unreachable and mended nothing else; 3 for
   * joining a split word).
   */
  readonly minFrequency?: number;
  /**
   * Also read a rare short known word as a confusion of one on {@link RARE_WORD_RATIO} times as many documents
   * (default false). For addresses: there "JIN" is the street word "JLN" misread; in a name it is a name.
   */
  readonly rareWords?: boolean;
  /**
   * Whether the OCR was unsure of a token (its word confidence low): such a token may take one more plain edit
   * ({@link UNSURE_EXTRA_COST}), since a reading the engine itself doubts is more likely wrong than a clean one.
   */
  readonly unsure?: (token: string) => boolean;
}

/** What a word OCR was unsure of may cost more: one plain edit. */
const UNSURE_EXTRA_COST = 1.5;
/** The shortest doubted word that may take that edit. */
const UNSURE_MIN_LENGTH = 5;

/** From this many characters on, a word may take one plain edit. */
const LONG_WORD = 8;
/** A known word of at most this many letters is still read as a confusion of a far more frequent one. */
const RARE_WORD_LENGTH = 3;
/** How many times as many documents that frequent word must be on. */
const RARE_WORD_RATIO = 10;

/** Words indexed by length, per vocabulary (built once). */
const byLength = new WeakMap<WordVocabulary, Map<number, [string, number][]>>();
function lengthIndex(vocabulary: WordVocabulary): Map<number, [string, number][]> {
  let index = byLength.get(vocabulary);
  if (!index) {
    index = new Map();
    for (const [w, n] of Object.entries(vocabulary.words)) {
      const list = index.get(w.length) ?? [];
      list.push([w, n]);
      index.set(w.length, list);
    }
    byLength.set(vocabulary, index);
  }
  return index;
}

/** The vocabulary word a token was most likely read from, or undefined to leave it as it is. */
export function correctWord(token: string, vocabulary: WordVocabulary, options: CorrectionOptions = {}): string | undefined {
  const upper = token.toUpperCase();
  // A long word may also take one plain edit (a dropped or odd letter): its neighbours one edit away are rarely other words.
  const known = vocabulary.words[upper];
  // A word the vocabulary knows is left alone, unless asked (addresses) and it is short, rare and one OCR confusion from
  // a word on many times as many documents ("JIN", on two receipts where OCR misread it, for "JLN" on twenty): then
  // only that one swap.
  // So is an unknown three-letter token in an address one confusion from a common abbreviation ("JIN" for "JLN"): a
  // token that short is corrected only towards a word of its length on many documents.
  const shortUnknown = options.rareWords === true && known === undefined && upper.length === RARE_WORD_LENGTH;
  const rareWord = shortUnknown || (options.rareWords === true && known !== undefined && upper.length >= 3 && upper.length <= RARE_WORD_LENGTH);
  const baseCost = rareWord ? CONFUSION_COST : (options.maxCost ?? (upper.length >= LONG_WORD ? 1.5 : 1));
  // A word OCR doubted may take one plain edit more, when it has five letters or more (one edit and a confusion in a
  // four-letter word change half of it: a doubted "TOOM" stays, not "TOWN") and towards a word of 4 letters or more.
  const maxCost = baseCost + (!rareWord && upper.length >= UNSURE_MIN_LENGTH && options.unsure?.(upper) ? UNSURE_EXTRA_COST : 0);
  const minFrequency = rareWord ? Math.max(options.minFrequency ?? 2, (known ?? 2) * RARE_WORD_RATIO) : (options.minFrequency ?? 2);
  if ((upper.length < 4 && !rareWord) || (known !== undefined && !rareWord)) return undefined;
  const digits = upper.replace(/[^0-9]/g, '').length;
  const letters = upper.replace(/[^\p{L}]/gu, '').length;
  if (digits > 1 || letters < 3 || /[^\p{L}0-9!|'&-]/u.test(upper)) return undefined;
  const index = lengthIndex(vocabulary);
  let best: { word: string; cost: number; count: number } | undefined;
  let tied = false;
  for (let len = upper.length - 2; len <= upper.length + 2; len++) {
    for (const [word, count] of index.get(len) ?? []) {
      if (count < minFrequency) continue;
      // A plural's "S" is spelling, not a misreading: "RESTAURANTS" read right is no "RESTAURANT" (nor the other way).
      if (word === `${upper}S` || upper === `${word}S`) continue;
      const cost = ocrDistance(upper, word, maxCost);
      if (cost > (word.length >= 4 ? maxCost : baseCost)) continue;
      // Cheaper wins; at equal cost the far more frequent word, else it is a tie and nothing is changed.
      if (!best || cost < best.cost) (best = { word, cost, count }), (tied = false);
      else if (cost === best.cost) {
        if (count >= 3 * best.count) (best = { word, cost, count }), (tied = false);
        else if (3 * count > best.count) tied = true;
      }
    }
  }
  if (!best || tied) return undefined;
  return matchCase(best.word, token);
}

/** The replacement written as the token was: upper case (mostly capitals), lower case, or capitalised. */
function matchCase(word: string, like: string): string {
  const letters = like.replace(/[^\p{L}]/gu, '');
  // Mostly capitals ("SERl", a capital I read as l): upper case.
  const capitals = [...letters].filter((c) => c !== c.toLowerCase()).length;
  if (capitals * 2 > letters.length) return word;
  if (letters === letters.toLowerCase()) return word.toLowerCase();
  return word[0] + word.slice(1).toLowerCase();
}

/** The most tokens one word split by OCR is joined from ("S ELANGOR", "SEL ANGOR", "SE LAN GOR"). */
const MAX_SPLIT_PARTS = 3;
/** A part that is a vocabulary word still joins when the joined word is on this many times as many documents. */
const RARE_PART = 10;

/**
 * A text with words OCR split in two or three joined again ("SEL ANGOR" → "SELANGOR"): parts that stand one
 * space apart, of letters only, are joined when the joined form is a vocabulary word on at least
 * `minFrequency` documents and no part is a vocabulary word itself ("TELUK INDAH" stays two words, since both
 * are words; "TAMAN BUNGA" does not become an unrelated "TAMANBUNGA") — except that one part may be a word
 * far rarer than the joined one ({@link RARE_PART}: an abbreviation such as "SEL." for the state is a
 * word, and must not keep "SEL ANGOR" apart). Punctuation before the first part and after the last is
 * kept; the parts' own case is kept.
 */
export function joinSplitWords(text: string, vocabulary: WordVocabulary, options: CorrectionOptions = {}): string {
  const { minFrequency = 3 } = options;
  // Tokens and the single spaces between them: a split word never spans a line break, a comma or two spaces.
  const pieces = text.split(/( )/);
  const out: string[] = [];
  const letters = (t: string) => /^\p{L}+$/u.test(t);
  const count = (t: string) => vocabulary.words[t.toUpperCase()] ?? 0;
  for (let i = 0; i < pieces.length; i += 2) {
    let joined = false;
    for (let parts = Math.min(MAX_SPLIT_PARTS, (pieces.length + 1) / 2 - i / 2); parts >= 2 && !joined; parts--) {
      const tokens = Array.from({ length: parts }, (_, k) => pieces[i + 2 * k]);
      const lead = /^[^\p{L}0-9]*/u.exec(tokens[0])![0];
      const trail = /[^\p{L}0-9]*$/u.exec(tokens[parts - 1])![0];
      const cores = tokens.map((t, k) => t.slice(k === 0 ? lead.length : 0, k === parts - 1 ? t.length - trail.length : t.length));
      if (!cores.every(letters)) continue;
      const word = cores.join('');
      const joinedCount = count(word);
      const words = cores.filter((c) => count(c) > 0);
      if (joinedCount < minFrequency || words.length > 1 || words.some((c) => count(c) * RARE_PART > joinedCount)) continue;
      out.push(`${lead}${word}${trail}`);
      if (i + 2 * parts - 1 < pieces.length) out.push(pieces[i + 2 * parts - 1]);
      i += 2 * (parts - 1);
      joined = true;
    }
    if (!joined) {
      out.push(pieces[i]);
      if (i + 1 < pieces.length) out.push(pieces[i + 1]);
    }
  }
  return out.join('');
}

/**
 * A text with words OCR split joined again ({@link joinSplitWords}) and each OCR-misread word replaced by its
 * vocabulary word (punctuation around words kept).
 */
export function correctText(text: string, vocabulary: WordVocabulary, options: CorrectionOptions = {}): string {
  return joinSplitWords(text, vocabulary, options).replace(/[^\s,;:()]+/g, (chunk) => {
    const m = /^([^\p{L}0-9]*)(.*?)([.'"]*)$/u.exec(chunk);
    if (!m || !m[2]) return chunk;
    const fixed = correctWord(m[2], vocabulary, options);
    return fixed ? `${m[1]}${fixed}${m[3]}` : chunk;
  });
}

/**
 * A name with the "&" OCR lost put back between two words the vocabulary only ever saw joined by it ("KT CASH CARRY"
 * → "KT CASH & CARRY"; pairs on two documents or more, never written side by side without it).
 */
export function restoreAmpersands(text: string, vocabulary: WordVocabulary): string {
  const pairs = vocabulary.ampersandPairs ?? {};
  if (!Object.keys(pairs).length) return text;
  return text.replace(SIDE_BY_SIDE, (whole, first: string, _space: string, second: string) => (pairs[`${first.toUpperCase()} ${second.toUpperCase()}`] !== undefined ? `${first} & ` : whole));
}

/** Digits OCR reads for a capital letter of a section code's prefix ("5524/7" for SS24/7, "8531/40" for SS31/40). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { '0': 'OD', '1': 'IL', '2': 'Z', '5': 'S', '6': 'G', '8': 'BS' };
/** A prefix is repaired only towards one seen on this many documents, and only one of two letters or more. */
const PREFIX_FREQUENCY = 5;
/** A postcode is repaired only towards one seen on this many documents (2: out of fold, 3 left two right repairs undone and spared none). */
const POSTCODE_FREQUENCY = 2;

/**
 * An address's codes as OCR misread them, repaired against the vocabulary's: a six-digit number before the
 * town where dropping one digit leaves exactly one known postcode ("812346 TELUK" → "81234 TELUK"), and a section
 * road code whose letter prefix was read as digits ("5524/7" → "SS24/7") when exactly one known prefix of two
 * letters or more fits glyph by glyph, and a lone lower-case "i" or "l" in an address in capitals as the "1" it was.
 * Anything else is left as read.
 */
export function correctAddressCodes(text: string, vocabulary: WordVocabulary): string {
  const postcodes = vocabulary.postcodes ?? {};
  const prefixes = Object.entries(vocabulary.sectionPrefixes ?? {}).filter(([p, n]) => p.length >= 2 && n >= PREFIX_FREQUENCY);
  let out = text.replace(/(?<![\d./-])(\d{6})(?=[,.]?\s+\p{L}{2,})/gu, (six) => {
    const fits = new Set<string>();
    for (let k = 0; k < 6; k++) {
      const five = six.slice(0, k) + six.slice(k + 1);
      if ((postcodes[five] ?? 0) >= POSTCODE_FREQUENCY) fits.add(five);
    }
    return fits.size === 1 ? [...fits][0] : six;
  });
  // A lone lower-case "i" or "l" (or a bar) in an address written in capitals is a "1" ("TIMUR, i INDAH" for "TIMUR 1").
  const capitals = (out.match(/\p{Lu}/gu) ?? []).length;
  const small = (out.match(/\p{Ll}/gu) ?? []).length;
  if (capitals >= 10 && small * 5 <= capitals) out = out.replace(/(?<=^|[\s,])[il|](?=[\s,]|$)/gu, '1');
  if (prefixes.length) {
    out = out.replace(/(?<![\p{L}\d])([0-9\p{Lu}]{1,4})(\d{1,3}\p{Lu}?\/\d{1,3}\p{Lu}?)(?![\p{L}\d])/gu, (whole, head: string, _rest: string) => {
      if (!/\d/.test(head)) return whole;
      const fits = new Set<string>();
      // The prefix may have taken digits of the number with it ("5524/7": "55" + "24/7").
      for (let cut = 1; cut <= head.length + 2 && cut <= whole.indexOf('/') - 1; cut++) {
        const glyphs = whole.slice(0, cut);
        const number = whole.slice(cut);
        if (!/^\d/.test(number)) continue;
        for (const [prefix] of prefixes) {
          if (prefix.length !== glyphs.length) continue;
          if ([...glyphs].every((g, k) => g === prefix[k] || (DIGIT_LETTERS[g] ?? '').includes(prefix[k]))) fits.add(prefix + number);
        }
      }
      return fits.size === 1 ? [...fits][0] : whole;
    });
  }
  return correctUnitCodes(out, vocabulary);
}

/** A lot or unit code is repaired only towards one seen on this many documents. */
const UNIT_CODE_FREQUENCY = 2;

/**
 * An address's lot, unit or road codes with a letter OCR read as a digit ("4521-8" for 4521-B, "3/1180" for
 * 3/118D): a code the vocabulary does not know becomes the one known code (on {@link UNIT_CODE_FREQUENCY}+
 * documents) of its length that differs from it only where it reads a digit for a letter that digit is mistaken for
 * (8/B, 0/D, 5/S, …). A code the vocabulary knows, or one with none or several such neighbours, is left as read.
 */
export function correctUnitCodes(text: string, vocabulary: WordVocabulary): string {
  const known = vocabulary.unitCodes ?? {};
  const candidates = Object.entries(known).filter(([, n]) => n >= UNIT_CODE_FREQUENCY).map(([c]) => c);
  if (!candidates.length) return text;
  return text.replace(UNIT_CODE, (whole) => {
    const upper = whole.toUpperCase();
    if (known[upper] !== undefined || !/\d/.test(upper)) return whole;
    const fits = candidates.filter(
      (c) => c.length === upper.length && c !== upper && [...c].every((ch, k) => ch === upper[k] || (/\d/.test(upper[k]) && (DIGIT_LETTERS[upper[k]] ?? '').includes(ch))),
    );
    return fits.length === 1 ? [...fits[0]].map((ch, k) => (ch === upper[k] ? whole[k] : ch)).join('') : whole;
  });
}

/** A bracketed code is repaired only towards one seen on this many documents. */
const BRACKET_FREQUENCY = 3;

/**
 * A name's bracketed short code as OCR misread it ("(PC)", "(Pg." for "(PG)"): two or three letters after an opening
 * bracket, not a known code, become the one known code (on {@link BRACKET_FREQUENCY}+ documents) that differs from
 * them in one OCR-confusable letter; none or several: left as read.
 */
export function correctBracketCodes(text: string, vocabulary: WordVocabulary): string {
  const known = Object.entries(vocabulary.bracketCodes ?? {}).filter(([, n]) => n >= BRACKET_FREQUENCY).map(([c]) => c);
  if (!known.length) return text;
  return text.replace(/\((\p{L}{2,3})(?=[).\s])/gu, (whole, code: string) => {
    const upper = code.toUpperCase();
    if ((vocabulary.bracketCodes ?? {})[upper] !== undefined) return whole;
    const fits = known.filter((c) => c.length === upper.length && [...c].filter((ch, k) => ch !== upper[k]).length === 1 && [...c].every((ch, k) => ch === upper[k] || confusable.has(upper[k] + ch)));
    return fits.length === 1 ? `(${fits[0]}` : whole;
  });
}
