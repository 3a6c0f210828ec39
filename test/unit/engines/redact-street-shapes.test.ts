/**
 * Streets read without a known street word: from a USPS thoroughfare word
 * after a house number, from the unit that follows the street line, and from
 * the address phrase before it; the town lines of a block with small words;
 * and the words of a street line never taken for a person. Every street,
 * town, name and sentence here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const spans = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => `${s.type}: ${s.value}`);
const streets = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'STREET_ADDRESS').map((s) => s.value);

describe('a house number, a name and a thoroughfare word', () => {
  it.each([
    ['Send the parcel to 5614 Brisk Island tomorrow.', '5614 Brisk Island'],
    ['Our depot: 17 Hartwell Meadows', '17 Hartwell Meadows'],
    ['Vesna Orbel lives at 70266 235 Tolvern Neck, Velmont', '70266 235 Tolvern Neck'],
  ])('is a street: %s', async (text, street) => {
    expect(await streets(text)).toEqual([street]);
  });

  it('outweighs the phone-shaped numbers before it', async () => {
    expect((await spans('Vesna Orbel lives at 70266 235 Tolvern Neck, Velmont')).filter((s) => s.startsWith('PHONE_NUMBER'))).toEqual([]);
  });

  it('is no street without a capitalised name or a thoroughfare word', async () => {
    expect(await streets('We planted 3 oak trees near the river.')).toEqual([]);
    expect(await streets('Chapter 5 Results and Discussion')).toEqual([]);
  });
});

describe('the street line of a unit', () => {
  it('is read back from a unit that opens the next line', async () => {
    const text = "please send a new one to 0466 Lorvesh qirg'oqi, 13\n Suite 089\n Velmont\n Ostrava 10630? Thanks";
    expect(await streets(text)).toEqual(["0466 Lorvesh qirg'oqi, 13\n Suite 089", '10630']);
  });

  it('is read back from a unit on the same line, up to the phrase before it', async () => {
    expect(await streets('Our offices are located at 9785 Quellvaenget 50B Apt. 160')).toEqual(['9785 Quellvaenget 50B Apt. 160']);
  });

  it('is read back from a lower-case unit when the line starts with its house number', async () => {
    expect(await streets('User: 0531 4 boulevard orvel apt. 451\nvelmont-sur-lac, la 42306')).toEqual(['0531 4 boulevard orvel apt. 451']);
    expect(await streets('we booked 2 nights in suite 12 of the hotel')).toEqual([]);
    expect(await streets('the towels apt. 4 asked for')).toEqual([]);
  });

  it('needs a house number: a name before a unit stays a name', async () => {
    const found = await spans('Mrs. Adela Vorinsk Apt. 488\nVelmont');
    expect(found).toContain('PERSON: Adela Vorinsk');
    expect(found).not.toContain('STREET_ADDRESS: Adela Vorinsk Apt. 488');
  });
});

describe('a street after an address phrase', () => {
  it.each([
    ['The restaurant is at 16766 Jardines Orvela, 98', '16766 Jardines Orvela, 98'],
    ['bram lives at 483 piazza corvina 5, velmont', '483 piazza corvina 5'],
    ['The bus station is on Tavrova 271', 'Tavrova 271'],
    ['Pedestrians must enter on Kolvet Sokak 32b St. the first three months', 'Kolvet Sokak 32b St.'],
    ['The bus drops you off at 4643 calle 9 de quintero 991 St.', '4643 calle 9 de quintero 991 St.'],
  ])('is a street: %s', async (text, street) => {
    expect(await streets(text)).toEqual([street]);
  });

  it('is no street when it is a time, a page, a level, an amount or a date', async () => {
    for (const text of [
      'The meeting is at 10 am in the big room.',
      'The table is on page 12 of the report.',
      'Growth was at 45 percent in 2019.',
      'The launch is on May 5 this year.',
      'Our office is at level 3 of the tower.',
      'Support is at 9 every morning.',
      'The price is at 30 dollars for now.',
    ])
      expect(await streets(text), text).toEqual([]);
  });
});

describe('the lines of an address block', () => {
  it('reach the postcode over a town or country name with small words', async () => {
    const text = 'Nila Varsk\n\n028 Orvikgasse 34a\n Suite 065\n Campos do Velmiro\n Saint Kelvo and the Orlands 81306';
    expect(await streets(text)).toEqual(['028 Orvikgasse 34a\n Suite 065', '81306']);
  });

  it('reach the postcode over a region line in lower case or digits', async () => {
    expect(await streets('Send it to 704 1436 Orvel Drive\nVelmont\n, 32\n 60810')).toEqual(['704 1436 Orvel Drive', '60810']);
    expect(await streets('Send it to 704 1436 Orvel Drive\nVelmont\n, ct\n 60810')).toEqual(['704 1436 Orvel Drive', '60810']);
  });

  it('do not run on over a title-case phrase on the same line', async () => {
    expect(await streets('see Guilty Pleasures: 5 Singers Of The 70s You Love To Hate (But Secretly Adore)')).toEqual([]);
  });
});

describe('a street named after a person', () => {
  it('is a street, not a person', async () => {
    const found = await spans('Our offices are located at 4429 Intrarea Tovarelu, Bloc 95\nVelmont\n, OK\n Orlandia 67937');
    expect(found).toContain('STREET_ADDRESS: 4429 Intrarea Tovarelu, Bloc 95');
    expect(found.filter((s) => s.startsWith('PERSON'))).toEqual([]);
  });
});

describe('letter-and-digit postcodes after a street', () => {
  it.each([
    ['Nila Varsk\n41 Orvel Lane, Brackton BT7 4QX\nPhone on request', ['41 Orvel Lane', 'BT7 4QX']],
    ['41 Orvel Lane\nBrackton\nEC2V 9KD', ['41 Orvel Lane', 'EC2V 9KD']],
    ['Write to 41 Orvel Lane, Brackton M4 7QT.', ['41 Orvel Lane', 'M4 7QT']],
    ['Ship to: 88 Tolvern Avenue, Velmont ON K7R 2J5', ['88 Tolvern Avenue', 'K7R 2J5']],
    ['Orvikstraat 14\n3511 KV Velmont', ['Orvikstraat 14', '3511 KV']],
    ['Mr Tobin Carrow lives at 9 Orvelgate, Brackton BT7 4QX and works nearby.', ['9 Orvelgate', 'BT7 4QX']],
  ])('are masked with the street: %j', async (text, expected) => {
    expect(await streets(text)).toEqual(expected);
  });

  it('are no address on their own: a product code in a sentence stays', async () => {
    expect(await streets('The model EX2 5AB was released in 2020.')).toEqual([]);
    expect(await streets('Sensor kit AB1 2CD ships with three cables.')).toEqual([]);
  });
});

describe('a name read in two pieces at its apostrophe', () => {
  it('is one person span', async () => {
    const persons = (await spans("Mr. Tobin O'Carrow lives at 9 Orvelgate, Brackton.")).filter((s) => s.startsWith('PERSON'));
    expect(persons).toEqual(["PERSON: Tobin O'Carrow"]);
  });
});
