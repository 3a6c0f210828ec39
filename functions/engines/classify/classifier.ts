/**
 * Document classification: built-in classes are scored by a learned linear
 * model (hashed words, titles and layout cues, `features.ts`; weights in
 * classify-model.json, `npm run train -- classify`) plus the evidence of each
 * class's phrases and description; a caller's own classes (a description, no
 * examples) by the description's distinctive words, anchored against the best
 * learned class. Scores become probabilities by a temperature softmax whose
 * temperatures were all fitted out of fold at training and ship in the model
 * file: one for learned classes, a wider one when the answer is a class that
 * leans on generated documents (few real examples, so a less certain answer),
 * and one for sets of described classes only, which compete with a "none of
 * these" option, so confidences sum to at most 1.
 *
 * @module
 */
import { BUILT_IN_CLASSES, BUILT_IN_NEIGHBORS, type BuiltInClass, type ClassDefinition } from './classes.ts';
import { featuresOf } from './features.ts';
import { classifierModel, logitsOf, type LinearModel } from './model.ts';

export type Depth = 'fast' | 'balanced' | 'thorough';

export interface ClassifyPage {
  readonly pageNumber: number;
  readonly text: string;
  /** Page size (any unit; the learned model reads the aspect ratio). */
  readonly width?: number;
  readonly height?: number;
  /** File kind of the document (`pdf`, `png`, `xlsx`, …): the learned model reads it as a layout cue. */
  readonly kind?: string;
}

export interface ClassifierOptions {
  readonly classes: readonly ClassDefinition[];
  readonly depth: Depth;
  readonly systemInstruction?: string;
  /** Domains the caller works in (`domain_options`). */
  readonly domains?: readonly string[];
  /** Label → labels it is often confused with. */
  readonly neighbors?: Readonly<Record<string, readonly string[]>>;
  /** Returned when no class has enough evidence. */
  readonly nonDomainLabel: string;
  /** Returned instead of a class outside `domains` (when set). */
  readonly nonDomainExitLabel?: string;
  /** Softmax temperature. @default the model file's out-of-fold temperature for the depth and kind of answer */
  readonly temperature?: number;
  /** The learned model; `null` scores by descriptions only (training and tests). @default the committed model */
  readonly model?: LinearModel | null;
}

export interface Candidate {
  readonly label: string;
  readonly confidence: number;
}

export interface Classification {
  readonly label: string;
  readonly confidence: number;
  readonly candidates: readonly Candidate[];
  /** Combined logit per class (for tests and diagnostics). */
  readonly scores: Readonly<Record<string, number>>;
  /** Description evidence per class (split reads it: is a page's type certain?). */
  readonly evidence: Readonly<Record<string, number>>;
}

/**
 * Softmax temperature per depth for sets of described classes only, when the
 * model file carries none (older files): the fitted values of the committed
 * file live in `classify-model.json` (`custom_temperature`, fitted out of fold
 * on real and generated documents by `npm run train -- classify`).
 */
export const TEMPERATURES: Readonly<Record<Depth, number>> = { fast: 1.5, balanced: 0.75, thorough: 0.9 };
/** Evidence a class needs before it beats "none of these". */
export const MIN_EVIDENCE = 3;

const STOP = new Set(
  'a an the of and or for to in on at by with from as is are be was were this that these those it its any all some such which who whose where when what than then our their your his her them they we you i me my document documents page pages usually often typically contains contain containing including include includes e.g. eg etc like also may can will shall one two has have had not no yes'.split(
    ' ',
  ),
);

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => w.length > 2 && !STOP.has(w));
}

/** Occurrences of a phrase in lower-cased text, on word boundaries where the phrase starts/ends with a letter or digit. */
function countPhrase(text: string, phrase: string): number {
  let pattern = PHRASE_PATTERNS.get(phrase);
  if (!pattern) {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const start = /^[\p{L}\p{N}]/u.test(phrase) ? '(?<![\\p{L}\\p{N}])' : '';
    const end = /[\p{L}\p{N}]$/u.test(phrase) ? '(?![\\p{L}\\p{N}])' : '';
    pattern = new RegExp(`${start}${escaped}${end}`, 'gu');
    // Built-in phrases stay compiled; callers' phrases come and go, so the cache is bounded.
    if (PHRASE_PATTERNS.size > 5000) PHRASE_PATTERNS.clear();
    PHRASE_PATTERNS.set(phrase, pattern);
  }
  return (text.match(pattern) ?? []).length;
}
const PHRASE_PATTERNS = new Map<string, RegExp>();

/** A phrase found n times counts 1 + ln(n), at most 5 times: evidence, not volume. */
const saturate = (n: number) => (n <= 0 ? 0 : 1 + Math.log(Math.min(n, 5)));

