/**
 * Generated text for the person model (`npm run train -- redact`): sentences
 * and document lines written for this trainer — business mail, reports,
 * minutes, dialogue, address blocks, bylines, lists of people and of firms —
 * with slots filled from name pools. Nothing is taken from the evaluation
 * sets: the templates are our own, and half the people carry invented names
 * (syllables no name list holds), so the model learns from context and not
 * only from the lexicon. Organisations built from surnames ("Hale, Ortiz and
 * Brandt LLP") and places are the negatives next to the people.
 *
 * @module
 */
import { allLocales } from '@faker-js/faker';
import { pick, type Random } from '../lib/random.ts';

export interface Slot {
  readonly start: number;
  readonly end: number;
  readonly person: boolean;
}
export interface GeneratedText {
  readonly text: string;
  readonly slots: readonly Slot[];
}

type NameList = readonly string[] | { generic?: readonly string[]; female?: readonly string[]; male?: readonly string[] } | undefined;
const listOf = (l: NameList): string[] => (!l ? [] : Array.isArray(l) ? [...l] : [...((l as any).generic ?? []), ...((l as any).female ?? []), ...((l as any).male ?? [])]);
const single = (words: string[]) => words.filter((w) => /^\p{Lu}[\p{Ll}\p{M}'’-]{1,}$/u.test(w));

/** A few locales' people and places (the model sees kinds and features, never the names themselves). */
const LOCALES = ['en', 'en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv', 'pt_BR', 'tr', 'cs_CZ', 'fi', 'hu', 'nb_NO', 'da', 'uk', 'vi', 'ro'] as const;
const defs = (l: string) => (allLocales as Record<string, { person?: Record<string, NameList>; location?: Record<string, NameList>; word?: Record<string, NameList> }>)[l];
const GIVEN = single(LOCALES.flatMap((l) => listOf(defs(l)?.person?.first_name)));
const FAMILY = single(LOCALES.flatMap((l) => listOf(defs(l)?.person?.last_name)));
const CITIES = LOCALES.flatMap((l) => listOf(defs(l)?.location?.city_name)).filter((c) => /^\p{Lu}/u.test(c) && !c.includes('{'));

const ONSETS = ['b', 'br', 'c', 'd', 'dr', 'f', 'g', 'gr', 'h', 'k', 'kh', 'l', 'm', 'n', 'p', 'r', 's', 'sh', 't', 'th', 'v', 'w', 'z', 'zh', 'j', 'y', 'ts', 'ch'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ei', 'ou', 'ia', 'ae', 'y', 'é', 'ö', 'ü', 'á'];
const CODAS = ['', '', 'n', 'r', 'l', 's', 'k', 'm', 'nd', 'rt', 'sk', 'v', 'th'];
const ENDINGS = ['', '', '', 'son', 'sen', 'ov', 'ova', 'ski', 'escu', 'idis', 'oglu', 'ić', 'ez', 'aki', 'ara', 'ini', 'elli', 'ard', 'ton', 'berg', 'stad'];

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** An invented name word: 2–3 syllables, sometimes a surname ending. */
function invented(r: Random, surname: boolean): string {
  let w = '';
  const syllables = 2 + (r() < 0.35 ? 1 : 0);
  for (let i = 0; i < syllables; i++) w += pick(r, ONSETS) + pick(r, VOWELS) + (i === syllables - 1 || r() < 0.3 ? pick(r, CODAS) : '');
  if (surname && r() < 0.4) w += pick(r, ENDINGS);
  return cap(w);
}

const given = (r: Random) => (r() < 0.5 ? invented(r, false) : pick(r, GIVEN));
const family = (r: Random) => (r() < 0.5 ? invented(r, true) : pick(r, FAMILY));
/** A surname, listed or invented (the technical pages' lists of contributors). */
export const someFamilyName = family;
/** A listed given name (the technical pages' software named as people are). */
export const listedGivenName = (r: Random) => pick(r, GIVEN);
/** An ordinary English noun, capitalised (the technical pages' software named with a common word). */
const NOUNS = single(listOf(defs('en')?.word?.noun).map(cap));
export const capitalisedNoun = (r: Random) => pick(r, NOUNS);
const fullName = (r: Random) => {
  const roll = r();
  if (roll < 0.12) return `${given(r)} ${given(r).charAt(0)}. ${family(r)}`;
  if (roll < 0.2) return `${given(r)} ${family(r)}-${family(r)}`;
  return `${given(r)} ${family(r)}`;
};
const ORG_WORDS = ['LLP', 'Group', 'Holdings', 'Partners', 'Associates', 'Consulting', 'Foundation', 'Orchestra', 'Bank', 'Labs', 'Inc', 'Ltd', 'GmbH', 'Studio', 'Capital', 'Ventures', 'Insurance', 'Systems', 'Media', 'Trust'];
const BRAND_PARTS = ['Blue', 'North', 'Silver', 'Bright', 'Clear', 'Iron', 'Red', 'Green', 'Summit', 'Harbor', 'Cedar', 'Quantum', 'Pioneer', 'Atlas', 'Vector', 'Nimbus', 'Granite', 'Beacon'];
const BRAND_TAILS = ['water', 'field', 'path', 'stone', 'line', 'works', 'point', 'gate', 'ridge', 'soft', 'ware', 'bridge'];
const PLACE_TAILS = ['ville', 'by', 'mouth', 'ton', 'heim', 'burg', 'stad', 'furt', 'dal', 'haven', 'port', 'field', 'ford', ''];
/** A place no gazetteer holds: people are not the only unknown capitalised words. */
const inventedPlace = (r: Random) => `${invented(r, false)}${pick(r, PLACE_TAILS)}`.replace(/^(.)(.*)$/u, (_, a: string, b: string) => a + b.toLowerCase());
/** A brand no list holds ("Nexaro", "Quillbit"), written in running text like a name. */
const inventedBrand = (r: Random) => `${invented(r, false)}${pick(r, ['', '', 'ly', 'io', 'ify', 'bit', 'hub', 'wallet', 'soft', 'lab'])}`;
const LABELS = ['Website', 'Fax', 'Mobile', 'Email', 'Notes', 'Phone', 'Desk', 'Agent', 'Bot', 'User', 'System', 'Customer', 'Support', 'Subject', 'Status', 'Reference', 'Office', 'Remarks'];
const HEADINGS = ['Quarterly Report', 'Annual Review', 'Payment Terms', 'Project Plan', 'Security Policy', 'Meeting Notes', 'Release Notes', 'Action Items', 'Board Minutes', 'Service Agreement', 'Delivery Schedule', 'Budget Summary', 'Risk Register', 'Product Roadmap'];

type Filler = (r: Random) => { value: string; person: boolean };
const person = (f: (r: Random) => string): Filler => (r) => ({ value: f(r), person: true });
const other = (f: (r: Random) => string): Filler => (r) => ({ value: f(r), person: false });

const FILLERS: Record<string, Filler> = {
  FULL: person(fullName),
  GIVEN: person(given),
  SUR: person(family),
  // A firm named after people is no person ("Hale, Ortiz and Brandt LLP", "Ruiz & Meyer").
  FIRM: other((r) => (r() < 0.5 ? `${family(r)}, ${family(r)} and ${family(r)} ${pick(r, ORG_WORDS)}` : r() < 0.5 ? `${family(r)} & ${family(r)}` : `${family(r)} ${pick(r, ORG_WORDS)}`)),
  BRAND: other((r) => (r() < 0.5 ? `${pick(r, BRAND_PARTS)}${pick(r, BRAND_TAILS)}` : `${pick(r, BRAND_PARTS)}${pick(r, BRAND_TAILS)} ${pick(r, ORG_WORDS)}`)),
  CITY: other((r) => (r() < 0.5 ? pick(r, CITIES) : inventedPlace(r))),
  NEWBRAND: other(inventedBrand),
  LABEL: other((r) => pick(r, LABELS)),
  HEADING: other((r) => pick(r, HEADINGS)),
};

/** Our own templates; {SLOT} is filled, {SUR2}-style suffixes are more of the same slot. */
const TEMPLATES = [
  '{SUR} and {SUR} signed the lease on behalf of the tenants.',
  'The committee thanked {SUR}, {SUR} and {SUR} for their work on the audit.',
  '{FULL} joined {FIRM} in {CITY} as a senior analyst.',
  'Minutes: {GIVEN} opened the meeting; {SUR} presented the {HEADING}.',
  'Present: {FULL}, {FULL}, {FULL}',
  'Attendees were {GIVEN}, {GIVEN} and {GIVEN}.',
  '{GIVEN} is responsible for the rollout in {CITY}.',
  '{SUR} will send the revised figures by Friday.',
  'Please forward the invoice to {GIVEN} before the end of the month.',
  'I spoke with {SUR} yesterday about the claim.',
  '{GIVEN}, could you check the delivery dates again?',
  '{GIVEN}: Did the parcel arrive?\n{GIVEN}: Yes, this morning.',
  '"We expect growth next year," said {SUR}.',
  '"Not yet," {GIVEN} replied.',
  'According to {SUR}, the supplier in {CITY} raised its prices.',
  'The report by {SUR} and {SUR} covers the first half of the year.',
  '{FULL}\n{HEADING}\n{BRAND}',
  '{FULL}\n\n{CITY}',
  'Our founders, {SUR} and {SUR}, started the company in a garage.',
  'The case was handled by {FIRM} for {FULL}.',
  '{BRAND} opened a new office in {CITY} last spring.',
  '{FIRM} advised {BRAND} on the merger.',
  'She met {GIVEN} at the conference in {CITY}.',
  'Contact {SUR} or {SUR} for access to the archive.',
  'The award went to {FULL}, whose team delivered early.',
  '{SUR} was promoted to head of sales in {CITY}.',
  'We moved the {HEADING} meeting to Thursday.',
  'Thanks again, {GIVEN}. Best, {GIVEN}',
  'Ask {GIVEN} about the keys.',
  '{GIVEN} and I reviewed the contract with {FIRM}.',
  'The painting was sold to {SUR} in {CITY}.',
  'Sent on behalf of {FULL}, {BRAND}',
  'Reviewer: {FULL}\nStatus: approved',
  '{SUR}’s proposal was accepted by {BRAND}.',
  'Neither {SUR} nor {SUR} attended the hearing.',
  'In {CITY}, {FULL} leads the support team.',
  'Flights from {CITY} to {CITY} are delayed.',
  'The {HEADING} was approved by the board.',
  '{BRAND} and {BRAND} announced a partnership.',
  'The trophy was shared by {SUR}, {SUR}, and {SUR}.',
  'Did {GIVEN} call back about the refund?',
  'Invoice prepared for {FULL} at {FIRM}.',
  'He handed the file to {SUR}, who signed it at once.',
  'Witnesses {SUR} and {SUR} confirmed the time.',
  'Welcome to {CITY}! The tour starts at the old harbour.',
  'Our {HEADING} lists the changes since March.',
  '{GIVEN} {SUR} and {GIVEN} {SUR} are the new directors.',
  'cc: {FULL}; {FULL}',
  'We flew to {CITY} on Monday and drove on to {CITY}.',
  'She grew up in {CITY} and now lives near {CITY}.',
  'Greetings from {CITY}!',
  'The festival invites bands from around the world to {CITY}.',
  'Our team in {CITY} supports {NEWBRAND} with its launch.',
  'He left {NEWBRAND} in 2019, which later became {NEWBRAND}.',
  'Looking to support {NEWBRAND} in {CITY} in its growth.',
  'She wrote about her {NEWBRAND} subscription in the newsletter.',
  '{NEWBRAND} is a design agency based in {CITY}.',
  'I uploaded the files to {NEWBRAND} yesterday.',
  '{LABEL}:\n{NEWBRAND}',
  '{LABEL}: Where should we send it?',
  '{LABEL}: What is the order number?\n{LABEL}: It is on the receipt.',
  "I'm sure {GIVEN} won't mind. Don't worry about it.",
  "C'mon, {GIVEN}, we're late!",
  "I'd like to thank {FULL} for the introduction.",
  'The {HEADING} for {CITY} is attached.',
  '{FULL}\n{NEWBRAND}\n{CITY}',
  'When they were not touring {CITY}, {SUR} and {SUR} wrote new songs.',
  'Can I change the delivery address for {FULL}?',
  'Will my card work in {CITY}?',
  'May I ask {GIVEN} to join the call?',
  'Can someone reset my password?',
  'Will you send the {HEADING} again?',
  'Mark the invoice as paid and notify {GIVEN}.',
  'Bill the hours to {NEWBRAND}.',
  'Grant access to {SUR} until Friday.',
  'Rose and fell: shares of {NEWBRAND} ended flat.',
  'Hope you are well, {GIVEN}.',
  '{GIVEN} asked whether {NEWBRAND} ships to {CITY}.',
  'Ship to: {FULL}\n42 Harbour Road, Apt. 7, {CITY}',
  'Deliver to 18 Mill Lane, Unit 3, {CITY} {CITY} 40412',
  'Office: 5 Station Square, {CITY}, {CITY}',
];

/** `count` generated texts with their slots, seeded. */
export function generatePersonTexts(r: Random, count: number): GeneratedText[] {
  const out: GeneratedText[] = [];
  for (let i = 0; i < count; i++) {
    const template = pick(r, TEMPLATES);
    let text = '';
    const slots: Slot[] = [];
    let cursor = 0;
    for (const m of template.matchAll(/\{([A-Z]+)\}/g)) {
      text += template.slice(cursor, m.index);
      const { value, person: isPerson } = FILLERS[m[1]](r);
      slots.push({ start: text.length, end: text.length + value.length, person: isPerson });
      text += value;
      cursor = m.index! + m[0].length;
    }
    text += template.slice(cursor);
    out.push({ text, slots });
  }
  return out;
}
