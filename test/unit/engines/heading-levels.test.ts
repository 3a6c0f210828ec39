import { describe, expect, it } from 'vitest';
import { headingLevels } from '../../../functions/engines/layout/heading-levels.ts';
import { buildDocumentStructure } from '../../../functions/operations/parse-structure.ts';
import { buildPage, prose } from './page-builder.ts';

const heading = (text: string, height = 0.02) => ({
  type: 'section_header',
  text,
  bbox: [0.1, 0.1, 0.5, 0.1 + height] as [number, number, number, number],
});
const body = { type: 'paragraph', text: 'Some body text.', bbox: [0.1, 0.2, 0.9, 0.3] as [number, number, number, number] };

describe('headingLevels', () => {
  it('reads the depth of dotted numbering and keeps level 1 for the title', () => {
    const levels = headingLevels([
      [
        { type: 'title', text: 'Field report', bbox: [0, 0, 1, 0.05] },
        heading('1 Scope'),
        body,
        heading('1.1 Sites'),
        heading('1.1.2 North yard'),
        heading('2 Findings'),
      ],
    ]);
    expect(levels).toEqual([[1, 2, undefined, 3, 4, 2]]);
  });

  it('gives unnumbered headings levels by size tier, across pages', () => {
    const levels = headingLevels([
      [heading('Overview', 0.03), body, heading('Background', 0.02)],
      [heading('Details', 0.02), heading('Costs', 0.03)],
    ]);
    expect(levels).toEqual([
      [2, undefined, 3],
      [3, 2],
    ]);
  });

  it('lends a numbered tier its level to unnumbered headings of the same size', () => {
    const levels = headingLevels([[heading('1 Method', 0.03), heading('Sampling', 0.02), heading('Appendix notes', 0.03)]]);
    expect(levels).toEqual([[2, 3, 2]]);
  });

  it('puts lettered headings under Roman ones, and never past 6', () => {
    const levels = headingLevels([[heading('I. Terms'), heading('A. Parties'), heading('1.2.3.4.5.6 Deep clause')]]);
    expect(levels[0][0]).toBe(2);
    expect(levels[0][1]).toBe(3);
    expect(levels[0][2]).toBe(6);
  });
});

describe('structure: heading levels in markdown and html', () => {
  it('writes # per level and <hN>, and reports level on the regions', () => {
    const page = buildPage({
      items: [
        { text: 'Quarterly Plant Review', x: 72, y: 60, size: 20 },
        { text: '1 Production', x: 72, y: 110, size: 14 },
        ...prose(
          [
            'Output rose in every line this quarter, led by the new press.',
            'Scrap fell by a third against the same quarter last year.',
            'Two stoppages were planned and both ended on time.',
          ],
          72,
          135,
        ),
        { text: '1.1 Line two', x: 72, y: 190, size: 12 },
        ...prose(['The second line ran two shifts from the start of the month.', 'Its new die set cut changeover time to under an hour.'], 72, 210),
      ],
    });
    const [s] = buildDocumentStructure([page]);
    const headings = s.regions.filter((r) => r.level !== undefined).map((r) => [r.type, r.level, r.text]);
    expect(headings).toEqual([
      ['title', 1, 'Quarterly Plant Review'],
      ['section_header', 2, '1 Production'],
      ['section_header', 3, '1.1 Line two'],
    ]);
    expect(s.markdown).toContain('# Quarterly Plant Review\n\n## 1 Production');
    expect(s.markdown).toContain('### 1.1 Line two');
    expect(s.html).toContain('<h3>1.1 Line two</h3>');
  });
});
