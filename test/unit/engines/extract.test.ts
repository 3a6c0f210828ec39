import { describe, expect, it } from 'vitest';
import { ExtractTemplate, FinancialExtractResult } from '../../../functions/contracts/schemas/extract.ts';
import { extractFinancial, partyName } from '../../../functions/engines/extract/financial.ts';
import { amountsIn, compactDayFirstDate, dateAfterLabel, detectCurrency, ocrMonth, ocrYearDate, parseAmount, parseDate, slashMisreadDate } from '../../../functions/engines/extract/normalize.ts';
import { fillSchema, labelSimilarity } from '../../../functions/engines/extract/schema-fill.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openDocument } from '../../../functions/engines/registry.ts';
import { at, buildPage, type Placed } from './page-builder.ts';

/** A page from lines of text placed top to bottom; `[left, right]` pairs put a value in a right-hand column. */
function page(rows: (string | [string, string])[]) {
  const items: Placed[] = [];
  rows.forEach((row, i) => {
    const y = 60 + i * 16;
    if (Array.isArray(row)) {
      items.push({ text: row[0], x: 60, y });
      items.push({ text: row[1], x: 400, y });
    } else items.push({ text: row, x: 60, y });
  });
  return buildPage({ items });
}

describe('normalisation', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1 234,56 €', '1234.56'],
    ['€ 12,5', '12.50'],
    ['USD 99', '99.00'],
    ['(45.00)', '-45.00'],
    ['1,234', '1234.00'],
    // Unit prices with four decimals, and a zero with three, are decimals; trailing zeros past the cents go.
    ['9,9000', '9.90'],
    ['0.4575', '0.4575'],
    ['0,125', '0.125'],
    ['1,234.5678', '1234.5678'],
    ['1.234.567,89', '1234567.89'],
  ])('amount %j → %s', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });

  it.each([
    ['2026-03-17', '2026-03-17'],
    ['17.03.2026', '2026-03-17'],
    ['17/03/2026', '2026-03-17'],
    ['3 März 2026', '2026-03-03'],
    ['17 mars 2026', '2026-03-17'],
    ['17 de marzo de 2026', '2026-03-17'],
    ['17 marzo 2026', '2026-03-17'],
    ['17 maart 2026', '2026-03-17'],
    ['March 17, 2026', '2026-03-17'],
    ['August 3 , 2014', '2014-08-03'],
    ['17-Mar-26', '2026-03-17'],
    // OCR sets a space after the dots of a dotted date.
    ['Datum: 04.04. 2020', '2020-04-04'],
    ['04. 05. 2020 13:43', '2020-05-04'],
    // …and reads one of its dots as a comma.
    ['Datum: „07, 11. 2031', '2031-11-07'],
    ['07.11, 2031 09:40', '2031-11-07'],
  ])('date %j → %s', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });

  it('reads an ambiguous numeric date day-first unless the document is month-first', () => {
    expect(parseDate('04/05/2026')).toBe('2026-05-04');
    expect(parseDate('04/05/2026', { monthFirst: true })).toBe('2026-04-05');
  });

  it('detects the currency from codes and symbols', () => {
    expect(detectCurrency('Total EUR 10,00')).toBe('EUR');
    expect(detectCurrency('Total £12.00')).toBe('GBP');
    expect(detectCurrency('TOTAL RM 9.00')).toBe('MYR');
    // A column head "(RM)" counts; a stray glyph OCR made of a postcode ("81100" → "£1100") loses the tie to letters.
    expect(detectCurrency('£1100 JOHOR BAHRU\nRounded Total (RM): 9.00')).toBe('MYR');
    expect(detectCurrency('Total £12.00\nSubtotal £10.00\nRM')).toBe('GBP');
    expect(amountsIn('2 x 4.50 = 9.00').map((a) => a.value)).toEqual(['2.00', '4.50', '9.00']);
    // A currency code glued to an amount with cents is the amount's; glued to a whole number it stays a code.
    expect(amountsIn('TOTAL RM18.60').map((a) => a.value)).toEqual(['18.60']);
    expect(amountsIn('EUR7,35 bar')).toMatchObject([{ value: '7.35', raw: 'EUR7,35' }]);
    expect(amountsIn('ART RM100 X2')).toEqual([]);
    // A printed euro sign read as "e" glued to an amount with cents; never a letter inside a word or before a whole number.
    expect(amountsIn('Total e17,33')).toMatchObject([{ value: '17.33', raw: 'e17,33' }]);
    expect(amountsIn('Type e12 code')).toEqual([]);
    expect(amountsIn('Coffee12.50').map((a) => a.value)).toEqual([]);
  });

  it('reads an OCR receipt date with a two-digit year and a comma for a dot when a time follows it', () => {
    expect(parseDate('17,06.21 18:05 0000321 004')).toBe('2021-06-17');
    expect(parseDate('09.11, 22 07:41')).toBe('2022-11-09');
    // Without the time, two amounts and a number stay amounts.
    expect(parseDate('12,50 13,20 4')).toBeUndefined();
    expect(parseDate('1,99 2,50 10:30')).toBeUndefined();
  });

  it('reads the date right after a date label when OCR lost its separators, and only there', () => {
    expect(dateAfterLabel(' : 24 07- 2019 11: 05: 3')).toBe('2019-07-24');
    expect(dateAfterLabel(': 3.11 2021')).toBe('2021-11-03');
    expect(dateAfterLabel('No 12 4 2019', {})).toBeUndefined();
    const page = { pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: '', lines: ['WARUNG CONTOH', 'Date : 24 07- 2019 11: 05', 'TOTAL 9.00', 'Qty 12 07 2019'].map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) };
    expect(extractFinancial([page], { receiptModel: null }).entities.invoice_date).toBe('2019-07-24');
  });

  it('reads the date after a date label whose colon OCR read as a letter, or whose year lost its leading 2', () => {
    expect(dateAfterLabel(' F 24 07- 019 11: 05: AT')).toBe('2019-07-24');
    expect(dateAfterLabel(' : 3 11 021')).toBe('2021-11-03');
    expect(dateAfterLabel(' i 24 07 2019')).toBe('2019-07-24');
    // A three-digit year past the plausible window, one followed by more digits or cents, and a two-digit one: none.
    for (const none of [' IE 24 07 2019', ' : 24 07 095', ' : 24 07 0195', ' : 24 07 019.50', ' IE 07- 19 18: 2; 09', ' FAX 24 07 019']) expect(dateAfterLabel(none)).toBeUndefined();
    const scan = (lines: string[]) => ({ pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: lines.join('\n'), lines: lines.map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) });
    expect(extractFinancial([scan(['KEDAI CONTOH', 'Date F 24 07- 019 11: 05: AT', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2019-07-24');
  });

  it('reads seven digits after a date label as a date only when they split into one day and month', () => {
    // "07/03/2021" with both slashes and a zero lost.
    expect(dateAfterLabel(': 0732021 14:20')).toBe('2021-03-07');
    // 1/12 or 11/2: two readings, so none.
    expect(dateAfterLabel(': 1122021')).toBeUndefined();
    expect(dateAfterLabel(': 0002021')).toBeUndefined();
    const scan = (lines: string[]) => ({ pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: lines.join('\n'), lines: lines.map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) });
    expect(extractFinancial([scan(['KEDAI CONTOH', 'Date: 0732021 14:20', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2021-03-07');
    // Without the label the digits are an id.
    expect(extractFinancial([scan(['KEDAI CONTOH', 'Ref 0732021', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBeUndefined();
  });

  it('puts back a year OCR misread into no plausible year when one digit does it, as a last resort', () => {
    expect(ocrYearDate('14/06/2721 10:02')).toBe('2021-06-14');
    expect(ocrYearDate('14.06.2O21')).toBeUndefined();
    // A plausible year is left alone (a misread 2016 for 2018 cannot be told); two fitting years are none.
    expect(ocrYearDate('14/06/2016')).toBeUndefined();
    expect(ocrYearDate('14/06/2099')).toBeUndefined();
    expect(ocrYearDate('31/02/2918')).toBeUndefined();
    const scan = (lines: string[]) => ({ pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: lines.join('\n'), lines: lines.map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) });
    expect(extractFinancial([scan(['KEDAI CONTOH', 'TOTAL 9.00', '14/06/2721 10:02 0012'])], { receiptModel: null }).entities.invoice_date).toBe('2021-06-14');
    // A date read as printed wins.
    expect(extractFinancial([scan(['KEDAI CONTOH', 'Date 15/06/2021', 'TOTAL 9.00', '14/06/2721 10:02 0012'])], { receiptModel: null }).entities.invoice_date).toBe('2021-06-15');
  });

  it('puts back the slashes of a till date OCR read as 1 or 7 (or lost) right before the time, as a last resort', () => {
    // 14/08/2026: the first slash lost, the second read as a 7; 03/11/2027 with both read as 1s.
    expect(slashMisreadDate('TRX 40112 140872026 09:41:07 PM')).toBe('2026-08-14');
    expect(slashMisreadDate('0311112027 18:05')).toBe('2027-11-03');
    // No time after it, a year out of range, no slash-like digit where one belongs, or two readings: nothing.
    expect(slashMisreadDate('TRX 40112 140872026')).toBeUndefined();
    expect(slashMisreadDate('140872926 09:41')).toBeUndefined();
    expect(slashMisreadDate('140852026 09:41')).toBeUndefined();
    const scan = (lines: string[]) => ({ pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: lines.join('\n'), lines: lines.map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) });
    expect(extractFinancial([scan(['KEDAI CONTOH', 'CB#: 5521 140872026 09:41:07', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2026-08-14');
    // A date read as printed wins.
    expect(extractFinancial([scan(['KEDAI CONTOH', '15/08/2026', 'CB#: 5521 140872026 09:41:07', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2026-08-15');
  });

  it('reads a month name set between slashes ("04/Mar/2021")', () => {
    expect(parseDate('TRX# 7731 04/Mar/2021 09:15:02')).toBe('2021-03-04');
    expect(parseDate('17/dec/19')).toBe('2019-12-17');
  });

  it('reads a short month name OCR misread by one confusable glyph, between a day and a four-digit year only', () => {
    expect(ocrMonth('lan')).toBe(1);
    expect(ocrMonth('0ct')).toBe(10);
    expect(ocrMonth('xyz')).toBeUndefined();
    // One glyph off two months at once is no month.
    expect(ocrMonth('jua')).toBeUndefined();
    expect(parseDate('Dt 1 08 lan 2022 10:41am')).toBe('2022-01-08');
    expect(parseDate('21-0ct-2020')).toBe('2020-10-21');
    // Without the four-digit year, or with a word that is no month, nothing.
    expect(parseDate('08 lan 22')).toBeUndefined();
    expect(parseDate('3 bed 2020')).toBeUndefined();
  });

  it('reads an eight-digit day-first date only as a last resort, and only when it is a valid date', () => {
    expect(compactDayFirstDate('— 14022019 Ref A-1')).toBe('2019-02-14');
    expect(compactDayFirstDate('INV 31022019')).toBeUndefined();
    expect(compactDayFirstDate('ID 2019031410080010')).toBeUndefined();
    const scan = (lines: string[]) => ({ pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: lines.join('\n'), lines: lines.map((text, i) => ({ text, bbox: [0.1, 0.1 + i * 0.03, 0.9, 0.12 + i * 0.03] as [number, number, number, number], wordIndexes: [] })) });
    expect(extractFinancial([scan(['KEDAI CONTOH', '— 14022019 No A-1', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2019-02-14');
    // A printed date wins over the digits.
    expect(extractFinancial([scan(['KEDAI CONTOH', '— 14022019 No A-1', '15/02/2019 10:02', 'TOTAL 9.00'])], { receiptModel: null }).entities.invoice_date).toBe('2019-02-15');
  });
});

describe('party names', () => {
  it.each([
    ['sales@readwiseapp.com Germany', undefined],
    ['United States', undefined],
    ['Ship to', undefined],
    ['FR44732829320', undefined],
    ['Art-Nr-Lief.', undefined],
    ['billing@acme.io Acme Tools Ltd', 'Acme Tools Ltd'],
    ['Nordlicht AG Mitte', 'Nordlicht AG Mitte'],
    ['7-Eleven Malaysia Sdn Bhd', '7-Eleven Malaysia Sdn Bhd'],
  ])('reads %j as %j', (raw, expected) => {
    expect(partyName(raw)).toBe(expected);
  });
});

describe('financial extraction in several languages', () => {
  it('reads an English invoice: entities, line items, cross-checked totals', () => {
    const doc = page([
      'ACME Widgets Ltd',
      '12 High Street, London EC1A 1BB',
      'VAT No: GB314159283',
      'INVOICE',
      ['Invoice No: INV-2026-0042', 'Invoice Date: 17/03/2026'],
      'Due Date: 16/04/2026',
      'Bill To: Globex Corporation',
      '45 Elm Road, Springfield',
      'PO Number: PO-7781',
      'Description Qty Unit Price Amount',
      'Blue widget 2 10.00 20.00',
      'Red widget 3 5.50 16.50',
      ['Subtotal', '£36.50'],
      ['VAT 20%', '£7.30'],
      ['Total', '£43.80'],
      'Payment terms: 30 days net',
      'IBAN: GB82 WEST 1234 5698 7654 32',
    ]);
    const { entities, confidence, line_items } = extractFinancial([doc]);
    expect(entities).toMatchObject({
      invoice_number: 'INV-2026-0042',
      invoice_date: '2026-03-17',
      due_date: '2026-04-16',
      vendor_name: 'ACME Widgets Ltd',
      vendor_tax_id: 'GB314159283',
      customer_name: 'Globex Corporation',
      purchase_order: 'PO-7781',
      currency: 'GBP',
      subtotal: '36.50',
      tax_amount: '7.30',
      total_amount: '43.80',
      payment_terms: '30 days net',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(confidence.total_amount).toBeGreaterThanOrEqual(0.97);
    expect(Object.keys(confidence).sort()).toEqual(Object.keys(entities).sort());
    expect(line_items).toEqual([
      { description: 'Blue widget', quantity: 2, unit_price: '10.00', total: '20.00' },
      { description: 'Red widget', quantity: 3, unit_price: '5.50', total: '16.50' },
    ]);
  });

  it('reads line items under German compound headers (Nettopreis, Nettobetrag) with four-decimal unit prices', () => {
    const doc = page([
      'Kontorbedarf Linde GmbH',
      'Rechnungsnummer: 583204',
      'Pos Beschreibung Nettopreis Menge Steuersatz Nettobetrag',
      '1 Ordner breit 4,2500 30 Stk 19 % 127,50',
      '2 Kaffee Bohnen 7,8000 12 Stk 7 % 93,60',
      ['Summe netto', '221,10 €'],
    ]);
    expect(extractFinancial([doc]).line_items).toEqual([
      { description: '1 Ordner breit', quantity: 30, unit_price: '4.25', total: '127.50' },
      { description: '2 Kaffee Bohnen', quantity: 12, unit_price: '7.80', total: '93.60' },
    ]);
  });

  it.each([
    ['German', ['Musterhaus Nord GmbH', 'Rechnungsnummer: R-2026-17', 'Rechnungsdatum: 03.02.2026', 'Nettobetrag: 100,00 €', 'MwSt 19%: 19,00 €', 'Gesamtbetrag: 119,00 €'], { invoice_number: 'R-2026-17', invoice_date: '2026-02-03', subtotal: '100.00', tax_amount: '19.00', total_amount: '119.00', currency: 'EUR' }],
    ['French', ['Dupont SARL', 'Facture n° F2026-88', 'Date de facture : 5 mars 2026', 'Total HT : 200,00 €', 'TVA 20 % : 40,00 €', 'Total TTC : 240,00 €'], { invoice_number: 'F2026-88', invoice_date: '2026-03-05', subtotal: '200.00', tax_amount: '40.00', total_amount: '240.00' }],
    ['Spanish', ['García S.L.', 'Número de factura: A-311', 'Fecha: 12/01/2026', 'Base imponible: 50,00 €', 'IVA 21%: 10,50 €', 'Total: 60,50 €'], { invoice_number: 'A-311', invoice_date: '2026-01-12', subtotal: '50.00', tax_amount: '10.50', total_amount: '60.50' }],
    ['Italian', ['Rossi S.r.l.', 'Numero fattura: 2026/45', 'Data fattura: 20/02/2026', 'Imponibile: 80,00 €', 'IVA 22%: 17,60 €', 'Totale: 97,60 €'], { invoice_number: '2026/45', invoice_date: '2026-02-20', subtotal: '80.00', tax_amount: '17.60', total_amount: '97.60' }],
    ['Dutch', ['Jansen B.V.', 'Factuurnummer: 2026-0091', 'Factuurdatum: 7 januari 2026', 'Subtotaal: € 40,00', 'BTW 21%: € 8,40', 'Totaal: € 48,40'], { invoice_number: '2026-0091', invoice_date: '2026-01-07', subtotal: '40.00', tax_amount: '8.40', total_amount: '48.40' }],
  ])('reads a %s invoice', (_language, rows, expected) => {
    expect(extractFinancial([page(rows as string[])]).entities).toMatchObject(expected);
  });

  it("takes the seller's VAT id after a plain tax label, never the customer's", () => {
    const doc = page(['Ma boutique SARL', 'TVA : FR44732829320 - SIRET : 73282932000018', 'Facture N° FC-2021-0314', ['N° TVA client', 'FR83518204417'], ['Total TTC', '120,00 €']]);
    expect(extractFinancial([doc]).entities.vendor_tax_id).toBe('FR44732829320');
  });

  it('drops section subtotal rows from line items (no quantity or price, the sum of the section above)', () => {
    const doc = page(['Description Qty Unit Price Amount', 'Watering can 1 38.00 38.00', 'Hose reel 1 64.00 64.00', '--- Garden Supplies --- 102.00', 'Seed tray 15 10.00 150.00', 'Twine 2 1.20 2.40', ['Total', '254.40']]);
    expect(extractFinancial([doc]).line_items.map((i) => i.total)).toEqual(['38.00', '64.00', '150.00', '2.40']);
  });

  it('does not take a whole number after a total label (an item count) for the total of a receipt written in cents', () => {
    const doc = page(['LIM STATIONERY', '02/01/2019', 'M.ONE TAPE 1.00 15.90', ['Total Amt Rounded', '15.90'], ['Total tems)', '1'], ['CASH', '50.00']]);
    expect(extractFinancial([doc]).entities.total_amount).toBe('15.90');
  });

  it('reads a receipt: vendor on top, the total that agrees with the items, not the cash tendered', () => {
    const doc = page(['CORNER CAFE SDN BHD', 'GST Reg No: 001234567890', '25/12/2018 10:31', 'Latte 2 9.00', 'Croissant 1 4.50', ['TOTAL', '13.50'], ['CASH', '20.00'], ['CHANGE', '6.50'], 'Thank you']);
    const { entities } = extractFinancial([doc]);
    expect(entities).toMatchObject({ vendor_name: 'CORNER CAFE SDN BHD', total_amount: '13.50' });
  });

  it('reads the total from the payment (cash tendered minus change) when the total line is unreadable', () => {
    // OCR garbled the total ("343.%"): the payment settles it, surer when the amount is printed elsewhere.
    const garbled = page(['TWO BROTHERS GRILL', '12/03/2018', 'SUB TOTAL 295.00', 'SERVICE CHARGE 10% 29.50', 'GST 6% 18.47', 'TOTAL 343.%', 'Payment: 343.95', ['CASH', '400.00'], ['CHANGE', '56.05']]);
    const { entities, confidence } = extractFinancial([garbled]);
    expect(entities.total_amount).toBe('343.95');
    expect(confidence.total_amount).toBe(0.7);
    // Not printed anywhere: the same value, less sure.
    const unprinted = page(['PASAR MINI', '18/03/18', 'VEGETABLES 24.20', 'TL :RM 2B.6O', 'CASH 100.00', 'CASH CHANGE 71.40']);
    expect(extractFinancial([unprinted]).entities.total_amount).toBe('28.60');
    expect(extractFinancial([unprinted]).confidence.total_amount).toBe(0.6);
  });

  it('prefers the printed total the payment settles (the rounded one), and trusts a total the payment confirms', () => {
    const rounded = page(['GIFT SHOP', '19/10/2018', ['TOTAL', '60.31'], ['ROUNDING ADJ', '-0.01'], ['TOTAL ROUNDED', '60.30'], ['CASH', '100.00'], ['CHANGE', '39.70']]);
    expect(extractFinancial([rounded]).entities.total_amount).toBe('60.30');
    // A payment that settles another printed "total" far from the total (a tax summary's, a misread change) does not replace it.
    const summary = page(['KEDAI MAJU', '02/05/2018', ['TOTAL SALES :', '21.20'], ['CASH :', '100.00'], ['CHANGE :', '80.00'], 'GST SUMMARY', ['TOTAL :', '20.00']]);
    expect(extractFinancial([summary]).entities.total_amount).toBe('21.20');
    const confirmed = page(['CORNER CAFE', '25/12/2018', ['TOTAL', '13.50'], ['CASH', '20.00'], ['CHANGE', '6.50']]);
    expect(extractFinancial([confirmed]).confidence.total_amount).toBeGreaterThanOrEqual(0.95);
    // A payment that does not add up (change larger than the cash: a misreading) is ignored.
    const misread = page(['QuickBite', '18/01/2018', 'Cash Tendered 10.00', 'Change 73.40', 'TOTAL INCLUDES 6% GST']);
    expect(extractFinancial([misread]).entities.total_amount).toBeUndefined();
  });

  it('does not read a vendor from "from" inside a sentence, nor take the customer company printed under the title', () => {
    const app = page(['CORNER BURGER SDN BHD', '18/01/2018', ['TOTAL', '26.60'], 'Download My Feedback app from', 'Google Play/App Store']);
    expect(extractFinancial([app]).entities.vendor_name).toBe('CORNER BURGER SDN BHD');
    const labelled = page(['INVOICE', 'From: Acme Widgets', 'Date: 2026-03-01', ['Total', '10.00']]);
    expect(extractFinancial([labelled]).entities.vendor_name).toBe('Acme Widgets');
    const billed = page(['iA 2 a Ll', 'PERNIAGAAN SERI MAJU', 'NO.12 JALAN KENANGA 3/7', 'GST NO : 001122334455', 'SIMPLIFIED TAX INVOICE', 'ACMEBUILD ENGINEERING (M) SDN BHD', 'Receipt CS00051234', '09/03/2018', ['TOTAL', '332.30']]);
    expect(extractFinancial([billed]).entities.vendor_name).not.toBe('ACMEBUILD ENGINEERING (M) SDN BHD');
    // Above the title only a slogan, no sender's block: the company under the title is the vendor.
    const slogan = page(['Quality since ever', 'INVOICE', 'ACME Widgets GmbH', 'Hauptstraße 1, 10115 Berlin', 'Invoice number: 77', ['Total', '10.00']]);
    expect(extractFinancial([slogan]).entities.vendor_name).toBe('ACME Widgets GmbH');
  });

  it('reads "Total for this invoice $4.11" (a label word inside the phrase) and skips "from" in a greeting', () => {
    const doc = page([
      'Bill to: Brightpath Labs Limited',
      '17 Harbour Road',
      'Invoice Number: 90512276',
      'Greetings from Nimbus Cloud Services, we are writing to provide you with an electronic invoice',
      'Charges $4.11',
      'Total for this invoice $4.11',
      'All Nimbus Services are sold by Nimbus Cloud Services, Inc.',
    ]);
    const { entities } = extractFinancial([doc]);
    expect(entities.total_amount).toBe('4.11');
    expect(entities.vendor_name).toBe('Nimbus Cloud Services, Inc.');
  });

  it('takes the vendor block under "PROVIDED BY:" (set apart by a blank line): its name, address and VAT id, not the bill-to block', () => {
    const doc = buildPage({
      items: [
        at('BILLED TO:', 60, 40), at('PRODUCT(S) PROVIDED BY:', 330, 40),
        at('Jonas Berger', 60, 70), at('Rankwise Inc.', 330, 100),
        at('Datenwerk Analytik GmbH', 60, 84), at('410 Harbor Avenue, Suite 1200', 330, 114),
        at('Uferweg 12', 60, 98), at('Portland, OR 97201, USA', 330, 128),
        at('VAT number: DE274819358', 60, 112), at('VAT number: EU372000041', 330, 142),
        at('TOTAL AT CHECKOUT 129.00', 60, 200),
      ],
    });
    const { entities } = extractFinancial([doc]);
    expect(entities).toMatchObject({ vendor_name: 'Rankwise Inc.', vendor_tax_id: 'EU372000041', total_amount: '129.00' });
    expect(entities.vendor_address).toContain('410 Harbor Avenue');
  });

  it('takes a total printed in two currency columns from the document currency’s column', () => {
    const usd = page(['Rankwise Inc.', 'PAYMENT CURRENCY: USD', 'USD EUR', 'PRO 1 month 129.00 117.40', 'TOTAL AT CHECKOUT 129.00 117.40']);
    expect(extractFinancial([usd]).entities).toMatchObject({ currency: 'USD', total_amount: '129.00' });
    const eur = page(['Rankwise Inc.', 'Währung: EUR', 'USD EUR', 'TOTAL AT CHECKOUT 129.00 117.40']);
    expect(extractFinancial([eur]).entities.total_amount).toBe('117.40');
    // Column heads naming the currencies among other words, in either order.
    const heads = page(['Tallow & Wick AG', 'Währung: CHF', 'Position Betrag EUR Betrag CHF', 'Kerzen 3 Stk 41.20 39.90', 'Gesamt 41.20 39.90']);
    expect(extractFinancial([heads]).entities.total_amount).toBe('39.90');
  });

  it('reads a row of labels that repeats a label word ("Factuur datum … Factuur"), each over its own column', () => {
    const doc = buildPage({
      items: [at('Tactica Corp', 60, 40), at('Klant', 60, 100), at('Factuur datum', 230, 100), at('Factuur', 330, 100), at('Vervaldatum', 430, 100),
        at('KLNL0704001234567', 60, 116), at('3-5-2023', 230, 116), at('VF2004417788', 325, 116), at('17-5-2023', 430, 116)],
    });
    expect(extractFinancial([doc]).entities).toMatchObject({ invoice_number: 'VF2004417788', invoice_date: '2023-05-03', due_date: '2023-05-17' });
  });

  it.each([
    ['Avoir AV-2021-0042', 'AV-2021-0042'],
    ['Credit note no: CN-881', 'CN-881'],
    ['Gutschrift Nr. GS-2026-12', 'GS-2026-12'],
    ['Nota di credito n. NC/44', 'NC/44'],
    ['Creditnota nr 2026-0191', '2026-0191'],
  ])('reads a credit note number: %j', (line, expected) => {
    expect(extractFinancial([page(['Pressoir Valence SARL', line, 'Date: 16/11/2017', ['Total', '318.60']])]).entities.invoice_number).toBe(expected);
  });

  it('does not read the French verb "avoir" as a credit note title, nor a phone or web line as the vendor address', () => {
    const doc = page(['Pressoir Valence SARL', '9 rue des tilleuls', 'Tél. +33 4 75 26 11 02 - http://www.pressoirvalence.fr', ['Total', '12.00'], 'Merci de nous avoir 10X confié cette commande']);
    const { entities } = extractFinancial([doc]);
    expect(entities.invoice_number).toBeUndefined();
    expect(entities.vendor_address).toBe('9 rue des tilleuls');
  });

  it('reads a row of labels with their values on the row below, column by column', () => {
    const doc = buildPage({
      items: [at('Cobalt Furnishings', 60, 60), at('Invoice Date:', 60, 100), at('Due Date:', 220, 100), at('Reference:', 380, 100), at('03/20/2023', 60, 116), at('04/04/2023', 220, 116), at('INV/2023/0031', 380, 116)],
    });
    expect(extractFinancial([doc]).entities).toMatchObject({ invoice_date: '2023-03-20', due_date: '2023-04-04' });
  });

  it('reads a tax word qualified by inclusion as the total, and by exclusion as the net amount, in several languages', () => {
    const receipt = page(['FRESH MART', '25/01/2018', 'KOTAK 1 8.49 9.00', 'Total Sales (Excluding GST) 8.49', 'GST 6% 0.51', 'Total Includes GST 6% 9.00', ['CASH', '50.00'], ['CHANGE', '41.00']]);
    expect(extractFinancial([receipt]).entities).toMatchObject({ subtotal: '8.49', tax_amount: '0.51', total_amount: '9.00' });
    const cut = page(['HARDWARE TRADING', '25/12/2018', '(Inclusive of GST) 80.90', ['CASH', '100.00']]);
    expect(extractFinancial([cut]).entities.total_amount).toBe('80.90');
    const german = page(['Bäckerei Huber GmbH', 'Datum: 03.02.2026', 'Summe ohne MwSt. 10,00 EUR', 'MwSt. 19% 1,90 EUR', 'Betrag inkl. MwSt. 11,90 EUR']);
    expect(extractFinancial([german]).entities).toMatchObject({ subtotal: '10.00', tax_amount: '1.90', total_amount: '11.90' });
    const dutch = page(['Bakkerij Jansen B.V.', 'Datum: 03-02-2026', 'Bedrag exclusief BTW 10,00', 'BTW 21% 2,10', 'Totaal inclusief BTW 12,10']);
    expect(extractFinancial([dutch]).entities).toMatchObject({ subtotal: '10.00', tax_amount: '2.10', total_amount: '12.10' });
  });

  it("names the vendor from the line above its company registration number, never the number's own line", () => {
    const receipt = page(['signature scrawl', 'LIM KOK STATIONERY & GIFTS', '(002718459-K)', 'NO. 17, JALAN MERBAU, 36000 TELOK', '(C0. NO. KLT204417-A)', '18/01/2018', ['TOTAL', '4.90']]);
    expect(extractFinancial([receipt]).entities.vendor_name).toBe('LIM KOK STATIONERY & GIFTS');
    // Nor is the number part of the address under the name.
    expect(extractFinancial([receipt]).entities.vendor_address).toBe('NO. 17, JALAN MERBAU, 36000 TELOK');
    // The number printed on the name's own line is not part of the name; OCR's "SDN 8HD" is still a company form.
    const sameLine = page(['RIMBA CO. (M) BHD (408812-P)', '2ND FLR, RIMBA PLAZA', '25/03/2018', ['TOTAL', '12.00']]);
    expect(extractFinancial([sameLine]).entities.vendor_name).toBe('RIMBA CO. (M) BHD');
    const damaged = page(['tan woon', 'KEDAI BUKU .S (TAMAN CEMPAKA) SDN 8HD', '80300 JOHOR BAHRU', '25/12/2018', ['TOTAL', '9.00']]);
    expect(extractFinancial([damaged]).entities.vendor_name).toBe('KEDAI BUKU .S (TAMAN CEMPAKA) SDN BHD');
  });

  it('finds the vendor on a line it shares with a label, and from the web address of the letterhead (not the customer\'s mail)', () => {
    const shared = buildPage({ items: [at('Invoice', 60, 40), at('Invoice number 83019472', 60, 70), at('Blockwerk GmbH', 60, 110), at('Bill to', 300, 110), at('Lindenallee 7', 60, 126), at('Datenwerk Analytik GmbH', 300, 126), at('Total 99.00 EUR', 60, 300)] });
    expect(extractFinancial([shared]).entities.vendor_name).toBe('Blockwerk GmbH');
    const web = page([
      'Pressoir Valence SARL - 18 route des vignes - 26110 Nyons - France',
      'http://www.pressoirvalence.fr',
      'Facture FC-2021-0314',
      'Adresse de livraison',
      'La belle échoppe',
      'contact@belleechoppe.net',
      ['Total TTC', '522,80 €'],
    ]);
    expect(extractFinancial([web]).entities.vendor_name).toBe('Pressoir Valence SARL');
  });

  it('reads the customer under a party heading with a hyphenated name, and the delivery recipient when there is no bill-to', () => {
    const german = page(['Kontorbedarf Linde GmbH', 'Rechnung Nr. 583204', 'Käufer/Leistungsempfänger', 'Name: BEISPIEL-HANDEL GMBH', 'Anschrift: HANDELSSTRASSE 5', ['Gesamtbetrag', '412,30 EUR']]);
    expect(extractFinancial([german]).entities.customer_name).toBe('BEISPIEL-HANDEL GMBH');
    const delivery = page(['Pressoir Valence SARL', 'Invoice FC-2021-0277', 'Delivery Address', 'Aceites del Sur', '14 calle del molino', 'Customer VAT Number', 'ES12345678Z', ['Total', '1,384.20 €']]);
    expect(extractFinancial([delivery]).entities.customer_name).toBe('Aceites del Sur');
  });

  it("reads ambiguous dates in the order the document's unambiguous dates prove", () => {
    const us = page(['Pressoir Valence SARL', 'Invoice FC-2021-0277', 'Invoice Date: 11/03/2017', 'Paid by wire transfer 11/17/2017', ['Total', '1,384.20 €']]);
    expect(extractFinancial([us]).entities.invoice_date).toBe('2017-11-03');
    const eu = page(['Shop Ltd', 'Invoice No: 7', 'Date: 11/03/2017', 'Delivered 25/03/2017', ['Total', '$10.00']]);
    expect(extractFinancial([eu]).entities.invoice_date).toBe('2017-03-11');
    // No unambiguous date: the document's currency decides, not a stray "$" on a ringgit receipt.
    const ringgit = page(['SAKURA DINING SETIA SDN BHD', 'Date: 10/03/2018 5:41:06', 'Set A $ 1 25.00', ['TOTAL RM', '57.80'], ['CASH RM', '60.00']]);
    expect(extractFinancial([ringgit]).entities).toMatchObject({ invoice_date: '2018-03-10', currency: 'MYR' });
  });

  it('adds the net amount and the one tax when no total can be read, with a low confidence', () => {
    const doc = page(['LAMPU CAHAYA SDN BHD', '20/12/2017', ['Total Excl. GST', '68.87'], ['GST 6%', '4.13'], ['TOT4L', '7E.OO']]);
    const { entities, confidence } = extractFinancial([doc]);
    expect(entities).toMatchObject({ subtotal: '68.87', tax_amount: '4.13', total_amount: '73.00' });
    expect(confidence.total_amount).toBeLessThanOrEqual(0.5);
  });

  it('chooses the total that equals subtotal plus tax among several "total" lines', () => {
    const doc = page(['Shop Ltd', 'Invoice No: 9', ['Total items', '3'], ['Subtotal', '100.00'], ['Tax', '8.00'], ['Total', '108.00'], ['Total paid', '200.00']]);
    const { entities, confidence } = extractFinancial([doc]);
    expect(entities.total_amount).toBe('108.00');
    expect(confidence.total_amount).toBeGreaterThanOrEqual(0.97);
  });
});

describe('invoice rules that generalise', () => {
  it('reports a credit note\'s negative amounts as the amounts credited, positive; an invoice keeps its signs', () => {
    const rows: (string | [string, string])[] = [['Total HT', '-140,00 €'], ['Total TVA', '-28,00 €'], ['Total TTC', '-168,00 €']];
    const credit = page(['Fromagerie Lunel SARL - 4 place du marché - 30400 Lunel', 'Avoir AV-2031-0042', 'Date de facture 03/02/2031', ...rows]);
    expect(extractFinancial([credit]).entities).toMatchObject({ subtotal: '140.00', tax_amount: '28.00', total_amount: '168.00' });
    const invoice = page(['Fromagerie Lunel SARL', 'Facture FA-2031-0043', 'Date de facture 03/02/2031', ...rows]);
    expect(extractFinancial([invoice]).entities.total_amount).toBe('-168.00');
  });

  it('takes no stray number in a tax exemption sentence for the tax: net + tax must equal the total to the cent', () => {
    const doc = page(['Olivier Dumas SARL', 'Invoice FA-7', ['Net total', '3,180.40 €'], ['Tax Total', '0.00 €'], ['Total', '3,180.40 €'], 'VAT exemption according to article 283-2 of the tax code']);
    expect(extractFinancial([doc]).entities).toMatchObject({ tax_amount: '0.00', total_amount: '3180.40' });
  });

  it('reads a residual amount as the amount due, and no payment period ("balance at 30 days") as money', () => {
    const doc = page(['Olivier Dumas SARL', 'Invoice FA-8', 'Payment Terms 40% advance payment, balance at 30 days', ['Total', '2,500.00 €'], ['Residual', '1,500.00 €']]);
    expect(extractFinancial([doc]).entities.amount_due).toBe('1500.00');
    const terms = page(['Olivier Dumas SARL', 'Invoice FA-9', 'Payment Terms balance at 45 days', ['Total', '900.00 €']]);
    expect(extractFinancial([terms]).entities.amount_due).toBeUndefined();
  });

  it('trusts a number label in a sentence less than the number in the title line', () => {
    const doc = page(['Verkehrsbetriebe Auenstadt GmbH', 'Fahrkartenrechnung (380) Nr. K2031117 vom 17.11.2031', 'Bei Schriftwechsel bitte Ihre Kundennummer 5521 und Belegnummer 2031117 angeben', ['Gesamtbetrag', '12,40']]);
    expect(extractFinancial([doc]).entities.invoice_number).toBe('K2031117');
  });

  it('reads the date set apart at the right of a title line ending in "vom" / "dated"', () => {
    const doc = page(['Korbflechterei Wendt GmbH', ['Rechnung (380) Nr. 20317 vom', '14.09.2031'], 'Leistungszeitraum: 01.08.2031 bis 31.08.2031', ['Gesamtbetrag', '120,00']]);
    expect(extractFinancial([doc]).entities.invoice_date).toBe('2031-09-14');
  });

  it('reads a due date after "date limite de paiement", and a tax table whose rate column holds no amount', () => {
    const doc = page(['Facture n°77120 du 02 Mars 2031', 'Date limite de paiement le 12 Mars 2031 18.00 € TTC', ['Total', '18.00']]);
    expect(extractFinancial([doc]).entities.due_date).toBe('2031-03-12');
    const table = buildPage({
      items: [at('Tulpenkwekerij Bos', 60, 60), at('Factuur nr 5521', 60, 80), at('BTW %', 300, 120), at('Grondslag', 360, 120), at('BTW bedrag', 440, 120), at('Totaal', 530, 120), at('21 %', 300, 136), at('57,85', 360, 136), at('12,15', 440, 136), at('70,00', 530, 136)],
    });
    expect(extractFinancial([table]).entities).toMatchObject({ subtotal: '57.85', tax_amount: '12.15', total_amount: '70.00' });
  });
});

describe('address blocks', () => {
  it('reads vendor and customer addresses as whole blocks, lines without numbers included, up to the next thing', () => {
    const doc = page([
      'Harrow & Finch Ltd',
      'Unit 4, Kiln Yard',
      'Old Market Quarter',
      'Dunmore DN7 3RT',
      'Tel: +44 20 7946 0321',
      'Invoice No: HF-2210',
      'Bill To: Pellworth Studio',
      'Flat 2, 19 Canal Walk',
      'Eastbridge',
      'EB1 9QQ',
      'Date: 05/03/2026',
      ['Total', '£120.00'],
    ]);
    expect(extractFinancial([doc]).entities).toMatchObject({
      vendor_address: 'Unit 4, Kiln Yard, Old Market Quarter, Dunmore DN7 3RT',
      customer_name: 'Pellworth Studio',
      customer_address: 'Flat 2, 19 Canal Walk, Eastbridge, EB1 9QQ',
    });
  });
});

describe('grounding: every value cites where it was read', () => {
  const invoice = () =>
    page([
      'Kestrel Tools Ltd',
      '7 Mill Lane',
      'Brackford BR4 2QX',
      'Invoice No: KT-5512',
      'Date: 04/02/2026',
      'Description Qty Unit Price Amount',
      'Chisel set 2 12.50 25.00',
      ['Total', '£25.00'],
    ]);

  it('cites page, box and text for entities and line items, in the result contract', () => {
    const result = extractFinancial([invoice()]);
    const { citations } = result;
    expect(citations?.entities.total_amount).toMatchObject({ page: 1, text: expect.stringContaining('25.00') });
    expect(citations?.entities.invoice_number?.text).toContain('KT-5512');
    expect(citations?.entities.vendor_name?.text).toBe('Kestrel Tools Ltd');
    // The total's box is the right-hand column's value, not the label on the left.
    const [left, top, right, bottom] = citations!.entities.total_amount.bbox;
    expect(left).toBeGreaterThan(0.5);
    expect(right).toBeGreaterThan(left);
    expect(bottom).toBeGreaterThan(top);
    expect(citations?.line_items).toHaveLength(1);
    expect(citations?.line_items[0]?.text).toContain('Chisel set');
    expect(Object.keys(citations!.entities).every((f) => f in result.entities)).toBe(true);
    expect(FinancialExtractResult.safeParse({ ...result, citations }).success).toBe(true);
  });

  it('cites an address block across its lines (the union of their boxes)', () => {
    const { entities, citations } = extractFinancial([invoice()]);
    expect(entities.vendor_address).toBe('7 Mill Lane, Brackford BR4 2QX');
    const cited = citations!.entities.vendor_address;
    expect(cited.text).toBe('7 Mill Lane\nBrackford BR4 2QX');
    const vendor = citations!.entities.vendor_name.bbox;
    expect(cited.bbox[1]).toBeGreaterThan(vendor[1]);
  });

  it("keeps the pages' citations only where an e-invoice's XML agrees with them", async () => {
    const { withEInvoice } = await import('../../../functions/engines/extract/e-invoice.ts');
    const fromPages = extractFinancial([invoice()]);
    const merged = withEInvoice(fromPages, { entities: { total_amount: '25.00', invoice_number: 'KT-5513' }, confidence: { total_amount: 1, invoice_number: 1 }, line_items: [] });
    expect(merged.citations?.entities.total_amount).toEqual(fromPages.citations?.entities.total_amount);
    expect(merged.citations?.entities.invoice_number).toBeUndefined();
  });
});

describe('schema filling (non_financial)', () => {
  const form = page([
    'Employee Onboarding Form',
    'Full name: Maria Lopez',
    'Date of birth: 1990-04-12',
    'Employee ID: E-5521',
    'Emergency contact',
    'Name: Carlos Lopez',
    'Phone: +34 600 123 456',
    '☒ Full-time',
    '☐ Part-time',
    'Remote work [x]',
  ]);

  it('fills text fields by fuzzy label matching (case, snake_case, camelCase, word order)', () => {
    const schema = ExtractTemplate.parse(JSON.stringify({ full_name: null, dateOfBirth: null, 'ID employee': null, missing_field: null }));
    const { result, confidence } = fillSchema(schema, [form]);
    expect(result).toEqual({ full_name: 'Maria Lopez', dateOfBirth: '1990-04-12', 'ID employee': 'E-5521', missing_field: null });
    expect(confidence.full_name).toBeGreaterThan(0.5);
    expect(confidence.missing_field).toBeUndefined();
  });

  it('reads checkboxes in the style the schema asks for', () => {
    const schema = ExtractTemplate.parse(JSON.stringify({ full_time: false, part_time: 'unselected', remote_work: false }));
    expect(fillSchema(schema, [form]).result).toEqual({ full_time: true, part_time: 'unselected', remote_work: true });
  });

  it('fills nested objects from the section under their heading', () => {
    const schema = ExtractTemplate.parse(JSON.stringify({ full_name: null, emergency_contact: { name: null, phone: null } }));
    expect(fillSchema(schema, [form]).result).toEqual({ full_name: 'Maria Lopez', emergency_contact: { name: 'Carlos Lopez', phone: '+34 600 123 456' } });
  });

  it('fills arrays of objects from a table whose headers match the item keys', () => {
    const columns = (cells: string[], y: number): Placed[] => cells.map((text, i) => ({ text, x: [60, 260, 400][i], y }));
    const table = buildPage({ items: [{ text: 'Order items', x: 60, y: 60 }, ...columns(['Product', 'Quantity', 'Price'], 90), ...columns(['Chair', '2', '40.00'], 106), ...columns(['Desk', '1', '120.00'], 122)] });
    const schema = ExtractTemplate.parse(JSON.stringify({ items: [{ product: null, quantity: null, price: null }] }));
    expect(fillSchema(schema, [table]).result).toEqual({
      items: [
        { product: 'Chair', quantity: '2', price: '40.00' },
        { product: 'Desk', quantity: '1', price: '120.00' },
      ],
    });
  });

  it('reads fillable PDF form fields (AcroForm) by their names, text and checkboxes', async () => {
    // Prepare: a form whose values live only in its fields, not in the page text.
    const pdf = await PDFDocument.create();
    const pdfPage = pdf.addPage([612, 792]);
    pdfPage.drawText('Application', { x: 72, y: 720, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const form = pdf.getForm();
    const name = form.createTextField('applicant.full_name');
    name.addToPage(pdfPage, { x: 200, y: 650, width: 200, height: 20 });
    name.setText('Maria Lopez');
    const newsletter = form.createCheckBox('newsletter');
    newsletter.addToPage(pdfPage, { x: 200, y: 600, width: 15, height: 15 });
    newsletter.check();
    form.createCheckBox('terms_accepted').addToPage(pdfPage, { x: 200, y: 570, width: 15, height: 15 });
    const document = await openDocument(await pdf.save(), { filename: 'form.pdf' });
    let pages;
    try {
      pages = (await document.extract()).pages;
    } finally {
      await document.close();
    }
    // Act
    const schema = ExtractTemplate.parse(JSON.stringify({ applicant: { full_name: null }, newsletter: false, terms_accepted: 'unselected' }));
    const { result } = fillSchema(schema, pages);
    // Assess
    expect(pages[0].formFields?.length).toBe(3);
    expect(result).toEqual({ applicant: { full_name: 'Maria Lopez' }, newsletter: true, terms_accepted: 'unselected' });
  });

  it('scores label similarity both ways', () => {
    expect(labelSimilarity('invoice_date', 'Invoice Date')).toBe(1);
    expect(labelSimilarity('dob', 'Date of birth')).toBe(0);
    expect(labelSimilarity('employee_name', 'Name')).toBeGreaterThan(0.5);
  });

  it.each([
    ['invalid JSON', '{"a":'],
    ['an array', '[null]'],
    ['an empty object', '{}'],
    ['a number value', '{"a": 1}'],
    ['true as a value', '{"a": true}'],
    ['an array with two shapes', '{"a": [null, null]}'],
  ])('refuses a schema that is %s', (_label, raw) => {
    expect(ExtractTemplate.safeParse(raw).success).toBe(false);
  });
});
