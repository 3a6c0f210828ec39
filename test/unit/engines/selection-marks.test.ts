import { describe, expect, it } from 'vitest';
import { findSelectionMarks } from '../../../functions/engines/layout/selection-marks.ts';
import { buildDocumentStructure } from '../../../functions/operations/parse-structure.ts';
import { box, buildPage, hLine, vLine } from './page-builder.ts';

/** A drawn square box, side `s` points, top-left at (x, y). */
const square = (x: number, y: number, s = 9) => [hLine(x, x + s, y), hLine(x, x + s, y + s), vLine(x, y, y + s), vLine(x + s, y, y + s)];

describe('selection marks', () => {
  it('reads box glyphs and typed boxes, with the label beside each', () => {
    const page = buildPage({
      items: [
        { text: 'Status: ☒ Married ☐ Single', x: 72, y: 100 },
        { text: '[x] Send me the newsletter', x: 72, y: 130 },
        { text: '[ ] Call me back', x: 72, y: 150 },
        { text: '(x) Paper statement', x: 72, y: 170 },
      ],
    });
    const marks = findSelectionMarks(page).map((m) => [m.state, m.label, m.source]);
    expect(marks).toEqual([
      ['selected', 'Married', 'glyph'],
      ['unselected', 'Single', 'glyph'],
      ['selected', 'Send me the newsletter', 'text'],
      ['unselected', 'Call me back', 'text'],
      ['selected', 'Paper statement', 'text'],
    ]);
  });

  it('finds drawn boxes, selected when a mark sits inside, and leaves bullets alone', () => {
    const page = buildPage({
      items: [
        { text: 'X', x: 74, y: 100 },
        { text: 'Full time', x: 90, y: 100 },
        { text: 'Part time', x: 90, y: 120 },
        { text: '● A bulleted point, not a box', x: 72, y: 200 },
        { text: '□ Another bullet shape', x: 72, y: 215 },
      ],
      rulings: [...square(72, 99), ...square(72, 119)],
    });
    const marks = findSelectionMarks(page);
    expect(marks.map((m) => [m.state, m.label, m.source])).toEqual([
      ['selected', 'Full time', 'drawn'],
      ['unselected', 'Part time', 'drawn'],
    ]);
    // A long rule or a big frame is not a box.
    const framed = buildPage({ items: [{ text: 'Notes', x: 90, y: 100 }], rulings: [...square(72, 90, 200), hLine(72, 500, 300)] });
    expect(findSelectionMarks(framed)).toEqual([]);
  });

  it('takes form check boxes and radio buttons from the form, and a typed box over a field once', () => {
    const page = {
      ...buildPage({
        items: [
          { text: 'Consent given', x: 90, y: 100 },
          { text: 'Opt out', x: 90, y: 120 },
        ],
      }),
      formFields: [
        { name: 'consent', kind: 'checkbox' as const, value: true, bbox: box(72, 99, 81, 108) },
        { name: 'optout', kind: 'radio' as const, value: false, bbox: box(72, 119, 81, 128) },
        { name: 'email', kind: 'text' as const, value: 'someone@example.org', bbox: box(200, 99, 400, 110) },
      ],
    };
    expect(findSelectionMarks(page).map((m) => [m.state, m.label, m.source])).toEqual([
      ['selected', 'Consent given', 'form_field'],
      ['unselected', 'Opt out', 'form_field'],
    ]);
  });

  it('adds selection_mark regions with state and label; markdown writes task-list items for drawn boxes only', () => {
    const page = buildPage({
      items: [
        { text: 'Application', x: 72, y: 50, size: 18 },
        { text: 'X', x: 74, y: 100 },
        { text: 'Full time', x: 90, y: 100 },
        { text: 'Part time', x: 90, y: 120 },
        { text: '☒ Remote', x: 72, y: 160 },
      ],
      rulings: [...square(72, 99), ...square(72, 119)],
    });
    const [s] = buildDocumentStructure([page]);
    const marks = s.regions.filter((r) => r.type === 'selection_mark');
    expect(marks.map((r) => [r.state, r.label])).toEqual([
      ['selected', 'Full time'],
      ['unselected', 'Part time'],
      ['selected', 'Remote'],
    ]);
    expect(s.regions.map((r) => r.reading_order)).toEqual(s.regions.map((_, i) => i));
    expect(s.markdown).toContain('- [x] Full time');
    expect(s.markdown).toContain('- [ ] Part time');
    expect(s.markdown).not.toContain('- [x] Remote');
    expect(s.html).toContain('<input type="checkbox" disabled checked> Full time');
  });
});
