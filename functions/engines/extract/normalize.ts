/**
 * Values as documents write them → values as APIs return them: amounts as
 * plain decimal strings ("1.234,56 €" → "1234.56"), dates as ISO 8601
 * ("3. März 2026" → "2026-03-03"), currencies as ISO 4217 codes.
 *
 * @module
 */

/**
 * A number as amounts are written: four decimals (unit prices, "9,9000"), a
 * zero with three ("0,125"), thousands groups with up to four decimals, or
 * digits with up to two. The longer forms come first so "9,9000" is not
 * read as nine thousand nine hundred.
 */
const NUMBER = String.raw`\d+[.,]\d{4}(?!\d)|0[.,]\d{3}(?!\d)|\d{1,3}(?:[ .,]\d{3})+(?:[.,]\d{1,4})?(?!\d)|\d+(?:[.,]\d{1,2})?`;

/** One amount with its sign (a minus or parentheses) and an optional currency before it. */
const AMOUNT = new RegExp(`(-|\\()?\\s*(?:[A-Z]{3}|[$€£¥₹]|RM|Rs\\.?|CHF|kr)?\\s*(${NUMBER})\\s*(-|\\))?`, 'u');
/**
 * Every amount in a text, not inside a longer number or word. A currency code glued to an amount with cents
 * ("RM39.00", "EUR12,50": receipts print totals so) is the amount's, not a word around it; so is a lone
 * "e" glued to one ("Total e17,33"), OCR's commonest misreading of a printed "€".
 */
const AMOUNTS = new RegExp(
  `(?<![\\p{L}\\d.,])-?(?:(?:[$€£¥₹]|(?:RM|MYR|EUR|USD|SGD|GBP|CHF|e)(?=\\d+[.,]\\d{2}(?!\\d)))\\s?)?(?:${NUMBER})(?:\\s?[$€£¥₹])?(?![\\d]|[.,]\\d)`,
  'gu',
);

