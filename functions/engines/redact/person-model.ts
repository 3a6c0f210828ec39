/**
 * A learned second opinion on capitalised runs the name rules (names.ts)
 * leave below the threshold: a lone surname in running text ("… and Reed
 * were engineers"), the members of a list of people, a speaker or an
 * addressee without a cue. Logistic regression over features of the run
 * and its neighbourhood — lexicon kinds and membership, capitalisation,
 * position in the sentence and line, list structure, neighbouring cue and
 * verb words, organisation words after it, and the rules' own score — with
 * weights fitted by `npm run train -- redact` on generated text (templates
 * and names of its own, seeded; scripts/train/redact.ts) and committed as
 * JSON. It never sees a word's identity, only these features, so it cannot
 * learn the names of its training text.
 *
 * @module
 */
import weights from './person-model.json' with { type: 'json' };
import type { NameLexicon } from './name-lexicon.ts';
import { contextBefore, kindOf, NAME_CUE, ORGANISATION_WORDS, PERSON_VERB, scoreRun, STREET_AFTER, SURNAME_SHAPE, type Run } from './names.ts';
import type { Candidate } from './recognizers.ts';
import { attributiveUse, codeNearby, inLongList, languageListShare, repeatedAlone, technicalRegister, versionAfter, writtenAsCode } from './code-context.ts';

/** Feature names, in the order of the weight vector (the JSON records them too, and must agree). */
export const PERSON_FEATURES = [
  'bias',
  'rule_score',
  'one_word',
  'three_plus_words',
  'share_strong',
  'share_weak',
  'share_unknown',
  'share_place',
  'share_ordinary',
  'first_given',
  'last_family',
  'any_family_only',
  'surname_shape',
  'sentence_start',
  'line_start',
  'line_end',
  'list_next',
  'list_prev',
  'list_next_name_like',
  'list_prev_name_like',
  'organisation_word_after',
  'place_preposition_before',
  'person_verb_after',
  'be_verb_after',
  'colon_after',
  'comma_lower_after',
  'strong_cue',
  'weak_cue',
  'honorific',
  'speech_word_before',
  'possessive',
  'all_caps',
  'long_word',
  'the_before',
  'pronoun_after',
  'digits_before_on_line',
  'possessive_pronoun_after',
  'past_verb_preposition_before',
  'share_weak_only',
  'written_glued_elsewhere',
  'written_lower_case_elsewhere',
  'version_after',
  'long_list',
  'code_nearby',
  'numbered_line',
  'repeated_alone',
  'language_name',
  'language_list',
  'attributive_use',
  'technical_register',
  'technical_lone_word',
] as const;

