/**
 * Candidates and their features for the invoice ranker (invoice-ranker.ts): every value a text-layer invoice could
 * give as its vendor name, invoice date, invoice number or total, with what the page says about it. The hand rules of
 * financial.ts are evidence here, not the answer: their candidates come in with the strength the rule gave them
 * (`rule_score`) and whether the rules chose them (`rule_pick`), beside features the rules never looked at
 * (where else the value is printed, what label stands nearest before it, which side of the page it is on).
 *
 * One candidate per distinct value (after normalisation): a value printed three times is one candidate whose
 * features say so. Features are plain numbers, most of them 0/1; the model standardises them.
 *
 * @module
 */
import type { FinancialField } from './labels.ts';
import { amountsIn, datesIn } from './normalize.ts';
import { canonicalSdnBhd } from './legal-forms.ts';
import { height as lineHeight } from './page-lines.ts';
import { COMPANY, CONTACT_LINE, DOCUMENT_TITLE, partyName } from './parties.ts';
import { addressBlocks, blockFeatures, companyLineName, partyBlockLines } from './invoice-address-blocks.ts';
import { dateCandidates } from './invoice-date-candidates.ts';
import {
  amountKey,
  BARE_TITLE,
  INVOICE_FEATURES,
  key,
  linesHolding,
  median,
  gridLabelFields,
  ownLabel,
  Pool,
  ratio,
  rowLabels,
  rowMates,
  ruleEvidence,
  ruleOccurrence,
  TITLE_WORD,
  vector,
  type InvoiceCandidate,
  type InvoiceField,
  type InvoiceLine,
  type InvoiceRankInput,
  type RuleCandidate,
} from './invoice-candidate-parts.ts';
import { domainPrefix, legalFormEnd, nearIdentifier, sentenceLike, twoLineName, vendorLineEvidence } from './invoice-vendor-evidence.ts';

export {
  INVOICE_FEATURES,
  INVOICE_FIELDS,
  type InvoiceCandidate,
  type InvoiceField,
  type InvoiceLabel,
  type InvoiceLine,
  type InvoiceRankInput,
  type RuleCandidate,
} from './invoice-candidate-parts.ts';

/** Lines that head the customer's block ("Bill to", "Rechnungsempfänger"): the names under them are the buyer's. */
function customerHeads(input: InvoiceRankInput): Set<number> {
  const out = new Set<number>();
  input.lines.forEach((l, i) => {
    if (l.labels.some((h) => h.field === 'customer_name')) out.add(i);
  });
  return out;
}

/**
 * Lines that are no party's name whatever the page: the document's title ("INVOICE.", "Factuur:") and a legal form
 * alone ("GmbH", "Ltd."): the name's own words are elsewhere.
 */
function notAName(value: string): boolean {
  const bare = value.replace(/[.:;,]+$/u, '').trim();
  return (
    DOCUMENT_TITLE.test(bare) ||
    BARE_TITLE.test(bare.toLowerCase()) ||
    value.replace(new RegExp(COMPANY.source, 'giu'), ' ').replace(/[^\p{L}]/gu, '').length < 2
  );
}

/** The names of the web and mail domains the page prints ("example-cloud" for www.example-cloud.com), folded. */
const domainNames = (lines: readonly InvoiceLine[]) => [
  ...new Set(
    lines.flatMap((l) =>
      [...l.text.matchAll(/(?:@|https?:\/\/(?:www\.)?|www\.)([a-z0-9-]{3,})\.[a-z.]{2,}/giu)].map((m) => m[1].toLowerCase().replace(/-/g, '')),
    ),
  ),
];

/**
 * Names a vendor may have: short lines of the first page's head and foot, lines with a company form, the rules' names,
 * a line's leading words that spell a domain of the page, and a name set over two lines.
 */
