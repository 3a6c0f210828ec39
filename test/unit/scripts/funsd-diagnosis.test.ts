import { describe, expect, it } from 'vitest';
import { diagnosePairs, extraPairs, linkLosses, ocrWordsByEntity, wordRecall } from '../../../scripts/eval/funsd-diagnosis.ts';
import { textMatchCounts } from '../../../scripts/eval/funsd-text.ts';
import { cutExamples, formPage, type Form } from '../../../scripts/train/layout.ts';

/** An invented annotated form (FUNSD's shape): two labels, each linked to the value right of it. */
function form(): Form {
  const word = (text: string, x: number, y: number) => ({ text, box: [x, y, x + 8 * text.length, y + 12] });
  return {
    name: 'invented.json',
    width: 760,
    height: 1000,
    entities: [
      {
        id: 0,
        text: 'Lot number:',
        box: [60, 100, 160, 112],
        label: 'question',
        linking: [[0, 1]],
        words: [word('Lot', 60, 100), word('number:', 96, 100)],
      },
      { id: 1, text: 'QX-4471', box: [300, 100, 356, 112], label: 'answer', linking: [[0, 1]], words: [word('QX-4471', 300, 100)] },
      { id: 2, text: 'Shade:', box: [60, 200, 108, 212], label: 'question', linking: [[2, 3]], words: [word('Shade:', 60, 200)] },
      {
        id: 3,
        text: 'Pale green',
        box: [300, 200, 388, 212],
        label: 'answer',
        linking: [[2, 3]],
        words: [word('Pale', 300, 200), word('green', 340, 200)],
      },
    ],
  };
}

/** The form's page as an OCR would give it, with some words read otherwise. */
function readAs(misread: Record<string, string>) {
  const f = form();
  return formPage({ ...f, entities: f.entities.map((e) => ({ ...e, words: e.words.map((w) => ({ ...w, text: misread[w.text] ?? w.text })) })) });
}

describe('FUNSD diagnosis through OCR', () => {
  it('finds every pair of a form read without a slip', () => {
    // Prepare
    const page = readAs({});
    // Act
    const lost = diagnosePairs(form(), page);
    // Assess
    expect(lost).toEqual({ pairs: 2, found: 2, text: 0, segments: 0, link: 0 });
    expect(wordRecall(form(), page)).toEqual({ words: 6, found: 6, read: 6 });
  });

  it('puts a pair whose value the OCR misread down to text, and counts the word as found but not read', () => {
    // Prepare
    const page = readAs({ 'QX-4471': 'QX-447l' });
    // Act
    const lost = diagnosePairs(form(), page);
    // Assess
    expect(lost).toEqual({ pairs: 2, found: 1, text: 1, segments: 0, link: 0 });
    expect(wordRecall(form(), page)).toEqual({ words: 6, found: 6, read: 5 });
    expect(
      ocrWordsByEntity(form(), page)
        .get(1)
        ?.map((w) => w.text),
    ).toEqual(['QX-447l']);
  });

  it('learns a cut where the annotated entity under two neighbouring words of a line changes', () => {
    // Act
    const labels = cutExamples(form(), readAs({})).map((e) => e.y);
    // Assess: "Lot | number:" stays, "number: | QX-4471" and "Shade: | Pale" cut, "Pale | green" stays.
    expect(labels).toEqual([0, 1, 1, 0]);
  });
});

describe('FUNSD diagnosis from the words', () => {
  it('counts no extra pairs and no link losses on a form read as annotated', () => {
    // Prepare
    const page = readAs({});
    // Act / Assess
    expect(extraPairs(form(), page)).toEqual({});
    expect(linkLosses(form(), page)).toEqual({ no_value: 0, other_value: 0, value_taken: 0 });
  });

  it.each([
    // The second value read short: the label linked to a piece of its own answer.
    [{ green: '' }, { 'question→answer (its own, text differs)': 1 }],
    // The first value misread: the label linked to its own answer, spelt otherwise.
    [{ 'QX-4471': 'QX-447l' }, { 'question→answer (its own, text differs)': 1 }],
  ])('names an extra pair by the labels under its sides, and says when the link is right but the text is not (%j)', (misread, expected) => {
    // Prepare
    const page = readAs(misread);
    // Act
    const extra = extraPairs(form(), page);
    // Assess
    expect(extra).toEqual(expected);
  });
});

describe('FUNSD text comparisons', () => {
  it.each([
    // [annotated, predicted, exact, case_insensitive, normalised, similar]
    ['Lot number:', 'Lot number', true, true, true, true],
    ['QX-4471', 'qx-4471', false, true, true, true],
    ['QX-4471', 'QX 4471.', false, false, true, false], // two characters in seven differ: not similar
    ['Pale green', 'Pale  green', true, true, true, true],
    ['Pale green', 'Dark green', false, false, false, false],
  ])('compares %j with %j', (gold, read, exact, caseless, normalised, near) => {
    // Act
    const counts = textMatchCounts([[gold, 'x']], [[read, 'x']]);
    // Assess
    expect([counts.exact.tp, counts.case_insensitive.tp, counts.normalised.tp, counts.similar.tp]).toEqual(
      [exact, caseless, normalised, near].map(Number),
    );
  });

  it('matches each predicted pair to one annotated pair at most', () => {
    // Act
    const counts = textMatchCounts(
      [
        ['Shade', 'Pale green'],
        ['Shade', 'Pale green'],
      ],
      [['Shade:', 'Pale green']],
    );
    // Assess
    expect(counts.exact).toEqual({ tp: 1, predicted: 1, gold: 2 });
  });
});
