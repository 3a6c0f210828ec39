/**
 * Candidates read off labels: a label found on a line (labels.ts, six languages) says which field the text after it,
 * to its right on the same row, or under it holds; a row of labels gives its values column by column from the row
 * below; a title line may carry the number and the date; a receipt's date may stand on a line of its own. Each
 * candidate carries a score (how it was found) and its line (its reading order); financial.ts chooses among them.
 *
 * @module
 */
import { FIELD_LABELS, findLabels, mayHoldFieldLabel, type FinancialField } from './labels.ts';
import { amountsIn, compactDayFirstDate, dateAfterLabel, datesIn, ocrYearDate, slashMisreadDate } from './normalize.ts';
import { below, type Line, rightOf } from './page-lines.ts';
import { CONTACT_LINE, DELIVERY_HEADING, joinAddressLines, nameUnderHeading } from './parties.ts';

export interface Candidate {
  readonly field: string;
  readonly value: string;
  /** 0–1: how it was found. */
  readonly score: number;
  /** Reading position, for "the last total wins" ties. */
  readonly order: number;
}

/** ISO codes of currencies a column head may name. */
const CURRENCY_CODE =
  /(?<![A-Z])(?:USD|EUR|GBP|CHF|JPY|CNY|INR|MYR|SGD|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|HKD|ZAR|AED|SAR|BRL|MXN|TRY|RUB|KRW|THB|IDR|PHP|VND)(?![A-Z])/g;

/**
 * Which of `count` amounts on a line is in `currency`, when a header a few
 * lines above names one currency per amount column, in order ("USD EUR",
 * "Amount (USD)  Amount (EUR)", "Betrag CHF  Betrag EUR").
 */
function currencyColumn(lines: readonly Line[], at: number, count: number, currency: string | undefined): number | undefined {
  if (!currency) return undefined;
  for (let i = at - 1; i >= Math.max(0, at - 8); i--) {
    const codes: string[] = lines[i].text.match(CURRENCY_CODE) ?? [];
    if (codes.length === count && new Set(codes).size === count && !amountsIn(lines[i].text).length) {
      const column = codes.indexOf(currency);
      return column >= 0 ? column : undefined;
    }
  }
  return undefined;
}

/** An IBAN as printed, in groups of four or not (its check digits are not needed to know it is no amount). */
const IBAN_SHAPE = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?(?![A-Z0-9])/g;
/** An account or reference number: a token of eight digits or more, or of letters and digits mixed (not a currency glued to an amount). */
const IDENTIFIER_TOKEN =
  /(?<![\p{L}\p{N}.,])(?:\d{8,}|(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})(?!(?:RM|MYR|EUR|USD|SGD|GBP|CHF)\d)[\p{L}\d]+(?:-[\p{L}\d]+)*)(?![\p{L}\p{N}.,]\d)/gu;

/**
 * A label's region with IBANs and other identifiers blanked out (same length, so offsets still hold): the digits that
 * end an IBAN ("… 5555 00") or an account number are no amount, whatever label stands before them ("Please pay to IBAN …").
 */
export function withoutIdentifiers(region: string): string {
  const blank = (m: string) => ' '.repeat(m.length);
  return region.replace(IBAN_SHAPE, blank).replace(IDENTIFIER_TOKEN, (m) => (/^\d{1,7}$/.test(m) ? m : blank(m)));
}

/** A number followed by a period word is a term, not money: "30 days", "14 Tage(n)", "30 jours", "30 días", "30 giorni", "30 dagen". */
const PERIOD_AFTER = /^\s*(?:days?|jours?|tagen?|tage|días|dias|giorni|dagen|months?|monate?n?|mois|meses|mesi|maanden)(?![\p{L}])/iu;

export const AMOUNT_FIELDS: ReadonlySet<FinancialField> = new Set(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);

