/**
 * Payslips and tenancy agreements in the supported languages: the employee
 * after their role's label, surname first in capitals, social-security
 * numbers after their local labels, and an IBAN whose check digits are off
 * (a typo or a misreading) next to an account word. Every name and number
 * is invented; the IBANs' check digits are wrong on purpose.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('payslips', () => {
  it('masks a French employee after "Salarié", the number after "N° SS" and an IBAN with wrong check digits', async () => {
    const slip = [
      'Salarié : M. KERVADEC Tugdual          Matricule : 00518',
      'Emploi : Technicien     N° SS : 2 91 05 75 114 208 63',
      'Net à payer : 2 010,12 €   Virement sur IBAN FR76 3000 4008 2800 0987 6543 210',
    ].join('\n');
    const spans = await found(slip);
    expect(spans).toContainEqual(['PERSON', 'M. KERVADEC Tugdual']);
    expect(spans).toContainEqual(['NATIONAL_ID', '2 91 05 75 114 208 63']);
    expect(spans).toContainEqual(['IBAN_CODE', 'FR76 3000 4008 2800 0987 6543 210']);
  });

  it('masks a Spanish worker written surnames first and the social-security affiliation number', async () => {
    const slip = [
      'Trabajador: ECHEVERRÍA SOLANO, ROSA MARÍA      NIF: 50123456S',
      'Nº Afiliación S.S.: 28/40917725/18     Categoría: Oficial 1ª',
    ].join('\n');
    const spans = await found(slip);
    expect(spans).toContainEqual(['PERSON', 'ECHEVERRÍA SOLANO, ROSA MARÍA']);
    expect(spans).toContainEqual(['NATIONAL_ID', '28/40917725/18']);
  });

  it('masks a Dutch employee with a title, initials and particles', async () => {
    const spans = await found('Naam werknemer: Dhr. K.W. van der Hoogenband     Personeelsnummer: 2210');
    expect(spans).toContainEqual(['PERSON', 'Dhr. K.W. van der Hoogenband']);
  });

  it('masks a misread IBAN after its label and a mistyped one after an account word, not an IBAN-like code alone', async () => {
    const spans = await found('IBAN: DE44 68O5 0101 0012 3456 78\nDie Kaution ist auf das Konto DE71 6805 0101 0012 3456 78 zu überweisen.');
    expect(spans).toContainEqual(['IBAN_CODE', 'DE44 68O5 0101 0012 3456 78']);
    expect(spans).toContainEqual(['IBAN_CODE', 'DE71 6805 0101 0012 3456 78']);
    expect(await found('Part DE71 6805 0101 0012 3456 78 shipped.')).toEqual([]);
  });
});
