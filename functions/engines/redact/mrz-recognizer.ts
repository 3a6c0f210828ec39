/**
 * The machine-readable zone of a passport, identity card or visa (ICAO
 * 9303): two or three lines of capitals, digits and `<` fillers at the foot
 * of the document that repeat its holder's names, document number, date of
 * birth and nationality. Whoever reads the page reads the zone too, so
 * each of its lines is masked whole: the name line as `PERSON`, the lines
 * with the document number and dates as the document's number
 * (`PASSPORT_NUMBER` in a passport's zone, `NATIONAL_ID` in another's).
 *
 * OCR reads the fillers as `<`, `«` or `‹`, may put spaces between them
 * and misread a few characters; a line counts when it is 28–46 characters
 * with a run of fillers and at most three characters no zone holds.
 *
 * @module
 */
import type { Candidate, Recognizer } from './pattern-recognizer.ts';
import { textLines } from './text-pieces.ts';

const FILLER = /[<«‹]/gu;
/** Characters no zone holds (OCR's misreadings: "?", a lower-case letter): a few are allowed. */
const OTHER = /[^A-Z0-9<«‹ \t]/gu;
/** A name field: letters, a double filler (which OCR may read as one «), letters ("BRISK<<ADA<MAE"). */
const NAME_FIELD = /[A-Z]{2,}[ ]?(?:[<‹][ ]?[<‹]|«)[ ]?[A-Z]/u;
const count = (line: string, pattern: RegExp) => (line.match(pattern) ?? []).length;

/** How many fillers a zone line has (0 when it is none): 28–46 characters besides spaces, a run of two fillers, at most three others. */
function zoneFillers(line: string): number {
  const length = line.replace(/[ \t]/gu, '').length;
  if (length < 28 || length > 46 || !/[<«‹][ ]?[<«‹]/u.test(line) || count(line, OTHER) > 3) return 0;
  const fillers = count(line, FILLER);
  return fillers >= 3 && count(line, /[A-Z0-9]/gu) >= 5 ? fillers : 0;
}

/** The type of one zone line: the holder's names, else the number and dates (a passport's or another document's). */
function lineType(line: string, passport: boolean): string {
  const digits = (line.match(/\d/gu) ?? []).length;
  if (NAME_FIELD.test(line) && digits <= 2) return 'PERSON';
  return passport ? 'PASSPORT_NUMBER' : 'NATIONAL_ID';
}

/** Every line of every machine-readable zone in `text` (two or three zone lines in a row). */
export function machineReadableZones(text: string): Candidate[] {
  const lines = textLines(text);
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && zoneFillers(lines[j].text) > 0) j++;
    // Two or three lines in a row; one alone when it is plainly a zone's (five fillers or more: OCR may have broken its neighbours).
    if (j - i >= 2 || (j - i === 1 && zoneFillers(lines[i].text) >= 5)) {
      const passport = /^[ \t]*P/u.test(lines[i].text);
      for (const line of lines.slice(i, j)) {
        const start = line.start + line.text.length - line.text.trimStart().length;
        out.push({ type: lineType(line.text, passport), start, end: line.start + line.text.trimEnd().length, score: 0.9, rule: 'mrz' });
      }
    }
    i = Math.max(j, i + 1);
  }
  return out;
}

/** The zone lines as one recognizer (its candidates carry the types of their lines). */
export const MRZ_RECOGNIZER: Recognizer = { type: 'MRZ', find: machineReadableZones };
