import { describe, expect, it } from 'vitest';
import { courtesyLine, extractFinancial, includedTaxRow, inReadingOrder, netPlusTaxRow, paymentProviderLine, withInitialsAsLetters, RECEIPT_MODEL, sumForMisreadTotal, unreadableName, withoutLeadingStray, withoutLeadingNumber, withoutLogoNoise, withoutItemHeadings, withoutTrailingId, withUnitListAmpersands } from '../../../functions/engines/extract/financial.ts';
import { FEATURE_NAMES, pick, RANKED_FIELDS, wholeCompanyName, type RankCandidate, type RankedField, type RankerModel } from '../../../functions/engines/extract/receipt-ranker.ts';
import { syntheticReceipts } from '../../../scripts/train/receipt-synthetic.ts';
import { EVAL_OCR_SAMPLE, evenSample, fitField, fitRanker, foldsOf, groupOf, ocrTrainingSample, outOfFold, shuffled, type TrainingReceipt } from '../../../scripts/train/extract.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

/** An OCR page of `rows` as lines only (no words): one line per row, down the page, as a scan's reading gives them. */
function scannedLines(rows: string[]) {
  const lines = rows.map((text, i) => ({ text, bbox: [0.2, 0.1 + i * 0.04, 0.8, 0.125 + i * 0.04] as [number, number, number, number], wordIndexes: [] }));
  return { pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: rows.join('\n'), lines };
}

/** A receipt's ranker candidates (no model: the rules' reading). */
function candidatesOf(rows: (string | [string, string])[]): Record<RankedField, RankCandidate[]> {
  let seen: Record<RankedField, RankCandidate[]> | undefined;
  extractFinancial([receipt(rows)], { receiptModel: null, wordVocabulary: null, onCandidates: (c) => (seen = c) });
  return seen!;
}

/** A candidate's value of one feature. */
const feature = (c: RankCandidate, name: string) => c.features[FEATURE_NAMES[c.field].indexOf(name)];

/** Invented weights: the committed model's, with one feature of one field weighted up (and others set), as a fold model may. */
function favouring(field: RankedField, name: string, weight = 100, others: Record<string, number> = {}): RankerModel {
  const model = RECEIPT_MODEL.fields[field]!;
  const weights = model.features.map((f, k) => (f === name ? weight : (others[f] ?? model.weights[k])));
  return { ...RECEIPT_MODEL, fields: { ...RECEIPT_MODEL.fields, [field]: { ...model, weights } } };
}

const KEDAI = receipt([
  'KEDAI RUNCIT MAWAR SDN BHD',
  '(771204-X)',
  'NO. 8, JALAN CEMPAKA 2,',
  'TAMAN SERI INDAH,',
  '43000 KAJANG, SELANGOR.',
  'TEL: 03-8736 1122',
  'TAX INVOICE',
  '12/06/2018 18:22',
  ['GULA 1KG', '2.90'],
  ['MINYAK MASAK', '18.30'],
  ['TOTAL SALES :', '21.20'],
  ['CASH :', '50.00'],
  ['CHANGE :', '28.80'],
  'GST SUMMARY',
  ['TOTAL :', '20.00'],
]);

