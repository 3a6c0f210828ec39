import { describe, expect, it } from 'vitest';
import { extractFinancial, GLYPH_MODEL } from '../../../functions/engines/extract/financial.ts';
import {
  channelKeys,
  classSequence,
  repairGlyphClasses,
  sequenceLogProb,
  type GlyphClassModel,
} from '../../../functions/engines/extract/glyph-classes.ts';
import { countChannel, countPrior, GLYPH_ORDER } from '../../../scripts/train/receipt-glyphs.ts';
import { scannedReceipt as receipt } from './page-builder.ts';

// Invented addresses and names only: made-up streets, codes, towns and shops.
const TRUE_FIELDS = [
  'NO 12, JALAN SG4/7, TAMAN VERDALE, 46150 KOTA FELIX',
  'LOT 9, JALAN SG11/2, 47300 BANDAR ORVIN',
  'NO 3A, JALAN SG2/15, 43650 PEKAN MORLI',
  'NO 27, JALAN KEMBARA 3, 81750 TASIK ZEPHA',
  'PLOT 18-B, LORONG SG9/4, 50460 KOTA FELIX',
  'QUILLAN STORES SDN BHD',
  'BRAMWELL HARDWARE SDN BHD',
  'NO 6, JALAN SG21/8, 46150 KOTA FELIX',
];
/** How the invented receipts were read: an S beside digits read as 5 about half the time, elsewhere never. */
const READINGS: Array<[string, string]> = [
  ['JALAN SG4/7, TAMAN VERDALE', 'JALAN 5G4/7, TAMAN VERDALE'],
  ['JALAN SG11/2, 47300', 'JALAN SG11/2, 47300'],
  ['JALAN SS2/15, 43650', 'JALAN 552/15, 43650'],
  ['JALAN SB21/8, 46150', 'JALAN S821/8, 46150'],
  ['QUILLAN STORES SDN BHD', 'QUILLAN STORES SDN BHD'],
  ['BRAMWELL HARDWARE SDN BHD', 'BRAMWELL HARDWARE SDN 8HD'],
  ['46150 KOTA FELIX 12345', '46150 KOTA FELIX 12345'],
];

function inventedModel(): GlyphClassModel {
  const grams = new Map<string, number>();
  for (const text of TRUE_FIELDS) countPrior(text, grams);
  const channel = new Map<string, [[number, number], [number, number]]>();
  for (const [truth, read] of READINGS) countChannel(truth, read, channel);
  return { version: 2, order: GLYPH_ORDER, grams: Object.fromEntries(grams), channel: Object.fromEntries(channel) };
}

describe('glyph classes: letter or digit', () => {
  const model = inventedModel();

  it.each([
    // A road code's letters read as digits.
    ['NO 5, JALAN 5G7/3', 'NO 5, JALAN SG7/3'],
    ['JALAN 5G14/2, 46150 KOTA FELIX', 'JALAN SG14/2, 46150 KOTA FELIX'],
    // A legal form's letter read as its look-alike digit.
    ['ORVIN TOOLS SDN 8HD', 'ORVIN TOOLS SDN BHD'],
    // Postcodes, house numbers and words stay as read.
    ['46150 KOTA FELIX', '46150 KOTA FELIX'],
    ['NO 12, JALAN KEMBARA 3', 'NO 12, JALAN KEMBARA 3'],
    ['SELASA STORES', 'SELASA STORES'],
  ])('repairGlyphClasses(%j) is %j', (text, expected) => {
    // Act
    const repaired = repairGlyphClasses(text, model);
    // Assess
    expect(repaired).toBe(expected);
  });

  it('leaves every reading as it is under a model that has counted nothing (a tie keeps the reading)', () => {
    const empty: GlyphClassModel = { version: 2, order: GLYPH_ORDER, grams: {}, channel: {} };
    expect(repairGlyphClasses('JALAN 5G7/3 SDN 8HD 0O1I', empty)).toBe('JALAN 5G7/3 SDN 8HD 0O1I');
  });

  it('keeps the case of the other letters and the spacing as read', () => {
    expect(repairGlyphClasses('No 5,  Jalan 5g7/3', model)).toBe('No 5,  Jalan sg7/3');
  });

  it('counts the channel by where a glyph stands: S beside digits read as 5', () => {
    // Prepare
    const channel = new Map<string, [[number, number], [number, number]]>();
    // Act
    countChannel('JALAN SG4/7', 'JALAN 5G4/7', channel);
    // Assess: the S (beside G, a look-alike, and the edge) read as a digit once; the A's are no look-alikes.
    expect(channelKeys('5G4/7', 0)).toEqual(['σx', 'σ', '*']);
    expect(channel.get('σx')).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });

  it('scores class sequences: a shape seen in training is more probable than one never seen', () => {
    expect(classSequence('SG4/7,', 'JALAN')).toBe('WLLD/D,$');
    expect(sequenceLogProb(model, 'WLLD/D,$')).toBeGreaterThan(sequenceLogProb(model, 'WDDD/D,$'));
  });

  it('runs on the ranked receipt address in extraction, and not with glyphModel null', () => {
    // Prepare
    const page = receipt(['ORVIN TOOLS SDN BHD', 'NO 5, JALAN 5G7/3,', '46150 KOTA FELIX', 'TOTAL 12.50']);
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
