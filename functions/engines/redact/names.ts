/**
 * Person names: the part regexes cannot do. Three signals are combined:
 *
 * - compromise's tagger (`people()`), which reads a name from its context in
 *   the sentence (titles, verbs, possessives);
 * - its name lexicon (~3,200 given names, ~900 family names, many origins):
 *   a run of capitalised words on one line containing a known given or
 *   family name is a name unless its words are ordinary vocabulary
 *   ("Total Amount", "Invoice Date"), which keeps table headers and labels out;
 * - cues around the run: honorifics (Mr, Dr, Frau, Mme), and labels such as
 *   "Name:", "Patient:", "Dear", "Signed by", which make even an unknown
 *   name (Szöllösy) a name.
 *
 * @module
 */
import nlp from 'compromise';
import type { Candidate } from './recognizers.ts';

type Lexicon = Record<string, string | string[]>;

const NAME_TAGS = new Set(['MaleName', 'FemaleName', 'FirstName', 'LastName', 'Person']);

let lexicon: { given: Set<string>; family: Set<string>; vocabulary: Set<string>; honorifics: Set<string> } | undefined;

function loadLexicon() {
  if (lexicon) return lexicon;
  const words = (nlp.model() as { one: { lexicon: Lexicon } }).one.lexicon;
  const given = new Set<string>();
  const family = new Set<string>();
  const vocabulary = new Set<string>();
  const honorifics = new Set<string>();
  for (const [word, value] of Object.entries(words)) {
    const tags = [value].flat();
    if (tags.some((t) => t === 'MaleName' || t === 'FemaleName' || t === 'FirstName')) given.add(word);
    else if (tags.includes('LastName')) family.add(word);
    else if (tags.includes('Honorific')) honorifics.add(word.replace(/\.$/, ''));
    else if (!tags.some((t) => NAME_TAGS.has(t))) vocabulary.add(word);
  }
  for (const h of ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'herr', 'frau', 'mme', 'mlle', 'sr', 'sra', 'srta', 'don', 'doña', 'sig', 'sig.ra', 'dhr', 'mevr']) honorifics.add(h);
  lexicon = { given, family, vocabulary, honorifics };
  return lexicon;
}

