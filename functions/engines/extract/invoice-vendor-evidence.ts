/**
 * Evidence about a vendor-name candidate that holds across sellers, for the invoice ranker (invoice-candidates.ts):
 * a legal form closing the name, a line that reads as a sentence rather than a name, the seller's identifiers (a VAT or
 * tax id, an IBAN) or a "payable to" line beside the name, and two candidate shapes the page's lines do not give as
 * they stand — the leading words of a line that spell the seller's web or mail domain, and a name set over two lines
 * whose second line ends in a legal form. All of it is features; the model weighs it.
 *
 * @module
 */
import type { InvoiceLine } from './invoice-candidates.ts';

/**
 * A legal form that closes a name ("… GmbH", "… Ltd.", "…, Inc.", "… S.A.", "… B.V.", "… SARL", "… Lda.", "… Pvt. Ltd."): forms
 * only, not words a shop or a sentence may end with ("company", "store", "trading").
 */
const LEGAL_FORM_END = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:gmbh(?:\s*&\s*co\.?\s*kg)?|ag|kg|ohg|e\.\s?k\.|ug(?:\s*\(haftungsbeschränkt\))?|e\.\s?v\.|a\.\s?g\.|ltd|limited|inc|incorporated|llc|llp|plc|corp|` +
    String.raw`s\.\s?a\.(?:\s?s\.)?|sas|sarl|s\.\s?à\s?r\.\s?l|s\.\s?r\.\s?l|srl|s\.\s?l(?:\.\s?u)?|s\.\s?p\.\s?a|s\.\s?n\.\s?c|spa|srls|eurl|vof|b\.\s?v|bv|n\.\s?v|nv|bvba|sprl|gbr|lda|ltda|oy|ab|a\/s|aps|as|pty(?:\s+ltd)?|pvt\.?\s*ltd|sdn\.?\s*bhd|bhd)\.?$`,
  'iu',
);

/** Two- and three-letter forms that are also words: they count in capitals or capitalised only ("AG", "Ab"), not "ag". */
const SHORT_WORD_FORM = /^(?:ag|kg|ab|as|nv|bv|oy|spa|sas|aps)$/u;

/**
 * Whether a legal form closes the name (trailing punctuation aside).
 *
 * @example
 * legalFormEnd('Kestrel Print Works Ltd.'); // true
 * legalFormEnd('Thanks to our company'); // false
 */
export function legalFormEnd(name: string): boolean {
  const trimmed = name.replace(/[\s,;:]+$/u, '');
  const m = LEGAL_FORM_END.exec(trimmed);
  if (!m) return false;
  if (SHORT_WORD_FORM.test(m[0].replace(/\.$/, ''))) return false;
  // The name's own words come before the form.
  return /\p{L}{2,}/u.test(trimmed.slice(0, m.index));
}

/**
 * A line that reads as a sentence, not a name: it ends in a question or exclamation mark, or in a full stop after a
 * lower-case word, or most of its words (four or more) begin in lower case. A slogan or a footer's advice.
 *
 * @example
 * sentenceLike('Thank you for shopping with us!'); // true
 * sentenceLike('Kestrel Print Works Ltd.'); // false
 */
export function sentenceLike(text: string): boolean {
  const t = text.trim();
  if (/[?!]$/u.test(t) || /\s\p{Ll}{3,}\.$/u.test(t)) return true;
  const ws = t.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return ws.length >= 4 && ws.filter((w) => /^\p{Ll}/u.test(w)).length / ws.length > 0.5;
}

/** A VAT or tax id, an IBAN or a registration label: the seller's identifiers stand by the seller's name. */
const SELLER_ID =
  /(?<![\p{L}])(?:vat|tva|btw|iva|ust|mwst|gst|tax|steuer|siret|siren|nif|cif|kvk|hrb|iban|bic|swift|reg(?:istration)?|registered|handelsregister|registergericht|amtsgericht)(?![\p{L}])|\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}\b|\b(?:DE|FR|NL|BE|AT|IT|ES|GB)[A-Z0-9]?\d{8,11}\b/u;
/** Who a payment goes to ("payable to", "account holder", "Kontoinhaber", "bénéficiaire"): the seller. */
const PAYEE =
  /(?<![\p{L}])(?:payable\s+to|pay\s+to|account\s+(?:holder|name)|beneficiary|kontoinhaber|zahlungsempfänger|empfänger\s+der\s+zahlung|bénéficiaire|titulaire|à\s+l'ordre\s+de|beneficiario|titular|intestat[oa]\s+a|ten\s+name\s+van|t\.n\.v\.|begunstigde|rekeninghouder)(?![\p{L}])/iu;

export interface VendorLineEvidence {
  /** Lines (indices) that hold a seller identifier. */
  readonly idLines: ReadonlySet<number>;
  /** Lines that name the payee, or the line right under such a line. */
  readonly payeeLines: ReadonlySet<number>;
}

/** The page's lines that carry a seller identifier or name the payee (customer-labelled lines excluded). */
export function vendorLineEvidence(lines: readonly InvoiceLine[]): VendorLineEvidence {
  const idLines = new Set<number>();
  const payeeLines = new Set<number>();
  lines.forEach((l, i) => {
    const customer = l.labels.some((h) => h.field === 'customer_name');
    if (!customer && (SELLER_ID.test(l.text) || l.labels.some((h) => h.field === 'vendor_tax_id'))) idLines.add(i);
    if (PAYEE.test(l.text)) {
      payeeLines.add(i);
      if (lines[i + 1]?.pageIndex === l.pageIndex) payeeLines.add(i + 1);
    }
  });
  return { idLines, payeeLines };
}

/**
 * Whether any of `holding` stands in one block with an identifier line: same page, within `reach` of the page's height
 * above or below, and overlapping it across (reading order may run down one column before the next).
 */
export function nearIdentifier(lines: readonly InvoiceLine[], holding: readonly number[], idLines: ReadonlySet<number>, reach = 0.05): boolean {
  return holding.some((i) => {
    const a = lines[i];
    for (const j of idLines) {
      const b = lines[j];
      if (j === i || b.pageIndex !== a.pageIndex) continue;
      const across = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]) > 0;
      if (across && Math.abs(a.bbox[1] - b.bbox[1]) <= reach) return true;
    }
    return false;
  });
}

const folded = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The leading one to three words of a line that spell a web or mail domain's name ("Example Cloud Billing Team" with
 * example-cloud.com → "Example Cloud"): the brand the seller goes by, where the line goes on with other words.
 *
 * @example
 * domainPrefix('Northwind Service Desk', ['northwind']); // 'Northwind'
 */
export function domainPrefix(text: string, domains: readonly string[]): string | undefined {
  const ws = text.trim().split(/\s+/);
  for (let n = 1; n <= Math.min(3, ws.length - 1); n++) {
    const head = ws.slice(0, n).join(' ');
    const k = folded(head);
    if (k.length >= 3 && domains.includes(k)) return head.replace(/[,;:]+$/u, '');
  }
  return undefined;
}

/**
 * A name set over two lines: a short line of letters (no digits, no label) right above a line in the same column that
 * ends in a legal form ("Northwind Mutual" / "Insurance Society e.V."). Returns the two joined by a line break.
 */
export function twoLineName(lines: readonly InvoiceLine[], i: number): string | undefined {
  const upper = lines[i - 1];
  const line = lines[i];
  if (!upper || upper.pageIndex !== line.pageIndex || upper.labels.length || /\d/.test(upper.text) || upper.text.length > 40) return undefined;
  if (!legalFormEnd(line.text) || Math.abs(upper.bbox[0] - line.bbox[0]) > 0.02) return undefined;
  const gap = line.bbox[1] - upper.bbox[3];
  if (gap < 0 || gap > 1.5 * (line.bbox[3] - line.bbox[1]) || sentenceLike(upper.text) || !/^\p{Lu}/u.test(upper.text.trim())) return undefined;
  return `${upper.text.trim()}\n${line.text.trim()}`;
}
