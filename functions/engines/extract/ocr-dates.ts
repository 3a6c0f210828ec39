/**
 * Dates as OCR reads them off thermal print: digits read as look-alike letters (O or D for 0, S for 5, Z for 2, C for
 * a 0 in the year, I or l for 1, B for 8) and the dots of a dotted date read as commas ("Datum: 15,04, 202C" is
 * 15.04.2020). A grammar of numeric day–month–year dates that maps the look-alikes back and says how many it had to
 * map: the receipt ranker weighs that count as evidence, beside the line's label and a time of day next to the date.
 *
 * @module
 */
import { parseDate } from './normalize.ts';

/** Glyphs OCR reads for a digit on receipts, and the digit. */
const LOOKALIKE: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  Q: '0',
  D: '0',
  C: '0',
  c: '0',
  S: '5',
  s: '5',
  Z: '2',
  z: '2',
  I: '1',
  l: '1',
  '|': '1',
  B: '8',
};
const GLYPH = '[0-9OoQDCcSsZzIl|B]';

/**
 * Day, month and year separated by dots, commas, slashes or dashes (a space may follow or precede a separator), each
 * part of digits or their look-alikes, standing apart from letters and digits on both sides.
 */
const DATE_SHAPE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${GLYPH}{1,2})\s?([.,/-])\s?(${GLYPH}{1,2})\s?([.,/-])\s?(${GLYPH}{4}|${GLYPH}{2})(?![\p{L}\p{N}]|[.,]\d)`,
  'gu',
);
/** A time of day after the date: what tells a two-digit-year date from two amounts ("15,05,20 09:52"). */
const TIME_AFTER = /^\s+(?:[01]?\d|2[0-3])[:.][0-5]\d(?!\d)/;
/** Years a receipt plausibly carries. */
const YEARS: readonly [number, number] = [1990, 2039];

export interface OcrDate {
  /** ISO 8601. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** How many look-alike glyphs were read as digits (0: the date as printed, separators aside). */
  readonly repairs: number;
  /** The year was printed with two digits. */
  readonly shortYear: boolean;
}

const digitsOf = (part: string) => [...part].map((c) => LOOKALIKE[c] ?? c).join('');
const repairsIn = (part: string) => [...part].filter((c) => !/\d/.test(c)).length;

/**
 * Numeric dates in a line of OCR text, look-alike glyphs read as digits. Dotted and comma forms are day first; with
 * slashes or dashes a part over 12 decides, then `monthFirst`. A two-digit year needs a time after it unless both
 * separators are dots or slashes; every part needs a real digit, and the year two of them.
 *
 * @example
 * ocrDatesIn('Datum: 15,04, 202C'); // [{ value: '2020-04-15', start: 7, end: 18, repairs: 1, shortYear: false }]
 */
export function ocrDatesIn(text: string, options: { readonly monthFirst?: boolean } = {}): OcrDate[] {
  const out: OcrDate[] = [];
  for (const m of text.matchAll(DATE_SHAPE)) {
    const [, day, sep1, month, sep2, year] = m;
    if (![day, month].every((p) => /\d/.test(p)) || (year.match(/\d/g)?.length ?? 0) < 2) continue;
    const end = m.index! + m[0].length;
    const shortYear = year.length === 2;
    const dotted = /[.,]/.test(sep1) && /[.,]/.test(sep2);
    if (dotted && sep1 === ',' && sep2 === ',' && shortYear && !TIME_AFTER.test(text.slice(end))) continue;
    if (shortYear && !TIME_AFTER.test(text.slice(end)) && !(sep1 === sep2 && (sep1 === '.' || sep1 === '/'))) continue;
    const [d, mo, y] = [digitsOf(day), digitsOf(month), digitsOf(year)];
    const fullYear = shortYear ? 2000 + Number(y) : Number(y);
    if (fullYear < YEARS[0] || fullYear > YEARS[1]) continue;
    // Dotted (or comma) dates are day first everywhere; the slashed form goes through the shared reading.
    const value = dotted ? parseDate(`${d}.${mo}.${fullYear}`) : parseDate(`${d}/${mo}/${fullYear}`, options);
    if (value) out.push({ value, start: m.index!, end, repairs: repairsIn(day) + repairsIn(month) + repairsIn(year), shortYear });
  }
  return out;
}

/** A time of day on a line ("18:22", "09:52:07"): receipts print the sale's date beside it on the till line. */
export const TIME_OF_DAY = /(?<![\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\d:])/;
