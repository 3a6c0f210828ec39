/**
 * Person names: the part regexes cannot do. Each run of name-like words is
 * weighed on several features, capitalisation being only one of them:
 *
 * - the lexicons (name-lexicon.ts): given names and surnames of ~70 locales;
 *   a name that is no ordinary English word ("Caleb", "Khadzhiyev") is strong
 *   evidence, one that is ("Grace", "Will", "Summer") is weak, and places
 *   ("Paris", "Sydney") and ordinary words ("Security Policy") count against;
 * - cues before the run: honorifics (Mr, Dr, Frau, Mme) and labels such as
 *   "Name:", "Patient:", "Dear", "Signed by", which make even an unknown word
 *   (Szöllösy) a name, and in lower case too ("my name is caleb");
 * - what follows: a speaker's colon at a line start, verbs people do ("… says");
 * - lists next to an accepted name ("Eklund, Michael and Hodge");
 * - compromise's tagger, as a second opinion that the lexicon must not contradict.
 *
 * A name broken over two lines ("Jonathan\nMiller") is one run when every
 * word of it is name-like. A run holding an ordinary word ("Amazon Web
 * Services", "Harbour Bank") is an organisation or a title, not a person.
 *
 * @module
 */
import { textPieces, type TextPiece } from './text-pieces.ts';
import type { NameLexicon, PersonResources } from './name-lexicon.ts';
import type { Candidate } from './recognizers.ts';

