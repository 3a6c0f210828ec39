import { describe, expect, it } from 'vitest';
import { extractFinancial, unsureWords } from '../../../functions/engines/extract/financial.ts';
import { buildPage, type Placed } from './page-builder.ts';
import { addressCodes, buildVocabulary, correctAddressCodes, correctBracketCodes, correctText, correctWord, joinSplitWords, ocrDistance, restoreAmpersands, unitCodes, vocabularyWords } from '../../../functions/engines/extract/ocr-words.ts';

// Invented words only (no corpus text): a made-up town, street kind and shop.
const docs = [
  'ZORBLEX TRADING, 12 JALUN PRENTOVA, TAMAN QUIVEL 40100 ZORBLEX',
  'Zorblex Trading 7 Jalun Prentova Taman Quivel',
  'ZORBLEX HARDWARE JALUN PRENTOVA QUIVEL tel 012-3456789 shop@zorblex.test',
  'Jalun Prentova Taman Quivel Zorblex',
  'one-off Wimbertson Quivel',
];
const vocabulary = buildVocabulary(docs, 2);

describe('receipt vocabulary', () => {
  it('keeps words seen on two documents or more, never numbers, phones or mail addresses', () => {
    expect(vocabulary.words.ZORBLEX).toBe(4);
    expect(vocabulary.words.PRENTOVA).toBe(4);
    expect(vocabulary.words.WIMBERTSON).toBeUndefined();
    expect(Object.keys(vocabulary.words).some((w) => /[0-9@]/.test(w))).toBe(false);
    expect(vocabularyWords('tel 012-3456789 a@b.test 40100')).toEqual(['TEL']);
  });
});

describe('OCR word correction', () => {
  it('costs OCR confusions less than other edits', () => {
    expect(ocrDistance('Z0RBLEX', 'ZORBLEX')).toBe(0.5);
    expect(ocrDistance('JALURN', 'JALUM')).toBe(0.5);
    expect(ocrDistance('ZARBLEX', 'ZORBLEX')).toBe(1.5);
    // A plain edit is dearer than the budget: a clean word is not turned into its frequent neighbour.
    expect(correctWord('ZARBLEX', vocabulary)).toBeUndefined();
  });

  it('puts a misread word back to the known word, in its case', () => {
    expect(correctWord('Z0RBLEX', vocabulary)).toBe('ZORBLEX');
    expect(correctWord('Prent0va', vocabulary)).toBe('Prentova');
    expect(correctText('12, JALUN PRENT0VA, TAMAN QU1VEL 40100', vocabulary)).toBe('12, JALUN PRENTOVA, TAMAN QUIVEL 40100');
  });

  it('reads a T for an I (its bar lost or added on thermal print) as an OCR confusion', () => {
    expect(ocrDistance('QUTVEL', 'QUIVEL')).toBe(0.5);
    expect(correctText('40100 QUTVEL, ZORBLEX', vocabulary)).toBe('40100 QUIVEL, ZORBLEX');
    // Any other letter in its place is a plain edit, past the budget of a short word.
    expect(correctWord('QUAVEL', vocabulary)).toBeUndefined();
  });

  it('reads a glyph pair as the letter OCR split ("rn" for "m"), and lets a long word take one plain edit', () => {
    expect(correctWord('TARNAN', vocabulary)).toBe('TAMAN');
    expect(correctWord('PRENTSVA', vocabulary)).toBe('PRENTOVA');
    // A short word with the same plain edit stays as read.
    expect(correctWord('QUIXEL', vocabulary)).toBeUndefined();
  });

  it('leaves a plural (or its singular) as read: a trailing S is spelling, not a misreading', () => {
    const shops = buildVocabulary(['BRAMWICK KITCHENETTE SDN BHD', 'BRAMWICK KITCHENETTE', 'ZOLTAN GARDENWAY'], 2);
    // One plain edit away from the known long word, and read right: the name of a shop never seen.
    expect(correctWord('KITCHENETTES', shops)).toBeUndefined();
    expect(correctText('ORVELL KITCHENETTES SDN BHD', shops)).toBe('ORVELL KITCHENETTES SDN BHD');
    // Any other plain edit of a long word still corrects, and the S on an OCR confusion too.
    expect(correctWord('KITCHENETTX', shops)).toBe('KITCHENETTE');
    const plural = buildVocabulary(['GARDENWAYS', 'GARDENWAYS'], 2);
    expect(correctWord('GARDENWAY', plural)).toBeUndefined();
    expect(correctWord('GARDENWAY5', plural)).toBe('GARDENWAYS');
  });

  it('corrects towards a word on two documents (every vocabulary word)', () => {
    const two = buildVocabulary(['PELITA KARIMUN', 'PELITA KARIMUN'], 2);
    expect(two.words.KARIMUN).toBe(2);
    expect(correctWord('KAR1MUN', two)).toBe('KARIMUN');
    expect(correctWord('KAR1MUN', two, { minFrequency: 3 })).toBeUndefined();
  });

  it('leaves vocabulary words, far words, short words and numbers untouched', () => {
    expect(correctWord('QUIVEL', vocabulary)).toBeUndefined();
    expect(correctWord('BANANAS', vocabulary)).toBeUndefined();
    expect(correctWord('TAN', vocabulary)).toBeUndefined();
    expect(correctText('40100 012-3456789 12.50', vocabulary)).toBe('40100 012-3456789 12.50');
    expect(correctWord('401OO', vocabulary)).toBeUndefined();
  });

  it('changes nothing when two known words fit equally well', () => {
    const twin = buildVocabulary(['DRAPEX ORAPEX', 'DRAPEX ORAPEX', 'DRAPEX ORAPEX'], 2);
    // "0" is read for both "D" and "O": either word fits at the same cost.
    expect(correctWord('0RAPEX', twin)).toBeUndefined();
    expect(correctWord('DRAPEM', twin)).toBeUndefined();
    const lopsided = buildVocabulary([...Array(9).fill('DRAPEX'), 'ORAPEX', 'ORAPEX', 'ORAPEX'], 2);
    expect(correctWord('0RAPEX', lopsided)).toBe('DRAPEX');
  });

  it('in addresses only, reads a rare short known word as one confusion of a word on ten times as many documents', () => {
    // Invented: the street word "JLX" on 20 documents, its misreading "JIX" on 2 (OCR errors in the training text too).
    const streets = buildVocabulary([...Array(20).fill('JLX MERANTO'), 'JIX MERANTO', 'JIX MERANTO', 'TOK KELAMBA', 'TOK KELAMBA', ...Array(15).fill('TUK DARAMBA')], 2);
    expect(correctText('Jix Meranto', streets, { rareWords: true })).toBe('Jlx Meranto');
    // Not in a name ("JIX" may be a name's syllable there), and not by default.
    expect(correctText('Jix Meranto', streets)).toBe('Jix Meranto');
    // Only ten times as frequent: "TOK" (2) and "TUK" (15) are both words.
    expect(correctText('TOK KELAMBA', streets, { rareWords: true })).toBe('TOK KELAMBA');
    // Only one OCR confusion: a plain edit away is no misreading.
    expect(correctWord('JAX', streets, { rareWords: true })).toBeUndefined();
  });
});

