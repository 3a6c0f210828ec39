/**
 * Streets without a house number after a preposition of place, and
 * lower-case streets typed with their number after an address cue. Every
 * street, town and sentence here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const streets = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'STREET_ADDRESS').map((s) => s.value);

describe('a street named without a number', () => {
  it.each([
    ['Those early gigs on Harlow Quay Street made the band.', 'Harlow Quay Street'],
    ['We had coffee at a place along Tolvern Avenue before the show.', 'Tolvern Avenue'],
    ['She lives on Brackmoor Lane with her two cats.', 'Brackmoor Lane'],
  ])('is found after a preposition of place: %s', async (text, street) => {
    expect(await streets(text)).toEqual([street]);
  });

  it('keeps ordinary phrases: no preposition, an article, an abbreviation', async () => {
    expect(await streets('Harlow Quay Street is a song title.')).toEqual([]);
    expect(await streets('We walked on the Main Road for an hour.')).toEqual([]);
    expect(await streets('Congratulations on Dr Vell and St Agnes.')).toEqual([]);
  });
});

describe('a lower-case street with its number', () => {
  it('is found after an address cue', async () => {
    expect(await streets('the bus drops you off at 4410 tolvern avenue suite 12 tonight')).toEqual(['4410 tolvern avenue suite 12']);
    expect(await streets('please ship to 88 brackmoor road')).toEqual(['88 brackmoor road']);
  });

  it('is found without a cue when its unit follows, and outweighs the phone-shaped numbers before it', async () => {
    const text = 'kira vold\npipe fitter\n3211 4410 tolvern avenue suite 12 velmont alberta';
    const spans = (await detectPii(text, BUILT_INS)).map((s) => `${s.type}: ${s.value}`);
    expect(spans).toContain('STREET_ADDRESS: 3211 4410 tolvern avenue suite 12');
    expect(spans.filter((s) => s.startsWith('PHONE_NUMBER'))).toEqual([]);
  });

  it('is not found without a cue, nor in a distance', async () => {
    expect(await streets('we counted 4410 tolvern avenue signs')).toEqual([]);
    expect(await streets('please send it 3 miles down the road')).toEqual([]);
    expect(await streets('we need 12 copper pipe fittings for unit 4')).toEqual([]);
  });
});

describe('a crossing typed in lower case', () => {
  it.each([
    ['move me to the corner of kelmar kapu 39. and orsin pass', 'the corner of kelmar kapu 39. and orsin pass'],
    ['meet me at the corner of zeltbrücke 77 and orvik courts', 'the corner of zeltbrücke 77 and orvik courts'],
  ])('is found when both streets have a street shape: %s', async (text, street) => {
    expect(await streets(text)).toEqual([street]);
  });

  it('keeps the corner of a room, a page or a face', async () => {
    expect(await streets('a stain in the corner of each page and the edge of the cover')).toEqual([]);
    expect(await streets('a smile at the corner of her mouth and eyes')).toEqual([]);
    expect(await streets('dust in the corner of the attic and cellar')).toEqual([]);
    expect(await streets('the corner of oak table and chair legs')).toEqual([]);
  });
});
