import { describe, expect, it } from 'vitest';
import weights from '../../../functions/engines/layout/key-value-weights.json' with { type: 'json' };
import {
  KEY_FEATURES,
  KEY_VALUE_FEATURES,
  keyProbability,
  keyValuePairs,
  pageContext,
  segmentsOf,
} from '../../../functions/engines/layout/key-values.ts';
import { CUT_FEATURES, JOIN_FEATURES } from '../../../functions/engines/layout/kv-segments.ts';
import { findSelectionMarks } from '../../../functions/engines/layout/selection-marks.ts';
import { buildDocumentLayout } from '../../../functions/operations/parse-structure.ts';
import { box, buildPage, prose } from './page-builder.ts';

const pairsOf = (page: Parameters<typeof keyValuePairs>[0]) =>
  keyValuePairs(page, findSelectionMarks(page)).map((p) => [p.key.text, p.value?.text ?? null, p.source]);

describe('key-value pairs', () => {
  it('links labels to values on their line, below them, across a gap, and leaves an empty field null', () => {
    const page = buildPage({
      items: [
        { text: 'Applicant name: Rowan Example', x: 72, y: 100 },
        { text: 'Date of birth:', x: 72, y: 130 },
        { text: '14 March 1990', x: 72, y: 144 },
        { text: 'Reference:', x: 320, y: 130 },
        { text: 'QX-5521', x: 420, y: 130 },
        { text: 'Phone:', x: 72, y: 200 },
        { text: 'Signature:', x: 72, y: 260 },
      ],
    });
    expect(pairsOf(page)).toEqual([
      ['Applicant name', 'Rowan Example', 'layout'],
      ['Date of birth', '14 March 1990', 'layout'],
      ['Reference', 'QX-5521', 'layout'],
      ['Phone', null, 'layout'],
      ['Signature', null, 'layout'],
    ]);
  });

  it('pairs form fields with their labels, and labelled check boxes with their state', () => {
    const page = {
      ...buildPage({
        items: [
          { text: 'Employer', x: 72, y: 100 },
          { text: '☒ Full time', x: 72, y: 140 },
        ],
      }),
      formFields: [
        { name: 'employer', kind: 'text' as const, value: 'Northwind Pottery', bbox: box(160, 98, 400, 110) },
        { name: 'city', kind: 'text' as const, value: null, bbox: box(160, 118, 400, 130), tooltip: 'City' },
      ],
    };
    expect(pairsOf(page)).toEqual([
      ['Employer', 'Northwind Pottery', 'form_field'],
      ['City', null, 'form_field'],
      ['Full time', 'selected', 'selection_mark'],
    ]);
  });

  it('joins a value wrapped over two lines, beside its label or under it', () => {
    const wrapped = [
      { text: 'Parcel left with the neighbour at', y: 100 },
      { text: 'number twelve after two attempts', y: 112 },
    ];
    const beside = buildPage({
      items: [
        { text: 'Remarks:', x: 72, y: 100 },
        ...wrapped.map((l) => ({ ...l, x: 160 })),
        { text: 'Contact:', x: 72, y: 150 },
        { text: 'Mira Tollan', x: 160, y: 150 },
      ],
    });
    const under = buildPage({ items: [{ text: 'Remarks:', x: 72, y: 86 }, ...wrapped.map((l) => ({ ...l, x: 72 }))] });
    const value = 'Parcel left with the neighbour at number twelve after two attempts';
    expect(pairsOf(beside)).toEqual([
      ['Remarks', value, 'layout'],
      ['Contact', 'Mira Tollan', 'layout'],
    ]);
    expect(pairsOf(under)).toEqual([['Remarks', value, 'layout']]);
  });

  const nameAndDate = [
    ['Name', 'Ada Byron'],
    ['Date', '3 May 2021'],
  ];
  it.each([
    [
      'a wide gap',
      [
        { text: 'Name: Ada Byron', x: 72 },
        { text: 'Date: 3 May 2021', x: 330 },
      ],
      nameAndDate,
    ],
    [
      'labels and values apart',
      [
        { text: 'Name:', x: 72 },
        { text: 'Ada Byron', x: 120 },
        { text: 'Date:', x: 330 },
        { text: '3 May 2021', x: 370 },
      ],
      nameAndDate,
    ],
    [
      'a narrow gap',
      [
        { text: 'Batch: 77', x: 72 },
        { text: 'Shift: Night', x: 180 },
      ],
      [
        ['Batch', '77'],
        ['Shift', 'Night'],
      ],
    ],
  ])('reads two pairs from one line with %s', (_, items, expected) => {
    // Prepare
    const page = buildPage({ items: items.map((i) => ({ ...i, y: 100 })) });
    // Act
    const pairs = pairsOf(page).map(([key, value]) => [key, value]);
    // Assess
    expect(pairs).toEqual(expected);
  });

  it('finds no pairs in running prose', () => {
    const page = buildPage({
      items: prose(
        [
          'The press line was rebuilt over the summer and now runs two shifts.',
          'Output rose in every month after the restart, led by the new dies.',
          'Maintenance windows moved to the weekend, as the crews had asked.',
        ],
        72,
        100,
      ),
    });
    expect(keyValuePairs(page)).toEqual([]);
    expect(segmentsOf(page)).toHaveLength(3);
    expect(keyProbability('Date of birth:')).toBeGreaterThan(keyProbability('Output rose in every month after the restart, led by the new dies.'));
  });

  it('finds no pairs on a page of prose whose lines hold colons or end in a colon', () => {
    // Prepare: an invented manual page, wrapped as a text PDF wraps it.
    const lines = [
      'Calibration of the sorting belt',
      'The belt reads each parcel twice: once at the gate and once at the chute, and the two readings',
      'are compared before the parcel is routed. When they differ the parcel goes to the manual desk,',
      'where an operator weighs it again and books the correction. To start a calibration run, open',
      'the service menu and choose the belt you want to check, then follow the steps below:',
      'Place the three test weights on the belt one after another, heaviest first, and wait for the',
      'display to settle: confirm each reading with the green key. Leave the belt at its normal speed;',
      'a slower belt reads lighter than it runs in service. Every run is written to the log with its',
      'date, the operator and the readings taken.',
      'If a reading is off by more than the tolerance printed on the belt, repeat the run once. A',
      'second failure means the load cell needs service, which the site team books through the usual',
      'channel. The steps take about ten minutes for each belt and can be done during a shift change,',
      'when the belts stand still anyway and nobody waits for the parcels they would carry.',
      'Note that the gate scale and the chute scale are calibrated separately, as described in',
      'the section on scales, and that a run on one belt does not change the readings of another:',
      'each belt keeps its own table of corrections, which the log shows next to every reading.',
    ];
    const page = buildPage({ items: prose(lines, 60, 60, 14) });
    // Act
    const pairs = pairsOf(page);
    // Assess
    expect(pairs).toEqual([]);
  });

  it('still pairs a form whose page also holds a paragraph of instructions', () => {
    // Prepare: an invented form: a title, instructions, then labels with values beside and below them.
    const instructions = [
      'Please complete this form in capital letters and return it to the front desk within ten days.',
      'Incomplete forms are sent back, which delays the renewal of your permit by several weeks.',
    ];
    const page = buildPage({
      items: [
        { text: 'Parking permit renewal', x: 72, y: 60, size: 16 },
        ...prose(instructions, 72, 90),
        { text: 'Permit number:', x: 72, y: 140 },
        { text: 'PK-20931', x: 200, y: 140 },
        { text: 'Vehicle registration:', x: 320, y: 140 },
        { text: 'WX 51 LMO', x: 440, y: 140 },
        { text: 'Holder: Tamsin Orrel', x: 72, y: 170 },
        { text: 'Zone: C', x: 320, y: 170 },
        { text: 'Home address:', x: 72, y: 200 },
        { text: '4 Quarry Lane, Eastwick', x: 72, y: 214 },
        { text: 'Daytime phone:', x: 320, y: 200 },
      ],
    });
    // Act
    const pairs = pairsOf(page).map(([key, value]) => [key, value]);
    // Assess
    expect(pairs).toEqual([
      ['Permit number', 'PK-20931'],
      ['Vehicle registration', 'WX 51 LMO'],
      ['Holder', 'Tamsin Orrel'],
      ['Zone', 'C'],
      ['Home address', '4 Quarry Lane, Eastwick'],
      ['Daytime phone', null],
    ]);
  });

  it.each([
    ['a page of prose', (k: number) => `This is sentence number ${k} of a long paragraph that runs over many lines.`, 0.6, 1],
    ['a form', (k: number) => (k % 2 ? `Field ${k}:` : `Value ${k}`), 0, 0.05],
  ])('reads %s as such in the page-level prose share', (_, line, lo, hi) => {
    const page = buildPage({
      items: prose(
        Array.from({ length: 30 }, (_, k) => line(k)),
        72,
        60,
        14,
      ),
    });
    const { prose: share } = pageContext(segmentsOf(page));
    expect(share).toBeGreaterThanOrEqual(lo);
    expect(share).toBeLessThanOrEqual(hi);
  });

  it('reports pairs at document level with page numbers', () => {
    const pages = [1, 2].map((n) => buildPage({ pageNumber: n, items: [{ text: `Sheet number: ${n}`, x: 72, y: 100 }] }));
    const { keyValuePairs: pairs } = buildDocumentLayout(pages);
    expect(pairs.map((p) => [p.key.text, p.value?.text, p.key.page_number, p.value?.page_number])).toEqual([
      ['Sheet number', '1', 1, 1],
      ['Sheet number', '2', 2, 2],
    ]);
  });

  it('reads a fill-in line or a box edge the OCR read as "_" or "|" as no part of a label or value', () => {
    // Prepare: invented scan-like lines, the field's rule read as underscores and a bar.
    const clean = buildPage({
      items: [
        { text: 'Batch code:', x: 72, y: 100 },
        { text: 'KR-2218', x: 200, y: 100 },
        { text: 'Colour', x: 72, y: 140 },
        { text: 'Pale green', x: 200, y: 140 },
      ],
    });
    const ruled = buildPage({
      items: [
        { text: 'Batch code: ____', x: 72, y: 100 },
        { text: '_KR-2218', x: 200, y: 100 },
        { text: 'Colour |', x: 72, y: 140 },
        { text: 'Pale green_', x: 200, y: 140 },
      ],
    });
    // Act
    const texts = segmentsOf(ruled).map((s) => s.text);
    // Assess
    expect(texts).not.toContain('____');
    expect(texts.some((t) => /[_|]/.test(t))).toBe(false);
    expect(pairsOf(ruled)).toEqual(pairsOf(clean));
    expect(pairsOf(ruled)).toContainEqual(['Batch code', 'KR-2218', 'layout']);
  });

  it('reads a weights file that names the features the code computes, one weight each', () => {
    expect([weights.features, weights.key_features, weights.cut_features, weights.join_features]).toEqual([
      [...KEY_VALUE_FEATURES],
      [...KEY_FEATURES],
      [...CUT_FEATURES],
      [...JOIN_FEATURES],
    ]);
    expect([weights.weights.length, weights.key_weights.length, weights.cut_weights.length, weights.join_weights.length]).toEqual([
      KEY_VALUE_FEATURES.length,
      KEY_FEATURES.length,
      CUT_FEATURES.length,
      JOIN_FEATURES.length,
    ]);
  });
});
