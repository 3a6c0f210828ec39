/**
 * An e-invoice whose XML disagrees with the visible invoice says so
 * (e-invoice.ts eInvoiceDisagreements): both values per field; agreeing
 * values written differently (amount notation, IBAN spacing, a name with its
 * legal form) are not disagreements.
 */
import { describe, expect, it } from 'vitest';
import { disagreementWarning, eInvoiceDisagreements, withEInvoice } from '../../../functions/engines/extract/e-invoice.ts';
import type { FinancialExtraction } from '../../../functions/engines/extract/financial.ts';

const extraction = (entities: Record<string, string>): FinancialExtraction => ({ entities, confidence: {}, line_items: [] });

describe('e-invoice XML against the visible invoice', () => {
  it('lists each field where they disagree, with both values, and keeps reporting the XML value', () => {
    const fromXml = extraction({
      iban: 'DE44500105175407324931',
      total_amount: '1250.00',
      vendor_name: 'Lumen Widgets GmbH',
      customer_name: 'Quarry Lane Bakery',
    });
    const fromPages = extraction({
      iban: 'FR1420041010050500013M02606',
      total_amount: '1520.00',
      vendor_name: 'Lumen Widgets',
      customer_name: 'Harbour Lights Ltd',
    });
    const disagreements = eInvoiceDisagreements(fromPages, fromXml);
    expect(disagreements).toEqual([
      { field: 'total_amount', xml: '1250.00', visible: '1520.00' },
      { field: 'iban', xml: 'DE44500105175407324931', visible: 'FR1420041010050500013M02606' },
      { field: 'customer_name', xml: 'Quarry Lane Bakery', visible: 'Harbour Lights Ltd' },
    ]);
    expect(disagreementWarning(disagreements[1])).toBe(
      'e-invoice: iban is "DE44500105175407324931" in the embedded XML but "FR1420041010050500013M02606" on the page; the XML value is reported.',
    );
    expect(withEInvoice(fromPages, fromXml).entities.iban).toBe('DE44500105175407324931');
  });

  it('finds no disagreement in the same values written differently, or in fields only one side gives', () => {
    const fromXml = extraction({
      iban: 'DE44500105175407324931',
      total_amount: '1250.00',
      vendor_name: 'Lumen Widgets GmbH',
      customer_name: 'Bäckerei Ölmühle',
      bic: 'LUMWDEFF',
    });
    // The page's font had no umlauts: the same customer, printed in plain letters.
    const fromPages = extraction({
      iban: 'de44 5001 0517 5407 3249 31',
      total_amount: '1250.0',
      vendor_name: 'LUMEN WIDGETS',
      customer_name: 'Backerei Olmuhle',
    });
    expect(eInvoiceDisagreements(fromPages, fromXml)).toEqual([]);
  });
});
