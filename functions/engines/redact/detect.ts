/**
 * PII detection over a text: the built-in recognizers and the caller's
 * custom types, scored, thresholded and made non-overlapping.
 *
 * @module
 */
import { detectionView } from './detection-view.ts';
import { lineEndAt, lineStartAt, textPieces, type TextPiece } from './text-pieces.ts';
import { PREFIXED_NAME } from './code-context.ts';
import { customRecognizer } from './custom-types.ts';
import { personResources, type PersonResources } from './name-lexicon.ts';
import { candidateRuns, contextBefore, findPersons, isTitle, kindOf, ORGANISATION_WORDS, otherMentions, STREET_AFTER } from './names.ts';
import { readPersons, type PersonTaggerModel, type TaggedSpan } from './person-tagger.ts';
import { modelPersons, modelVetoes, withProductEvidence } from './person-model.ts';
import { addressees, invertedGivenNames, lineListPartners, listPartners, pronounSubjects } from './person-partners.ts';
import { personColumns } from './person-columns.ts';
import { mailHeaderNames } from './mail-header-names.ts';
import { LABELLED_VALUES_RECOGNIZER } from './label-values.ts';
import { STRUCTURED_FIELDS_RECOGNIZER } from './structured-fields.ts';
import { numbersAcrossLines } from './numbers-across-lines.ts';
import { MICR_RECOGNIZER } from './micr-line.ts';
import { MRZ_RECOGNIZER } from './mrz-recognizer.ts';
import { upperCaseCounterparties } from './person-upper-case.ts';
import { birthNames, continuedOverParticles, particleSurnames } from './person-particles.ts';
import { foreignProseAround } from './prose-language.ts';
import { roleBefore, roleOpening } from './role-cues.ts';
import { ADDRESS_RECOGNIZER, addressPlaces, addressStreets, BUILT_IN_RECOGNIZERS, PHONE_RECOGNIZER, SCORE_THRESHOLD, type Candidate, type Recognizer } from './recognizers.ts';

/** The built-in types: name → what it covers (docs/api.md lists the same). */
export const BUILT_IN_TYPES: Readonly<Record<string, string>> = {
  PERSON: 'person names (lexicon of given and family names, honorifics, labels such as "Name:", a tagger)',
  EMAIL_ADDRESS: 'email addresses',
  PHONE_NUMBER: 'phone numbers, national and international formats (libphonenumber)',
  US_SSN: 'US Social Security numbers (SSA issuing rules; undelimited ones need context)',
  CREDIT_CARD: 'payment card numbers (13–19 digits, Luhn)',
  IBAN_CODE: 'IBANs (country format and mod-97)',
  ABA_ROUTING_NUMBER: 'US bank routing numbers (checksum; needs context unless dashed)',
  US_BANK_NUMBER: 'bank account numbers (8–17 digits next to "account", "acct", …)',
  DATE_OF_BIRTH: 'dates next to birth context ("DOB", "born", "date of birth", …)',
  STREET_ADDRESS: 'street addresses (US, European street-name and number-first forms, PO boxes)',
  PASSPORT_NUMBER: 'passport numbers (next to "passport", "travel document", …)',
  DRIVER_LICENSE: 'driver licence numbers (next to "driver", "license", "DL", …)',
  IP_ADDRESS: 'IPv4 and IPv6 addresses',
  TAX_ID: 'tax ids: US EIN and ITIN, EU VAT numbers',
  MEDICAL_RECORD_NUMBER: 'medical record numbers (next to "MRN", "medical record", "patient id", …)',
  UK_NHS: 'UK NHS numbers (mod-11)',
  UK_NINO: 'UK National Insurance numbers (HMRC prefix rules; other two-letter prefixes next to "National Insurance")',
  NATIONAL_ID:
    'national identity, tax and social-security numbers of people (codice fiscale, NIR, AHV, DNI/NIE, German social-security and tax ids, BSN, NIF, SIN, Aadhaar…; check digits, plain runs next to their label)',
  INSURANCE_NUMBER:
    'health-insurance, member and policy numbers (next to "member ID", "policy number", "Versichertennummer", "Medicare Number", …; a Medicare MBI near "Medicare")',
  VEHICLE_ID: 'vehicle identification numbers (check digit, or next to "VIN", "Fahrgestellnummer", …) and licence plates next to their label',
  ONLINE_PROFILE: "links to one person's page on a social or developer network (linkedin.com/in/…, github.com/<user>, x.com/<user>, …)",
  CARD_SECURITY_CODE: 'a payment card\'s security code after its label ("CVV", "CVC", "security code", "Kartenprüfnummer", …)',
  MAC_ADDRESS: 'hardware (MAC) addresses of devices: six hex pairs ("3c:22:fb:91:0a:7e", "3C-22-FB-91-0A-7E") or three dotted quads ("3c22.fb91.0a7e")',
  USERNAME: 'login names after their label ("Username:", "User ID:", "Benutzername", …) or in "logged in as …"',
  PERSON_ID: 'a person\'s number at an employer, school or library after its label ("Employee ID", "Student no.", "Personalnummer", "Matrikelnummer", "n° étudiant", …)',
  PASSWORD: 'passwords, passcodes and PINs after their label ("Temporary password:", "PIN:", "Wi-Fi password:", "Kennwort", …)',
};