const clean = (s: string) =>
  s
    .replace(/^[\s:#.,;=\-–—|]+/u, '')
    .replace(/^(?:no|nr|number|num|n°|nº|#)\b\.?\s*[:#]?\s*/iu, '')
    .trim();

function identifierIn(region: string): string | undefined {
  for (const token of clean(region).split(/\s+/)) {
    const t = token.replace(/[,;]$/, '');
    if (t.length >= 2 && /\d/.test(t) && /^[\p{L}\p{N}][\p{L}\p{N}/_.-]*$/u.test(t) && !datesIn(t).length && !/^\d+[.,]\d{2}$/.test(t)) return t;
  }
  return undefined;
}

export interface LabelHit {
  readonly field: FinancialField;
  readonly start: number;
  readonly end: number;
}

/**
 * A tax word qualified by inclusion or exclusion names another amount:
 * "Total (Inclusive of GST) 42.40", "Total Includes GST 6% 2.40", "TTC",
 * "inkl. MwSt." are totals; "Total Sales (Excluding GST)", "ohne MwSt",
 * "hors taxes", "sin IVA" are net amounts. Checked on the words just
 * before the tax word, so "GST 0.36" stays a tax amount.
 */
function taxScope(lower: string, hit: LabelHit): FinancialField {
  if (hit.field !== 'tax_amount') return hit.field;
  const before = lower.slice(Math.max(0, hit.start - 20), hit.start);
  if (/(?:excl\.?|exclusive|excluding|exclusief|exkl\.?|ohne|before|hors|sans|sin|senza|w\/o|without)\s*(?:of\s*)?\(?\s*$/u.test(before))
    return 'subtotal';
  if (
    /(?:incl\.?|inclusive|includes?|including|inc\.?|clusive|inkl\.?|inclusief|incluido|incluso|incluse|compris|with)\s*(?:of\s*)?\(?\s*$/u.test(
      before,
    )
  )
    return 'total_amount';
  return hit.field;
}

/** Label hits per line, found once: several passes ask for them. */
const labelCache = new WeakMap<Line, LabelHit[]>();

export function labelsOn(line: Line): LabelHit[] {
  const cached = labelCache.get(line);
  if (cached) return cached;
  const hits: LabelHit[] = [];
  if (!mayHoldFieldLabel(line.lower)) {
    labelCache.set(line, hits);
    return hits;
  }
  for (const [field, labels] of Object.entries(FIELD_LABELS) as [FinancialField, readonly string[]][]) {
    // Every place a label sits: a row of labels may repeat one ("Factuur datum … Factuur …").
    for (const label of labels) for (const at of findLabels(line.lower, label)) hits.push({ field, start: at, end: at + label.length });
  }
  hits.sort((a, b) => b.end - b.start - (a.end - a.start));
  const kept: LabelHit[] = [];
  for (const h of hits) if (!kept.some((k) => h.start < k.end && k.start < h.end)) kept.push(h);
  kept.sort((a, b) => a.start - b.start);
  labelCache.set(line, kept);
  return kept;
}

/** A row of labels only: its values are read column by column from the row below (see {@link labelRowCandidates}). */
function isLabelRow(line: Line, hits: readonly LabelHit[]): boolean {
  if (hits.length < 2 || !line.words) return false;
  const leftover = hits.reduce((text, h) => text.replace(line.text.slice(h.start, h.end), ''), line.text);
  return !/[\p{N}]/u.test(leftover) && leftover.replace(/[\s:#.]/gu, '').length <= 12;
}

/** What the candidate readers share: the document's lines, where candidates go, and the document's conventions. */
export interface CandidateContext {
  readonly lines: readonly Line[];
  readonly add: (field: string, raw: string | undefined, score: number, order: number) => void;
  /** Whether a candidate for the field was found already. */
  readonly has: (field: string) => boolean;
  readonly monthFirst: boolean;
  readonly documentCurrency?: string;
  /** The document writes amounts with cents (then a whole number after a total label is suspect). */
  readonly centsWritten: boolean;
}

/** One label on a line, and where its value may be. */
interface LabelAt {
  readonly line: Line;
  readonly order: number;
  readonly hit: LabelHit;
  readonly hits: readonly LabelHit[];
  readonly i: number;
  /** The line's text after the label, up to the next label. */
  readonly region: string;
  /** That, or the text to its right on the same row when the label ends its part of the line. */
  readonly sameRow: string;
  /** The line under the label's. */
  readonly under: () => string;
  /** A short line without a colon ("Käufer/Leistungsempfänger", "Bill to"): a heading over its party's lines. */
  readonly heading: boolean;
}

/** An invoice or order number after its label (a bare title word names it less surely). */
function numberLabel(ctx: CandidateContext, at: LabelAt): void {
  const { add } = ctx;
  const { line, order, hit, sameRow, under } = at;
  const value = identifierIn(sameRow) ?? (sameRow.trim() ? undefined : identifierIn(under()));
  // The bare word "Invoice" is a title more often than a label.
  const title = line.lower.slice(hit.start, hit.end);
  const bare = /^(?:invoice|rechnung|facture|factura|fattura|factuur|credit note|gutschrift|avoir|creditnota)$/u.test(title);
  // French "avoir" is also the verb "to have": a title only where it opens the line ("Avoir AV-2017-0005").
  if (title === 'avoir' && line.text.slice(0, hit.start).trim()) return;
  // A label inside a sentence ("please quote your customer number and document number 4711") names the number less surely.
  const prose =
    line.text
      .slice(0, hit.start)
      .split(/\s+/)
      .filter((w) => /^\p{L}{2,}$/u.test(w)).length >= 4;
  add(hit.field, value, bare ? 0.55 : prose ? 0.6 : 0.9, order);
}

/** A date after its label, on the line, to its right, or under it. */
function dateLabel(ctx: CandidateContext, at: LabelAt): void {
  const { add, monthFirst } = ctx;
  const { line, order, hit, sameRow, under } = at;
  const value = datesIn(sameRow, { monthFirst })[0]?.value ?? dateAfterLabel(sameRow, { monthFirst }) ?? datesIn(under(), { monthFirst })[0]?.value;
  const generic = /^(?:date|datum|fecha|data)$/u.test(line.lower.slice(hit.start, hit.end));
  add(hit.field, value, generic ? 0.7 : 0.9, order);
}

/** An amount after a subtotal, tax, total or amount-due label (not a VAT id, a rate, a period or a count). */
function amountLabel(ctx: CandidateContext, at: LabelAt): void {
  const { lines, add, documentCurrency, centsWritten } = ctx;
  const { line, order, hit, hits, i, sameRow } = at;
  // "TVA : FR62481937502", "VAT: GB574019283": a tax label followed by a VAT id, not an amount.
  const vatId = hit.field === 'tax_amount' ? /^\s*[:.]?\s*([A-Z]{2}\s?[0-9A-Z]{8,12})(?![0-9A-Z])/u.exec(sameRow) : null;
  if (vatId && /\d{6,}/.test(vatId[1]) && !/\b(?:client|customer|buyer|acheteur|kunden?|cliente|klant)\b/iu.test(line.text)) {
    add('vendor_tax_id', vatId[1].replace(/\s+/g, ''), 0.85, order);
    return;
  }
  // "Total for this invoice $4.11": a bare word that is also a label ("invoice") does not end the total's region
  // when no amount comes before it and no other amount label follows.
  const later = hits.slice(i + 1);
  const amountRow = withoutIdentifiers(
    !amountsIn(sameRow).length && later.length && later.every((h) => !AMOUNT_FIELDS.has(h.field)) && amountsIn(line.text.slice(hit.end)).length
      ? line.text.slice(hit.end)
      : sameRow,
  );
  // Not rates ("19 %") nor periods ("balance at 30 days", "zahlbar in 14 Tagen").
  const amounts = amountsIn(amountRow).filter(
    (a) => !/%/.test(amountRow.slice(a.end, a.end + 2)) && !PERIOD_AFTER.test(amountRow.slice(a.end, a.end + 12)),
  );
  // Amounts in two currency columns ("USD EUR" over "119.95 109.15"): the document currency's column.
  const column = amounts.length >= 2 ? currencyColumn(lines, order, amounts.length, documentCurrency) : undefined;
  const value = column !== undefined ? amounts[column].value : amounts.length ? amounts[amounts.length - 1].value : undefined;
  // "Gesamtbetrag der Zuschläge 0,00", "Total tax rate": words between label and amount make it another quantity.
  const between = amounts.length ? amountRow.slice(0, amounts[amounts.length - 1].start) : amountRow;
  const qualified =
    hit.field !== 'tax_amount' &&
    /\p{L}{3,}(?:\s+\p{L}{3,})/u.test(
      between.replace(
        /(?<![\p{L}])(?:eur|usd|gbp|chf|inr|myr|rm|incl|excl|inc|includes?|inclusive|including|of|vat|gst|tax|btw|mwst|ttc|ht|amt|amount|rounded|rounding|due|payable|paid|sales|net|gross|for|this|the|invoice|bill)(?![\p{L}])/giu,
        '',
      ),
    );
  // "Total Qty: 3", "Total items 5", "Anzahl": counts, not money.
  const count = /^\s*(?:qty|quantity|items?|pcs|pieces|count|units|menge|anzahl|articles?|artikel|quantité|cantidad|quantità|aantal)\b/iu.test(
    between,
  );
  // Money is written with cents; a bare "1" after "Total" is a count (often an OCR-damaged "Total items").
  const last = amounts[amounts.length - 1];
  const whole = last !== undefined && !/[.,]\d{1,2}(?!\d)/.test(amountRow.slice(last.start, last.end)) && centsWritten;
  if (!count) add(hit.field, value, whole ? 0.45 : qualified ? 0.5 : 0.8, order);
}

/** Payment terms: the text after their label. */
function termsLabel(ctx: CandidateContext, at: LabelAt): void {
  const { add } = ctx;
  const { order, hit, sameRow, under } = at;
  const value = clean(sameRow || under()).slice(0, 120);
  if (value && !/^\d+[.,]\d{2}$/.test(value)) add(hit.field, value, 0.8, order);
}

/** The seller's tax id after its label (not the customer's). */
function taxIdLabel(ctx: CandidateContext, at: LabelAt): void {
  const { add } = ctx;
  const { line, order, hit, sameRow } = at;
  // "N° TVA client", "Customer VAT no", "USt-IdNr. des Kunden": the buyer's id, not the seller's.
  if (/\b(?:client|customer|buyer|acheteur|kunden?|käufers?|cliente|klant|afnemer|destinataire)\b/iu.test(line.text)) return;
  const m = /([A-Z]{2}\s?)?[\dA-Z][\dA-Z .\-/]{4,20}[\dA-Z]/u.exec(clean(sameRow));
  if (m && /\d{4,}/.test(m[0].replace(/\s/g, ''))) {
    const value = m[0].replace(/\s+/g, ' ').trim();
    // A VAT id (country prefix + digits) names the seller better than a local tax number.
    add(hit.field, value, /^[A-Z]{2}\s?[0-9A-Z]{8,12}$/.test(value) ? 0.9 : 0.75, order);
  }
}

/** The customer's name and address block under or after a bill-to label. */
function customerLabel(ctx: CandidateContext, at: LabelAt): void {
  const { lines, add } = ctx;
  const { line, order, hit, hits, i, region, heading } = at;
  // "Customer VAT Number", "Client No.": the party word qualifies another label, it heads no party.
  if (hits[i + 1] && hits[i + 1].start - hit.end <= 2) return;
  if (/^\s*(?:no\b|nr\b|n°|number|id\b|#)/iu.test(line.text.slice(hit.end))) return;
  const value = heading ? '' : clean(region);
  const [next, ...address] = below(lines, line, 6);
  const named = value ? undefined : nameUnderHeading(below(lines, line, 4));
  const name = value && !amountsIn(value).length ? value : (named ?? next?.text);
  const labelLike = (t: string) =>
    /[:：]\s*$/.test(t) ||
    labelsOn({ ...line, text: t, lower: t.toLowerCase() }).length > 0 ||
    /^(?:number|no|nr|id|service|care|support)\b/i.test(t.trim());
  if (name && name.length > 1 && !labelLike(name) && name.split(/\s+/).length <= 8) {
    add('customer_name', name.trim(), 0.85, order);
    // The whole block under the name, up to the first line that is something else (a label, a contact line).
    const addressLines = (value ? [next, ...address] : address).filter(Boolean).slice(0, 5);
    const stop = addressLines.findIndex((l) => labelsOn(l).length > 0 || CONTACT_LINE.test(l.text) || datesIn(l.text).length > 0);
    const kept = stop >= 0 ? addressLines.slice(0, stop) : addressLines;
    if (kept.length) add('customer_address', joinAddressLines(kept.map((l) => l.text)), 0.7, order);
  }
}

/** The seller's name after or under a seller label ("Sold by", "From:"), unless the label sits in prose. */
function vendorLabel(ctx: CandidateContext, at: LabelAt): void {
  const { lines, add } = ctx;
  const { line, order, hit, region, heading } = at;
  // A one-word label after words of prose, with no colon, is prose ("Tell us how we did, reply from" over
  // "our app or web site"); the preposition "from" counts only as a line's first word ("From: ACME", not
  // "Greetings from Example Cloud Services, we're …"). Two-word labels ("sold by", "provided by") name the
  // seller in a sentence too.
  const wordsBefore = line.text
    .slice(0, hit.start)
    .split(/\s+/)
    .filter((w) => /\p{L}{2,}/u.test(w)).length;
  const label = line.lower.slice(hit.start, hit.end);
  if (!/\s/.test(label.trim()) && wordsBefore >= (label === 'from' ? 1 : 2) && !/^\s*[:：]/u.test(line.text.slice(hit.end))) return;
  const sameLine = heading ? '' : clean(region);
  // "PRODUCT(S) PROVIDED BY:" with nothing after the colon: the name is under it.
  const underGap = /[:：]\s*$/.test(line.text) ? 4.5 : 1.8;
  const value =
    (/[\p{L}\p{N}]/u.test(sameLine) ? sameLine : '') || nameUnderHeading(below(lines, line, 4, underGap)) || below(lines, line, 1, underGap)[0]?.text;
  // "Sold by", "Provided by": explicit, above the guess from a mail domain (which may be the customer's).
  if (value && !/[:：]\s*$/.test(value)) add('vendor_name', value.trim(), /\s/.test(label.trim()) ? 0.85 : 0.8, order);
}

const READERS: Partial<Record<FinancialField, (ctx: CandidateContext, at: LabelAt) => void>> = {
  invoice_number: numberLabel,
  purchase_order: numberLabel,
  invoice_date: dateLabel,
  due_date: dateLabel,
  subtotal: amountLabel,
  tax_amount: amountLabel,
  total_amount: amountLabel,
  amount_due: amountLabel,
  payment_terms: termsLabel,
  vendor_tax_id: taxIdLabel,
  customer_name: customerLabel,
  vendor_name: vendorLabel,
};

/** Every labelled value on every line that is not a row of labels only. */
export function labelledCandidates(ctx: CandidateContext): void {
  const { lines } = ctx;
  lines.forEach((line, order) => {
    const hits = labelsOn(line);
    if (isLabelRow(line, hits)) return;
    hits.forEach((labelHit, i) => {
      const hit = { ...labelHit, field: taxScope(line.lower, labelHit) };
      const region = line.text.slice(hit.end, hits[i + 1]?.start ?? line.text.length);
      const sameRow = region.trim() ? region : rightOf(lines, line);
      const under = () =>
        below(lines, line, 1)
          .map((l) => l.text)
          .join(' ');
      const heading = !/[:：]/.test(line.text) && line.text.trim().split(/\s+/).length <= 3;
      READERS[hit.field]?.(ctx, { line, order, hit, hits, i, region, sameRow, under, heading });
    });
  });
}

/** No bill-to party: the delivery recipient is the customer, weakly ("Delivery Address", "Adresse de livraison"). */
function deliveryCustomer({ lines, add, has }: CandidateContext): void {
  if (has('customer_name')) return;
  const delivery = lines.find((l) => l.pageIndex === 0 && DELIVERY_HEADING.test(l.text.trim()));
  const name = delivery ? nameUnderHeading(below(lines, delivery, 4)) : undefined;
  if (name && name.split(/\s+/).length <= 8) add('customer_name', name, 0.6, lines.indexOf(delivery!));
}

/**
 * A row of labels with their values on the row below, column by column
 * ("Invoice Date:  Due Date:  Reference:" over "03/20/2023  04/04/2023  INV/8").
 */
function labelRowCandidates({ lines, add, monthFirst }: CandidateContext): void {
  lines.forEach((line, order) => {
    const hits = labelsOn(line);
    if (!isLabelRow(line, hits)) return;
    const next = below(lines, line, 1)[0];
    if (!next?.words) return;
    const x = (charAt: number) => line.words!.find((w) => w.start <= charAt && charAt < w.start + w.text.length + 1)?.bbox[0];
    hits.forEach((hit, i) => {
      const from = x(hit.start);
      const to = i + 1 < hits.length ? x(hits[i + 1].start) : 1.01;
      if (from === undefined || to === undefined) return;
      const value = next
        .words!.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= from - 0.01 && (w.bbox[0] + w.bbox[2]) / 2 < to - 0.005)
        .map((w) => w.text)
        .join(' ');
      if (!value) return;
      if (hit.field === 'invoice_date' || hit.field === 'due_date') add(hit.field, datesIn(value, { monthFirst })[0]?.value, 0.85, order);
      else if (hit.field === 'invoice_number' || hit.field === 'purchase_order') add(hit.field, identifierIn(value), 0.8, order);
      // A rate column ("BTW %" over "21 %") holds no amount.
      else if (AMOUNT_FIELDS.has(hit.field))
        add(
          hit.field,
          amountsIn(value)
            .filter((a) => !/^\s?%/.test(value.slice(a.end, a.end + 2)))
            .pop()?.value,
          0.75,
          order,
        );
    });
  });
}

/** Title lines that carry number and date: "Handelsrechnung (380) Nr. 20431 vom 03.02.2026", "Invoice No. 123 dated 2 May 2026". */
function titleLineCandidates({ lines, add, monthFirst }: CandidateContext): void {
  lines.forEach((line, order) => {
    if (!/(?:invoice|rechnung|facture|factura|fattura|factuur|receipt|quittung)/iu.test(line.lower)) return;
    const number = /(?:nr|no|n°|nº|num|number|#)\.?\s*[:#]?\s*([\p{L}\p{N}][\p{L}\p{N}/_.-]*\d[\p{L}\p{N}/_.-]*)/iu.exec(line.text);
    if (number && !datesIn(number[1]).length) add('invoice_number', number[1], 0.75, order);
    const dated = /(?:vom|du|del|dated|of|from|datum|date)\s+(.{6,30})$/iu.exec(line.text);
    if (dated) add('invoice_date', datesIn(dated[1], { monthFirst })[0]?.value, 0.75, order);
    // "… Nr. 20431 vom" with the date set apart at the right of the same row.
    else if (/(?<![\p{L}])(?:vom|du|del|dated|datum|date)\s*:?\s*$/iu.test(line.text))
      add('invoice_date', datesIn(rightOf(lines, line), { monthFirst })[0]?.value, 0.75, order);
  });
}

/**
 * A date with no label at all (receipts print it on a line of its own): the first one, weakly; failing that, more
 * weakly each, a till's eight-digit day-first date ("30032018"), a date whose year OCR misread into no plausible year
 * ("09/03/2318"), a till's date whose slashes OCR read as digits before the time ("210972017 10:20:37").
 */
function unlabelledDate({ lines, add, has, monthFirst }: CandidateContext): void {
  if (has('invoice_date')) return;
  const readers: [(text: string) => string | undefined, number][] = [
    [(t) => datesIn(t, { monthFirst })[0]?.value, 0.5],
    [compactDayFirstDate, 0.4],
    [(t) => ocrYearDate(t, { monthFirst }), 0.35],
    [(t) => slashMisreadDate(t, { monthFirst }), 0.3],
  ];
  for (const [read, score] of readers) {
    const found = lines.map((l, order) => ({ order, date: read(l.text) })).find((d) => d.date);
    if (found) return add('invoice_date', found.date, score, found.order);
  }
}

/** The candidates beyond a label's own line: the delivery party, rows of labels, title lines, a date standing alone. */
export function otherCandidates(ctx: CandidateContext): void {
  deliveryCustomer(ctx);
  labelRowCandidates(ctx);
  titleLineCandidates(ctx);
  unlabelledDate(ctx);
}
