import { describe, expect, it } from 'vitest';
import { markHits } from '../../../functions/engines/ocr/language-detect.ts';

/** The marks as first written (one backtracking pattern each): what markHits must count. */
const REFERENCE: Record<string, RegExp[]> = {
  en: [],
  de: [/ß/g, /[äöü]/g, /\b\w*(?:sch|tz|ung|keit|lich)\b/g],
  fr: [/[èêëàâîïôûç]/g, /\b\w*(?:eux|aux)\b/g, /\b[ldjqn]'/g],
  es: [/ñ/g, /[¿¡]/g, /\b\w*(?:ción|cion|dad)\b/g],
  it: [/\b\w*(?:zione|zioni|mente|ggi|cch|gli)\b/g],
  nl: [/ij/g, /\b\w*(?:aa|uu)\w*\b/g],
  pt: [/[ãõ]/g, /\b\w*(?:ção|ções|cao|coes|nh|lh)\w*\b/g],
};

function referenceHits(lower: string): Record<string, number[]> {
  return Object.fromEntries(Object.entries(REFERENCE).map(([language, marks]) => [language, marks.map((mark) => lower.match(mark)?.length ?? 0)]));
}

/** Pieces that make and break the marks: endings, letters that are no `\w`, apostrophes, digits, an astral letter. */
const PIECES = [
  'a',
  'e',
  'o',
  'n',
  'h',
  'l',
  'c',
  'd',
  's',
  'z',
  'g',
  'i',
  'j',
  'u',
  'k',
  't',
  "'",
  ' ',
  ' ',
  '\n',
  '_',
  '7',
  '-',
  'ç',
  'ã',
  'õ',
  'ó',
  'ñ',
  'ß',
  'ü',
  'è',
  '¿',
  '𝒶',
  'ung',
  'sch',
  'tz',
  'keit',
  'lich',
  'eux',
  'aux',
  'ção',
  'ções',
  'cion',
  'ción',
  'dad',
  'zione',
  'zioni',
  'mente',
  'ggi',
  'cch',
  'gli',
  'aa',
  'uu',
  'ij',
  'nh',
  'lh',
  'cao',
  'coes',
  "l'",
  "qu'",
];

describe('language marks', () => {
  it.each([
    ['suffixes at word ends only', 'zeitung gesch blitz ungeheuer lichtung'],
    ['a suffix before a letter that is no \\w', 'nationalitätung reiß schön'],
    ['words holding a pair, counted once a word', 'maastricht vacuum aaa uuaa x_aa_y'],
    ['a Spanish ending after an accented letter', 'acción canción cion dad ciudad ción'],
    ['Portuguese endings spanning two ASCII words', 'informação xnhção ções  ção linha olho'],
  ])('counts as the backtracking patterns do: %s', (_name, text) => {
    // Act / Assess
    expect(markHits(text)).toEqual(referenceHits(text));
  });

  it('counts as the backtracking patterns do on 20,000 seeded random strings of those pieces', () => {
    // Prepare
    let seed = 20261129;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = Array.from({ length: 20_000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 40) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''),
    );
    // Act
    const differing = texts.filter((text) => JSON.stringify(markHits(text)) !== JSON.stringify(referenceHits(text)));
    // Assess
    expect(differing).toEqual([]);
  });
});