export interface PiiType {
  readonly name: string;
  readonly description: string;
  readonly hasSyntheticReplacement: boolean;
}

export interface DetectionConfig {
  /** `extend`: built-ins plus `types`; `replace`: only `types`. */
  readonly mode: 'extend' | 'replace';
  readonly types: readonly PiiType[];
}

export interface PiiSpan {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly value: string;
  readonly score: number;
}

/** The pattern recognizers, the machine-readable zone of identity documents and a cheque's MICR line (their lines carry the types they hold). */
const PATTERN_BUILT_INS: readonly Recognizer[] = [...BUILT_IN_RECOGNIZERS, ADDRESS_RECOGNIZER, PHONE_RECOGNIZER, MRZ_RECOGNIZER, MICR_RECOGNIZER];
/** Person names: the rules (names.ts), the learned model's second opinion on runs the rules left below the threshold, and the sequence tagger's names neither accepted. */
const personRecognizer = (persons: PersonResources): Recognizer => ({ type: 'PERSON', find: (text) => personCandidates(text, persons) });

/** Person candidates in `text`; without `persons.sequence` (while the tagger is trained) the rules and the person model only. */
export function personCandidates(text: string, persons: PersonResources): Candidate[] {
  const runs = candidateRuns(text, persons.lexicon);
  // Firms named after people, and the town lines of an address ("12 Elm Road⏎Porto Alegre"), are no person.
  // So are the words of an accepted street line, named after a person or not ("Rua Orvela Maltrin 1213").
  const notPersons = [...firmLists(text), ...addressPlaces(text), ...addressStreets(text)];
  // The rules' one-word names have the page's product evidence weighed in as the tagger's do (the model's own candidates weighed it already).
  // What the document vouches for (a title, a role, an initial before a surname) no model vetoes, as vetoable() says for the tagger.
  const byRules = findPersons(text, persons);
  const vouched = byRules.filter((c) => c.type === 'PERSON' && vouchedFor(text, c, wordKinds(text, c, persons.lexicon), persons.lexicon));
  const ruledByRules = [...modelVetoes(text, runs, persons.lexicon, byRules.filter((c) => !vouched.includes(c))), ...vouched].map((c) =>
    withProductEvidence(text, runs, persons.lexicon, c),
  );
  const ruled = [...ruledByRules, ...modelPersons(text, runs, persons.lexicon, SCORE_THRESHOLD)].map((c) => withoutRole(text, c));
  const reading = persons.sequence ? readPersons(text, persons.lexicon, persons.sequence) : undefined;
  // A one-word name only the tagger found has the page's product evidence weighed in (person-model.ts withProductEvidence:
  // a list of languages, the word used as a modifier or glued into identifiers). Longer names stand on the tagger's word.
  const tagged =
    reading && persons.sequence
      ? taggerPersons(text, persons.lexicon, persons.sequence, reading.spans, ruled).map((c) => withProductEvidence(text, runs, persons.lexicon, c))
      : [];
  // The tagger's veto: a run the rules accepted that it all but rules out ("Zoolander is a 2017 film").
  const kept = reading && persons.sequence ? ruled.filter((c) => !vetoable(text, c, persons.lexicon) || (reading.inName(c.start, c.end) ?? 1) >= persons.sequence!.vetoBelow) : ruled;
  const read = [...kept, ...tagged].flatMap((c) => withoutForeignNouns(text, c, persons.lexicon)).flatMap((c) => {
    const trimmed = trimPersonSpan(text, c);
    return trimmed && !notPersons.some((f) => f.start <= trimmed.start && trimmed.end <= f.end) ? [trimmed] : [];
  });
  // A table's column headed by a word for people: its cells are names; its header line is none, and a run read across a cell's edge gives way to the cell.
  const tables = personColumns(text, persons.lexicon);
  // The header outweighs a street's shape ("Casdor Prasek Finance 20002" reads as a street and a ZIP code): cells are kept whatever notPersons says.
  // An e-mail address header's display names are people the same way ("Cc: Pellagrue, Oswin (Legal) <…>").
  const cells = [...tables.flatMap((t) => t.cells), ...mailHeaderNames(text, persons.lexicon)];
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
  const crossesCell = (c: Candidate) => cells.some((cell) => overlaps(c, cell) && (c.start < cell.start || c.end > cell.end));
  const found = [...read.filter((c) => !crossesCell(c) && !tables.some((t) => overlaps(c, t.header))), ...cells];
  // The company a name keeps: the rest of its list ("Brisk and Hartwell were …", a guest list a name a line), whom its speaker addresses ("said Mildred to Austin"), and a subject the next sentence calls "him" or "her".
  const accepted = found.filter((c) => c.score >= SCORE_THRESHOLD);
  const partners = [
    ...listPartners(text, accepted, persons.lexicon),
    ...lineListPartners(text, accepted, persons.lexicon),
    ...addressees(text, accepted, persons.lexicon),
    ...pronounSubjects(text, accepted, persons.lexicon),
    ...invertedGivenNames(text, accepted, persons.lexicon),
  ].filter((p) => !accepted.some((a) => overlaps(p, a)) && !notPersons.some((f) => overlaps(p, f)) && !tables.some((t) => overlaps(p, t.header)));
  // Family names opened by a particle: continuing an accepted name ("Brisk de Kwaalstra") or alone ("van Doorn").
  // A birth family name after its cue ("… geb. Brandauer", "…, née Fontanel") is the same person's.
  const particles = [
    ...continuedOverParticles(text, accepted),
    ...particleSurnames(text, persons.lexicon),
    ...birthNames(text, accepted, persons.lexicon),
  ].filter((p) => !notPersons.some((f) => f.start < p.end && p.start < f.end));
  // Names in capitals where a statement prints a transfer's counterparty ("payment to MARISOL QUINTERO").
  return [...found, ...partners, ...particles, ...upperCaseCounterparties(text, persons.lexicon)];
}

