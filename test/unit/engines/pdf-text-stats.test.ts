import { describe, expect, it } from 'vitest';
import { textStats } from '../../../functions/engines/pdf/pdf-ocr.ts';

/** The counts as first written, character by character with `for…of`: what the indexed loop must give. */
function referenceStats(strings: Iterable<string>) {
  let real = 0;
  let garbage = 0;
  let total = 0;
  for (const s of strings) {
    for (const ch of s) {
      if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') continue;
      total++;
      if (/[\p{L}\p{N}]/u.test(ch)) real++;
      else if (/[\uFFFD\p{Cc}\p{Co}\p{Cs}]/u.test(ch)) garbage++;
    }
  }
  return { real, garbageShare: garbage / Math.max(1, total) };
}

/** ASCII, accented and CJK letters, digits, controls, the replacement character, private use, astral letters and lone surrogates. */
const PIECES = [
  'a',
  'Z',
  '7',
  ' ',
  '\n',
  '\t',
  '\r',
  '-',
  '.',
  '\u0001',
  '\u007f',
  'é',
  'ß',
  '中',
  '\uFFFD',
  '\uE000',
  '𝒶',
  '😀',
  '\uD835',
  '\uDCB6',
  '٣',
];

describe('text stats of a text layer', () => {
  it.each([
    ['plain ASCII', ['Invoice 2026-001', 'Total due: 42.00']],
    ['an astral letter counts once, as one letter', ['𝒶𝒷𝒸 x']],
    ['a lone surrogate is garbage', ['ab\uD835cd', '\uDCB6']],
    ['controls and the replacement character', ['\u0001\u0002\uFFFD?']],
  ])('counts as a reading by code points does: %s', (_name, strings) => {
    expect(textStats(strings)).toEqual(referenceStats(strings));
  });

  it('counts as a reading by code points does on 5,000 seeded random texts', () => {
    // Prepare
    let seed = 20261129;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = Array.from({ length: 5_000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
        Array.from({ length: Math.floor(next() * 30) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''),
      ),
    );
    // Act / Assess
    const differing = texts.filter((strings) => JSON.stringify(textStats(strings)) !== JSON.stringify(referenceStats(strings)));
    expect(differing).toEqual([]);
  });
});
