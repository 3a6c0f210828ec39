/**
 * People in a table's first column under a header that names them. Every
 * name, department and number here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('people in a column headed by a word for people', () => {
  it.each([
    [
      'a staff list, cells apart by spaces',
      'Staff list\nName Department Start date\nHalvard Ostrick Finance 2019-03-01\nBrisa Quennell Sales 2020-06-15\nTamsin Yarrowby Legal 2021-01-04',
      ['Halvard Ostrick', 'Brisa Quennell', 'Tamsin Yarrowby'],
    ],
    ['a pipe table', 'Employee | Role | Phone\nOswin Pellagrue | Clerk | x2233\nCorran Thistlewick | Counsel | x2232', ['Oswin Pellagrue', 'Corran Thistlewick']],
    ['a German register, tab-separated', 'Mitarbeiter\tAbteilung\nMaelis Dunkerwald\tEinkauf\nYorick Pfannstiel\tLager', ['Maelis Dunkerwald', 'Yorick Pfannstiel']],
  ])('%s', async (_, text, expected) => {
    expect(await persons(text)).toEqual(expected);
  });

  it('masks a surname that is also an English word, and the rows after it', async () => {
    // Before, "Baker" (no surname list holds it) ended the column at its row: every name under it stayed readable.
    const text = 'Name | Dept\nGideon Baker | Sales\nMarguerite Carpenter | Legal\nOrla Vantreece | Finance';
    expect(await persons(text)).toEqual(['Gideon Baker', 'Marguerite Carpenter', 'Orla Vantreece']);
  });

  it('reads a header naming both parts of the name, and masks names only — no cell edge, no header word', async () => {
    // Before: "Puesto⏎Olmedo Varga" was one person across the line end and "Itziar |" kept the table's bar.
    const text = 'Apellidos y nombre | Puesto\nOlmedo Varga, Itziar | Técnica\nSandoval Prieto, Ambrosio | Jefe de obra';
    expect(await persons(text)).toEqual(['Olmedo Varga', 'Itziar', 'Sandoval Prieto', 'Ambrosio']);
    expect(await persons('Nome e cognome | Ruolo\nFiammetta Corradini | Contabile')).toEqual(['Fiammetta Corradini']);
  });

  it('masks a double-barrelled or prefixed surname whole', async () => {
    // Before, the cell stopped at "Tanaka-", and the whole name the text read crossed it and gave way: "Rowe" stayed readable.
    expect(await persons('Name | Dept\nSaoirse Tanaka-Rowe | Sales\nIsla McAllister | Legal')).toEqual(['Saoirse Tanaka-Rowe', 'Isla McAllister']);
  });

  it('passes over a row of as many cells without a name, and keeps places and teams out', async () => {
    const text = 'Employee | Team\nVacant | Support\nSolveig Marrow | Support\nSales Team | Floor 2';
    expect(await persons(text)).toEqual(['Solveig Marrow']);
  });

  it('stops at a blank line and leaves goods under a bare "Name" header', async () => {
    expect(await persons('Patient name  Ward\nLiesel Oakenvale  B2\n\nVisiting Hours  Daily')).toEqual(['Liesel Oakenvale']);
    expect(await persons('Name Price Qty\nZentro Mac 3.99 2\nQuill Tags 1.50 4')).toEqual([]);
  });

  it('reads table headers with abbreviations as headers, not names', async () => {
    expect(await persons('Description Price Qty Amt')).toEqual([]);
  });
});
