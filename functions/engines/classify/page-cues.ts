/**
 * Cues of round three (issue 41) for kinds that one class's words do not
 * tell apart, read from a document's non-empty lines and added by
 * features.ts as tokens the learned model weighs (none decides a class):
 *
 * - how much of the text is ordinary language: the share of tokens that are
 *   common short words of the languages we read. OCR of handwriting comes
 *   out as fragments with few of them; typed prose, even a short note, has
 *   many; a form or a card has few, but no fragments;
 * - lines broken into fragments: short lines most of whose pieces are one to
 *   three letters, as OCR reads running hand;
 * - the fields of an identity document (date of birth, expiry, sex,
 *   nationality, height and eyes, place of birth, names, document number)
 *   in the languages we read, and a machine-readable line as OCR returns it
 *   (fillers read as letters, spaces inside);
 * - the shape of correspondence: a salutation, a closing, an addressee line
 *   ("To all staff:"), which with the postal lines of structure.ts tell a
 *   letter from a memo;
 * - a news story's byline and dateline.
 *
 * @module
 */

/** Common short words of English, German, French, Spanish, Dutch and Italian: ordinary language has many, garbled OCR few. */
const COMMON = new Set(
  (
    'the and of to in is for that on with as are was be this it at by from or have an not you we your our will he she they his her ' +
    'had has were been but all can would there their if so my me do no one about which when what out up more also' +
    ' der die das und ist nicht mit den dem des ein eine einen zu von für auf sie wir ich es im bei auch sich wird aus als wie oder' +
    ' le la les et des du un une est pour dans que qui sur pas nous vous au aux ce il elle sont par avec en' +
    ' el los las y es por para con del una que se lo su al como más' +
    ' het een van en niet met voor op zijn dat er ook aan bij naar' +
    ' il di che per non gli della delle è nel alla sono'
  ).split(' '),
);

const bucket = (n: number, edges: readonly number[]) => edges.findIndex((e) => n < e) + 1 || edges.length + 1;

/** Tokens with a letter, stripped of surrounding marks, lower case. */
function letterTokens(text: string): string[] {
  return text
    .split(/\s+/)
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase())
    .filter((t) => /\p{L}/u.test(t));
}

/** The share of a text's tokens that are common words, bucketed (`#common:1` almost none … `#common:4` prose). */
export function commonWordToken(text: string): string {
  const tokens = letterTokens(text);
  if (tokens.length < 5) return '#common:none';
  const share = tokens.filter((t) => COMMON.has(t)).length / tokens.length;
  return `#common:${bucket(share, [0.06, 0.14, 0.24])}`;
}

/** A piece OCR makes of running hand: one to three letters (capitals inside, digits beside) that are no common word. */
function isPiece(token: string): boolean {
  return /^[\p{L}\p{N}]{1,3}$/u.test(token) && /\p{L}/u.test(token) && !COMMON.has(token);
}

/** The share of lines of two to nine tokens where at least half the tokens are such pieces, bucketed. */
export function brokenLinesToken(lines: readonly string[]): string {
  const candidates = lines.map((l) => letterTokens(l)).filter((t) => t.length >= 2 && t.length <= 9);
  if (!candidates.length) return '#broken-lines:0';
  const broken = candidates.filter((t) => t.filter(isPiece).length * 2 >= t.length).length;
  return `#broken-lines:${bucket(broken / lines.length, [0.15, 0.35, 0.6])}`;
}