const LIST_GAP_AFTER = /^(?:,\s*|\s+(?:and|&|or)\s+|,\s*(?:and|or)\s+)(\p{Lu}[\p{L}\p{M}'’-]*)/u;
const LIST_GAP_BEFORE = /(\p{Lu}[\p{L}\p{M}'’-]*)(?:,\s*|\s+(?:and|&|or)\s+|,\s*(?:and|or)\s+)$/u;
const PLACE_PREPOSITION = /(?:^|[^\p{L}])(?:at|in|from|of|near|into|across|for|with|via|on)\s+$/iu;
const BE_VERB = /^\s+(?:is|was|were|are|had|has|have|will|would|can|could|did|does|do|should|must|may|might)\b/u;
const SPEECH_BEFORE = /(?:^|[^\p{L}])(?:said|says|asked|asks|told|tells|replied|shouted|whispered|named|called|him|her|them|me|us|to|gave|given|met|meet|saw|see|thank|thanks|ask)\s+$/iu;

/** What opens a numbered line before its words: a Roman or Arabic number and its stop ("IV.", "2)", "3.1"). */
const NUMBERED_LINE = /^[ \t]*(?:[IVX]{1,4}|\d{1,2}(?:\.\d{1,2})*)[.)]?[ \t]+$/u;

/** The feature vector of a capitalised run (see PERSON_FEATURES). */
export function runFeatures(text: string, run: Run, lex: NameLexicon): number[] {
  const words = run.words.filter((w) => w.kind !== 'particle' && w.kind !== 'initial');
  const n = Math.max(1, words.length);
  const lower = (w: string) => w.toLowerCase().replace(/[’']s$/u, '');
  const share = (k: string) => words.filter((w) => w.kind === k).length / n;
  const { before, honorific, cue, weakCue } = contextBefore(text, run.start, lex);
  const after = text.slice(run.end, run.end + 40);
  const lineBefore = before.slice(before.lastIndexOf('\n') + 1);
  const nextWord = LIST_GAP_AFTER.exec(after)?.[1];
  const prevWord = LIST_GAP_BEFORE.exec(before)?.[1];
  const nameLike = (w: string | undefined) => w !== undefined && ['strong', 'weak', 'unknown'].includes(kindOf(w, lex));
  // The whole list a run stands in: "Hale, Ortiz and Brandt LLP" is a firm from its first word on. Only the
  // capitalised stretch after the run counts: "Dzhambek is from Quorra LLC" names a person and then a firm.
  const stretch = /^(?:(?:,[ \t]*|[ \t]+(?:and|&)[ \t]+|[ \t]+)\p{Lu}[\p{L}\p{M}'’.-]*){0,5}/u.exec(text.slice(run.end, run.end + 60))?.[0] ?? '';
  const followingWords = stretch.match(/\p{L}+/gu) ?? [];
  const first = words[0] ? lower(words[0].text) : '';
  const last = words.length ? lower(words[words.length - 1].text) : '';
  const value = text.slice(run.start, run.end);
  const asCode = words.map((w) => writtenAsCode(text, w.text.replace(/[’']s$/u, '')));
  const register = technicalRegister(text);
  const strongCue = cue || NAME_CUE.test(before);
  const speechBefore = SPEECH_BEFORE.test(before);
  const f: Record<(typeof PERSON_FEATURES)[number], number> = {
    bias: 1,
    rule_score: scoreRun(text, run, lex),
    one_word: words.length === 1 ? 1 : 0,
    three_plus_words: words.length >= 3 ? 1 : 0,
    share_strong: share('strong'),
    share_weak: share('weak'),
    share_unknown: share('unknown'),
    share_place: share('place'),
    share_ordinary: share('ordinary'),
    first_given: lex.given.has(first) ? 1 : 0,
    last_family: lex.family.has(last) ? 1 : 0,
    any_family_only: words.some((w) => lex.family.has(lower(w.text)) && !lex.given.has(lower(w.text))) ? 1 : 0,
    surname_shape: words.some((w) => SURNAME_SHAPE.test(w.text)) ? 1 : 0,
    sentence_start: /(?:^|[.!?]["”’]?\s+|\n\s*)$/u.test(before) ? 1 : 0,
    line_start: /^[\s>*-]*$/u.test(lineBefore) ? 1 : 0,
    line_end: /^[ \t]*(?:\n|$)/u.test(after) ? 1 : 0,
    list_next: nextWord ? 1 : 0,
    list_prev: prevWord ? 1 : 0,
    list_next_name_like: nameLike(nextWord) ? 1 : 0,
    list_prev_name_like: nameLike(prevWord) ? 1 : 0,
    organisation_word_after: followingWords.some((w) => ORGANISATION_WORDS.has(w.toLowerCase()) && /^\p{Lu}/u.test(w)) ? 1 : 0,
    place_preposition_before: PLACE_PREPOSITION.test(before) ? 1 : 0,
    person_verb_after: PERSON_VERB.test(after) ? 1 : 0,
    be_verb_after: BE_VERB.test(after) ? 1 : 0,
    colon_after: /^\s*:/u.test(after) ? 1 : 0,
    comma_lower_after: /^,\s+\p{Ll}/u.test(after) ? 1 : 0,
    strong_cue: strongCue ? 1 : 0,
    weak_cue: weakCue ? 1 : 0,
    honorific: honorific ? 1 : 0,
    speech_word_before: speechBefore ? 1 : 0,
    possessive: /^[’']s\b/u.test(after) || /[’']s$/u.test(value) ? 1 : 0,
    all_caps: value.length > 1 && value === value.toUpperCase() ? 1 : 0,
    long_word: words.some((w) => w.text.length >= 9) ? 1 : 0,
    the_before: /(?:^|[^\p{L}])the\s+$/iu.test(before) ? 1 : 0,
    // "Can I", "Will my", "May we": a modal verb that is also a name, asking a question.
    // An address or data line ("Apt. 397, Mora de Rubielos"): numbers before the run on its line.
    digits_before_on_line: /\d/u.test(lineBefore) ? 1 : 0,
    pronoun_after: /^\s+(?:I|you|we|my|your|our|someone|anyone|they|it|he|she|me|us|this|that|the)\b/u.test(after) ? 1 : 0,
    // "had given Alma his address": someone's own things follow a person.
    possessive_pronoun_after: /^\s+(?:his|her|their|him|them)\b/u.test(after) ? 1 : 0,
    // "shouted at Gary", "waved to Logan": a past-tense verb and a preposition before a person.
    past_verb_preposition_before: /(?:^|[^\p{L}])\p{L}{2,}ed\s+(?:at|to|with|for|by)\s+$/iu.test(before) ? 1 : 0,
    // Every word of the run is a name that is also an ordinary word or a place ("Reed", "Florence", "Frank").
    share_weak_only: words.length > 0 && words.every((w) => w.kind === 'weak') ? 1 : 0,
    // Software and product names (code-context.ts): the same word inside an identifier or in lower case elsewhere, a version after it, …
    written_glued_elsewhere: asCode.some((a) => a.glued) ? 1 : 0,
    written_lower_case_elsewhere: asCode.some((a) => a.lowerCase) ? 1 : 0,
    version_after: versionAfter(text, run.end) ? 1 : 0,
    long_list: words.length === 1 && inLongList(text, run.start, run.end) ? 1 : 0,
    code_nearby: codeNearby(text, run.start, run.end) ? 1 : 0,
    // A numbered line ("I. Word Word", "2.1 Word"): a heading or a list item; the number may have been read as an initial.
    repeated_alone: words.length === 1 && repeatedAlone(text, words[0].text.replace(/[’']s$/u, ''), (w) => lex.given.has(w) || lex.honorifics.has(w)) ? 1 : 0,
    // A language's name ("Breton"), or an item of a list of languages: some language names are people's names too.
    language_name: words.filter((w) => lex.languages.has(lower(w.text))).length / n,
    language_list: languageListShare(text, run.start, run.end, (w) => lex.languages.has(w)),
    // "the Word document", "a Word pipeline" here or elsewhere in the text: a product's name used as a modifier.
    attributive_use: words.length === 1 && attributiveUse(text, words[0].text.replace(/[’']s$/u, '')) ? 1 : 0,
    // How technical the whole page reads (code-context.ts technicalRegister), and that register on a lone word no
    // cue, title or speech verb introduces: on a page about servers and plugins such a word names a product more often.
    technical_register: register,
    technical_lone_word: words.length === 1 && !strongCue && !honorific && !speechBefore ? register : 0,
    numbered_line: NUMBERED_LINE.test(text.slice(text.lastIndexOf('\n', run.start - 1) + 1, words[0]?.start ?? run.start)) ? 1 : 0,
  };
  return PERSON_FEATURES.map((name) => f[name]);
}

export interface PersonModelWeights {
  readonly features: readonly string[];
  readonly weights: readonly number[];
  /** The probability from which the model's opinion becomes a candidate. */
  readonly threshold: number;
  /** Below this probability a run the rules accepted is dropped (chosen out of fold on dev by the trainer). */
  readonly vetoBelow: number;
}

export function probability(features: readonly number[], model: PersonModelWeights): number {
  let z = 0;
  for (let i = 0; i < features.length; i++) z += features[i] * model.weights[i];
  return 1 / (1 + Math.exp(-z));
}

/** The committed weights, checked on first use (not at import: the trainer imports this module to write new ones). */
let committed: PersonModelWeights | undefined;
function committedModel(): PersonModelWeights {
  if (committed) return committed;
  const model = weights as PersonModelWeights;
  if (model.features.join() !== PERSON_FEATURES.join()) throw new Error('person-model.json was trained on other features: run npm run train -- redact');
  committed = model;
  return model;
}

/** "I'm", "Don't", "C'mon", "N'": contractions are words, whatever the lexicon says. */
const CONTRACTION = /['’](?:m|t|d|ll|re|ve|mon)?$|^\p{L}['’]\p{Ll}{1,3}$/iu;

/** Whether the model reads this run at all: capitalised runs of at most four words (lower case is for the rules). */
export const modelReads = (run: Run) =>
  run.words.length <= 4 &&
  run.words.every((w) => /^\p{Lu}/u.test(w.text) && !CONTRACTION.test(w.text) && !ORGANISATION_WORDS.has(w.text.toLowerCase())) &&
  // Runs holding an ordinary word ("Grace Period"), or only names that are words ("Rose Garden"), stay the rules' to weigh.
  !run.words.some((w) => w.kind === 'ordinary') &&
  // At least one word that is a name and no ordinary word, or no word at all. Names that are also words ("Reed",
  // "Nora") alone were tried (trained and thresholded out of fold on dev): they added as many non-people as people.
  run.words.some((w) => (w.kind === 'strong' || w.kind === 'unknown') && w.text.length >= 3);


/** The rules' candidates the model is all but sure are no person (an organisation named after people, a place): dropped. */
export function modelVetoes(text: string, runs: readonly Run[], lex: NameLexicon, found: readonly Candidate[], model: PersonModelWeights = committedModel()): Candidate[] {
  return found.filter((c) => {
    if (c.type !== 'PERSON') return true;
    const run = runs.find((r) => r.start === c.start && r.end === c.end);
    if (!run || !modelReads(run)) return true;
    return probability(runFeatures(text, run, lex), model) >= model.vetoBelow;
  });
}

/** Candidates the model finds among runs the rules scored below `threshold` (their own candidates stand as they are). */
export function modelPersons(text: string, runs: readonly Run[], lex: NameLexicon, threshold: number, model: PersonModelWeights = committedModel()): Candidate[] {
  const out: Candidate[] = [];
  for (const run of runs) {
    // A street named after a person ("Victor Hugo u. 49") stays the address recognizer's.
    if (!modelReads(run) || STREET_AFTER.test(text.slice(run.end, run.end + 24))) continue;
    const features = runFeatures(text, run, lex);
    if (features[1] >= threshold) continue;
    const p = probability(features, model);
    if (p >= model.threshold) out.push({ type: 'PERSON', start: run.start, end: run.end, score: Math.max(threshold, Math.min(0.7, p)), rule: 'name-model' });
  }
  return out;
}

/**
 * The features that speak of software, products and languages rather than people (code-context.ts). Not long_list: a
 * long list of single words is as often people ("They had six: …"), and the tagger reads list structure itself.
 */
const PRODUCT_EVIDENCE: readonly (typeof PERSON_FEATURES)[number][] = [
  'written_glued_elsewhere',
  'written_lower_case_elsewhere',
  'version_after',
  'code_nearby',
  'numbered_line',
  'repeated_alone',
  'language_name',
  'language_list',
  'attributive_use',
  'technical_lone_word',
];
const PRODUCT_INDEXES = PRODUCT_EVIDENCE.map((f) => PERSON_FEATURES.indexOf(f));

/**
 * A one-word candidate's score with the page's product evidence weighed in:
 * for a name the rules or the sequence tagger found, or another mention of
 * a name found elsewhere, the candidate's score is the prior (the rules or
 * the tagger read the name and its sentence, or the name was found once),
 * and the person model's learned
 * weights of the product features (a list of languages, the word used as a
 * modifier, glued into identifiers, repeated alone, code nearby) shift its
 * log-odds. The person model's other features are not counted again: they
 * speak of the same name evidence the prior already holds. Longer spans, and
 * words the model does not read, keep their score.
 */
export function withProductEvidence<C extends { start: number; end: number; score: number }>(
  text: string,
  runs: readonly Run[],
  lex: NameLexicon,
  c: C,
  model: PersonModelWeights = committedModel(),
): C {
  const run = runs.find((r) => r.start === c.start && (r.end === c.end || /^[’']s$/u.test(text.slice(c.end, r.end))));
  if (!run || run.words.length !== 1 || !modelReads(run)) return c;
  const x = runFeatures(text, run, lex);
  const shift = PRODUCT_INDEXES.reduce((sum, i) => sum + x[i] * model.weights[i], 0);
  if (shift === 0) return c;
  const prior = Math.min(0.999, Math.max(0.001, c.score));
  return { ...c, score: 1 / (1 + Math.exp(-(Math.log(prior / (1 - prior)) + shift))) };
}
