/**
 * Issue 41's structure cues of money documents, the garble measure that tells
 * handwriting from typed notes, and the one "nothing fits" decision the
 * service and the evaluation share. Texts are made-up look-alikes.
 */
import { describe, expect, it } from 'vitest';
import { buildClassSet } from '../../../functions/engines/classify/class-set.ts';
import { classifyText, nothingFits } from '../../../functions/engines/classify/classifier.ts';
import { layoutTokens, moneyStructureTokens } from '../../../functions/engines/classify/features.ts';
import { classifierModel } from '../../../functions/engines/classify/model.ts';

const STATEMENT =
  'ACCOUNT STATEMENT\nStatement period 01/03/2026 to 31/03/2026\nOpening balance 1,000.00\n02/03 Grocery 71.20 928.80\n05/03 Salary 2,100.00 3,028.80\n09/03 Rent 900.00 2,128.80\nClosing balance 2,128.80';
const KONTO =
  'Kontoauszug 3\nZeitraum 01.02.2026 - 28.02.2026\nAlter Kontostand 1.200,00\n03.02 Lastschrift -45,10 1.154,90\n07.02 Gutschrift 300,00 1.454,90\nNeuer Kontostand 1.454,90';
const STUB =
  'Earnings Statement\nPay period 03/01/2026 - 03/14/2026\nRegular 18.50 40.00 740.00 3,700.00\nFederal income tax -61.20 306.00\nNet pay 649.35';
const BILL =
  'Bergheim Energie\nAbrechnungszeitraum 01.01.2026 - 31.03.2026\nZählerstand alt 40210\nZählerstand neu 41022\nVerbrauch 812 kWh\nArbeitspreis 812 kWh x 0,31 251,72';
const WAYBILL =
  'Consignment note\nConsignor Kestrel AG\nConsignee Mirabel SA\n12 pallets machine parts 2,400 kg\nGross weight 2,460 kg\nTracking no. 1Z4X7Y2W0312345678';
const CREDIT = 'Credit Note CN-20411\nAgainst invoice 88120\nReturned goods 2 -120.00\nTotal credit -144.00';
const PASSPORT = 'PASSPORT\nSurname LINDQVIST\nP<UTOLINDQVIST<<MARTA<<<<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159<<<<<<<<<<<<<<06';

const tokens = (text: string) => moneyStructureTokens(text.split('\n'), text);

describe('Function: moneyStructureTokens', () => {
  it.each([
    ['a statement: running balance, a period, dated rows', STATEMENT, ['#running-balance:3', '#periods:2', '#dated-rows:2']],
    ['a German statement with decimal commas', KONTO, ['#running-balance:3', '#periods:2', '#negative:2']],
    ['a pay stub: rate × hours = amount, deductions shown negative', STUB, ['#product-rows:2', '#negative:2', '#periods:2']],
    ['a utility bill: consumption with units, a billing period', BILL, ['#usage:2', '#periods:2']],
    ['a waybill: weights and a tracking number', WAYBILL, ['#weights:2', '#tracking']],
    ['a credit note: negative lines and total', CREDIT, ['#negative:2']],
    ['a passport: a machine-readable zone', PASSPORT, ['#mrz']],
  ])('reads %s', (_name, text, expected) => {
    expect(tokens(text)).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    ['a letter with one amount', 'Dear Ms Roux,\nthank you for your payment of 120.00 last week.\nKind regards'],
    ['a receipt', 'CAFE SOLMAR\nCOFFEE 1 3.50\nTOTAL 3.50\nCASH 5.00\nCHANGE 1.50'],
  ])('finds no running balance, period, tracking number or MRZ in %s', (_name, text) => {
    const t = tokens(text);
    expect(t).toEqual(expect.arrayContaining(['#running-balance:1', '#periods:1', '#usage:1']));
    expect(t).not.toContain('#tracking');
    expect(t).not.toContain('#mrz');
  });
});

describe('Function: layoutTokens (garble)', () => {
  it('reads OCR of handwriting as garbled and a typed note as clean', () => {
    const typed = layoutTokens([
      { text: 'Note to Hugo\nThe printer on the second floor is out of toner again.\nKeys for the storage room are with reception.\nThanks' },
    ]);
    const scrawl = layoutTokens([{ text: 'Hl 5om,\ntbanks fer feedlng tbe cQt\nfdod 1s ln tbe tqp cvpbrd\nbck snndy nqht' }]);
    expect(typed).toContain('#garble:1');
    expect(scrawl.find((t) => t.startsWith('#garble:'))).not.toBe('#garble:1');
  });
});

describe('Function: nothingFits', () => {
  it.each([
    [{ learned: true, words: 2, topConfidence: 0.99, topEvidence: 9 }, true],
    [{ learned: true, words: 6, topConfidence: 0.9, topEvidence: 0 }, true],
    [{ learned: true, words: 9, topConfidence: 0.9, topEvidence: 0 }, false],
    [{ learned: true, words: 6, topConfidence: 0.3, topEvidence: 0 }, true],
    [{ learned: true, words: 6, topConfidence: 0.3, topEvidence: 2 }, false],
    [{ learned: false, words: 40, topConfidence: 0.3, topEvidence: 2, noneProbability: 0.4 }, true],
    [{ learned: false, words: 40, topConfidence: 0.5, topEvidence: 4, noneProbability: 0.2 }, false],
  ])('decides %j → %s', (signals, expected) => {
    expect(nothingFits(signals)).toBe(expected);
  });
});

describe('Issue 41: typed notes and confidences', () => {
  const classes = buildClassSet({ type: 'default' });
  it('a short typed note is not handwriting', () => {
    const note = 'Note to Hugo\nThe meeting with the supplier is moved to Thursday at 10:00.\nPlease leave the signed copies on my desk.\nThanks';
    for (const kind of ['pdf', 'docx', undefined])
      expect(
        classifyText([{ pageNumber: 1, text: note, width: 612, height: 792, kind }], { classes, depth: 'balanced', nonDomainLabel: 'other' }).label,
      ).not.toBe('handwritten');
  });

  it('the model file names the labels that lean on generated documents and has out-of-fold temperatures for them and for described classes', () => {
    const model = classifierModel();
    expect(model.generatedLabels?.length).toBeGreaterThan(0);
    for (const depth of ['fast', 'balanced', 'thorough']) {
      expect(model.generatedTemperature?.[depth]).toBeGreaterThan(0);
      expect(model.customTemperature?.[depth]).toBeGreaterThan(0);
    }
  });
});
