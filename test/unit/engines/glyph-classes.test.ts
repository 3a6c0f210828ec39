import { describe, expect, it } from 'vitest';
import { extractFinancial, GLYPH_MODEL } from '../../../functions/engines/extract/financial.ts';
import {
  channelKeys,
  classSequence,
  DOUBTED_BELOW,
  repairGlyphClasses,
  sequenceLogProb,
  type GlyphClassModel,
} from '../../../functions/engines/extract/glyph-classes.ts';
import { countChannel, countPrior, GLYPH_ORDER, type ReadLine } from '../../../scripts/train/receipt-glyphs.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

// Invented addresses and names only: made-up streets, codes, towns and shops.
const TRUE_ADDRESSES = [
  'NO 12, JALAN SG4/7, TAMAN VERDALE, 46150 KOTA FELIX',
  'LOT 9, JALAN SG11/2, 47300 BANDAR ORVIN',
  'NO 3A, JALAN SG2/15, 43650 PEKAN MORLI',
  'NO 27, JALAN KEMBARA 3, 81750 TASIK ZEPHA',
  'PLOT 18-B, LORONG SG9/4, 50460 KOTA FELIX',
  'NO 6, JALAN SG21/8, 46150 KOTA FELIX',
];
const TRUE_NAMES = ['QUILLAN STORES SDN BHD', 'BRAMWELL HARDWARE SDN BHD'];
/** A line as OCR read it, every word with one confidence. */
const read = (text: string, confidence: number): ReadLine => ({ words: text.split(' '), confidences: text.split(' ').map(() => confidence) });
/** How the invented receipts were read: look-alikes beside digits misread in doubted words, never in sure ones. */
const READINGS: Array<[string, ReadLine]> = [
  ['JALAN SG4/7, TAMAN VERDALE', read('JALAN 5G4/7, TAMAN VERDALE', 0.3)],
  ['JALAN SG11/2, 47300', read('JALAN SG11/2, 47300', 0.9)],
  ['JALAN SS2/15, 43650', read('JALAN 552/15, 43650', 0.3)],
  ['JALAN SB21/8, 46150', read('JALAN S821/8, 46150', 0.4)],
  ['QUILLAN STORES SDN BHD', read('QUILLAN STORES SDN BHD', 0.9)],
  ['BRAMWELL HARDWARE SDN BHD', read('BRAMWELL HARDWARE SDN 8HD', 0.3)],
  ['46150 KOTA FELIX 12345', read('46150 KOTA FELIX 12345', 0.9)],
];

function inventedModel(): GlyphClassModel {
  const grams = new Map<string, number>();
  for (const text of TRUE_ADDRESSES) countPrior(text, 'address', grams);
  for (const text of TRUE_NAMES) countPrior(text, 'name', grams);
  const channel = new Map<string, [[number, number], [number, number]]>();
  for (const [truth, line] of READINGS) countChannel(truth, [line], channel);
  return { version: 2, order: GLYPH_ORDER, grams: Object.fromEntries(grams), channel: Object.fromEntries(channel) };
}
/** Every token read with doubt. */
const doubted = () => 0.3;

describe('glyph classes: letter or digit', () => {
  const model = inventedModel();

  it.each([
    // A road code's letters read as digits.
    ['NO 5, JALAN 5G7/3', 'address', 'NO 5, JALAN SG7/3'],
    ['JALAN 5G14/2, 46150 KOTA FELIX', 'address', 'JALAN SG14/2, 46150 KOTA FELIX'],
    // A legal form's letter read as its look-alike digit.
    ['ORVIN TOOLS SDN 8HD', 'name', 'ORVIN TOOLS SDN BHD'],
    // Postcodes, house numbers and words stay as read.
    ['46150 KOTA FELIX', 'address', '46150 KOTA FELIX'],
    ['NO 12, JALAN KEMBARA 3', 'address', 'NO 12, JALAN KEMBARA 3'],
    ['SELASA STORES', 'name', 'SELASA STORES'],
  ] as const)('repairGlyphClasses(%j, %s) of doubted words is %j', (text, field, expected) => {
    // Act
    const repaired = repairGlyphClasses(text, model, field, doubted);
    // Assess
    expect(repaired).toBe(expected);
  });

  it('leaves words OCR read surely as they are', () => {
    expect(repairGlyphClasses('NO 5, JALAN 5G7/3', model, 'address', () => DOUBTED_BELOW)).toBe('NO 5, JALAN 5G7/3');
    expect(repairGlyphClasses('NO 5, JALAN 5G7/3', model, 'address')).toBe('NO 5, JALAN 5G7/3');
  });

  it('leaves every reading as it is under a model that has counted nothing (a tie keeps the reading)', () => {
    const empty: GlyphClassModel = { version: 2, order: GLYPH_ORDER, grams: {}, channel: {} };
    expect(repairGlyphClasses('JALAN 5G7/3 SDN 8HD 0O1I', empty, 'address', doubted)).toBe('JALAN 5G7/3 SDN 8HD 0O1I');
  });

  it('keeps the case of the other letters and the spacing as read', () => {
    expect(repairGlyphClasses('No 5,  Jalan 5g7/3', model, 'address', doubted)).toBe('No 5,  Jalan sg7/3');
  });

  it('counts the channel by where a glyph stands and how surely its word was read: S beside digits read as 5', () => {
    // Prepare
    const channel = new Map<string, [[number, number], [number, number]]>();
    // Act
    countChannel('JALAN SG4/7', [read('JALAN 5G4/7', 0.3)], channel);
    // Assess: the S (beside G, a look-alike, and the edge) of a doubted word read as a digit once; the A's are no look-alikes.
    expect(channelKeys('5G4/7', 0, 0.3)).toEqual(['σxu', 'σu', '*u', '*']);
    expect(channel.get('σxu')).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });

  it('scores class sequences: a shape seen in training is more probable than one never seen', () => {
    expect(classSequence('SG4/7,', 'JALAN', 'address')).toBe('aWLLD/D,$');
    expect(sequenceLogProb(model, 'aWLLD/D,$')).toBeGreaterThan(sequenceLogProb(model, 'aWDDD/D,$'));
  });

  it('runs on the ranked receipt address in extraction, and not with glyphModel null', () => {
    // Prepare: the road code read with doubt.
    const built = receipt(['ORVIN TOOLS SDN BHD', 'NO 5, JALAN 5G7/3,', '46150 KOTA FELIX', 'TOTAL 12.50']);
    const page = { ...built, words: built.words.map((w) => (w.text.startsWith('5G7') ? { ...w, confidence: 0.3 } : w)) };
    // Act
    const repaired = extractFinancial([page], { glyphModel: model, wordVocabulary: null });
    const asRead = extractFinancial([page], { glyphModel: null, wordVocabulary: null });
    // Assess
    expect(repaired.entities.vendor_address).toContain('SG7/3');
    expect(asRead.entities.vendor_address).toContain('5G7/3');
  });

  it('the committed model names the order the trainer counts', () => {
    expect(GLYPH_MODEL.version).toBe(2);
    expect(GLYPH_MODEL.order).toBe(GLYPH_ORDER);
    expect(Object.keys(GLYPH_MODEL.channel)).toContain('*');
  });
});
