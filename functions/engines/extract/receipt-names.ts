/**
 * A scanned receipt's seller name as the ranker sees it through OCR noise: a company form that is one (not a weight
 * unit, not a word of a sentence), a letter OCR read as a glyph inside a name in capitals, and whether a head line
 * repeats the town of the address block (a chain's head line with its branch town, or a department line: the ranker
 * weighs it, fitted on both).
 *
 * @module
 */
import { COMPANY } from './parties.ts';

const COMPANY_ALL = new RegExp(COMPANY.source, 'giu');
/** Company forms that are also units, words or abbreviations of two or three letters ("kg", "ab", "ag", "co"). */
const SHORT_FORM = /^(?:ag|kg|ug|ab|oy|nv|bv|sas|spa|co\.?|pty|inc\.?|llc|llp|plc)$/iu;

/**
 * Whether a line holds a company form as a company form: every long form counts ("GmbH", "Sdn Bhd", "Enterprise");
 * a short one only printed in capitals or capitalised ("KG", "Co."), and not as a unit next to a number or a slash
 * ("1,5 kg", "EUR/KG", "2 KG"). Lower-case "kg EUR/kg" on an item line and "… ab, wir …" in a footer sentence are none.
 *
 * @example
 * companyForm('Beispiel Handel GmbH & Co. KG'); // true
 * companyForm('0,412 kg x 2,99 EUR/kg'); // false
 */
export function companyForm(text: string): boolean {
  for (const m of text.matchAll(COMPANY_ALL)) {
    const form = m[0];
    if (!SHORT_FORM.test(form)) return true;
    if (form === form.toLowerCase()) continue;
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + form.length);
    if (/[\d/]\s*$/u.test(before) || /^\s*\//u.test(after)) continue;
    return true;
  }
  return false;
}

/** A company form closes the name: nothing but punctuation or a bracketed registration number follows it. */
export function endsWithCompanyForm(name: string): boolean {
  const trimmed = name.replace(/[\s.,;:]*(?:[(\[]\s*[\dA-Z-]{4,}\s*[)\]]?)?[\s.,;:]*$/u, '');
  const last = [...trimmed.matchAll(COMPANY_ALL)].pop();
  return Boolean(last && last.index + last[0].length === trimmed.length && companyForm(trimmed.slice(last.index)));
}

/**
 * A name in capitals with a letter OCR read as "@" or a zero ("R@SSMANN", "K0RNHAUS"): the glyph between two letters
 * of a word of four or more characters is the O it looks like. Mail addresses (a dot after the "@") and codes with
 * other digits are left as read.
 *
 * @example
 * withLetterGlyphs('R@SSMANN'); // 'ROSSMANN'
 * withLetterGlyphs('info@beispiel.de'); // 'info@beispiel.de'
 */
export function withLetterGlyphs(name: string): string {
  return name.replace(/[^\s]+/gu, (token) => {
    if (token.length < 4 || /@.*\./u.test(token) || /[1-9]/u.test(token)) return token;
    const letters = token.replace(/[^\p{L}]/gu, '');
    if (letters.length < 3 || letters !== letters.toUpperCase()) return token;
    return token.replace(/(?<=\p{Lu})[@0](?=\p{Lu})/gu, 'O');
  });
}

/** Lines with a five-digit (or four-digit and town) postcode: the words after it are the town. */
const POSTCODE_TOWN = /(?<![\d.,-])\d{4,5}(?![\d.,-])\s+(\p{L}[\p{L}-]{3,})/gu;

/**
 * The towns the page's address lines name (upper case): a head line may repeat one ("Lindenkauf Musterstadt", a
 * chain and its branch; "Elektro-Fachmarkt Musterstadt", a department line).
 */
export function townsOf(texts: readonly string[]): Set<string> {
  const towns = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(POSTCODE_TOWN)) towns.add(m[1].toUpperCase());
  return towns;
}

/** Whether a name candidate (not itself the postcode line) names one of the page's towns. */
export function namesTown(value: string, towns: ReadonlySet<string>): boolean {
  if (new RegExp(POSTCODE_TOWN.source, 'u').test(value)) return false;
  return value.split(/[^\p{L}-]+/u).some((w) => w.length >= 4 && towns.has(w.toUpperCase()));
}
