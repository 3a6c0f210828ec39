/**
 * The machine-readable zone of a passport, identity card or visa (ICAO
 * 9303): two or three lines of capitals, digits and `<` fillers at the foot
 * of the document that repeat its holder's names, document number, date of
 * birth and nationality. Whoever reads the page reads the zone too, so
 * each of its lines is masked whole: the name line as `PERSON`, the lines
 * with the document number and dates as the document's number
 * (`PASSPORT_NUMBER` in a passport's zone, `NATIONAL_ID` in another's).
 *
 * OCR reads the fillers as `<`, `«` or `‹` and may put spaces between
 * them; a line counts when it is 28–46 such characters with a run of
 * fillers and nothing lower case.
 *
 * @module
 */
import type { Candidate, Recognizer } from './pattern-recognizer.ts';
import { textLines } from './text-pieces.ts';

/** A zone line: capitals, digits and fillers (spaces OCR put between them allowed), at least a run of two fillers. */
const ZONE_LINE = /^[ \t]*(?=[A-Z0-9<«‹ ]*[<«‹][ ]?[<«‹])[A-Z0-9<«‹][A-Z0-9<«‹ ]{26,60}[A-Z0-9<«‹][ \t]*$/u;
const FILLER = /[<«‹]/gu;
/** Characters that count towards a zone line's length (spaces OCR inserted do not). */
const zoneLength = (line: string) => line.replace(/[ \t]/gu, '').length;
/** A name field: letters, a double filler (which OCR may read as one «), letters ("BRISK<<ADA<MAE"). */
const NAME_FIELD = /[A-Z]{2,}[ ]?(?:[<‹][ ]?[<‹]|«)[ ]?[A-Z]/u;

function isZoneLine(line: string): boolean {
  const length = zoneLength(line);
  return length >= 28 && length <= 46 && ZONE_LINE.test(line) && (line.match(FILLER) ?? []).length >= 3;
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
    while (j < lines.length && isZoneLine(lines[j].text)) j++;
    if (j - i >= 2) {
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
