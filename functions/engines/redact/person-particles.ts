/**
 * Family names that open with a lower-case particle ("van der Kwaalstra",
 * "ten Brink", "von Aarle"): the runs of capitalised words the name rules
 * read start after the particle, so "Beau van der Kwaalstra" was read as "Beau"
 * or not at all, and "shouted at van Doorn" not at all.
 *
 * - After an accepted name, a particle and a capitalised word continue it
 *   ("Brisk de Kwaalstra"): the name takes them.
 * - Alone, a Dutch or German particle before a capitalised word is a family
 *   name ("van Doorn", "von Aarle"), with a listed given name before it: these particles open family names and
 *   little else. Romance particles ("de", "da") alone are not enough: they
 *   open places too ("de Janeiro" of "Rio de Janeiro").
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { isTitle, kindOf, ORGANISATION_WORDS } from './names.ts';
import type { Candidate } from './recognizers.ts';

/** A capitalised family name, double-barrelled too ("Wit-Brouwer"). */
const SURNAME = "\\p{Lu}[\\p{Ll}\\p{M}'’]+(?:-\\p{L}[\\p{Ll}\\p{M}'’]+)*";
/** A particle group and the capitalised family name after it (and up to two more: "Maria da Conceição Tavares"), right after an accepted name. */
const CONTINUING = new RegExp(`^[ \\t]+(?:(?:van|von)(?:[ \\t]+(?:der|den|de|dem))?|ten|ter|de(?:[ \\t]+(?:la|las|los))?|del|della|di|da|dos|das|du|le|la)[ \\t]+${SURNAME}(?:[ \\t]+${SURNAME}){0,2}(?![\\p{L}\\p{N}])`, 'u');
/** A Dutch or German particle group opening a family name. */
const OPENING = new RegExp(`(?<![\\p{L}\\p{N}])(?:(?:[Vv]an|[Vv]on)(?:[ \\t]+(?:der|den|de|dem))?|[Tt]en|[Tt]er)[ \\t]+(${SURNAME})(?![\\p{L}\\p{N}])`, 'gu');

/**
 * A Romance or Dutch "de" group opening a family name ("de Vries", "de la Fuente", "da Silva"): taken only after initials
 * or a title ("A.B. de Vries", "heer P. de Boer", "Sr. D. … "), since alone it opens places as often ("de Janeiro").
 */
const OPENING_AFTER_CUE = new RegExp(`(?<![\\p{L}\\p{N}])(?:de(?:[ \\t]+(?:la|las|los))?|da|del|della|di|du|dos|das)[ \\t]+(${SURNAME})(?![\\p{L}\\p{N}])`, 'gu');

/** Initials right before the particle, each a capital and a full stop. */
const INITIALS_BEFORE = /(?<![\p{L}\p{N}.-])(?:\p{Lu}\.(?:-|[ \t])?){1,3}[ \t]*$/u;
/** Joiners of a list or a firm's name after or before a family name. */
const LIST_AFTER = /^[ \t]*(?:[,&+-]|(?:and|en|und|y|e|et|og|och)[ \t]+\p{Lu})/u;
const LIST_BEFORE = /(?:[,&+-]|(?:and|en|und|y|e|et|og|och))[ \t]*$/u;
const start = (m: RegExpMatchArray, before: RegExpExecArray | null, given: boolean | null) => (given && before ? m.index! - before[0].length : m.index!);

/** Accepted names continued over a particle and a family name: the same span, longer, scored as the name. */
export function continuedOverParticles(text: string, accepted: readonly Candidate[]): Candidate[] {
  return accepted.flatMap((c) => {
    const m = CONTINUING.exec(text.slice(c.end, c.end + 60));
    return m ? [{ ...c, end: c.end + m[0].length, rule: `${c.rule}+particle` }] : [];
  });
}

/**
 * The family name a person was born with, written after the name by its cue ("Ilse Korvath geb. Brandauer",
 * "Aurélie Delorme, née Fontanel", "Rosa Lemme nata Valtieri", "geboren Brink"): a certificate or a judgment names the
 * birth family too, and the rules, reading the capitalised word alone, took it for a word.
 */
const BIRTH_NAME = new RegExp(`^,?[ \\t]+(?:geb\\.|geborene?|née|nee|né|nata|nato|nacida|nacido|nascida|nascido|geboren|born)[ \\t]+(${SURNAME}(?:[ \\t]+${SURNAME})?)(?![\\p{L}\\p{N}])`, 'u');

/** Birth family names after accepted names (see BIRTH_NAME), each a span of its own: the cue between them is no name; never a place. */
export function birthNames(text: string, accepted: readonly Candidate[], lex: NameLexicon): Candidate[] {
  return accepted.flatMap((c) => {
    const m = BIRTH_NAME.exec(text.slice(c.end, c.end + 60));
    if (!m || m[1].split(/[ \t]+/u).some((w) => kindOf(w, lex) === 'place' || ORGANISATION_WORDS.has(w.toLowerCase()))) return [];
    const end = c.end + m[0].length;
    return [{ type: 'PERSON', start: end - m[1].length, end, score: c.score, rule: 'birth-name' }];
  });
}

/** Family names opened by a Dutch or German particle, standing alone ("said van Doorn to …"). */
export function particleSurnames(text: string, lex: NameLexicon): Candidate[] {
  const out: Candidate[] = [];
  const openings = [...text.matchAll(OPENING), ...[...text.matchAll(OPENING_AFTER_CUE)].map((m) => Object.assign(m, { cueOnly: true }))];
  for (const m of openings) {
    const surname = m[1];
    // After a capitalised word the particle continues that word's name (the case above) or a place's; a title is no name.
    const before = /(\p{Lu}[\p{L}'’-]*)\.?[ \t]+$/u.exec(text.slice(Math.max(0, m.index! - 30), m.index!));
    // A listed given name before it is the same person's ("Beau van der Kwaalstra", where "Beau" alone reads as a word).
    const given = before && lex.given.has(before[1].toLowerCase()) && !before[0].includes('.');
    // A title before it, written in lower case too ("Geachte heer …").
    const title = isTitle(/(\p{L}+)\.?[ \t]+$/u.exec(text.slice(Math.max(0, m.index! - 30), m.index!))?.[1] ?? '', lex);
    // Initials before it are the same person's ("J.A. van Oosterwijk", "K. ten Brink"): the span takes them later (detect.ts withInitials).
    const initials = INITIALS_BEFORE.test(text.slice(Math.max(0, m.index! - 12), m.index!));
    if (before && !given && !title && !initials) continue;
    if ('cueOnly' in m && !title && !initials) continue;
    // Dutch capitalises the particle when no given name comes before it ("heer Van der Meulen"): then only after a title (not "Van Halen").
    if (/^\p{Lu}/u.test(m[0]) && !title) continue;
    // In a list or a firm's style ("Ackerman, van den Berg and Blom", "van Jaarsveld - van Rooyen", "van Beek en Zonen") it names a firm as often as people.
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 20);
    // After a title it is a person's ("Geachte heer Van der Meulen, …").
    // Initials make it a person's too: a firm's list names its partners without them.
    if (!title && !initials && (LIST_AFTER.test(after) || LIST_BEFORE.test(text.slice(Math.max(0, start(m, before, given) - 12), start(m, before, given))))) continue;
    const kind = kindOf(surname, lex);
    if (kind === 'place' || ORGANISATION_WORDS.has(surname.toLowerCase())) continue;
    out.push({ type: 'PERSON', start: start(m, before, given), end: m.index! + m[0].length, score: 0.6, rule: 'particle-surname' });
  }
  return out;
}