function vendorPool(input: InvoiceRankInput, head: readonly number[], domains: readonly string[]): Pool {
  const { lines } = input;
  const pool = new Pool();
  const foot = lines.map((l, i) => i).filter((i) => lines[i].pageIndex === 0 && lines[i].bbox[1] > 0.8);
  const named = lines.map((l, i) => i).filter((i) => COMPANY.test(lines[i].text) && lines[i].text.length <= 80);
  for (const i of new Set([...head, ...foot, ...named])) {
    const text = lines[i].text;
    // A line cut at a label, a bar or a comma still names its party by what comes first ("Example GmbH | Street 1").
    const firstLabel = lines[i].labels[0];
    const before = firstLabel && firstLabel.start >= 3 ? text.slice(0, firstLabel.start) : text;
    // "Name: Example GmbH", "Seller: Example GmbH": what follows a short field name and a colon.
    const afterColon = /^[\p{L}\s./-]{2,24}[:：]\s*(.+)$/u.exec(before)?.[1] ?? '';
    // A company line's name may hold a hyphen the cut above splits at ("Example - Partner GmbH · Street 1 · Town").
    for (const part of new Set([before, before.split(/\s[|·•–-]\s|,\s/u)[0], afterColon, companyLineName(before) ?? ''])) {
      const name = partyName(canonicalSdnBhd(part.trim()));
      if (name && name.split(/\s+/).length <= 8 && name.length <= 70 && !notAName(name)) pool.add(name, { line: i, at: 0 });
    }
    const brand = domainPrefix(before, domains);
    if (brand && !notAName(brand)) pool.add(brand, { line: i, at: 0 });
    const joined = twoLineName(lines, i);
    if (joined) pool.add(joined, { line: i - 1, at: 0 });
  }
  for (const r of input.rules) if (r.field === 'vendor_name' && !notAName(r.value)) pool.add(r.value, ruleOccurrence(lines, r));
  if (input.rulePick.vendor_name && !notAName(input.rulePick.vendor_name)) pool.add(input.rulePick.vendor_name, undefined);
  return pool;
}

/** A currency's code or sign alone ("EUR", "GBP", "CHF"): a column or field value, never a party. */
const CURRENCY_CODE =
  /^(?:EUR|USD|GBP|CHF|JPY|CNY|INR|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|HRK|TRY|RUB|BRL|MXN|ZAR|SGD|HKD|MYR|THB|IDR|PHP|AED|SAR|ILS|KRW)$/u;
/** A copyright notice: the software or template maker's line, more often than the seller's. */
const COPYRIGHT = /©|\(c\)\s*\d|(?<![\p{L}])copyright(?![\p{L}])/iu;

