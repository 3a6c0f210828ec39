/**
 * Numbers a paragraph's line break cuts: a letter's sentence wraps where the
 * page ends a line, so "call me at +44 7700⏎900643", "IBAN GB82 WEST 1234⏎5698
 * 7654 32" or "529-41-⏎4471" reach the recognizers as two pieces, and the
 * pieces match no pattern (the phone finder, like a reader, ends a number at
 * the line's end). Here the recognizers of number types read the text with
 * such breaks joined — a space for a break after a digit or letter, nothing
 * after a hyphen — and every number found across a break is placed back on
 * the text's own offsets. Numbers inside one line are left to the ordinary
 * reading.
 *
 * A break is joined only inside running text: the line before holds a
 * sentence (five or more words of letters) and does not end it, so a column
 * of figures or a list of numbers one per line is never read as one number.
 *
 * @module
 */
import { CONTEXT_WINDOW, type Candidate, type Recognizer } from './pattern-recognizer.ts';
import { lineEndAt, lineStartAt } from './text-pieces.ts';

/** The types whose values are digit groups a wrap can cut. */
export const CUT_NUMBER_TYPES: ReadonlySet<string> = new Set([
  'PHONE_NUMBER',
  'US_SSN',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_BANK_NUMBER',
  'ABA_ROUTING_NUMBER',
  'UK_NINO',
  'UK_NHS',
  'NATIONAL_ID',
  'TAX_ID',
]);

/** A line break between a number's pieces: a digit, a letter or a hyphen before it, a digit (or a letter and a digit) after it. */
const BREAK = /(?<=[\p{L}\p{N}]|[\p{L}\p{N}]-)[ \t]*\n[ \t]*(?=\p{N}|\p{Lu}{1,2}\p{N})/gu;
/** A line of running text: five words of letters, and no sentence end at its end. */
const PROSE_WORD = /(?<![\p{L}\p{N}])\p{L}{2,}(?![\p{L}\p{N}])/gu;

function inRunningText(text: string, breakAt: number): boolean {
  const line = text.slice(lineStartAt(text, breakAt), breakAt);
  if (/[.!?:;]\s*$/u.test(line)) return false;
  let words = 0;
  for (const _ of line.matchAll(PROSE_WORD)) if (++words >= 5) return true;
  return false;
}

/** The text with its joinable breaks joined, and for each of its positions the position in the original. */
function joined(text: string): { text: string; original: number[]; joints: number[] } | undefined {
  const parts: string[] = [];
  const original: number[] = [];
  const joints: number[] = [];
  let at = 0;
  let out = 0;
  const keep = (end: number) => {
    parts.push(text.slice(at, end));
    for (let i = at; i < end; i++) original.push(i);
    out += end - at;
  };
  for (const m of text.matchAll(BREAK)) {
    if (!inRunningText(text, m.index)) continue;
    keep(m.index);
    // After a hyphen the number goes on at once ("529-41-" "4471"); else one space stands for the break.
    if (text.charAt(m.index - 1) !== '-') {
      parts.push(' ');
      original.push(m.index);
      out += 1;
    }
    joints.push(out);
    at = m.index + m[0].length;
  }
  if (joints.length === 0) return undefined;
  keep(text.length);
  original.push(text.length);
  return { text: parts.join(''), original, joints };
}

/**
 * The stretches of the joined text the recognizers read again: each joined line holding a joint, with the context
 * a recognizer looks at around a number on it ({@link CONTEXT_WINDOW} before, a third of it after), overlapping
 * stretches merged. A number across a joint lies on its joined line, so reading these finds what reading the whole
 * text would, without reading a long document twice for a few wrapped lines.
 */
function readingWindows(text: string, joints: readonly number[]): [number, number][] {
  const windows: [number, number][] = [];
  for (const joint of joints) {
    const from = Math.max(0, lineStartAt(text, joint) - CONTEXT_WINDOW);
    const to = Math.min(text.length, lineEndAt(text, joint) + CONTEXT_WINDOW / 3);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

/**
 * The numbers of `recognizers` (those of {@link CUT_NUMBER_TYPES}) that a
 * line break in running text cuts, on `text`'s own offsets.
 */
export function numbersAcrossLines(text: string, recognizers: readonly Recognizer[]): Candidate[] {
  const numbers = recognizers.filter((r) => CUT_NUMBER_TYPES.has(r.type));
  if (numbers.length === 0 || !text.includes('\n')) return [];
  const view = joined(text);
  if (!view) return [];
  const crosses = (c: Candidate) => view.joints.some((j) => c.start < j && j < c.end);
  return readingWindows(view.text, view.joints)
    .flatMap(([from, to]) => {
      const window = view.text.slice(from, to);
      return numbers.flatMap((recognizer) => recognizer.find(window)).map((c) => ({ ...c, start: c.start + from, end: c.end + from }));
    })
    .filter((c) => CUT_NUMBER_TYPES.has(c.type) && crosses(c))
    .map((c) => ({ ...c, start: view.original[c.start], end: view.original[c.end - 1] + 1, rule: `${c.rule}+across-lines` }));
}
