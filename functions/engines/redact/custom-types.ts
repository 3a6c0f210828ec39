/**
 * Recognizers for caller-defined PII types (`pii_config.types`), built from
 * the type's free-text `description`, so the description really steers
 * detection:
 *
 * - **examples** written in it (quoted, or after "e.g." / "such as" /
 *   "like" / "example"): each example's shape becomes a pattern (letters →
 *   letters, digits → digits, punctuation kept), so `"EMP-20391"` finds
 *   `EMP-88812`;
 * - **formats** spelled with placeholders (`AAA-9999`, `XX-####`,
 *   `format: LLL999`): `A`/`L`/`X` stand for a letter, `9`/`#`/`N`/`D` for a digit;
 * - (raw regular expressions are not taken: a caller's pattern could
 *   backtrack for minutes over a long document; shapes and formats compile
 *   to patterns without nested repetition);
 * - **cue words** (the description's content words, and the type's name
 *   split into words): a value right after a cue ("Employee ID: 48213")
 *   is taken even without a known shape, and shape matches near a cue
 *   score higher.
 *
 * @module
 */
import { CONTEXT_BOOST, hasContext, cues as cueWords, type Candidate, type Recognizer } from './recognizers.ts';

export interface CustomTypeDefinition {
  readonly name: string;
  readonly description: string;
}

const STOP_WORDS = new Set(
  'a an the of and or for to in on at by with from as is are be was were this that these those it its any all some such e g eg example examples like format formats e.g. i.e. ie number numbers code codes id value values written looks look usually often always may can e.g e.g.: which who whose where when what than then our their your his her them they we you use used appear appears appearing document documents text string strings letter letters digit digits followed character characters prefix suffix starting starts start ending ends end'.split(
    ' ',
  ),
);

/** Turns an example value into a pattern of its shape. */
export function shapeOf(example: string): string {
  let out = '';
  for (const ch of example) {
    if (/\p{Lu}/u.test(ch)) out += '\\p{Lu}';
    else if (/\p{Ll}/u.test(ch)) out += '\\p{Ll}';
    else if (/\p{N}/u.test(ch)) out += '\\d';
    else if (/\s/.test(ch)) out += '\\s';
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); // '-' and '/' need no escape outside a class (and may not have one under the u flag)
  }
  // Runs of one class become a range around the example's length (a 5-digit example matches 4–6 digits).
  return out.replace(/((?:\\p\{Lu\}|\\p\{Ll\}|\\d))(\1)+/gu, (run, unit: string) => {
    const n = run.length / unit.length;
    return `${unit}{${Math.max(1, n - 1)},${n + 1}}`;
  });
}

/** A placeholder format (AAA-9999) as a pattern. */
export function formatToPattern(format: string): string {
  let out = '';
  for (const ch of format) {
    if ('ALX'.includes(ch)) out += '\\p{L}';
    else if ('9#ND'.includes(ch)) out += '\\d';
    else out += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); // '-' and '/' need no escape outside a class (and may not have one under the u flag)
  }
  return out;
}