describe('an "&" OCR lost between two words', () => {
  // Invented shop names: "KOPI & ROTI" on three documents, "TEH & KUIH" on two but also once written "TEH KUIH".
  const names = buildVocabulary(['KEDAI MAWAR KOPI & ROTI', 'PUSAT KOPI&ROTI', 'KOPI & ROTI KAJANG', 'TEH & KUIH', 'TEH & KUIH', 'WARUNG TEH KUIH', 'MEE & SUP'], 2);

  it('learns pairs always joined by "&", on two documents or more', () => {
    expect(names.ampersandPairs).toEqual({ 'KOPI ROTI': 3 });
  });

  it('puts the "&" back between such a pair only', () => {
    expect(restoreAmpersands('MAWAR KOPI ROTI SDN BHD', names)).toBe('MAWAR KOPI & ROTI SDN BHD');
    expect(restoreAmpersands('Mawar Kopi  Roti', names)).toBe('Mawar Kopi & Roti');
    for (const kept of ['MAWAR KOPI & ROTI', 'MAWAR TEH KUIH', 'MEE SUP', 'KOPIROTI', 'KOPI, ROTI']) expect(restoreAmpersands(kept, names)).toBe(kept);
  });
});

describe('words OCR split in two', () => {
  // Invented words: a made-up state, district and street kind, each on three documents; "QUI" and "VEL" are no words.
  const split = buildVocabulary(Array(3).fill('PERANGKOR DISTRIK WEST GATE WESTGATE BAHTERA SARI QUIVEL'), 2);

  it('joins the parts when the joined form is a vocabulary word and no part is one', () => {
    expect(joinSplitWords('41200 KLANG, PER ANGKOR.', split)).toBe('41200 KLANG, PERANGKOR.');
    expect(joinSplitWords('Per angkor', split)).toBe('Perangkor');
    expect(joinSplitWords('P ER ANGKOR', split)).toBe('PERANGKOR');
    expect(joinSplitWords('(QUI VEL) DIS TRIK', split)).toBe('(QUIVEL) DISTRIK');
    // Through correctText, a joined word is then also open to confusion fixes of its neighbours.
    expect(correctText('JALAN BAHTFRA, PER ANGKOR', split)).toBe('JALAN BAHTERA, PERANGKOR');
  });

  it('keeps two real words apart, and never joins across punctuation, digits, line breaks or double spaces', () => {
    // Both parts are words: "WEST GATE" stays, though "WESTGATE" is a word too.
    expect(joinSplitWords('WEST GATE', split)).toBe('WEST GATE');
    expect(joinSplitWords('BAHTERA SARI', split)).toBe('BAHTERA SARI');
    for (const text of ['PER, ANGKOR', 'PER- ANGKOR', 'PER\nANGKOR', 'PER  ANGKOR', 'PER4 ANGKOR', 'PER ANGKOR4']) expect(joinSplitWords(text, split)).toBe(text);
    // A part that is a rare word (an abbreviation) does not keep the parts apart; a common one does.
    const withAbbreviation = buildVocabulary([...Array(20).fill('PERANGKOR'), 'PER', 'PER'], 2);
    expect(joinSplitWords('PER ANGKOR', withAbbreviation)).toBe('PERANGKOR');
    const commonPart = buildVocabulary([...Array(20).fill('PERANGKOR'), ...Array(5).fill('PER')], 2);
    expect(joinSplitWords('PER ANGKOR', commonPart)).toBe('PER ANGKOR');
    // A joined form seen on too few documents is no reason to join.
    const rare = buildVocabulary(['PERANGKOR', 'PERANGKOR'], 2);
    expect(joinSplitWords('PER ANGKOR', rare)).toBe('PER ANGKOR');
  });
});

