/**
 * Where a vendor-name candidate stands among the page's address blocks, for the invoice ranker (invoice-candidates.ts).
 * An invoice prints two parties' blocks that look alike (a name over a street and a town); what tells them apart is
 * their place and what else the page says about them:
 * - a company line ("Example GmbH · Hauptstr. 1 · 12345 Stadt") opens with the seller's name: the DIN 5008 sender line
 *   over the address window, or the footer's legal line;
 * - the block right under a sender line is the address window: the buyer's;
 * - where the footer's company line names one company, another company on the page is not the seller;
 * - a party's block (a name over its street and town) with another party's block above it on the page: the letterhead
 *   stands first, the buyer's window under it (the text layer may read the window first when it stands left);
 * - a block that goes on with a phone, a mail or web address or a seller's id is the letterhead's: a buyer's window
 *   holds only the address;
 * - a name that reads as a person's ("Jana Ostrowski"): buyers are often people, sellers seldom print only a name.
 * All of it is features; the model weighs it. (A rank from the top of the page, for a buyer's window the text layer
 * reads before the letterhead, was tried and left out: it cost corpus vendors on dev fold seeds.)
 *
 * @module
 */
import type { InvoiceLine } from './invoice-candidates.ts';
import { COMPANY, CONTACT_LINE } from './parties.ts';

/** What splits a company line into its parts (a middle dot, a bullet, a bar; not a hyphen, which names may hold). */
const PART = /\s+[·•|]\s+/u;

const folded = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The name a company line opens with: two or more parts, the first with letters and no digit, a later one with a digit
 * (a street or a postcode). Undefined for other lines.
 *
 * @example
 * companyLineName('Kestrel Print Works Ltd · 4 Mill Lane · Portwick PW1 3AB'); // 'Kestrel Print Works Ltd'
 * companyLineName('Tel. 0123 4567 | Fax 0123 4568'); // undefined
 */
export function companyLineName(text: string): string | undefined {
  const parts = text.trim().split(PART);
  if (parts.length < 2 || /\d/.test(parts[0]) || !/\p{L}{2,}/u.test(parts[0])) return undefined;
  if (!parts.slice(1).some((p) => /\d/.test(p))) return undefined;
  // A part that is a field ("Tel.", "IBAN", "E-Mail") opening the line is no name.
  if (/^(?:tel|fax|phone|e-?mail|iban|bic|www|web|ust|vat|mwst|tva|btw|iva|hrb|kvk)\b/iu.test(parts[0])) return undefined;
  return parts[0].trim();
}

export interface AddressBlocks {
  /** Folded names that open a company line anywhere on the first page. */
  readonly lineNames: ReadonlySet<string>;
  /** Folded names that open a company line in the first page's footer. */
  readonly footerNames: ReadonlySet<string>;
  /** Sender lines: company lines in small print above the page's lower half, with a block under them. */
  readonly senderLines: readonly number[];
  /** Lines that head a party's block on the first page: a name line with a street or town under it. */
  readonly blockHeads: readonly number[];
}

/** The first page's company lines: which names they open with, which of them are footers, which are sender lines. */
export function addressBlocks(lines: readonly InvoiceLine[]): AddressBlocks {
  const lineNames = new Set<string>();
  const footerNames = new Set<string>();
  const senderLines: number[] = [];
  const heights = lines.filter((l) => l.pageIndex === 0).map((l) => l.bbox[3] - l.bbox[1]);
  const typical = heights.length ? [...heights].sort((a, b) => a - b)[Math.floor(heights.length / 2)] : 0;
  lines.forEach((l, i) => {
    if (l.pageIndex !== 0) return;
    const name = companyLineName(l.text);
    if (!name) return;
    lineNames.add(folded(name));
    if (l.bbox[1] > 0.8) footerNames.add(folded(name));
    else if (l.bbox[1] < 0.5 && l.bbox[3] - l.bbox[1] <= typical * 1.05) senderLines.push(i);
  });
  return { lineNames, footerNames, senderLines, blockHeads: blockHeads(lines) };
}

/** Whether two lines overlap across (one column) and b starts within `reach` of the page's height under a. */
function under(a: InvoiceLine, b: InvoiceLine, reach: number): boolean {
  const across = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]) > 0;
  const gap = b.bbox[1] - a.bbox[3];
  return a.pageIndex === b.pageIndex && across && gap >= -0.002 && gap < reach;
}

/**
 * The lines of line i's column under it, nearest first, each within `reach` of the one before (a block); with
 * `addressOnly`, up to the first line that opens with a label (an address holds none: "Invoice No." starts other
 * fields; a title the text layer joined to the street's line, right of it, does not end the block).
 */