/** Labels and phrases after which the next word is a person, even an unknown or lower-case one. */
/** The words that label a name on a form ("Name:", "Surname:", "Nom :"). */
const NAME_LABEL_WORD = /^(?:names?|surname|nom|nombre|nome|naam|vorname|nachname|apellidos?|cognome|voornaam|achternaam|prénoms?)$/iu;
export const NAME_CUE =
  /(?:^|[^\p{L}])(?:my name is|name is|named|called|named (?:him|her)|called (?:him|her)|i am|i'm|this is|last name\??|first name\??|surname|given name|name|full name|patient|employee|customer name|client name|applicant|insured|policyholder|beneficiary|cardholder|card holder|account holder|signed|signature|signed by|attn|attention|contact person|dear|hi|hello|prepared by|approved by|witness|guardian|spouse|regards|sincerely|yours|nombre|nom|prénom|vorname|nachname|naam|nome|cognome|sehr geehrte[rn]?|estimado|estimada|cher|chère|gentile|geachte)\s*[:\-,?]?\s*$/iu;
/** Weaker cues: they make a run of name words more likely a person, never a single unknown word. */
export const WEAK_CUE = /(?:^|[^\p{L}])(?:by|with|under|says|said|meet|ask for|talk to|speak to|from|to|and|for|told|thanks|thank)\s*$/iu;
const CHAT_ROLES = /^(?:bot|chatbot|user|agent|assistant|system|customer|client|support|operator|moderator|admin)$/iu;
export const PERSON_VERB =
  /^[,]?\s+(?:lives|lived|says|said|is from|was born|works|worked|wrote|will be|has been|told|asked|replied|spent|joined|founded|shouted|smiled|laughed|explained|met|married|moved|studied|graduated|is a|was a|and (?:his|her|their))\b/iu;

/** A word: capitalised (incl. accented letters, O'Brien, Jean-Luc), an initial, or lower-case (weighed more strictly). */
const WORD = "(?:\\p{Lu}\\.|\\p{Lu}(?= \\p{Lu})|\\p{L}(?:['’]\\p{Lu})?[\\p{Ll}\\p{Lm}\\p{M}'’]+(?:-\\p{L}[\\p{Ll}\\p{M}'’]+)?)";
/** Particles inside names: van, von, de, da, di, del, bin, al. */
const PARTICLE_WORDS = ['van', 'von', 'der', 'den', 'de', 'da', 'di', 'del', 'della', 'du', 'le', 'la', 'bin', 'ibn', 'al', 'el', 'dos', 'das', 'ter', 'ten'];
const PARTICLES = new Set(PARTICLE_WORDS);
/** Stretches of words; runsIn() cuts them into candidate names (by case, commas, line ends, ordinary words). */
const RUN = new RegExp(`${WORD}(?:(?: |\\n|, )${WORD})*`, 'gu');

/** Words that end organisation and place names, never surnames. */
/**
 * What follows a street name on the same line: an optional street word, then a house number.
 * Not across a line end: a name above an address block ("Jane Doe⏎12 High Street") is the addressee.
 * Not the first group of a phone number either ("Ada Quell 415-555-0148", "… 0171 555 0148"): a house
 * number range ("12-14") has one more group at most, a date ("2022-03-01") groups of two.
 */
export const STREET_AFTER = /^[ \t]*(?:u\.|ul\.|str\.?|street|st\.|utca|út)?[ \t]*\d{1,5}[a-z]?\b(?![-. ]\d{3,}[-. ]\d{3,})/iu;
export const ORGANISATION_WORDS = new Set(
  'orchestra band ensemble choir investments investment partners strasse straße parks pass courts terrace gardens way services service bank group inc ltd llc llp plc gmbh ag sa corp corporation company co university college school academy hospital clinic council department dept team mills partners associates foundation institute agency office centre center systems solutions technologies technology labs laboratories street road avenue lane drive square park airport station hotel church museum library court county city state republic kingdom union international global holdings industries enterprises trust fund insurance capital ventures consulting media studio studios press publishing airlines motors pharma health care'.split(' '),
);

/** Surname endings of many languages (Slavic, Nordic, Greek, Romanian, Armenian, Georgian, Turkish, Persian, Japanese). */
export const SURNAME_SHAPE =
  /^\p{Lu}\p{Ll}{2,}(?:ova|eva|ovich|ovna|ovski|evski|ski|ska|sky|skaya|wicz|czyk|enko|escu|idis|opoulos|akis|sson|dottir|dóttir|yan|ishvili|shvili|adze|oglu|oğlu|zadeh|moto|mura|yama|kawa|hashi|saki|uchi)$/u;

/** Whether a word is a title ("Frau", "Dr.", "señora"): context for a name, never one. */
export const isTitle = (word: string, lex: NameLexicon) => lex.honorifics.has(word.toLowerCase().replace(/\.$/u, ''));

export type WordKind = 'strong' | 'weak' | 'unknown' | 'place' | 'ordinary' | 'initial' | 'particle';

export function kindOf(word: string, lex: NameLexicon): WordKind {
  if (/^\p{Lu}\.?$/u.test(word)) return 'initial';
  const w = word.toLowerCase().replace(/[’']s$/u, '');
  if (PARTICLES.has(w)) return 'particle';
  // A title is context, never the name itself ("this is Dr. Kyle Kuefer").
  if (lex.honorifics.has(w)) return 'ordinary';
  const named = lex.given.has(w) || lex.family.has(w) || w.split('-').every((part) => lex.given.has(part) || lex.family.has(part));
  const lowerCase = !/^\p{Lu}/u.test(word);
  // Lower case: only a name no English dictionary knows is a name without a cue.
  const ordinary = lowerCase ? lex.wideVocabulary.has(w) : lex.vocabulary.has(w);
  if (named) return ordinary || lex.places.has(w) ? 'weak' : 'strong';
  if (lex.places.has(w)) return 'place';
  if (ordinary) return 'ordinary';
  return 'unknown';
}

export interface Run {
  start: number;
  end: number;
  /** Whether the run already crossed a line end (a name breaks over at most one). */
  brokenOverLines?: boolean;
  words: { text: string; start: number; kind: WordKind }[];
}

export function contextBefore(text: string, start: number, lex: NameLexicon) {
  const before = text.slice(Math.max(0, start - 40), start);
  // A title stands a space (two after its full stop) before the name: across a cell's gap ("Passenger: QUELL/ODA MS      Flight: …")
  // it ends the cell before.
  const honorific = /(?:^|[^\p{L}])(\p{L}{1,12})(?:\.[ \t]{0,2}|[ \t]?)$/u.exec(before)?.[1]?.toLowerCase();
  return {
    before,
    honorific: honorific !== undefined && lex.honorifics.has(honorific) && !/\n\s*$/u.test(before),
    cue: NAME_CUE.test(before),
    weakCue: WEAK_CUE.test(before),
  };
}

/** Score of a run of words as a person's name (0 = not one). */
export function scoreRun(text: string, run: Run, lex: NameLexicon): number {
  const words = run.words.filter((w) => w.kind !== 'particle' && w.kind !== 'initial');
  if (words.length === 0) return 0;
  // A title after a title ("Prof. Dr. …") is no name.
  if (words.every((w) => isTitle(w.text, lex))) return 0;
  const { before, honorific, cue, weakCue } = contextBefore(text, run.start, lex);
  const after = text.slice(run.end, run.end + 24);
  const count = (k: WordKind) => words.filter((w) => w.kind === k).length;
  const strong = count('strong');
  const weak = count('weak');
  const unknown = count('unknown');
  const ordinary = count('ordinary');
  const place = count('place');
  const lowerCase = words.some((w) => !/^\p{Lu}/u.test(w.text));
  const sentenceStart = /(?:^|[.!?]\s+|\n\s*)$/u.test(before);
  // A speaker in a dialogue ("Ubul: What a wife."): at a line start, a sentence after the colon (not a field value).
  // Quoted speech after the colon ('Elena: "Who …', 'tracy:"i'm …') is a speaker's line whatever the case: there a
  // name that is also a word ("Elizabeth", "Tracy") is a speaker too.
  const lineStart = /(?:^|\n)\s*[>*-]?\s*$/u.test(before);
  const quotedSpeech = lineStart && /^:\s*["“]\p{L}[\p{L}'’]*\s+\p{L}/u.test(after) && run.words.every((w) => lex.given.has(w.text.toLowerCase()) || lex.family.has(w.text.toLowerCase()) || w.kind === 'unknown');
  const speaker =
    quotedSpeech || (/^:\s*["“']?\p{Lu}[\p{Ll}'’]*\s+\p{L}/u.test(after) && lineStart && run.words.every((w) => !lex.wideVocabulary.has(w.text.toLowerCase())));
  const personVerb = PERSON_VERB.test(after);
  const labelAfter = /^\s*:/u.test(after);
  // The roles of a chat transcript ("Bot:", "User:") are labels, not speakers' names.
  if (labelAfter && run.words.length === 1 && CHAT_ROLES.test(run.words[0].text)) return 0;
  // Followed by a house number, or after "ul."/"corner of": a street named after a person ("Victor Hugo u. 49", "Joaquin Suarez 2906").
  if (STREET_AFTER.test(after) || /(?:\bul\.|\bcorner of|\bon)\s*$/iu.test(before)) return 0;
  // After a title every capitalised word is the name ("Mrs. Baker", "Mr. Spears").
  if (honorific && !lowerCase && words.length <= 3 && words.every((w) => !ORGANISATION_WORDS.has(w.text.toLowerCase()))) return words.length === 1 ? 0.8 : 0.9;
  // Ordinary words make it an organisation, a heading or a sentence ("Amazon Web Services", "Security Policy"),
  // except in the surname place after a given name that is no ordinary word ("Jane Doe", "Caleb Baker").
  const firstStrong = words.findIndex((w) => w.kind === 'strong');
  // After a name cue ("What's your name? Jildau S Bouts") a first word no dictionary knows opens the name as well.
  const firstName = firstStrong >= 0 ? firstStrong : cue || honorific ? words.findIndex((w) => w.kind === 'unknown') : -1;
  const surnameLike = (w: (typeof words)[number], i: number) =>
    w.kind === 'ordinary' && firstName >= 0 && i > firstName && i === words.length - 1 && /^\p{Lu}/u.test(w.text) && !ORGANISATION_WORDS.has(w.text.toLowerCase());
  if (ordinary > 0) {
    if (ordinary > 1 || words.length > 3 || !words.some(surnameLike)) return 0;
    return Math.min(1, 0.55 + (honorific ? 0.35 : cue ? 0.3 : personVerb || speaker ? 0.2 : 0));
  }
  // A name's own label ("Patient Name:", "Nom :") is no name, whatever a list holds.
  if (labelAfter && NAME_LABEL_WORD.test(words[words.length - 1].text)) return 0;
  // A field label ("Website:") unless the words are names.
  if (labelAfter && !speaker && strong + weak === 0) return 0;
  // Lower case: strong names only, or any non-ordinary word right after a name cue ("my name is caleb").
  if (lowerCase) {
    if (words.length > 2) return 0;
    // After a cue: words no dictionary knows (3+ letters), at least one of them a known name unless the cue says "name".
    const nameCue = /name\s*(?:is)?\s*[:\-,?]?\s*$/iu.test(before);
    const allNameLike = words.every((w) => (w.kind === 'strong' || w.kind === 'unknown') && w.text.length >= 3);
    if (cue || honorific) return allNameLike && (strong > 0 || nameCue) ? 0.75 : 0;
    if (quotedSpeech && words.length === 1) return 0.6;
    // One lower-case word of two or three letters ("hu", "ava") is a code or an abbreviation more often than a name.
    // One lower-case word alone in a text written in case ("via param⏎merge peers") is a parameter or a command, not a name.
    if (strong === words.length) return words.length === 2 ? 0.7 : personVerb ? 0.6 : words[0].text.length > 3 && !writtenInCase(text) ? 0.5 : 0;
    // "patricia desrosiers": a given name no dictionary knows, then a word no dictionary knows.
    if (words.length === 2 && words[0].kind === 'strong' && words[1].kind === 'unknown') return 0.6;
    return 0;
  }
  if (words.length === 1) {
    const [word] = words;
    // Two letters ("Re:", "Hi") are a name only after a cue.
    if (word.text.length <= 2 && !honorific && !cue) return 0;
    if (cue) return word.kind === 'place' ? 0.45 : 0.75;
    if (word.kind === 'strong') return speaker || personVerb ? 0.75 : 0.6;
    // "Name:", "Summary:" at a line start look like speakers: only a strong name is one.
    if (word.kind === 'unknown') {
      if (personVerb || speaker) return 0.6;
      // An initial before a word no dictionary knows ("by J. Oduvale"): a person signing with their initial.
      if (run.words[0].kind === 'initial' && /^\p{Lu}\p{Ll}{2,}$/u.test(word.text)) return 0.6;
      // Mid-sentence, a word no dictionary knows shaped like a surname (Yefremova, Hartvigsson, Kowalczyk).
      if (!sentenceStart && SURNAME_SHAPE.test(word.text)) return weakCue ? 0.55 : 0.5;
      return 0;
    }
    if (word.kind === 'weak') return (personVerb && !sentenceStart) || quotedSpeech ? 0.6 : 0;
    return 0;
  }
  let score: number;
  if (strong >= 2) score = 0.85;
  else if (strong === 1 && weak + unknown >= 1) score = 0.8;
  else if (strong === 1) score = 0.6; // a name beside a place ("Caleb Paris"): the tagger and cues decide
  else if (weak >= 1 && unknown >= 1) score = 0.6;
  else if (weak >= 2) score = 0.4; // "Rose Garden", "Summer Meadow": product and place names more often than people
  else if (unknown >= 2) score = 0.5; // capitalised words no dictionary, name list or gazetteer knows
  else score = 0.2;
  score -= 0.25 * place;
  if (honorific) score += 0.35;
  else if (cue) score += 0.3;
  if (personVerb || speaker) score += 0.2;
  else if (weakCue) score += 0.05;
  return Math.max(0, Math.min(1, score));
}

/**
 * Whether the text is written in case: one word in twenty or more
 * capitalised (not counting "I"), and at least three such words. Chat
 * written all in lower case is not; manuals and letters are.
 */
function writtenInCase(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  const capitalised = words.filter((w) => w !== 'I' && /^\p{Lu}/u.test(w)).length;
  return capitalised >= 3 && capitalised * 20 >= words.length;
}

/** Whether a line holds cells before `start` (`|`, a tab, two spaces): the word there is a cell of a row, not half a name. */
function inCellOfRow(text: string, start: number): boolean {
  return /\||\t|[ ]{2}/u.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start));
}

/** Splits a matched stretch into runs: at ", " (a list) and at a line end unless the name continues on the next line. */
function runsIn(text: string, match: string, offset: number, lex: NameLexicon): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  let separator = '';
  for (const m of match.matchAll(/(\p{L}[^\s,]*)|(\n|, | )/gu)) {
    if (m[2] !== undefined) {
      separator = m[2];
      continue;
    }
    const word = { text: m[1], start: offset + m.index!, kind: kindOf(m[1], lex) };
    // After a particle a capitalised word is a surname even when it is also a word ("ten Pas", "van Dijk").
    const previous = current?.words[current.words.length - 1];
    if (previous?.kind === 'particle' && separator === ' ' && word.kind === 'ordinary' && /^\p{Lu}/u.test(word.text)) word.kind = 'unknown';
    const nameLike = (k: WordKind) => k === 'strong' || k === 'weak' || k === 'unknown' || k === 'initial' || k === 'particle';
    // A line end continues the run only after a single name word (a given name, the surname on the next line), between
    // name-like words both capitalised; a comma always ends it. After a full name the next line is a title or a company;
    // a word with a colon opening the next line is that line's label ("Server: Apache⏎Content-Type: text/html"); a row's last
    // cell ("Apellidos y nombre | Puesto") is no given name.
    const continues =
      current !== undefined &&
      separator !== ', ' &&
      (separator !== '\n' ||
        (!current.brokenOverLines &&
          current.words.filter((w) => w.kind !== 'initial').length === 1 &&
          current.words.every((w) => nameLike(w.kind) && /^\p{Lu}/u.test(w.text)) &&
          nameLike(word.kind) &&
          /^\p{Lu}/u.test(word.text) &&
          !/^\s*:/u.test(text.slice(word.start + word.text.length, word.start + word.text.length + 3)) &&
          !inCellOfRow(text, current.start)));
    // Case must agree inside a run: "Caleb smith" is two runs.
    const sameCase =
      current !== undefined && (word.kind === 'particle' || /^\p{Lu}/u.test(current.words.find((w) => w.kind !== 'particle')?.text ?? word.text) === /^\p{Lu}/u.test(word.text));
    // Lower-case words join only name-like ones: "olga krylova's killers" is "olga krylova" then ordinary words.
    const lowerNameLike = (k: WordKind) => k === 'strong' || k === 'unknown' || k === 'particle';
    const lowerJoins = current === undefined || /^\p{Lu}/u.test(word.text) || (lowerNameLike(word.kind) && current.words.every((w) => lowerNameLike(w.kind)));
    if (current && continues && sameCase && lowerJoins) {
      if (separator === '\n') current.brokenOverLines = true;
      current.words.push(word);
      current.end = word.start + word.text.length;
    } else {
      if (current) runs.push(current);
      current = { start: word.start, end: word.start + word.text.length, words: [word] };
    }
    separator = '';
  }
  if (current) runs.push(current);
  // A run holding an honorific starts after it — after the last one, with the words before it: German nouns are
  // capitalised too ("Ihre Patientin Frau Hedwig Brandt"); a trailing particle is no part of a name.
  return runs.flatMap((run) => {
    const lastTitle = run.words.slice(0, -1).findLastIndex((w) => isTitle(w.text, lex));
    if (lastTitle > 0) run.words.splice(0, lastTitle);
    while (run.words.length > 1 && isTitle(run.words[0].text, lex)) run.words.shift();
    while (run.words.length > 0 && run.words[run.words.length - 1].kind === 'particle') run.words.pop();
    // Ordinary words before the name ("The Steffen Mauer version", "Have") are not part of it.
    while (run.words.length > 1 && (run.words[0].kind === 'particle' || run.words[0].kind === 'ordinary')) run.words.shift();
    while (run.words.length > 0 && run.words[0].kind === 'particle') run.words.shift();
    if (run.words.length === 0) return [];
    const last = run.words[run.words.length - 1];
    return [{ ...run, start: run.words[0].start, end: last.start + last.text.length }];
  });
}

/** Every run of name-like words in `text` (what findPersons scores, and the person model too). */
export function candidateRuns(text: string, lex: NameLexicon): Run[] {
  return [...text.matchAll(RUN)].flatMap((m) => runsIn(text, m[0], m.index!, lex));
}

/** Whether a span's words are all name-like (not ordinary words, not only places). */
function nameLike(value: string, lex: NameLexicon): boolean {
  const kinds = (value.match(/\p{L}[\p{L}\p{M}'’.-]*/gu) ?? []).map((w) => kindOf(w, lex)).filter((k) => k !== 'particle' && k !== 'initial');
  return kinds.length > 0 && !kinds.includes('ordinary') && kinds.some((k) => k === 'strong' || k === 'unknown');
}

/** Person-name candidates in `text`; `resources` from personResources() (loaded once, on the first redaction). */
/**
 * The text in pieces for compromise's tagger, each at most this long: its matching grows faster than a
 * sentence's length, and a hostile page of 200,000 characters without a full stop held it for minutes.
 * Real sentences are far shorter, so pieces end where a sentence or paragraph does.
 */
const TAGGER_CHUNK_CHARS = 4_000;

/** `text` cut into pieces of at most {@link TAGGER_CHUNK_CHARS}: after a sentence's end at a line break or a blank line, else at a line break, else at the limit. */
export function taggerChunks(text: string): TextPiece[] {
  return textPieces(text, TAGGER_CHUNK_CHARS, (window) => {
    const sentence = Math.max(window.lastIndexOf('\n\n'), window.search(/[.!?]\s*\n(?![\s\S]*[.!?]\s*\n)/u));
    return sentence > 0 ? sentence + 1 : window.lastIndexOf('\n') + 1;
  });
}

export function findPersons(text: string, { lexicon: lex, tagger }: PersonResources): Candidate[] {
  const out: Candidate[] = [];
  for (const run of candidateRuns(text, lex)) {
    const score = scoreRun(text, run, lex);
    if (score > 0) out.push({ type: 'PERSON', start: run.start, end: run.end, score, rule: 'name-run' });
  }
  // Lists of people ("Eklund, Michael and Hodge"): a capitalised name-like word next to an accepted name in a comma/"and" list.
  const accepted = out.filter((c) => c.score >= 0.5);
  const LIST_GAP = /^(?:,\s*|\s+(?:and|&|or)\s+|,\s*(?:and|or)\s+)$/u;
  for (const m of text.matchAll(/\p{Lu}[\p{Ll}\p{M}'’-]+/gu)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (out.some((c) => c.start <= start && end <= c.end && c.score >= 0.5)) continue;
    const kind = kindOf(m[0], lex);
    // A name that is also a word or a place counts between two accepted names ("Morrison, Rogers and Torres"); one that
    // is no place, next to one ("Usamov and Bowers").
    const before = accepted.some((c) => LIST_GAP.test(text.slice(c.end, start)));
    const after = accepted.some((c) => LIST_GAP.test(text.slice(end, c.start)));
    const nameWord = kind === 'weak' && (lex.given.has(m[0].toLowerCase()) || lex.family.has(m[0].toLowerCase()));
    if (kind !== 'strong' && kind !== 'unknown' && !(nameWord && ((before && after) || !lex.places.has(m[0].toLowerCase())))) continue;
    if (before || after) {
      out.push({ type: 'PERSON', start, end, score: 0.55, rule: 'name-list' });
    }
  }
  // The tagger reads names from sentence context (verbs, titles, possessives); the lexicon must not contradict it.
  try {
    const people = taggerChunks(text).flatMap((chunk) =>
      (tagger(chunk.text).people().json({ offset: true }) as { offset: { start: number; length: number } }[]).map((p) => ({
        start: chunk.start + p.offset.start,
        length: p.offset.length,
      })),
    );
    for (const p of people) {
      let { start, length } = p;
      let value = text.slice(start, start + length);
      const honorific = /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Dame)\.?\s+/u.exec(value);
      if (honorific) {
        start += honorific[0].length;
        value = value.slice(honorific[0].length);
      }
      value = value.replace(/[\s,.;:]+$/u, '').replace(/['’]s$/u, '');
      if (!/^\p{Lu}/u.test(value) || /[-\n]/u.test(value.slice(-1)) || value.includes('\n') || !nameLike(value, lex)) continue;
      if (STREET_AFTER.test(text.slice(start + value.length, start + value.length + 24))) continue;
      out.push({ type: 'PERSON', start, end: start + value.length, score: 0.6, rule: 'tagger' });
    }
  } catch {
    // The tagger is a second opinion; the lexicon runs above still stand.
  }
  return out;
}

/** The longest name searched for again as another mention. */
const MAX_MENTION_CHARS = 80;

/**
 * Once a document names a person, every other mention of that name is the
 * same person: "Anna Westgård … Westgård said" or a name the cues found once
 * and the lexicon cannot find again. Adds the full name (a given name and a
 * surname also the other way round), and its distinctive
 * words (capitalised, 4+ letters, no common English word) wherever they occur
 * as whole words, at the score of the mention that was found.
 */
export function otherMentions(text: string, found: readonly Candidate[], lex: NameLexicon): Candidate[] {
  const terms = new Map<string, number>();
  for (const c of found) {
    if (c.type !== 'PERSON') continue;
    const value = text.slice(c.start, c.end).replace(/['’]s$/u, '');
    const words = value.split(/[\s,]+/u).filter((w) => /^\p{Lu}[\p{L}\p{M}'’-]{3,}$/u.test(w) && !lex.vocabulary.has(w.toLowerCase()) && !lex.places.has(w.toLowerCase()));
    // A given name and a surname also surname first, as a file name or a register writes them ("Quennell_Brisa_docs.zip").
    const pair = value.split(/\s+/u);
    const reversed = pair.length === 2 && pair.every((w) => /^\p{Lu}[\p{L}\p{M}'’-]+$/u.test(w)) ? [`${pair[1]} ${pair[0]}`] : [];
    for (const term of new Set([value, ...reversed, ...(value.includes(' ') ? words : [])].flatMap(nameInCases))) {
      // A name is a few words: a longer run (hostile text of capitalised words) is searched for by no pattern of its own.
      if (term.length >= 3 && term.length <= MAX_MENTION_CHARS) terms.set(term, Math.max(terms.get(term) ?? 0, c.score));
    }
  }
  return termsIn(text, terms).map(({ start, end, score }) => ({ type: 'PERSON', start, end, score, rule: 'same-name' }));
}

/**
 * A name as written and in the other cases a document prints names in: a caption or a header in capitals
 * ("ESTELLE BRISK, Plaintiff") and running text ("Plaintiff Brisk states…") name the same person.
 */
function nameInCases(name: string): string[] {
  const title = name.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
  // A full name also in lower case, as a user name or an address writes it ("ada.quell"); one word alone may be a word.
  return [name, name.toUpperCase(), title, ...(/\s/u.test(name) ? [name.toLowerCase()] : [])];
}

const LEADING_LETTERS = /^[\p{L}\p{M}]+/u;
const WORD_STARTS = /(?<![\p{L}\p{N}])[\p{L}\p{M}]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Every whole-word occurrence of the terms in `text`, their words apart by any white space or one `_`, `.` or `-`: one pass
 * over the words of the text, each looked up by its leading letters (not one search of the whole text
 * per term, which a directory of thousands of names made quadratic).
 */
function termsIn(text: string, terms: ReadonlyMap<string, number>): { start: number; end: number; score: number }[] {
  const byLead = new Map<string, { words: string[]; score: number }[]>();
  for (const [term, score] of terms) {
    const words = term.split(/\s+/u);
    const lead = LEADING_LETTERS.exec(words[0])?.[0];
    if (!lead) continue;
    byLead.set(lead, [...(byLead.get(lead) ?? []), { words, score }]);
  }
  const out: { start: number; end: number; score: number }[] = [];
  for (const m of text.matchAll(WORD_STARTS)) {
    for (const { words, score } of byLead.get(m[0]) ?? []) {
      const end = wordsAt(text, m.index, words);
      if (end !== undefined) out.push({ start: m.index, end, score });
    }
  }
  return out;
}

/** Where `words` end when they stand at `at`, apart by white space and followed by no letter or digit; undefined when they do not. */
function wordsAt(text: string, at: number, words: readonly string[]): number | undefined {
  let i = at;
  for (const [k, word] of words.entries()) {
    if (k > 0) {
      const gap = i;
      while (i < text.length && /\s/u.test(text.charAt(i))) i++;
      // A file name or handle writes the name's words one separator apart ("Brisa_Quennell-payslip.pdf").
      if (i === gap && /[_.-]/u.test(text.charAt(i))) i++;
      if (i === gap) return undefined;
    }
    if (!text.startsWith(word, i)) return undefined;
    i += word.length;
  }
  return LETTER_OR_DIGIT.test(text.charAt(i)) ? undefined : i;
}
