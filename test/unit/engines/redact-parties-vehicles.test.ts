/**
 * Documents unlike our sets that left a person readable: a lab report's
 * "PATIENT: SURNAME, GIVEN M", a boarding pass's "SURNAME/GIVEN MS", a
 * pleading's caption in capitals and the surname in running text after it,
 * a résumé's head line, a vehicle's VIN and plate, profile links. Every
 * name, number and link is invented (the VINs' check digits worked out).
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { vinCheckValid } from '../../../functions/engines/redact/vehicle-profile-recognizers.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);
const values = async (text: string) => (await found(text)).map(([, value]) => value);

describe('parties named by their role on forms, tickets and pleadings', () => {
  it('masks a lab report patient written surname first, and no lab value as a licence', async () => {
    const report = [
      'PATIENT: QUARRINGTON, ELSPETH R            DOB: 07/22/1971   Sex: F',
      'Glucose, fasting          131       H      mg/dL     70-99',
    ].join('\n');
    const spans = await found(report);
    expect(spans).toContainEqual(['PERSON', 'QUARRINGTON, ELSPETH R']);
    expect(spans.some(([, value]) => value.includes('70-99') || value.includes('DOB'))).toBe(false);
  });

  it('masks a boarding pass passenger in the airline form, and not the next cell after the title', async () => {
    const pass = ['Passenger: HALVORSEN/BRITTA MS          Flight: QV 2231    Date: 14MAR', 'Name of passenger: MR TOMASZ ABERNETHY-KROLL'].join(
      '\n',
    );
    const spans = await found(pass);
    expect(spans).toContainEqual(['PERSON', 'HALVORSEN/BRITTA MS']);
    expect(spans).toContainEqual(['PERSON', 'MR TOMASZ ABERNETHY-KROLL']);
    expect(spans.some(([, value]) => value === 'Flight')).toBe(false);
  });

  it('masks a patient name surname first and neither its label nor the next cell', async () => {
    const spans = await found('Patient Name: Oyelowo-Brandt, Casimir     MRN 7730419     Admit: 11/02/2026');
    expect(spans.filter(([type]) => type === 'PERSON').map(([, value]) => value)).toEqual(['Oyelowo-Brandt', 'Casimir']);
    expect(spans).toContainEqual(['MEDICAL_RECORD_NUMBER', '7730419']);
  });

  it('leaves a company after a role label alone', async () => {
    expect(await values('Defendant: Corvane Freight Holdings LLC\nTenant: Ashdown Bakery Ltd')).toEqual([]);
  });

  it('masks a caption in capitals and the surname in running text after it', async () => {
    const pleading = [
      'ROSALIND PEMBERFORTH-ISAKSEN,',
      '        Plaintiff,',
      'v.                                   Case No. 25-CV-118',
      'AUGUSTIN DELACOURTE,',
      '        Defendant.',
      '',
      '2. Defendant Delacourte is an individual residing in the county.',
    ].join('\n');
    const spans = await found(pleading);
    expect(spans).toContainEqual(['PERSON', 'ROSALIND PEMBERFORTH-ISAKSEN']);
    expect(spans).toContainEqual(['PERSON', 'AUGUSTIN DELACOURTE']);
    expect(spans).toContainEqual(['PERSON', 'Delacourte']);
  });

  it('masks a résumé head line in capitals, and leaves headings in capitals alone', async () => {
    const resume = ['CORMAC ADEYEMI-FALK', 'Platform Engineer', '', 'QUARTERLY OPERATIONS REVIEW', 'WESTBROOK COUNTY'].join('\n');
    expect(await values(resume)).toEqual(['CORMAC ADEYEMI-FALK']);
  });
});

describe('names the document vouches for', () => {
  it('masks a surname after a title, whatever the sequence tagger reads', async () => {
    const card = [
      'Hollyfield Primary School — Report Card, Autumn Term',
      'Student: Wren Ashcombe-Duval        Grade: 4        Teacher: Ms. Thorsgaard',
      'Parent/Guardian: Odile Ashcombe',
      'Wren has made excellent progress in reading this term. She works well with Anwen and Kasimir in group tasks.',
    ].join('\n');
    expect(await found(card)).toContainEqual(['PERSON', 'Thorsgaard']);
  });

  it('masks a surname after an initial, whatever the person model reads', async () => {
    const report = [
      'NORTHGATE CLINICAL LABORATORIES',
      '1180 Orchard Park Blvd, Suite 210, Fairhaven, OH 44021   CLIA #36D0987123',
      '',
      'PATIENT: QUELLING, ADA M            DOB: 03/17/1968   Sex: F   Age: 58',
      'MRN: 00481277                          Accession: NG-26-118204',
      'Ordering Provider: Brisk, Tomas MD   NPI: 1487720396',
      'Collected: 11/20/2026 07:42            Received: 11/20/2026 09:15',
      'Patient Phone: (614) 555-0199          Address: 77 Larkspur Lane, Apt 4, Fairhaven OH 44021',
      'Insurance: BlueRiver PPO   Member ID: XKB928341107   Group: 00417',
      '',
      'TEST                      RESULT    FLAG   UNITS     REFERENCE',
      'Hemoglobin A1c            6.9       H      %         4.0-5.6',
      'Glucose, fasting          131       H      mg/dL     70-99',
      '',
      'Comments: Results called to Nurse Anjali Ravindran at 10:02 by J. Oduya, MLS(ASCP).',
      'Verified by: Corwin Ashby, MD, Laboratory Director',
    ].join('\n');
    expect(await found(report)).toContainEqual(['PERSON', 'J. Oduya']);
  });

  it('masks a name in capitals after a party’s role, and a plate after "plate"', async () => {
    const spans = await found('Complainant HENRIETTA GOLDTHWAITE stated that the car (OH plate KZT 2290) left.');
    expect(spans).toContainEqual(['PERSON', 'HENRIETTA GOLDTHWAITE']);
    expect(spans).toContainEqual(['VEHICLE_ID', 'KZT 2290']);
  });

  it('masks the whole cell under a "Last name" label when a surer name covers part of its line', async () => {
    const form = ["e Employee's first name and initial   Last name", '  Rosalind J                           Penhallow-Quist'].join('\n');
    const masked = (await values(form)).join(' ');
    expect(masked).toContain('Rosalind');
    expect(masked).toContain('Penhallow-Quist');
  });
});

describe('double-barrelled names', () => {
  it('masks the whole hyphened word when one part of it is found', async () => {
    const values = (await found('Amina Mwangi chaired the panel. Please also thank Dr. St. John-Mwangi for her notes.')).map(([, value]) => value).join(' ');
    expect(values).toContain('John-Mwangi');
  });
});

describe('application logs', () => {
  it('masks a found name written as a user name, and a card holder in capitals', async () => {
    const log = [
      '2026-11-27T10:14:02Z INFO login ok {"user":"leocadia.brandwijk","name":"Leocadia Brandwijk"}',
      '2026-11-27T10:15:40Z WARN payment failed holder="ROSALIE BENEDIKTSSON"',
    ].join('\n');
    const spans = await found(log);
    expect(spans).toContainEqual(['PERSON', 'leocadia.brandwijk']);
    expect(spans).toContainEqual(['PERSON', 'ROSALIE BENEDIKTSSON']);
  });
});

describe('vehicle identifiers', () => {
  it('checks a VIN by its ninth character', () => {
    expect(vinCheckValid('3GKALTEV5KL204417')).toBe(true);
    expect(vinCheckValid('3GKALTEV6KL204417')).toBe(false);
    expect(vinCheckValid('3GKALTEV5KL2044I7')).toBe(false);
  });

  it('masks a checked VIN alone, any VIN after its label and a plate after its label', async () => {
    const spans = await found('Vehicle 3GKALTEV5KL204417 was towed.\nFahrgestellnummer: WVWZZZ3CZWE123465\nLicense plate: 7QK-4J2, Missouri');
    expect(spans).toContainEqual(['VEHICLE_ID', '3GKALTEV5KL204417']);
    expect(spans).toContainEqual(['VEHICLE_ID', 'WVWZZZ3CZWE123465']);
    expect(spans).toContainEqual(['VEHICLE_ID', '7QK-4J2']);
  });

  it('leaves seventeen-character codes without a check or a label, and plate-like codes without a plate word, alone', async () => {
    expect(await values('Build 3GKALTEV6KL204417 shipped with firmware A7-22.')).toEqual([]);
  });
});

describe('online profiles', () => {
  it('masks links to one person’s page, not the sites’ own pages nor a repository', async () => {
    const text = 'linkedin.com/in/cormac-adeyemi-falk · https://github.com/cfalk-dev · see github.com/features and https://github.com/acme/widgets';
    const spans = await found(text);
    expect(spans).toContainEqual(['ONLINE_PROFILE', 'linkedin.com/in/cormac-adeyemi-falk']);
    expect(spans).toContainEqual(['ONLINE_PROFILE', 'https://github.com/cfalk-dev']);
    expect(spans.some(([, value]) => /features|acme|widgets/u.test(value))).toBe(false);
  });
});
