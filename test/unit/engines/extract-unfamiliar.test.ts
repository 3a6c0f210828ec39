import { describe, expect, it } from 'vitest';
import { extractFinancial } from '../../../functions/engines/extract/financial.ts';
import { linesOf } from '../../../functions/engines/extract/page-lines.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { at, buildPage } from './page-builder.ts';

// Invented invoices only: designs the training generators did not make (issue 40, round extract10).

/** A plain-text file's pages, read as the API reads an upload. */
async function textPages(text: string) {
  const document = await openDocument(new TextEncoder().encode(text), { filename: 'invoice.txt' });
  try {
    return [...(await document.extract()).pages];
  } finally {
    await document.close();
  }
}

const BILL_FROM = [
  '        Invoice',
  '        Bill to                                           Bill from',
  '        Wrenfield Pottery Studio                          Halvard Ledger Systems Inc.',
  '        18 Kiln Lane                                      400 Pier Ave, Floor 2',
  '        Easthaven, ME 04011                               Boulder, CO 80301',
  '',
  '        Invoice number             HLS-008812',
  '        Date of issue              2026-03-03 14:22 UTC',
  '',
  '        Description                                         Qty               Amount',
  '        Bookkeeping seat (monthly)                          3                 $147.00',
  '                                                       Total                  $147.00',
  '',
].join('\n');

const TWO_DIGIT = [
  '        Kellerei Haubrecht OHG',
  '        Weinbergweg 9 · 67434 Neustadt',
  '',
  '        Weinstube Am Tor                                  Rechnungsdatum 02.03.26',
  '        Torgasse 1                                        Rechnung Nr. 2026/03/017',
  '',
  '        Riesling trocken 6 x 0,75 l                         2                 118,80',
  '                                                       Netto                  118,80',
  '                                                       MwSt 19%               22,57',
  '                                                       Endsumme EUR           141,37',
  '',
  '        Ihr Kreditrahmen bei uns: 2.500,00',
  '',
].join('\n');

describe('Engine: extraction of documents unlike the training sets', () => {
  it('reads a plain-text row of two columns as one line per cell, each boxed apart', async () => {
    // Prepare
    const pages = await textPages(BILL_FROM);
    // Act
    const lines = linesOf(pages);
    // Assess
    const from = lines.find((l) => l.text === 'Halvard Ledger Systems Inc.');
    const to = lines.find((l) => l.text === 'Wrenfield Pottery Studio');
    expect(from).toBeDefined();
    expect(to).toBeDefined();
    expect(from!.bbox[0]).toBeGreaterThan(to!.bbox[2]);
    expect(lines.some((l) => l.text.includes('Wrenfield Pottery Studio') && l.text.includes('Halvard'))).toBe(false);
  });

  it('takes the seller of a plain-text invoice from its own column, not run into the buyer beside it', async () => {
    // Act
    const { entities } = extractFinancial(await textPages(BILL_FROM));
    // Assess
    expect(entities.vendor_name).toBe('Halvard Ledger Systems Inc.');
    expect(entities.invoice_number).toBe('HLS-008812');
    expect(entities.total_amount).toBe('147.00');
  });

  it("reads a German plain-text invoice's 'Endsumme' as its total", async () => {
    // Act
    const { entities } = extractFinancial(await textPages(TWO_DIGIT));
    // Assess
    expect(entities.total_amount).toBe('141.37');
    expect(entities.invoice_date).toBe('2026-03-02');
  });

  it("reads the number under a header grid's 'Beleg'", () => {
    // Prepare
    const page = buildPage({
      items: [
        at('Hofladen Kranichwiese', 60, 40, 14),
        at('Rechnung', 60, 90, 14),
        at('Kunde', 60, 120),
        at('Datum', 180, 120),
        at('Beleg', 300, 120),
        at('Seite', 420, 120),
        at('20411', 60, 134),
        at('04.03.2026', 180, 134),
        at('R-26-2291', 300, 134),
        at('1/1', 420, 134),
        at('Rechnungsbetrag EUR', 330, 300),
        at('28,40', 460, 300),
      ],
    });
    // Act
    const { entities } = extractFinancial([page]);
    // Assess
    expect(entities.invoice_number).toBe('R-26-2291');
  });

  it.each([['Fra. simplificada: T4-026-00412', 'T4-026-00412']])("reads a Spanish simplified invoice's number from %j", (line, number) => {
    // Prepare
    const page = buildPage({
      items: [
        at('FERRETERÍA EL CRUCE, S.L.', 60, 40, 14),
        at(line, 60, 90),
        at('Fecha: 03/03/26  Hora: 13:05', 60, 104),
        at('TOTAL A PAGAR', 330, 300),
        at('17,35 €', 460, 300),
      ],
    });
    // Act
    const { entities } = extractFinancial([page]);
    // Assess
    expect(entities.invoice_number).toBe(number);
  });

  it("reads a plain-text credit note titled in its right-hand cell as the amount credited, positive", async () => {
    // Prepare: the title beside the seller's name, the amounts printed negative.
    const text = [
      '        Librairie Castelmoron SAS                          AVOIR',
      '        9 rue des Tanneurs, 31000 Toulouse                 Avoir n° AV-2026-031',
      '                                                           Toulouse, le 5 mars 2026',
      '',
      '        Retour manuels (lot de 20)                                      -90,00 €',
      '                                                       TVA 5,5 %       -4,95 €',
      '                                                       Total TTC       -94,95 €',
      '',
    ].join('\n');
    // Act
    const { entities } = extractFinancial(await textPages(text));
    // Assess
    expect(entities.total_amount).toBe('94.95');
  });
});
