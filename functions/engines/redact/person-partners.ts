/**
 * People read from the people already found next to them: the other names
 * in a list with an accepted name ("Brisk and Hartwell were …", "founders:
 * Vantrell, Birch and Coldwater."), and the one spoken to by an accepted speaker
 * ("Mildred shouted at Austin", "said Mildred to Jordan"). Such a word is often
 * also an ordinary word or a place ("Brisk", "Birch", "Austin"), which no word
 * list can settle alone; its company can.
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { kindOf, ORGANISATION_WORDS } from './names.ts';
import type { Candidate } from './recognizers.ts';
import { textLines } from './text-pieces.ts';

/** One capitalised word (no all-caps heading word, no initial). */
const CAP = "\\p{Lu}[\\p{Ll}\\p{M}'’-]+";
/** Two or three capitalised words joined as a list: "A and B", "A & B", "A, B and C". */
const LIST = new RegExp(`(?<![\\p{L}\\p{N}])(${CAP})(?:, (${CAP}))?,? (?:and|&) (${CAP})(?![\\p{L}\\p{N}])`, 'gud');
/** Verbs a list of people takes: plural or past ("Brisk and Hartwell were …"), not a firm's singular ("Hartwell and Brisk sells …"). */
const PLURAL_VERB = /^[ \t]+(?:were|are|have|had|did|do|went|met|said|told|wrote|both|together|\p{Ll}+ed)\b/u;
/** Verbs only people take with "and" (a place may "go well" or "be reached"): for a name that is also a place. */
const PEOPLE_VERB = /^[ \t]+(?:were|are|met|said|told|wrote|married)\b/u;
/** Before a list: a firm or a place is named after "at", "the" or "of the" ("a job at Hale and Brandt"). */
const FIRM_BEFORE = /(?:^|[^\p{L}])(?:at|the|from)[ \t]+$/iu;

/**
 * Whether a word can join an accepted name in a list: not a place alone, a
 * title or a particle; an ordinary word ("Birch") or a name that is also one only where the list reads
 * as people (a plural or past verb after it, or a clause that ends with it);
 * a word that ends firms' and places' names ("Court", "Bank") only before such a verb.
 */
function partnerWord(word: string, lex: NameLexicon, after: string): boolean {
  const verbAfter = PLURAL_VERB.test(after);
  const peopleContext = verbAfter || /^[ \t]*(?:[.;!?]|$)/u.test(after);
  const w = word.toLowerCase();
  if ((ORGANISATION_WORDS.has(w) && !verbAfter) || lex.honorifics.has(w)) return false;
  const kind = kindOf(word, lex);
  // A name that is also a place ("Austin") only before a verb of people: "Anna and Paris." may be a trip.
  if (kind === 'weak' && lex.places.has(w)) return PEOPLE_VERB.test(after);
  if (kind === 'strong' || kind === 'unknown' || kind === 'weak') return peopleContext || kind !== 'weak';
  return kind === 'ordinary' && peopleContext;
}

/**
 * The other words of a list that holds an accepted single-word name, each
 * as a person: the list must stand in running text (no capitalised word
 * right before or after it, so no title-case heading nor a longer firm
 * name), not after "at" / "the" / "from" (a firm or a place).
 */
export function listPartners(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(LIST)) {
    const start = m.index!;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 30), start);
    const after = text.slice(end, end + 30);
    if (FIRM_BEFORE.test(before) || /\p{Lu}[\p{L}\p{M}'’-]*[ \t]+$/u.test(before) || /^[ \t]+\p{Lu}/u.test(after) || /^['’]s\b/u.test(after)) continue;
    const items = [1, 2, 3].filter((g) => m[g] !== undefined).map((g) => ({ word: m[g], start: m.indices![g]![0], end: m.indices![g]![1] }));
    // Every item a different word: "Johnson and Johnson", "Hartwell and Hartwell" are no list of people.
    if (new Set(items.map((i) => i.word)).size !== items.length) continue;
    const isName = (i: { start: number; end: number }) => accepted.some((a) => a.type === 'PERSON' && a.start === i.start && a.end === i.end);
    const anchor = items.find(isName);
    if (!anchor) continue;
    for (const i of items) {
      if (isName(i) || !partnerWord(i.word, lex, after)) continue;
      out.push({ type: 'PERSON', start: i.start, end: i.end, score: 0.6, rule: 'name-list-partner' });
    }
  }
  return out;
}

