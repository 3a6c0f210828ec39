/**
 * The seller's name and address without a label, as letterheads and receipts print them: a head line its web or mail
 * domain spells, a line with a company form at the top of page 1 (in the letterhead above the title when a sender's
 * block is there), the line above a registration number, the most prominent head line; and the address block under
 * the name so chosen.
 *
 * @module
 */
import { type Candidate, labelsOn } from './label-candidates.ts';
import { canonicalSdnBhd } from './legal-forms.ts';
import { amountsIn, datesIn } from './normalize.ts';
import { below, height, type Line } from './page-lines.ts';
import {
  COMPANY,
  CONTACT_LINE,
  DOCUMENT_TITLE,
  joinAddressLines,
  LEADING_MARKS,
  REGISTRATION_LINE,
  REGISTRATION_SUFFIX,
  withoutTitle,
} from './parties.ts';

export interface VendorContext {
  readonly lines: readonly Line[];
  readonly allText: string;
  readonly add: (field: Candidate['field'], raw: string | undefined, score: number, order: number) => void;
}

/** Vendor name from the sender's web or mail domain: a top line that spells it ("blue-harbour.com" → "Blue Harbour"; "http://www.lepetitfour.fr" names lepetitfour, not "www"). */
function domainSpelledName({ lines, allText, add }: VendorContext): void {
  const domains = [...allText.matchAll(/(?:@|https?:\/\/(?:www\.)?|www\.)([a-z0-9-]{3,})\.[a-z.]{2,}/giu)].map((m) =>
    m[1].toLowerCase().replace(/-/g, ''),
  );
  for (const domain of new Set(domains)) {
    const spelled = lines
      .filter((l) => l.pageIndex === 0 && !labelsOn(l).length)
      .map((l) => l.text.split(/\s[|·•–-]\s|,\s/)[0].trim())
      .find(
        (t) =>
          t.length <= 60 &&
          t
            .toLowerCase()
            .replace(/[^a-z0-9]/g, '')
            .startsWith(domain) &&
          !/[@/]|www\./i.test(t),
      );
    if (spelled) return add('vendor_name', spelled, 0.8, -2);
  }
}

/**
 * A line's text as a vendor name: a trailing registration number in parentheses ("CONTOH CO. (M) BHD (765432-A)") and
 * OCR's rules and logo edges before it (dashes, quotes, bullets) are not part of it; a name broken after an ampersand
 * goes on ("CONTOH PAINT HARDWARE &" over "TOOLS").
 */
export function nameOfLine(lines: readonly Line[]): (l: Line) => string {
  return (l) => {
    let name = canonicalSdnBhd(withoutTitle(l.text.replace(REGISTRATION_SUFFIX, '').replace(LEADING_MARKS, '').trim()));
    const next = /&$/.test(name) ? below(lines, l, 1)[0] : undefined;
    if (next && next.text.trim().split(/\s+/).length <= 3 && !/\d/.test(next.text)) name = `${name} ${next.text.trim()}`;
    return name;
  };
}

/** Head lines of page 1 that could be a name: words, no label, no money, no date, not a sentence nor a registration number. */
function headLines(lines: readonly Line[], nameOf: (l: Line) => string): Line[] {
  return lines.filter((l) => {
    const text = nameOf(l);
    const words = text.split(/\s+/).length;
    return (
      l.pageIndex === 0 &&
      l.bbox[1] < 0.3 &&
      /\p{L}{4,}|\p{L}{2,}.*\s.*\p{L}{2,}/u.test(text) &&
      !REGISTRATION_LINE.test(l.text) &&
      (words <= 7 || (words <= 10 && COMPANY.test(text))) &&
      (!/[.!?]$/.test(text) || COMPANY.test(text)) &&
      !labelsOn(l).length &&
      // No money on it; a short number opening a name with a company form is part of it ("21 CORNER CAFE … TRADING", "88 MINI MART").
      !amountsIn(text).some((a) => !/\p{L}/u.test(text.charAt(a.end)) && !(a.start === 0 && /^\d{1,3}$/.test(a.raw) && COMPANY.test(text))) &&
      !datesIn(text).length
    );
  });
}

/**
 * The head line with a company form. A company named under the document's title ("SIMPLIFIED TAX INVOICE" over
 * "CONTOH TEKNIK (M) SDN BHD") is the customer when a sender's block (an address, a registration or tax number) sits
 * above the title: then only the letterhead above the title counts. Failing a line, a letterhead name sharing its line
 * with a label on the right ("Beispiel GmbH   Bill to").
 */
