/**
 * People read from their company: the other words of a list that holds an
 * accepted name, and the given name an accepted speaker talks to. Every
 * name, firm and sentence here is invented for these tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { personResources, type PersonResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { addressees, lineListPartners, listPartners, pronounSubjects } from '../../../functions/engines/redact/person-partners.ts';
import type { Candidate } from '../../../functions/engines/redact/recognizers.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);
/** An accepted person at the first mention of `word` in `text`. */
const at = (text: string, word: string): Candidate => ({ type: 'PERSON', start: text.indexOf(word), end: text.indexOf(word) + word.length, score: 0.6, rule: 'test' });
const words = (text: string, found: readonly Candidate[]) => found.map((c) => text.slice(c.start, c.end));

let lex: PersonResources['lexicon'];
beforeAll(async () => {
  lex = (await personResources()).lexicon;
});

describe('the rest of a list with an accepted name', () => {
  it.each([
    ['Brisk and Hartwell were carpenters in the old yard.', 'Hartwell', ['Brisk']],
    ['Hartwell and Brisk have left the firm.', 'Hartwell', ['Brisk']],
    ['It began with three friends: Vantrell, Birch and Coldwater.', 'Vantrell', ['Birch', 'Coldwater']],
    // A word that ends firms' and places' names ("Court") only before a verb of people.
    ['Court and Vantrell were both drummers.', 'Vantrell', ['Court']],
  ])('%s', (text, anchor, expected) => {
    expect(words(text, listPartners(text, [at(text, anchor)], lex))).toEqual(expected);
  });

  it.each([
    // No accepted name in the list: ordinary pairs stay words.
    ['Hartwell said the Park and Ride was full.', 'Hartwell'],
    ['Hartwell bought salt and pepper, then Salt and Pepper played.', 'Hartwell'],
    // A firm: a singular verb, a longer name after it, or "at" / "the" before it.
    ['Hartwell and Brisk sells timber.', 'Hartwell'],
    ['Hartwell and Brisk Holdings were sold.', 'Hartwell'],
    ['She worked at Hartwell and Brisk.', 'Hartwell'],
    ['The case went to Vantrell and Court.', 'Vantrell'],
    // The same word twice is a firm or a pun, not two people.
    ['Hartwell and Hartwell were there.', 'Hartwell'],
    // A name that is also a place joins only before a verb only people take.
    ['I flew to see Hartwell and Austin.', 'Hartwell'],
    ['Hartwell and Austin went well.', 'Hartwell'],
    // A place alone never joins.
    ['Hartwell and Berlin were on the list.', 'Hartwell'],
  ])('no partner: %s', (text, anchor) => {
    expect(listPartners(text, [at(text, anchor)], lex)).toEqual([]);
  });

  it('finds the partner end to end, and keeps firms named after people', async () => {
    expect(await persons('Our two founders: Vantrell and Stone.')).toEqual(['Vantrell', 'Stone']);
    expect(await persons('Mildred said the Park and Ride was full.')).toEqual(['Mildred']);
  });
});

describe('the one an accepted speaker talks to', () => {
  it.each([
    ['Mildred whispered to Austin: "Not now."', 'Mildred', ['Austin']],
    ['"Enough!" said Mildred to Jordan.', 'Mildred', ['Jordan']],
    ['Mildred told Austin.', 'Mildred', ['Austin']],
    // A word no list holds is a name there too.
    ['Mildred shouted at Oktavira: "Not now."', 'Mildred', ['Oktavira']],
  ])('%s', (text, speaker, expected) => {
    expect(words(text, addressees(text, [at(text, speaker)], lex))).toEqual(expected);
  });

  it.each([
    // A place alone, no speaker found, a speaker in another sentence, or a word after the name.
    ['Mildred said to Dover: "Not now."', 'Mildred'],
    ['Tomorrow Mildred flies to Austin.', 'Mildred'],
    ['Mildred left. He shouted at Austin.', 'Mildred'],
    ['Mildred said to Austin officials that it was late.', 'Mildred'],
    // An ordinary word spoken to is no name.
    ['Mildred shouted at Nobody: "Not now."', 'Mildred'],
  ])('no addressee: %s', (text, speaker) => {
    expect(addressees(text, [at(text, speaker)], lex)).toEqual([]);
  });

  it('finds the addressee end to end', async () => {
    expect(await persons('Mildred whispered to Austin: "Not now."')).toEqual(['Mildred', 'Austin']);
  });
});

describe('the subject the next sentence calls "him" or "her"', () => {
  it.each([
    ['Velloran is very reliable. You can always depend on him.', ['Velloran']],
    ['Tamsin was late again. Please remind her tomorrow.', ['Tamsin']],
    ['Quorvith is new here. She starts on Monday.', ['Quorvith']],
  ])('%s', (text, expected) => {
    expect(words(text, pronounSubjects(text, [], lex))).toEqual(expected);
  });

  it.each([
    // No pronoun for a person, an ordinary word, a place alone, a place-and-name before a new "she", or another person named in between.
    ['Velloran is very reliable. You can depend on it.', []],
    ['Python is very reliable. Ask him about it.', []],
    ['Berlin is lovely in May. Show him around.', []],
    ['Paris is lovely. She will like it.', []],
  ])('none: %s', (text) => {
    expect(pronounSubjects(text, [], lex)).toEqual([]);
  });

  it('leaves the subject when another accepted person could be the one meant', () => {
    const text = 'Velloran is kind. Mildred thanked him.';
    expect(pronounSubjects(text, [at(text, 'Mildred')], lex)).toEqual([]);
  });
});

describe('the other lines of a list of names, one a line', () => {
  const roster = 'Guest list for the spring reception\nHalvard Ostrick\nBrisa Quennell\nTamsin Yarrowby\nOswin Pellagrue\n\nDoors open at seven.';

  it('makes each other line of a name list with two accepted names a person', () => {
    const found = lineListPartners(roster, [at(roster, 'Brisa Quennell'), at(roster, 'Oswin Pellagrue')], lex);
    expect(words(roster, found)).toEqual(['Halvard Ostrick', 'Tamsin Yarrowby']);
  });

  it('reads a role line above each name as part of the list (a sheet of badges)', async () => {
    const badges = 'VISITOR\nHalvard Ostrick\nVISITOR\nBrisa Quennell\nVISITOR\nTamsin Yarrowby\nVISITOR\nIness Vardhollow';
    expect(words(badges, lineListPartners(badges, [at(badges, 'Brisa Quennell'), at(badges, 'Iness Vardhollow')], lex))).toEqual(['Halvard Ostrick', 'Tamsin Yarrowby']);
  });

  it('needs two accepted names, and leaves lines of ordinary words, places and firms', () => {
    expect(lineListPartners(roster, [at(roster, 'Brisa Quennell')], lex)).toEqual([]);
    const tools = 'Visual Studio\nHalvard Ostrick\nMain Street\nBrisa Quennell\nHarbour Bank';
    expect(words(tools, lineListPartners(tools, [at(tools, 'Halvard Ostrick'), at(tools, 'Brisa Quennell')], lex))).toEqual([]);
  });

  it('end to end: every name of a guest list is masked', async () => {
    expect(await persons(roster)).toEqual(['Halvard Ostrick', 'Brisa Quennell', 'Tamsin Yarrowby', 'Oswin Pellagrue']);
  });
});
