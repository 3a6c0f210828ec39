/**
 * Family names that open with a lower-case particle. Every name, firm and
 * sentence here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('a family name opened by a particle', () => {
  it.each([
    ['Mildred shouted at van Hoorvelt: "Not again!"', ['Mildred', 'van Hoorvelt']],
    ['I am so tired! said van der Kwaalstra to Mildred', ['van der Kwaalstra', 'Mildred']],
    ['Dr. ten Vorsel is a 61 year old man from the coast.', ['ten Vorsel']],
    ['as the commenter Beau van der Kwaalstra points out, it is late', ['Beau van der Kwaalstra']],
  ])('is a person: %s', async (text, names) => {
    expect((await persons(text)).sort()).toEqual([...names].sort());
  });

  it('continues an accepted name over its particle', async () => {
    expect(await persons("It's under my partner's name Storm de Kwaalstra")).toEqual(['Storm de Kwaalstra']);
  });

  it('is no person in a firm or a list of firm names, before a place, or in plain words', async () => {
    expect(await persons('The order went to van Hoorvelt - van Kwaalstra in Rotterdam.')).toEqual([]);
    expect(await persons('She joined van Hoorvelt en Zonen last year.')).toEqual([]);
    expect(await persons('We drove a van to the market.')).toEqual([]);
    expect(await persons('He flew to Rio de Janeiro in May.')).toEqual([]);
  });
});