function examplesIn(description: string): string[] {
  const found = new Set<string>();
  for (const m of description.matchAll(/["“'‘`]([^"”'’`]{2,40})["”'’`]/gu)) found.add(m[1].trim());
  for (const m of description.matchAll(/(?:e\.g\.|eg\.|such as|like|example[s]?:?|for instance|i\.e\.)\s*(?::\s*)?([^,;()\n]+)/giu)) {
    for (const part of m[1].split(/\s+(?:or|and)\s+|,\s*/u)) {
      const value = part.trim().replace(/[.)]$/, '');
      // An example is one token with a digit or a mix of letters and punctuation, not prose.
      if (value && !/\s/.test(value) && /[\p{N}]|[-_/.#]/u.test(value)) found.add(value);
    }
  }
  return [...found].filter((v) => /[\p{N}]/u.test(v) || /[-_/#]/.test(v));
}

const LETTER_PLACEHOLDERS = 'ALX';
const DIGIT_PLACEHOLDERS = '9#ND';
const FORMAT_SEPARATORS = '-./ ';
/** Longer "formats" are prose in capitals, not a value's shape (and a long pattern costs its length at every word of the document). */
const MAX_FORMAT_LENGTH = 40;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
const isPlaceholder = (ch: string | undefined) => ch !== undefined && (LETTER_PLACEHOLDERS.includes(ch) || DIGIT_PLACEHOLDERS.includes(ch));

/**
 * Placeholder formats written in the description (`AAA-9999`, `XX.####`):
 * runs of placeholder characters joined by at most one separator, standing
 * alone as a word. Scanned by hand in one pass, not with a regular
 * expression: the caller writes this text, and a pattern with a repeated
 * group of repeated classes backtracks exponentially on `"A" × 30 + "z"`.
 * Each character is visited a bounded number of times: a start that finds
 * no valid end skips past the whole chain it scanned (every later start in
 * that chain would end the same way).
 */
export function formatsIn(description: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < description.length) {
    if (!isPlaceholder(description[i]) || isWordChar(description[i - 1])) {
      i++;
      continue;
    }
    // The chain: placeholders, single separators between them.
    let j = i;
    let placeholders = 0;
    let lastValidEnd = -1;
    while (j < description.length) {
      if (isPlaceholder(description[j])) {
        j++;
        placeholders++;
        if (placeholders >= 2 && !isWordChar(description[j])) lastValidEnd = j;
      } else if (FORMAT_SEPARATORS.includes(description[j]) && isPlaceholder(description[j + 1])) j++;
      else break;
    }
    if (lastValidEnd < 0) {
      i = Math.max(j, i + 1);
      continue;
    }
    const f = description.slice(i, lastValidEnd);
    i = lastValidEnd;
    const hasLetter = [...LETTER_PLACEHOLDERS].some((c) => f.includes(c));
    const hasDigit = [...DIGIT_PLACEHOLDERS].some((c) => f.includes(c));
    // Needs both a letter and a digit placeholder, or digit placeholders with a separator, to be a format and not a word.
    const isFormat = (hasLetter && hasDigit) || (/[9#]/.test(f) && /[-./]/.test(f)) || /^[9#]{3,}$/.test(f);
    if (isFormat && f.length <= MAX_FORMAT_LENGTH) out.push(f);
  }
  return out;
}

function cueWordsOf(type: CustomTypeDefinition): string[] {
  const fromName = type.name.split(/[_\s-]+/).map((w) => w.toLowerCase()).filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  const fromDescription = (type.description.replace(/["“'‘`][^"”'’`]{0,80}["”'’`]/gu, ' ').match(/\p{L}[\p{L}'-]+/gu) ?? [])
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w));
  return [...new Set([...fromName, ...fromDescription])];
}

export function customRecognizer(type: CustomTypeDefinition): Recognizer {
  // Built from caller text: a pattern that does not compile is dropped, never an error.
  const compile = (source: string): RegExp[] => {
    try {
      return [new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'gu')];
    } catch {
      return [];
    }
  };
  const shapes = [
    ...examplesIn(type.description).flatMap((e) => compile(shapeOf(e))),
    ...formatsIn(type.description).flatMap((f) => compile(formatToPattern(f))),
  ];
  const words = cueWordsOf(type);
  const context = cueWords(...words);
  const label = words.length
    ? new RegExp(`(?:^|[^\\p{L}])(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:\\s+(?:id|no|number|#|code))?\\s*[:#]\\s*([\\p{L}\\p{N}][\\p{L}\\p{N}./_-]{1,39})`, 'giu')
    : undefined;
  return {
    type: type.name,
    find(text) {
      const out: Candidate[] = [];
      for (const shape of shapes) {
        for (const m of text.matchAll(shape)) {
          if (!m[0].trim()) continue;
          const start = m.index!;
          const end = start + m[0].length;
          out.push({ type: type.name, start, end, score: Math.min(1, 0.55 + (hasContext(text, start, end, context) ? CONTEXT_BOOST : 0)), rule: 'custom-shape' });
        }
      }
      if (label) {
        for (const m of text.matchAll(label)) {
          const value = m[1];
          const start = m.index! + m[0].lastIndexOf(value);
          // A label followed by a plain word ("Name: see below") is weaker than one followed by an id-like value.
          const idLike = /\p{N}/u.test(value);
          out.push({ type: type.name, start, end: start + value.length, score: idLike ? 0.75 : 0.5, rule: 'custom-label' });
        }
      }
      return out;
    },
  };
}