/** An amount in any common notation, or undefined. Decides the decimal separator from the digits after it. */
export function parseAmount(raw: string): string | undefined {
  const text = raw.replace(/[\u00a0\u202f']/g, ' ').trim();
  const m = AMOUNT.exec(text);
  if (!m) return undefined;
  const negative = Boolean(m[1] || m[3]);
  let number = m[2];
  const lastSep = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  let integer = number;
  let fraction = '';
  if (lastSep >= 0) {
    const after = number.slice(lastSep + 1);
    // Two digits (or one) after the last separator: decimals; four: a unit price's decimals ("9,9000");
    // three: a thousands group, unless nothing but a zero comes before ("0,125").
    if (after.length <= 2 || after.length === 4 || (after.length === 3 && /^0$/.test(number.slice(0, lastSep)))) {
      integer = number.slice(0, lastSep);
      // Decimals past the cents are kept only where they carry digits: "9,9000" → 9.90, "0,4575" → 0.4575.
      fraction = after.padEnd(2, '0').replace(/(?<=^\d{2}\d*?)0+$/, '');
    }
  }
  integer = integer.replace(/[ .,]/g, '');
  if (!/^\d+$/.test(integer)) return undefined;
  number = `${String(Number(integer))}.${fraction || '00'}`;
  return negative ? `-${number}` : number;
}

/** All amounts in a text, in order (for lines that end in quantity, price, total). */
export function amountsIn(text: string): { value: string; start: number; end: number; raw: string }[] {
  const out: { value: string; start: number; end: number; raw: string }[] = [];
  for (const m of text.matchAll(AMOUNTS)) {
    const value = parseAmount(m[0]);
    if (value !== undefined) out.push({ value, start: m.index!, end: m.index! + m[0].length, raw: m[0] });
  }
  return out;
}

/** Whether an amount found in `text` ({@link amountsIn}) is money as receipts print it: above zero, with cents, no percentage. */
export function isMoneyWithCents(text: string, amount: { readonly raw: string; readonly value: string; readonly end: number }): boolean {
  return /[.,]\d{2}$/.test(amount.raw.trim()) && Number(amount.value) > 0 && !/^\s?%/.test(text.slice(amount.end, amount.end + 2));
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari']],
  [2, ['february', 'feb', 'februar', 'février', 'févr', 'fevrier', 'febrero', 'febbraio', 'februari']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo', 'maart', 'mrt']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maggio', 'mei']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio']],
  [8, ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre', 'dic', 'dicembre']],
];
for (const [n, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = n;
/**
 * Portuguese months and the Italian, Portuguese, French and German short forms the list above lacks ("4 lug. 2020",
 * "9 fev. 2021", "3 déc. 2026", "3. Mär. 2026", "5 sett. 2026"). Kept apart so that the OCR month repair below (SHORT_MONTHS) weighs the same
 * abbreviations as before: receipts read exactly as they did.
 */
const MORE_MONTH_NAMES: [number, string[]][] = [
  [1, ['janeiro']],
  [2, ['fevereiro', 'fev', 'fév']],
  [3, ['março', 'mär']],
  [5, ['maio', 'mag']],
  [6, ['junho', 'giu']],
  [7, ['julho', 'lug']],
  [9, ['setembro', 'sett']],
  [10, ['outubro', 'out']],
  [11, ['novembro']],
  [12, ['dezembro', 'déc']],
];
/** Three-letter month abbreviations (English and the other label languages) → month. */
const SHORT_MONTHS = Object.entries(MONTHS).filter(([name]) => name.length === 3);
for (const [n, names] of MORE_MONTH_NAMES) for (const name of names) MONTHS[name] = n;
const MONTH_ALTERNATION = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const iso = (y: number, m: number, d: number): string | undefined => {
  if (y < 100) y += y < 70 ? 2000 : 1900;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** Glyphs OCR reads for one another in a month's name (lower case). */
const MONTH_CONFUSIONS = new Set(['lj', 'ij', '1j', '|j', '!j', 'li', 'l1', 'i1', '0o', 'ao', 'ce', 'nm', 'uv', 'rn', '5s', '8b', 'ec', 'oa']);


/** The month a three-glyph OCR reading spells with exactly one confusable glyph, when exactly one month fits. */
export function ocrMonth(token: string): number | undefined {
  const found = new Set<number>();
  for (const [name, month] of SHORT_MONTHS) {
    let misses = 0;
    let ok = true;
    for (let k = 0; k < 3 && ok; k++) {
      if (token[k] === name[k]) continue;
      misses++;
      ok = misses === 1 && (MONTH_CONFUSIONS.has(token[k] + name[k]) || MONTH_CONFUSIONS.has(name[k] + token[k]));
    }
    if (ok && misses === 1) found.add(month);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * A date written as eight digits day first ("30032018"), as some tills print it: only as a document's last
 * resort (no other date on it), since such runs are usually ids; the day, month and a 19xx/20xx year must be valid.
 */
export function compactDayFirstDate(text: string): string | undefined {
  for (const m of text.matchAll(/(?<![\d.,/-])(0[1-9]|[12]\d|3[01])(0[1-9]|1[0-2])((?:19|20)\d{2})(?![\d.,/-])/g)) {
    const value = iso(+m[3], +m[2], +m[1]);
    if (value) return value;
  }
  return undefined;
}

/** Years a receipt or invoice plausibly carries: the window an OCR-misread year is put back into. */
const PLAUSIBLE_YEARS: readonly [number, number] = [1990, 2039];

/**
 * A date whose four-digit year OCR misread into no plausible year ("09/03/2318" for 2018): day, month and year
 * separated alike, where changing exactly one digit of the year gives exactly one year in {@link PLAUSIBLE_YEARS}.
 * Only as a document's last resort (no date read at all); the day and month must be valid as written.
 */
export function ocrYearDate(text: string, options: DateOptions = {}): string | undefined {
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?!\d)/g)) {
    const year = +m[4];
    if (year >= PLAUSIBLE_YEARS[0] && year <= PLAUSIBLE_YEARS[1]) continue;
    const fits = new Set<number>();
    for (let k = 0; k < 4; k++) {
      for (let digit = 0; digit <= 9; digit++) {
        const y = +(m[4].slice(0, k) + digit + m[4].slice(k + 1));
        if (y !== year && y >= PLAUSIBLE_YEARS[0] && y <= PLAUSIBLE_YEARS[1]) fits.add(y);
      }
    }
    if (fits.size !== 1) continue;
    const value = m[2] === '.' ? iso([...fits][0], +m[3], +m[1]) : dayAndMonth([...fits][0], +m[1], +m[3], Boolean(options.monthFirst));
    if (value) return value;
  }
  return undefined;
}

/** What OCR reads a date's slash as on a till print: a 1 or a 7 (the stroke), or nothing. */
const SLASH_READINGS = ['', '1', '7'];

/**
 * A till's dd/mm/yyyy date whose slashes OCR read as digits or lost ("210972017 10:20:37" for 21/09/2017): nine or
 * ten digits right before a time of day, where putting a slash back for each 1 or 7 (or in a gap) that stands where
 * one belongs gives exactly one valid date in {@link PLAUSIBLE_YEARS}. Only as a document's last resort.
 */
export function slashMisreadDate(text: string, options: DateOptions = {}): string | undefined {
  for (const m of text.matchAll(/(?<![\d.,/-])(\d{9,10})\s+\d{1,2}[:.]\d{2}(?!\d)/g)) {
    const digits = m[1];
    const found = new Set<string>();
    for (const first of SLASH_READINGS) {
      for (const second of SLASH_READINGS) {
        if (2 + first.length + 2 + second.length + 4 !== digits.length) continue;
        if (digits.slice(2, 2 + first.length) !== first || digits.slice(4 + first.length, 4 + first.length + second.length) !== second) continue;
        const a = +digits.slice(0, 2);
        const b = +digits.slice(2 + first.length, 4 + first.length);
        const year = +digits.slice(-4);
        if (year < PLAUSIBLE_YEARS[0] || year > PLAUSIBLE_YEARS[1]) continue;
        const value = dayAndMonth(year, a, b, Boolean(options.monthFirst));
        if (value) found.add(value);
      }
    }
    if (found.size === 1) return [...found][0];
  }
  return undefined;
}

/** Two numbers of a date in either order: one over 12 is the day; otherwise the document's convention decides. */
function dayAndMonth(y: number, a: number, b: number, monthFirst: boolean): string | undefined {
  return (a > 12 ? false : b > 12 ? true : monthFirst) ? iso(y, a, b) : iso(y, b, a);
}

export interface DateOptions {
  /** Month first for ambiguous numeric dates (US documents: `$`, US states). @default false */
  readonly monthFirst?: boolean;
}

/** The first date in a text, as ISO 8601, or undefined. */
export function parseDate(text: string, options: DateOptions = {}): string | undefined {
  return datesIn(text, options)[0]?.value;
}

export function datesIn(text: string, options: DateOptions = {}): { value: string; start: number; end: number }[] {
  const out: { value: string; start: number; end: number }[] = [];
  const lower = text.toLowerCase();
  const push = (value: string | undefined, start: number, end: number) => {
    if (value && !out.some((o) => start < o.end && o.start < end)) out.push({ value, start, end });
  };
  // 2026-03-17, 20260317
  for (const m of lower.matchAll(/(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g)) push(iso(+m[1], +m[2], +m[3]), m.index!, m.index! + m[0].length);
  for (const m of lower.matchAll(/(?<!\d)(20\d{2}|19\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)/g)) push(iso(+m[1], +m[2], +m[3]), m.index!, m.index! + m[0].length);
  // 17 March 2026, 17. März 2026, 17 de marzo de 2026, 17-Mar-2026
  // (also "02/Jan/2017": receipts set slashes around the month's name)
  for (const m of lower.matchAll(new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|\\.|º)?\\s*(?:de\\s+|[-/])?(${MONTH_ALTERNATION})\\.?(?:\\s+de|,|[-/])?\\s*(\\d{4}|\\d{2})(?!\\d)`, 'gu'))) {
    push(iso(+m[3], MONTHS[m[2]], +m[1]), m.index!, m.index! + m[0].length);
  }
  // OCR misreads a short month name's letter ("05 lan 2017", "12 0ct 2018"): between a day and a four-digit year
  // only, and only where the three letters are one OCR confusion from exactly one month's abbreviation.
  for (const m of lower.matchAll(/(?<![\d.])(\d{1,2})\s*[-/ ]\s*([\p{L}0-9|!]{3})\.?\s*[-/ ,]\s*((?:19|20)\d{2})(?!\d)/gu)) {
    const month = MONTHS[m[2]] ?? ocrMonth(m[2]);
    if (month !== undefined) push(iso(+m[3], month, +m[1]), m.index!, m.index! + m[0].length);
  }
  // March 17, 2026 (also "August 3 , 2014": text layers often set a space before the comma)
  for (const m of lower.matchAll(new RegExp(`(?<![\\p{L}])(${MONTH_ALTERNATION})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s+(\\d{4})(?!\\d)`, 'gu'))) {
    push(iso(+m[3], MONTHS[m[1]], +m[2]), m.index!, m.index! + m[0].length);
  }
  // 17.03.2026, 03/17/2026, 17/03/26
  for (const m of lower.matchAll(/(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])/g)) {
    const a = +m[1];
    const b = +m[3];
    const y = +m[4];
    // The dotted form is day-first everywhere; otherwise a part over 12 decides, then the document's convention.
    push(m[2] === '.' ? iso(y, b, a) : dayAndMonth(y, a, b, Boolean(options.monthFirst)), m.index!, m.index! + m[0].length);
  }
  // "04.04. 2020", "04. 04. 2020": OCR of a dotted date sets a space after a dot; with a four-digit year only, day-first.
  // OCR also reads one of the dots as a comma ("04, 04. 2020", "04.04, 2020"): one dot is enough with the four-digit year.
  for (const m of lower.matchAll(/(?<![\d.,])(\d{1,2})([.,])\s?(\d{1,2})([.,])\s?((?:19|20)\d{2})(?![\d.,]?\d)/g)) {
    if (m[2] === '.' || m[4] === '.') push(iso(+m[5], +m[3], +m[1]), m.index!, m.index! + m[0].length);
  }
  // The same with a two-digit year where a time follows, as receipts print them ("15,05.20 09:52", "03.04, 20 09:53"):
  // the time is what tells a date from two amounts.
  for (const m of lower.matchAll(/(?<![\d.,])(\d{1,2})([.,])\s?(\d{1,2})([.,])\s?(\d{2})\s+(?:[01]?\d|2[0-3])[:.][0-5]\d(?!\d)/g)) {
    if (m[2] === '.' || m[4] === '.') push(iso(+m[5], +m[3], +m[1]), m.index!, m.index! + m[1].length + m[2].length + m[3].length + m[4].length + m[5].length + 1);
  }
  return out.sort((x, y) => x.start - y.start);
}

/**
 * The date right after a date label when OCR lost or changed its separators ("Date : 24 07- 2019"): day, month
 * and a four-digit year opening the text, separated by any of space, dot, slash or dash. Only where a label
 * says a date follows; elsewhere such runs of numbers are amounts and counts.
 */
export function dateAfterLabel(text: string, options: DateOptions = {}): string | undefined {
  // The colon may be read as one other glyph ("Date F 24 07- 2019"), and the year may have lost its leading "2"
  // ("24 07- 019"): a three-digit year opening with 0 is this century's (within PLAUSIBLE_YEARS).
  const m = /^\s*(?:[:.]|[^\s\d](?=\s))?\s*(\d{1,2})[\s./-]{1,3}(\d{1,2})[\s./-]{1,3}((?:19|20)\d{2}(?!\d)|0[0-3]\d(?![\d.,/-]?\d))/u.exec(text);
  if (m) return dayAndMonth(m[3].length === 3 ? 2000 + +m[3] : +m[3], +m[1], +m[2], Boolean(options.monthFirst));
  // Both separators lost and a digit with them ("Date: 0942018" for 09/04/2018): seven digits ending in the year,
  // day first, read only where the digits before the year split into exactly one valid day and month.
  const run = /^\s*[:.]?\s*(\d{3})((?:19|20)\d{2})(?![\d.,/-])/u.exec(text);
  if (!run) return undefined;
  const splits = [iso(+run[2], +run[1].slice(1), +run[1].slice(0, 1)), iso(+run[2], +run[1].slice(2), +run[1].slice(0, 2))].filter((v) => v !== undefined);
  return splits.length === 1 ? splits[0] : undefined;
}

/** "RM": ringgit, written in letters. */
const RINGGIT = /(?<![\p{L}])RM(?![\p{L}])/u;

const SYMBOLS: [RegExp, string][] = [
  [/€/u, 'EUR'],
  [/£/u, 'GBP'],
  [/₹|(?<![\p{L}])rs\.?(?=\s*\d)/iu, 'INR'],
  [/¥/u, 'JPY'],
  // Malaysian receipts write "RM 9.00", "RM9.00" and column heads "(RM)", "TOTAL RM".
  [RINGGIT, 'MYR'],
  [/(?<![\p{L}])(?:CHF|Fr\.)(?=\s*\d)/u, 'CHF'],
  [/(?<![\p{L}A-Z])(?:US\$|\$)/u, 'USD'],
];
const CODES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CNY', 'INR', 'MYR', 'SGD', 'AUD', 'CAD', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BRL', 'MXN', 'ZAR', 'AED', 'HKD', 'TRY', 'RUB', 'KRW', 'IDR', 'THB', 'PHP'];

/** The document's currency: an ISO code written in it, else the most frequent symbol. */
export function detectCurrency(text: string): string | undefined {
  const counts = new Map<string, number>();
  for (const code of CODES) {
    const n = (text.match(new RegExp(`(?<![A-Z])${code}(?![A-Z])`, 'g')) ?? []).length;
    if (n) counts.set(code, n * 2);
  }
  for (const [re, code] of SYMBOLS) {
    const n = (text.match(new RegExp(re.source, `${re.flags}g`)) ?? []).length;
    if (n) counts.set(code, (counts.get(code) ?? 0) + n);
  }
  // Ties go to what is written in letters (a code, "RM"): OCR turns digits into stray glyphs ("81100" → "£1100"), not into codes.
  const inLetters = new Set([...CODES.filter((c) => counts.has(c) && text.includes(c)), ...(RINGGIT.test(text) ? ['MYR'] : [])]);
  return [...counts].sort((a, b) => b[1] - a[1] || Number(inLetters.has(b[0])) - Number(inLetters.has(a[0])))[0]?.[0];
}