/** Vendor names, with where and how often the page prints them. */
function vendorCandidates(input: InvoiceRankInput): InvoiceCandidate[] {
  const { lines } = input;
  const head = lines
    .map((l, i) => i)
    .filter((i) => lines[i].pageIndex === 0 && lines[i].bbox[1] < 0.4)
    .slice(0, 24);
  const domains = domainNames(lines);
  const pool = vendorPool(input, head, domains);
  const evidence = vendorLineEvidence(lines);
  const heights = head.map((i) => lineHeight(lines[i].bbox));
  const medianHeight = median(lines.map((l) => lineHeight(l.bbox)));
  const tallest = Math.max(0, ...heights);
  const heads = customerHeads(input);
  const customer = input.rulePick.customer_name ? key(input.rulePick.customer_name) : '';
  const blocks = addressBlocks(lines);
  const out: InvoiceCandidate[] = [];
  for (const [normalised, { value, occurrences }] of pool.entries) {
    // Where else the name is printed: any line holding it (the footer's legal line, the payment details).
    const holding = normalised.length >= 3 ? linesHolding(lines, value) : [];
    const at = occurrences.length ? occurrences.map((o) => o.line).sort((x, y) => x - y)[0] : holding[0];
    const line = at !== undefined ? lines[at] : undefined;
    const rule = ruleEvidence(input, 'vendor_name', normalised);
    const next = at !== undefined ? lines[at + 1] : undefined;
    const values = {
      bias: 1,
      rule_pick: rule.pick,
      rule_score: rule.score,
      rule_labelled: rule.labelled,
      rule_letterhead: rule.letterhead,
      rule_domain: rule.domain,
      company: COMPANY.test(value),
      y: line ? line.bbox[1] : 1,
      first_page: line ? line.pageIndex === 0 : false,
      top_index: at !== undefined && head.includes(at) ? head.indexOf(at) / 10 : 2.4,
      height: line ? Math.min(3, lineHeight(line.bbox) / medianHeight) : 0,
      tallest_top: Boolean(line && at !== undefined && head.includes(at) && lineHeight(line.bbox) >= tallest - 1e-6),
      left: line ? (line.bbox[0] + line.bbox[2]) / 2 < 0.45 : false,
      centred: line ? Math.abs((line.bbox[0] + line.bbox[2]) / 2 - 0.5) < 0.08 : false,
      in_footer: holding.some((i) => lines[i].bbox[1] > 0.8),
      repeats: Math.min(4, holding.length) / 4,
      domain_spelled: domains.some((d) => normalised.startsWith(d) || (d.length >= 4 && d.startsWith(normalised))),
      under_customer: holding.some((i) => [1, 2, 3, 4].some((k) => heads.has(i - k) && lines[i - k].pageIndex === lines[i].pageIndex)),
      is_customer: customer !== '' && customer === normalised,
      words: Math.min(8, value.split(/\s+/).length) / 8,
      letters: ratio(value, /\p{L}/gu),
      digits: ratio(value, /\p{N}/gu),
      upper: ratio(value, /\p{Lu}/gu) / Math.max(0.01, ratio(value, /\p{L}/gu)),
      label_on_line: Boolean(line?.labels.length),
      contact_on_line: Boolean(line && CONTACT_LINE.test(line.text)),
      amount_on_line: Boolean(line && amountsIn(line.text).some((a) => /[.,]\d{2}(?!\d)/.test(a.raw))),
      date_on_line: Boolean(line && datesIn(line.text).length),
      title_on_line: Boolean(line && /(?<![\p{L}])(?:invoice|rechnung|facture|factura|fattura|factuur|receipt)(?![\p{L}])/iu.test(line.text)),
      address_below: Boolean(next && /\d/.test(next.text) && next.bbox[1] - (line?.bbox[3] ?? 0) < 0.03),
      length: Math.min(60, value.length) / 60,
      one_word: !/\s/.test(value.trim()),
      is_title: DOCUMENT_TITLE.test(value.replace(/[.:]+$/u, '')) || BARE_TITLE.test(value.toLowerCase().replace(/[.:]+$/u, '')),
      // Only a legal form ("GmbH", "Ltd."): the name's first part is elsewhere.
      // Right under the document's title with a sender's block above it: where a buyer is named on a till's bill.
      after_title:
        at !== undefined && at > 1 && DOCUMENT_TITLE.test(lines[at - 1].text.trim()) && lines.slice(0, at - 1).some((l) => /\d{4,}/.test(l.text)),
      bare_form: value.replace(new RegExp(COMPANY.source, 'giu'), ' ').replace(/[^\p{L}]/gu, '').length < 3,
      legal_form_end: legalFormEnd(value),
      sentence_like: sentenceLike(value),
      near_seller_id: nearIdentifier(lines, at !== undefined ? [...new Set([at, ...holding])] : holding, evidence.idLines),
      payee_line: holding.some((i) => evidence.payeeLines.has(i)),
      right: line ? (line.bbox[0] + line.bbox[2]) / 2 > 0.55 : false,
      domain_prefix: Boolean(line && domainPrefix(line.text, domains) === value && key(line.text) !== normalised),
      two_lines: value.includes('\n'),
      currency_code: CURRENCY_CODE.test(value.trim()),
      copyright_line: Boolean(line && COPYRIGHT.test(line.text)),
      ...blockFeatures(lines, blocks, normalised, at, value),
    };
    out.push({ field: 'vendor_name', value, lines: at !== undefined ? [at] : [], features: vector(INVOICE_FEATURES.vendor_name, values) });
  }
  return out;
}

