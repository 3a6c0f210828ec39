/** Folds over sources and class-balanced weights of the classify trainer (scripts/train/classify-model.ts). */
import { describe, expect, it } from 'vitest';
import type { CorpusDocument } from '../../../scripts/train/classify-corpus.ts';
import { FIT_DEFAULTS, foldsOf, weightsOf } from '../../../scripts/train/classify-model.ts';

// Invented sources: one project's five invoices, another's three, two shops' receipts, single forms.
const doc = (source: string, label: string, group: string, origin = 'classification'): CorpusDocument => ({
  source,
  label,
  group,
  origin,
  pages: [{ text: source }],
});
const docs: CorpusDocument[] = [
  ...Array.from({ length: 5 }, (_, i) => doc(`a/inv${i}`, 'invoice', 'project-a:invoice')),
  ...Array.from({ length: 3 }, (_, i) => doc(`b/inv${i}`, 'invoice', 'project-b:invoice')),
  ...Array.from({ length: 4 }, (_, i) => doc(`shop1/${i}`, 'receipt', 'shop one:receipt', 'receipts')),
  ...Array.from({ length: 2 }, (_, i) => doc(`shop2/${i}`, 'receipt', 'shop two:receipt', 'receipts')),
  ...Array.from({ length: 6 }, (_, i) => doc(`forms/${i}`, 'form', `form ${i}:form`, 'forms')),
];

describe('Function: foldsOf', () => {
  it('keeps every document of a source in one fold and spreads a label over folds', () => {
    // Act
    const folds = foldsOf(docs, 3, 11);
    // Assess
    for (const group of new Set(docs.map((d) => d.group)))
      expect(new Set(docs.flatMap((d, i) => (d.group === group ? [folds[i]] : []))).size).toBe(1);
    expect(new Set(folds.filter((_, i) => docs[i].label === 'form')).size).toBe(3);
    expect(new Set(folds.filter((_, i) => docs[i].label === 'invoice')).size).toBe(2);
  });

  it('by document, splits a source across folds', () => {
    const folds = foldsOf(docs, 3, 11, 'document');
    expect(new Set(folds.filter((_, i) => docs[i].group === 'project-a:invoice')).size).toBeGreaterThan(1);
  });

  it('is seeded: the same seed gives the same folds', () => {
    expect(foldsOf(docs, 3, 5)).toEqual(foldsOf(docs, 3, 5));
  });
});

describe('Function: weightsOf', () => {
  it('gives every class the same real weight, at most realMaxWeight per document, synthetic ones a fraction', () => {
    // Prepare
    const many = Array.from({ length: 60 }, (_, i) => doc(`r/${i}`, 'receipt', 'shop:receipt'));
    const few = [doc('p/1', 'pay_stub', 'p:pay_stub'), doc('p/2', 'pay_stub', 'p:pay_stub')];
    const one = [doc('c/1', 'contract', 'c:contract')];
    const synthetic = [doc('synthetic/pay_stub', 'pay_stub', 'synthetic', 'synthetic')];
    // Act
    const w = weightsOf([...many, ...few, ...one, ...synthetic], FIT_DEFAULTS);
    // Assess
    const total = (from: number, to: number) => w.slice(from, to).reduce((a, b) => a + b, 0);
    expect(total(0, 60)).toBeCloseTo(FIT_DEFAULTS.realCap, 5);
    expect(total(60, 62)).toBeCloseTo(Math.min(FIT_DEFAULTS.realCap, 2 * FIT_DEFAULTS.realMaxWeight), 5);
    expect(w[62]).toBe(FIT_DEFAULTS.realMaxWeight);
    expect(w[63]).toBe(FIT_DEFAULTS.syntheticWeight);
  });
});
