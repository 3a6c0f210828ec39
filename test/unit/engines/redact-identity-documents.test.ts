/**
 * Identity documents as their text reads: labels in three languages over
 * each value, and the machine-readable zone that repeats the holder's names,
 * number and birth date. Every name and number here is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { machineReadableZones } from '../../../functions/engines/redact/mrz-recognizer.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

const CARD = [
  'IDENTITY CARD / PERSONALAUSWEIS',
  'Surname / Nachname / Nom',
  'QUELLMARK',
  'Given names / Vornamen / Prénoms',
  'OSWINE TERKA',
  'Date of birth / Geburtstag / Date de naissance',
  '07.11.1991',
  'IDD<<K4R7T0Q552<<<<<<<<<<<<<<<',
  '9111075<3406309D<<<<<<<<<<<<<2',
  'QUELLMARK<<OSWINE<TERKA<<<<<<<',
].join('\n');

describe('identity documents', () => {
  it('masks the values under labels written in three languages', async () => {
    const spans = await found(CARD);
    expect(spans).toContainEqual(['PERSON', 'QUELLMARK']);
    expect(spans).toContainEqual(['PERSON', 'OSWINE TERKA']);
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '07.11.1991']);
  });

  it('masks every line of a card’s machine-readable zone whole', async () => {
    const spans = await found(CARD);
    expect(spans).toContainEqual(['NATIONAL_ID', 'IDD<<K4R7T0Q552<<<<<<<<<<<<<<<']);
    expect(spans).toContainEqual(['NATIONAL_ID', '9111075<3406309D<<<<<<<<<<<<<2']);
    expect(spans).toContainEqual(['PERSON', 'QUELLMARK<<OSWINE<TERKA<<<<<<<']);
  });

  it('reads a passport zone as OCR gives it (fillers as « and spaces between them)', () => {
    const text = 'P < XKCQUELLMARK « OSWINE < TERKA <<<< <<<< <<<<<<<<<\nK4R7T0Q552XKC9111075F3406309<<<<<<<<<<<<<<06\n';
    expect(machineReadableZones(text).map((c) => c.type)).toEqual(['PERSON', 'PASSPORT_NUMBER']);
  });

  it('takes no rule of fillers, no navigation line and no code', () => {
    expect(machineReadableZones('<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n')).toEqual([]);
    expect(machineReadableZones('<< First  < Previous  Page 2 of 9  Next >  Last >>\n')).toEqual([]);
    expect(machineReadableZones('if (a << 2 < b) return x << 1;\nconst y = z << 3;\n')).toEqual([]);
  });
});

describe('people named by their role on a form', () => {
  it('masks a name in capitals after the role that names it, title and surname included', async () => {
    const spans = await found('ATTENDING PHYSICIAN: DR. RAJIV VELLANKORAM\nWitness: Tamsin Yarrowby');
    expect(spans).toContainEqual(['PERSON', 'DR. RAJIV VELLANKORAM']);
    expect(spans).toContainEqual(['PERSON', 'Tamsin Yarrowby']);
  });

  it('takes no answer that is a word or a phrase for a name', async () => {
    expect(await found('Physician: see attached list\nDoctor: Who\nGuarantor: same as patient\nInsured: Yes')).toEqual([]);
  });
});