/** A number word right before a value ("Nr. 4711", "No: 4711", "#4711", "Nummer 4711", "n° 4711"). */
const NUMBER_WORD = /(?:(?<![\p{L}])(?:nr|no|n°|nº|num|number|nummer|numéro|número|numero|nummer)\.?|#)\s*[:#]?\s*$/iu;

/** An IBAN's shape: country, check digits, ten or more letters and digits. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** A token that may be a document number: digits in it, no amount with cents, no date. */
function identifiers(text: string): { value: string; at: number }[] {
  const out: { value: string; at: number }[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}#][\p{L}\p{N}/_.#-]*\p{N}[\p{L}\p{N}/_.-]*/gu)) {
    const value = m[0].replace(/^#/, '').replace(/[.,;:-]+$/, '');
    // Not an amount, nor a date as a whole ("AB-20260314/77" holds a date and is a number).
    const whole = datesIn(value).some((d) => d.start === 0 && d.end === value.length);
    // Nor a bank account: an IBAN names where to pay, never the invoice.
    if (value.length < 3 || /^\d+[.,]\d{2}$/.test(value) || whole || IBAN.test(value)) continue;
    out.push({ value, at: m.index! });
  }
  return out;
}

/** Invoice numbers: identifiers on lines that carry a label, the line under a label, and the rules' candidates. */
function numberCandidates(input: InvoiceRankInput): InvoiceCandidate[] {
  const { lines } = input;
  const pool = new Pool();
  lines.forEach((l, i) => {
    const labelled =
      l.labels.length > 0 ||
      TITLE_WORD.test(l.text) ||
      rowMates(lines, i).some((j) => lines[j].labels.length) ||
      (lines[i - 1]?.labels.length ?? 0) > 0;
    if (!labelled || l.pageIndex > 0) return;
    for (const id of identifiers(l.text))
      if (!l.labels.some((h) => id.at < h.end && h.start < id.at + id.value.length)) pool.add(id.value, { line: i, at: id.at });
  });
  for (const r of input.rules) if (r.field === 'invoice_number' && !IBAN.test(r.value)) pool.add(r.value, ruleOccurrence(lines, r));
  const addressLines = partyBlockLines(lines);
  const out: InvoiceCandidate[] = [];
  for (const [normalised, { value, occurrences }] of pool.entries) {
    const holding = linesHolding(lines, value);
    const seen = occurrences.filter((o) => o.at >= 0);
    const own = seen.map((o) => ownLabel(lines, o.line, o.at));
    const first = holding.length ? lines[holding[0]] : undefined;
    const rule = ruleEvidence(input, 'invoice_number', normalised);
    const digits = value.replace(/\D/g, '').length;
    // The column's label where the value stands in a grid row (cells by bars or by wide gaps).
    const columns = seen.map((o) => gridLabelFields(lines, o.line, o.at));
    const values = {
      bias: 1,
      rule_pick: rule.pick,
      rule_score: rule.score,
      own_number: own.some((h) => h?.label.field === 'invoice_number' && !BARE_TITLE.test(h.text)),
      own_bare_title: own.some((h) => h?.label.field === 'invoice_number' && BARE_TITLE.test(h.text)),
      own_po: own.some((h) => h?.label.field === 'purchase_order'),
      own_other: own.some((h) => h !== undefined && h.label.field !== 'invoice_number' && h.label.field !== 'purchase_order'),
      y: first ? first.bbox[1] : 1,
      first_page: Boolean(first && first.pageIndex === 0),
      repeats: Math.min(4, holding.length) / 4,
      length: Math.min(20, value.length) / 20,
      digit_share: digits / Math.max(1, value.length),
      has_letters: /\p{L}/u.test(value),
      has_separator: /[-/_.]/.test(value),
      title_line: seen.some((o) => TITLE_WORD.test(lines[o.line].text)),
      all_digits: /^\d+$/.test(value),
      after_number_word: seen.some((o) => NUMBER_WORD.test(lines[o.line].text.slice(Math.max(0, o.at - 12), o.at))),
      long_digits: digits >= 12,
      grid_number: columns.some((c) => c?.[0] === 'invoice_number'),
      grid_other: columns.some((c) => c !== undefined && c[0] !== 'invoice_number'),
      // Read off a party's address (a postcode, a street number): every line it is printed on is one.
      in_address: holding.length > 0 && holding.every((i) => addressLines.has(i)),
    };
    // Only values something says are the invoice's number (a rule, an invoice-number label, a number word on the title
    // line): the page's other identifiers (customer, order, registration, bank numbers) are no candidates at all.
    const evidenced =
      rule.score > 0 || values.own_number || values.own_bare_title || values.grid_number || (values.after_number_word && values.title_line);
    if (evidenced)
      out.push({ field: 'invoice_number', value, lines: holding.slice(0, 1), features: vector(INVOICE_FEATURES.invoice_number, values) });
  }
  return out;
}

const GRAND =
  /(?<![\p{L}])(?:grand|gesamt\w*|endbetrag|zu zahlen|payable|à payer|a pagar|da pagare|te betalen|balance|total due|amount due)(?![\p{L}])/iu;
const AMOUNT_LABELS: ReadonlySet<FinancialField> = new Set(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);

/** Totals: every amount on a line or row that carries an amount label, and the rules' amount candidates. */
function totalCandidates(input: InvoiceRankInput): InvoiceCandidate[] {
  const { lines } = input;
  const pool = new Pool();
  const labelledLines = new Set<number>();
  lines.forEach((l, i) => {
    const labelled = [...rowLabels(lines, i)].some((f) => AMOUNT_LABELS.has(f));
    if (!labelled) return;
    labelledLines.add(i);
    for (const a of amountsIn(l.text))
      // Not rates, nor a long whole number without cents (an account or customer number on a labelled line).
      if (!/%/.test(l.text.slice(a.end, a.end + 2)) && Number(a.value) !== 0 && !/^\d{6,}$/.test(a.raw.trim()))
        pool.add(a.value, { line: i, at: a.start }, amountKey(a.value));
  });
  const amountAt = (r: RuleCandidate) => (t: string) => amountsIn(t).find((a) => amountKey(a.value) === amountKey(r.value))?.start ?? -1;
  for (const r of input.rules)
    if (AMOUNT_LABELS.has(r.field as FinancialField)) pool.add(r.value, ruleOccurrence(lines, r, amountAt(r)), amountKey(r.value));
  // The rules' total may be computed (net plus tax) rather than read: a candidate too.
  if (input.rulePick.total_amount) pool.add(input.rulePick.total_amount, undefined, amountKey(input.rulePick.total_amount));
  const amounts = [...pool.entries.keys()].map((v) => Math.abs(Number(v)));
  const max = Math.max(0.01, ...amounts);
  const nets = input.rules.filter((r) => r.field === 'subtotal').map((r) => Number(r.value));
  const taxes = input.rules.filter((r) => r.field === 'tax_amount').map((r) => Number(r.value));
  const lastPage = Math.max(0, ...lines.map((l) => l.pageIndex));
  const out: InvoiceCandidate[] = [];
  for (const [normalised, { value, occurrences }] of pool.entries) {
    // Magnitudes compare: a credit note prints its amounts negative.
    const n = Math.abs(Number(normalised));
    const seen = occurrences.filter((o) => o.at >= 0);
    const own = seen.map((o) => ownLabel(lines, o.line, o.at)?.label.field);
    const first = seen.length ? lines[seen[seen.length - 1].line] : undefined;
    const rule = ruleEvidence(input, 'total_amount', normalised, (a, b2) => amountKey(a) === b2);
    const values = {
      bias: 1,
      rule_pick: rule.pick,
      rule_score: rule.score,
      own_total: own.includes('total_amount'),
      own_subtotal: own.includes('subtotal'),
      own_tax: own.includes('tax_amount'),
      own_due: own.includes('amount_due'),
      is_max: n >= max - 0.005,
      value_over_max: n / max,
      makes_total: nets.some((s) => taxes.some((t) => t > 0 && Math.abs(s + t - n) < 0.011)),
      is_net: taxes.some((t) => t > 0 && amounts.some((g) => Math.abs(n + t - g) < 0.011)),
      repeats: Math.min(4, seen.length) / 4,
      y: first ? first.bbox[1] : 1,
      last_page: Boolean(first && first.pageIndex === lastPage),
      cents: /[.,]\d{2}$/.test(value) || seen.some((o) => /[.,]\d{2}(?!\d)/.test(lines[o.line].text.slice(o.at, o.at + 16))),
      grand_word: seen.some((o) => GRAND.test(lines[o.line].text)),
      is_rule_due: input.rulePick.amount_due !== undefined && amountKey(input.rulePick.amount_due) === normalised,
      is_rule_subtotal: input.rulePick.subtotal !== undefined && amountKey(input.rulePick.subtotal) === normalised,
      labelled_lines: Math.min(10, labelledLines.size) / 10,
    };
    out.push({
      field: 'total_amount',
      value: amountKey(value),
      lines: seen.length ? [seen[seen.length - 1].line] : [],
      features: vector(INVOICE_FEATURES.total_amount, values),
    });
  }
  return out;
}

/** Every candidate of a document, per field. */
export function invoiceCandidates(input: InvoiceRankInput): Record<InvoiceField, InvoiceCandidate[]> {
  return {
    vendor_name: vendorCandidates(input),
    invoice_date: dateCandidates(input),
    invoice_number: numberCandidates(input),
    total_amount: totalCandidates(input),
  };
}