describe('receipt ranker', () => {
  it('offers every amount, top line and address run as candidates, and cites their lines', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    extractFinancial([KEDAI], { receiptModel: null, onCandidates: (c) => (seen = c) });
    expect(seen!.total_amount.map((c) => c.value)).toEqual(expect.arrayContaining(['21.20', '20.00', '50.00', '28.80']));
    expect(seen!.vendor_name.map((c) => c.value)).toContain('KEDAI RUNCIT MAWAR SDN BHD');
    expect(seen!.vendor_address.map((c) => c.value)).toContain('NO. 8, JALAN CEMPAKA 2, TAMAN SERI INDAH, 43000 KAJANG, SELANGOR.');
    for (const field of RANKED_FIELDS) for (const c of seen![field]) expect(c.features).toHaveLength(FEATURE_NAMES[field].length);
  });

  it('with the committed weights, reads the total the payment settles, the name and the whole address block', () => {
    expect(RECEIPT_MODEL.fields.total_amount?.weights).toHaveLength(FEATURE_NAMES.total_amount.length);
    const { entities, confidence, citations } = extractFinancial([KEDAI]);
    expect(entities).toMatchObject({
      total_amount: '21.20',
      vendor_name: 'KEDAI RUNCIT MAWAR SDN BHD',
      vendor_address: 'NO. 8, JALAN CEMPAKA 2, TAMAN SERI INDAH, 43000 KAJANG, SELANGOR.',
    });
    expect(confidence.total_amount).toBeGreaterThan(0.3);
    expect(citations?.entities.vendor_address.text.split('\n')).toHaveLength(3);
    expect(citations?.entities.total_amount.text).toContain('21.20');
  });

  it('joins an amount OCR split after its decimal separator ("SUMME EUR 27. 45"), on scans only, and cites it', () => {
    const rows: (string | [string, string])[] = ['Getränkeland Vossberg', 'Ringstraße 14', '59302 Oelde', ['APFELSAFT 1L', '1,89'], ['KAFFEE GEMAHLEN', '25,56'], ['SUMME EUR', '27. 45'], ['BAR EUR', '30. 00'], ['RÜCKGELD EUR', '2. 55'], '14.03.2031 10:12'];
    const { entities, citations } = extractFinancial([receipt(rows)]);
    expect(entities.total_amount).toBe('27.45');
    expect(citations?.entities.total_amount.text).toContain('27.45');
    // A text layer means what it says: its words are not rejoined.
    expect(extractFinancial([{ ...receipt(rows), source: 'text-layer' }]).entities.total_amount).not.toBe('27.45');
  });

  it('offers the subtotal plus the tax as a total, marked as the sum of a total read one digit off it, and cites it on its lines', () => {
    expect(sumForMisreadTotal('48.60', '41.13', '2.47')).toBe('43.60');
    // Rounded as cash is: 27.31 + 1.64 = 28.95 exactly, 33.21 + 1.99 = 35.20.
    expect(sumForMisreadTotal('38.95', '27.31', '1.64')).toBe('28.95');
    expect(sumForMisreadTotal('36.20', '33.22', '1.99')).toBe('35.20');
    // Agreeing (within a rounding), two digits off, or a figure missing: nothing.
    expect(sumForMisreadTotal('43.60', '41.13', '2.47')).toBeUndefined();
    expect(sumForMisreadTotal('43.55', '41.13', '2.47')).toBeUndefined();
    expect(sumForMisreadTotal('47.10', '41.13', '2.47')).toBeUndefined();
    expect(sumForMisreadTotal('48.60', '41.13', undefined)).toBeUndefined();
    const rows: (string | [string, string])[] = [
      'KEDAI UBAT CEMPAKA SDN BHD', 'NO. 8, JALAN CEMPAKA 2,', '43000 KAJANG, SELANGOR.', '12/06/2018 18:22',
      ['PLASTER KOTAK', '41.13'], ['SUB-TOTAL', '41.13'], ['GST', '2.47'], ['TOTAL', '48.60'], 'THANK YOU',
    ];
    const seen = candidatesOf(rows);
    const sum = seen.total_amount.find((c) => c.value === '43.60')!;
    expect(feature(sum, 'derived')).toBe(1);
    expect(feature(sum, 'sum_of_misread')).toBe(1);
    expect(feature(sum, 'sub_plus_tax')).toBe(1);
    expect(feature(seen.total_amount.find((c) => c.value === '48.60')!, 'sum_of_misread')).toBe(0);
    // Under weights that trust the arithmetic, the sum is picked and cited on the subtotal's and the tax's lines.
    const { entities, citations } = extractFinancial([receipt(rows)], { receiptModel: favouring('total_amount', 'sum_of_misread'), wordVocabulary: null });
    expect(entities.total_amount).toBe('43.60');
    expect(citations?.entities.total_amount?.text).toContain('2.47');
  });

  it('offers cash tendered minus change as a total, marked when a tax row\'s net and tax add up to it, even when the total\'s line is unreadable', () => {
    // "Summe" garbled and an item price misread as the largest amount; "Bar − Rückgeld" and the MwSt row agree on 6.35.
    const rows: (string | [string, string])[] = [
      'Bäckerei Sonnenkorn', 'Lindenallee 7', '48151 Münster', ['DINKELBROT 750G', '€14 15 A'], 'Summe eT', ['Bar', '€10,00'], ['Riickge 1d', '-3,65'],
      'MwSt Netto MwSt Brutto', ['A 7%', '5,93 0,42'], '08.11.2031 07:45',
    ];
    const paid = candidatesOf(rows).total_amount.find((c) => c.value === '6.35')!;
    expect(feature(paid, 'derived')).toBe(1);
    expect(feature(paid, 'equals_paid')).toBe(1);
    expect(feature(paid, 'paid_tax_row')).toBe(1);
    // Without the confirming tax row the payment is still a candidate, unconfirmed.
    const alone = candidatesOf(rows.filter((r) => !Array.isArray(r) || r[0] !== 'A 7%')).total_amount.find((c) => c.value === '6.35')!;
    expect(feature(alone, 'paid_tax_row')).toBe(0);
    // Picked, it is cited where it was worked out: the cash, change and tax lines.
    const { entities, citations } = extractFinancial([receipt(rows)], { receiptModel: favouring('total_amount', 'paid_tax_row'), wordVocabulary: null });
    expect(entities.total_amount).toBe('6.35');
    const cited = citations?.entities.total_amount;
    expect(cited?.text).toContain('10,00');
    expect(cited?.text).toContain('3,65');
    expect(cited?.text).toContain('5,93 0,42');
  });

  it('marks a line carrying a legal form when the head line is a logo OCR read as no word, and the logo itself', () => {
    const rows = (head: string, footer: string): (string | [string, string])[] => [
      head, 'Lindenallee 7', '48151 Münster', ['DINKELBROT 750G', '3,15'], ['SUMME EUR', '3,15'], ['BAR EUR', '5,00'], ['RÜCKGELD EUR', '1,85'],
      '08.11.2031 07:45', footer,
    ];
    const names = (head: string, footer: string) => candidatesOf(rows(head, footer)).vendor_name;
    const legal = (head: string, footer: string) => names(head, footer).find((c) => c.value === footer);
    expect(feature(legal('E ELQ O', 'Sonnenkorn GmbH & Co. KG, Westerholt')!, 'legal_under_unreadable_head')).toBe(1);
    expect(feature(names('E ELQ O', 'Sonnenkorn GmbH & Co. KG, Westerholt').find((c) => c.value === 'E ELQ O')!, 'unreadable')).toBe(1);
    // A readable head line: the footer is no stand-in; nor is an item's unit ("kg") or a lone form.
    expect(feature(legal('Bäckerei Sonnenkorn', 'Sonnenkorn GmbH & Co. KG, Westerholt')!, 'legal_under_unreadable_head')).toBe(0);
    expect(names('E ELQ O', '0,250 kg x 2,40 EUR/kg').every((c) => feature(c, 'legal_under_unreadable_head') === 0)).toBe(true);
  });

  it('marks a small whole number as such also with a currency glued on ("$7", "€12"), and an amount with cents not', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const rows: (string | [string, string])[] = ['Buchhandlung Lesezeichen', ['Kartenzahlung', '$7'], ['Bar', '€12'], ['Betrag', '29.90 EUR'], '06.05.2031 16:07'];
    extractFinancial([receipt(rows)], { receiptModel: null, onCandidates: (c) => (seen = c) });
    const k = FEATURE_NAMES.total_amount.indexOf('whole_small');
    const whole = (value: string) => seen!.total_amount.find((c) => c.value === value)!.features[k];
    expect([whole('7.00'), whole('12.00'), whole('29.90')]).toEqual([1, 1, 0]);
  });

  it('marks an amount that a tax row\'s adjacent net and tax add up to, on another line', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const rows: (string | [string, string])[] = [
      'KEDAI CONTOH', ['Total Sales Incl GST', '42.70'], ['Total After Adj Incl GST', '42.10'], ['CASH', '50.00'], 'GST Summary Amount Tax', ['SR 6%', '39.72 2.38'],
    ];
    extractFinancial([receipt(rows)], { receiptModel: null, onCandidates: (c) => (seen = c) });
    const k = FEATURE_NAMES.total_amount.indexOf('net_tax_sum');
    const sum = (value: string) => seen!.total_amount.find((c) => c.value === value)!.features[k];
    // 39.72 + 2.38 = 42.10; the row's own amounts and the others are no such sum.
    expect([sum('42.10'), sum('42.70'), sum('50.00'), sum('39.72')]).toEqual([1, 0, 0, 0]);
  });

  it('puts a line OCR handed on late back where it is printed, and keeps rows side by side in OCR\'s order', () => {
    const at = (text: string, top: number, left = 0.1) => ({ text, bbox: [left, top, left + 0.3, top + 0.02] as [number, number, number, number] });
    const read = [at('(55120-K)', 0.15), at('TAMAN CEMPAKA,', 0.2), at('TEL: 03-5550 1234', 0.26), at('43000 KAJANG.', 0.23), at('TAX INVOICE', 0.31), at('KEDAI CONTOH SDN BHD', 0.11), at('TOTAL', 0.5), at('9.00', 0.5, 0.7)];
    expect(inReadingOrder(read).map((l) => l.text)).toEqual(['KEDAI CONTOH SDN BHD', '(55120-K)', 'TAMAN CEMPAKA,', '43000 KAJANG.', 'TEL: 03-5550 1234', 'TAX INVOICE', 'TOTAL', '9.00']);
    // Through extraction with the committed ranker (whose address blocks are runs of lines in order): the block is whole again.
    const rows = ['(55120-K)', 'NO 8, JALAN CEMPAKA 2,', 'TEL: 03-5550 1234', '43000 KAJANG, SELANGOR.', 'TAX INVOICE', 'KEDAI CONTOH SDN BHD'];
    const tops = [0.15, 0.18, 0.26, 0.22, 0.31, 0.11];
    const page = { pageNumber: 1, width: 1, height: 1, words: [], blocks: [], source: 'ocr' as const, text: rows.join('\n'), lines: rows.map((text, i) => ({ text, bbox: [0.2, tops[i], 0.8, tops[i] + 0.025] as [number, number, number, number], wordIndexes: [] })) };
    expect(extractFinancial([page], { wordVocabulary: null }).entities.vendor_address).toBe('NO 8, JALAN CEMPAKA 2, 43000 KAJANG, SELANGOR.');
  });

  it('drops a lone digit or letter OCR read before an address\'s opening premises word and its number, nothing else', () => {
    expect(withoutLeadingStray('3 Lot 3, Jalan Cempaka 2, 43000 Kajang')).toBe('Lot 3, Jalan Cempaka 2, 43000 Kajang');
    expect(withoutLeadingStray("' 7. NO. 12, JALAN MERBAU")).toBe('NO. 12, JALAN MERBAU');
    expect(withoutLeadingStray('a UNIT 5-2, MENARA CEMPAKA')).toBe('UNIT 5-2, MENARA CEMPAKA');
    // A house number, a premises word without a number, a word of its own, and a unit code: as read.
    for (const kept of ['12 JALAN CEMPAKA 2, 43000 KAJANG', '3 LOT JALAN MERBAU', 'NO LOT 3, JALAN MERBAU', '123 LOT 4', 'B-8, JALAN SS2/4', '3 Lotus Mall, 43000 Kajang']) {
      expect(withoutLeadingStray(kept)).toBe(kept);
    }
    // Through extraction of an invented scanned receipt: the address block comes without the speck in front of it.
    const rows = ['KEDAI CONTOH SDN BHD', '(55120-K)', '3 Lot 8, Jalan Cempaka 2,', '43000 Kajang, Selangor.', 'TEL: 03-5550 1234', 'TAX INVOICE'];
    const page = scannedLines(rows);
    expect(extractFinancial([page], { wordVocabulary: null }).entities.vendor_address).toBe('Lot 8, Jalan Cempaka 2, 43000 Kajang, Selangor.');
  });

  it('reads an "&" OCR took for an 8 or a 3 between two units of one block, and leaves phones and numbers alone', () => {
    expect(withUnitListAmpersands('NO 27-G&27-1827-2 JALAN MERBAU 3')).toBe('NO 27-G&27-1&27-2 JALAN MERBAU 3');
    expect(withUnitListAmpersands('LOT 41-A341-B, JALAN CEMPAKA')).toBe('LOT 41-A&41-B, JALAN CEMPAKA');
    expect(withUnitListAmpersands('No 6-1 8 6-2, Jalan Cempaka')).toBe('No 6-1&6-2, Jalan Cempaka');
    // A longer unit number ending in 8: only the glyph before the repeated block number goes.
    expect(withUnitListAmpersands('12-18812-2')).toBe('12-18&12-2');
    // A phone, units listed apart, another block after the glyph, and a list read right: as read.
    for (const kept of ['TEL 03-3803-5123', 'No 5-18 5-2, Jalan Cempaka', 'No 5-18 6-2', 'NO 27-1&27-2', '27-1827-2468']) expect(withUnitListAmpersands(kept)).toBe(kept);
    // Through extraction of an invented scanned receipt.
    const rows = ['KEDAI CONTOH SDN BHD', '(55120-K)', 'NO 27-1827-2 JALAN MERBAU 3,', '43000 Kajang, Selangor.', 'TEL: 03-5550 1234', 'TAX INVOICE'];
    const page = scannedLines(rows);
    expect(extractFinancial([page], { wordVocabulary: null }).entities.vendor_address).toBe('NO 27-1&27-2 JALAN MERBAU 3, 43000 Kajang, Selangor.');
  });

  it('ends an address block before the item table\'s column headings, and drops one that then names no street', () => {
    expect(withoutItemHeadings('NO 8, JALAN CEMPAKA, 43000 KAJANG Description Qty Price Amount')).toBe('NO 8, JALAN CEMPAKA, 43000 KAJANG');
    expect(withoutItemHeadings('Lot 12 Taman Contoh | Item Qty Amount')).toBe('Lot 12 Taman Contoh');
    // Noise read above the headings, with neither a street word nor a postcode: no address.
    expect(withoutItemHeadings('4 ne re Sos mS 3 fwd description ity price amount')).toBeUndefined();
    // One heading word alone is no table heading: as read.
    for (const kept of ['NO 8, JALAN PRICE, 43000 KAJANG', '12 Amount Street, Springfield']) expect(withoutItemHeadings(kept)).toBe(kept);
    // Through extraction of an invented scanned receipt, with the committed ranker that runs the block into the headings.
    const rows = ['KEDAI CONTOH', 'NO 8 JALAN CEMPAKA', 'TAMAN CONTOH', 'Description Qty Price Amount', 'GULA 1KG 2 2.90 5.80', 'TOTAL 5.80'];
    const page = scannedLines(rows);
    expect(extractFinancial([page], { wordVocabulary: null }).entities.vendor_address).toBe('NO 8 JALAN CEMPAKA TAMAN CONTOH');
  });

  it('offers no card processor\'s web address on the payment slip as a name, nor a line spelling it, but the shop\'s own', () => {
    expect(paymentProviderLine(['Datenverarbeitung durch', 'Quixpay Payment', 'Services www.quixpay.de'], 2)).toBe(true);
    expect(paymentProviderLine(['Zahlungsdienst: www.quixpay.de'], 0)).toBe(true);
    // The shop's own web address, even right above a payment note, and a payment line without one: no.
    expect(paymentProviderLine(['Tel. 0521 1234', 'www.kaufhaus-linde.de', 'Zahlung mit Karte oder Handy.'], 1)).toBe(false);
    expect(paymentProviderLine(['Quixpay Payment Services'], 0)).toBe(false);
    const rows = ['KAUFHAUS LINDE', 'Lindenstr. 12', '33100 Musterstadt', ['Summe EUR', '12,50'], 'Kartenzahlung girocard', 'Datenverarbeitung durch', 'Quixpay Payment', 'Services www.quixpay.de'] as (string | [string, string])[];
    const names = candidatesOf(rows).vendor_name.map((c) => c.value);
    expect(names).not.toContain('Quixpay');
    expect(names).not.toContain('Quixpay Payment');
    expect(names).toContain('KAUFHAUS LINDE');
    // The shop's own web address names it.
    expect(candidatesOf([...rows.slice(0, 4), 'www.kaufhaus-linde.de']).vendor_name.map((c) => c.value)).toContain('Kaufhaus');
  });

  it('marks the head line the receipt\'s own web address spells right above the address, not a slogan', () => {
    const head = ['FRISCHE WARE / GUTE LAUNE', 'Kaufhaus Linde', 'Lindener Str. 12', '33100 Musterstadt'];
    const tail: (string | [string, string])[] = [['Summe EUR', '12,50'], ['Bar', '20,00']];
    const names = candidatesOf([...head, 'www.kaufhaus-linde.de', ...tail]).vendor_name;
    expect(feature(names.find((c) => c.value === 'Kaufhaus Linde')!, 'spelled_head')).toBe(1);
    expect(feature(names.find((c) => c.value === 'FRISCHE WARE / GUTE LAUNE')!, 'spelled_head')).toBe(0);
    // No web address spelling it: nothing marked.
    expect(candidatesOf([...head, ...tail]).vendor_name.every((c) => feature(c, 'spelled_head') === 0)).toBe(true);
  });

  it('offers no name over two lines whose second line is a whole company name, and a name broken over two', () => {
    expect(wholeCompanyName('KT CONTOH TRADING')).toBe(true);
    expect(wholeCompanyName('ACME FOODS SDN. BHD.')).toBe(true);
    expect(wholeCompanyName('(KAJANG) SDN BHD')).toBe(false);
    expect(wholeCompanyName('CO. (M) SDN BHD')).toBe(false);
    expect(wholeCompanyName('TRADING')).toBe(false);
    expect(wholeCompanyName('KEDAI CONTOH')).toBe(false);
    const tail: (string | [string, string])[] = ['NO. 8, JALAN CEMPAKA 2,', '43000 KAJANG, SELANGOR.', 'TEL: 03-8736 1122', ['TOTAL :', '21.20'], ['CASH :', '50.00']];
    const twoLines = (head: string[]) => candidatesOf([...head, ...tail]).vendor_name.filter((c) => c.lines.length === 2 && c.lines[0] === 0).map((c) => c.value);
    // A person's name or a slogan over the company's whole name: the company line alone is the candidate.
    expect(twoLines(['LIM AH KOW', 'KEDAI CONTOH HARDWARE SDN BHD'])).toEqual([]);
    expect(twoLines(['HARGA BORONG MURAH', 'KT CONTOH TRADING'])).toEqual([]);
    // A name whose second line is only its branch and form, or a form alone.
    expect(twoLines(['PASAR CONTOH JAYA', '(KAJANG) SDN BHD'])).toEqual(['PASAR CONTOH JAYA (KAJANG) SDN BHD']);
    expect(twoLines(['KEDAI CONTOH', 'TRADING'])).toEqual(['KEDAI CONTOH TRADING']);
  });

  it('drops a "#" number before a name (a till or queue number on the name\'s line)', () => {
    expect(withoutLeadingNumber('#000417 KEDAI CONTOH (M) SDN BHD')).toBe('KEDAI CONTOH (M) SDN BHD');
    expect(withoutLeadingNumber('# 12, KEDAI CONTOH')).toBe('KEDAI CONTOH');
    // A name without one, a number without "#", and nothing left but a number: as it was.
    expect(withoutLeadingNumber('7 ELEVEN CONTOH')).toBe('7 ELEVEN CONTOH');
    expect(withoutLeadingNumber('KEDAI #2 CONTOH')).toBe('KEDAI #2 CONTOH');
    expect(withoutLeadingNumber('#000417 88')).toBe('#000417 88');
    const rows: (string | [string, string])[] = ['#000417 KEDAI CONTOH (M) SDN BHD', '(771204-X)', 'NO. 8, JALAN CEMPAKA 2,', '43000 KAJANG, SELANGOR.', ['TOTAL :', '21.20']];
    expect(extractFinancial([receipt(rows)], { wordVocabulary: null }).entities.vendor_name).toBe('KEDAI CONTOH (M) SDN BHD');
  });

  it('offers no courtesy line (thanks, greetings, opening hours, a return policy) as a name: it names nobody', () => {
    for (const t of ['TQ FOR SHOPPING WITH KEDAICONTOH.COM', 'GOODS SOLD ARE NOT RETURNABLE', 'Terima Kasih', 'Unsere Öffnungszeiten', 'Vielen Dank für Ihren Einkauf', 'Merci de votre visite', 'Gracias por su compra', 'THANK YOU, PLEASE COME AGAIN']) {
      expect(courtesyLine(t)).toBe(true);
    }
    for (const t of ['KEDAI CONTOH SDN BHD', 'THANKAVEL TRADING', 'Danker Bau GmbH', 'MERCIER CAFE', 'SOLD OUT MART']) expect(courtesyLine(t)).toBe(false);
    const rows: (string | [string, string])[] = ['TERIMA KASIH SILA DATANG LAGI', 'KEDAI RUNCIT CONTOH', '(771204-X)', 'NO. 8, JALAN CEMPAKA 2,', '43000 KAJANG, SELANGOR.', ['TOTAL :', '21.20']];
    const names = candidatesOf(rows).vendor_name.map((c) => c.value);
    expect(names.some((v) => v.includes('TERIMA KASIH'))).toBe(false);
    expect(names).toContain('KEDAI RUNCIT CONTOH');
  });

  it('reads initials joined by "&" with one read as a digit as two letters, and leaves digits and words alone', () => {
    expect(withInitialsAsLetters('5&k SUPPLY')).toBe('S&K SUPPLY');
    expect(withInitialsAsLetters('KEDAI K & 8 HARDWARE')).toBe('KEDAI K&B HARDWARE');
    for (const kept of ['1&1 TELECOM', 'S&K SUPPLY', 'CASH & CARRY 8', '7&ELEVEN', 'A&3 MART']) expect(withInitialsAsLetters(kept)).toBe(kept);
  });

  it('calls a name unreadable when it has no run of five letters and no legal form', () => {
    for (const name of ['E ELQ O', 'Wel ibe nell', 'LE EI.', 'Kop MBH.']) expect(unreadableName(name)).toBe(true);
    for (const name of ['Sonnenkorn', 'real GmbH', 'BOB CAFE SDN BHD', 'Bäckerei Korn']) expect(unreadableName(name)).toBe(false);
  });

  it('finds a row of two adjacent amounts adding up to a value, and nothing for percentages, far-apart amounts or none', () => {
    expect(netPlusTaxRow(['Summe', 'A 7% 5,93 0,42'], '6.35')).toBe(1);
    expect(netPlusTaxRow(['MwSt Total 1,64 0,31 1495'], '1.95')).toBe(0);
    expect(netPlusTaxRow(['5,93 7,00% 0,42'], '6.35')).toBe(-1);
    expect(netPlusTaxRow(['5,93 1,00 0,42'], '6.35')).toBe(-1);
    expect(netPlusTaxRow(['Summe 6,36'], '6.35')).toBe(-1);
  });

  it('finds the tax line whose amount a tax-inclusive value holds at the printed rate, and not the total as read', () => {
    // 23.85 × 6 / 106 = 1.35; 25.85 would hold 1.46.
    expect(includedTaxRow(['THANK YOU', 'TOTAL INCLUDES 6% GST 1.35'], '23.85', '25.85')).toBe(1);
    expect(includedTaxRow(['inkl. MwSt 19% 3,83'], '23.99')).toBe(0);
    // The total as read fits as well (a rounding apart), no tax word, or no rate: nothing.
    expect(includedTaxRow(['TOTAL INCLUDES 6% GST 1.35'], '23.85', '23.80')).toBe(-1);
    expect(includedTaxRow(['SERVICE 6% 1.35'], '23.85', '25.85')).toBe(-1);
    expect(includedTaxRow(['GST 1.35'], '23.85', '25.85')).toBe(-1);
  });

  it('marks the payment as a total whose included tax fits it at the printed rate, and not a total read twice that does not fit', () => {
    const rows: (string | [string, string])[] = [
      'KEDAI MAKAN SERI CEMPAKA', 'NO. 8, JALAN CEMPAKA 2,', '43000 KAJANG, SELANGOR.', '12/06/2018 18:22',
      ['1 NASI LEMAK', '15.35'], ['1 TEH TARIK', '8.50'], ['TakeOut Total (incl GST)', '25.85'], ['Total Rounded', '25.85'],
      ['Cash Tendered', '50.00'], ['Change', '26.15'], 'TOTAL INCLUDES 6% GST 1.35', 'THANK YOU',
    ];
    const totals = candidatesOf(rows).total_amount;
    const paid = totals.find((c) => c.value === '23.85')!;
    expect(feature(paid, 'included_tax_fits')).toBe(1);
    expect(feature(paid, 'paid_tax_row')).toBe(1);
    expect(totals.filter((c) => c.value === '25.85').every((c) => feature(c, 'included_tax_fits') === 0)).toBe(true);
  });

  it('reads a currency glued to a whole number and two digits after it as one amount whose point OCR lost ("RM8 60"), on scans only', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const rows: (string | [string, string])[] = ['KEDAI CONTOH', ['TOTAL INCL GST', 'RM7 40'], ['CASH', '10.00'], ['CHANGE', '2.60'], '12/06/2018 18:22'];
    extractFinancial([receipt(rows)], { receiptModel: null, onCandidates: (c) => (seen = c) });
    expect(seen!.total_amount.map((c) => c.value)).toContain('7.40');
    expect(seen!.total_amount.map((c) => c.value)).not.toContain('40.00');
    let layer: Record<string, RankCandidate[]> | undefined;
    // A third number after it ("RM7 40 12"): no join, the words may be columns.
    extractFinancial([receipt(['KEDAI CONTOH', ['TOTAL', 'RM7 40 12']])], { receiptModel: null, onCandidates: (c) => (layer = c) });
    expect(layer!.total_amount.map((c) => c.value)).not.toContain('7.40');
  });

  it('drops a lower-case fragment OCR read off a logo before a name in capitals, and keeps mixed-case names', () => {
    expect(withoutLogoNoise('ry KEDAI MAWAR SDN BHD')).toBe('KEDAI MAWAR SDN BHD');
    expect(withoutLogoNoise('i. HARBOUR LANE TRADING')).toBe('HARBOUR LANE TRADING');
    expect(withoutLogoNoise('de Vries Bakkerij')).toBe('de Vries Bakkerij');
    expect(withoutLogoNoise('ry MAWAR')).toBe('ry MAWAR');
    expect(withoutLogoNoise('KEDAI MAWAR')).toBe('KEDAI MAWAR');
  });

  it('ends an address before a tax or registration id OCR set on its last line, however the label was misread', () => {
    expect(withoutTrailingId('NO 8, JALAN CEMPAKA 2, 43000 KAJANG, SELANGOR (GST ID No: 001234567890) (KAJANG MALL)')).toBe('NO 8, JALAN CEMPAKA 2, 43000 KAJANG, SELANGOR');
    expect(withoutTrailingId('NO 8, JALAN CEMPAKA 2, 43000 KAJANG (68T ID No sO0012)')).toBe('NO 8, JALAN CEMPAKA 2, 43000 KAJANG');
    expect(withoutTrailingId('LOT 4, JALAN MERBAU, 43000 KAJANG ST REG NÓ K 20)')).toBe('LOT 4, JALAN MERBAU, 43000 KAJANG');
    // Street words that only look alike, and an id too early to leave an address, stay.
    for (const kept of ['NO 12, REGENT STREET, 43000 KAJANG', 'IDEAL PLAZA NO 3, 43000 KAJANG', 'REG NO 1234 JALAN X']) expect(withoutTrailingId(kept)).toBe(kept);
    // A phone number under a misread label ends the address too; a street number with a dash does not.
    expect(withoutTrailingId('LOT 4, JALAN MERBAU, 43000 KAJANG, SELANGOR TAL: O3-S5512345')).toBe('LOT 4, JALAN MERBAU, 43000 KAJANG, SELANGOR');
    expect(withoutTrailingId('LOT 4, JALAN MERBAU, 43000 KAJANG TFL; 012-3456789 FAX 03-1234')).toBe('LOT 4, JALAN MERBAU, 43000 KAJANG');
    for (const kept of ['NO 12, JALAN 3/45, BLOK: 03-12, 43000 KAJANG', 'WISMA RIANG, UNIT: 05-221, 43000 KAJANG']) expect(withoutTrailingId(kept)).toBe(kept);
  });

  it('offers no long whole number (a phone, an id) as the total where the receipt writes cents', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const doc = receipt(['Getränkeland Vossberg', 'Tel. 02522 / 730418', ['SUMME EUR', '27,45'], '14.03.2031 10:12']);
    extractFinancial([doc], { receiptModel: null, onCandidates: (c) => (seen = c) });
    expect(seen!.total_amount.map((c) => c.value)).toContain('27.45');
    expect(seen!.total_amount.map((c) => c.value)).not.toContain('730418.00');
  });

  it('offers the name a web address spells, as OCR reads it, when no line spells it (a logo OCR cannot read)', () => {
    let seen: Record<string, RankCandidate[]> | undefined;
    const doc = receipt(['Wl ibe nel', 'Ringstraße 14', '59302 Oelde', ['SUMME EUR', '27,45'], 'Www. getraenkeland-vossberg de', '14.03.2031 10:12']);
    extractFinancial([doc], { receiptModel: null, onCandidates: (c) => (seen = c) });
    const fromDomain = FEATURE_NAMES.vendor_name.indexOf('from_domain');
    const named = seen!.vendor_name.find((c) => c.features[fromDomain] === 1);
    expect(named?.value).toBe('Getraenkeland');
    expect(named?.lines).toEqual([4]);
    // A garbled logo line looks less like words than a name does.
    const wordlike = FEATURE_NAMES.vendor_name.indexOf('wordlike');
    expect(seen!.vendor_name.find((c) => c.value === 'Wl ibe nel')!.features[wordlike]).toBeLessThan(named!.features[wordlike]);
  });

  it('is not used on text-layer documents (invoices keep the rules)', () => {
    let called = false;
    extractFinancial([{ ...KEDAI, source: 'text-layer' }], { onCandidates: () => (called = true) });
    expect(called).toBe(false);
  });

  it('picks the candidate the weights score highest, with its softmax probability', () => {
    const model = { features: ['bias', 'x'], mean: [0, 0], std: [0, 1], weights: [0, 2] };
    const candidates: RankCandidate[] = [0, 1, 3].map((x, i) => ({ field: 'total_amount', value: String(i), lines: [i], features: [1, x] }));
    const chosen = pick(model, candidates)!;
    expect(chosen.candidate.value).toBe('2');
    expect(chosen.probability).toBeCloseTo(Math.exp(6) / (1 + Math.exp(2) + Math.exp(6)), 6);
    expect(pick(undefined, candidates)).toBeUndefined();
    expect(pick({ ...model, weights: [1] }, candidates)).toBeUndefined();
  });
});

