/**
 * Amounts and total labels as OCR reads them off thermal print, for the receipt ranker's total: an amount whose zeros
 * came out as letters or whose decimal point became a space ("24 UU", "7.O5", "12 50"), a "Total" label with one
 * letter lost or misread ("otal", "T0TAL", "Tota1"), and a total that the receipt's own arithmetic (tendered − change,
 * the tax it includes, net + tax) confirms while the printed total lines are one digit off it. The ranker weighs each
 * as a feature; none of them overrides its pick.
 *
 * @module
 */

/** Glyphs OCR reads for a digit in a printed amount, and the digit (zeros as O, D, Q or U; a 1 as I or l; a 5 as S…). */
const LOOKALIKE: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  U: '0',
  u: '0',
  S: '5',
  s: '5',
  I: '1',
  l: '1',
  '|': '1',
  B: '8',
  Z: '2',
  z: '2',
};
const GLYPH = '[0-9OoDQUuSsIl|BZz]';

/**
 * A whole part that starts with a digit, a decimal point (dot or comma, spaces around it allowed) or a bare space, and
 * two cents: digits or look-alikes. Standing apart from letters and digits on both sides, so words and codes are no amounts.
 */
const AMOUNT_SHAPE = new RegExp(String.raw`(?<![\p{L}\p{N}.,])(\d${GLYPH}{0,4})(\s?[.,]\s?|\s)(${GLYPH}{2})(?![\p{L}\p{N}]|[.,]\d)`, 'gu');

export interface OcrAmount {
  /** A plain decimal with two places. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** How many glyphs were read as digits, plus one for a decimal point read as a space (or spaced off). */
  readonly repairs: number;
}

/**
 * Amounts in a line of OCR text that an ordinary reading misses: look-alike glyphs read as digits, a space read as the
 * decimal point. Amounts printed plainly ("18.00") are left to the ordinary reading, so each one here is a repair.
 *
 * @example
 * ocrAmountsIn('Total Sales Incl GST: 24 UU'); // [{ value: '24.00', start: 22, end: 27, repairs: 3 }]
 */
export function ocrAmountsIn(text: string): OcrAmount[] {
  const out: OcrAmount[] = [];
  for (const m of text.matchAll(AMOUNT_SHAPE)) {
    const [raw, whole, separator, cents] = m;
    const glyphs = [...whole, ...cents].filter((c) => !/\d/.test(c)).length;
    const spaced = separator.trim() === '' || separator.length > 1 ? 1 : 0;
    if (glyphs + spaced === 0) continue;
    // A bare space between plain digits is as often two numbers ("2 50": a count and a price) as one amount:
    // taken only with a glyph read as a digit too, or a currency before it.
    if (separator.trim() === '' && glyphs === 0 && !/(?:rm|\$|€|£|eur|usd)\s*$/iu.test(text.slice(0, m.index))) continue;
    const digits = (s: string) => [...s].map((c) => LOOKALIKE[c] ?? c).join('');
    out.push({ value: `${Number(digits(whole))}.${digits(cents)}`, start: m.index!, end: m.index! + raw.length, repairs: glyphs + spaced });
  }
  return out;
}

/**
 * "total" with the glyphs OCR reads for its letters (0 for o, 1, I, i, | or ! for l) and at most one letter lost, added or
 * misread; the word as printed only when it was split (a label list finds a whole "total" itself).
 */
function nearTotal(token: string, split: boolean): boolean {
  if (token.length < 4 || token.length > 6 || (!split && token.toLowerCase() === 'total')) return false;
  return (
    editDistance(
      token
        .toLowerCase()
        .replace(/0/g, 'o')
        .replace(/[1i|!]/g, 'l'),
      'total',
    ) <= 1
  );
}

/** Levenshtein distance between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length];
}

/**
 * A "Total" OCR misread by one letter ("otal", "T0TAL", "Tota1", "TOTAI"), or spaced into two pieces ("10 TAL", "TO TAL"):
 * a total label the label list does not find.
 */
export function misreadTotalLabel(text: string): boolean {
  const tokens = text.split(/[^\p{L}\p{N}|!]+/u).filter(Boolean);
  return tokens.some((t, k) => nearTotal(t, false) || (k > 0 && t.length >= 2 && tokens[k - 1].length <= 3 && nearTotal(tokens[k - 1] + t, true)));
}

/**
 * Whether two amounts in cents differ in exactly one digit, with as many digits, by more than a rounding (10 cents or
 * more): one digit misread. A cent's difference is a rounding line's ("12.61" rounded to "12.60"), not a misreading.
 */
export function oneDigitOff(a: number, b: number): boolean {
  const [x, y] = [String(a), String(b)];
  return Math.abs(a - b) >= 10 && x.length === y.length && [...x].filter((c, k) => c !== y[k]).length === 1;
}
