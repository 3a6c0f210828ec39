/**
 * People in the first column of a table whose header names them: a staff
 * list, a payroll, a class register, a patient list ("Name | Department |
 * Start date", "Employee  Role  Phone", "Nom  Service"). Names there stand
 * without a sentence around them, and most are names no list holds; the
 * column's header is the evidence a sentence would have given.
 *
 * Read from the page text as lines (table rows come out one a line, cells
 * apart by spaces, tabs or `|`): after a header line whose first cell is a
 * word for a person, each following row's leading two or three capitalised
 * words that may be a name are a person, until a blank line or a row that
 * does not start so.
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { mayBeNameWord } from './person-partners.ts';
import { textLines } from './text-pieces.ts';
import type { Candidate } from './recognizers.ts';

/** First header cells that name people (English, German, French, Spanish, Italian, Dutch, Portuguese). */
const PERSON_HEADER = new RegExp(
  '^[ \\t|]*(?:(?:full |employee |patient |customer |client |student |member |contact |tenant |applicant |guest |participant |passenger )?name|' +
    'employee|patient|customer|client|student|member|contact|staff|tenant|applicant|attendee|participant|recipient|passenger|guest|' +
    'vorname|nachname|mitarbeiter(?:in)?|kunde|teilnehmer(?:in)?|nom|prénom|employé|nombre|empleado|nome|dipendente|naam|medewerker|deelnemer|funcionário)' +
    '(?:[ \\t]*:)?(?=[ \\t]*(?:\\||$)|\\t|[ ]{2}|[ ]\\p{Lu})',
  'iu',
);
/** A bare "Name" header over goods, not people. */
const GOODS_HEADER = /\b(?:price|sku|qty|quantity|unit|version|size|weight|stock|item)\b/iu;
/** A row's leading words: two or three capitalised words one space apart (a tab, two spaces or `|` end a cell). */
const ROW_NAME = /^[ \t|]*(\p{Lu}[\p{Ll}\p{M}'’-]+(?: \p{Lu}[\p{Ll}\p{M}'’-]+){1,2})/u;

/** The leading name of a row (its longest prefix of two or three name words), as offsets in the row. */
export function rowName(row: string, lex: NameLexicon): { start: number; end: number } | undefined {
  const m = ROW_NAME.exec(row);
  if (!m) return undefined;
  const start = row.indexOf(m[1]);
  const words = [...m[1].matchAll(/[^ ]+/gu)];
  for (let n = words.length; n >= 2; n--) {
    const last = words[n - 1];
    if (words.slice(0, n).every((w) => mayBeNameWord(w[0], lex))) return { start, end: start + last.index + last[0].length };
  }
  return undefined;
}

/** A table of people: its header line (never a name itself) and the names in its first column. */
export interface PersonColumn {
  readonly header: { readonly start: number; readonly end: number };
  readonly cells: Candidate[];
}

/** The tables of `text` whose first column holds people (see the module note). */
export function personColumns(text: string, lex: NameLexicon): PersonColumn[] {
  const out: PersonColumn[] = [];
  const lines = textLines(text);
  for (const [i, header] of lines.entries()) {
    if (!PERSON_HEADER.test(header.text) || (/^[ \t|]*name\b/iu.test(header.text) && GOODS_HEADER.test(header.text))) continue;
    const cells: Candidate[] = [];
    for (let r = i + 1; r < lines.length; r++) {
      const row = lines[r];
      const name = rowName(row.text, lex);
      if (!name) break;
      cells.push({ type: 'PERSON', start: row.start + name.start, end: row.start + name.end, score: 0.6, rule: 'person-column' });
    }
    if (cells.length) out.push({ header: { start: header.start, end: header.start + header.text.length }, cells });
  }
  return out;
}
