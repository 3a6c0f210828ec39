import { describe, expect, it } from 'vitest';
import { companyLineName, personLike } from '../../../functions/engines/extract/invoice-address-blocks.ts';
import { INVOICE_FEATURES, type InvoiceCandidate } from '../../../functions/engines/extract/invoice-candidates.ts';
import { at, buildPage } from './page-builder.ts';
import { candidatesOf } from './invoice-candidates-of.ts';

// Invented invoices and names only.

const feature = (c: InvoiceCandidate | undefined, name: string) => c?.features[INVOICE_FEATURES.vendor_name.indexOf(name)];
const named = (vendors: readonly InvoiceCandidate[], v: string) => vendors.find((c) => c.value === v);

describe('Engine: invoice address blocks', () => {
  it.each([
    ['Quellbach Schreinerei GmbH · Mühlweg 4 · 34567 Tannfeld', 'Quellbach Schreinerei GmbH'],
    ['Brandt - Okafor B.V. | Havenkade 12 | 1234 AB Zeewolde', 'Brandt - Okafor B.V.'],
    ['Kestrel Print Works Ltd • 4 Mill Lane • Portwick PW1 3AB', 'Kestrel Print Works Ltd'],
    ['Tel. 0123 4567 | Fax 0123 4568', undefined],
    ['IBAN DE12 3456 · BIC ABCDEFXX', undefined],
    ['Quellbach Schreinerei GmbH · Tischlerei · Möbelbau', undefined],
    ['Brandt - Okafor B.V.', undefined],
  ])('companyLineName(%j) is %j', (text, expected) => {
    expect(companyLineName(text)).toBe(expected);
  });

  it('marks the sender line over the window, the buyer in the window and the footer naming another company', () => {
    // Prepare: a DIN 5008 letter: logo only (no text), a sender line over the buyer's window, the seller again in the footer.
    const page = buildPage({
      items: [
        at('Quellbach Schreinerei GmbH · Mühlweg 4 · 34567 Tannfeld', 60, 110, 7),
        at('Verlinde Objektbau AG', 60, 122),
        at('Am Kanal 9', 60, 136),
        at('45678 Rodenwalde', 60, 150),
        at('Rechnung', 60, 230, 16),
        at('Rechnungsnummer: RE-2026-0412', 330, 230),
        at('Rechnungsdatum: 02.03.2026', 330, 244),
        at('Gesamtbetrag 1.190,00 €', 330, 420),
        at('Quellbach Schreinerei GmbH · Mühlweg 4 · 34567 Tannfeld · USt-IdNr. DE274518396', 60, 740, 7),
      ],
    });
    // Act
    const vendors = candidatesOf(page).vendor_name;
    const seller = named(vendors, 'Quellbach Schreinerei GmbH');
    const buyer = named(vendors, 'Verlinde Objektbau AG');
    // Assess
    expect(feature(seller, 'opens_company_line')).toBe(1);
    expect(feature(seller, 'footer_names_other')).toBe(0);
    expect(feature(seller, 'under_sender_line')).toBe(0);
    expect(feature(buyer, 'opens_company_line')).toBe(0);
    expect(feature(buyer, 'footer_names_other')).toBe(1);
    expect(feature(buyer, 'under_sender_line')).toBe(1);
  });

  it('offers a footer company name that holds a hyphen whole', () => {
    // Prepare: the seller named only in the footer's company line.
    const page = buildPage({
      items: [
        at('Factuur', 60, 60, 16),
        at('Klant:', 60, 100),
        at('Hoeksma Installatie B.V.', 60, 114),
        at('Factuurnummer: 2026/118', 330, 100),
        at('Totaal € 242,00', 330, 400),
        at('Brandt - Okafor B.V. | Havenkade 12 | 1234 AB Zeewolde', 60, 740, 7),
      ],
    });
    // Act
    const vendors = candidatesOf(page).vendor_name;
    // Assess
    expect(feature(named(vendors, 'Brandt - Okafor B.V.'), 'opens_company_line')).toBe(1);
    expect(feature(named(vendors, 'Hoeksma Installatie B.V.'), 'footer_names_other')).toBe(1);
  });

  it('never offers a Portuguese title line as a party', () => {
    // Prepare: the title in large type at the top, the seller's block under it.
    const page = buildPage({
      items: [
        at('Fatura', 60, 40, 18),
        at('Lourenço Mobiliário Lda.', 60, 80),
        at('Rua das Flores 12', 60, 94),
        at('Fatura n.º FT-2026-0031', 330, 120),
        at('Total 369,00 €', 330, 400),
      ],
    });
    // Act
    const vendors = candidatesOf(page).vendor_name.map((c) => c.value);
    // Assess
    expect(vendors).toContain('Lourenço Mobiliário Lda.');
    expect(vendors).not.toContain('Fatura');
  });

  it.each([
    ['Jana Ostrowski', true],
    ['Marta K. Ilvesson', true],
    ['Ostrowski Haustechnik GmbH', false],
    ['JANA OSTROWSKI', false],
    ['Kestrel', false],
    ['Nordlicht Brillen und Optik Berlin', false],
  ])('personLike(%j) is %j', (name, expected) => {
    expect(personLike(name)).toBe(expected);
  });

  it('tells the letterhead block at the top right from the unlabelled buyer window under it on the left', () => {
    // Prepare: the seller's block right with its phone and VAT id, the buyer's window left and lower, no label; the text
    // layer reads the left column first.
    const page = buildPage({
      items: [
        at('Halvorsen Leuchten GmbH', 360, 40, 14),
        at('Kranichweg 17', 360, 60),
        at('23456 Wiesenfurt', 360, 73),
        at('Tel. 04021 55 66 70', 360, 86),
        at('USt-IdNr. DE193847561', 360, 99),
        at('Henrike Adamczyk', 60, 120),
        at('Lindenallee 3', 60, 133),
        at('34567 Ostermoor', 60, 146),
        at('Rechnung Nr. RE-7731 vom 04.03.2026', 60, 220, 13),
        at('Gesamtbetrag 714,00 €', 330, 420),
      ],
    });
    // Act
    const vendors = candidatesOf(page).vendor_name;
    const seller = named(vendors, 'Halvorsen Leuchten GmbH');
    const buyer = named(vendors, 'Henrike Adamczyk');
    // Assess
    expect(feature(seller, 'block_above')).toBe(0);
    expect(feature(buyer, 'block_above')).toBe(1);
    expect(feature(seller, 'contact_in_block')).toBe(1);
    expect(feature(buyer, 'contact_in_block')).toBe(0);
    expect(feature(buyer, 'person_like')).toBe(1);
    expect(feature(seller, 'person_like')).toBe(0);
  });
});