function blockBelow(lines: readonly InvoiceLine[], i: number, reach = 0.03, max = 6, addressOnly = false): number[] {
  const out: number[] = [];
  let last = lines[i];
  const rest = lines
    .map((l, j) => j)
    .filter((j) => j !== i && lines[j].pageIndex === last.pageIndex && lines[j].bbox[1] > last.bbox[1])
    .sort((a, b) => lines[a].bbox[1] - lines[b].bbox[1]);
  for (const j of rest) {
    if (out.length >= max) break;
    if (!under(last, lines[j], reach)) continue;
    if (addressOnly && lines[j].labels.some((h) => h.start <= 2)) break;
    out.push(j);
    last = lines[j];
  }
  return out;
}

/** The first page's block heads above its footer: an unlabelled line of letters with a line holding a digit (a street, a town) in the two under it. */
function blockHeads(lines: readonly InvoiceLine[]): number[] {
  return lines
    .map((l, i) => i)
    .filter((i) => {
      const l = lines[i];
      if (l.pageIndex !== 0 || l.bbox[1] > 0.8 || l.labels.length || /\d/.test(l.text) || !/\p{L}{2,}/u.test(l.text)) return false;
      return blockBelow(lines, i, 0.03, 2, true).some((j) => /\d/.test(lines[j].text));
    });
}

/**
 * The lines of the first page's party blocks under their heads (streets, towns, postcodes): a number read there is an
 * address's, seldom the invoice's.
 */
export function partyBlockLines(lines: readonly InvoiceLine[], heads: readonly number[] = blockHeads(lines)): Set<number> {
  return new Set(heads.flatMap((h) => blockBelow(lines, h, 0.03, 3, true)));
}

/** Whether another party's block starts wholly above line i on its page (its head's foot over i's top). */
function blockAbove(lines: readonly InvoiceLine[], i: number, heads: readonly number[]): boolean {
  const l = lines[i];
  return l.bbox[1] <= 0.8 && heads.some((h) => h !== i && lines[h].pageIndex === l.pageIndex && lines[h].bbox[3] < l.bbox[1] - 0.01);
}

/** A seller's identifier in a block: a VAT or tax id, a registration. */
const BLOCK_ID = /(?<![\p{L}])(?:vat|tva|btw|iva|ust|mwst|gst|tax|steuer|siret|siren|nif|cif|kvk|hrb|reg(?:istration)?)(?![\p{L}])/iu;

/** Whether the block line i heads goes on with a phone, a mail or web address or a seller's id. */
function contactInBlock(lines: readonly InvoiceLine[], i: number): boolean {
  return blockBelow(lines, i).some((j) => CONTACT_LINE.test(lines[j].text) || BLOCK_ID.test(lines[j].text));
}

/**
 * A name that reads as a person's: two or three capitalised words of letters (a middle initial allowed), no company
 * form, not in capitals throughout.
 *
 * @example
 * personLike('Jana Ostrowski'); // true
 * personLike('Ostrowski Haustechnik GmbH'); // false
 */
export function personLike(name: string): boolean {
  const t = name.trim();
  if (COMPANY.test(t) || t === t.toUpperCase()) return false;
  const ws = t.split(/\s+/);
  if (ws.length < 2 || ws.length > 3) return false;
  return ws.every((w) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(w) || /^\p{Lu}\.$/u.test(w)) && /^\p{Lu}\p{Ll}/u.test(ws[ws.length - 1]);
}

/** Whether line i stands right under a sender line (within a few lines' height, overlapping it across): the window. */
function underSenderLine(lines: readonly InvoiceLine[], i: number, senderLines: readonly number[]): boolean {
  const l = lines[i];
  return senderLines.some((s) => {
    const sender = lines[s];
    if (s === i || sender.pageIndex !== l.pageIndex) return false;
    const gap = l.bbox[1] - sender.bbox[3];
    const across = Math.min(sender.bbox[2], l.bbox[2]) - Math.max(sender.bbox[0], l.bbox[0]) > 0;
    return across && gap >= -0.002 && gap < 0.05;
  });
}

/**
 * The address-block features of a vendor candidate, from its folded value and the line it was read from (if any).
 *
 * @example
 * blockFeatures(lines, addressBlocks(lines), 'kestrelprintworksltd', 3, 'Kestrel Print Works Ltd');
 * // { opens_company_line: true, footer_names_other: false, under_sender_line: false, block_above: false, … }
 */
export function blockFeatures(
  lines: readonly InvoiceLine[],
  blocks: AddressBlocks,
  normalised: string,
  at: number | undefined,
  value: string,
): Record<string, number | boolean> {
  const i = at !== undefined && lines[at] !== undefined ? at : -1;
  return {
    opens_company_line: blocks.lineNames.has(normalised),
    footer_names_other: blocks.footerNames.size > 0 && !blocks.footerNames.has(normalised),
    under_sender_line: i >= 0 && underSenderLine(lines, i, blocks.senderLines),
    block_above: i >= 0 && blockAbove(lines, i, blocks.blockHeads),
    contact_in_block: i >= 0 && blocks.blockHeads.includes(i) && contactInBlock(lines, i),
    person_like: personLike(value),
  };
}
