/**
 * A linear-chain CRF over the tokens of a text, tagging person names as
 * B (first word), I (inside) or O — the part a per-run classifier cannot
 * do: it weighs a word together with its neighbours' decisions, so a single
 * name that is also a word ("Nora is very reliable"), an unknown name at a
 * sentence start, or a lower-case name in chat ("asked eric about it") can
 * be read from the words around it.
 *
 * Features of each token: its kind in the name lexicons (name-lexicon.ts:
 * given, family, place, common or wide vocabulary), its shape (Xxxx, xxxx,
 * XX, X.), surname endings, sentence and line position, the rules' score of
 * the run it stands in (names.ts), a name cue before it, and the same for
 * the neighbours two either side. Word identities are used only for common
 * English words that no name list holds ("told", "the", "is"): the model
 * never stores a name, so it cannot learn the names of its training text.
 *
 * Hand-written: three tags and a few thousand sparse features need only
 * forward–backward and Viterbi (below), and the npm CRF packages are
 * bindings to native CRFsuite, which the Lambda bundle would have to carry
 * per platform. Weights are fitted by `npm run train -- redact`
 * (scripts/train/redact-tagger.ts) and committed as person-tagger.json;
 * they are loaded once per process with the lexicons.
 *
 * @module
 */
import type { NameLexicon } from './name-lexicon.ts';
import { candidateRuns, kindOf, NAME_CUE, scoreRun, SURNAME_SHAPE } from './names.ts';

/** Tags: O outside a name, B its first word, I the words after. */
export const TAGS = ['O', 'B', 'I'] as const;
const T = TAGS.length;
/** O → I and a text starting with I are impossible. */
const FORBIDDEN = (prev: number, tag: number) => tag === 2 && (prev === 0 || prev === -1);

export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** A line end between this token and the one before. */
  readonly newlineBefore: boolean;
}

const TOKEN = /\p{L}[\p{L}\p{M}'’-]*|\p{N}+|[^\s\p{L}\p{N}]/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index!;
    out.push({ text: m[0], start, end: start + m[0].length, newlineBefore: text.slice(last, start).includes('\n') });
    last = start + m[0].length;
  }
  return out;
}