/** A candidate without the job title it opens with ("Geschäftsführer Greta Vollmerhaus" → "Greta Vollmerhaus"). */
function withoutRole(text: string, c: Candidate): Candidate {
  // A run may start inside an upper-case title ("CEO Ann …" read as the initial "O" and a name): the title is read from its own start.
  let from = c.start;
  while (from > 0 && /\p{L}/u.test(text.charAt(from - 1))) from--;
  const cut = from + roleOpening(text.slice(from, c.end));
  return cut > c.start && cut < c.end ? { ...c, start: cut } : c;
}

/**
 * Whether the tagger may veto a candidate: not a full name — two or more
 * name words, one of them a listed name no dictionary holds ("Greta
 * Vollmerhaus" after a German job title stays, whatever the tagger reads).
 */
export function vetoable(text: string, c: Candidate, lex: PersonResources['lexicon']): boolean {
  const kinds = wordKinds(text, c, lex);
  const nameWords = kinds.filter((k) => k === 'strong' || k === 'weak' || k === 'unknown').length;
  return !(nameWords >= 2 && kinds.includes('strong')) && !vouchedFor(text, c, kinds, lex);
}

const wordKinds = (text: string, c: Candidate, lex: PersonResources['lexicon']) => (text.slice(c.start, c.end).match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []).map((w) => kindOf(w, lex));

/** A name label a run stands after ("Name:", "Nom :", "Attn"): the document itself says a person follows. */
const NAME_LABEL = /(?:^|[^\p{L}])(?:name|full name|nom|nombre|vorname|nachname|naam|nome|cognome|attn)[ \t]*:?[ \t]*\n?[ \t]*$/iu;

/**
 * Whether the document vouches for a run being a person whatever the word
 * lists say: a job title or role right before it ("Geschäftsführer Greta
 * Vollmerhaus", "CEO …", "Contact:⏎…"), a title ("Teacher: Ms. Brandvik"), or the shape of an initial and a
 * surname ("K Wendelborn").
 */
function vouchedFor(text: string, c: Candidate, kinds: readonly string[], lex: PersonResources['lexicon']): boolean {
  if (roleBefore(text, c.start) || contextBefore(text, c.start, lex).honorific) return true;
  return kinds.length === 2 && kinds[0] === 'initial' && (kinds[1] === 'unknown' || kinds[1] === 'strong' || kinds[1] === 'weak') && /^\p{Lu}\.?[ \t]+\p{Lu}\p{Ll}/u.test(text.slice(c.start, c.end));
}

/**
 * A capitalised noun of a non-English document, not a person: a run in
 * German, French, Spanish, Italian, Dutch or Portuguese prose (prose-language.ts)
 * in which fewer than half of the name words are in a name list
 * ("Beschreibung", "Lieferant", "Gratuité", "Warenwert Zu") and nothing that vouches for a person (a role, a name label,
 * a title, an initial before a surname). In English prose such an unknown word stays
 * evidence of a name.
 */
function foreignNoun(text: string, c: Candidate, lex: PersonResources['lexicon']): boolean {
  const labelled = NAME_LABEL.test(text.slice(Math.max(0, c.start - 30), c.start));
  // A lower-case run ("su hijo": a listed given name, then a word no English dictionary holds) is that language's words.
  if (/^\p{Ll}/u.test(text.charAt(c.start)) && !labelled) return foreignProseAround(text, c.start, c.end);
  const kinds = wordKinds(text, c, lex);
  const listed = kinds.filter((k) => k === 'strong' || k === 'weak').length;
  // A listed surname among label nouns ("Lieferant Kunde Steuersatz") does not make the run a name: most of its words must be listed.
  if (2 * listed >= kinds.filter((k) => k === 'strong' || k === 'weak' || k === 'unknown').length) return false;
  if (vouchedFor(text, c, kinds, lex) || labelled) return false;
  return foreignProseAround(text, c.start, c.end);
}

/**
 * A candidate, or none when it is a capitalised noun of a non-English
 * document; a run that opens with a listed given name keeps that name and
 * the word after it ("Markus Oestreicher" of "Markus Oestreicher
 * Kreissparkasse Gelnhausen", a bank-details line).
 */
