/**
 * Generated documents of round three (issue 41) shaped as OCR returns the
 * real ones' kinds, all values invented:
 *
 * - handwriting OCR could hardly follow: short lines of one- to
 *   three-letter pieces, capitals in odd places, a digit or bracket for a
 *   pen stroke, blank lines between (the pieces of `handwritten` in
 *   classify-genres.ts are whole words misread; these are words lost);
 * - a driving licence or ID card read by OCR: numbered field labels on one
 *   line and their values on the next, a date triple, the card's headline
 *   broken over lines, specks read as one-letter lines, and a
 *   machine-readable line whose fillers came out as letters.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import { CITY, digits, FIRST, int, LAST, STATE, street } from './classify-genre-words.ts';

const LETTERS = 'abcdefghiklmnoprstuvwy';
const piece = (r: Random) => {
  const n = int(r, 1, 3);
  let out = Array.from({ length: n }, () => LETTERS[int(r, 0, LETTERS.length - 1)]).join('');
  if (r() < 0.35) out = out[0].toUpperCase() + out.slice(1);
  if (r() < 0.08) out = out.toUpperCase();
  return out;
};
/** What else OCR makes of a pen stroke: a digit, a bracket, a word-like run, a comma. */
const stroke = (r: Random) =>
  pick(r, [
    () => `${int(r, 0, 99)}`,
    () => `${int(r, 1, 20)}${pick(r, ['d', 'l', 'h', 'o'])}`,
    () => pick(r, ['[0', 'wit)', '(l', '|', 'H.', 'ol']),
    () => `${piece(r)}${pick(r, ['in', 'an', 'er', 'ed', 'id', 'ld', 'iv'])}`,
    () => `${piece(r)},`,
  ])();

/** Handwriting lost to OCR: three to eight short lines of pieces, a few real short words among them. */
export function fragmentedHandwriting(r: Random): string[] {
  const lines: string[] = [];
  for (let i = int(r, 3, 8); i > 0; i--) {
    const tokens = Array.from({ length: int(r, 3, 8) }, () => {
      const roll = r();
      if (roll < 0.55) return piece(r);
      if (roll < 0.8) return stroke(r);
      return pick(r, ['to', 'a', 'the', 'and', 'I', 'we', 'for', 'so', 'me', 'it', 'see', 'you', 'was', 'day', 'week', 'love']);
    });
    lines.push(tokens.join(' '));
    if (r() < 0.6) lines.push('');
  }
  return lines;
}

const SPECKS = ['S', '»', 'oN', 'N', '=', '2:', 'i {i //', '| Sees', '—', 'E', 'x'];
const speck = (r: Random) => pick(r, SPECKS);

/** A date as a card prints it: 03/18/2031 or 18 03 2031. */
const cardDate = (r: Random) => {
  const [d, m, y] = [String(int(r, 1, 28)).padStart(2, '0'), String(int(r, 1, 12)).padStart(2, '0'), int(r, 1950, 2035)];
  return r() < 0.6 ? `${m}/${d}/${y}` : `${d} ${m} ${y}`;
};

/** A machine-readable line as OCR reads it: some fillers kept, some read as L or K, a space or two inside. */
function misreadMrz(r: Random, surname: string, given: string): string {
  const raw =
    r() < 0.5
      ? `${digits(r, 6)}${int(r, 0, 9)}${pick(r, ['M', 'F'])}${digits(r, 7)}${pick(r, ['UTO', 'ESP', 'FRA', 'NLD'])}<<<<<<<<<<<${int(r, 0, 9)}`
      : `P<${pick(r, ['UTO', 'USA', 'ITA'])}${surname}<<${given}<<<<<<<<<<<<<<<<`;
  return [...raw]
    .map((ch) => (ch === '<' && r() < 0.4 ? pick(r, ['L', 'K', '<']) : ch))
    .join('')
    .replace(/(.{8,20})/u, (m) => (r() < 0.4 ? `${m} ` : m));
}

/** A driving licence or ID card as OCR reads a photo of it. */
export function scannedIdCard(r: Random): string[] {
  const surname = pick(r, LAST).toUpperCase().replace(/\s/g, '');
  const given = pick(r, FIRST).toUpperCase();
  const head = pick(r, [
    ['DRIVER', 'LICENSE'],
    ['IDENTIFICATION', 'CARD'],
    [`${pick(r, ['NORTH', 'WEST', 'NEW'])} ${pick(r, ['STATE', 'TERRITORY'])}`, 'DRIVER LICENSE'],
    ['RESIDENT', 'PERMIT'],
    ['PASSPORT', 'PASSEPORT'],
  ]);
  const fields: string[][] = [
    [
      `${pick(r, ['4a ', ''])}ISS ${pick(r, ['4d ', ''])}${pick(r, ['NUMBER', 'DL', 'No.'])}`,
      `${cardDate(r)} ${digits(r, 3)}${pick(r, ['HD', 'X', 'K'])}${digits(r, 6)}`,
    ],
    [`${pick(r, ['3 ', ''])}${pick(r, ['DOB', 'Date of birth', 'Birth date'])}`, cardDate(r)],
    [`${pick(r, ['4b ', ''])}${pick(r, ['EXP', 'Exp', 'Expires', 'Date of expiry'])}`, cardDate(r)],
    [
      `${pick(r, ['9 ', ''])}CLASS ${pick(r, ['C', 'D', 'A'])} ${pick(r, ['12 ', ''])}REST ${pick(r, ['NONE', 'A', 'B'])} END ${pick(r, ['NONE', 'M'])}`,
    ],
    [`${pick(r, ['1 ', ''])}${surname}`, `${pick(r, ['2 ', ''])}${given}`],
    [street(r).toUpperCase(), `${pick(r, CITY).toUpperCase()}, ${pick(r, STATE)} ${digits(r, 5)}`],
    [
      `${pick(r, ['15 ', ''])}SEX ${pick(r, ['M', 'F'])} ${pick(r, ['16 ', ''])}HGT ${int(r, 4, 6)}-${String(int(r, 0, 11)).padStart(2, '0')} ${pick(r, ['18 ', ''])}EYES ${pick(r, ['BRN', 'BLU', 'GRN', 'BLK'])}`,
    ],
    [`${pick(r, ['5 DD ', 'DD '])}${cardDate(r)} ${pick(r, ['REV', ''])} ${cardDate(r)}`],
    [`${given[0]}${given.slice(1).toLowerCase()} ${surname[0]}${surname.slice(1).toLowerCase()}`],
  ];
  if (r() < 0.4) fields.push([misreadMrz(r, surname, given)]);
  const lines = [...head];
  for (const f of fields) {
    if (r() < 0.15) continue;
    lines.push(...f);
    if (r() < 0.25) lines.push(speck(r));
  }
  return lines;
}
