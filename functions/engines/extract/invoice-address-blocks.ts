/**
 * Where a vendor-name candidate stands among the page's address blocks, for the invoice ranker (invoice-candidates.ts).
 * An invoice prints two parties' blocks that look alike (a name over a street and a town); what tells them apart is
 * their place and what else the page says about them:
 * - a company line ("Example GmbH · Hauptstr. 1 · 12345 Stadt") opens with the seller's name: the DIN 5008 sender line
 *   over the address window, or the footer's legal line;
 * - the block right under a sender line is the address window: the buyer's;
 * - where the footer's company line names one company, another company on the page is not the seller.
 * All of it is features; the model weighs it. (A rank from the top of the page, for a buyer's window the text layer
 * reads before the letterhead, was tried and left out: it cost corpus vendors on dev fold seeds.)
 *
 * @module
 */
import type { InvoiceLine } from './invoice-candidates.ts';

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
  return { lineNames, footerNames, senderLines };
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
 * blockFeatures(lines, addressBlocks(lines), 'kestrelprintworksltd', 3);
 * // { opens_company_line: true, footer_names_other: false, under_sender_line: false }
 */
export function blockFeatures(
  lines: readonly InvoiceLine[],
  blocks: AddressBlocks,
  normalised: string,
  at: number | undefined,
): Record<string, number | boolean> {
  return {
    opens_company_line: blocks.lineNames.has(normalised),
    footer_names_other: blocks.footerNames.size > 0 && !blocks.footerNames.has(normalised),
    under_sender_line: at !== undefined && lines[at] !== undefined && underSenderLine(lines, at, blocks.senderLines),
  };
}
