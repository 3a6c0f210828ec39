/**
 * Evidence that a capitalised word names software, a product or a project
 * rather than a person, read from the document around it: features of the
 * person model (person-model.ts), weighed by its learned weights against the
 * name evidence, never a rule of their own.
 *
 * - the same word elsewhere glued into a longer identifier (a CamelCase
 *   class name, "Word-OCR", "Word2") or written in lower case as a package,
 *   module or command name ("pip install word", "word.models") — people's
 *   names are not written so, except in e-mail addresses and URLs, which
 *   are left out;
 * - a version right after it ("Word v2", "Word 3.11");
 * - a long comma list of single capitalised words (languages, formats,
 *   engines), where people come as full names or in short lists;
 * - code-like tokens nearby (CamelCase, snake_case, dotted paths, flags).
 *
 * @module
 */

/** An identifier with an inner capital, an underscore, a dotted path or a leading "--": the shapes of code. */
const CODE_TOKEN = /(?<![\p{L}\p{N}])(?:\p{Ll}+\p{Lu}\p{L}*|\p{Lu}\p{Ll}+\p{Lu}\p{L}*|\p{L}+_[\p{L}\p{N}_]+|\p{Ll}{2,}\.\p{Ll}{2,}[\p{L}\p{N}_.]*|--?\p{Ll}[\p{Ll}-]+)(?![\p{L}\p{N}])/gu;
/** A name whose inner capital follows a prefix (McDowell, MacLeod, DeShawn, LaToya, O'Neil is not matched anyway): no code. */
export const PREFIXED_NAME = /^(?:Mc|Mac|De|Di|Da|La|Le|Van|Von|Fitz)\p{Lu}\p{Ll}+$/u;
/** A whitespace-delimited token that is an e-mail address or a web address: a name inside it is still a person's. */
const ADDRESS_TOKEN = /@|^(?:https?:|www\.)/iu;
/** A version right after a word: "v2", "3.11", "version 4". */
const VERSION_AFTER = /^[ \t]*(?:v\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)*|version[ \t]+\d)(?![\p{L}])/iu;