/** The fields an identity document prints, each kind in the languages we read. */
const ID_FIELDS: readonly (readonly [string, RegExp])[] = [
  [
    'birth',
    /\b(?:dob|date\s+of\s+birth|birth\s*date|geburtsdatum|geb\.|date\s+de\s+naiss|né\(?e?\)?\s+le|fecha\s+de\s+naci|geboortedatum|data\s+di\s+nascita)/iu,
  ],
  [
    'expiry',
    /\b(?:exp(?:iry|ires|\.)?\b|date\s+of\s+expiry|gültig\s+bis|valable\s+jusqu|date\s+d.?expir|válid[oa]\s+hasta|fecha\s+de\s+caducidad|geldig\s+tot|scadenza)/iu,
  ],
  ['sex', /\b(?:sex|sexe|sexo|geschlecht|geslacht|sesso)\b/iu],
  ['nationality', /\b(?:nationality|nationalit[ée]|nacionalidad|staatsangehörigkeit|nationaliteit|cittadinanza)\b/iu],
  ['body', /\b(?:hgt|height|eyes|wgt|weight|größe|augenfarbe|taille|estatura|statura)\b/iu],
  ['birthplace', /\b(?:place\s+of\s+birth|lieu\s+de\s+naissance|lugar\s+de\s+nacimiento|geburtsort|geboorteplaats|luogo\s+di\s+nascita)/iu],
  ['names', /\b(?:surname|given\s+names?|prénoms?|apellidos|vornamen?|cognome|achternaam|voornamen)\b/iu],
  ['licence', /\b(?:restr?|endorsements?|class\s*:?\s*[a-d]\b|lic\s*#|dl\s*(?:no|#)|organ\s+donor)/iu],
  ['number', /\b(?:document\s+no|passport\s+no|n°\s+du\s+document|ausweisnummer|documentnummer|número\s+de\s+documento)/iu],
];

/** How many kinds of identity-document fields the text holds, bucketed. */
export function idFieldsToken(text: string): string {
  const n = ID_FIELDS.filter(([, re]) => re.test(text)).length;
  return `#id-fields:${n <= 1 ? n : n <= 3 ? 2 : 3}`;
}

/**
 * A machine-readable line as OCR returns it: 24–46 characters of capitals, digits and fillers once spaces are
 * gone, with fillers left (`<`) or a long digit run beside a three-letter code (fillers misread as letters).
 */
export function isMrzLike(line: string): boolean {
  const compact = line.replace(/\s+/g, '');
  if (compact.length < 24 || compact.length > 46 || !/^[A-Z0-9<«]+$/u.test(compact)) return false;
  return (
    (compact.match(/[<«]/gu) ?? []).length >= 2 || (/\d{6}/u.test(compact) && /[A-Z]{3}/u.test(compact) && (compact.match(/\d/gu) ?? []).length >= 12)
  );
}

const SALUTATION =
  /^(?:dear|hi|hello|sehr\s+geehrte|liebe[rs]?|madame|monsieur|cher|chère|estimad[oa]s?|geachte|beste|gentile|egregi[oa]|to\s+whom\s+it\s+may\s+concern)\b/iu;
const CLOSING =
  /^(?:sincerely|yours\s+(?:sincerely|faithfully|truly)|(?:best|kind|warm|warmest)\s+regards|regards|best\s+wishes|mit\s+freundlichen\s+grüßen|freundliche\s+grüße|cordialement|bien\s+à\s+vous|atentamente|saludos|met\s+vriendelijke\s+groet|distinti\s+saluti|cordiali\s+saluti)\b/iu;
/**
 * An addressee line of a notice or memo, a top line that says who it is for and ends in a colon ("To all staff:",
 * "To whom it may concern:", "An alle Mitarbeiter:") or a "To:" label; a letter greets its reader by name instead.
 */
const ADDRESSEE = /^(?:to|an|à|a|aan|para)\s*(?::|\s+\S.{0,40}:\s*$|\s+(?:all|alle|tous|todos|the)\b)/iu;

/** Salutation, closing and addressee line, each as present or not: `#corr:1:1:0`. */
export function correspondenceToken(lines: readonly string[]): string {
  const top = lines.slice(0, 12).map((l) => l.trim());
  const salutation = top.some((l) => SALUTATION.test(l));
  const closing = lines.slice(-8).some((l) => CLOSING.test(l.trim()));
  const addressee = top.some((l) => ADDRESSEE.test(l));
  return `#corr:${salutation ? 1 : 0}:${closing ? 1 : 0}:${addressee ? 1 : 0}`;
}

/** A closing a note or e-mail ends with besides a letter's ("Thanks,", "Many thanks", "Cheers"). */
const SHORT_CLOSING = /^(?:thanks|thank\s+you|many\s+thanks|cheers|best|all\s+the\s+best|danke|merci|gracias)\b[^.]{0,12}$/iu;

/**
 * How the text is signed after its closing: a first name alone (notes, memos, e-mails between colleagues), a full
 * name (letters sign with the writer's name, often a title below), or no closing at all: `#signoff:first`.
 */
export function signOffToken(lines: readonly string[]): string {
  const tail = lines.slice(-8).map((l) => l.trim());
  const at = tail.findIndex((l) => CLOSING.test(l) || SHORT_CLOSING.test(l));
  if (at < 0) return '#signoff:none';
  const name = tail.slice(at + 1).find(Boolean);
  if (!name) return '#signoff:unsigned';
  const words = name.split(/\s+/);
  if (words.length === 1 && /^\p{Lu}[\p{L}'’-]+$/u.test(name)) return '#signoff:first';
  if (words.length <= 4 && words.every((w) => /^\p{Lu}[\p{L}.'’-]*,?$/u.test(w))) return '#signoff:full';
  return '#signoff:other';
}

/** A byline ("By Ana Ruiz", "Staff Writer", a wire service) and a dateline ("LISBON (Reuters) –", "OSLO, May 3 —"). */
const BYLINE =
  /^by\s+\p{Lu}[\p{L}.'-]+(?:\s+\p{Lu}[\p{L}.'-]*){1,3}\s*(?:,|$)|\b(?:staff\s+writer|correspondent|associated\s+press|reuters|\(ap\)|\(afp\)|\(dpa\))/iu;
/** A wire service's credit in a dateline: an acronym or a short name in parentheses ("(AP)", "(Reuters)", "(Global Wire)"). */
const AGENCY_CREDIT = String.raw`\((?:\p{Lu}{2,5}|\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)\)\s*`;
const DATELINE = new RegExp(
  String.raw`^\p{Lu}{3,}(?:[ .'-]\p{Lu}{2,}){0,2}\s*(?:,\s*\p{Lu}\p{Ll}{2,}\.?\s+\d{1,2}\s*(?:${AGENCY_CREDIT})?|${AGENCY_CREDIT})[—–-]{1,2}\s*\p{Lu}`,
  'u',
);

/** The news cues of a document's top lines. */
export function newsTokens(lines: readonly string[]): string[] {
  const top = lines.slice(0, 15).map((l) => l.trim());
  const out: string[] = [];
  if (top.some((l) => BYLINE.test(l))) out.push('#byline');
  if (lines.some((l) => DATELINE.test(l.trim()))) out.push('#dateline');
  return out;
}

/** Every cue of this module for a document's text and non-empty lines. */
export function pageCueTokens(lines: readonly string[], text: string): string[] {
  const out = [commonWordToken(text), brokenLinesToken(lines), idFieldsToken(text), correspondenceToken(lines), signOffToken(lines), ...newsTokens(lines)];
  if (lines.some(isMrzLike)) out.push('#mrz-like');
  return out;
}
