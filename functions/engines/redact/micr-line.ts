/**
 * The magnetic-ink line at the foot of a cheque: the bank's routing number
 * between two transit symbols, the account number before an on-us symbol,
 * the cheque's number ("⑆113024588⑆ 4471902286⑈ 1042"). OCR has no
 * reading for the symbols and prints them as brackets, bars, colons or an
 * extra digit ("[1113024588[] 4471902286[] 1042"), so neither number keeps
 * the shape or the context words its pattern asks for, and both stayed
 * readable on a scanned cheque.
 *
 * A line is a MICR line when it is mostly digits and holds a run of nine to
 * eleven digits with a window that passes the routing checksum (abaValid),
 * and another field of at least six digits (digits a single space apart are
 * one field: an account read in groups). The routing field is masked as
 * ABA_ROUTING_NUMBER and the other long fields as US_BANK_NUMBER (the
 * account; a long cheque or amount field with them is masked too, which
 * leaks nothing).
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

/** Digits a single space apart are one field: an account printed or read in groups ("3318 7720 45"). */
const FIELD = /\d+(?: \d+)*/gu;

/** The routing and account numbers of the MICR lines in `text`. */
export function micrLines(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const line of textLines(text)) {
    if (line.text.length > MAX_LINE || !mostlyDigits(line.text)) continue;
    const fields = [...line.text.matchAll(FIELD)].map((m) => ({ at: line.start + m.index, text: m[0], digits: m[0].replace(/ /gu, '') }));
    // The routing number is one run of its own (a symbol read as a digit beside it at most), or a field's first group when OCR dropped the symbol after it.
    const routing = fields.findIndex((f) => holdsRouting(f.digits) || holdsRouting(f.text.split(' ')[0]));
    const others = fields.filter((f, i) => i !== routing && f.digits.length >= 6);
    if (routing === -1 || (others.length === 0 && fields[routing].digits.length < 15)) continue;
    // Whole fields are masked: which digit was a symbol is a guess, and a digit left is a digit leaked.
    const field = fields[routing];
    out.push({ type: 'ABA_ROUTING_NUMBER', start: field.at, end: field.at + field.text.length, score: 0.85, rule: 'micr-line' });
    for (const f of others) out.push({ type: 'US_BANK_NUMBER', start: f.at, end: f.at + f.text.length, score: 0.85, rule: 'micr-line' });
  }
  return out;
}

/** The MICR lines as one recognizer (its candidates carry the routing and the account types). */
export const MICR_RECOGNIZER: Recognizer = { type: 'US_BANK_NUMBER', find: micrLines };