/**
 * Classes from callers' descriptions (label → description), each judged
 * against the others and against `background` descriptions (the built-in
 * classes): a word several descriptions use is weak evidence. Each
 * description's words are computed once, so n classes cost O(n) words.
 */
export function classesFromDescriptions(entries: readonly (readonly [string, string])[], background: readonly string[] = []): ClassDefinition[] {
  const wordsOf = entries.map(([, d]) => contentWords(d));
  // How many descriptions use each word (each description counted once).
  const uses = new Map<string, number>();
  for (const words of [...wordsOf, ...background.map((d) => contentWords(d))]) for (const w of new Set(words)) uses.set(w, (uses.get(w) ?? 0) + 1);
  return entries.map(([label, description], i) => classFromWords(label, description, wordsOf[i], (w) => (uses.get(w) ?? 0) > 1));
}

/** A class from a caller's description: its distinctive words and two-word phrases, and its label as a title. */
export function classFromDescription(label: string, description: string, others: readonly string[]): ClassDefinition {
  const otherWords = new Set(others.flatMap((o) => contentWords(o)));
  return classFromWords(label, description, contentWords(description), (w) => otherWords.has(w));
}

function classFromWords(label: string, description: string, words: readonly string[], shared: (word: string) => boolean): ClassDefinition {
  const labelPhrase = label.replace(/[_-]+/g, ' ').toLowerCase();
  const phrases: Record<string, number> = { [labelPhrase]: 3 };
  for (const w of new Set(words)) phrases[w] = Math.max(phrases[w] ?? 0, shared(w) ? 0.6 : 1.5);
  for (let i = 0; i + 1 < words.length; i++) phrases[`${words[i]} ${words[i + 1]}`] = 1.5;
  for (const m of description.matchAll(/["“'‘]([^"”'’]{2,60})["”'’]/gu)) phrases[m[1].toLowerCase()] = 3;
  return { label, description, phrases, titles: [labelPhrase], domains: [] };
}

/**
 * Whether one of the first lines names the document: it starts with a title
 * ("Invoice #123", "Tax invoice") or is a short line containing it
 * ("Original — INVOICE"). A title inside a sentence ("please find our
 * invoice attached") does not count.
 */
