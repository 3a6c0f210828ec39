/**
 * Bank statements: counterparties printed in capitals after a transfer's
 * preposition, account numbers after the account words of the supported
 * languages. Every name and number is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const found = async (text: string) => (await detectPii(text, BUILT_INS)).map((s) => [s.type, s.value]);

const STATEMENT = [
  'Kontoauszug Nr. 4/2025                      Girokonto 4471029385',
  '07.04.     Gutschrift von ARNE QUELLSAHL Rückzahlung Urlaub           +120,00',
  '09.04.     Kartenzahlung BRISKMARKT GMBH                               -43,17',
  '04/03  Zelle payment to MARISOL QUINTERAS-ABBOTT            -75.00',
  '04/05  Direct deposit ORVANE LOGISTICS PAYROLL            2,310.55',
  '04/06  TRANSFER TO SAVINGS ACCOUNT                          -100.00',
].join('\n');

describe('bank statements', () => {
  it('masks counterparties in capitals after a transfer, and the account number after "Girokonto"', async () => {
    const spans = await found(STATEMENT);
    expect(spans).toContainEqual(['PERSON', 'ARNE QUELLSAHL']);
    expect(spans).toContainEqual(['PERSON', 'MARISOL QUINTERAS-ABBOTT']);
    expect(spans).toContainEqual(['US_BANK_NUMBER', '4471029385']);
  });

  it('leaves companies and account names in capitals alone', async () => {
    const values = (await found(STATEMENT)).map(([, value]) => value);
    expect(values.some((v) => /BRISKMARKT|ORVANE|SAVINGS/u.test(v))).toBe(false);
  });
});

describe('account numbers printed in groups', () => {
  it('masks the whole grouped number after an account word, as a payroll form or a Spanish bank letter prints it', async () => {
    const spans = await found('Employee: Corvin Ashdale\nBank acct 0072 4419 3306\nNº de cuenta: 0182 2377 41 0201559934\n');
    expect(spans).toContainEqual(['US_BANK_NUMBER', '0072 4419 3306']);
    expect(spans).toContainEqual(['US_BANK_NUMBER', '0182 2377 41 0201559934']);
  });

  it('leaves grouped figures with no account word near them to the other types', async () => {
    const spans = await found('Shipment weights 1200 4500 7800 kg were logged on pallet 3.');
    expect(spans.some(([type]) => type === 'US_BANK_NUMBER')).toBe(false);
  });
});

describe('memo headers', () => {
  it('masks names in capitals on the From and CC lines, double-barrelled or after a list separator', async () => {
    const spans = await found('MEMORANDUM\nTO: All Department Heads\nFROM: QUENTIN ASHWELL-BRAY, VP Operations\nCC: Lorna Fitzwarren; DEV OKONJARO\n');
    expect(spans).toContainEqual(['PERSON', 'QUENTIN ASHWELL-BRAY']);
    expect(spans).toContainEqual(['PERSON', 'DEV OKONJARO']);
    expect(spans.some(([, value]) => value.includes('Department'))).toBe(false);
  });
});

