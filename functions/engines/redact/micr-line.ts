/**
 * The magnetic-ink line at the foot of a cheque: the bank's routing number
 * between two transit symbols, the account number before an on-us symbol,
 * the cheque's number ("⑆113024588⑆ 4471902286⑈ 1042"). OCR has no
 * reading for the symbols and prints them as brackets, bars, colons or an
 * extra digit ("[1113024588[] 4471902286[] 1042"), so neither number keeps
 * the shape or the context words its pattern asks for, and both stayed
 * readable on a scanned cheque.
 *
 * A line is a MICR line when it is mostly digits, holds a nine-digit window
 * that passes the routing checksum (abaValid) in a run of up to eleven, and another run of at least
 * six digits: the routing window is masked as ABA_ROUTING_NUMBER and the
 * other long runs as US_BANK_NUMBER (the account; a long cheque or
 * amount field with them is masked too, which leaks nothing).
 *
 * @module
 */
import type { Candidate, Recognizer } from './pattern-recognizer.ts';
import { textLines } from './text-pieces.ts';
import { abaValid } from './validators.ts';

/** A MICR line is short: three fields and their symbols. */
const MAX_LINE = 80;
/** Digits a line needs, at least (a routing number and an account number of six). */
const MIN_DIGITS = 15;
const DIGIT_RUN = /\d+/gu;

/** Whether a run of 9 to 11 digits holds a routing number: a symbol read as a digit may stand before or after it. */
function holdsRouting(run: string): boolean {
  if (run.length < 9 || run.length > 11) return false;
  for (let i = 0; i + 9 <= run.length; i++) if (abaValid(run.slice(i, i + 9))) return true;
  return false;
}

/** Whether the characters of `line` are mostly digits: symbols and spaces aside, letters few. */
function mostlyDigits(line: string): boolean {
  const digits = (line.match(/\d/gu) ?? []).length;
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  return digits >= MIN_DIGITS && letters <= 4 && digits >= 0.7 * line.replace(/\s/gu, '').length;
}

/** The routing and account numbers of the MICR lines in `text`. */
export function micrLines(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const line of textLines(text)) {
    if (line.text.length > MAX_LINE || !mostlyDigits(line.text)) continue;
    const runs = [...line.text.matchAll(DIGIT_RUN)].map((m) => ({ at: line.start + m.index, digits: m[0] }));
    const routing = runs.findIndex((r) => holdsRouting(r.digits));
    const others = runs.filter((r, i) => i !== routing && r.digits.length >= 6);
    if (routing === -1 || others.length === 0) continue;
    // The whole run is masked: which of its digits was a symbol is a guess, and a digit left is a digit leaked.
    const run = runs[routing];
    out.push({ type: 'ABA_ROUTING_NUMBER', start: run.at, end: run.at + run.digits.length, score: 0.85, rule: 'micr-line' });
    for (const r of others) out.push({ type: 'US_BANK_NUMBER', start: r.at, end: r.at + r.digits.length, score: 0.85, rule: 'micr-line' });
  }
  return out;
}

/** The MICR lines as one recognizer (its candidates carry the routing and the account types). */
export const MICR_RECOGNIZER: Recognizer = { type: 'US_BANK_NUMBER', find: micrLines };
