/**
 * Round five's cues that tell a news story from a report (functions/engines/classify/genre-cues.ts): a newspaper's
 * or news site's furniture, attributions and quoted speech, a report's part headings, numbered sections, captions
 * and contents leaders. Texts are made-up look-alikes.
 */
import { describe, expect, it } from 'vitest';
import {
  genreCueTokens,
  isHeading,
  proseShapeTokens,
  pressToken,
  reportingTokens,
  reportTokens,
} from '../../../functions/engines/classify/genre-cues.ts';
import { newsTokens } from '../../../functions/engines/classify/page-cues.ts';
import { layoutTokens } from '../../../functions/engines/classify/features.ts';

const lines = (text: string) => text.split('\n').filter((l) => l.trim());

const CLIPPING = [
  'Page Six The Millbrook Clarion',
  'Harbour Festival Draws Record Crowd',
  '"We ran out of programmes by noon," said Ada Venn, who chairs the festival board.',
  'Photo: Ilse Varga',
  'Continued on page 9',
].join('\n');
const WEB = [
  '3/4/25, 8:15 PM  Ferry timetable to change | The Orwell Sentinel',
  'News › Local › Transport',
  'Published March 4, 2025 · 4 min read',
  'Share this article',
  'Advertisement',
].join('\n');
const AUDIT = [
  'Internal Audit Report',
  'Contents',
  'Executive Summary .......... 2',
  'Scope and methodology .......... 4',
  'Findings .......... 6',
  '1. Executive Summary',
  'The review covered the approval of supplier payments for the year.',
  '2. Scope and Methodology',
  '3. Findings',
  'Figure 2: Exceptions by month',
  'Table 1: Sample by site',
  '4. Recommendations',
  'Appendix B',
].join('\n');

describe('Function: pressToken', () => {
  it.each([
    ['a printed clipping (page named by a word, photo credit, jump line)', CLIPPING, '#press:3'],
    ['a web article print-out (stamp, crumbs, share line, advertisement break)', WEB, '#press:3'],
    ['an audit report', AUDIT, '#press:0'],
    ['one issue line alone', 'Vol. 12, No. 40\nTown hall reopens', '#press:1'],
  ])('counts the furniture kinds of %s', (_name, text, expected) => {
    expect(pressToken(lines(text))).toBe(expected);
  });
});

describe('Function: reportingTokens', () => {
  it.each([
    ['a story with a quote and an attribution', CLIPPING, '#said:2:2'],
    ['a report without either (no token)', AUDIT, undefined],
    ['German attributions', 'Laut Polizei war niemand verletzt, sagte Kurt Ober. Der Rat erklärte, er prüfe die Pläne.', '#said:3:1'],
  ])('reads %s', (_name, text, expected) => {
    expect(reportingTokens(text)[0]).toBe(expected);
  });
});

describe('Function: reportTokens', () => {
  it('finds part headings, numbered sections, captions and contents leaders in a report', () => {
    expect(reportTokens(lines(AUDIT))).toEqual(['#report-parts:3', '#numbered:3', '#captions:2', '#toc:1']);
  });

  it('finds none of them in a news clipping', () => {
    expect(reportTokens(lines(CLIPPING))).toEqual(['#report-parts:0', '#numbered:1', '#captions:1', '#toc:0']);
  });

  it.each([
    ['a German part heading with its number', '3. Empfehlungen', '#report-parts:1'],
    ['a Spanish contents heading', 'Índice', '#report-parts:1'],
    ['a sentence that starts with a part word', 'Findings from the survey were shared with the board.', '#report-parts:0'],
  ])('reads %s', (_name, text, expected) => {
    expect(reportTokens(lines(text))[0]).toBe(expected);
  });
});

describe('Function: newsTokens (invented agency credits)', () => {
  it.each([
    ['an acronym', 'BRAMFORD, Oct 3 (NWS) — Talks stalled on Tuesday.'],
    ['a two-word agency name', 'KESTON (Metro Wire) — Lawmakers voted late on Monday.'],
  ])('reads a dateline with %s', (_name, line) => {
    expect(newsTokens([line])).toContain('#dateline');
  });
});