/** The whitespace-delimited token of `text` around offset `at`. */
function tokenAround(text: string, at: number): string {
  let start = at;
  let end = at;
  while (start > 0 && !/\s/u.test(text.charAt(start - 1))) start--;
  while (end < text.length && !/\s/u.test(text.charAt(end))) end++;
  return text.slice(start, end);
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `answer(text, word)`, worked out once per word of the last text read: every
 * run and every candidate of a word asks the same, and a document's runs
 * repeat words.
 */
function oncePerWord<T>(answer: (text: string, word: string) => T): (text: string, word: string) => T {
  let memo: { text: string; answers: Map<string, T> } | undefined;
  return (text, word) => {
    if (memo?.text !== text) memo = { text, answers: new Map() };
    if (memo.answers.has(word)) return memo.answers.get(word)!;
    const value = answer(text, word);
    memo.answers.set(word, value);
    return value;
  };
}

const lookUpOnce = oncePerWord((text, word) => lookUp(text, word));

/** Whether `word` (capitalised, 3+ letters) also stands in the text glued into a longer identifier, or in lower case as a token of code. */
export function writtenAsCode(text: string, word: string): { glued: boolean; lowerCase: boolean } {
  return word.length < 3 ? { glued: false, lowerCase: false } : lookUpOnce(text, word);
}

function lookUp(text: string, word: string): { glued: boolean; lowerCase: boolean } {
  const w = escape(word);
  let glued = false;
  // "WordDocument", "OcrWord", "Word-OCR", "Word2": the word inside an identifier (not a possessive, not a hyphenated double name).
  for (const m of text.matchAll(new RegExp(`(?:[\\p{L}\\p{N}_]${w}|${w}(?:\\p{Lu}|\\p{N}|_|-\\p{Lu}{2}))`, 'gu'))) {
    if (!ADDRESS_TOKEN.test(tokenAround(text, m.index!))) {
      glued = true;
      break;
    }
  }
  let lowerCase = false;
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word.toLowerCase())}(?![\\p{L}\\p{N}])`, 'gu'))) {
    if (!ADDRESS_TOKEN.test(tokenAround(text, m.index!))) {
      lowerCase = true;
      break;
    }
  }
  return { glued, lowerCase };
}

/** Whether a version number follows the run ("Word v2", "Word 3.11"). */
export const versionAfter = (text: string, end: number) => VERSION_AFTER.test(text.slice(end, end + 16));

/**
 * The comma list a run stands in: its line, and the lines before and after
 * it while the list wraps (a line that ends with a comma goes on on the next).
 */
function listAround(text: string, start: number, end: number): string[] {
  let lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = text.length;
  for (let i = 0; i < 8 && lineStart > 0 && /,[ \t]*$/u.test(text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1)); i++) {
    lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  }
  for (let i = 0; i < 8 && lineEnd < text.length && /,[ \t]*$/u.test(text.slice(lineStart, lineEnd)); i++) {
    const next = text.indexOf('\n', lineEnd + 1);
    lineEnd = next < 0 ? text.length : next;
  }
  return text.slice(lineStart, lineEnd).split(/,[ \t\n]*/u);
}

/** Whether the run is one item of a comma list of four or more single capitalised words (the list may wrap over lines). */
export function inLongList(text: string, start: number, end: number): boolean {
  const items = listAround(text, start, end);
  const single = items.filter((i) => /^(?:and[ \t]+)?\p{Lu}[\p{L}\p{M}'’-]+(?:[ \t]*\([^)]*\))?[ \t.]*$/u.test(i.trim()) || /[ \t]\p{Lu}[\p{L}\p{M}'’-]+$/u.test(i));
  return items.length >= 4 && single.length >= 4;
}

/**
 * The share of the other items of the run's comma list (three or more
 * items) that name a language ("…, Breton, Occitan, Sorbian"): 0 outside a
 * list. An item counts by its last word, before any parenthesis
 * ("Western Frisian", "Tamil (Sri Lanka)").
 */
export function languageListShare(text: string, start: number, end: number, isLanguage: (w: string) => boolean): number {
  const items = listAround(text, start, end);
  if (items.length < 3) return 0;
  const value = text.slice(start, end);
  const others = items.filter((i) => !i.includes(value));
  const languages = others.filter((i) => {
    const last = /(\p{L}[\p{L}\p{M}'’-]*)[ \t.]*(?:\([^)]*\))?[ \t.]*$/u.exec(i.replace(/^[ \t]*and[ \t]+/u, ''))?.[1];
    return last !== undefined && isLanguage(last.toLowerCase());
  });
  return others.length ? languages.length / others.length : 0;
}

/** Lower-case words after an article that do not make the word before them a modifier ("the Ada and …", "a Bo is …"). */
const NOT_A_HEAD_NOUN = new Set('and or of in on at to for with by from as is was are were has had have will would can could said says who which that than but nor'.split(' '));

/**
 * Whether `word` stands twice or more in the text as a modifier between an
 * article and a lower-case noun ("the Word document", "a Word pipeline"):
 * the way product and project names are written. Once is common for people
 * too ("the Brisk novel").
 */
export function attributiveUse(text: string, word: string): boolean {
  return word.length >= 3 && countsAsModifierOnce(text, word);
}

const countsAsModifierOnce = oncePerWord((text, word) => countsAsModifier(text, word));

function countsAsModifier(text: string, word: string): boolean {
  let uses = 0;
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])(?:the|a|an|The|A|An)[ \\t]+${escape(word)}[ \\t]+(\\p{Ll}{3,})(?![\\p{L}\\p{N}'’])`, 'gu'))) {
    if (!NOT_A_HEAD_NOUN.has(m[1]) && ++uses >= 2) return true;
  }
  return false;
}

/** Whether a code-shaped token stands within 100 characters of the run. */
export function codeNearby(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - 100);
  const window = text.slice(from, end + 100);
  // The token is read in the whole text: the window may begin inside an e-mail address, past its "@".
  for (const m of window.matchAll(CODE_TOKEN)) if (!ADDRESS_TOKEN.test(tokenAround(text, from + m.index!)) && !PREFIXED_NAME.test(m[0])) return true;
  return false;
}