/** A speech verb and the word for whom it is meant: "shouted at X", "said to X", "said Mildred to X", "told X". */
const SPOKEN_TO = new RegExp(`(?<![\\p{L}])(?:(?:said|says|shouted|yelled|whispered|screamed|cried|called|replied|snapped|muttered)(?:[ \\t]+${CAP})?[ \\t]+(?:at|to)|told)[ \\t]+(${CAP})(?=[ \\t]*(?:[:.,;!?"”]|$))`, 'gu');

/**
 * The listed given name spoken to by an accepted person in the same
 * sentence ("Mildred shouted at Austin:", "said Mildred to Jordan"), even when
 * the name is also a place or a word; so is a family name or a word no list
 * holds ("shouted at Oktavira:"); a place alone ("said to Paris") is never one.
 */
export function addressees(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(SPOKEN_TO)) {
    const word = m[1];
    const start = m.index! + m[0].length - word.length;
    // A listed given name, even a place's or a word's; or a family name or a word no list holds ("Oktavira"), never a place's.
    const w = word.toLowerCase();
    const name = lex.given.has(w) || (!lex.places.has(w) && (lex.family.has(w) || kindOf(word, lex) === 'unknown'));
    if (!name || accepted.some((a) => a.start < start + word.length && start < a.end)) continue;
    const sentenceStart = Math.max(text.lastIndexOf('.', m.index!), text.lastIndexOf('!', m.index!), text.lastIndexOf('?', m.index!), text.lastIndexOf('\n', m.index!)) + 1;
    if (!accepted.some((a) => a.type === 'PERSON' && a.start >= sentenceStart && a.end <= start)) continue;
    out.push({ type: 'PERSON', start, end: start + word.length, score: 0.6, rule: 'name-addressee' });
  }
  return out;
}

/** A sentence opening with one capitalised word and "is" / "was" ("Velloran is very kind."), and the sentence after it. */
const SUBJECT_THEN_PRONOUN = /(?:^|[.!?]["”]?[ \t]+|\n[ \t]*)(\p{Lu}[\p{Ll}\p{M}'’-]+)[ \t]+(?:is|was)[ \t]+[^.!?\n]{3,80}[.!?][ \t]+([^.!?\n]{0,120})/gdu;
/** A pronoun for a person ("him", "her", "she", "he"), not "it" or "they". */
const PERSON_PRONOUN = /(?<![\p{L}])(?:he|she|him|her|his|hers|himself|herself)(?![\p{L}])/iu;

const OBJECT_PRONOUN = /(?<![\p{L}])(?:him|her|himself|herself)(?![\p{L}])/iu;

/**
 * The subject of a sentence whom the next sentence calls "him" or "her"
 * ("Velloran is very reliable. You can always depend on him."): a word
 * that may be a name (a listed given name, or a word no list holds, never
 * an ordinary word or a place alone), when no other person is named in
 * between to be the one meant.
 */
export function pronounSubjects(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(SUBJECT_THEN_PRONOUN)) {
    const word = m[1];
    const [start, end] = m.indices![1]!;
    if (!PERSON_PRONOUN.test(m[2]) || accepted.some((a) => a.start < m.indices![2]![1] && start < a.end)) continue;
    const kind = kindOf(word, lex);
    const w = word.toLowerCase();
    if (!(kind === 'unknown' || ((kind === 'strong' || kind === 'weak') && lex.given.has(w) && !lex.vocabulary.has(w)))) continue;
    // A given name that is also a place ("Paris is lovely. She …") only as the one "him" or "her" is about, not a new speaker "she".
    if (lex.places.has(w) && !OBJECT_PRONOUN.test(m[2])) continue;
    out.push({ type: 'PERSON', start, end, score: 0.6, rule: 'name-pronoun' });
  }
  return out;
}

/** Whether a word standing without a sentence may be a name: a listed name or a word no list holds; no ordinary word, place, title or firm's word. */
export function mayBeNameWord(word: string, lex: NameLexicon): boolean {
  const w = word.toLowerCase();
  const kind = kindOf(word, lex);
  return !ORGANISATION_WORDS.has(w) && (kind === 'strong' || kind === 'unknown' || (kind === 'weak' && !lex.places.has(w)));
}

/** A line that is only a name's shape: two or three capitalised words one space apart, perhaps a trailing comma ("Tamsin Yarrowby"). */
const NAME_LINE = new RegExp(`^[ \\t]*(${CAP}(?: ${CAP}){1,2})[ \\t]*(?:,[ \\t]*)?$`, 'u');
/** Lines of other kinds allowed between two lines of one list (a role above each name: "VISITOR", "Chair"), at most this many, each this short. */
const LIST_GAP_LINES = 2;
const LIST_GAP_CHARS = 40;

interface NameLine {
  readonly start: number;
  readonly end: number;
  readonly words: readonly string[];
}

/** The name-shaped lines of `text`, grouped into lists (consecutive, or apart by a few short lines). */
function nameLineLists(text: string): NameLine[][] {
  const lists: NameLine[][] = [];
  let current: NameLine[] = [];
  let gap = 0;
  for (const { start: offset, text: line } of textLines(text)) {
    const m = NAME_LINE.exec(line);
    if (m) {
      const start = offset + line.indexOf(m[1]);
      current.push({ start, end: start + m[1].length, words: m[1].split(' ') });
      gap = 0;
    } else if (line.trim() !== '' && (++gap > LIST_GAP_LINES || line.length > LIST_GAP_CHARS)) {
      if (current.length) lists.push(current);
      current = [];
      gap = 0;
    }
  }
  if (current.length) lists.push(current);
  return lists;
}

/**
 * The other lines of a list of names, one a line, in which accepted names
 * stand (a guest list, a roster, a sheet of badges): a list with at least
 * two accepted names, a third of its lines or more, makes each other line
 * of the same shape a person, when every word of it may be a name (a
 * listed name or a word no list holds; no ordinary word, place, title or
 * firm's word: "Visual Studio" and "Main Street" stay).
 */
export function lineListPartners(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const list of nameLineLists(text)) {
    const isName = (line: NameLine) => accepted.some((a) => a.type === 'PERSON' && a.start < line.end && line.start < a.end);
    const named = list.filter(isName).length;
    if (named < 2 || named * 3 < list.length) continue;
    for (const line of list) {
      if (isName(line)) continue;
      if (line.words.every((word) => mayBeNameWord(word, lex))) out.push({ type: 'PERSON', start: line.start, end: line.end, score: 0.6, rule: 'name-line-list-partner' });
    }
  }
  return out;
}

