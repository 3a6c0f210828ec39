/**
 * Repairs of a scanned receipt's chosen values as OCR misreads them (a logo's noise before a name, an id run into an
 * address, an initial read as a digit), and the arithmetic checks on its total (net + tax rows, tax-inclusive rates).
 *
 * @module
 */
import { type DocumentPage } from '../document-model.ts';
import { POSTCODE as ADDRESS_POSTCODE, STREET as ADDRESS_WORD } from './receipt-ranker.ts';
import { courtesyLine, unreadableName } from './parties.ts';
import { includedTaxRow, money, netPlusTaxRow, sumForMisreadTotal } from './receipt-arithmetic.ts';

export { courtesyLine, includedTaxRow, money, netPlusTaxRow, sumForMisreadTotal, unreadableName };

/** Column headings of an item table (English, as receipts print them): never words of an address ("Item" and "Items" alike). */
const ITEM_HEADING = /(?<![\p{L}])(description|items?|qty|quantity|price|amount)(?![\p{L}])/giu;

/**
 * An address block the ranker ran on into the item table's column headings (two or more of Description, Item, Qty,
 * Price, Amount): cut before the first of them. What is left must still read as an address (a street word or a postcode),
 * else there is no address (undefined): lines read before a table heading that name no street are OCR noise. An
 * address without two headings is returned as it is.
 */
