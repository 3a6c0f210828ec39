/**
 * Letters in Spanish, Italian, Dutch and Portuguese: written-out titles,
 * kin before a name, a capitalised Dutch particle after a title,
 * double-barrelled and particle surnames, a birth date written out, the
 * Iberian floor and door, a Portuguese postcode. Every name, number and
 * street here is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('letters in Romance languages and Dutch', () => {
  it('masks a son named after "su hijo", not the words "su hijo", and a birth date written out', async () => {
    const spans = await found('Le confirmamos que su hijo Íñigo Quelvarro, nacido el 5 de mayo de 2012, está inscrito en el curso.');
    expect(spans).toContainEqual(['PERSON', 'Íñigo Quelvarro']);
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '5 de mayo de 2012']);
    expect(spans.some(([, value]) => value.includes('hijo'))).toBe(false);
  });

  it('reads a Spanish street with "de los" and its floor and door', async () => {
    const spans = await found('Domicilio: Calle de los Tamarindos 27, 3º B, 28014 Madrid. DNI en trámite.');
    expect(spans).toContainEqual(['STREET_ADDRESS', 'Calle de los Tamarindos 27, 3º B']);
    expect(spans).toContainEqual(['STREET_ADDRESS', '28014']);
  });

  it('masks a Dutch surname after "heer" with its capitalised particle, and a double-barrelled one after "Mevrouw"', async () => {
    const spans = await found('Geachte heer Van der Quelst,\nMevrouw Femke de Wolde-Brakel woont op de Keizersgracht 221, 1016 DV Amsterdam.');
    expect(spans).toContainEqual(['PERSON', 'Van der Quelst']);
    expect(spans).toContainEqual(['PERSON', 'Femke de Wolde-Brakel']);
  });

  it('masks a Portuguese name over its particle to the last surname, and the postcode after the street', async () => {
    const spans = await found('A Sra. Maria da Conceição Travanca, NIF 123 456 789, reside na Rua das Acácias 45, 4050-262 Porto.');
    expect(spans).toContainEqual(['PERSON', 'Maria da Conceição Travanca']);
    expect(spans).toContainEqual(['STREET_ADDRESS', '4050-262']);
  });

  it('takes no band named with a capital "Van" for a person without a title', async () => {
    expect(await found('Van Halen played two encores.')).toEqual([]);
  });
});

describe('contact details written to dodge harvesters, and French ordinal dates', () => {
  it('masks e-mail addresses spelled with [at] and (dot), and a birth date on the 1er of a month', async () => {
    const spans = await found('Écrivez à quill.brisk [at] mailhost [dot] org ou quill(dot)brisk(at)mailhost(dot)org.\nNé le 1er avril 1979.');
    expect(spans).toContainEqual(['EMAIL_ADDRESS', 'quill.brisk [at] mailhost [dot] org']);
    expect(spans).toContainEqual(['EMAIL_ADDRESS', 'quill(dot)brisk(at)mailhost(dot)org']);
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '1er avril 1979']);
  });

  it('takes no "at" or "dot" of prose for an address', async () => {
    expect(await found('We meet at home. Look at the dot on the map.')).toEqual([]);
  });
});