describe('receipt candidates that generalise', () => {
  const namesOf = (rows: (string | [string, string])[]) => {
    let seen: Record<string, RankCandidate[]> | undefined;
    extractFinancial([receipt(rows)], { receiptModel: null, onCandidates: (c) => (seen = c) });
    return seen!;
  };

  it('offers a name printed over two head lines as one candidate, citing both lines', () => {
    const seen = namesOf(['PERDANA MEGA BELIAN', '(SERI MUDA) SDN BHD', '(551190-K)', 'LOT 7, JALAN BUKIT 3,', '43200 CHERAS, SELANGOR', ['TOTAL', '12.40']]);
    const joined = seen.vendor_name.find((c) => c.value === 'PERDANA MEGA BELIAN (SERI MUDA) SDN BHD');
    expect(joined).toBeDefined();
    expect(joined!.lines).toEqual([0, 1]);
    expect(joined!.features[FEATURE_NAMES.vendor_name.indexOf('two_lines')]).toBe(1);
    expect(joined!.features[FEATURE_NAMES.vendor_name.indexOf('company_second_only')]).toBe(1);
    // The second line alone is only its legal form: marked so.
    const bare = seen.vendor_name.find((c) => c.value === '(SERI MUDA) SDN BHD');
    expect(bare?.features[FEATURE_NAMES.vendor_name.indexOf('bare_form')]).toBe(0);
    const form = namesOf(['KILANG ROTI MELATI', 'CO. (M) SDN BHD', 'NO 3, JALAN TIGA', ['TOTAL', '4.00']]).vendor_name.find((c) => c.value === 'CO. (M) SDN BHD');
    expect(form?.features[FEATURE_NAMES.vendor_name.indexOf('bare_form')]).toBe(1);
    // Not across a contact line or the title.
    expect(seen.vendor_name.some((c) => c.value.includes('(551190-K)'))).toBe(false);
  });

  it('drops a registration number from a name with a stray comma, a space after its dash, or a branch code', () => {
    for (const head of ['SINAR LAMPU ENTERPRISE SDN BHD (884120-T),', 'SINAR LAMPU ENTERPRISE SDN BHD (884120- T)', 'SINAR LAMPU ENTERPRISE SDN BHD 884120-T (SL2)']) {
      const { entities } = extractFinancial([receipt([head, 'NO 5, JALAN LIMA', '47000 SUNGAI BULOH', ['TOTAL', '8.00']])], { receiptModel: null });
      expect(entities.vendor_name).toBe('SINAR LAMPU ENTERPRISE SDN BHD');
    }
    // OCR's reading of the legal form is written as printed.
    expect(extractFinancial([receipt(['TERATAI JAYA SON BID', 'NO 5, JALAN LIMA', ['TOTAL', '8.00']])], { receiptModel: null }).entities.vendor_name).toBe('TERATAI JAYA SDN BHD');
    // Rules and logo edges OCR reads as marks before the name are not part of it.
    expect(extractFinancial([receipt(['— “TERATAI JAYA SDN BHD', 'NO 5, JALAN LIMA', ['TOTAL', '8.00']])], { receiptModel: null }).entities.vendor_name).toBe('TERATAI JAYA SDN BHD');
  });

  it('marks address-like name candidates, and an address block that starts too late or runs into a phone number', () => {
    const seen = namesOf(['Lange Straße 12', '33602 Musterstadt', 'Bäckerei Kornblume', ['SUMME', '7,40']]);
    const street = seen.vendor_name.find((c) => c.value === 'Lange Straße 12')!;
    expect(street.features[FEATURE_NAMES.vendor_name.indexOf('addressy')]).toBe(1);
    const named = seen.vendor_name.find((c) => c.value === 'Bäckerei Kornblume')!;
    expect(named.features[FEATURE_NAMES.vendor_name.indexOf('addressy')]).toBe(0);
    const blocks = namesOf(['KEDAI EMAS CAHAYA', 'UNIT G-4, GROUND FLOOR, WISMA DELIMA', 'NO 9, JALAN MAWAR 1,', '50450 KUALA LUMPUR', '012-3456789', ['TOTAL', '30.00']]).vendor_address;
    const f = (name: string, value: string) => blocks.find((c) => c.value === value)!.features[FEATURE_NAMES.vendor_address.indexOf(name)];
    expect(f('before_addressy', 'NO 9, JALAN MAWAR 1, 50450 KUALA LUMPUR')).toBe(1);
    expect(f('before_addressy', 'UNIT G-4, GROUND FLOOR, WISMA DELIMA NO 9, JALAN MAWAR 1, 50450 KUALA LUMPUR')).toBe(0);
    expect(f('starts_premises', 'UNIT G-4, GROUND FLOOR, WISMA DELIMA NO 9, JALAN MAWAR 1, 50450 KUALA LUMPUR')).toBe(1);
    expect(f('phone_inside', 'NO 9, JALAN MAWAR 1, 50450 KUALA LUMPUR 012-3456789')).toBe(1);
    expect(f('phone_inside', 'NO 9, JALAN MAWAR 1, 50450 KUALA LUMPUR')).toBe(0);
  });

  it('ends an address block at a registration line with a bare "Reg No" or "BR No", takes a state\'s honorific line as its end, and takes no labelled number for a postcode', () => {
    const blocks = namesOf(['RESTORAN TELAGA BIRU SDN BHD', 'Reg No: 7654321-K', 'NO 3, JALAN KENANGA 2,', '43650 BANDAR BARU BANGI, SELANGOR', 'DARUL EHSAN', 'GST ID: 001122334455', ['TOTAL', '9.00']]).vendor_address;
    const f = (name: string, value: string) => blocks.find((c) => c.value === value)!.features[FEATURE_NAMES.vendor_address.indexOf(name)];
    const whole = 'NO 3, JALAN KENANGA 2, 43650 BANDAR BARU BANGI, SELANGOR DARUL EHSAN';
    expect(f('after_registration', whole)).toBe(1);
    expect(f('registration', `Reg No: 7654321-K ${whole}`)).toBe(1);
    expect(f('region_last', whole)).toBe(1);
    expect(f('postcode_last', whole)).toBe(1);
    // Stopping before the honorific line leaves an address-like line after the block.
    expect(f('after_addressy', 'NO 3, JALAN KENANGA 2, 43650 BANDAR BARU BANGI, SELANGOR')).toBe(1);
    const br = namesOf(['KEDAI MAJU JAYA', 'BR No. (998877-P)', 'LOT 4, JALAN EMPAT', ['TOTAL', '3.00']]).vendor_address;
    expect(br.find((c) => c.value === 'LOT 4, JALAN EMPAT')!.features[FEATURE_NAMES.vendor_address.indexOf('after_registration')]).toBe(1);
    // A number after a label ("Counter: 4821 Dine In") is no four-digit postcode; "4821 Musterstadt" is.
    const counter = namesOf(['KEDAI MAJU JAYA', 'Counter: 4821 Dine In', ['TOTAL', '3.00']]).vendor_address.find((c) => c.value === 'Counter: 4821 Dine In')!;
    expect(counter.features[FEATURE_NAMES.vendor_address.indexOf('postcode')]).toBe(0);
    const town = namesOf(['Kiosk am Teich', 'Teichweg 2', '4821 Musterstadt', ['SUMME', '3,00']]).vendor_address.find((c) => c.value === 'Teichweg 2 4821 Musterstadt')!;
    expect(town.features[FEATURE_NAMES.vendor_address.indexOf('postcode')]).toBe(1);
  });

  it('joins an address block\'s lines with one comma, also where a line already ends in one (the rules\' reading)', () => {
    const { entities } = extractFinancial([receipt(['KEDAI BUNGA RAYA SDN BHD', 'NO. 4, JALAN ORKID 3,', 'TAMAN MELUR,', '43000 KAJANG', ['TOTAL', '5.00']])], { receiptModel: null });
    expect(entities.vendor_address).toBe('NO. 4, JALAN ORKID 3, TAMAN MELUR, 43000 KAJANG');
  });

  it('offers a total glued to its currency ("RM18.60"), and marks a card payment row apart from cash', () => {
    const seen = namesOf(['KEDAI KOPI SENJA', ['NASI LEMAK', '6.00'], ['TOTAL', 'RM18.60'], ['VISA', 'RM18.60'], ['CASH', '20.00']]).total_amount;
    expect(seen.map((c) => c.value)).toEqual(expect.arrayContaining(['18.60', '20.00']));
    const card = FEATURE_NAMES.total_amount.indexOf('row_card');
    expect(seen.find((c) => c.value === '20.00')!.features[card]).toBe(0);
    expect(seen.filter((c) => c.value === '18.60').some((c) => c.features[card] === 1)).toBe(true);
    const de = namesOf(['Buchladen Seeblick', ['Kreditkarte', '23,90'], ['Kartenzahlung', '23,90']]).total_amount;
    expect(de.every((c) => c.features[card] === 1)).toBe(true);
  });
});