export function hasTitle(head: string, titles: readonly string[]): boolean {
  const lines = head.split('\n').map((l) => l.trim().toLowerCase()).filter(Boolean);
  return titles.some((t) =>
    lines.some((line) => {
      if (countPhrase(line, t) === 0 || /[.!?]$/.test(line)) return false;
      // "Invoice number: 4471" and "Invoice date" are field labels, not titles.
      const after = line.slice(line.indexOf(t) + t.length).trim();
      if (/^(?:no\b|nr\b|number|date|#|id\b|total|amount|to\b|from\b|address)/.test(after)) return false;
      return line.startsWith(t) || line.split(/\s+/).length <= 4;
    }),
  );
}

/** Lines that are a field label waiting for a value: short, ending in a colon. */
const FIELD_LABEL = /^[^\n:]{1,40}:[ \t]*$/gmu;

function evidence(cls: ClassDefinition, text: string, head: string, depth: Depth): number {
  let score = 0;
  for (const [phrase, weight] of Object.entries(cls.phrases)) score += weight * saturate(countPhrase(text, phrase));
  if (cls.fieldLabelWeight && depth !== 'fast') score += cls.fieldLabelWeight * Math.min(10, (text.match(FIELD_LABEL) ?? []).length);
  // A title in the first lines names the document.
  const titleWeight = depth === 'thorough' ? 6 : 4;
  if (hasTitle(head, cls.titles)) score += titleWeight;
  return score;
}

function priors(cls: ClassDefinition, options: ClassifierOptions): number {
  let prior = 0;
  if (options.systemInstruction) {
    const instruction = options.systemInstruction.toLowerCase();
    const name = cls.label.replace(/_/g, ' ');
    // "bank statements" names the bank_statement class too.
    if (countPhrase(instruction, name) > 0 || countPhrase(instruction, `${name}s`) > 0) prior += 2;
    const vocabulary = new Set([...contentWords(cls.description), ...Object.keys(cls.phrases).flatMap((p) => contentWords(p))]);
    const shared = new Set(contentWords(instruction).filter((w) => vocabulary.has(w))).size;
    prior += Math.min(2, 0.5 * shared);
  }
  if (options.domains?.length && cls.domains.length) {
    prior += cls.domains.some((d) => options.domains!.includes(d)) ? 1 : -1;
  }
  return prior;
}

/** Scores two confusable classes only by what one says and the other does not. */
function separate(a: ClassDefinition, b: ClassDefinition, text: string): [number, number] {
  const only = (x: ClassDefinition, y: ClassDefinition) =>
    Object.entries(x.phrases)
      .filter(([p]) => !(p in y.phrases))
      .reduce((sum, [p, w]) => sum + w * saturate(countPhrase(text, p)), 0);
  return [only(a, b), only(b, a)];
}

function softmax(scores: readonly number[], temperature: number): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp((s - max) / temperature));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** Evidence at which a caller's class (described, no examples) ties with the best learned class. */
const CUSTOM_ANCHOR_EVIDENCE = 2;

/**
 * Weight of the description scorer's evidence beside the learned logits of
 * built-in classes, for a model file that does not carry its own (the
 * trained file records the weight chosen out of fold).
 */
export const DESCRIPTION_WEIGHT = 0.3;

const isLearned = (cls: ClassDefinition, model: LinearModel) =>
  model.labels.includes(cls.label) && BUILT_IN_CLASSES[cls.label as BuiltInClass]?.description === cls.description;

export interface ClassScores {
  readonly labels: readonly string[];
  /** Combined logits, before the temperature. */
  readonly logits: readonly number[];
  /** Description evidence per class (phrases, titles, priors). */
  readonly evidence: ReadonlyMap<string, number>;
  /** Whether any class was scored by the learned model. */
  readonly learned: boolean;
}

/**
 * Scores every class: built-in classes by the learned model's logits plus a
 * little of their description evidence; caller-defined classes (no
 * examples) by their description evidence alone, placed on the same scale
 * by anchoring "just enough evidence" (`MIN_EVIDENCE`) at the best learned
 * logit. `system_instruction` and `domain_options` priors add to both.
 */
export function scoreClasses(pages: readonly ClassifyPage[], options: ClassifierOptions): ClassScores {
  const text = pages.map((p) => p.text).join('\n\n').toLowerCase();
  const head = (pages[0]?.text ?? '').split('\n').slice(0, 6).join('\n').toLowerCase();
  const evidenceOf = new Map<string, number>();
  for (const cls of options.classes) evidenceOf.set(cls.label, evidence(cls, text, head, options.depth));
  const model = options.model === undefined ? classifierModel() : options.model;
  const learnedClasses = model ? options.classes.filter((c) => isLearned(c, model)) : [];
  const logits = new Map<string, number>();
  if (model && learnedClasses.length) {
    const all = logitsOf(model, featuresOf(pages));
    for (const cls of learnedClasses) logits.set(cls.label, all[model.labels.indexOf(cls.label)] + (model.descriptionWeight ?? DESCRIPTION_WEIGHT) * evidenceOf.get(cls.label)!);
  }
  const anchor = logits.size ? Math.max(...logits.values()) : 0;
  for (const cls of options.classes) {
    if (!logits.has(cls.label)) logits.set(cls.label, anchor + evidenceOf.get(cls.label)! - (logits.size ? CUSTOM_ANCHOR_EVIDENCE : MIN_EVIDENCE));
    logits.set(cls.label, logits.get(cls.label)! + priors(cls, options));
  }

  // thorough: each page votes too, so one long page cannot drown the others.
  if (options.depth === 'thorough' && pages.length > 1) {
    for (const page of pages) {
      const pageText = page.text.toLowerCase();
      let best: string | undefined;
      let bestScore = 0;
      for (const cls of options.classes) {
        const s = evidence(cls, pageText, pageText.split('\n').slice(0, 6).join('\n'), 'balanced');
        if (s > bestScore) [best, bestScore] = [cls.label, s];
      }
      if (best && bestScore >= MIN_EVIDENCE) logits.set(best, logits.get(best)! + 0.5);
    }
  }

  // Confusable neighbours: decide between the top two by what only one of them says.
  // Built-in pairs only help the phrase scorer; the learned model has already weighed them.
  const neighbors = { ...(options.depth === 'thorough' && learnedClasses.length === 0 ? BUILT_IN_NEIGHBORS : {}), ...(options.neighbors ?? {}) };
  const ranked = [...logits].sort((a, b) => b[1] - a[1]);
  if (ranked.length >= 2) {
    const [first, second] = ranked;
    const paired = neighbors[first[0]]?.includes(second[0]) || neighbors[second[0]]?.includes(first[0]);
    if (paired && first[1] - second[1] < 4) {
      const a = options.classes.find((c) => c.label === first[0])!;
      const b = options.classes.find((c) => c.label === second[0])!;
      const [onlyA, onlyB] = separate(a, b, text);
      if (onlyB > onlyA) logits.set(second[0], first[1] + (onlyB - onlyA) / 2);
    }
  }
  const labels = [...logits.keys()];
  return { labels, logits: labels.map((l) => logits.get(l)!), evidence: evidenceOf, learned: learnedClasses.length > 0 };
}

/** Probabilities from logits at a temperature (numerically stable). */
export function softmaxAt(logits: readonly number[], temperature: number): number[] {
  return softmax(logits, temperature);
}

/** What the "nothing fits" decision reads of one scored document. */
export interface FitSignals {
  /** Whether any class was scored by the learned model. */
  readonly learned: boolean;
  /** Words of two or more letters or digits on the pages read. */
  readonly words: number;
  /** The top class's probability. */
  readonly topConfidence: number;
  /** The largest description evidence of any class. */
  readonly topEvidence: number;
  /** Without learned classes: the probability of "none of these". */
  readonly noneProbability?: number;
  /** The confidence below which an answer no phrase backs is "nothing fits" (training tries others). @default UNSUPPORTED_CONFIDENCE */
  readonly unsupportedConfidence?: number;
}

/**
 * Nothing fits: too few words to judge, or (learned classes) not one phrase of
 * any class behind an unsure answer or a handful of words, or (described classes only) "none of
 * these" at least as likely as the best class. One function for the service
 * and the evaluation, so the `other` rate measured is the one served.
 */
export function nothingFits(s: FitSignals): boolean {
  if (s.words < 3) return true;
  // A handful of words and not one phrase of any class leaves only the page's shape to judge by: too little.
  if (s.learned) return s.topEvidence < 1 && (s.topConfidence < (s.unsupportedConfidence ?? UNSUPPORTED_CONFIDENCE) || s.words < MIN_WORDS_WITHOUT_EVIDENCE);
  return s.topConfidence <= (s.noneProbability ?? 0);
}

/** Below this confidence, a learned answer with no phrase of any class behind it is "nothing fits". */
export const UNSUPPORTED_CONFIDENCE = 0.6;
/**
 * Below this many words, a learned answer needs a phrase of some class behind it. Was 12: cards, IDs,
 * slides and receipt photos of 8–11 words with no class phrase came back `other` (issue 41).
 */
export const MIN_WORDS_WITHOUT_EVIDENCE = 8;

/** Words of two or more letters or digits: what "too few words" counts. */
export function wordCount(pages: readonly { readonly text: string }[]): number {
  return pages.reduce((n, p) => n + (p.text.match(/[\p{L}\p{N}]{2,}/gu) ?? []).length, 0);
}

/**
 * The temperature of a learned answer: the model's for the depth, or its
 * wider one for a class that leans on generated documents (both fitted out
 * of fold). The top class is the same at any temperature; only how sure the
 * answer says it is changes.
 */
export function learnedTemperature(model: LinearModel, depth: Depth, topLabel: string | undefined): number {
  const generated = topLabel !== undefined && model.generatedLabels?.includes(topLabel) ? model.generatedTemperature?.[depth] : undefined;
  return generated ?? model.temperature[depth] ?? 1;
}

export function classifyText(pages: readonly ClassifyPage[], options: ClassifierOptions): Classification {
  const scored = scoreClasses(pages, options);
  const model = options.model === undefined ? classifierModel() : options.model;
  // Without learned classes, "none of these" competes at MIN_EVIDENCE (anchored at 0).
  const withNone = scored.learned ? scored.logits : [...scored.logits, 0];
  let top = 0;
  for (let i = 1; i < scored.logits.length; i++) if (scored.logits[i] > scored.logits[top]) top = i;
  const temperature =
    options.temperature ??
    (scored.learned && model ? learnedTemperature(model, options.depth, scored.labels[top]) : (model?.customTemperature?.[options.depth] ?? TEMPERATURES[options.depth]));
  const probabilities = softmax(withNone, temperature);
  const candidates = scored.labels
    .map((label, i) => ({ label, confidence: Math.round(probabilities[i] * 10_000) / 10_000 }))
    .sort((a, b) => b.confidence - a.confidence);
  const best = candidates[0];
  const scores = Object.fromEntries(scored.labels.map((l, i) => [l, Math.round(scored.logits[i] * 100) / 100]));
  const nothing =
    !best ||
    nothingFits({
      learned: scored.learned,
      words: wordCount(pages),
      topConfidence: probabilities[top],
      topEvidence: Math.max(0, ...scored.evidence.values()),
      noneProbability: scored.learned ? undefined : probabilities[withNone.length - 1],
    });
  if (nothing) {
    const none = scored.learned ? 1 - (best?.confidence ?? 0) : probabilities[withNone.length - 1];
    return { label: options.nonDomainLabel, confidence: Math.round(none * 10_000) / 10_000, candidates: candidates.slice(0, 5), scores, evidence: Object.fromEntries(scored.evidence) };
  }
  const topClass = options.classes.find((c) => c.label === best.label)!;
  const result = { confidence: best.confidence, candidates: candidates.slice(0, 5), scores, evidence: Object.fromEntries(scored.evidence) };
  if (options.nonDomainExitLabel && options.domains?.length && topClass.domains.length && !topClass.domains.some((d) => options.domains!.includes(d))) {
    return { label: options.nonDomainExitLabel, ...result };
  }
  return { label: best.label, ...result };
}
