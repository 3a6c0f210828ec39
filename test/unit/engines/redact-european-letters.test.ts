/**
 * Letters in German and French as a clinic or an employer writes them: a
 * name after a title among capitalised nouns, a birth date after "geb.",
 * a weekday that is no name, hyphenated initials and a mistyped social
 * security number after its label. Every name and number is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('German and French letters', () => {
  it('masks a name after "Frau" among the capitalised nouns of German prose, and the birth date after "geb."', async () => {
    const spans = await found('wir berichten über Ihre Patientin Frau Wendelgard Oltrup, geb. 04.09.1951, die am Montag zu uns kam.');
    expect(spans).toContainEqual(['PERSON', 'Wendelgard Oltrup']);
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '04.09.1951']);
  });

  it('takes no weekday for a name, nor a second title for one', async () => {
    const spans = await found('Die Patientin kam am Dienstag.\nMit freundlichen Grüßen\nProf. Dr. Irmgard Vosskamp-Lehr');
    expect(spans).toEqual([['PERSON', 'Irmgard Vosskamp-Lehr']]);
  });

  it('masks hyphenated French initials with the surname, and a social security number whose key is mistyped', async () => {
    const spans = await found('Je soussigné Jean-Baptiste Quémerais, numéro de sécurité sociale 1 79 07 35 238 114 72, atteste …\nJ.-B. Quémerais');
    expect(spans).toContainEqual(['NATIONAL_ID', '1 79 07 35 238 114 72']);
    expect(spans).toContainEqual(['PERSON', 'J.-B. Quémerais']);
  });
});
