/**
 * How a document is put together, read from its lines, for the learned
 * classifier (features.ts adds these as tokens the model weighs; none of them
 * decides a class on its own):
 *
 * - the title it gives itself: the first of its top lines that starts with a
 *   class's title (classes.ts `titles`, a German compound such as
 *   "Mietrechnung" included), or names the kind by a document type code of
 *   an e-invoice ("(381)" is a credit note). A credit note and an invoice of
 *   one template differ by that line only;
 * - header-label lines ("To:", "From:", "Subject:", "Betreff:") at the top:
 *   memos and e-mails open with them, letters and reports do not;
 * - postal-address lines (a street with a house number, a postcode with a
 *   town): letters carry a sender's and a recipient's, notes and memos none;
 * - résumé section headings (Experience, Education, Skills, …) on lines of
 *   their own, which a business card of a few short lines never has;
 * - shipping parties and freight terms (shipper, consignee, carrier, pieces):
 *   a bill of lading is laid out as a form, and these tell it from one;
 * - prose set in narrow columns, running on from line to line: a newspaper
 *   page's, where a report's prose runs in long lines.
 *
 * @module
 */
import { BUILT_IN_CLASSES } from './classes.ts';

/** Top lines that may hold the title: a letterhead, a viewer's preamble or an address can come first. */
const TITLE_LINES = 12;

/**
 * A title followed by one of these is a field label ("Invoice date", "Invoice to", "Order: 1120"), not a title,
 * and so is one followed by an amount: "Previous invoice $88.20" is a row of an account summary (a bill or a
 * statement lists the last invoice), not the page's name. "Invoice No. 4471" at the top of a page names the
 * document by its number: a title.
 */
const FIELD_AFTER = /^(?::|date|datum|due|total|amount|to\b|from\b|address|liée|lié|[-+]?\s?[$€£]|[-+]?\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?!\d))/u;

/**
 * Document type codes (UNTDID 1001) that e-invoice renderings print beside the title: 381 credit note,
 * 261 and 262 self-billed and consolidated credit notes, 396 factored credit note; 380 commercial, 386
 * prepayment, 387 hire, 389 self-billed, 575 insurer's and 751 accounting invoices.
 */
const TYPE_CODES: Readonly<Record<string, string>> = {
  '381': 'credit_note',
  '261': 'credit_note',
  '262': 'credit_note',
  '396': 'credit_note',
  '380': 'invoice',
  '386': 'invoice',
  '387': 'invoice',
  '389': 'invoice',
  '575': 'invoice',
  '751': 'invoice',
};
/** A code in parentheses after the title's words, not an area code ("Tel (206) 555-0100"). */
const TYPE_CODE = /^\p{L}[\p{L}\s().-]*\((\d{3})\)(?!\s*[\d-])/u;

interface TitlePattern {
  readonly label: string;
  readonly title: string;
  /** The title at a line's start, after an optional German compound head ("Miet|rechnung"). */
  readonly start: RegExp;
  /** The title anywhere in a line, as whole words. */
  readonly anywhere: RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every built-in class's titles, longest first, so "form w-2" (tax form) is tried before "form". */
const TITLES: readonly TitlePattern[] = Object.values(BUILT_IN_CLASSES)
  .flatMap((cls) =>
    cls.titles.map((title) => ({
      label: cls.label,
      title,
      // One-word titles of eight letters or more may close a compound; shorter ones ("form", "memo", "note") stand alone.
      start: new RegExp(`^${/^\p{L}{8,}$/u.test(title) ? '\\p{L}*' : ''}${escape(title)}(?![\\p{L}\\p{N}])`, 'u'),
      anywhere: new RegExp(`(?<![\\p{L}\\p{N}])${escape(title)}(?![\\p{L}\\p{N}])`, 'u'),
    })),
  )
  .sort((a, b) => b.title.length - a.title.length);

/** The class a line names as its title, if it does: starts with a title (not a field label), or is a line of four words or fewer holding one. */
function titleOfLine(raw: string): string | undefined {
  // Scans put specks and margin marks before a title ("2 A= NZ CERTIFICATION OF …"): up to three tokens of one or two characters go.
  const line = raw
    .trim()
    .toLowerCase()
    .replace(/^(?:\S{1,2}\s+){1,3}(?=\p{L}{3})/u, '')
    .replace(/^[^\p{L}\p{N}]+/u, '');
  // A sentence, a salutation or a closing ("Thank you,") is no title, nor a line of prose broken mid-word at a column's edge.
  if (!line || /[.!?,]$|\p{L}-$/u.test(line)) return undefined;
  const code = TYPE_CODE.exec(line)?.[1];
  if (code && TYPE_CODES[code]) return TYPE_CODES[code];
  const short = line.split(/\s+/).length <= 4;
  for (const t of TITLES) {
    const m = t.start.exec(line) ?? (short ? t.anywhere.exec(line) : null);
    if (m && !FIELD_AFTER.test(line.slice(m.index + m[0].length).trim())) return t.label;
  }
  return undefined;
}

/** The class the document names itself as: the first of its top lines that is a title. */
export function titleOf(lines: readonly string[]): string | undefined {
  for (const line of lines.slice(0, TITLE_LINES)) {
    const label = titleOfLine(line);
    if (label) return label;
  }
  return undefined;
}

/** Header labels in several languages, each to one name: what memos and e-mails open with. */
const HEADER_LABELS: Readonly<Record<string, string>> = {
  to: 'to',
  an: 'to',
  à: 'to',
  a: 'to',
  para: 'to',
  aan: 'to',
  from: 'from',
  von: 'from',
  de: 'from',
  van: 'from',
  subject: 'subject',
  re: 'subject',
  betreff: 'subject',
  objet: 'subject',
  asunto: 'subject',
  onderwerp: 'subject',
  date: 'date',
  datum: 'date',
  fecha: 'date',
  sent: 'sent',
  gesendet: 'sent',
  envoyé: 'sent',
  cc: 'cc',
  bcc: 'cc',
  attn: 'attn',
  attention: 'attn',
};
const HEADER_LINE = /^\s*([\p{L}]{1,10})\s?:/u;

/** The header labels among the top lines, each once ("#hdr:to", "#hdr:from", …), and how many there are. */
export function headerTokens(lines: readonly string[]): string[] {
  const found = new Set<string>();
  for (const line of lines.slice(0, TITLE_LINES)) {
    const name = HEADER_LABELS[HEADER_LINE.exec(line)?.[1]?.toLowerCase() ?? ''];
    if (name) found.add(name);
  }
  return [...[...found].sort().map((h) => `#hdr:${h}`), `#hdr-block:${Math.min(found.size, 4)}`];
}

/** A street line (a house number beside a street word) or a postcode-and-town line, in the usual European and US shapes. */
const STREET =
  /(?:^|\s)\d{1,5}[a-z]?,?\s+(?:\p{L}+\s){0,3}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|place|pl|court|ct)\b\.?|\b\p{L}*(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|weg|plein|gracht)\s+\d{1,4}|\b(?:rue|avenue|boulevard|chemin|place|calle|avenida|via|viale|piazza|plaza)\s+(?:\p{L}+\s){0,4}/iu;
