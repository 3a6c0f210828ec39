/**
 * Hostile text for the detector (issue 39's bar: every evaluator within a
 * budget, deadlines fire): what bounds its work is checked here by shape —
 * lines the patterns read, the tagger's pieces, the pieces a deadline is
 * checked between — and the times are measured in docs/benchmarks.md, not
 * asserted.
 */
import { describe, expect, it } from 'vitest';
import { detectionPieces, detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { detectionView } from '../../../functions/engines/redact/detection-view.ts';
import { taggerChunks } from '../../../functions/engines/redact/names.ts';
import { BUILT_IN_RECOGNIZERS } from '../../../functions/engines/redact/built-in-recognizers.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const longestLine = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('the detector on hostile text', () => {
  it('reads no line longer than 1,000 characters, breaking long ones between words and keeping every offset', () => {
    const text = `${'lorem ipsum '.repeat(500)}SSN 512-48-7730 ${'-'.repeat(5000)}`;
    const view = detectionView(text);
    expect(view.text).toHaveLength(text.length);
    expect(longestLine(view.text)).toBeLessThanOrEqual(1_000);
    // Broken at spaces between words, never inside the number.
    expect(view.text).toContain('512-48-7730');
    expect(view.toOriginal(10, 20)).toEqual({ start: 10, end: 20 });
  });

  it('still finds a value on a line broken in the view', async () => {
    const text = `${'lorem ipsum '.repeat(200)}call (415) 555-0142 or write to marten.quill@example.org ${'dolor sit '.repeat(200)}`;
    expect((await detectPii(text, BUILT_INS)).map((s) => s.type)).toEqual(expect.arrayContaining(['PHONE_NUMBER', 'EMAIL_ADDRESS']));
  });

  it("gives the name tagger pieces of at most 4,000 characters, cut after a sentence's end where there is one", () => {
    const prose = 'Halvard Ostrick met the board on Monday.\n'.repeat(300);
    const chunks = taggerChunks(prose);
    expect(chunks.map((c) => c.text).join('')).toBe(prose);
    expect(Math.max(...chunks.map((c) => c.text.length))).toBeLessThanOrEqual(4_000);
    expect(chunks.slice(0, -1).every((c) => c.text.endsWith('.'))).toBe(true);
    const unbroken = '| '.repeat(10_000);
    expect(taggerChunks(unbroken).every((c) => c.text.length <= 4_000)).toBe(true);
  });

  it('reads a long text in pieces that join to it, and stops when the deadline has fired', async () => {
    const text = 'Page of a long register with no personal data.\n\n'.repeat(5_000);
    const pieces = detectionPieces(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.every((p, i) => i === 0 || p.start === pieces[i - 1].start + pieces[i - 1].text.length)).toBe(true);
    const deadline = new AbortController();
    deadline.abort(new Error('deadline'));
    await expect(detectPii(text, BUILT_INS, deadline.signal)).rejects.toThrow('deadline');
  });

  it('reads a secret after its word in linear time over a run of spaces (a look-behind with an unbounded gap was quadratic)', () => {
    // 200,000 spaces: the unbounded gap took ~20 s here (0.23 s at 20,000, four times as long at twice the length).
    for (const type of ['PASSWORD', 'CARD_SECURITY_CODE']) {
      const recognizer = BUILT_IN_RECOGNIZERS.find((r) => r.type === type)!;
      const t0 = performance.now();
      expect(recognizer.find(`Password: CVV ${' '.repeat(200_000)}x`)).toEqual([]);
      // A hang guard with room for a loaded machine, not a speed target (milliseconds when linear).
      expect(performance.now() - t0).toBeLessThan(5_000);
    }
  });

  it('answers for a line of thousands of capitalised words (no pattern is built from a "name" that long)', async () => {
    const spans = await detectPii('Ab '.repeat(20_000), BUILT_INS);
    expect(Array.isArray(spans)).toBe(true);
  });
});
