/**
 * National identity, tax and social-security numbers, insurance numbers, and
 * initials before a name. The numbers are the issuers' published specimens or
 * invented ones with their check digits worked out; names are invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import * as checks from '../../../functions/engines/redact/national-id-checks.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('check digits of national numbers', () => {
  it.each([
    ['German tax id', checks.germanTaxIdValid, '86095742719', '86095742718'],
    ['German social-security number', checks.germanSocialSecurityValid, '65 170839 J 003', '65 170839 J 004'],
    ['German health-insurance number', checks.germanHealthInsuranceValid, 'A123456780', 'A123456781'],
    ['Spanish DNI', checks.spanishIdValid, '12345678Z', '12345678A'],
    ['Spanish NIE', checks.spanishIdValid, 'X-1234567-L', 'X-1234567-M'],
    ['Italian codice fiscale', checks.italianFiscalCodeValid, 'RSSMRA85T10A562S', 'RSSMRA85T10A562T'],
    ['Dutch BSN', checks.dutchBsnValid, '1112.22.333', '1112.22.334'],
    ['French NIR', checks.frenchNirValid, '2 55 08 14 168 025 38', '2 55 08 14 168 025 39'],
    ['Portuguese NIF', checks.portugueseNifValid, '123 456 789', '123 456 788'],
    ['Canadian SIN', checks.canadianSinValid, '046 454 286', '046 454 287'],
    ['Aadhaar', checks.aadhaarValid, '2345 6789 0124', '2345 6789 0125'],
    ['Belgian national number', checks.belgianNationalNumberValid, '85.07.30-033.28', '85.07.30-033.29'],
    ['Swiss AHV number', checks.swissAhvValid, '756.1234.5678.97', '756.1234.5678.98'],
  ])('%s: right check passes, one digit off fails', (_, valid, right, wrong) => {
    expect(valid(right)).toBe(true);
    expect(valid(wrong)).toBe(false);
  });
});

describe('national ids in text', () => {
  it.each([
    ['a codice fiscale alone', 'Her code is RSSMRA85T10A562S, on file.', ['NATIONAL_ID', 'RSSMRA85T10A562S']],
    ['a French NIR after its label', 'N° de sécurité sociale : 2 55 08 14 168 025 38', ['NATIONAL_ID', '2 55 08 14 168 025 38']],
    ['a Swiss AHV number', 'AHV-Nr. 756.1234.5678.97', ['NATIONAL_ID', '756.1234.5678.97']],
    ['a Spanish DNI', 'DNI 12345678Z', ['NATIONAL_ID', '12345678Z']],
    ['a German social-security number', 'Sozialversicherungsnummer 65 170839 J 003', ['NATIONAL_ID', '65 170839 J 003']],
    ['a German tax id after its label', 'Steuer-ID: 86 095 742 719', ['NATIONAL_ID', '86 095 742 719']],
    ['a Dutch BSN after its label', 'BSN 1112.22.333', ['NATIONAL_ID', '1112.22.333']],
    ['a Portuguese NIF after its label', 'Contribuinte n.º 123 456 789', ['NATIONAL_ID', '123 456 789']],
    ['a Canadian SIN after its label', 'Social insurance number 046 454 286', ['NATIONAL_ID', '046 454 286']],
    ['an identity card number', 'Personalausweisnummer: T22000129', ['NATIONAL_ID', 'T22000129']],
    ['a misread value after its label', 'Codice fiscale: RSSMRA8ST1OA562S', ['NATIONAL_ID', 'RSSMRA8ST1OA562S']],
  ])('%s', async (_, text, span) => {
    expect(await found(text)).toContainEqual(span);
  });

  it('leaves plain digit runs with a valid check alone without their label', async () => {
    expect(await found('Invoice 86095742719 was paid on time.')).toEqual([]);
    expect(await found('Reference 2345 6789 0124 applies to this shipment.')).toEqual([]);
  });
});

describe('insurance numbers', () => {
  it.each([
    ['a member id', 'Member ID: QVX448201937', ['INSURANCE_NUMBER', 'QVX448201937']],
    ['a policy number', 'Policy No.: HLP-2024-887123', ['INSURANCE_NUMBER', 'HLP-2024-887123']],
    ['a German health-insurance number', 'Versichertennummer A123456780', ['INSURANCE_NUMBER', 'A123456780']],
    ['an insurance number in a letter', 'Insurance no. W8812-44731-02', ['INSURANCE_NUMBER', 'W8812-44731-02']],
  ])('%s', async (_, text, span) => {
    expect(await found(text)).toContainEqual(span);
  });

  it('takes nothing after an insurance label in prose without an identifier', async () => {
    expect(await found('The member number is printed on the back of the card.')).toEqual([]);
  });
});

describe('names with initials', () => {
  it('masks the initials before a found surname and a signature under its label', async () => {
    const spans = await found('Please call Dr. Orsolya Brandvik or J. Brandvik.\nSigned: K. Marsholt');
    expect(spans).toContainEqual(['PERSON', 'J. Brandvik']);
    expect(spans).toContainEqual(['PERSON', 'K. Marsholt']);
  });

  it('takes no typed prose after a signature label', async () => {
    expect(await found('Signed: see attached form')).toEqual([]);
  });
});
