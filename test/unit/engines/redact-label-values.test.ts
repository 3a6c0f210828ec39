/**
 * Values a form's labels name, masked as that type however OCR misread
 * them. Every name, number and address here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { labelledValues } from '../../../functions/engines/redact/label-values.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);
const labelled = (text: string) => labelledValues(text).map((c) => [c.type, text.slice(c.start, c.end)]);

describe('values named by their labels', () => {
  it.each([
    ['an SSN misread as letters', 'Social Security No.: 5l2-4B-773O', ['US_SSN', '5l2-4B-773O']],
    ['a misread patient name', 'Patient name: H4lvard 0strick', ['PERSON', 'H4lvard 0strick']],
    ['a date of birth on the line below its label', 'Date of birth\n O4/l7/l986', ['DATE_OF_BIRTH', 'O4/l7/l986']],
    ['a misread phone number in the next cell', 'Name: Tamsin Yarrowby   Phone: (4l5) 555-2B7l', ['PHONE_NUMBER', '(4l5) 555-2B7l']],
    ['a home address with a misread house number', 'Home address: 1B47 Larkspur Ln, Fairhaven', ['STREET_ADDRESS', '1B47 Larkspur Ln, Fairhaven']],
    ['a passport number with look-alike letters', 'Passport No: X1234S67B', ['PASSPORT_NUMBER', 'X1234S67B']],
    ['a German form', 'Geburtsdatum: l2.O3.1979', ['DATE_OF_BIRTH', 'l2.O3.1979']],
  ])('%s', async (_, text, span) => {
    expect(await found(text)).toContainEqual(span);
  });

  it('stops a value at the next cell that is a label of its own', () => {
    expect(labelled('Name: Tamsin Yarrowby   Phone: (4l5) 555-2B7l')).toEqual([
      ['PERSON', 'Tamsin Yarrowby'],
      ['PHONE_NUMBER', '(4l5) 555-2B7l'],
    ]);
  });

  it.each([
    ["a witness's phone after the name", 'Witness: Corran Ostlethwaite 617-555-0193', 'Corran Ostlethwaite'],
    ["a patient's date of birth after the name", 'Patient: Ysolde Brackwater 11/02/1958', 'Ysolde Brackwater'],
    ['an emergency contact with an international number', 'Emergency contact: Halvard Pennystone +44 20 7946 0311', 'Halvard Pennystone'],
    ['a server and the time on a receipt', 'Served by: Mirela D 14:32', 'Mirela D'],
  ])('takes the name before a number on its line: %s', (_, text, name) => {
    expect(labelled(text)).toContainEqual(['PERSON', name]);
  });

  it('takes no lone word before a number for a name (a room, a school year)', () => {
    expect(labelled('Guest: Room 12')).toEqual([]);
    expect(labelled('Student: Year 9')).toEqual([]);
    expect(labelled('Witness: Exhibit 4')).toEqual([]);
  });

  it('leaves blanks, prose and configuration text alone', () => {
    expect(labelled('SSN: ___________')).toEqual([]);
    expect(labelled('Address: the address the server binds to')).toEqual([]);
    expect(labelled('name: docling\nversion: 2.1')).toEqual([]);
    expect(labelled('File name: report_final.pdf')).toEqual([]);
    expect(labelled('Name\nThe name of the project is set in the configuration file.')).toEqual([]);
    // A label line below a label is the next label, not its value.
    expect(labelled('Date of birth:\nPlace of birth: Fairhaven')).toEqual([]);
  });
});
