/**
 * Generated reports and news layouts of issue 41's round five (scripts/train/classify-genres-reports.ts): reports
 * carry a report's parts and no press furniture, wire stories and web print-outs carry the news cues, and a page
 * OCR read across two columns holds both stories' pieces on each line.
 */
import { describe, expect, it } from 'vitest';
import { pressToken, reportTokens } from '../../../functions/engines/classify/genre-cues.ts';
import { newsTokens } from '../../../functions/engines/classify/page-cues.ts';
import { seeded } from '../../../scripts/lib/random.ts';
import { acrossColumns, generatedReport, webPrintout, wireStory } from '../../../scripts/train/classify-genres-reports.ts';

describe('Generated reports and news layouts (classify training)', () => {
  it('gives most reports part headings or numbered sections, and none press furniture', () => {
    // Prepare
    const r = seeded(5);
    const reports = Array.from({ length: 60 }, () => generatedReport(r));
    // Act
    const marked = reports.filter((l) => {
      const [parts, numbered] = reportTokens(l);
      return parts !== '#report-parts:0' || numbered !== '#numbered:1';
    });
    // Assess
    expect(marked.length).toBeGreaterThanOrEqual(50);
    expect(reports.every((l) => pressToken(l) === '#press:0')).toBe(true);
  });

  it('gives every web print-out press furniture and most wire stories a dateline or a byline', () => {
    const r = seeded(9);
    let cued = 0;
    for (let i = 0; i < 20; i++) {
      expect(pressToken(webPrintout(r))).not.toBe('#press:0');
      // A dateline set in narrow columns may break before its dash, and a byline of two reporters is not read as one.
      if (newsTokens(wireStory(r)).length) cued++;
    }
    expect(cued).toBeGreaterThanOrEqual(16);
  });

  it('puts a piece of each story on the lines of a page read across two columns', () => {
    const r = seeded(2);
    const lines = acrossColumns(r, 'alpha '.repeat(40), 'omega '.repeat(40));
    expect(lines.filter((l) => l.includes('alpha') && l.includes('omega')).length).toBeGreaterThan(3);
  });
});