function shapeOf(word: string): string {
  if (/^\p{N}+$/u.test(word)) return 'd';
  if (!/^\p{L}/u.test(word)) return 'p';
  if (/^\p{Lu}$/u.test(word)) return 'X';
  if (/^\p{Lu}[\p{Lu}'’-]+$/u.test(word)) return 'XX';
  if (/^\p{Lu}\p{Ll}[\p{Ll}\p{M}'’]*-\p{Lu}/u.test(word)) return 'Xx-Xx';
  if (/^\p{Lu}[\p{Ll}\p{M}'’-]*$/u.test(word)) return 'Xx';
  if (/^[\p{Ll}\p{M}'’-]+$/u.test(word)) return 'x';
  return 'mixed';
}

const bare = (word: string) => word.toLowerCase().replace(/[’']s$/u, '');

/** Per-token description shared by the token's own features and its neighbours'. */
interface TokenInfo {
  /** The word itself when it is a common word no name list holds, or punctuation; else its kind. */
  readonly id: string;
  readonly kind: string;
  readonly shape: string;
}

function infoOf(token: Token, lex: NameLexicon): TokenInfo {
  const shape = shapeOf(token.text);
  if (shape === 'd') return { id: 'NUM', kind: 'num', shape };
  if (shape === 'p') return { id: token.text, kind: 'punct', shape };
  const w = bare(token.text);
  const kind = kindOf(token.text, lex);
  const common = lex.vocabulary.has(w) && !lex.given.has(w) && !lex.family.has(w);
  return { id: common ? w : `<${kind}>`, kind, shape };
}

/** Score bands of the rules (names.ts) for the run a token stands in. */
const band = (score: number | undefined) => (score === undefined ? 'none' : score === 0 ? 'zero' : score < 0.5 ? 'low' : score < 0.75 ? 'mid' : 'high');

/** The feature strings of every token of `text` (see the module comment). */
export function tokenFeatures(text: string, tokens: readonly Token[], lex: NameLexicon): string[][] {
  const info = tokens.map((t) => infoOf(t, lex));
  const runScore = new Map<number, { score: number; first: boolean; words: number }>();
  for (const run of candidateRuns(text, lex)) {
    const score = scoreRun(text, run, lex);
    run.words.forEach((w, i) => runScore.set(w.start, { score, first: i === 0, words: run.words.length }));
  }
  const sentenceStart = (i: number) => i === 0 || tokens[i].newlineBefore || /^[.!?:;"“]$/u.test(tokens[i - 1].text);
  return tokens.map((token, i) => {
    const me = info[i];
    const f: string[] = ['bias', `k=${me.kind}`, `sh=${me.shape}`, `id=${me.id}`, `k|sh=${me.kind}|${me.shape}`];
    if (me.kind !== 'num' && me.kind !== 'punct') {
      const w = bare(token.text);
      if (lex.given.has(w)) f.push('given');
      if (lex.family.has(w)) f.push('family');
      if (lex.places.has(w)) f.push('place');
      if (lex.vocabulary.has(w)) f.push('vocab');
      else if (lex.wideVocabulary.has(w)) f.push('wide-vocab');
      if (lex.honorifics.has(w.replace(/\.$/u, ''))) f.push('honorific');
      if (SURNAME_SHAPE.test(token.text.charAt(0).toUpperCase() + token.text.slice(1))) f.push('surname-shape');
      if (/[’']s$/u.test(token.text)) f.push('possessive');
      f.push(`len=${Math.min(4, Math.floor(w.length / 3))}`);
      const run = runScore.get(token.start);
      f.push(`rule=${band(run?.score)}`, `rule|k=${band(run?.score)}|${me.kind}`);
      if (run) f.push(`run-words=${Math.min(3, run.words)}`, `run-first=${run.first}`);
      if (NAME_CUE.test(text.slice(Math.max(0, token.start - 40), token.start))) f.push('cue', `cue|k=${me.kind}`);
    }
    const ss = sentenceStart(i);
    if (ss) f.push('sentence-start', `sentence-start|k=${me.kind}`, `sentence-start|sh=${me.shape}`);
    if (i === 0 || token.newlineBefore) f.push('line-start');
    if (i === tokens.length - 1 || tokens[i + 1].newlineBefore) f.push('line-end');
    for (const d of [-2, -1, 1, 2]) {
      const n = info[i + d];
      if (!n) {
        f.push(`id[${d}]=EDGE`);
        continue;
      }
      f.push(`id[${d}]=${n.id}`, `k[${d}]=${n.kind}`, `sh[${d}]=${n.shape}`);
      if (d === -1 || d === 1) f.push(`k|id[${d}]=${me.kind}|${n.id}`, `sh|sh[${d}]=${me.shape}|${n.shape}`);
    }
    const prev2 = info[i - 2];
    const prev1 = info[i - 1];
    const next1 = info[i + 1];
    const next2 = info[i + 2];
    if (prev2 && prev1) f.push(`id[-2..-1]=${prev2.id} ${prev1.id}`);
    if (next1 && next2) f.push(`id[1..2]=${next1.id} ${next2.id}`);
    return f;
  });
}

export interface PersonTaggerModel {
  /** Feature string → its weights for O, B, I. */
  readonly weights: Readonly<Record<string, readonly number[]>>;
  /** transitions[prev][tag], prev 3 = the text's start. */
  readonly transitions: readonly (readonly number[])[];
  /** The lowest confidence (mean probability of its tokens being in a name) at which a span is taken. */
  readonly threshold: number;
  /** A run the rules accepted none of whose tokens the tagger gives this probability of being in a name is dropped (0: no veto). */
  readonly vetoBelow: number;
}

/** Emission scores of every token, [i][tag]. */
export function emissions(features: readonly (readonly string[])[], weightOf: (feature: string) => readonly number[] | undefined): number[][] {
  return features.map((fs) => {
    const e = new Array<number>(T).fill(0);
    for (const name of fs) {
      const w = weightOf(name);
      if (w) for (let t = 0; t < T; t++) e[t] += w[t];
    }
    return e;
  });
}

const transition = (trans: readonly (readonly number[])[], prev: number, tag: number) => (FORBIDDEN(prev, tag) ? -Infinity : trans[prev === -1 ? 3 : prev][tag]);

function logSumExp(xs: readonly number[]): number {
  const m = Math.max(...xs);
  if (m === -Infinity) return -Infinity;
  let s = 0;
  for (const x of xs) s += Math.exp(x - m);
  return m + Math.log(s);
}

/** Forward–backward: per-token tag marginals [i][tag], pair marginals [i][prev][tag] (i ≥ 1), and log Z. */
export function marginals(e: readonly (readonly number[])[], trans: readonly (readonly number[])[]) {
  const n = e.length;
  const alpha: number[][] = [];
  const beta: number[][] = new Array(n);
  for (let i = 0; i < n; i++) {
    alpha.push(TAGS.map((_, t) => (i === 0 ? transition(trans, -1, t) + e[0][t] : logSumExp(TAGS.map((__, p) => alpha[i - 1][p] + transition(trans, p, t))) + e[i][t])));
  }
  for (let i = n - 1; i >= 0; i--) {
    beta[i] = TAGS.map((_, t) => (i === n - 1 ? 0 : logSumExp(TAGS.map((__, u) => transition(trans, t, u) + e[i + 1][u] + beta[i + 1][u]))));
  }
  const logZ = n === 0 ? 0 : logSumExp(alpha[n - 1]);
  const unary = alpha.map((a, i) => a.map((x, t) => Math.exp(x + beta[i][t] - logZ)));
  const pairs = alpha.map((_, i) =>
    i === 0 ? [] : TAGS.map((__, p) => TAGS.map((___, t) => Math.exp(alpha[i - 1][p] + transition(trans, p, t) + e[i][t] + beta[i][t] - logZ))),
  );
  return { unary, pairs, logZ };
}

/** The best tag sequence (Viterbi). */
export function viterbi(e: readonly (readonly number[])[], trans: readonly (readonly number[])[]): number[] {
  const n = e.length;
  if (n === 0) return [];
  const score: number[][] = [TAGS.map((_, t) => transition(trans, -1, t) + e[0][t])];
  const back: number[][] = [[]];
  for (let i = 1; i < n; i++) {
    const row: number[] = [];
    const from: number[] = [];
    for (let t = 0; t < T; t++) {
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < T; p++) {
        const s = score[i - 1][p] + transition(trans, p, t);
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      row.push(best + e[i][t]);
      from.push(arg);
    }
    score.push(row);
    back.push(from);
  }
  const path = new Array<number>(n);
  path[n - 1] = score[n - 1].indexOf(Math.max(...score[n - 1]));
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i][path[i]];
  return path;
}

export interface TaggedSpan {
  readonly start: number;
  readonly end: number;
  /** Mean probability that its tokens are inside a name. */
  readonly confidence: number;
}

export interface TaggerReading {
  /** The name spans of the best tag sequence, each with its confidence (every span, whatever the threshold). */
  readonly spans: readonly TaggedSpan[];
  /** The highest probability that a token starting in [start, end) is inside a name (undefined when none starts there). */
  inName(start: number, end: number): number | undefined;
}

/** Reads `text` once: the best tag sequence's name spans, and every token's probability of being in a name. */
export function readPersons(text: string, lex: NameLexicon, model: PersonTaggerModel): TaggerReading {
  const tokens = tokenize(text);
  if (tokens.length === 0) return { spans: [], inName: () => undefined };
  const e = emissions(tokenFeatures(text, tokens, lex), (f) => model.weights[f]);
  const path = viterbi(e, model.transitions);
  const inside = marginals(e, model.transitions).unary.map((u) => 1 - u[0]);
  const spans: TaggedSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (path[i] === 0) continue;
    let j = i;
    while (j + 1 < tokens.length && path[j + 1] === 2) j++;
    let sum = 0;
    for (let k = i; k <= j; k++) sum += inside[k];
    spans.push({ start: tokens[i].start, end: tokens[j].end, confidence: sum / (j - i + 1) });
    i = j;
  }
  const inName = (start: number, end: number) => {
    const ps = inside.filter((_, k) => tokens[k].start >= start && tokens[k].start < end);
    return ps.length ? Math.max(...ps) : undefined;
  };
  return { spans, inName };
}
