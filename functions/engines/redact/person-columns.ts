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
 * words that may be a name are a person; a row of as many cells without a
 * name is passed over, and a blank line or a line of another shape ends
 * the table.
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { kindOf, ORGANISATION_WORDS } from './names.ts';
import { mayBeNameWord } from './person-partners.ts';
import { textLines } from './text-pieces.ts';
import type { Candidate } from './recognizers.ts';

/** First header cells that name people (English, German, French, Spanish, Italian, Dutch, Portuguese). */
const PERSON_HEADER = new RegExp(
  '^[ \\t|]*(?:(?:full |employee |patient |customer |client |student |member |contact |tenant |applicant |guest |participant |passenger )?name|' +
    'employee|patient|customer|client|student|member|contact|staff|tenant|applicant|attendee|participant|recipient|passenger|guest|' +
    'vorname|nachname|mitarbeiter(?:in)?|kunde|teilnehmer(?:in)?|nom|prénom|employé|nombre|empleado|nome|dipendente|naam|medewerker|deelnemer|funcionário|' +
    // Both parts of the name in one header: "Apellidos y nombre", "Nome e cognome", "Nom et prénom", "Vor- und Nachname".
    'apellidos?(?: y nombres?)?|nombres?(?: y apellidos?)|cognome(?: e nome)?|nome(?: e cognome)|nom(?: et prénoms?)|prénom(?: et nom)|' +
    'vor- und nachname|achternaam|voornaam(?: en achternaam)?|sobrenome)' +
    '(?:[ \\t]*:)?(?=[ \\t]*(?:\\||$)|\\t|[ ]{2}|[ ]\\p{Lu})',
  'iu',
);
/** A bare "Name" header over goods, not people. */
const GOODS_HEADER = /\b(?:price|sku|qty|quantity|unit|version|size|weight|stock|item)\b/iu;
/** A name's word: capitalised, with its capitalised parts after a hyphen or a prefix ("Tanaka-Rowe", "McAllister"). */
const ROW_WORD = "\\p{Lu}[\\p{Ll}\\p{M}'’-]+(?:\\p{Lu}[\\p{Ll}\\p{M}'’-]+)*";
/** A row's leading words: two or three capitalised words one space apart (a tab, two spaces or `|` end a cell). */
const ROW_NAME = new RegExp(`^[ \\t|]*(${ROW_WORD}(?: ${ROW_WORD}){1,2})`, 'u');

/**
 * Words that make a name under a people header besides those that may each be a name word: one is a listed given or
 * family name and none is a place or an organisation's word — a surname that is also an English word ("John Baker", "Ann Page") is
 * still a surname in a staff list, where the header, not the word, says who stands there.
 */
function nameInColumn(words: readonly string[], lex: NameLexicon): boolean {
  const kinds = words.map((w) => kindOf(w, lex));
  const listed = kinds.some((kind) => kind === 'strong' || kind === 'weak');
  return listed && words.every((w, i) => !ORGANISATION_WORDS.has(w.toLowerCase()) && kinds[i] !== 'place' && !lex.honorifics.has(w.toLowerCase()));
}

/** The leading name of a row (its longest prefix of two or three name words), as offsets in the row. */
export function rowName(row: string, lex: NameLexicon): { start: number; end: number } | undefined {
  const m = ROW_NAME.exec(row);
  if (!m) return undefined;
  const start = row.indexOf(m[1]);
  const words = [...m[1].matchAll(/[^ ]+/gu)];
  const prefix = (n: number) => words.slice(0, n).map((w) => w[0]);
  const endOf = (n: number) => start + words[n - 1].index + words[n - 1][0].length;
  for (let n = words.length; n >= 2; n--) if (prefix(n).every((w) => mayBeNameWord(w, lex))) return { start, end: endOf(n) };
  // A name with an ordinary word in it only as a whole cell: in a table whose cells are one space apart, "Ann Page Sales" says no more.
  for (let n = words.length; n >= 2; n--) if (CELL_END.test(row.slice(endOf(n))) && nameInColumn(prefix(n), lex)) return { start, end: endOf(n) };
  return undefined;
}

/** What follows a whole cell: the row's end, `|`, a tab or two spaces. */
const CELL_END = /^(?:[ \t]*$|[ \t]*\||\t|[ ]{2})/u;

/** A row's cells: apart by `|`, a tab or two spaces. */
const cellCount = (line: string) => line.trim().split(/[ \t]*\|[ \t]*|\t|[ ]{2,}/u).filter(Boolean).length;

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
    const headerCells = cellCount(header.text);
    for (let r = i + 1; r < lines.length; r++) {
      const row = lines[r];
      const name = rowName(row.text, lex);
      // A row of the table that holds no name ("Vacant | Sales", "TBD  Finance") is passed over; a line of another shape ends it.
      if (!name && headerCells >= 2 && cellCount(row.text) === headerCells) continue;
      if (!name) break;
      cells.push({ type: 'PERSON', start: row.start + name.start, end: row.start + name.end, score: 0.6, rule: 'person-column' });
    }
    if (cells.length) out.push({ header: { start: header.start, end: header.start + header.text.length }, cells });
  }
  return out;
}
