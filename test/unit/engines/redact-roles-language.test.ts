/**
 * Real-document person rules: a name right after a job title or role is a
 * person whatever the word lists or the tagger say, an initial before a
 * surname too, and the capitalised nouns of a German, French or Dutch
 * document (label words no English list knows) are not people. Every name,
 * firm and sentence here is invented for these tests.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, vetoable, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { personResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { foreignProseAround } from '../../../functions/engines/redact/prose-language.ts';
import { roleBefore, roleOpening } from '../../../functions/engines/redact/role-cues.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('job titles and roles', () => {
  it.each([
    ['Sitz der Gesellschaft: Kelberg, Geschäftsführer Quendrik Falzhauer, Registergericht Kelberg HRB 4471', 'Quendrik Falzhauer'],
    ['Vendrel Fittings Ltd · Managing Director: Orvane Tessaly · Company no. 0844121', 'Orvane Tessaly'],
    ['Brightmoor Analytics Inc., CEO Tavrin Oulmede, all rights reserved.', 'Tavrin Oulmede'],
    ['Inhaberin: Selvane Kortrigg\nBankverbindung: Volksbank Kelberg', 'Selvane Kortrigg'],
    ['Ihr Ansprechpartner: Brodwin Haskelt\nTelefon siehe unten', 'Brodwin Haskelt'],
    ['Gérant : Aubrel Fontaque - SIRET 123 456 789', 'Aubrel Fontaque'],
    ['Amministratore delegato Lucenzo Varrotti, capitale sociale versato', 'Lucenzo Varrotti'],
  ])('a name after the role is found, without the role: %s', async (text, name) => {
    expect(await persons(text)).toContain(name);
  });

  it('reads a role before a name, and not an ordinary word of prose', () => {
    expect(roleBefore('Geschäftsführer ', 16)).toBe(true);
    expect(roleBefore('Contact:\n', 9)).toBe(true);
    expect(roleBefore('Gérant : M. ', 12)).toBe(true);
    // "contact" and "director" in a sentence are verbs and nouns, not labels.
    expect(roleBefore('please contact ', 15)).toBe(false);
    expect(roleBefore('ask the director ', 17)).toBe(false);
    expect(roleOpening('Geschäftsführer Quendrik Falzhauer')).toBe('Geschäftsführer '.length);
    expect(roleOpening('Quendrik Falzhauer')).toBe(0);
  });

  it('never lets the tagger veto a name after a role, nor an initial before a surname', async () => {
    const { lexicon } = await personResources();
    const text = 'Kontakt: Wendelborn\nUnterschrift K Wendelborn';
    const lone = { type: 'PERSON', start: 9, end: 19, score: 0.6, rule: 'test' };
    const initial = { type: 'PERSON', start: text.indexOf('K W'), end: text.length, score: 0.6, rule: 'test' };
    expect(vetoable(text, lone, lexicon)).toBe(false);
    expect(vetoable(text, initial, lexicon)).toBe(false);
    expect(vetoable('Wendelborn is listed.', { type: 'PERSON', start: 0, end: 10, score: 0.6, rule: 'test' }, lexicon)).toBe(true);
  });
});

describe('capitalised nouns of a non-English document', () => {
  it('judges the language by its function words', () => {
    const german = 'Wir danken Ihnen für den Auftrag und bitten um Zahlung der Rechnung bis zum Monatsende.';
    expect(foreignProseAround(german, 10, 20)).toBe(true);
    // English prose with a Portuguese street and a Dutch surname particle stays English.
    const english = 'The parcel for Mr van der Berg was sent to Rua da Praia and it will arrive on Monday.';
    expect(foreignProseAround(english, 15, 30)).toBe(false);
  });

  it('keeps the label nouns of a German invoice, and finds its managing director', async () => {
    const invoice = [
      'Rechnung Nr. 2024-118',
      'Sehr geehrte Damen und Herren, wir danken Ihnen für den Auftrag und berechnen die folgenden Leistungen:',
      'Pos Beschreibung Menge Einzelpreis',
      '1 Wartungspauschale 2 40,00',
      'Lieferant Kunde Steuersatz',
      'Bei Fragen zu Ihrer Rechnung wenden Sie sich bitte an unsere Buchhaltung.',
      'Geschäftsführer Quendrik Falzhauer',
    ].join('\n');
    expect(await persons(invoice)).toEqual(['Quendrik Falzhauer']);
  });

  it('keeps the label nouns of French and Dutch invoices', async () => {
    const french = 'Facture pour votre abonnement du mois. Merci de votre confiance et à bientôt dans nos boutiques.\nDésignation Quantité Gratuité\nEspace Abonné';
    const dutch = 'Bedankt voor uw bestelling bij ons. De factuur is te vinden in uw account.\nArtikel Aantal Prijs\nFactuur Vervaldatum';
    expect(await persons(french)).toEqual([]);
    expect(await persons(dutch)).toEqual([]);
  });

  it('still reads an unknown name in English prose', async () => {
    expect(await persons('Yesterday Quillmaren signed the lease for the shop on the corner, and she paid the deposit.')).toContain('Quillmaren');
  });
});
