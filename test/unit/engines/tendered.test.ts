import { describe, expect, it } from 'vitest';
import { paidAmount } from '../../../functions/engines/extract/tendered.ts';

describe('paidAmount (cash tendered minus change)', () => {
  it('subtracts the change from the cash handed over', () => {
    expect(paidAmount(['Total 13.50', 'Cash 20.00', 'Change 6.50'], true)).toEqual({ value: '13.50', tendered: '20.00', change: '6.50', lines: [1, 2] });
  });

  it('reads a change line that also says "cash", a whole-note tender and a change a few lines down', () => {
    expect(paidAmount(['CASH 100.00', 'CASH CHANGE 71.40'], true)?.value).toBe('28.60');
    expect(paidAmount(['CASH : 200. 00', 'Rounding 0.00', 'CHANGE : 10.00'], true)?.value).toBe('190.00');
  });

  it('reads the labels in other languages', () => {
    expect(paidAmount(['Gegeben 20,00 €', 'Rückgeld 1,50 €'], true)?.value).toBe('18.50');
    expect(paidAmount(['Espèces 50,00', 'Monnaie rendue 7,20'], true)?.value).toBe('42.80');
    expect(paidAmount(['Efectivo 10,00', 'Cambio 2,35'], true)?.value).toBe('7.65');
    expect(paidAmount(['Contant 20,00', 'Wisselgeld 3,10'], true)?.value).toBe('16.90');
  });

  it('takes an exact payment (change 0.00)', () => {
    expect(paidAmount(['CASH 9.00', 'CHANGE 0.00'], true)?.value).toBe('9.00');
  });

  it('gives nothing for a pair that does not add up, a change without cents where cents are written, or no pair', () => {
    expect(paidAmount(['Cash Tendered 10.00', 'Change 73.40'], true)).toBeUndefined();
    expect(paidAmount(['CASH 20.00', 'CHANGE 150'], true)).toBeUndefined();
    expect(paidAmount(['CASH 20', 'CHANGE 5'], false)?.value).toBe('15.00');
    expect(paidAmount(['VISA 28.60', 'Thank you'], true)).toBeUndefined();
    expect(paidAmount(['CASH 50.00', 'a', 'b', 'c', 'd', 'e', 'CHANGE 1.00'], true)).toBeUndefined();
  });

  it('reads German change labels as scans misread them, and a change printed negative', () => {
    expect(paidAmount(['Bar 10,00', 'Riickge 1d -2,84'], true)?.value).toBe('7.16');
    expect(paidAmount(['Bar €20,00', 'Rickaeld (dar) €2,67'], true)?.value).toBe('17.33');
    // The change line names the cash too ("Rückgeld (Bar)"): it is a change line, not a second tender.
    expect(paidAmount(['Bar 5,00', 'Rückseld (Bar) 0,35'], true)?.value).toBe('4.65');
    expect(paidAmount(['BARGELD 50,00', 'ZURUCK 12.40'], true)?.value).toBe('37.60');
    expect(paidAmount(['GEGEBEN BAR 30.00', 'RUECKGELD EUR 0.02'], true)?.value).toBe('29.98');
  });

  it('does not take words that only look a little like Rückgeld for a change line', () => {
    expect(paidAmount(['Bar 10,00', 'Rucksack 2,50'], true)).toBeUndefined();
    expect(paidAmount(['Bar 10,00', 'Rückgabe 2,50'], true)).toBeUndefined();
  });
});
