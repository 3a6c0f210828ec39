/**
 * Where a receipt's seller block starts and ends, as evidence the receipt ranker weighs (receipt-ranker.ts): the ranker
 * chose the right lines read wrong far more often than the wrong lines (sroie-text-misses.ts), but when it took a
 * wrong span it was a name's tail line alone, a bare legal form instead of the name above it, the web address's
 * spelling of a chain the head prints in full, or an address block begun a line late. None of these is a rule: each
 * is a feature, and the fitted weights decide how much it counts.
 *
 * @module
 */

/** The shape of one line the evidence looks at: its text and what the rules know of it. */
export interface SpanLine {
  readonly text: string;
  readonly company: boolean;
  readonly registration: boolean;
  readonly contact: boolean;
  readonly title: boolean;
  readonly labels: readonly string[];
}

/**
 * A line that stops mid-name or mid-address and goes on below: it ends in a joining mark or word ('&', '+', a hyphen,
 * a comma, "and" in the receipt languages). "KEDAI CONTOH HARDWARE &" over "ELECTRICAL" is one name.
 */
export const continuesBelow = (text: string | undefined): boolean =>
  text !== undefined && /(?:[&+,-]|(?<![\p{L}])(?:and|dan|und|et))\s*$/iu.test(text.trim());

/** Letters of a text, lower case: how names and web addresses are compared. */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** The first word of a text with four letters or more, lower case ("" when none). */
const firstWord = (s: string) =>
  s
    .split(/\s+/)
    .map(letters)
    .find((w) => /\p{L}{4,}/u.test(w)) ?? '';

/**
 * Name evidence of span and ending: `name_tail` (the line above ends in a joining mark, so this line alone is a name's
 * tail), `completes_form` (two lines whose second is only a legal form, the name's own line above it: "ACME FOODS"
 * over "SDN BHD"), `domain_in_head` (a name spelled from the web address when a head line opens with its first word:
 * the head prints the name in full) and `head_opens_domain` (a head line whose first word opens the web address's name).
 */
export function nameSpanEvidence(
  lines: readonly SpanLine[],
  top: readonly number[],
  domains: readonly string[],
  bareForm: (text: string) => boolean,
): (i: number, span: number, value: string, domain: boolean) => Record<string, boolean> {
  const topSet = new Set(top);
  const heads = top.map((i) => firstWord(lines[i].text)).filter(Boolean);
  const domainKeys = domains.map(letters).filter((d) => d.length >= 4);
  const opensDomain = (word: string) => word.length >= 4 && domainKeys.some((d) => d.startsWith(word) || word.startsWith(d));
  return (i, span, value, domain) => {
    const above = i > 0 && topSet.has(i - 1) ? lines[i - 1] : undefined;
    const second = span === 2 ? lines[i + 1] : undefined;
    return {
      name_tail: !domain && Boolean(above && !above.contact && !above.registration && continuesBelow(above.text)),
      completes_form: Boolean(second && !lines[i].company && bareForm(second.text) && /\p{L}{3,}/u.test(lines[i].text)),
      domain_in_head: domain && heads.some((h) => h.length >= 4 && letters(value).startsWith(h.slice(0, 4)) && opensDomain(h)),
      head_opens_domain: !domain && topSet.has(i) && opensDomain(firstWord(value)),
    };
  };
}

/** A line that could be part of an address block (no boundary: contact, registration, title, a label, a company line). */
const addressable = (l: SpanLine | undefined, hasDate: (text: string) => boolean): l is SpanLine =>
  Boolean(l && !l.contact && !l.registration && !l.title && !l.labels.length && !l.company && !hasDate(l.text) && /\p{L}{2,}/u.test(l.text));

/**
 * Address evidence of span: `before_continues` (the line above the block ends in a comma or joining mark and could be
 * address: the block starts a line late, "NO 7, JALAN CONTOH 3," over "TAMAN CONTOH,") and `last_continues_into` (the
 * block's last line ends so, and the line below could be address: it ends a line early).
 */
export function addressSpanEvidence(
  lines: readonly SpanLine[],
  hasDate: (text: string) => boolean,
): (start: number, n: number) => Record<string, boolean> {
  return (start, n) => {
    const before = lines[start - 1];
    const last = lines[start + n - 1];
    const after = lines[start + n];
    return {
      before_continues: addressable(before, hasDate) && continuesBelow(before.text),
      last_continues_into: Boolean(last && continuesBelow(last.text)) && addressable(after, hasDate),
    };
  };
}
