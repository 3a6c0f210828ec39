/**
 * People in any column of a declared table (an XLSX sheet) whose header
 * names them, on every sheet: a "Name" column after an id, a "Manager"
 * column, a name split over "Last name" and "First name". Every name,
 * number and product here is invented for these tests.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { redactedText } from './redact-plan.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };

/** An XLSX workbook of the given sheets (rows of cells). */
function workbook(sheets: Record<string, (string | number)[][]>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}


describe('people columns of a workbook, on every sheet', () => {
  it('masks names under Name, Manager, Last name and First name wherever the column is', async () => {
    // Prepare
    const book = workbook({
      Staff: [
        ['Employee', 'Department'],
        ['Halvard Ostrick', 'Finance'],
      ],
      Payroll: [
        ['ID', 'Name', 'Department'],
        [10023, 'Tamsin Yarrowby', 'Legal'],
        [10024, 'Oswin Pellagrue', 'Facilities'],
      ],
      Sites: [
        ['Site', 'Manager', 'Phone'],
        ['North yard', 'Corran Thistlewick', 'x2231'],
      ],
      Split: [
        ['Last name', 'First name', 'Start'],
        ['Pfannstiel', 'Yorick', '2022-01-01'],
        ['Oakenvale', 'Liesel', '2022-02-01'],
      ],
    });
    // Act
    const text = await redactedText(book, 'book.xlsx');
    // Assess
    for (const name of [
      'Halvard',
      'Ostrick',
      'Tamsin',
      'Yarrowby',
      'Oswin',
      'Pellagrue',
      'Corran',
      'Thistlewick',
      'Pfannstiel',
      'Yorick',
      'Oakenvale',
      'Liesel',
    ]) {
      expect(text, name).not.toContain(name);
    }
    expect(text).toContain('10023 [PERSON] Legal');
    expect(text).toContain('[PERSON] [PERSON] 2022-01-01');
  });

  it('leaves goods under a bare "Name" and columns no header calls people', async () => {
    // Prepare
    const book = workbook({
      Stock: [
        ['SKU', 'Name', 'Price'],
        ['QX-11', 'Zentro Mac', 3.99],
      ],
      Rooms: [
        ['Room', 'Wing'],
        ['Harbour View', 'East'],
      ],
    });
    // Act
    const text = await redactedText(book, 'book.xlsx');
    // Assess
    expect(text).toContain('Zentro Mac');
    expect(text).toContain('Harbour View');
  });
});

describe('a name written surname first', () => {
  const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

  it('masks the given name after the surname in a sheet named "Last, First"', async () => {
    // Prepare
    const book = workbook({
      'Quennell, Brisa': [
        ['Day', 'Hours'],
        ['Mon', 6],
      ],
    });
    // Act
    const text = await redactedText(book, 'book.xlsx');
    // Assess
    expect(text).not.toContain('Brisa');
    expect(text).not.toContain('Quennell');
  });

  it.each([
    ['a signature line', 'Signed: Ostrick, Halvard', ['Ostrick', 'Halvard']],
    ['a place after the comma', 'Contact Ostrick, Paris', ['Ostrick']],
  ])('%s', async (_, text, expected) => {
    expect(await persons(text)).toEqual(expected);
  });
});
