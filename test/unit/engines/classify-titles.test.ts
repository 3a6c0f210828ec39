/**
 * Issue 41's structure cues of thin classes (structure.ts): the title a
 * document gives itself, header-label lines, postal-address lines and
 * résumé section headings, shipping labels and prose in narrow columns.
 * Texts are made-up look-alikes.
 */
import { describe, expect, it } from 'vitest';
import { layoutTokens } from '../../../functions/engines/classify/features.ts';
import { addressToken, columnProseToken, headerTokens, sectionToken, shippingToken, titleOf } from '../../../functions/engines/classify/structure.ts';

const lines = (text: string) => text.split('\n').filter((l) => l.trim());

describe('Function: titleOf', () => {
  it.each([
    [
      'a German credit note under a viewer preamble',
      'Leseansicht der Belegdaten\nVersion 3.1\nGutschrift (Kundenbonus) Nr. 88120 vom 02.02.2026\nVerkäufer',
      'credit_note',
    ],
    [
      'a French credit note under a letterhead',
      'Clairval SAS - 4 rue des Tilleuls - 12000 Beaumont\nTVA : FR00123456789\nAvoir AV-2026-0042\nFacture liée FA-2026-0040',
      'credit_note',
    ],
    ['an English credit memo', 'Kestrel Ltd\nCREDIT MEMO No. 5521\nOriginal invoice 8812', 'credit_note'],
    ['a German invoice named by a compound', 'Musterbelege\nMietrechnung Nr. 2026/04 vom 01.04.2026', 'invoice'],
    ['an invoice named by its type code', 'Viewer\nSammelbeleg (380) Nr. 4471 vom 05.03.2026', 'invoice'],
    ['a credit note named by its type code', 'Viewer\nKorrekturbeleg (381) Nr. 4471 vom 05.03.2026', 'credit_note'],
    ['an invoice numbered on its title line', 'Northwind Traders\nInvoice No. 4471\nBill to: Globex', 'invoice'],
    ['a memorandum', 'MEMORANDUM\nTO: All staff\nFROM: Facilities', 'memo'],
    ['a résumé', 'Resume\nLast Name Doe', 'resume'],
    ['a certificate behind scan specks', '7 ;= LK CERTIFICATE OF MARRIAGE x\nCOUNTY OF ELM', 'certificate'],
    ['a tax form before the generic "form"', 'Form W-2 Wage and Tax Statement 2025', 'tax_form'],
    ['a German gas bill named by its compound', 'Stadtwerke Nordheim\nGasrechnung 2025\nKundennummer 88120', 'utility_bill'],
    ['a Spanish electricity bill', 'Eléctrica del Valle\nFactura de luz\nPeriodo de facturación', 'utility_bill'],
  ])('reads %s', (_name, text, expected) => {
    expect(titleOf(lines(text))).toBe(expected);
  });

  it.each([
    ['field labels', 'Invoice date: 01/02/2026\nInvoice to: Globex Ltd\nOrder: 1120'],
    ['a sentence naming an invoice', 'Please find our invoice attached for last month.'],
    ['a closing line', 'Thank you,\nRafael'],
    ['an area code in parentheses', 'Tel (380) 555-0100'],
    ['an account summary row naming the last invoice', 'Account Summary\nPrevious invoice $88.20\nBalance forward 0.00'],
    ['a column line broken mid-word', 'avoir reçu la lettre. Les tra-\nvaux commencent lundi'],
  ])('finds no title in %s', (_name, text) => {
    expect(titleOf(lines(text))).toBeUndefined();
  });
});

describe('Function: headerTokens', () => {
  it("names a memo's header block in any of its languages, each label once", () => {
    expect(headerTokens(lines('MEMO\nAn: Vertrieb\nVon: Einkauf\nBetreff: Lieferzeiten\nDatum: 3.2.2026'))).toEqual([
      '#hdr:date',
      '#hdr:from',
      '#hdr:subject',
      '#hdr:to',
      '#hdr-block:4',
    ]);
  });

  it('finds no header block in a letter', () => {
    expect(headerTokens(lines('Dear Ms Roux,\nthank you for your letter.\nKind regards'))).toEqual(['#hdr-block:0']);
  });
});

describe('Function: addressToken and sectionToken', () => {
  it.each([
    ['a letter with two address blocks', '12 Elm Street\nSpringfield, IL 62704\nLindenweg 4\n10115 Neustadt\nDear Sir,', '#postal:3'],
    ['a short notice without addresses', 'March 3, 2026\nTeam,\nThe canteen is closed on Friday.\nRafael', '#postal:0'],
  ])('counts the address lines of %s', (_name, text, expected) => {
    expect(addressToken(lines(text))).toBe(expected);
  });

  it.each([
    ['a résumé', 'PROFILE\nWarm words.\nEXPERIENCE\nChef, 2019 – 2023\nEducation:\nSkills', '#cv-sections:3'],
    ['a business card', 'Ilse Brandt\nHead of Sales\n+49 30 555 0100\nilse@feldmark.example', '#cv-sections:0'],
  ])('counts the section headings of %s', (_name, text, expected) => {
    expect(sectionToken(lines(text))).toBe(expected);
  });
});

describe('Function: layoutTokens (thin-class cues)', () => {
  it('reads template placeholders as job-date spans', () => {
    expect(layoutTokens([{ text: 'EXPERIENCE\nLorem Ipsum\n20XX-20YY\nDolor Sit\n20XX-20YY' }])).toContain('#spans:3');
  });

  it('reads handwriting OCR as fragmented and typed prose as whole', () => {
    const scrawl = layoutTokens([{ text: 'Mq dcar Tobi, ik nw\nbck |n tw0 wks qv) hom\nlv Rp uf sn tt KR ewrg' }]);
    const typed = layoutTokens([
      { text: 'The meeting with the supplier is moved to Thursday at ten.\nPlease leave the signed copies on my desk before Friday.' },
    ]);
    expect(scrawl).toContain('#fragments:4');
    expect(typed).toContain('#fragments:1');
  });
});

describe('Function: shippingToken', () => {
  it.each([
    [
      "a carrier's bill of lading laid out as a form",
      'SHIP FROM Quarry Lane Tiles\nCONSIGNEE Holloway Builders\nCARRIER: Westmark Freight\nFREIGHT CHARGE TERMS PREPAID\nPIECES | WEIGHT | CLASS',
      '#ship-labels:3',
    ],
    ['a delivery note with two parties', 'Delivery note 4410\nShip to: Ferncliff Bakery\nShipper: Marlow Mills', '#ship-labels:2'],
    ['an application form', 'Name: ____\nAddress: ____\nDate of birth: ____\nSignature: ____', '#ship-labels:0'],
  ])('counts %s', (_name, text, expected) => {
    expect(shippingToken(lines(text))).toBe(expected);
  });
});

describe('Function: columnProseToken', () => {
  it('reads a newspaper column as prose running on across short lines', () => {
    const column = 'A new reading room opened at\nthe county library last week,\nwith seats for forty readers\nand a corner for children who\nwant to draw while they read.';
    expect(columnProseToken(lines(column))).toBe('#column-prose:3');
  });

  it('reads long report lines and short form lines as no column', () => {
    const report = 'The review covered every site the company runs in the northern region this year.\nit found the audit trail complete for all but two of the warehouses visited.';
    const form = 'Name: Ada Moss\nAccount: 0042\nBranch: Elmhurst\nDate: 03/04/2026';
    expect(columnProseToken(lines(report))).toBe('#column-prose:0');
    expect(columnProseToken(lines(form))).toBe('#column-prose:0');
  });
});