const POSTCODE = /(?:^|,\s*|\s)(?:[A-Z]{2}\s+)?\d{4,5}\s+\p{Lu}\p{L}+|\p{L}+,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u;

/** Postal-address lines: how many, bucketed (letters have a sender's and a recipient's block). */
export function addressToken(lines: readonly string[]): string {
  const n = lines.filter((l) => l.length <= 80 && (STREET.test(l) || POSTCODE.test(l))).length;
  return `#postal:${n === 0 ? 0 : n === 1 ? 1 : n <= 3 ? 2 : 3}`;
}

/** Résumé section headings in several languages, on a line of their own (case and a trailing colon aside). */
const CV_SECTION =
  /^(?:(?:work|professional|relevant)\s+experience|experience|employment(?:\s+history)?|work\s+history|education|skills|(?:key\s+)?qualifications|profile|(?:professional\s+)?summary|objective|career\s+objective|languages|references|certifications?|interests|hobbies|projects|contact|awards(?:\s+and\s+\p{L}+)?|previous\s+jobs|strengths|weaknesses|berufserfahrung|ausbildung|kenntnisse|sprachen|expérience(?:s)?(?:\s+professionnelle(?:s)?)?|formation|compétences|langues|experiencia(?:\s+laboral)?|educación|formación|habilidades|idiomas|werkervaring|opleiding|vaardigheden)\s*:?$/iu;

/** How many lines are résumé section headings, bucketed. */
export function sectionToken(lines: readonly string[]): string {
  const n = lines.filter((l) => l.length <= 40 && CV_SECTION.test(l.trim())).length;
  return `#cv-sections:${n === 0 ? 0 : n === 1 ? 1 : n <= 3 ? 2 : 3}`;
}

/**
 * The parties and freight terms a shipping paper is made of (shipper, consignee, carrier, pickup and delivery,
 * freight terms, pieces, port of loading), each counted once: a form has labelled fields too, but not these.
 */
const SHIPPING_LABELS: readonly (readonly [string, RegExp])[] = [
  ['shipper', /\b(?:shipper|ship\s+from|pickup\s+from|consignor|absender|expéditeur)\b/iu],
  ['consignee', /\b(?:consignee|deliver\s+to|ship\s+to|notify\s+party|empfänger|destinataire)\b/iu],
  ['carrier', /\b(?:carrier|driver|trailer|frachtführer|transporteur)\b/iu],
  ['freight', /\b(?:freight|prepaid|collect|fracht)\b/iu],
  ['pieces', /\b(?:pieces|packages|pallets|handling\s+units|colli|packstücke|nmfc)\b/iu],
  ['port', /\bport\s+of\s+(?:loading|discharge)\b|\bvessel\b|\bb\/l\b|\bpro\s?#/iu],
];

/** How many kinds of shipping labels a document holds, bucketed. */
export function shippingToken(lines: readonly string[]): string {
  const n = SHIPPING_LABELS.filter(([, re]) => lines.some((l) => re.test(l))).length;
  return `#ship-labels:${n <= 1 ? n : n <= 3 ? 2 : 3}`;
}

/**
 * The share of lines set in a narrow column with the sentence running on to the next line (15–45 characters,
 * the next line starting in lower case): newspaper columns read this way; a report's prose runs in long lines,
 * a form's and a card's short lines do not run on.
 */
export function columnProseToken(lines: readonly string[]): string {
  let runOn = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    const len = lines[i].trim().length;
    if (len >= 15 && len <= 45 && /^\s*\p{Ll}/u.test(lines[i + 1])) runOn++;
  }
  const share = runOn / Math.max(1, lines.length);
  return `#column-prose:${share < 0.1 ? 0 : share < 0.25 ? 1 : share < 0.4 ? 2 : 3}`;
}

/** The structure tokens of a document's non-empty lines. */
export function structureTokens(lines: readonly string[]): string[] {
  return [`#title:${titleOf(lines) ?? 'none'}`, ...headerTokens(lines), addressToken(lines), sectionToken(lines), shippingToken(lines), columnProseToken(lines)];
}