/**
 * Whether a word stands alone three or more times in the text and never
 * beside a given name or a title: software and product names repeat so, a
 * person is named in full or addressed at least once.
 */
export function repeatedAlone(text: string, word: string, isGivenOrTitle: (w: string) => boolean): boolean {
  if (word.length < 3) return false;
  const hits = [...text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'gu'))];
  if (hits.length < 3) return false;
  return hits.every((m) => {
    const before = /(\p{L}+)\.?[ \t]+$/u.exec(text.slice(Math.max(0, m.index! - 20), m.index!))?.[1];
    return before === undefined || !/^\p{Lu}/u.test(before) || !isGivenOrTitle(before.toLowerCase());
  });
}

/**
 * Words of software documentation, written for this feature (general vocabulary, no document's): what a page about
 * installing, running and operating software says around its product names, and a letter or a contract rarely does.
 */
const SOFTWARE_WORDS = new Set(
  (
    'install installs installed installing installation run runs running runner build builds built deploy deploys deployed deployment ' +
    'server servers plugin plugins library libraries config configure configured configuration api apis cli command commands package packages ' +
    'module modules release releases repository repo branch branches commit commits merge test tests testing suite cluster clusters container ' +
    'containers database databases query queries cache queue queues worker workers job jobs pipeline pipelines stream streams log logs logging ' +
    'metrics dashboard dashboards endpoint endpoints backend backends frontend framework frameworks script scripts upgrade upgrades binary ' +
    'runtime docker json yaml http https sdk debug compile compiler source file files directory option options flag flags parameter parameters ' +
    'default version versions changelog dependency dependencies restart reload timeout thread threads process processes memory cpu gpu ' +
    'service services daemon host hosts port ports tool tools toolkit engine engines driver drivers format formats schema schemas tables ' +
    'notebook notebooks parser parsers import export exports function functions class classes method methods object objects array ' +
    'string integer null bug bugs fix fixes patch patches issue issues linux windows macos terminal shell console browser client clients'
  ).split(' '),
);

/** A version ("1.4", "v2", "3.11.0"), a path ("/etc/app", "src/main.ts") or a command line ("$ make", "npm test"). */
const TECHNICAL_TOKEN = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])(?:v?\d+\.\d+(?:\.\d+)*`,
    String.raw`(?:\.{0,2}\/)?[\p{L}\p{N}_.-]+\/[\p{L}\p{N}_./-]+`,
    String.raw`\$[ \t]+\p{Ll}+`,
    String.raw`(?:npm|pip|apt|git|make|cargo|go|yarn|brew)[ \t]+\p{Ll}+)(?![\p{L}\p{N}])`,
  ].join('|'),
  'gu',
);

/** Technical signals per 100 words from which a text counts as fully technical (the feature is capped at 1). */
const FULLY_TECHNICAL_PER_100_WORDS = 12;

let registerMemo: { text: string; value: number } | undefined;

/**
 * How technical the whole text reads, 0 to 1: its software words, code-shaped
 * tokens, versions, paths and command lines per 100 words, capped. A lone
 * capitalised word on a page about servers and plugins names a product more
 * often than one in a letter does; the person model weighs this against the
 * word's own name evidence. Worked out once per text (every run asks).
 */
export function technicalRegister(text: string): number {
  if (registerMemo?.text === text) return registerMemo.value;
  const words = text.match(/\p{L}[\p{L}\p{N}'’_-]*/gu) ?? [];
  let signals = words.filter((w) => SOFTWARE_WORDS.has(w.toLowerCase())).length;
  // An e-mail or web address is no code (a mail header's addresses would make every letter technical).
  const code = (re: RegExp) => [...text.matchAll(re)].filter((m) => !ADDRESS_TOKEN.test(tokenAround(text, m.index!))).length;
  signals += code(CODE_TOKEN) + code(TECHNICAL_TOKEN);
  const value = words.length === 0 ? 0 : Math.min(1, (100 * signals) / words.length / FULLY_TECHNICAL_PER_100_WORDS);
  registerMemo = { text, value: Math.round(value * 1000) / 1000 };
  return registerMemo.value;
}
