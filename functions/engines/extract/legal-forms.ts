/**
 * The Malaysian company form "Sdn Bhd" (Sendirian Berhad, a private limited
 * company) as OCR reads it, defined once for the rule-based reading
 * (financial.ts) and the receipt ranker's features (receipt-ranker.ts).
 *
 * The tolerance is the letters' usual OCR confusions, not any corpus's
 * spellings: in "Sdn" the D's bowl read as c, o or 0 (or the whole D as t, or as i when the
 * bowl fades on thermal print: "SIN BHD"); in "Bhd" the B read
 * as 8, the h as i (its arch lost on thermal print) and the d as o or 0.
 * Only the two words together are this tolerant: alone, "son", "sin", "bio" or
 * "bid" are ordinary words, so a lone "Sdn" or "Bhd" is matched as spelt.
 *
 * @module
 */

/** "Sdn" and "Bhd" as OCR reads them (regex sources, for case-insensitive use). */
const SDN = String.raw`s[cdot0i]n`;
const BHD = String.raw`[b8][hi][d0o]`;

/** "Sdn Bhd" as OCR reads it, dots and spacing free ("SDN BHD", "Sdn. Bhd.", "SON BID", "SDN 8HO", "SCN.BHD"): a regex source. */
export const SDN_BHD = String.raw`${SDN}\.?\s*${BHD}\.?`;

const SDN_BHD_WORDS = new RegExp(String.raw`(?<![\p{L}])${SDN}(\.?)\s*${BHD}(\.?)(?![\p{L}])`, 'giu');

/** OCR-damaged "Sdn Bhd" ("SDN 8HD", "SON. BHD.", "SCN BHD", "SON BID", "SIN BHD", "SDN BHO") written as it is printed, dots kept. */
export function canonicalSdnBhd(text: string): string {
  return text.replace(SDN_BHD_WORDS, (_m, dot1: string, dot2: string) => `SDN${dot1} BHD${dot2}`);
}

/**
 * A name ending in "Sdn" and a "Bhd" OCR mangled past the letter confusions above, its B read as one or two other
 * glyphs ("Sdn.ERhd", "SDN EBHD"): the h and d are still there, the name ends with them, and "Sdn" stands right
 * before. Written "Bhd" in the case of the rest, the separator kept. Anything else is left as read.
 */
export function withMangledBhd(name: string): string {
  const m = new RegExp(String.raw`(?<![\p{L}])(${SDN})([.,]?\s*)([\p{L}8]{1,2})([h][d0o])(\.?)\s*$`, 'iu').exec(name);
  if (!m || new RegExp(`^${BHD}$`, 'iu').test(m[3] + m[4])) return name;
  const upper = m[4] === m[4].toUpperCase();
  return `${name.slice(0, m.index)}${m[1]}${m[2]}${upper ? 'BHD' : 'Bhd'}${m[5]}`;
}