describe('Function: genreCueTokens in the layout tokens', () => {
  it('adds its cues to what the model reads', () => {
    const tokens = layoutTokens([{ text: CLIPPING }]);
    for (const t of genreCueTokens(lines(CLIPPING), CLIPPING)) expect(tokens).toContain(t);
  });
});

describe('Function: reportingTokens (accented verbs)', () => {
  it.each([
    ['French', 'Le maire a déclaré que les travaux dureront un an.', '#said:2:1'],
    ['Spanish', 'La alcaldesa explicó que la obra durará un año.', '#said:2:1'],
  ])('counts a %s attribution that ends in an accented letter', (_name, text, expected) => {
    expect(reportingTokens(text)[0]).toBe(expected);
  });
});

describe('Function: reportTokens (contents lines)', () => {
  it.each([
    ['dot leaders and a number', ['Contents', 'Scope .......... 4', 'Findings . . . . . . . . 9', 'Annex ........ xii'], '#toc:1'],
    ['leaders with no heading before them', ['.......... 4', '. . . . . . 9', '........ 12'], '#toc:0'],
    ['one long line of prose without leaders', ['lorem ipsum dolor sit amet '.repeat(600)], '#toc:0'],
  ])('reads %s', (_name, input, expected) => {
    expect(reportTokens(input)[3]).toBe(expected);
  });
});

/** An invented feature story: narrated, people by title, time expressions, one headline and no sections. */
const FEATURE = [
  'The Orchard Nobody Wanted',
  ...Array.from({ length: 14 }, (_, i) =>
    [
      `Mr. Tolland was ${9 + i} when his family moved to Wrenhollow, and the orchard was already half wild.`,
      'Last year the parish council had voted to sell it, but the sale fell through on Tuesday after a survey.',
      'Mrs. Abery, who had kept bees there since the war, did not attend; the mayor did.',
    ].join(' '),
  ),
];
/** An invented report of the same length: many titled and numbered sections, stated in the present and future. */
const REPORT = Array.from({ length: 8 }, (_, i) => [
  `${i + 1}. Orchard Management Options`,
  'The site is in poor condition and the council should decide on its future. Costs are shown in the annex.',
  'Maintenance will require two visits a month. Volunteers are available but funding must be confirmed.',
  'Option B is preferred because it is cheaper and the risk is low. The board should approve it.',
  'Key Risks',
]).flat();

describe('Function: proseShapeTokens', () => {
  it('reads a narrated feature as few headings, past tense, time expressions and titled people', () => {
    const tokens = proseShapeTokens(FEATURE, FEATURE.join('\n'));
    expect(tokens).toEqual(['#heads-k:1', '#tense:4', '#time-k:4', '#titled-k:4', '#prose-shape:2:1:4']);
  });

  it('reads a sectioned report as many headings in the present, without time expressions or titles', () => {
    const tokens = proseShapeTokens(REPORT, REPORT.join('\n'));
    expect(tokens).toEqual(['#heads-k:4', '#tense:1', '#time-k:1', '#titled-k:1', '#prose-shape:2:4:1']);
  });

  it('gives nothing for a short text', () => {
    expect(proseShapeTokens(['Mr. Tolland was here on Tuesday.'], 'Mr. Tolland was here on Tuesday.')).toEqual([]);
  });

  it.each([
    ['a title-case heading', 'Results and Next Steps', true],
    ['a heading in capitals', 'BACKGROUND', true],
    ['a numbered heading', '2.1 Scope of the Review', true],
    ['a column line of names with commas', 'Tolland, Mrs. Abery and Canon', false],
    ['a column line ending in a hyphen', 'Parish Council Treas-', false],
    ['a table row with figures', 'Total Revenue 315,880', false],
    ['a sentence', 'The orchard was sold.', false],
  ])('tells %s', (_name, line, expected) => {
    expect(isHeading(line)).toBe(expected);
  });
});