describe('receipt ranker training', () => {
  /** Receipts whose right total candidate is the one with row_total set, among decoys. */
  const synthetic = (n: number): TrainingReceipt[] =>
    Array.from({ length: n }, (_, r) => {
      const names = FEATURE_NAMES.total_amount;
      const vector = (total: boolean, value: number) => names.map((f) => (f === 'bias' ? 1 : f === 'row_total' ? Number(total) : f === 'value_over_max' ? value : 0));
      const right = r % 4;
      const list = [0, 1, 2, 3].map((k) => ({ candidate: { field: 'total_amount' as const, value: `${k}.00`, lines: [k], features: vector(k === right, (k + 1) / 4) }, right: k === right }));
      return { id: String(r).padStart(3, '0'), truth: { total_amount: `${right}.00` }, candidates: { total_amount: list, vendor_name: [], vendor_address: [], invoice_date: [] } };
    });

  it('learns the feature that marks the right candidate, and the same data gives the same weights', () => {
    const data = synthetic(40);
    const model = fitField('total_amount', data, 7);
    expect(model.weights[FEATURE_NAMES.total_amount.indexOf('row_total')]).toBeGreaterThan(1);
    for (const r of data) expect(pick(model, r.candidates.total_amount.map((c) => c.candidate))!.candidate.value).toBe(r.truth.total_amount);
    expect(fitRanker(data, 7)).toEqual(fitRanker(data, 7));
  });

  it('scores a reading only with a model that saw no reading of the same document (transcript and OCR share a fold)', () => {
    const data = synthetic(20).flatMap((r) => [{ ...r, group: r.id, source: 'transcript' as const }, { ...r, id: `ocr:${r.id}`, group: r.id, source: 'ocr' as const }]);
    expect(groupOf(data[1])).toBe(groupOf(data[0]));
    const counts = outOfFold(data, 5, 3);
    expect(counts['transcript total_amount'].receipts).toBe(20);
    expect(counts['ocr total_amount'].receipts).toBe(20);
    // The eval's OCR sample rule: evenly spaced, as many as asked.
    expect(evenSample(Array.from({ length: 334 }, (_, i) => i), 60)).toHaveLength(60);
    expect(evenSample(Array.from({ length: 334 }, (_, i) => i), 60).slice(0, 3)).toEqual([0, 5, 10]);
  });

  it('a larger OCR training sample holds the eval\'s OCR sample and adds distinct receipts', () => {
    const keys = Array.from({ length: 200 }, (_, i) => i);
    const base = evenSample(keys, EVAL_OCR_SAMPLE);
    const larger = ocrTrainingSample(keys, EVAL_OCR_SAMPLE * 2);
    expect(larger).toHaveLength(EVAL_OCR_SAMPLE * 2);
    expect(new Set(larger).size).toBe(larger.length);
    expect(larger.slice(0, base.length)).toEqual(base);
    expect(ocrTrainingSample(keys, 10)).toEqual(evenSample(keys, 10));
  });

  it('invents German receipts, seeded, whose truth is on the page', () => {
    const [a, b] = [syntheticReceipts(5, 3), syntheticReceipts(5, 3)];
    expect(a.map((r) => r.page.text)).toEqual(b.map((r) => r.page.text));
    expect(syntheticReceipts(5, 4).map((r) => r.page.text)).not.toEqual(a.map((r) => r.page.text));
    for (const r of a) {
      expect(r.page.text.toLowerCase().replace(/\s/g, '')).toContain(r.truth.vendor_name);
      // The sum's line may be read with OCR noise (ocr-amounts.test.ts); the tax row prints the total as it is.
      expect(r.page.text).toContain(` ${r.truth.total_amount.replace('.', ',')}`);
      const [y, m, d] = r.truth.invoice_date.split('-');
      expect(r.page.text).toContain(`${d}.${m}.${y}`);
    }
  });

  it('invents chains that print only a logo, named by the web address alone at times', () => {
    const receipts = syntheticReceipts(200, 11);
    const lowered = (r: (typeof receipts)[number]) => r.page.lines.map((l) => l.text.toLowerCase());
    const headless = receipts.filter((r) => !lowered(r).slice(0, 4).some((t) => t.replace(/\s/g, '').startsWith(r.truth.vendor_name)));
    expect(headless.length).toBeGreaterThan(10);
    // The head a logo OCR reads as no word: never the chain's name.
    for (const r of headless) expect(r.page.lines[0].text.toLowerCase()).not.toContain(r.truth.vendor_name);
    // Some name the chain only in their web address: then it is the one right name candidate.
    const webOnly = headless.filter((r) => lowered(r).filter((t) => t.includes(r.truth.vendor_name)).every((t) => t.startsWith('www.')));
    expect(webOnly.some((r) => lowered(r).some((t) => t.includes(r.truth.vendor_name)))).toBe(true);
  });

  it('folds and shuffles are seeded', () => {
    const ids = Array.from({ length: 20 }, (_, i) => String(i));
    expect(foldsOf(ids, 5, 1)).toEqual(foldsOf([...ids].reverse(), 5, 1));
    expect(new Set(foldsOf(ids, 5, 1).values()).size).toBe(5);
    expect(shuffled(ids, 3)).toEqual(shuffled(ids, 3));
    expect(shuffled(ids, 3)).not.toEqual(ids);
  });
});
