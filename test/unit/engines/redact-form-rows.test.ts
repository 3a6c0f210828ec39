/**
 * Forms and statements as their text layer or OCR gives them: a row of
 * labels over a row of values (a tax return), values that stop at a cell's
 * gap, streets in capitals as envelopes print them, the pharmacy slip's
 * prescriber and card holder. Every name, number and address is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

describe('a label with a format hint over digits in boxes', () => {
  it('masks the boxed date of birth under "Date of birth (MM/DD/YYYY)"', async () => {
    // A form's digit boxes come out of its text layer one digit apart; the hint in brackets ended no label before.
    const spans = await found('Applicant\nDate of birth (MM/DD/YYYY)\n0 7 / 2 2 / 1 9 7 6\n');
    expect(spans).toContainEqual(['DATE_OF_BIRTH', '0 7 / 2 2 / 1 9 7 6']);
  });

  it('takes nothing from a hint followed by words on the same line', async () => {
    expect(await found('Date of birth (optional) Not given\n')).toEqual([]);
  });
});

describe('a labelled name with its credentials', () => {
  it('masks the name and leaves the degree after its comma readable', async () => {
    const spans = await found('Attending: Dr. Perpetua Lindqvist, MD\nReviewed by: Casimir Oyelaran, PhD, RN\n');
    expect(spans).toEqual([
      ['PERSON', 'Perpetua Lindqvist'],
      ['PERSON', 'Casimir Oyelaran'],
    ]);
  });
});

describe('a row of labels over a row of values', () => {
  it('masks each value under its label, not the whole line', async () => {
    const form = [
      'Your first name and middle initial      Last name                 Your social security number',
      'WINIFRED T                              BRACKENBURY               521-66-0847',
    ].join('\n');
    const spans = await found(form);
    expect(spans).toContainEqual(['PERSON', 'WINIFRED T']);
    expect(spans).toContainEqual(['PERSON', 'BRACKENBURY']);
    expect(spans).toContainEqual(['US_SSN', '521-66-0847']);
  });

  it('masks an account number whose label names whose account it is', async () => {
    const spans = await found('Statement for services\nPatient Acct: 58-2210-7\nGuarantor account #: 7730-1192\n');
    expect(spans).toContainEqual(['US_BANK_NUMBER', '58-2210-7']);
    expect(spans).toContainEqual(['US_BANK_NUMBER', '7730-1192']);
  });

  it('ends a value at a cell’s gap, and masks an account number after its label', async () => {
    const spans = await found('Account number: 3300-1847-22   Meter no. E1147728');
    expect(spans).toEqual([['US_BANK_NUMBER', '3300-1847-22']]);
  });
});

describe('pharmacy slips and envelopes', () => {
  it('masks the prescriber, the card holder and the patient’s surname again wherever it stands', async () => {
    const slip = ['Patient: QUENNEVILLE, ODALYS', 'Prescriber: DR. T. VANTERPOOL   DEA# BV4417220', 'CARDHOLDER: O QUENNEVILLE'].join('\n');
    const spans = await found(slip);
    expect(spans).toContainEqual(['PERSON', 'QUENNEVILLE, ODALYS']);
    expect(spans).toContainEqual(['PERSON', 'DR. T. VANTERPOOL']);
    expect(spans.some(([type, value]) => type === 'PERSON' && value.endsWith('QUENNEVILLE') && value !== 'QUENNEVILLE, ODALYS')).toBe(true);
  });

  it('masks a street in capitals with its unit', async () => {
    const spans = await found('Ship to:\nODALYS QUENNEVILLE\n4417 BRAMBLEWOOD DR APT 2B\nRIVERTON NJ 08077');
    expect(spans).toContainEqual(['STREET_ADDRESS', '4417 BRAMBLEWOOD DR APT 2B']);
  });
});