/** Labels after which the next capitalised run is a person. */
/** Labels and phrases after which the next capitalised word is a person, even an unknown one. */
const NAME_CUE =
  /(?:^|[^\p{L}])(?:my name is|name is|named|called|i am|i'm|last name\??|first name\??|surname|given name|name|full name|patient|employee|customer|client|applicant|insured|policyholder|beneficiary|cardholder|card holder|account holder|holder|signed|signature|signed by|attn|attention|contact person|dear|prepared by|approved by|witness|guardian|spouse|nombre|nom|prénom|vorname|nachname|naam|nome|cognome|sehr geehrte[rn]?|estimado|estimada|cher|chère|gentile|geachte)\s*[:\-,]?\s*$/iu;
/** Weaker cues: they make a run of capitalised words more likely a person, never a single unknown word. */
const WEAK_CUE = /(?:^|[^\p{L}])(?:by|with|under|says|said|meet|ask for|talk to|speak to|mr|mrs|ms|from|to|and)\s*$/iu;

/** A capitalised word (incl. accented letters, O'Brien, Jean-Luc) or an initial. */
const TOKEN = "(?:\\p{Lu}[\\p{Ll}\\p{Lm}'’]+(?:-\\p{Lu}?[\\p{Ll}'’]+)?|\\p{Lu}\\.)";
/** Particles inside names: van, von, de, da, di, del, bin, al. */
const PARTICLE = '(?:van|von|der|den|de|da|di|del|della|du|le|la|bin|ibn|al|el|dos|das|ter|ten)';
const RUN = new RegExp(`${TOKEN}(?: (?:${PARTICLE} )?${TOKEN}){0,3}`, 'gu');

function scoreRun(text: string, start: number, tokens: string[]): number {
  const { given, family, vocabulary, honorifics } = loadLexicon();
  const lower = tokens.map((t) => t.toLowerCase().replace(/[’']s$/, ''));
  const words = lower.filter((t) => !t.endsWith('.'));
  if (words.length === 0) return 0;
  const before = text.slice(Math.max(0, start - 40), start);
  const honorific = /(?:^|[^\p{L}])(\p{L}{1,6})\.?\s*$/u.exec(before)?.[1]?.toLowerCase();
  const afterHonorific = honorific !== undefined && honorifics.has(honorific);
  const cue = NAME_CUE.test(before);
  const knownGiven = words.filter((w) => given.has(w)).length;
  const knownFamily = words.filter((w) => family.has(w)).length;
  const ordinary = words.filter((w) => vocabulary.has(w) && !given.has(w) && !family.has(w)).length;
  const after = text.slice(start + tokens.join(' ').length, start + tokens.join(' ').length + 24);
  // Speaker labels ("Nicole: …" at a line start) and verbs people do ("… lives at", "… says").
  const speaker = /^:\s/u.test(after) && /(?:^|\n)\s*[>*-]?\s*$/u.test(before);
  const personVerb = /^[,]?\s+(?:lives|lived|says|said|is from|was born|works|worked|wrote|will be|has been|told|asked|replied|spent|joined|founded|shouted|smiled|laughed|explained|met|married|moved|studied|graduated)\b/u.test(after);
  const known = knownGiven + knownFamily > 0;
  // "Website:", "Personal Info:", "Fax:" are field labels, not people.
  if (/^\s*:/u.test(after) && !known) return 0;
  if (words.length === 1) {
    // One word is a name with an honorific or a label right before it, or when the lexicon knows it.
    if (afterHonorific) return 0.75;
    if (ordinary) return 0;
    if (cue) return known ? 0.7 : 0.55;
    if (known && (speaker || personVerb)) return 0.7;
    if (personVerb) return 0.5;
    if (knownGiven) return 0.55;
    if (knownFamily) return 0.5;
    return 0;
  }
  let score = 0;
  if (knownGiven && knownFamily) score = 0.85;
  else if (knownGiven) score = 0.7;
  else if (knownFamily) score = 0.6;
  // Unknown capitalised words that are not vocabulary (Szöllösy, Nishiyama): most often a name.
  else if (ordinary === 0) score = 0.5;
  if (personVerb || speaker) score += 0.2;
  else if (WEAK_CUE.test(before)) score += 0.1;
  if (afterHonorific) score += 0.35;
  else if (cue) score += 0.3;
  // Ordinary vocabulary ("Total Amount Due", "Customer Service") is not a name.
  score -= 0.3 * ordinary;
  return Math.max(0, Math.min(1, score));
}

export function findPersons(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(RUN)) {
    const tokens = m[0].split(' ').filter((t) => !new RegExp(`^${PARTICLE}$`).test(t));
    let start = m.index!;
    let value = m[0];
    // An honorific at the start of the run is context, not part of the name.
    const { honorifics } = loadLexicon();
    while (tokens.length > 1 && honorifics.has(tokens[0].toLowerCase().replace(/\.$/, ''))) {
      const drop = value.indexOf(' ') + 1;
      start += drop;
      value = value.slice(drop);
      tokens.shift();
    }
    const score = scoreRun(text, start, tokens);
    if (score > 0) out.push({ type: 'PERSON', start, end: start + value.length, score, rule: 'name-run' });
  }
  // Lists of people ("Eklund, Michael and Hodge"): a capitalised word next to
  // a name in a comma/"and" list is a name too.
  const accepted = out.filter((c) => c.score >= 0.5);
  for (const m of text.matchAll(new RegExp(TOKEN, 'gu'))) {
    const start = m.index!;
    const end = start + m[0].length;
    if (out.some((c) => c.start <= start && end <= c.end && c.score >= 0.5)) continue;
    const { vocabulary } = loadLexicon();
    if (vocabulary.has(m[0].toLowerCase()) || m[0].endsWith('.')) continue;
    const listed = accepted.some(
      (c) => /^(?:,\s*|\s+(?:and|&|or)\s+|,\s*(?:and|or)\s+)$/u.test(text.slice(c.end, start)) || /^(?:,\s*|\s+(?:and|&|or)\s+|,\s*(?:and|or)\s+)$/u.test(text.slice(end, c.start)),
    );
    if (listed) out.push({ type: 'PERSON', start, end, score: 0.55, rule: 'name-list' });
  }
  // The tagger reads names from sentence context (verbs, titles, possessives).
  try {
    const people = nlp(text).people().json({ offset: true }) as { offset: { start: number; length: number }; text: string }[];
    for (const p of people) {
      let { start, length } = p.offset;
      let value = text.slice(start, start + length);
      const honorific = /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Dame)\.?\s+/u.exec(value);
      if (honorific) {
        start += honorific[0].length;
        value = value.slice(honorific[0].length);
      }
      value = value.replace(/[\s,.;:]+$/u, '').replace(/['’]s$/u, '');
      if (!/^\p{Lu}/u.test(value)) continue;
      out.push({ type: 'PERSON', start, end: start + value.trimEnd().length, score: 0.6, rule: 'tagger' });
    }
  } catch {
    // The tagger is a second opinion; the lexicon runs above still stand.
  }
  return out;
}
