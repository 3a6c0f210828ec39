/** The classify evaluation over several fold draws (scripts/eval/classify-draws.ts): seeds, mean ± sd, pooled recall. */
import { describe, expect, it } from 'vitest';
import type { CorpusDocument } from '../../../scripts/train/classify-corpus.ts';
import { drawFigures, drawSeeds, meanSd, pooledClasses } from '../../../scripts/eval/classify-draws.ts';

const doc = (source: string, label: string): CorpusDocument => ({ source, label, origin: 'classification', pages: [{ text: source }] });
const answer = (label: string, predicted: string, i: number) => ({ doc: doc(`${label}/${i}`, label), predicted });

describe('Function: drawSeeds', () => {
  it('starts with the seed itself, then distinct derived seeds, the same for the same seed', () => {
    // Act
    const seeds = drawSeeds(7, 5);
    // Assess
    expect(seeds[0]).toBe(7);
    expect(new Set(seeds).size).toBe(5);
    expect(drawSeeds(7, 5)).toEqual(seeds);
    expect(drawSeeds(11, 5).slice(1)).not.toEqual(seeds.slice(1));
    expect(drawSeeds(7, 0)).toEqual([7]);
  });
});

describe('Function: meanSd', () => {
  it.each([
    [[0.8, 0.9], 0.85, Math.sqrt(0.005)],
    [[0.5], 0.5, 0],
    [[1, 1, 1], 1, 0],
  ])('gives the mean and sample standard deviation of %j', (values, mean, sd) => {
    const got = meanSd(values);
    expect(got.mean).toBeCloseTo(mean, 9);
    expect(got.sd).toBeCloseTo(sd, 9);
  });
});

describe('Function: pooledClasses and drawFigures', () => {
  // Two draws of four invoices and two memos: the memos go to letter once, to other once.
  const draw1 = [...[0, 1, 2, 3].map((i) => answer('invoice', 'invoice', i)), answer('memo', 'letter', 0), answer('memo', 'memo', 1)];
  const draw2 = [
    ...[0, 1, 2].map((i) => answer('invoice', 'invoice', i)),
    answer('invoice', 'receipt', 3),
    answer('memo', 'other', 0),
    answer('memo', 'memo', 1),
  ];

  it('pools recall, the worst wrong class and the other rate over draws', () => {
    // Act
    const pooled = pooledClasses([...draw1, ...draw2]);
    // Assess
    expect(pooled.invoice).toEqual({ answers: 8, recall: 0.875, worst_wrong: 'receipt', worst_share: 0.125, other_rate: 0 });
    expect(pooled.memo).toMatchObject({ answers: 4, recall: 0.5, worst_share: 0.25, other_rate: 0.25 });
  });

  it('gives one draw balanced accuracy as mean per-class recall, and accuracy over documents', () => {
    const f = drawFigures(draw1);
    expect(f.balanced_accuracy).toBeCloseTo((1 + 0.5) / 2, 9);
    expect(f.accuracy).toBeCloseTo(5 / 6, 9);
  });
});