function withoutForeignNouns(text: string, c: Candidate, lex: PersonResources['lexicon']): Candidate[] {
  if (!foreignNoun(text, c, lex)) return [c];
  const words = [...text.slice(c.start, c.end).matchAll(/\p{L}[\p{L}\p{M}'’-]*/gu)];
  const first = words[0];
  if (!first || !/^\p{Lu}/u.test(first[0]) || !lex.given.has(first[0].toLowerCase()) || kindOf(first[0], lex) !== 'strong') return [];
  if (wholeLineName(text, c, words, lex)) return [c];
  const last = words[1] && /^[ \t]+$/u.test(text.slice(c.start + first.index! + first[0].length, c.start + words[1].index!)) ? words[1] : first;
  return [{ ...c, end: c.start + last.index! + last[0].length }];
}

/**
 * A listed given name and two capitalised words that are the whole of their line (perhaps after a title): a letter's
 * address block or signature names a person with both family names, as Spanish and Portuguese do ("Álvaro Quirós
 * Bengoechea"), and keeping two words of three left the second family name readable. No place or organisation word.
 */
function wholeLineName(text: string, c: Candidate, words: readonly RegExpMatchArray[], lex: PersonResources['lexicon']): boolean {
  if (words.length !== 3 || !words.every((w) => /^\p{Lu}\p{Ll}/u.test(w[0]))) return false;
  if (words.some((w) => kindOf(w[0], lex) === 'place' || ORGANISATION_WORDS.has(w[0].toLowerCase()))) return false;
  const lineStart = lineStartAt(text, c.start);
  const lineEnd = lineEndAt(text, c.end);
  const before = text.slice(lineStart, c.start).trim().replace(/\.$/u, '');
  return text.slice(c.end, lineEnd).trim() === '' && (before === '' || isTitle(before, lex) || /^(?:D|Dña|Dª)$/u.test(before));
}

/**
 * Whether a word may stand in a name only the tagger found: a name, an
 * unknown word, an initial or a particle — never a place ("France"), a
 * demonym, an ordinary word, two ordinary words run together; in lower case only a listed name no English
 * dictionary holds ("roberto", not "said", nor a French "dans").
 */
function taggableWord(word: string, lex: PersonResources['lexicon']): boolean {
  const w = word.toLowerCase().replace(/[’']s$/u, '');
  const kind = kindOf(word, lex);
  if (!['strong', 'weak', 'unknown', 'initial', 'particle'].includes(kind) || lex.places.has(w)) return false;
  if (kind === 'unknown' && compoundOfWords(w, lex)) return false;
  // An identifier with inner capitals ("QuillTags", "BaseReaderFactory") is code; a name's inner capital follows a prefix (McAdam, DeShawn, LaToya).
  if (/\p{Ll}\p{Lu}/u.test(word) && !PREFIXED_NAME.test(word)) return false;
  return /^\p{Lu}/u.test(word) || kind === 'strong';
}

/** A word made of two common English words of 3+ letters ("Homebrew", "Lawdragon"): a product's or a firm's coinage, not a name. */
function compoundOfWords(w: string, lex: PersonResources['lexicon']): boolean {
  for (let i = 3; i <= w.length - 3; i++) if (lex.vocabulary.has(w.slice(0, i)) && lex.vocabulary.has(w.slice(i))) return true;
  return false;
}

/**
 * The tagger's names that no accepted candidate overlaps, at or above its
 * threshold (chosen out of fold by the trainer), scored between the
 * acceptance threshold and 0.7 by confidence. A street named after a person
 * ("Victor Hugo 49") stays the address recognizer's.
 */
function taggerPersons(text: string, lex: PersonResources['lexicon'], model: PersonTaggerModel, spans: readonly TaggedSpan[], ruled: readonly Candidate[]): Candidate[] {
  const accepted = ruled.filter((c) => c.score >= SCORE_THRESHOLD);
  return spans
    .filter((s) => s.confidence >= model.threshold && !accepted.some((a) => s.start < a.end && a.start < s.end) && !STREET_AFTER.test(text.slice(s.end, s.end + 24)))
    // Only words that can be names: a country, a title or an ordinary word alone is no person, whatever its neighbours.
    .filter((s) => (text.slice(s.start, s.end).match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []).every((w) => taggableWord(w, lex)))
    .map((s) => ({ type: 'PERSON', start: s.start, end: s.end, score: SCORE_THRESHOLD + (0.2 * (s.confidence - model.threshold)) / Math.max(1e-9, 1 - model.threshold), rule: 'name-tagger' }));
}

/** Three bare surnames in a list ("Hale, Ortiz and Brandt"), the shape of a firm's name. */
const SURNAME_TRIPLE = /(?<![\p{L}\p{N}])\p{L}[\p{Ll}\p{M}'’-]+, \p{L}[\p{Ll}\p{M}'’-]+,? (?:and|&) \p{L}[\p{Ll}\p{M}'’-]+(?![\p{L}\p{N}])/gu;
/**
 * Lists of three bare surnames that name a firm, not three people: on a
 * line of their own (a letterhead, a signature's company line), after "at"
 * or "the" ("a year at Hale, Ortiz and Brandt", "The Hale, Ortiz and Brandt
 * Orchestra"), or followed by a capitalised word (the rest of the firm's
 * name). After other words ("signed by", "founders:", "with") they stay people.
 */
export function firmLists(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of text.matchAll(SURNAME_TRIPLE)) {
    const start = m.index!;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 20), start);
    const after = text.slice(end, end + 20);
    const ownLine = /(?:^|\n)[ \t>]*$/u.test(before) && /^[ \t]*(?:\n|$)/u.test(after);
    if (ownLine || /(?:^|[^\p{L}])(?:at|the)[ \t]+$/iu.test(before) || /^[ \t]+\p{Lu}/u.test(after)) out.push({ start, end });
  }
  return out;
}

/** Words that open an address unit, never part of a name before it ("Mrs. Ada Brill Apt. 6"). */
const UNIT_WORD = /[ \t\n]+(?:Apt|Apartment|Suite|Ste|Unit|Flat)\.?$/u;
/**
 * A person span holds the name only: not a contraction before it ("I'm"),
 * not a possessive ending ("Asya's", "the Brills'"), not the punctuation or
 * a unit word after it. A name inside an identifier (client_ip, a path) is
 * none. Returns undefined when nothing is left.
 */
export function trimPersonSpan(text: string, c: Candidate): Candidate | undefined {
  let { start, end } = c;
  if (/[_@/\\]/u.test(text.charAt(start - 1)) || /[_@/\\]/u.test(text.charAt(end))) return undefined;
  if (/^(?:I|i)['’]m$/u.test(text.slice(start, end))) return undefined;
  const lead = /^(?:I|i)['’]m[ \t]+/u.exec(text.slice(start, end));
  if (lead) start += lead[0].length;
  for (let changed = true; changed && end > start; ) {
    const value = text.slice(start, end);
    const cut =
      /['’]s$/u.exec(value)?.[0].length ??
      /(?<=\p{L})['’]$/u.exec(value)?.[0].length ??
      // A table's cell edge the tagger read into the name ("Lucía |"), and the spaces before it.
      /[!?,;:|\s]+$/u.exec(value)?.[0].length ??
      // A full stop ends a sentence, except after an initial ("Karin M.").
      (/(?<=\p{L}{2,})\.$/u.test(value) ? 1 : undefined) ??
      UNIT_WORD.exec(value)?.[0].length;
    changed = cut !== undefined;
    if (cut) end -= cut;
  }
  if (!/\p{L}/u.test(text.slice(start, end))) return undefined;
  return start === c.start && end === c.end ? c : { ...c, start, end };
}
/**
 * The built-in recognizers, the values forms' labels name (label-values.ts: a second reading that survives misread
 * characters) and the personal fields of JSON and XML records (structured-fields.ts).
 */
const builtIns = (persons: PersonResources): Recognizer[] => [...PATTERN_BUILT_INS, personRecognizer(persons), LABELLED_VALUES_RECOGNIZER, STRUCTURED_FIELDS_RECOGNIZER];

/** Whether a detection needs the person-name resources (the built-ins include PERSON, or a supplied type is named so). */
const needsPersons = (config: DetectionConfig) => config.mode === 'extend' || config.types.some((t) => t.name === 'PERSON');

/** The effective type list: name → whether de-identification substitutes synthetic text. */
export function effectiveTypes(config: DetectionConfig): Map<string, PiiType> {
  const types = new Map<string, PiiType>();
  if (config.mode === 'extend') {
    for (const [name, description] of Object.entries(BUILT_IN_TYPES)) types.set(name, { name, description, hasSyntheticReplacement: true });
  }
  // Deduplicated by name: a supplied type overrides a built-in one's settings (its recognizer is added to the built-in one).
  for (const t of config.types) types.set(t.name, t);
  return types;
}

/** Which built-in types are turned on: all of them (`extend`), or those a `replace` config names. */
export function enabledBuiltIns(config: DetectionConfig): Set<string> {
  if (config.mode === 'extend') return new Set(Object.keys(BUILT_IN_TYPES));
  return new Set(config.types.map((t) => t.name).filter((name) => name in BUILT_IN_TYPES));
}

export interface DetectOptions {
  /**
   * Built-in types another detector (a hosted one) answers for: their
   * built-in recognizers do not run here. Custom recognizers of the same
   * name still do (the caller's description adds to the type).
   */
  readonly skipBuiltIns?: ReadonlySet<string>;
}

function recognizersFor(config: DetectionConfig, persons: PersonResources | undefined, skip: ReadonlySet<string> = new Set()): Recognizer[] {
  const allBuiltIn = (persons ? builtIns(persons) : PATTERN_BUILT_INS).filter((r) => !skip.has(r.type));
  const recognizers: Recognizer[] = [];
  if (config.mode === 'extend') recognizers.push(...allBuiltIn);
  for (const t of config.types) {
    const builtIn = allBuiltIn.find((r) => r.type === t.name);
    // A built-in name in replace mode keeps its own recognizer; the description adds to it.
    if (config.mode === 'replace' && builtIn) recognizers.push(builtIn);
    recognizers.push(customRecognizer({ name: t.name, description: t.description }));
  }
  return recognizers;
}

/**
 * Keeps the best candidates that do not overlap: higher score first, then
 * the longer span (a full address beats the number inside it).
 */
export function resolveOverlaps(text: string, candidates: readonly Candidate[]): Candidate[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Candidate[] = [];
  const outvoted: Candidate[] = [];
  for (const c of sorted) {
    if (kept.some((k) => c.start < k.end && k.start < c.end)) outvoted.push(c);
    else kept.push(c);
  }
  // A label's value outvoted where it overlaps keeps the rest of its cell ("Last name⏎Ada J   Quell-Brisk" beside a surer
  // "Ada"): the label says the whole cell is the value, and a mask dropped there would leave it readable.
  for (const c of outvoted) if (c.rule.startsWith('labelled-value')) kept.push(...uncovered(text, c, kept));
  return kept.sort((a, b) => a.start - b.start);
}

/** A title left of a name a surer span took ("Account holder: Mr ⟨Ada Quell⟩"): nobody's name on its own. */
const TITLE_ALONE = /^(?:mr|mrs|ms|miss|mx|dr|prof|herr|frau|m|mme|mlle|sr|sra|srta|sig|sig\.ra|dhr|mevr)\.?$/iu;

/**
 * Letters after a name's comma that are a degree or a licence ("Dr. Ada Quell, MD", "…, CPA", "…, PhD, RN"): nobody's
 * name. Not "DO", "MA" or "MS": those are surnames too ("Tran, Do").
 */
const CREDENTIALS = /^(?:(?:md|dds|dmd|dvm|rn|lpn|np|pa-c|phd|psyd|edd|jd|llm|esq|cpa|mba|bsc|msc|lcsw|mph|facs|frcs|mrcp)\.?(?:[ ,]+|$))+$/iu;

/** The pieces of `c` outside every span of `kept` that hold two letters or digits, trimmed to its words. */
function uncovered(text: string, c: Candidate, kept: readonly Candidate[]): Candidate[] {
  const cover = kept.filter((k) => c.start < k.end && k.start < c.end).sort((a, b) => a.start - b.start);
  const pieces: Candidate[] = [];
  let at = c.start;
  for (const k of [...cover, { start: c.end, end: c.end }]) {
    if (k.start > at) pieces.push({ ...c, start: at, end: k.start });
    at = Math.max(at, k.end);
  }
  return pieces.flatMap((p) => {
    const value = text.slice(p.start, p.end);
    const lead = value.search(/[\p{L}\p{N}]/u);
    const trail = value.length - (value.match(/[^\p{L}\p{N}]*$/u)?.[0].length ?? 0);
    const piece = { ...p, start: p.start + lead, end: p.start + trail };
    const word = text.slice(piece.start, piece.end);
    return lead >= 0 && (value.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2 && !TITLE_ALONE.test(word) && !CREDENTIALS.test(word) ? onWholeTokens(text, piece) : [];
  });
}

/** Whether a candidate can be a span: scored high enough, not empty, and never across a blank line (a page or block break). */
function acceptable(text: string, c: Candidate): boolean {
  return c.score >= SCORE_THRESHOLD && c.end > c.start && !text.slice(c.start, c.end).includes('\n\n');
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/**
 * A candidate on whole tokens: a mask never starts or ends inside a word.
 * A name read out of a longer word ("Tags" of a CamelCase identifier, "Mac"
 * of "OcrMac") is part of an identifier, not a person: dropped. Any other
 * type grows to the whole token ("IBANGB82…" is masked whole): masking a few
 * letters more never leaks, a partial mask might.
 */
export function onWholeTokens(text: string, c: Candidate): Candidate[] {
  const glued = (at: number) => at > 0 && at < text.length && WORD_CHAR.test(text.charAt(at - 1)) && WORD_CHAR.test(text.charAt(at));
  if (!glued(c.start) && !glued(c.end)) return [c];
  if (c.type === 'PERSON') return [];
  let { start, end } = c;
  while (glued(start)) start--;
  while (glued(end)) end++;
  return [{ ...c, start, end }];
}

/**
 * A person span with the rest of its hyphened word ("St. John-⟨Mwangi⟩" → "John-Mwangi"): one part of a
 * double-barrelled name masked would leave the other readable. Not into a neighbouring span.
 */
function withHyphenedParts(text: string, c: Candidate, previous: Candidate | undefined, next: Candidate | undefined): Candidate {
  if (c.type !== 'PERSON') return c;
  const before = /\p{Lu}[\p{L}\p{M}'’]*-$/u.exec(text.slice(Math.max(previous?.end ?? 0, c.start - 40), c.start));
  const after = /^-\p{Lu}[\p{L}\p{M}'’]*/u.exec(text.slice(c.end, Math.min(next?.start ?? text.length, c.end + 40)));
  return before || after ? { ...c, start: c.start - (before?.[0].length ?? 0), end: c.end + (after?.[0].length ?? 0) } : c;
}

/** Initials written right before a name ("J. R. Tallworth", "J. Tallworth", the French "J.-B. Lemercier"): up to three capitals with full stops. */
const INITIALS_BEFORE = /(?<![\p{L}\p{N}.-])(?:\p{Lu}\.(?:-|[ \t])?){1,3}[ \t]*$/u;

/** A person span with the initials before it, when nothing before them (`previous`) holds them already: they name the person too. */
function withInitials(text: string, c: Candidate, previous: Candidate | undefined): Candidate {
  if (c.type !== 'PERSON') return c;
  const from = Math.max(previous?.end ?? 0, c.start - 12);
  const initials = INITIALS_BEFORE.exec(text.slice(from, c.start));
  return initials ? { ...c, start: from + initials.index } : c;
}

/** A span's last word, a lone initial ("DR. H"), then its full stop and a surname: in capitals, or any capitalised word after a title and an initial. */
const ENDS_IN_INITIAL = /(?:^|[\s.])\p{Lu}$/u;
/** A span of a word and an initial ("Dr. H"): the word is looked up as a title in the name lexicon (names.ts isTitle). */
const WORD_AND_INITIAL = /^(\p{L}+)\.?[ \t]+\p{Lu}$/u;
const SURNAME_IN_CAPITALS = /^\.[ \t]*\p{Lu}[\p{Lu}'’]+(?:-\p{Lu}[\p{Lu}'’]+)?(?![\p{L}\p{N}])/u;
/** The word that ends just before a span, with its full stop and spaces ("… Dr " before "lise"): a title when the lexicon says so. */
const WORD_BEFORE = /(?:^|[^\p{L}])(\p{L}+)\.?[ \t]+$/u;
const SURNAMES_AFTER = /^(?:[ \t]+\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)?){1,2}(?![\p{L}\p{N}])/u;
const SURNAME_CAPITALISED = /^\.[ \t]*\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)?(?![\p{L}\p{N}])/u;
/** A span of initials only ("J.A", "K"), and the surname after its last full stop, perhaps opened by particles ("J.A. van Oosterwijk-Brand"). */
const INITIALS_ONLY = /^(?:\p{Lu}\.[ \t]?){0,3}\p{Lu}$/u;
const SURNAME_AFTER_INITIALS = /^\.[ \t]*(?:(?:van|von|de|der|den|ter|ten|du|da|di|del|della|le|la|zu|zum)[ \t]+){0,3}\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)?(?![\p{L}\p{N}])/u;

/**
 * A person span that stops at an initial with the surname after it ("DR. H. QUISTORP" masked as "DR. H": the
 * name rules read no word in capitals): the initial alone names nobody, so the span takes the surname. Not into
 * the next span.
 */
function withSurnameAfterInitial(text: string, c: Candidate, next: Candidate | undefined, lex: PersonResources['lexicon'] | undefined): Candidate {
  if (c.type !== 'PERSON') return c;
  const span = text.slice(c.start, c.end);
  // Titles are the lexicon's (without it, as when no person type is asked for, no word is one).
  const titled = (word: string | undefined) => word !== undefined && lex !== undefined && isTitle(word, lex);
  // A name after a title that starts in lower case is a capital OCR misread ("Dr lise Marchetti-Boone" for "Ilse"): the
  // name rules, reading capitalised words, cut it there; the surname after it on the line is the same person's.
  if (/^\p{Ll}/u.test(span) && titled(WORD_BEFORE.exec(text.slice(Math.max(0, c.start - 8), c.start))?.[1])) {
    const rest = SURNAMES_AFTER.exec(text.slice(c.end, Math.min(next?.start ?? text.length, c.end + 60)));
    if (rest) return { ...c, end: c.end + rest[0].length };
  }
  if (!ENDS_IN_INITIAL.test(span)) return c;
  const after = text.slice(c.end, Math.min(next?.start ?? text.length, c.end + 40));
  const surname =
    SURNAME_IN_CAPITALS.exec(after) ??
    (titled(WORD_AND_INITIAL.exec(span)?.[1]) ? SURNAME_CAPITALISED.exec(after) : null) ??
    (INITIALS_ONLY.test(span) ? SURNAME_AFTER_INITIALS.exec(after) : null);
  return surname ? { ...c, end: c.end + surname[0].length } : c;
}

/** A form label's line start: the line's start, perhaps after another label word and a comma ("Name, Vorname: …"). */
const LABEL_LINE_START = /(?:^|\n)[ \t]*(?:\p{L}[\p{L}.]*,[ \t]*)?$/u;

/**
 * Whether a one-word name is the label of the name after it ("Vater: Tobias …", "Vorname: Jonas", "Paziente: Rossi
 * Maria"): at a line's start, a colon, then a name that fills the rest of the line or its cell. A certificate's or a
 * form's label word that is also a surname ("Vater") or reads as one was masked and the form's labels lost. A chat's
 * speaker ("[09:01] Katrin: …") has a time before it and prose after it, and a listed given name is never a label.
 */
function labelOfName(text: string, c: Candidate, next: Candidate | undefined, lex: PersonResources['lexicon'] | undefined): boolean {
  const word = text.slice(c.start, c.end);
  if (c.type !== 'PERSON' || next?.type !== 'PERSON' || !lex || !/^\p{Lu}[\p{L}\p{M}-]+$/u.test(word)) return false;
  // A listed given name before a colon is a speaker or an addressee ("Katrin: Tobias Quell"), never a label.
  if (lex.given.has(word.toLowerCase())) return false;
  if (!/^[ \t]*:[ \t]*$/u.test(text.slice(c.end, next.start)) || !LABEL_LINE_START.test(text.slice(Math.max(0, c.start - 40), c.start))) return false;
  const lineEnd = lineEndAt(text, next.end);
  // The name fills its line or cell, surname first too ("Quellmann, Jonas Frederik").
  return /^(?:,[ \t]*\p{Lu}[\p{L}\p{M}' -]*)?(?:[ \t]*$|\t|[ ]{3})/u.test(text.slice(next.end, lineEnd));
}

/**
 * The final spans from candidates of every detector: non-overlapping, plus
 * every other mention of a person found once (the same name, or its surname
 * alone). `persons` is absent when no person type is asked for.
 */
export function settleSpans(text: string, candidates: readonly Candidate[], persons: PersonResources | undefined): PiiSpan[] {
  const resolved = resolveOverlaps(text, candidates.filter((c) => acceptable(text, c)).flatMap((c) => onWholeTokens(text, c)));
  const mentions = persons ? otherMentionsKept(text, resolved, persons) : [];
  const settled = resolveOverlaps(text, [...resolved, ...mentions]).filter((c, i, all) => !labelOfName(text, c, all[i + 1], persons?.lexicon));
  const whole = (c: Candidate, i: number) => withHyphenedParts(text, withInitials(text, c, settled[i - 1]), settled[i - 1], settled[i + 1]);
  return settled
    .map((c, i) => withSurnameAfterInitial(text, whole(c, i), settled[i + 1], persons?.lexicon))
    .map((c) => ({ type: c.type, start: c.start, end: c.end, value: text.slice(c.start, c.end), score: Math.round(c.score * 100) / 100 }));
}

/**
 * The other mentions of the persons found (names.ts otherMentions) that
 * overlap no span, except a one-word mention the person model rejects in
 * its own context: each mention's score has that context's product
 * evidence weighed in (withProductEvidence), and one that falls below the
 * threshold is not masked — a name carried into "the Word document" on the
 * strength of another sentence. A mention signed under a closing or after a
 * title ("Dr.", "Frau") is a person's whatever else the page holds.
 */
function otherMentionsKept(text: string, resolved: readonly Candidate[], persons: PersonResources): Candidate[] {
  const mentions = otherMentions(text, resolved, persons.lexicon).filter((m) => !resolved.some((r) => m.start < r.end && r.start < m.end));
  if (mentions.length === 0) return mentions;
  const runs = candidateRuns(text, persons.lexicon);
  const signed = (m: Candidate) => SIGN_OFF_ABOVE.test(text.slice(Math.max(0, m.start - 40), m.start));
  // A title before it ("Follow-up with Dr. Venkat"): products are never so addressed, whatever code or brand stands near.
  const titled = (m: Candidate) => contextBefore(text, m.start, persons.lexicon).honorific;
  return mentions.map((m) => (signed(m) || titled(m) ? m : withProductEvidence(text, runs, persons.lexicon, m))).filter((m) => m.score >= SCORE_THRESHOLD);
}

/** A closing on the line above ("Thanks,⏎Ada"): the name under it signs the message, whatever else the page says of the word. */
const SIGN_OFF_ABOVE = /(?:^|\n)[ \t>]*(?:many[ \t]+)?(?:thanks|thank[ \t]+you|cheers|best(?:[ \t]+wishes)?|(?:kind|warm|best)[ \t]+regards|regards|sincerely|yours(?:[ \t]+(?:sincerely|truly))?|take[ \t]+care)[ \t]*[,.!]?[ \t]*\n[ \t>]*$/iu;

/** The person-name resources a detection needs (loaded on first use), or undefined when no person type is asked for. */
export async function personsFor(config: DetectionConfig): Promise<PersonResources | undefined> {
  return needsPersons(config) ? personResources() : undefined;
}

/**
 * The local recognizers' candidates (before overlaps are settled), found in
 * the text as a viewer shows it (detection-view.ts: dashes, fullwidth and
 * other-script digits, odd spaces read as ASCII; soft hyphens and other
 * invisible characters left out) and placed back on the text's own offsets.
 */
export function localCandidates(text: string, config: DetectionConfig, persons: PersonResources | undefined, options: DetectOptions = {}): Candidate[] {
  const view = detectionView(text);
  const recognizers = recognizersFor(config, persons, options.skipBuiltIns);
  const found = [...recognizers.flatMap((recognizer) => recognizer.find(view.text)), ...numbersAcrossLines(view.text, recognizers)].filter((c) => acceptable(view.text, c));
  return view.text === text ? found : found.map((c) => ({ ...c, ...view.toOriginal(c.start, c.end) }));
}

/**
 * The recognizers read a long text in pieces of about this many characters, cut at line ends: every
 * document of a few pages is one piece (the same spans as the whole text), while a hostile text of
 * millions of characters is read piece by piece, the request's deadline checked and the event loop let
 * go between pieces.
 */
const DETECTION_PIECE_CHARS = 100_000;

/** `text` in pieces of about {@link DETECTION_PIECE_CHARS}, cut after a blank line (a page break) where one is near, else after a line, else at the limit. */
export function detectionPieces(text: string): TextPiece[] {
  return textPieces(text, DETECTION_PIECE_CHARS, (window) => {
    const page = window.lastIndexOf('\n\n');
    return page > DETECTION_PIECE_CHARS / 2 ? page + 2 : window.lastIndexOf('\n') + 1;
  });
}

/**
 * Detects PII spans in `text` with the local recognizers (asynchronous: the first call loads the name
 * lexicons). Stops with the abort reason once `signal` aborts, checked between pieces of a long text.
 */
export async function detectPii(text: string, config: DetectionConfig, signal?: AbortSignal): Promise<PiiSpan[]> {
  const persons = await personsFor(config);
  const candidates: Candidate[] = [];
  const pieces = detectionPieces(text);
  for (const piece of pieces) {
    signal?.throwIfAborted();
    for (const c of localCandidates(piece.text, config, persons)) candidates.push({ ...c, start: c.start + piece.start, end: c.end + piece.start });
    // Let other requests and timers (the deadline) run between pieces.
    if (pieces.length > 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  signal?.throwIfAborted();
  return settleSpans(text, candidates, persons);
}