/** A name written surname first, its given names after a comma, where a line or a cell ends ("Quennell, Brisa"). */
const INVERTED_REST = new RegExp(`^, (${CAP}(?: ${CAP})?)(?=[ \\t]*(?:$|\\t|[ ]{2}|[|;<(]))`, 'u');
/** A line short enough to be a name standing alone (a heading, a cell, a sheet's name): at most this many words. */
const SHORT_LINE_WORDS = 5;
const SHORT_LINE_CHARS = 200;

/**
 * The given names after an accepted surname in "Last, First" form: on a
 * short line (a cell, a sheet's or a file's name, a signature), never in
 * running text ("Quennell, Brisa" but not "met Quennell, Paris was …").
 */
export function invertedGivenNames(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const name of accepted) {
    if (name.type !== 'PERSON' || text.charAt(name.end) !== ',') continue;
    // The line around the name, looked for within a short window (a long line is running text, and is not scanned whole).
    const before = text.slice(Math.max(0, name.start - SHORT_LINE_CHARS), name.start);
    const after = text.slice(name.end, name.end + SHORT_LINE_CHARS);
    const lineStart = before.lastIndexOf('\n');
    const lineEnd = after.indexOf('\n');
    if ((lineStart < 0 && name.start > SHORT_LINE_CHARS) || (lineEnd < 0 && name.end + SHORT_LINE_CHARS < text.length)) continue;
    const line = before.slice(lineStart + 1) + text.slice(name.start, name.end) + (lineEnd < 0 ? after : after.slice(0, lineEnd));
    if (line.trim().split(/\s+/u).length > SHORT_LINE_WORDS) continue;
    const rest = lineEnd < 0 ? after : after.slice(0, lineEnd);
    const m = INVERTED_REST.exec(rest);
    if (!m || !m[1].split(' ').every((w) => mayBeNameWord(w, lex) && !lex.places.has(w.toLowerCase()))) continue;
    out.push({ type: 'PERSON', start: name.end + 2, end: name.end + 2 + m[1].length, score: 0.6, rule: 'inverted-name' });
  }
  return out;
}
