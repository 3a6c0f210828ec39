/**
 * Generated long news features (scripts/train/classify-genres-features.ts): long, told without quotes or
 * attributions, with few headings, time expressions and people named by title — and none of a report's parts.
 */
import { describe, expect, it } from 'vitest';
import { proseShapeTokens, reportingTokens, reportTokens } from '../../../functions/engines/classify/genre-cues.ts';
import { seeded } from '../../../scripts/lib/random.ts';
import { newsFeature } from '../../../scripts/train/classify-genres-features.ts';

describe('Generated long news features (classify training)', () => {
  it('runs long, without quotes, and without a report’s part headings, contents or captions', () => {
    // Prepare
    const r = seeded(3);
    // Act
    const features = Array.from({ length: 30 }, () => newsFeature(r));
    // Assess
    let parted = 0;
    for (const lines of features) {
      const text = lines.join('\n');
      expect(text.match(/\p{L}+/gu)!.length).toBeGreaterThanOrEqual(900);
      expect(reportingTokens(text)).toEqual([]);
      const [parts, , captions, toc] = reportTokens(lines);
      expect([captions, toc]).toEqual(['#captions:1', '#toc:0']);
      // A column may break so that one word stands alone on a line ("Ergebnisse"), as in print: rarely.
      if (parts !== '#report-parts:0') parted++;
    }
    expect(parted).toBeLessThanOrEqual(3);
  });

  it('gives most of them few headings per 1,000 words and time expressions', () => {
    const r = seeded(8);
    const shapes = Array.from({ length: 30 }, () => {
      const lines = newsFeature(r);
      return proseShapeTokens(lines, lines.join('\n'));
    });
    expect(shapes.filter((t) => t[0] === '#heads-k:1' || t[0] === '#heads-k:2').length).toBeGreaterThanOrEqual(20);
    expect(shapes.filter((t) => t[2] !== '#time-k:1').length).toBeGreaterThanOrEqual(24);
  });
});