describe('OCR word correction in receipt extraction', () => {
  const rows: (string | [string, string])[] = ['KEDAI RUNC1T MAVVAR SDN BHD', 'NO. 8, JALAN CEMPAKA 2,', 'TAMAN SERl INDAH,', '43000 KAJANG, SELANGOR.', '12/06/2018 18:22', ['GULA 1KG', '2.90'], ['TOTAL :', '21.20'], ['CASH :', '50.00'], ['CHANGE :', '28.80']];
  const items: Placed[] = [];
  rows.forEach((row, i) => {
    const y = 40 + i * 16;
    if (Array.isArray(row)) items.push({ text: row[0], x: 60, y }, { text: row[1], x: 420, y });
    else items.push({ text: row, x: 60, y });
  });
  const scan = { ...buildPage({ items }), source: 'ocr' as const };
  const words = buildVocabulary(Array(3).fill('KEDAI RUNCIT MAWAR SDN BHD JALAN CEMPAKA TAMAN SERI INDAH KAJANG SELANGOR'), 2);

  it('corrects the scanned name and address word by word, and leaves numbers and the total alone', () => {
    const { entities, citations } = extractFinancial([scan], { wordVocabulary: words });
    expect(entities.vendor_name).toBe('KEDAI RUNCIT MAWAR SDN BHD');
    expect(entities.vendor_address).toBe('NO. 8, JALAN CEMPAKA 2, TAMAN SERI INDAH, 43000 KAJANG, SELANGOR.');
    expect(entities.total_amount).toBe('21.20');
    expect(citations?.entities.vendor_name).toBeDefined();
  });

  it('lets a word OCR was unsure of take one plain edit more, towards a word of four letters or more', () => {
    // "MAWQAR": a letter too many, a plain edit past the budget of a six-letter word read surely.
    expect(correctWord('MAWQAR', words)).toBeUndefined();
    expect(correctWord('MAWQAR', words, { unsure: () => true })).toBe('MAWAR');
    // Never towards a three-letter word, however unsure ("TOOM" stays, though "TOM" is one letter away).
    const short = buildVocabulary(['TOM ZORBLEX', 'TOM ZORBLEX'], 2);
    expect(correctWord('TOOM', short, { unsure: () => true })).toBeUndefined();
    // A far word stays far: two plain edits are past even the doubted budget.
    expect(correctWord('MAQWQAR', words, { unsure: () => true })).toBeUndefined();
    // Through extraction: the same scan, with the OCR's confidence in the name's misread word low, then high.
    const named = { ...buildPage({ items: [{ text: 'KEDAI RUNCIT MAWQAR SDN BHD', x: 60, y: 40 }, ...items.slice(1)] }), source: 'ocr' as const };
    const withConfidence = (confidence: number) => ({ ...named, words: named.words.map((w) => (w.text === 'MAWQAR' ? { ...w, confidence } : { ...w, confidence: 0.95 })) });
    expect(extractFinancial([withConfidence(0.2)], { wordVocabulary: words }).entities.vendor_name).toBe('KEDAI RUNCIT MAWAR SDN BHD');
    expect(extractFinancial([withConfidence(0.9)], { wordVocabulary: words }).entities.vendor_name).toBe('KEDAI RUNCIT MAWQAR SDN BHD');
  });

  it('knows the words OCR read only with low confidence on a page', () => {
    const page = { ...scan, words: [{ text: 'Mawqar,', confidence: 0.3 }, { text: 'JALAN', confidence: 0.4 }, { text: 'Jalan', confidence: 0.9 }, { text: 'CEMPAKA', confidence: 0.8 }].map((w) => ({ ...scan.words[0], ...w })) };
    const unsure = unsureWords(page);
    expect(unsure('MAWQAR')).toBe(true);
    // Also read surely elsewhere on the page, or read surely: not doubted.
    expect(unsure('JALAN')).toBe(false);
    expect(unsure('CEMPAKA')).toBe(false);
    expect(unsure('KAJANG')).toBe(false);
  });

  it('reads as scanned with no vocabulary', () => {
    expect(extractFinancial([scan], { wordVocabulary: null }).entities.vendor_name).toBe('KEDAI RUNC1T MAVVAR SDN BHD');
  });
});

