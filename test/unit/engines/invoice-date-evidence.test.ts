import { describe, expect, it } from 'vitest';
import { INVOICE_FEATURES, type InvoiceCandidate, type InvoiceField } from '../../../functions/engines/extract/invoice-candidates.ts';
import { ambiguousAt, dateKind, kindAbove, kindBefore, localeMonthFirst } from '../../../functions/engines/extract/invoice-date-evidence.ts';
import { datesIn } from '../../../functions/engines/extract/normalize.ts';
import { at, buildPage } from './page-builder.ts';
import { candidatesOf } from './invoice-candidates-of.ts';

// Invented invoices and labels only: every name, number and address below is made up.

const feature = (c: InvoiceCandidate | undefined, field: InvoiceField, name: string) => c?.features[INVOICE_FEATURES[field].indexOf(name)];
const line = (text: string, x0: number, y0: number, x1: number) => ({
  text,
  bbox: [x0, y0, x1, y0 + 0.012] as [number, number, number, number],
  pageIndex: 0,
});

describe('Engine: invoice date evidence', () => {
  it.each([
    ['Order date: ', 'order'],
    ['PO date: ', 'order'],
    ['Issued: ', 'issue'],
    ['Rechnung Nr. 4711 vom ', 'issue'],
    ['Bestelldatum: ', 'order'],
    ['Lieferdatum ', 'delivery'],
    ['Fälligkeitsdatum: ', 'due'],
    ['Facture n° 88 du ', 'issue'],
    ['Date limite de paiement : ', 'due'],
    ['Fecha de entrega: ', 'delivery'],
    ['Data di scadenza: ', 'due'],
    ['Besteldatum: ', 'order'],
    ['Data de emissão: ', 'issue'],
    ['Data de vencimento: ', 'due'],
    ['Printed ', 'other'],
    ['Statement as of ', 'other'],
    ['Leistungszeitraum: 01.10.2026 bis ', 'period'],
    ['Billing period: 2026-10-01 - ', 'period'],
    ['Date: ', 'generic'],
    ['Invoice # AB-2026-17 Datum: ', 'generic'],
  ])('reads the kind of date the label before it names: %s → %s', (before, kind) => {
    // Act & Assess
    expect(kindBefore(before)).toBe(kind);
  });

  it('reads the label over a value in a header box by where the value stands', () => {
    // Prepare: a row of labels over a row of values, merged into one line each.
    const labels = line('N. fattura Data di emissione Data di consegna', 0.08, 0.29, 0.55);
    const values = line('FA-2026-0042 4 lug. 2026 3 lug. 2026', 0.08, 0.31, 0.51);
    // Act & Assess
    expect(kindAbove(labels, values, values.text.indexOf('4 lug'))).toBe('issue');
    expect(kindAbove(labels, values, values.text.indexOf('3 lug'))).toBe('delivery');
    expect(dateKind([labels, values], 1, values.text.indexOf('4 lug'), [])).toBe('issue');
  });

  it('reads Portuguese months and the Italian and Portuguese short forms', () => {
    // Act & Assess
    expect(datesIn('Data: 9 de fevereiro de 2026')[0]?.value).toBe('2026-02-09');
    expect(datesIn('Data: 4 lug. 2026')[0]?.value).toBe('2026-07-04');
    expect(datesIn('Vencimento 12 out. 2026')[0]?.value).toBe('2026-10-12');
  });

  it('tells a slashed date that reads both ways and which order the page’s locale writes', () => {
    // Act & Assess
    expect(ambiguousAt('Date: 03/11/2026', 6)).toBe(true);
    expect(ambiguousAt('Date: 23/11/2026', 6)).toBe(false);
    expect(ambiguousAt('Datum: 03.11.2026', 7)).toBe(false);
    expect(localeMonthFirst('Pinecrest Supply LLC\nSpringfield, OR 97477\nTotal $120.00')).toBe(true);
    expect(localeMonthFirst('Brookhaven Ltd\nTotal £120.00')).toBe(false);
    expect(localeMonthFirst('no evidence here')).toBeUndefined();
  });

  it('offers both readings of an ambiguous date, the locale’s as such, and marks order, due and footer dates by kind', () => {
    // Prepare: a US seller's invoice whose dates read both ways.
    const page = buildPage({
      items: [
        at('Pinecrest Supply LLC', 60, 50, 18),
        at('410 Alder Road, Springfield, OR 97477', 60, 72),
        at('INVOICE', 360, 50, 18),
        at('Invoice No. PS-20417', 360, 90),
        at('Order date: 02/09/2026', 360, 104),
        at('Invoice date: 03/11/2026', 360, 118),
        at('Due date: 04/10/2026', 360, 132),
        at('Shelving units 2 $400.00 $800.00', 60, 300),
        at('Total $800.00', 360, 360),
        at('Price list valid from 01/05/2026', 60, 780, 7),
      ],
    });
    // Act
    const dates = candidatesOf(page).invoice_date;
    const of = (v: string) => dates.find((c) => c.value === v);
    // Assess
    expect(feature(of('2026-03-11'), 'invoice_date', 'kind_issue')).toBe(1);
    expect(feature(of('2026-03-11'), 'invoice_date', 'reading_fits_locale')).toBe(1);
    expect(feature(of('2026-03-11'), 'invoice_date', 'near_number')).toBe(1);
    expect(feature(of('2026-11-03'), 'invoice_date', 'other_reading')).toBe(1);
    expect(feature(of('2026-11-03'), 'invoice_date', 'reading_against_locale')).toBe(1);
    expect(feature(of('2026-02-09'), 'invoice_date', 'kind_order')).toBe(1);
    expect(feature(of('2026-04-10'), 'invoice_date', 'kind_due')).toBe(1);
    expect(feature(of('2026-01-05'), 'invoice_date', 'in_footer')).toBe(1);
    expect(feature(of('2026-01-05'), 'invoice_date', 'kind_other')).toBe(1);
  });

});