export function withoutItemHeadings(address: string): string | undefined {
  const headings = [...address.matchAll(ITEM_HEADING)];
  if (new Set(headings.map((m) => m[1].toLowerCase().replace('quantity', 'qty').replace('items', 'item'))).size < 2) return address;
  const kept = address.slice(0, headings[0].index).replace(/[\s,;:|(\[-]+$/u, '');
  return ADDRESS_WORD.test(kept) || ADDRESS_POSTCODE.test(kept) ? kept : undefined;
}

/**
 * Below this OCR word confidence (0–1) the engine itself doubted a word. Out of fold on SROIE through OCR, 0.5 and 0.6
 * mended the same three words and broke none; 0.3 mended one (transcripts carry confidence 1: never doubted).
 */
const UNSURE_CONFIDENCE = 0.5;

/**
 * Whether a token (upper case, punctuation around it dropped) was read by OCR only with low confidence on the page
 * (never also read surely elsewhere on it): such a word may take a costlier correction (see ocr-words.ts).
 */
export function unsureWords(page: DocumentPage): (token: string) => boolean {
  const unsure = new Set<string>();
  const sure = new Set<string>();
  for (const w of page.words) {
    const token = w.text.replace(/^[^\p{L}0-9]+|[^\p{L}0-9]+$/gu, '').toUpperCase();
    if (token) (w.confidence < UNSURE_CONFIDENCE ? unsure : sure).add(token);
  }
  return (token) => unsure.has(token) && !sure.has(token);
}

/** Letters OCR reads as digits in a scanned name's initials. */
const DIGIT_AS_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };

/**
 * A name's initials joined by "&" with one of them read as a digit ("5&t SUPPLY" for S&T, "A&8" for A&B): a lone
 * letter and a lone digit on either side of "&" are two initials, the digit the letter it looks like, both written in
 * capitals. Two digits ("1&1") or longer words are left as read.
 */
export function withInitialsAsLetters(name: string): string {
  return name.replace(/(?<![\p{L}\d])([\p{L}\d])\s?&\s?([\p{L}\d])(?![\p{L}\d])/gu, (whole, a: string, b: string) => {
    const digits = [a, b].filter((c) => /\d/.test(c));
    if (digits.length !== 1 || !DIGIT_AS_LETTER[digits[0]]) return whole;
    const letter = (c: string) => DIGIT_AS_LETTER[c] ?? c.toUpperCase();
    return `${letter(a)}&${letter(b)}`;
  });
}

/**
 * Two lot or unit numbers the address lists together, the second's letter read as the digit it looks like ("LOT 12-A &
 * 12-8" for 12-A & 12-B, "NO. 21G & 236" for 21G & 23G): where the first ends in a letter, the second's last digit is
 * that letter or the next one when the digit is mistaken for it. Codes that differ otherwise are left as read.
 */
export function withSiblingUnitLetters(address: string): string {
  return address.replace(/(?<![\p{L}\d])(\d+)(-?)(\p{Lu})(\s*&\s*\d+)\2(\d)(?![\p{L}\d/-])/gu, (whole, _n, dash: string, letter: string, _between: string, digit: string) => {
    const read = DIGIT_AS_LETTER[digit];
    if (!read || (read !== letter && read !== String.fromCharCode(letter.charCodeAt(0) + 1))) return whole;
    return whole.slice(0, -1) + read;
  });
}

/**
 * A scanned name with OCR's reading of a logo or stroke in front ("ry CONTOH NIAGA SDN BHD"): one or two lower-case
 * letters, then a name of two or more words in capitals. A name printed in capitals never starts with a lower-case
 * fragment; a mixed-case name ("de Vries Bakkerij") keeps it.
 */
export function withoutLogoNoise(name: string): string {
  const m = /^\s*[\p{Ll}]{1,2}[\s.,:;'"|]+(\p{Lu}[^\p{Ll}]*)$/u.exec(name);
  if (!m) return name;
  const rest = m[1].trim();
  return rest.split(/\s+/).filter((w) => /\p{Lu}{2,}/u.test(w)).length >= 2 ? rest : name;
}

/**
 * A name that opens with a "#" number ("#000123 KEDAI CONTOH SDN BHD": a till, queue or receipt number printed on the
 * name's line) is the name without it; "#" with a number is never a part of a company's name.
 */
export function withoutLeadingNumber(name: string): string {
  const rest = name.replace(/^\s*#\s?\d+[\s.,:;-]+/u, '');
  return /\p{L}{2,}/u.test(rest) ? rest : name;
}

/** A tax or registration id's label as OCR reads it ("GST ID No", "(68T ID No", "ST REG NÓ"): no address goes on past it. */
const ID_LABEL = /[\s,;(\[]*(?:[\p{L}\d]{1,4}\s*)?(?<![\p{L}])(?:id|reg(?:istration)?)\.?\s*n[o0óº]\.?(?![\p{L}]).*$/isu;

/**
 * An address block that ran on into the tax or registration id printed on its last line (OCR set them on one line,
 * or misread the label so the block did not end there): cut before the id's label, keeping at least a street's worth.
 */
export function withoutTrailingId(address: string): string {
  let cut = address.length;
  for (const label of [ID_LABEL, PHONE_TAIL]) {
    const m = label.exec(address);
    if (m && m.index >= 15) cut = Math.min(cut, m.index);
  }
  return cut === address.length ? address : address.slice(0, cut).replace(/[\s,;:(\[]+$/u, '');
}

/**
 * A lone digit or two (or a letter) OCR read in front of an address's opening premises word and its number ("4 Lot 7,
 * Jalan …", a speck or the edge of a logo): addresses write the number after the word ("Lot 3", "No. 8"), never a
 * bare one before it, so it is dropped.
 */
const STRAY_BEFORE_PREMISES =
  /^[^\p{L}\d]*(?:\d{1,2}|\p{L})[\s.,:;'"`|~-]+(?=(?:lot|no|unit|level|lvl|block|blk|suite|floor)(?![\p{L}])[\s.,:]*\p{N})/iu;

export function withoutLeadingStray(address: string): string {
  return address.replace(STRAY_BEFORE_PREMISES, '');
}

/**
 * Units of one block listed with "&" ("No 15-1 & 15-2"), where OCR read the "&" as an 8 or a 3 and lost the spaces
 * ("15-1815-2"): a glyph that glues a short unit code to a second code of the same block number ("15-") is the "&".
 * The block number must repeat right after it, so a phone ("03-3803-5123") or a plain number is left alone.
 */
const AMPERSAND_IN_UNIT_LIST = /(?<![\p{L}\d])(\d{1,4})-([\p{L}\d]{1,3}?)(?:[83]|\s[83]\s)(?=\1-[\p{L}\d]{1,3}(?![\p{L}\d]))/gu;

export function withUnitListAmpersands(address: string): string {
  return address.replace(AMPERSAND_IN_UNIT_LIST, '$1-$2&');
}

/**
 * A phone number under a label OCR misread ("TAL: O3-S1234567"), so the block did not end at it: a short word and a
 * colon, then a number opening with a zero (read as O) and a dash, as trunk prefixes are written ("03-", "012-"), and
 * six digits or more after the dash (a unit number "05-221" is no phone).
 */
const PHONE_TAIL = /[\s,;]+\p{L}{2,4}\.?\s*[:;]\s*[O0]\d{1,3}\s?-\s?[\dOSBIl]{6,}.*$/su;