describe('address codes', () => {
  // Invented towns, postcodes and section codes.
  const places = [
    'NO 4, JALAN XY12/3, 46150 QUIVELTON, ZORBLEX',
    'LOT 9 JALAN XY7/1 46150 QUIVELTON',
    '2, JALAN XY40/2, 46150 QUIVELTON.',
    'XY3/4 46150, QUIVELTON',
    'JALAN XY5/5 46105 PRENTOVA',
    'JALAN XY9/9 46105 PRENTOVA',
    'JALAN XY1/2 46105 PRENTOVA',
    'INVOICE 77777 12.00',
    'R2/1 jalan 88001 harbour',
  ];
  const codes = buildVocabulary(places, 2);

  it('learns postcodes written before a town and the letter prefixes of section codes, on two documents or more', () => {
    expect(codes.postcodes).toEqual({ '46105': 3, '46150': 4 });
    expect(codes.sectionPrefixes).toEqual({ XY: 7 });
    expect(addressCodes('JALAN AB12/3A, 40000 TOWN').prefixes).toEqual(['AB']);
  });

  it('drops the digit OCR added to a known postcode, only when one postcode fits', () => {
    expect(correctAddressCodes('JALAN XY12/3, 461560 QUIVELTON', codes)).toBe('JALAN XY12/3, 46150 QUIVELTON');
    // Dropping a digit of "461050" gives 46105 and 46150 alike: left as read.
    expect(correctAddressCodes('461050 QUIVELTON', codes)).toBe('461050 QUIVELTON');
    // Not before a town (a phone, an id): left as read.
    expect(correctAddressCodes('TEL 461560', codes)).toBe('TEL 461560');
    expect(correctAddressCodes('NO 461560-K QUIVELTON', codes)).toBe('NO 461560-K QUIVELTON');
  });

  it('reads a lone lower-case "i" or "l" in an address in capitals as a "1", nowhere else', () => {
    expect(correctAddressCodes('JALAN MERANTI UTARA, i TAMAN QUIVEL 46150 QUIVELTON', codes)).toBe('JALAN MERANTI UTARA, 1 TAMAN QUIVEL 46150 QUIVELTON');
    expect(correctAddressCodes('LOT l, JALAN MERANTI, 46150 QUIVELTON', codes)).toBe('LOT 1, JALAN MERANTI, 46150 QUIVELTON');
    // Mixed case (a word "i" may be meant), or inside a word: as read.
    for (const kept of ['Jalan Meranti Utara, i Taman Quivel 46150 Quiveltown', 'JALAN MERANTI UTARA, iTAMAN QUIVEL 46150']) expect(correctAddressCodes(kept, codes)).toBe(kept);
  });

  it('puts back a section code prefix read as digits, glyph by glyph, towards a known prefix', () => {
    // 8 is read for B or S, never for X: no prefix fits.
    expect(correctAddressCodes('Jalan 8Y16/1, 46150 Quivelton', codes)).toBe('Jalan 8Y16/1, 46150 Quivelton');
    expect(correctAddressCodes('JALAN X716/1 46150', codes)).toBe('JALAN X716/1 46150');
    const ss = buildVocabulary(['JALAN SS2/1 40000 KOTA', 'SS4/4 40000 KOTA', 'JALAN SS7/3', 'SS10/2 KOTA', 'JALAN SS15/1'], 2);
    expect(correctAddressCodes('Jalan 5516/1 47500 Kota', ss)).toBe('Jalan SS16/1 47500 Kota');
    expect(correctAddressCodes('JALAN 8521/60,', ss)).toBe('JALAN SS21/60,');
    // Plain road numbers are no section codes.
    expect(correctAddressCodes('Jalan 7/118B, Jalan 55/1, No 19/9', ss)).toBe('Jalan 7/118B, Jalan 55/1, No 19/9');
  });

  it('puts back a letter of a known lot or unit code that OCR read as a digit, towards the one code that fits', () => {
    // Invented addresses: lot "2734-C" and "2734-D" and road "9/204B" on two documents each, "7/31S" on one.
    const lots = buildVocabulary(
      ['LOT 2734-C & 2734-D, JALAN KERUING 4, 46150 QUIVELTON', 'Lot 2734-C & 2734-D, Jalan Keruing 4', 'NO 3, JALAN 9/204B, 46105 QUIVELTON', 'No 3, Jalan 9/204B', 'JALAN 7/31S'],
      2,
    );
    expect(lots.unitCodes).toEqual({ '2734-C': 2, '2734-D': 2, '9/204B': 2 });
    expect(unitCodes('No 12-3, LOT 2734-C & UNIT A-1')).toEqual(['2734-C', 'A-1']);
    // 0 is read for D, 8 for B: repaired, in the case as read.
    expect(correctAddressCodes('LOT 2734-C & 2734-0, JALAN KERUING 4', lots)).toBe('LOT 2734-C & 2734-D, JALAN KERUING 4');
    expect(correctAddressCodes('No 3, Jalan 9/2048, 46105 Quivelton', lots)).toBe('No 3, Jalan 9/204B, 46105 Quivelton');
    // A known code, a code known on one document only, a digit no letter is read as, a plain number: as read.
    for (const kept of ['LOT 2734-C, JALAN KERUING', 'JALAN 7/315', 'LOT 2734-3, JALAN KERUING', 'JALAN 9/2047', 'NO 12-8, JALAN KERUING']) expect(correctAddressCodes(kept, lots)).toBe(kept);
  });
});

