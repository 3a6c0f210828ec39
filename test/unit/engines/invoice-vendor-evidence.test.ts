import { describe, expect, it } from 'vitest';
import { INVOICE_FEATURES, type InvoiceCandidate } from '../../../functions/engines/extract/invoice-candidates.ts';
import { domainPrefix, legalFormEnd, sentenceLike } from '../../../functions/engines/extract/invoice-vendor-evidence.ts';
import { at, buildPage } from './page-builder.ts';
import { candidatesOf } from './invoice-candidates-of.ts';

// Invented invoices and names only.

const feature = (c: InvoiceCandidate | undefined, name: string) => c?.features[INVOICE_FEATURES.vendor_name.indexOf(name)];

describe('Engine: invoice vendor evidence', () => {
  it.each([
    ['Kestrel Print Works Ltd.', true],
    ['Vellmar Ofenbau GmbH & Co. KG', true],
    ['Quillon Freight GmbH', true],
    ['Atelier Brunval SARL', true],
    ['Hoogland Tegels B.V.', true],
    ['Marrowby Analytics, Inc.', true],
    ['Sunfold Traders Pvt. Ltd.', true],
    ['Ferraz e Quintela Lda.', true],
    ['Brasmar Pescados Ltda', true],
    ['Vandeputte Schilderwerken BVBA', true],
    ['Thanks to our company', false],
    ['Nordkap Zeltbau ag', false],
    ['GmbH', false],
    ['Lowmoor LM4 2QT', false],
    ['Portwick PW1 3AB', false],
  ])('legalFormEnd(%j) is %s', (name, expected) => {
    expect(legalFormEnd(name)).toBe(expected);
  });

  it.each([
    ['Printing this? No need to!', true],
    ['we plant a tree for every order you place', true],
    ['Thank you for your business.', true],
    ['Kestrel Print Works Ltd.', false],
    ['Brackenfield Joinery', false],
  ])('sentenceLike(%j) is %s', (text, expected) => {
    expect(sentenceLike(text)).toBe(expected);
  });

  it.each([
    ['Northwind Service Desk', ['northwind'], 'Northwind'],
    ['Blue Heron Billing Team', ['blueheron'], 'Blue Heron'],
    ['Northwind', ['northwind'], undefined],
    ['Service Desk Northwind', ['northwind'], undefined],
  ])('domainPrefix(%j, %j) is %j', (text, domains, expected) => {
    expect(domainPrefix(text, domains)).toBe(expected);
  });

  it('offers the domain-spelled brand, the two-line name, and marks the seller-id and payee lines', () => {
    // Prepare: a brand line that goes on with other words, a name set over two lines, a slogan, the seller's bank block.
    const page = buildPage({
      items: [
        at('Corvella Customer Care', 60, 40, 14),
        at('Harbour Mutual', 60, 70),
        at('Insurance Society Ltd', 60, 84),
        at('5 Quay Street, Portwick PW1 3AB', 60, 98),
        at('GBP', 60, 112),
        at('Bill to', 330, 140),
        at('Fenwright Tools GmbH', 330, 154),
        at('INVOICE', 60, 220, 18),
        at('Invoice date:', 330, 230),
        at('03/02/2026', 440, 230),
        at('Total due', 330, 400),
        at('120.00', 460, 400),
        at('Questions? Just reply to this e-mail!', 60, 700, 12),
        at('www.corvella.com', 60, 740, 7),
        at('Account holder: Harbour Mutual Insurance Society Ltd', 60, 760, 7),
        at('VAT ID GB574019283', 60, 774, 7),
        at('© 2026 Ledgerlight Tools', 60, 800, 7),
      ],
    });
    // Act
    const vendors = candidatesOf(page).vendor_name;
    const named = (v: string) => vendors.find((c) => c.value === v);
    // Assess
    expect(feature(named('Corvella'), 'domain_prefix')).toBe(1);
    expect(feature(named('Harbour Mutual\nInsurance Society Ltd'), 'two_lines')).toBe(1);
    expect(feature(named('Insurance Society Ltd'), 'legal_form_end')).toBe(1);
    expect(feature(named('Fenwright Tools GmbH'), 'payee_line')).toBe(0);
    const slogan = vendors.find((c) => c.value.startsWith('Questions?'));
    expect(feature(slogan, 'sentence_like')).toBe(1);
    // The payee line spells the same name: one candidate, which the payee line and the VAT id beside it vouch for.
    expect(feature(named('Harbour Mutual\nInsurance Society Ltd'), 'payee_line')).toBe(1);
    expect(feature(named('Harbour Mutual\nInsurance Society Ltd'), 'near_seller_id')).toBe(1);
    expect(vendors.map((c) => c.value)).not.toContain('Insurance Society Ltd\n5 Quay Street, Portwick PW1 3AB');
    expect(feature(named('Fenwright Tools GmbH'), 'near_seller_id')).toBe(0);
    expect(feature(named('GBP'), 'currency_code')).toBe(1);
    expect(feature(named('Corvella'), 'currency_code')).toBe(0);
    expect(feature(named('© 2026 Ledgerlight Tools'), 'copyright_line')).toBe(1);
  });
});