function companyLine({ lines, add }: VendorContext, top: readonly Line[], nameOf: (l: Line) => string): Line | undefined {
  const titleAt = lines.findIndex((l) => l.pageIndex === 0 && l.bbox[1] < 0.4 && DOCUMENT_TITLE.test(l.text.trim()));
  const senderBlock =
    titleAt > 0 &&
    lines
      .slice(0, titleAt)
      .some(
        (l) => REGISTRATION_LINE.test(l.text) || /(?<![\d.,])\d{4,6}(?![\d.,])/.test(l.text) || labelsOn(l).some((h) => h.field === 'vendor_tax_id'),
      );
  const letterhead = senderBlock ? top.filter((l) => lines.indexOf(l) < titleAt) : [];
  const company = (letterhead.length ? letterhead : top).find((l) => COMPANY.test(nameOf(l)));
  if (company) {
    add('vendor_name', nameOf(company), 0.75, -1);
    return company;
  }
  const beforeLabel = lines
    .filter((l) => l.pageIndex === 0 && l.bbox[1] < 0.35)
    .map((l) => {
      const [first] = labelsOn(l);
      return first && first.start >= 3
        ? l.text
            .slice(0, first.start)
            .replace(/[\s,;:|–-]+$/u, '')
            .trim()
        : '';
    })
    .find((prefix) => prefix && COMPANY.test(prefix) && prefix.split(/\s+/).length <= 6 && !amountsIn(prefix).length && !datesIn(prefix).length);
  if (beforeLabel) add('vendor_name', canonicalSdnBhd(beforeLabel), 0.74, -1);
  return undefined;
}

/**
 * The address block under a name: the lines that follow it without a gap, up to the first line that is something
 * else (a label, a contact line, a date, the title); a registration number right under the name is skipped.
 * The whole block, street to town and region, so long as one of its lines holds a number.
 */
export function addressUnder(lines: readonly Line[], nameLine: Line): string {
  const block: Line[] = [];
  for (const l of below(lines, nameLine, 7)) {
    if (REGISTRATION_LINE.test(l.text) && !block.length) continue;
    if (
      REGISTRATION_LINE.test(l.text) ||
      labelsOn(l).length ||
      CONTACT_LINE.test(l.text) ||
      datesIn(l.text).length ||
      DOCUMENT_TITLE.test(l.text.trim())
    )
      break;
    if (amountsIn(l.text).some((a) => /[.,]\d{2}(?!\d)/.test(a.raw))) break;
    block.push(l);
    if (block.length === 5) break;
  }
  return block.some((l) => /\d/.test(l.text)) ? joinAddressLines(block.map((l) => l.text)) : '';
}

/** The unlabelled vendor name and address candidates; the line the address was read under (the name's). */
export function vendorCandidates(ctx: VendorContext): { nameOf: (l: Line) => string; vendorLine?: Line } {
  const { lines, add } = ctx;
  domainSpelledName(ctx);
  const nameOf = nameOfLine(lines);
  const top = headLines(lines, nameOf);
  const company = companyLine(ctx, top, nameOf);
  // The line right above a company registration number ("(0012345678-X)", "Co. No. 123456-X") names the company; only
  // the line immediately above: when the number follows the address, the line above it is an address line.
  const registrationAt = lines.findIndex((l) => l.pageIndex === 0 && l.bbox[1] < 0.4 && REGISTRATION_LINE.test(l.text));
  const above = registrationAt > 0 ? lines[registrationAt - 1] : undefined;
  const registered = above && top.includes(above) && !/\d/.test(above.text.replace(REGISTRATION_SUFFIX, '')) ? above : undefined;
  if (registered) add('vendor_name', nameOf(registered), 0.78, -1);
  const prominent = [...top].sort((a, b) => height(b.bbox) - height(a.bbox))[0];
  if (prominent && !/^(?:invoice|receipt|rechnung|facture|factura|fattura|factuur|tax invoice)\b/i.test(prominent.text.trim()))
    add('vendor_name', nameOf(prominent), 0.55, -1);
  const vendorLine = registered ?? company ?? prominent;
  const address = vendorLine ? addressUnder(lines, vendorLine) : '';
  if (address) add('vendor_address', address, 0.6, -1);
  return { nameOf, vendorLine };
}

/**
 * The vendor's block, once its name is chosen: the address under that name (when the rules read the address under
 * another line) and the tax id nearest after it ("PRODUCT(S) PROVIDED BY: Example Tools Inc. … VAT number: EU…" below
 * a bill-to block with the customer's VAT number).
 */
export function vendorBlock(input: {
  readonly lines: readonly Line[];
  readonly entities: Record<string, string>;
  readonly confidence: Record<string, number>;
  readonly candidates: readonly Candidate[];
  readonly vendorLine?: Line;
}): void {
  const { lines, entities, confidence, candidates, vendorLine } = input;
  const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const vendorAt =
    entities.vendor_name && key(entities.vendor_name).length >= 3 ? lines.findIndex((l) => key(l.text).includes(key(entities.vendor_name))) : -1;
  if (vendorAt < 0) return;
  if (lines[vendorAt] !== vendorLine && (confidence.vendor_address ?? 0) <= 0.6) {
    const address = addressUnder(lines, lines[vendorAt]);
    if (address) {
      entities.vendor_address = address;
      confidence.vendor_address = 0.6;
    } else delete entities.vendor_address;
  }
  if (entities.vendor_tax_id) {
    const ids = candidates.filter((c) => c.field === 'vendor_tax_id' && c.score === confidence.vendor_tax_id);
    const after = ids.filter((c) => c.order >= vendorAt).sort((a, b) => a.order - b.order)[0];
    if (after) entities.vendor_tax_id = after.value;
  }
}