describe('bracketed codes in names', () => {
  // Invented names; "(QX)" on three documents, "(M)" on three, "(ZB)" on one.
  const names = buildVocabulary(['HARBOUR LANE (QX) SDN BHD', 'PELANGI (QX) SDN BHD', 'MERBAU (QX) TRADING', 'A (M) SDN BHD', 'B (M) BHD', 'C (M) BHD', 'D (ZB) BHD'], 1);

  it('learns short bracketed codes and puts back the one known code a misread differs from by one OCR confusion', () => {
    expect(names.bracketCodes).toMatchObject({ QX: 3, M: 3, ZB: 1 });
    expect(correctBracketCodes('HARBOUR LANE (OX) SDN BHD', names)).toBe('HARBOUR LANE (QX) SDN BHD');
    // The closing bracket lost too ("(Ox. SDN").
    expect(correctBracketCodes('HARBOUR LANE (Ox. SDN BHD', names)).toBe('HARBOUR LANE (QX. SDN BHD');
  });

  it('learns codes only from lines that name a company, not column units in brackets', () => {
    const columns = buildVocabulary(['PRICE (QZ) AMOUNT (QZ)', 'TOTAL (QZ)', 'ITEM (QZ)', 'HARBOUR (QZ) SDN BHD'], 1);
    expect(columns.bracketCodes).toEqual({ QZ: 1 });
  });

  it('leaves known codes, rare targets, far readings and single letters alone', () => {
    expect(correctBracketCodes('X (QX) BHD', names)).toBe('X (QX) BHD');
    expect(correctBracketCodes('X (ZD) BHD', names)).toBe('X (ZD) BHD');
    expect(correctBracketCodes('X (KP) BHD', names)).toBe('X (KP) BHD');
    expect(correctBracketCodes('X (N) BHD', names)).toBe('X (N) BHD');
  });
});
