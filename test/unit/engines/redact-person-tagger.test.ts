/**
 * The person-name sequence tagger (person-tagger.ts): its decoding is exact,
 * the committed weights are well-formed, and in context it reads names the
 * rules miss while keeping places and organisations. Every sentence and
 * name here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import committed from '../../../functions/engines/redact/person-tagger.json' with { type: 'json' };
import { detectPii, personCandidates, vetoable, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { personResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { marginals, readPersons, tokenize, viterbi } from '../../../functions/engines/redact/person-tagger.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('CRF decoding', () => {
  // Three tokens, hand-made scores; transitions[3] is the start row. O → I and a start on I are impossible.
  const e = [
    [0.2, 1.1, -0.5],
    [0.4, 0.3, 0.9],
    [1.0, -0.2, 0.1],
  ];
  const trans = [
    [0.1, 0.2, 0],
    [0.3, -0.4, 0.5],
    [0.2, 0.1, 0.3],
    [0, 0.1, 0],
  ];
  const allowed = (path: number[]) => path[0] !== 2 && path.every((t, i) => i === 0 || !(t === 2 && path[i - 1] === 0));
  const score = (path: number[]) => path.reduce((s, t, i) => s + e[i][t] + trans[i === 0 ? 3 : path[i - 1]][t], 0);
  const paths = [0, 1, 2].flatMap((a) => [0, 1, 2].flatMap((b) => [0, 1, 2].map((c) => [a, b, c]))).filter(allowed);

  it('finds the best allowed path, as enumerating every path does', () => {
    const best = paths.reduce((x, y) => (score(y) > score(x) ? y : x));
    expect(viterbi(e, trans)).toEqual(best);
  });

  it('gives each token tag probabilities that match the enumerated distribution', () => {
    const z = paths.reduce((s, p) => s + Math.exp(score(p)), 0);
    const { unary } = marginals(e, trans);
    for (let i = 0; i < 3; i++) {
      for (let t = 0; t < 3; t++) {
        const expected = paths.filter((p) => p[i] === t).reduce((s, p) => s + Math.exp(score(p)), 0) / z;
        expect(unary[i][t]).toBeCloseTo(expected, 10);
      }
      expect(unary[i].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    }
    expect(unary[0][2]).toBe(0);
  });

  it('keeps character offsets and line ends in its tokens', () => {
    const text = 'Dear Ms. Orlaith,\nthanks!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Dear', 'Ms', '.', 'Orlaith', ',', 'thanks', '!']);
    expect(tokens.find((t) => t.text === 'thanks')?.newlineBefore).toBe(true);
  });
});

describe('committed tagger weights', () => {
  it('hold a threshold and a veto chosen in range, and a full transition table', () => {
    expect(committed.threshold).toBeGreaterThan(0.3);
    expect(committed.threshold).toBeLessThan(1);
    expect(committed.vetoBelow).toBeGreaterThanOrEqual(0);
    expect(committed.vetoBelow).toBeLessThanOrEqual(0.1);
    expect(committed.transitions).toHaveLength(4);
    expect(Object.keys(committed.weights).length).toBeGreaterThan(500);
    // Word identities are common words only: no feature names a person (the training names never reach the file).
    expect(Object.keys(committed.weights).some((f) => /(?:^|=)(?:tavish|quillmaren)\b/iu.test(f))).toBe(false);
  });
});

describe('names in context', () => {
  it('finds a cue-less unknown name mid-sentence that the rules alone miss', async () => {
    const text = 'It rained all week, but Quillmaren just has to get home early.';
    const resources = await personResources();
    expect(personCandidates(text, { ...resources, sequence: undefined }).filter((c) => c.score >= 0.5)).toEqual([]);
    expect(await persons(text)).toEqual(['Quillmaren']);
  });

  it('finds an unknown name opening a list of founders, beside names that are also words', async () => {
    const text = 'Our founders: Velloran, Graves and Reed.';
    const resources = await personResources();
    expect(personCandidates(text, { ...resources, sequence: undefined }).filter((c) => c.score >= 0.5)).toEqual([]);
    expect(await persons(text)).toContain('Velloran');
  });

  it('reads lower-case names from the words around them', async () => {
    const resources = await personResources();
    for (const [text, name] of [
      ['then zorvik said we should wait', 'zorvik'],
      ['sorry, brannoc, i can not make it', 'brannoc'],
    ]) {
      const spans = readPersons(text, resources.lexicon, resources.sequence!).spans.map((s) => text.slice(s.start, s.end));
      expect(spans).toEqual([name]);
    }
  });

  it('keeps places, organisations and ordinary words', async () => {
    for (const text of [
      'The pilots flew from Lisbon to Vienna on Monday.',
      'Tickets for Paris sold out; Amazon Web Services hosts the shop.',
      'The Rose Garden opens in May; tickets are sold in Vienna.',
      'Please review the payment terms before the quarterly report is filed.',
    ]) {
      expect(await persons(text)).toEqual([]);
    }
  });

  it('never vetoes a full name (two name words, one of them listed), only what could be a word or a firm', async () => {
    const { lexicon } = await personResources();
    const span = (text: string, value: string) => ({ type: 'PERSON', start: text.indexOf(value), end: text.indexOf(value) + value.length, score: 0.8, rule: 'name-run' });
    const signed = 'Managing director: Henrike Vorstrand';
    expect(vetoable(signed, span(signed, 'Henrike Vorstrand'), lexicon)).toBe(false);
    const film = 'Quorrigan is a 2017 film.';
    expect(vetoable(film, span(film, 'Quorrigan'), lexicon)).toBe(true);
  });
});

describe('tagger-only names', () => {
  it('are never two ordinary words run together (a product or a firm), whatever the context', async () => {
    const text = 'It rained all week, but Boatfrost just has to get home early.';
    const resources = await personResources();
    // The tagger alone reads it as a name (read as the cue-less name above); detection does not take it.
    expect(readPersons(text, resources.lexicon, resources.sequence!).spans.map((s) => text.slice(s.start, s.end))).toEqual(['Boatfrost']);
    expect(await persons(text)).toEqual([]);
  });
});
