/**
 * A receipt's date as ranker candidates: every date on every line, read as printed (normalize.ts) and through OCR's
 * look-alike glyphs (ocr-dates.ts), plus the last-resort readings of a till's date (eight digits, a misread year,
 * slashes read as digits) and the rules' own pick. The features say what a reader weighs: a date label on the line or
 * above it, a time of day beside it (the till line), how many glyphs had to be read as digits, a card's expiry wording,
 * where on the page it stands.
 *
 * @module
 */
import { compactDayFirstDate, dateAfterLabel, datesIn, ocrYearDate, slashMisreadDate } from './normalize.ts';
import { ocrDatesIn, TIME_OF_DAY } from './ocr-dates.ts';
import type { RankCandidate, RankInput } from './receipt-ranker.ts';

export const DATE_FEATURES = [
  'bias',
  'label',
  'label_above',
  'due_label',
  'time_near',
  'y',
  'first',
  'exact',
  'repaired',
  'short_year',
  'month_name',
  'money_line',
  'repeats',
  'rule_pick',
  'last_resort',
  'expiry',
  'dates_on_line',
  'rules_only',
] as const;

/** Wording of a card's expiry or a voucher's validity: a date there is not the sale's. */
const EXPIRY = /(?<![\p{L}])(?:exp(?:iry|ires|\.)?|valid|gültig|gueltig|ablauf|bis|until|expire|scad(?:enza)?|vervaldatum|vence)(?![\p{L}])/iu;
/** A date label word, to read a date right after it whose separators OCR lost ("Datum 24 07 2019"). */
const DATE_WORD = /(?<![\p{L}])(?:date|datum|tarikh|fecha|data|dated)\.?/iu;
const MONEY = /(?<![\d.,])\d{1,5}[.,]\d{2}(?![\d.,]?\d)/;

interface Found {
  readonly value: string;
  readonly line: number;
  readonly repairs: number;
  readonly exact: boolean;
  readonly shortYear: boolean;
  readonly monthName: boolean;
  readonly lastResort: boolean;
  /** The text without the date itself (a time or an amount beside it). */
  readonly rest: string;
}

/** Every reading of a date on one line. */
function datesOnLine(text: string, line: number, monthFirst: boolean): Found[] {
  const out: Found[] = [];
  const without = (start: number, end: number) => text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
  for (const d of datesIn(text, { monthFirst })) {
    const raw = text.slice(d.start, d.end);
    out.push({
      value: d.value,
      line,
      repairs: 0,
      exact: true,
      shortYear: /\D\d{2}$/.test(raw),
      monthName: /\p{L}{3}/u.test(raw),
      lastResort: false,
      rest: without(d.start, d.end),
    });
  }
  for (const d of ocrDatesIn(text, { monthFirst })) {
    out.push({
      value: d.value,
      line,
      repairs: d.repairs,
      exact: false,
      shortYear: d.shortYear,
      monthName: false,
      lastResort: false,
      rest: without(d.start, d.end),
    });
  }
  const label = DATE_WORD.exec(text);
  const afterLabel = label ? dateAfterLabel(text.slice(label.index + label[0].length), { monthFirst }) : undefined;
  const lastResorts = [afterLabel, compactDayFirstDate(text), ocrYearDate(text, { monthFirst }), slashMisreadDate(text, { monthFirst })];
  for (const value of lastResorts) {
    if (value) out.push({ value, line, repairs: 1, exact: false, shortYear: false, monthName: false, lastResort: true, rest: text });
  }
  return out;
}

/** The best reading of each date value on each line: exact over repaired, fewer repairs first. */
function distinct(found: readonly Found[]): Found[] {
  const best = new Map<string, Found>();
  for (const f of found) {
    const key = `${f.value}@${f.line}`;
    const had = best.get(key);
    if (!had || (f.exact && !had.exact) || (f.exact === had.exact && f.repairs < had.repairs)) best.set(key, f);
  }
  return [...best.values()];
}

/** Every date on the receipt as a candidate for its date, with the features of {@link DATE_FEATURES}. */
export function dateCandidates(input: RankInput, hasMoney: (text: string) => boolean): RankCandidate[] {
  const { lines } = input;
  const monthFirst = Boolean(input.monthFirst);
  const found = distinct(lines.flatMap((l, i) => datesOnLine(l.text, i, monthFirst)));
  const rulePick = input.rulePick.invoice_date;
  const firstLine = Math.min(...found.map((f) => f.line));
  const lineCount = (value: string) => new Set(found.filter((f) => f.value === value).map((f) => f.line)).size;
  const out: RankCandidate[] = found.map((f) => {
    const line = lines[f.line];
    const row = input.rowOf(f.line).filter((r) => r !== f.line);
    const above = f.line > 0 ? lines[f.line - 1] : undefined;
    const values: Record<string, number | boolean> = {
      bias: 1,
      label: line.labels.includes('invoice_date') || row.some((r) => lines[r].labels.includes('invoice_date')),
      label_above: Boolean(above?.labels.includes('invoice_date')),
      due_label: line.labels.includes('due_date'),
      time_near: TIME_OF_DAY.test(f.rest) || row.some((r) => TIME_OF_DAY.test(lines[r].text)),
      y: line.bbox[1],
      first: f.line === firstLine,
      exact: f.exact,
      repaired: Math.min(3, f.repairs) / 3,
      short_year: f.shortYear,
      month_name: f.monthName,
      money_line: MONEY.test(f.rest) && hasMoney(f.rest),
      repeats: Math.min(3, lineCount(f.value)) / 3,
      rule_pick: f.value === rulePick,
      last_resort: f.lastResort,
      expiry: EXPIRY.test(line.text),
      dates_on_line: Math.min(3, found.filter((g) => g.line === f.line).length) / 3,
    };
    return { field: 'invoice_date', value: f.value, lines: [f.line], features: DATE_FEATURES.map((n) => Number(values[n] ?? 0)), derived: !f.exact };
  });
  // The rules' date where no line reading gives it (read from a label's column): a candidate of its own.
  if (rulePick && !out.some((c) => c.value === rulePick)) {
    const values: Record<string, number | boolean> = { bias: 1, rule_pick: true, rules_only: true, repeats: 0 };
    out.push({ field: 'invoice_date', value: rulePick, lines: [], features: DATE_FEATURES.map((n) => Number(values[n] ?? 0)) });
  }
  return out;
}
