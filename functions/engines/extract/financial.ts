/**
 * Invoice and receipt extraction from the document model: labels found on
 * lines (in six languages) give candidates, the page geometry says where a
 * label's value is (after it on the line, to its right on the same row, or
 * below it), tables give line items, and arithmetic decides between
 * candidates (line totals sum to the subtotal, subtotal plus tax is the
 * total). Every entity gets a confidence: how it was found and whether the
 * numbers agree.
 *
 * @module
 */
import { type DocumentPage } from '../document-model.ts';
import { ibanValid } from '../redact/validators.ts';
import { citeLines, ground, groundItems, type Citation, type Citations } from './grounding.ts';
import { FIELD_LABELS, findLabels, mayHoldFieldLabel, type FinancialField } from './labels.ts';
import { amountsIn, compactDayFirstDate, dateAfterLabel, datesIn, detectCurrency, ocrYearDate, slashMisreadDate } from './normalize.ts';
import receiptModel from './receipt-model.json' with { type: 'json' };
import { canonicalSdnBhd, withMangledBhd } from './legal-forms.ts';
import { RECEIPT_VOCABULARY } from './receipt-vocabulary.ts';
import { correctAddressCodes, correctBracketCodes, correctText, restoreAmpersands, type WordVocabulary } from './ocr-words.ts';
import {
  RANKED_FIELDS, pick, rankCandidates, type RankCandidate, type RankInput, type RankedField, type RankerModel, wholeCompanyName,
} from './receipt-ranker.ts';
import { mentionsPayment, paidAmount } from './tendered.ts';
import { below, type Line, height, linesOf, linesOnPage, rightOf, vOverlap } from './page-lines.ts';
import {
  COMPANY, CONTACT_LINE, DELIVERY_HEADING, DOCUMENT_TITLE, LEADING_MARKS, REGISTRATION_LINE, REGISTRATION_SUFFIX, joinAddressLines, nameUnderHeading,
  partyName, paymentProviderLine, webNames, withoutTitle,
} from './parties.ts';
import {
  money, courtesyLine, includedTaxRow, netPlusTaxRow, sumForMisreadTotal, unreadableName, unsureWords, withInitialsAsLetters, withUnitListAmpersands,
  withoutItemHeadings, withoutLeadingNumber, withoutLeadingStray, withoutLogoNoise, withoutTrailingId,
} from './receipt-repairs.ts';
import { close, lineItems, type LineItem } from './line-items.ts';
import type { InvoiceCandidate, InvoiceField } from './invoice-candidates.ts';
import { chooseInvoiceFields, INVOICE_MODEL, type InvoiceModel } from './invoice-ranker.ts';

// Re-exported for the modules and tests that read them from here.
export type { LineItem } from './line-items.ts';
export { inReadingOrder, linesOf } from './page-lines.ts';
export { COMPANY, joinAddressLines, partyName, paymentProviderLine, withoutTitle } from './parties.ts';
export {
  courtesyLine, includedTaxRow, netPlusTaxRow, sumForMisreadTotal, unreadableName, unsureWords, withInitialsAsLetters, withoutItemHeadings,
  withoutLeadingNumber, withoutLeadingStray, withoutLogoNoise, withoutTrailingId, withUnitListAmpersands,
} from './receipt-repairs.ts';

export interface FinancialExtraction {
  readonly entities: Record<string, string>;
  readonly confidence: Record<string, number>;
  readonly line_items: LineItem[];
  /** Where each entity and line item was read (absent for values that come from data, not pages: an e-invoice's XML). */
  readonly citations?: Citations;
}

/** Every entity field, in the order documented in docs/api.md. */
export const FINANCIAL_FIELDS = [
  'invoice_number', 'invoice_date', 'due_date', 'vendor_name', 'vendor_address', 'vendor_tax_id', 'customer_name', 'customer_address',
  'purchase_order', 'currency', 'subtotal', 'tax_amount', 'total_amount', 'amount_due', 'payment_terms', 'iban', 'bic',
] as const;

interface Candidate {
  readonly field: string;
  readonly value: string;
  /** 0–1: how it was found. */
  readonly score: number;
  /** Reading position, for "the last total wins" ties. */
  readonly order: number;
}

/** ISO codes of currencies a column head may name. */
const CURRENCY_CODE = /(?<![A-Z])(?:USD|EUR|GBP|CHF|JPY|CNY|INR|MYR|SGD|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|HKD|ZAR|AED|SAR|BRL|MXN|TRY|RUB|KRW|THB|IDR|PHP|VND)(?![A-Z])/g;

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

/** A credit note's title: "Credit note CN-12", "Gutschrift", "Avoir AV-7" (French "avoir" only opening a line: it is also a verb). */
const CREDIT_NOTE_TITLE = /^(?:[-–*=\s]*)(?:credit\s*note|credit\s*memo|gutschrift|avoir|nota\s+de\s+cr[ée]dito|nota\s+di\s+credito|creditnota)(?![\p{L}])/iu;

function isCreditNote(lines: readonly Line[]): boolean {
  return lines.some((l) => l.pageIndex === 0 && l.bbox[1] < 0.35 && CREDIT_NOTE_TITLE.test(l.text.trim()));
}

/** An IBAN as printed, in groups of four or not (its check digits are not needed to know it is no amount). */
const IBAN_SHAPE = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?(?![A-Z0-9])/g;
/** An account or reference number: a token of eight digits or more, or of letters and digits mixed (not a currency glued to an amount). */
const IDENTIFIER_TOKEN = /(?<![\p{L}\p{N}.,])(?:\d{8,}|(?=[\p{L}\d-]*\d)(?=[\p{L}\d-]*\p{L})(?!(?:RM|MYR|EUR|USD|SGD|GBP|CHF)\d)[\p{L}\d]+(?:-[\p{L}\d]+)*)(?![\p{L}\p{N}.,]\d)/gu;

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

const AMOUNT_FIELDS: ReadonlySet<FinancialField> = new Set(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);

const clean = (s: string) => s.replace(/^[\s:#.,;=\-–—|]+/u, '').replace(/^(?:no|nr|number|num|n°|nº|#)\b\.?\s*[:#]?\s*/iu, '').trim();

function identifierIn(region: string): string | undefined {
  for (const token of clean(region).split(/\s+/)) {
    const t = token.replace(/[,;]$/, '');
    if (t.length >= 2 && /\d/.test(t) && /^[\p{L}\p{N}][\p{L}\p{N}/_.-]*$/u.test(t) && !datesIn(t).length && !/^\d+[.,]\d{2}$/.test(t)) return t;
  }
  return undefined;
}

interface LabelHit {
  readonly field: FinancialField;
  readonly start: number;
  readonly end: number;
}

/** Label matches on a line, longest first, none inside another. */
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
  if (/(?:excl\.?|exclusive|excluding|exclusief|exkl\.?|ohne|before|hors|sans|sin|senza|w\/o|without)\s*(?:of\s*)?\(?\s*$/u.test(before)) return 'subtotal';
  if (/(?:incl\.?|inclusive|includes?|including|inc\.?|clusive|inkl\.?|inclusief|incluido|incluso|incluse|compris|with)\s*(?:of\s*)?\(?\s*$/u.test(before)) return 'total_amount';
  return hit.field;
}

/** Label hits per line, found once: several passes ask for them. */
const labelCache = new WeakMap<Line, LabelHit[]>();

function labelsOn(line: Line): LabelHit[] {
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

/**
 * The document's own date order, from its unambiguous numeric dates: a
 * "11/17/2017" proves month-first, a "25/12/2018" day-first. Undefined when
 * it has neither, or both (then the currency decides).
 */
function dateOrderOf(text: string): boolean | undefined {
  let monthFirst = false;
  let dayFirst = false;
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})[/-](\d{1,2})[/-](?:\d{4}|\d{2})(?![\d/-])/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dayFirst = true;
    if (b > 12 && a <= 12) monthFirst = true;
  }
  return monthFirst === dayFirst ? undefined : monthFirst;
}

/**
 * Printed amounts that add up (net + tax = gross): to the cent, a cent more per extra tax rate. Not `close`'s
 * 0.1 %: on 3,145.80 that lets a stray "3" (from "section 12-3") pass for the tax.
 */
const sumsTo = (a: number, b: number, terms = 2) => Math.abs(a - b) <= 0.006 + 0.005 * terms;

export interface FinancialOptions {
  readonly monthFirst?: boolean;
  /** The receipt ranker's weights: the committed model by default; `null` for the hand rules alone (training, comparisons). */
  readonly receiptModel?: RankerModel | null;
  /** Sees the ranker's candidates of every scanned single page (training). */
  readonly onCandidates?: (candidates: Record<RankedField, RankCandidate[]>) => void;
  /** Receipt words for OCR correction of the ranked name and address: the committed vocabulary by default; `null` for none. */
  readonly wordVocabulary?: WordVocabulary | null;
  /** The invoice ranker's weights: the committed model by default; `null` for the hand rules alone (training, comparisons). */
  readonly invoiceModel?: InvoiceModel | null;
  /** Sees the invoice ranker's candidates of every document it ranks (training). */
  readonly onInvoiceCandidates?: (candidates: Record<InvoiceField, InvoiceCandidate[]>) => void;
}

/** The committed receipt vocabulary: general words of the receipt languages (receipt-vocabulary.ts), no document's. */
export const RECEIPT_WORDS = RECEIPT_VOCABULARY;

/** The committed receipt model (scripts/train/extract.ts). */
export const RECEIPT_MODEL = receiptModel as RankerModel;

export function extractFinancial(pages: readonly DocumentPage[], options: FinancialOptions = {}): FinancialExtraction {
  const lines = linesOf(pages);
  const allText = pages.map((p) => p.text).join('\n');
  // Else the currency the document is written in (US dollars: month-first), not a stray "$" on a ringgit receipt.
  const documentCurrency = detectCurrency(allText);
  const monthFirst =
    options.monthFirst ?? dateOrderOf(allText) ?? (documentCurrency ? documentCurrency === 'USD' : /\$/.test(allText) && !/€|£/.test(allText));
  const candidates: Candidate[] = [];
  const add = (field: string, raw: string | undefined, score: number, order: number) => {
    const value = raw !== undefined && (field === 'vendor_name' || field === 'customer_name') ? partyName(raw) : raw;
    if (value !== undefined && value !== '') candidates.push({ field, value, score, order });
  };

  /** A row of labels only: its values are read column by column from the row below (see below). */
  const isLabelRow = (line: Line, hits: readonly LabelHit[]) => {
    if (hits.length < 2 || !line.words) return false;
    const leftover = hits.reduce((text, h) => text.replace(line.text.slice(h.start, h.end), ''), line.text);
    return !/[\p{N}]/u.test(leftover) && leftover.replace(/[\s:#.]/gu, '').length <= 12;
  };

  // Whether the document writes amounts with cents (then a whole number after a total label is suspect).
  const centsWritten = /\d[.,]\d{2}(?!\d)/.test(allText);
  lines.forEach((line, order) => {
    const hits = labelsOn(line);
    if (isLabelRow(line, hits)) return;
    hits.forEach((labelHit, i) => {
      const hit = { ...labelHit, field: taxScope(line.lower, labelHit) };
      const region = line.text.slice(hit.end, hits[i + 1]?.start ?? line.text.length);
      const sameRow = region.trim() ? region : rightOf(lines, line);
      const under = () => below(lines, line, 1).map((l) => l.text).join(' ');
      // A short line without a colon ("Käufer/Leistungsempfänger", "Bill to") is a heading over its party's lines.
      const heading = !/[:：]/.test(line.text) && line.text.trim().split(/\s+/).length <= 3;
      switch (hit.field) {
        case 'invoice_number':
        case 'purchase_order': {
          const value = identifierIn(sameRow) ?? (sameRow.trim() ? undefined : identifierIn(under()));
          // The bare word "Invoice" is a title more often than a label.
          const title = line.lower.slice(hit.start, hit.end);
          const bare = /^(?:invoice|rechnung|facture|factura|fattura|factuur|credit note|gutschrift|avoir|creditnota)$/u.test(title);
          // French "avoir" is also the verb "to have": a title only where it opens the line ("Avoir AV-2017-0005").
          if (title === 'avoir' && line.text.slice(0, hit.start).trim()) break;
          // A label inside a sentence ("please quote your customer number and document number 4711") names the number less surely.
          const prose = line.text.slice(0, hit.start).split(/\s+/).filter((w) => /^\p{L}{2,}$/u.test(w)).length >= 4;
          add(hit.field, value, bare ? 0.55 : prose ? 0.6 : 0.9, order);
          break;
        }
        case 'invoice_date':
        case 'due_date': {
          const value = datesIn(sameRow, { monthFirst })[0]?.value ?? dateAfterLabel(sameRow, { monthFirst }) ?? datesIn(under(), { monthFirst })[0]?.value;
          const generic = /^(?:date|datum|fecha|data)$/u.test(line.lower.slice(hit.start, hit.end));
          add(hit.field, value, generic ? 0.7 : 0.9, order);
          break;
        }
        case 'subtotal':
        case 'tax_amount':
        case 'total_amount':
        case 'amount_due': {
          // "TVA : FR11999999998", "VAT: GB123456789": a tax label followed by a VAT id, not an amount.
          const vatId = hit.field === 'tax_amount' ? /^\s*[:.]?\s*([A-Z]{2}\s?[0-9A-Z]{8,12})(?![0-9A-Z])/u.exec(sameRow) : null;
          if (vatId && /\d{6,}/.test(vatId[1]) && !/\b(?:client|customer|buyer|acheteur|kunden?|cliente|klant)\b/iu.test(line.text)) {
            add('vendor_tax_id', vatId[1].replace(/\s+/g, ''), 0.85, order);
            break;
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
          const amounts = amountsIn(amountRow).filter((a) => !/%/.test(amountRow.slice(a.end, a.end + 2)) && !PERIOD_AFTER.test(amountRow.slice(a.end, a.end + 12)));
          // Amounts in two currency columns ("USD EUR" over "119.95 109.15"): the document currency's column.
          const column = amounts.length >= 2 ? currencyColumn(lines, order, amounts.length, documentCurrency) : undefined;
          const value = column !== undefined ? amounts[column].value : amounts.length ? amounts[amounts.length - 1].value : undefined;
          // "Gesamtbetrag der Zuschläge 0,00", "Total tax rate": words between label and amount make it another quantity.
          const between = amounts.length ? amountRow.slice(0, amounts[amounts.length - 1].start) : amountRow;
          const qualified =
            hit.field !== 'tax_amount' &&
            /\p{L}{3,}(?:\s+\p{L}{3,})/u.test(
              between.replace(/(?<![\p{L}])(?:eur|usd|gbp|chf|inr|myr|rm|incl|excl|inc|includes?|inclusive|including|of|vat|gst|tax|btw|mwst|ttc|ht|amt|amount|rounded|rounding|due|payable|paid|sales|net|gross|for|this|the|invoice|bill)(?![\p{L}])/giu, ''),
            );
          // "Total Qty: 3", "Total items 5", "Anzahl": counts, not money.
          const count = /^\s*(?:qty|quantity|items?|pcs|pieces|count|units|menge|anzahl|articles?|artikel|quantité|cantidad|quantità|aantal)\b/iu.test(between);
          // Money is written with cents; a bare "1" after "Total" is a count (often an OCR-damaged "Total items").
          const last = amounts[amounts.length - 1];
          const whole = last !== undefined && !/[.,]\d{1,2}(?!\d)/.test(amountRow.slice(last.start, last.end)) && centsWritten;
          if (!count) add(hit.field, value, whole ? 0.45 : qualified ? 0.5 : 0.8, order);
          break;
        }
        case 'payment_terms': {
          const value = clean(sameRow || under()).slice(0, 120);
          if (value && !/^\d+[.,]\d{2}$/.test(value)) add(hit.field, value, 0.8, order);
          break;
        }
        case 'vendor_tax_id': {
          // "N° TVA client", "Customer VAT no", "USt-IdNr. des Kunden": the buyer's id, not the seller's.
          if (/\b(?:client|customer|buyer|acheteur|kunden?|käufers?|cliente|klant|afnemer|destinataire)\b/iu.test(line.text)) break;
          const m = /([A-Z]{2}\s?)?[\dA-Z][\dA-Z .\-/]{4,20}[\dA-Z]/u.exec(clean(sameRow));
          if (m && /\d{4,}/.test(m[0].replace(/\s/g, ''))) {
            const value = m[0].replace(/\s+/g, ' ').trim();
            // A VAT id (country prefix + digits) names the seller better than a local tax number.
            add(hit.field, value, /^[A-Z]{2}\s?[0-9A-Z]{8,12}$/.test(value) ? 0.9 : 0.75, order);
          }
          break;
        }
        case 'customer_name': {
          // "Customer VAT Number", "Client No.": the party word qualifies another label, it heads no party.
          if (hits[i + 1] && hits[i + 1].start - hit.end <= 2) break;
          if (/^\s*(?:no\b|nr\b|n°|number|id\b|#)/iu.test(line.text.slice(hit.end))) break;
          const value = heading ? '' : clean(region);
          const [next, ...address] = below(lines, line, 6);
          const named = value ? undefined : nameUnderHeading(below(lines, line, 4));
          const name = value && !amountsIn(value).length ? value : (named ?? next?.text);
          const labelLike = (t: string) => /[:：]\s*$/.test(t) || labelsOn({ ...line, text: t, lower: t.toLowerCase() }).length > 0 || /^(?:number|no|nr|id|service|care|support)\b/i.test(t.trim());
          if (name && name.length > 1 && !labelLike(name) && name.split(/\s+/).length <= 8) {
            add('customer_name', name.trim(), 0.85, order);
            // The whole block under the name, up to the first line that is something else (a label, a contact line).
            const addressLines = (value ? [next, ...address] : address).filter(Boolean).slice(0, 5);
            const stop = addressLines.findIndex((l) => labelsOn(l).length > 0 || CONTACT_LINE.test(l.text) || datesIn(l.text).length > 0);
            const kept = stop >= 0 ? addressLines.slice(0, stop) : addressLines;
            if (kept.length) add('customer_address', joinAddressLines(kept.map((l) => l.text)), 0.7, order);
          }
          break;
        }
        case 'vendor_name': {
          // A one-word label after words of prose, with no colon, is prose ("Tell us how we did, reply from" over
          // "our app or web site"); the preposition "from" counts only as a line's first word ("From: ACME", not
          // "Greetings from Example Cloud Services, we're …"). Two-word labels ("sold by", "provided by") name the
          // seller in a sentence too.
          const wordsBefore = line.text.slice(0, hit.start).split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
          const label = line.lower.slice(hit.start, hit.end);
          if (!/\s/.test(label.trim()) && wordsBefore >= (label === 'from' ? 1 : 2) && !/^\s*[:：]/u.test(line.text.slice(hit.end))) break;
          const sameLine = heading ? '' : clean(region);
          // "PRODUCT(S) PROVIDED BY:" with nothing after the colon: the name is under it.
          const underGap = /[:：]\s*$/.test(line.text) ? 4.5 : 1.8;
          const value = (/[\p{L}\p{N}]/u.test(sameLine) ? sameLine : '') || nameUnderHeading(below(lines, line, 4, underGap)) || below(lines, line, 1, underGap)[0]?.text;
          // "Sold by", "Provided by": explicit, above the guess from a mail domain (which may be the customer's).
          if (value && !/[:：]\s*$/.test(value)) add('vendor_name', value.trim(), /\s/.test(label.trim()) ? 0.85 : 0.8, order);
          break;
        }
      }
    });
  });

  // No bill-to party: the delivery recipient is the customer, weakly ("Delivery Address", "Adresse de livraison").
  if (!candidates.some((c) => c.field === 'customer_name')) {
    const delivery = lines.find((l) => l.pageIndex === 0 && DELIVERY_HEADING.test(l.text.trim()));
    const name = delivery ? nameUnderHeading(below(lines, delivery, 4)) : undefined;
    if (name && name.split(/\s+/).length <= 8) add('customer_name', name, 0.6, lines.indexOf(delivery!));
  }

  // A row of labels with their values on the row below, column by column
  // ("Invoice Date:  Due Date:  Reference:" over "03/20/2023  04/04/2023  INV/8").
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
      const value = next.words!.filter((w) => (w.bbox[0] + w.bbox[2]) / 2 >= from - 0.01 && (w.bbox[0] + w.bbox[2]) / 2 < to - 0.005).map((w) => w.text).join(' ');
      if (!value) return;
      if (hit.field === 'invoice_date' || hit.field === 'due_date') add(hit.field, datesIn(value, { monthFirst })[0]?.value, 0.85, order);
      else if (hit.field === 'invoice_number' || hit.field === 'purchase_order') add(hit.field, identifierIn(value), 0.8, order);
      // A rate column ("BTW %" over "21 %") holds no amount.
      else if (AMOUNT_FIELDS.has(hit.field)) add(hit.field, amountsIn(value).filter((a) => !/^\s?%/.test(value.slice(a.end, a.end + 2))).pop()?.value, 0.75, order);
    });
  });

  // Title lines that carry number and date: "Handelsrechnung (380) Nr. 20431 vom 03.02.2026", "Invoice No. 123 dated 2 May 2026".
  lines.forEach((line, order) => {
    if (!/(?:invoice|rechnung|facture|factura|fattura|factuur|receipt|quittung)/iu.test(line.lower)) return;
    const number = /(?:nr|no|n°|nº|num|number|#)\.?\s*[:#]?\s*([\p{L}\p{N}][\p{L}\p{N}/_.-]*\d[\p{L}\p{N}/_.-]*)/iu.exec(line.text);
    if (number && !datesIn(number[1]).length) add('invoice_number', number[1], 0.75, order);
    const dated = /(?:vom|du|del|dated|of|from|datum|date)\s+(.{6,30})$/iu.exec(line.text);
    if (dated) add('invoice_date', datesIn(dated[1], { monthFirst })[0]?.value, 0.75, order);
    // "… Nr. 20431 vom" with the date set apart at the right of the same row.
    else if (/(?<![\p{L}])(?:vom|du|del|dated|datum|date)\s*:?\s*$/iu.test(line.text)) add('invoice_date', datesIn(rightOf(lines, line), { monthFirst })[0]?.value, 0.75, order);
  });

  // A date with no label at all (receipts print it on a line of its own): the first one, weakly.
  if (!candidates.some((c) => c.field === 'invoice_date')) {
    const first = lines.map((l, order) => ({ order, date: datesIn(l.text, { monthFirst })[0]?.value })).find((d) => d.date);
    if (first) add('invoice_date', first.date, 0.5, first.order);
    else {
      // Still none: a till's eight-digit day-first date ("30032018"), more weakly still.
      const compact = lines.map((l, order) => ({ order, date: compactDayFirstDate(l.text) })).find((d) => d.date);
      if (compact) add('invoice_date', compact.date, 0.4, compact.order);
      else {
        // Still none: a date whose year OCR misread into no plausible year ("09/03/2318"), put back when one digit does it.
        const misread = lines.map((l, order) => ({ order, date: ocrYearDate(l.text, { monthFirst }) })).find((d) => d.date);
        if (misread) add('invoice_date', misread.date, 0.35, misread.order);
        else {
          // Still none: a till's date whose slashes OCR read as digits, right before the time ("210972017 10:20:37").
          const slashless = lines.map((l, order) => ({ order, date: slashMisreadDate(l.text, { monthFirst }) })).find((d) => d.date);
          if (slashless) add('invoice_date', slashless.date, 0.3, slashless.order);
        }
      }
    }
  }

  // Vendor name from the sender's web or mail domain: a top line that spells it ("blue-harbour.com" → "Blue Harbour").
  // "http://www.lepetitfour.fr" names lepetitfour, not "www".
  const domains = [...allText.matchAll(/(?:@|https?:\/\/(?:www\.)?|www\.)([a-z0-9-]{3,})\.[a-z.]{2,}/giu)].map((m) => m[1].toLowerCase().replace(/-/g, ''));
  for (const domain of new Set(domains)) {
    const spelled = lines
      .filter((l) => l.pageIndex === 0 && !labelsOn(l).length)
      .map((l) => l.text.split(/\s[|·•–-]\s|,\s/)[0].trim())
      .find((t) => t.length <= 60 && t.toLowerCase().replace(/[^a-z0-9]/g, '').startsWith(domain) && !/[@/]|www\./i.test(t));
    if (spelled) {
      add('vendor_name', spelled, 0.8, -2);
      break;
    }
  }

  // Vendor name without a label: a company-like line, or the most prominent line, at the top of page 1.
  // A trailing registration number in parentheses ("CONTOH CO. (M) BHD (765432-A)") is not part of the name;
  // a digit glued to letters ("SDN 8HD", OCR's "BHD") is no amount.
  const nameOf = (l: Line) => {
    // OCR reads rules and logo edges before a name as dashes, quotes or bullets ("— KEDAI CONTOH …"): not part of it.
    let name = canonicalSdnBhd(withoutTitle(l.text.replace(REGISTRATION_SUFFIX, '').replace(LEADING_MARKS, '').trim()));
    // "CONTOH PAINT HARDWARE &" over "TOOLS": a name broken after an ampersand goes on.
    const next = /&$/.test(name) ? below(lines, l, 1)[0] : undefined;
    if (next && next.text.trim().split(/\s+/).length <= 3 && !/\d/.test(next.text)) name = `${name} ${next.text.trim()}`;
    return name;
  };
  const top = lines.filter((l) => {
    const text = nameOf(l);
    const words = text.split(/\s+/).length;
    return (
      l.pageIndex === 0 && l.bbox[1] < 0.3 && /\p{L}{4,}|\p{L}{2,}.*\s.*\p{L}{2,}/u.test(text) && !REGISTRATION_LINE.test(l.text) &&
      (words <= 7 || (words <= 10 && COMPANY.test(text))) && (!/[.!?]$/.test(text) || COMPANY.test(text)) &&
      !labelsOn(l).length &&
      // No money on it; a short number opening a name with a company form is part of it ("21 CORNER CAFE … TRADING", "88 MINI MART").
      !amountsIn(text).some((a) => !/\p{L}/u.test(text.charAt(a.end)) && !(a.start === 0 && /^\d{1,3}$/.test(a.raw) && COMPANY.test(text))) &&
      !datesIn(text).length
    );
  });
  // A company named under the document's title ("SIMPLIFIED TAX INVOICE" over "CONTOH TEKNIK (M) SDN BHD")
  // is the customer when a sender's block (an address, a registration or tax number) sits above the title.
  const titleAt = lines.findIndex((l) => l.pageIndex === 0 && l.bbox[1] < 0.4 && DOCUMENT_TITLE.test(l.text.trim()));
  const senderBlock =
    titleAt > 0 && lines.slice(0, titleAt).some((l) => REGISTRATION_LINE.test(l.text) || /(?<![\d.,])\d{4,6}(?![\d.,])/.test(l.text) || labelsOn(l).some((h) => h.field === 'vendor_tax_id'));
  const letterhead = senderBlock ? top.filter((l) => lines.indexOf(l) < titleAt) : [];
  const company = (letterhead.length ? letterhead : top).find((l) => COMPANY.test(nameOf(l)));
  if (company) add('vendor_name', nameOf(company), 0.75, -1);
  else {
    // The letterhead name sharing its line with a label on the right: "Beispiel GmbH   Bill to", "Example, Inc.   Invoice Number: …".
    const beforeLabel = lines
      .filter((l) => l.pageIndex === 0 && l.bbox[1] < 0.35)
      .map((l) => {
        const [first] = labelsOn(l);
        return first && first.start >= 3 ? l.text.slice(0, first.start).replace(/[\s,;:|–-]+$/u, '').trim() : '';
      })
      .find((prefix) => prefix && COMPANY.test(prefix) && prefix.split(/\s+/).length <= 6 && !amountsIn(prefix).length && !datesIn(prefix).length);
    if (beforeLabel) add('vendor_name', canonicalSdnBhd(beforeLabel), 0.74, -1);
  }
  // The line right above a company registration number ("(0012345678-X)", "Co. No. 123456-X") names the company.
  const registrationAt = lines.findIndex((l) => l.pageIndex === 0 && l.bbox[1] < 0.4 && REGISTRATION_LINE.test(l.text));
  // Only the line immediately above: when the number follows the address, the line above it is an address line.
  const registered = registrationAt > 0 && top.includes(lines[registrationAt - 1]) && !/\d/.test(lines[registrationAt - 1].text.replace(REGISTRATION_SUFFIX, '')) ? lines[registrationAt - 1] : undefined;
  if (registered) add('vendor_name', nameOf(registered), 0.78, -1);
  const prominent = [...top].sort((a, b) => height(b.bbox) - height(a.bbox))[0];
  if (prominent && !/^(?:invoice|receipt|rechnung|facture|factura|fattura|factuur|tax invoice)\b/i.test(prominent.text.trim())) add('vendor_name', nameOf(prominent), 0.55, -1);
  const vendorLine = registered ?? company ?? prominent;
  /**
   * The address block under a name: the lines that follow it without a gap, up to the first line that is something
   * else (a label, a contact line, a date, the title); a registration number right under the name is skipped.
   * The whole block, street to town and region, so long as one of its lines holds a number.
   */
  const addressUnder = (nameLine: Line) => {
    const block: Line[] = [];
    for (const l of below(lines, nameLine, 7)) {
      if (REGISTRATION_LINE.test(l.text) && !block.length) continue;
      if (REGISTRATION_LINE.test(l.text) || labelsOn(l).length || CONTACT_LINE.test(l.text) || datesIn(l.text).length || DOCUMENT_TITLE.test(l.text.trim())) break;
      if (amountsIn(l.text).some((a) => /[.,]\d{2}(?!\d)/.test(a.raw))) break;
      block.push(l);
      if (block.length === 5) break;
    }
    return block.some((l) => /\d/.test(l.text)) ? joinAddressLines(block.map((l) => l.text)) : '';
  };
  if (vendorLine) {
    const address = addressUnder(vendorLine);
    if (address) add('vendor_address', address, 0.6, -1);
  }

  // IBAN and BIC anywhere (validated).
  for (const m of allText.matchAll(/(?<![A-Z0-9])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?(?![A-Z0-9])/g)) {
    if (ibanValid(m[0])) {
      add('iban', m[0].replace(/\s+/g, ' ').trim(), 0.95, 0);
      break;
    }
  }
  const bic = /(?:bic|swift)(?:\s*code)?\s*[:.]?\s*([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/i.exec(allText);
  if (bic) add('bic', bic[1].toUpperCase(), 0.9, 0);

  const currency = documentCurrency;
  const items = lineItems(pages);

  // Choose per field; amounts by arithmetic.
  const entities: Record<string, string> = {};
  const confidence: Record<string, number> = {};
  const best = (field: string, prefer: 'first' | 'last' = 'first') => {
    const list = candidates.filter((c) => c.field === field);
    list.sort((a, b) => b.score - a.score || (prefer === 'last' ? b.order - a.order : a.order - b.order));
    return list[0];
  };
  for (const field of ['invoice_number', 'invoice_date', 'due_date', 'purchase_order', 'payment_terms', 'vendor_tax_id', 'customer_name', 'customer_address', 'vendor_name', 'vendor_address', 'iban', 'bic']) {
    const c = best(field);
    if (c) {
      entities[field] = c.value;
      confidence[field] = c.score;
    }
  }
  // The vendor's block, once its name is chosen: the address under that name and the tax id nearest after it
  // ("PRODUCT(S) PROVIDED BY: Example Tools Inc. … VAT number: EU…" below a bill-to block with the customer's VAT number).
  const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const vendorAt = entities.vendor_name && key(entities.vendor_name).length >= 3 ? lines.findIndex((l) => key(l.text).includes(key(entities.vendor_name))) : -1;
  if (vendorAt >= 0 && lines[vendorAt] !== vendorLine && (confidence.vendor_address ?? 0) <= 0.6) {
    const address = addressUnder(lines[vendorAt]);
    if (address) {
      entities.vendor_address = address;
      confidence.vendor_address = 0.6;
    } else delete entities.vendor_address;
  }
  if (vendorAt >= 0 && entities.vendor_tax_id) {
    const ids = candidates.filter((c) => c.field === 'vendor_tax_id' && c.score === confidence.vendor_tax_id);
    const after = ids.filter((c) => c.order >= vendorAt).sort((a, b) => a.order - b.order)[0];
    if (after) entities.vendor_tax_id = after.value;
  }
  // A due date equal to the invoice date from a generic "date" label is the same date read twice.
  if (entities.due_date && entities.due_date === entities.invoice_date && (confidence.due_date ?? 0) < 0.9) delete entities.due_date;

  const amountList = (field: string) => candidates.filter((c) => c.field === field);
  const lineSum = items.reduce((sum, item) => sum + (item.total !== null ? Number(item.total) : 0), 0);
  const subtotals = amountList('subtotal');
  const taxes = amountList('tax_amount');
  const totals = amountList('total_amount');
  const dues = amountList('amount_due');

  // The subtotal: the one the line items add up to, else the one that with a tax (or all taxes of a
  // breakdown) makes a total, else the best labelled (the last among equals: summaries come after details).
  const taxSum = taxes.reduce((a, t) => a + Number(t.value), 0);
  const makesTotal = (s: Candidate) =>
    totals.some((t) => taxes.some((x) => sumsTo(Number(s.value) + Number(x.value), Number(t.value))) || (taxes.length > 1 && sumsTo(Number(s.value) + taxSum, Number(t.value), 1 + taxes.length)));
  const matchesItems = subtotals.find((s) => items.length > 0 && close(Number(s.value), lineSum));
  const arithmetic = matchesItems ? undefined : subtotals.filter(makesTotal).sort((a, b) => b.score - a.score || b.order - a.order)[0];
  let subtotal = matchesItems ?? arithmetic ?? [...subtotals].sort((a, b) => b.score - a.score || b.order - a.order)[0];
  let subtotalConfidence = matchesItems ? 0.97 : arithmetic ? 0.95 : subtotal ? (subtotal.score >= 0.8 ? 0.8 : 0.5) : 0;
  if (!subtotal && items.length >= 1 && items.every((i) => i.total !== null)) {
    subtotal = { field: 'subtotal', value: lineSum.toFixed(2), score: 0.6, order: 0 };
    subtotalConfidence = 0.6;
  }
  // The total: the candidate that equals subtotal + tax, else the largest "total" (headers and "total tax" lines are smaller).
  let total: Candidate | undefined;
  let totalConfidence = 0;
  let tax: Candidate | undefined;
  // Any subtotal candidate, not only the chosen one: "Subtotaal 242,00" (gross) and "Exclusief BTW 200,00" (net) on one invoice.
  for (const t of totals) {
    for (const x of taxes) {
      const net = subtotals.find((s) => sumsTo(Number(s.value) + Number(x.value), Number(t.value)) && Number(x.value) !== 0);
      if (net) {
        total = t;
        tax = x;
        subtotal = net;
        subtotalConfidence = 0.97;
        totalConfidence = 0.98;
      } else if (!total && subtotal && sumsTo(Number(subtotal.value) + Number(x.value), Number(t.value))) {
        total = t;
        tax = x;
        totalConfidence = 0.98;
      }
    }
  }
  // A tax breakdown (one line per rate): the taxes together make the total.
  if (!total && subtotal && taxes.length > 1) {
    const sum = taxes.reduce((a, t) => a + Number(t.value), 0);
    const t = totals.find((x) => sumsTo(Number(subtotal!.value) + sum, Number(x.value), 1 + taxes.length));
    if (t) {
      total = t;
      tax = { field: 'tax_amount', value: sum.toFixed(2), score: 0.9, order: t.order };
      totalConfidence = 0.97;
    }
  }
  if (!total && totals.length) {
    // The largest plainly labelled total; qualified ones ("total of surcharges") only when nothing else is there;
    // never one below half the subtotal ("Total items 1").
    const plausible = totals.filter((t) => !subtotal || Number(t.value) >= Number(subtotal.value) * 0.5);
    const plain = plausible.filter((t) => t.score >= 0.8);
    total = [...(plain.length ? plain : plausible.length ? plausible : totals)].sort((a, b) => Number(b.value) - Number(a.value) || b.order - a.order)[0];
    totalConfidence = 0.75;
    if (subtotal && close(Number(subtotal.value), Number(total.value)) && !taxes.length) totalConfidence = 0.85;
  }
  if (!total && dues.length) {
    total = dues[dues.length - 1];
    totalConfidence = 0.7;
  }
  // Cash tendered minus change is what was paid: an independent reading of a receipt's total.
  // A payment line's amount may stand in a column of its own, to its right.
  // Values computed from other lines (not read off one) are cited there when they are printed nowhere.
  const derivedFrom: Record<string, { readonly value: string; readonly lines: readonly number[] }> = {};
  const paid = paidAmount(lines.map((l) => (!mentionsPayment(l.text) || amountsIn(l.text).length ? l.text : `${l.text} ${rightOf(lines, l)}`)), centsWritten);
  if (paid) {
    // To the cent: a total before rounding (12.47) is not the 12.45 paid.
    const toTheCent = (value: string) => Math.abs(Number(value) - Number(paid.value)) < 0.005;
    const settles = (c: Candidate) => toTheCent(c.value);
    const agreeing = totals.find(settles);
    if (total && settles(total)) totalConfidence = Math.max(totalConfidence, 0.95);
    else if (agreeing && (!total || (totalConfidence < 0.9 && Math.abs(Number(agreeing.value) - Number(total.value)) <= 0.05))) {
      // Several totals printed before and after rounding (to 5 cents): the one the payment settles. Never a total
      // further off (a tax summary's "TOTAL 10.00" is no rounding of a printed 10.60, whatever a misread change says).
      total = agreeing;
      totalConfidence = 0.9;
    } else if (!total) {
      // The total's own line unreadable: the payment, more surely when the amount is printed somewhere.
      const printed = lines.some((l) => amountsIn(l.text).some((a) => toTheCent(a.value)));
      total = { field: 'total_amount', value: paid.value, score: 0.6, order: lines.length };
      totalConfidence = printed ? 0.7 : 0.6;
      derivedFrom.total_amount = { value: paid.value, lines: paid.lines };
    }
  }
  if (!total && subtotal && taxes.length === 1 && Number(taxes[0].value) > 0 && Number(taxes[0].value) <= Number(subtotal.value) * 0.3) {
    // No total printed or readable (a receipt's total misread by OCR): the sum of the net amount and the one tax, weakly.
    total = { field: 'total_amount', value: (Number(subtotal.value) + Number(taxes[0].value)).toFixed(2), score: 0.5, order: taxes[0].order };
    tax = taxes[0];
    totalConfidence = 0.5;
  }
  if (!tax && taxes.length) {
    // A tax smaller than the total, the last one written (a tax summary line).
    // Not a whole number where the document writes cents (a clause's "section 12-3").
    tax = [...taxes].filter((t) => (!total || Number(t.value) < Number(total.value)) && t.score > 0.45).sort((a, b) => b.order - a.order)[0];
  }
  if (!subtotal && total && tax && Number(tax.value) === 0) {
    // No tax charged: the amount before tax is the total.
    subtotal = { field: 'subtotal', value: total.value, score: 0.7, order: 0 };
    subtotalConfidence = 0.7;
    entities.subtotal = total.value;
    confidence.subtotal = 0.7;
  }
  if (!subtotal && total && tax && Number(tax.value) < Number(total.value)) {
    subtotal = { field: 'subtotal', value: (Number(total.value) - Number(tax.value)).toFixed(2), score: 0.6, order: 0 };
    subtotalConfidence = 0.6;
  }
  // A subtotal equal to the total is kept when no tax was charged or a label said so; otherwise it is the total read twice.
  if (subtotal && (subtotal.value !== total?.value || (tax && Number(tax.value) === 0) || subtotal.score >= 0.8)) {
    entities.subtotal = subtotal.value;
    confidence.subtotal = subtotalConfidence;
  }
  if (tax) {
    entities.tax_amount = tax.value;
    confidence.tax_amount = totalConfidence >= 0.98 ? 0.97 : 0.7;
  }
  if (total) {
    entities.total_amount = total.value;
    confidence.total_amount = totalConfidence;
  }
  const due = dues.length ? dues[dues.length - 1] : undefined;
  if (due) {
    entities.amount_due = due.value;
    confidence.amount_due = total && close(money(due.value)!, money(total.value)!) ? 0.95 : 0.75;
  }
  // A credit note printing its amounts negative: reported as the amounts credited, positive, as EN 16931 and
  // e-invoices state them (the document type carries the direction, not the sign).
  if (entities.total_amount && Number(entities.total_amount) < 0 && isCreditNote(lines)) {
    for (const field of AMOUNT_FIELDS) if (entities[field]) entities[field] = Math.abs(Number(entities[field])).toFixed(2);
  }
  if (currency) {
    entities.currency = currency;
    confidence.currency = 0.8;
  }
  /** Lines a value was read from, where the choice knows them exactly (the ranker's candidates). */
  const readFrom: Record<string, readonly number[]> = {};
  /** Values as the page printed them, before OCR word correction: what their citation is found by. */
  const asRead: Record<string, string> = {};
  // A photo or scan of one page (receipts): the learned ranker chooses the total, the vendor and its address block.
  if (pages.length === 1 && pages[0].source === 'ocr' && lines.length) {
    const input: RankInput = {
      lines: lines.map((l) => ({
        text: l.text,
        bbox: l.bbox,
        pageIndex: l.pageIndex,
        labels: labelsOn(l).map((h) => h.field),
        company: COMPANY.test(l.text),
        registration: REGISTRATION_LINE.test(l.text),
        contact: CONTACT_LINE.test(l.text),
        title: DOCUMENT_TITLE.test(l.text.trim()),
      })),
      rowOf: (i) => {
        const line = lines[i];
        return linesOnPage(lines, line.pageIndex)
          .filter((l) => vOverlap(l.bbox, line.bbox) > 0.5 * Math.min(height(l.bbox), height(line.bbox)))
          .map((l) => lines.indexOf(l));
      },
      nameOf: (i) => nameOf(lines[i]),
      rulePick: { total_amount: entities.total_amount, vendor_name: entities.vendor_name, vendor_address: entities.vendor_address },
      paid: paid?.value,
      domains: webNames(lines),
    };
    const candidates = rankCandidates(input);
    options.onCandidates?.(candidates);
    const model = options.receiptModel === undefined ? RECEIPT_MODEL : options.receiptModel;
    /** A ranker's pick becomes the field's value, where it was read and how sure the ranker is (0.3–0.99). */
    const take = (field: RankedField, picked: ReturnType<typeof pick>) => {
      if (!picked) return;
      entities[field] = picked.candidate.value;
      readFrom[field] = picked.candidate.lines;
      confidence[field] = Math.round(Math.max(0.3, Math.min(0.99, picked.probability)) * 100) / 100;
    };
    for (const field of model ? RANKED_FIELDS : []) take(field, pick(model!.fields[field], candidates[field]));
    // The card terminal's processor, named by its web address on the payment slip ("Kartenwelt Payment / Services
    // www.kartenwelt.de"), never sold anything: the best other candidate by the same weights. Only after the pick, so the
    // ranker is fitted on the same candidates as before.
    const chosenName = model?.fields.vendor_name ? readFrom.vendor_name : undefined;
    if (chosenName?.length === 1 && input.domains?.some((d) => d.line === chosenName[0] && d.name === entities.vendor_name) && paymentProviderLine(input.lines.map((l) => l.text), chosenName[0])) {
      // Nor a line spelling the processor's name ("Kartenwelt Payment").
      const processor = entities.vendor_name.toLowerCase();
      const spellsProcessor = (c: RankCandidate) => c.value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '').startsWith(processor);
      take('vendor_name', pick(model!.fields.vendor_name, candidates.vendor_name.filter((c) => !(c.lines.length === 1 && c.lines[0] === chosenName[0]) && !spellsProcessor(c))));
    }
    // A head line the receipt's own web address spells ("Feinkost Lindner" over "www.feinkost-lindner.de"), right above the
    // address block: two readings of one name outweigh a slogan or a misread line the ranker preferred (a pick that is
    // the web address's own name, or spelled by it, stays).
    const nameModel = model?.fields.vendor_name;
    const feature = (c: RankCandidate, name: string) => c.features[nameModel?.features.indexOf(name) ?? -1] === 1;
    if (nameModel && entities.vendor_name && !candidates.vendor_name.some((c) => c.value === entities.vendor_name && (feature(c, 'spelled_by_domain') || feature(c, 'from_domain')))) {
      const spelled = candidates.vendor_name.filter((c) => feature(c, 'spelled_by_domain') && feature(c, 'address_below') && !feature(c, 'two_lines'));
      take('vendor_name', pick(nameModel, spelled));
    }
    // A courtesy line ("TQ FOR SHOPPING WITH US", "GOODS SOLD ARE NOT RETURNABLE, THANK YOU", "Unsere Öffnungszeiten")
    // names nobody: the best other candidate by the same weights.
    if (nameModel && entities.vendor_name && courtesyLine(entities.vendor_name)) {
      take('vendor_name', pick(nameModel, candidates.vendor_name.filter((c) => !courtesyLine(c.value))));
    }
    // A name picked over two lines whose second line is a whole company name on its own ("TAN AH KOW" over "ACME FOODS
    // SDN BHD", a slogan or a mall over "KT CONTOH TRADING"): the line above is a person, a branch or a slogan, not the
    // name's first part (that is "PASAR CONTOH" over "(KAJANG) SDN BHD", or "KEDAI CONTOH" over "TRADING"; a first line
    // ending in "&" was joined to the next by nameOf already). The first line carrying a company form itself stays.
    const twoLines = readFrom.vendor_name;
    if (nameModel && twoLines?.length === 2 && !COMPANY.test(lines[twoLines[0]].text) && wholeCompanyName(nameOf(lines[twoLines[1]]))) {
      const alone = candidates.vendor_name.find((c) => c.lines.length === 1 && c.lines[0] === twoLines[1]);
      if (alone) {
        entities.vendor_name = alone.value;
        readFrom.vendor_name = alone.lines;
      }
    }
    // A name OCR read as no word at all ("E OLQ E", "Vo ilne nel": a logo) yields to a line carrying a legal form
    // ("… GmbH & Co. KG" in the footer), the best such candidate by the same weights; when there is none, it stays.
    if (model?.fields.vendor_name && entities.vendor_name && unreadableName(entities.vendor_name)) {
      // Not an item line whose unit reads like a legal form ("0,245 kg x 2,40 EUR/kg"), nor a lone form ("Oy", "GmbH").
      const named = (c: RankCandidate) => COMPANY.test(c.value) && !/\d[.,]\s?\d/.test(c.value) && /\p{L}{4,}/u.test(c.value) && !/^\W*\p{L}{1,4}\W*$/u.test(c.value);
      const legal = pick(model.fields.vendor_name, candidates.vendor_name.filter(named));
      if (legal) {
        entities.vendor_name = legal.candidate.value;
        readFrom.vendor_name = legal.candidate.lines;
        confidence.vendor_name = Math.min(confidence.vendor_name ?? 0.5, 0.5);
      }
    }
    // Cash tendered minus change, confirmed by a tax summary row whose net and tax add up to it ("A 0,52 7,48" under
    // "Bar 10,00 / Rückgeld -2,00"): two independent readings of what was paid outweigh the ranker's pick, even when
    // OCR garbled the total's own line so the amount is printed nowhere readable.
    const paidTaxRow = () => {
      const texts = lines.map((l) => l.text);
      const row = netPlusTaxRow(texts, paid!.value);
      // Or the tax a tax-inclusive price holds at its printed rate ("TOTAL INCLUDES 6% GST 1.20" fits 21.20, not 27.20).
      return row >= 0 ? row : includedTaxRow(texts, paid!.value, entities.total_amount);
    };
    const taxRow = paid && entities.total_amount !== paid.value ? paidTaxRow() : -1;
    if (paid && taxRow >= 0) {
      entities.total_amount = paid.value;
      confidence.total_amount = 0.9;
      readFrom.total_amount = [taxRow];
      derivedFrom.total_amount = { value: paid.value, lines: [...paid.lines, taxRow].sort((a, b) => a - b) };
    }
    // A total one misread digit away from what its own subtotal and tax add up to (rounded to 5 cents, as cash is):
    // the sum, unless a second reading confirms the total as read (the payment, or the amount printed on another line:
    // then the subtotal or tax is the misread one).
    const printsAmount = (line: { text: string }, value: string) => amountsIn(line.text).some((a) => Math.abs(Number(a.value) - Number(value)) < 0.005);
    const readTwice = (value: string) => lines.filter((l) => printsAmount(l, value)).length > 1;
    const summed =
      entities.total_amount && paid?.value !== entities.total_amount && !readTwice(entities.total_amount) ? sumForMisreadTotal(entities.total_amount, entities.subtotal, entities.tax_amount) : undefined;
    if (summed) {
      entities.total_amount = summed;
      confidence.total_amount = 0.6;
      delete readFrom.total_amount;
      // Printed nowhere as such: cited on the subtotal's and the tax's lines it was added from.
      const holding = (value: string) => lines.findIndex((l) => printsAmount(l, value));
      const from = [holding(entities.subtotal!), holding(entities.tax_amount!)].filter((i) => i >= 0);
      if (from.length) derivedFrom.total_amount = { value: summed, lines: [...new Set(from)].sort((a, b) => a - b) };
    }
    // A scanned receipt's name and address as the OCR read them, with misread words put back to known ones.
    const vocabulary = options.wordVocabulary === undefined ? RECEIPT_WORDS : options.wordVocabulary;
    if (entities.vendor_address) {
      const trimmed = withUnitListAmpersands(withoutLeadingStray(withoutTrailingId(entities.vendor_address)));
      if (trimmed !== entities.vendor_address) (asRead.vendor_address = entities.vendor_address), (entities.vendor_address = trimmed);
    }
    if (entities.vendor_name) {
      const trimmed = withInitialsAsLetters(withMangledBhd(withoutLogoNoise(withoutLeadingNumber(entities.vendor_name))));
      if (trimmed !== entities.vendor_name) (asRead.vendor_name = entities.vendor_name), (entities.vendor_name = trimmed);
    }
    const unsure = unsureWords(pages[0]);
    for (const field of vocabulary ? (['vendor_name', 'vendor_address'] as const) : []) {
      if (!entities[field]) continue;
      const read = correctText(entities[field], vocabulary!, { rareWords: field === 'vendor_address', unsure });
      const corrected = field === 'vendor_address' ? correctAddressCodes(read, vocabulary!) : restoreAmpersands(correctBracketCodes(read, vocabulary!), vocabulary!);
      if (corrected !== entities[field]) {
        asRead[field] ??= entities[field];
        entities[field] = corrected;
      }
    }
    // An address block that runs on into the item table's column headings ("Description Qty Price Amount") ends before them.
    if (entities.vendor_address) {
      const cut = withoutItemHeadings(entities.vendor_address);
      if (cut === undefined) {
        delete entities.vendor_address;
        delete confidence.vendor_address;
      } else if (cut !== entities.vendor_address) {
        asRead.vendor_address ??= entities.vendor_address;
        entities.vendor_address = cut;
      }
    }
  }
  // Any other document (text-layer invoices, scans of several pages): the learned invoice ranker chooses the vendor,
  // date, number and total among the rules' candidates and its own; what the rules chose is one of its features.
  if (!(pages.length === 1 && pages[0].source === 'ocr') && lines.length) {
    const invoiceLines = lines.map((l) => ({ text: l.text, bbox: l.bbox, pageIndex: l.pageIndex, labels: labelsOn(l) }));
    const model = options.invoiceModel === undefined ? INVOICE_MODEL : options.invoiceModel;
    const input = { lines: invoiceLines, rules: candidates, rulePick: { ...entities }, monthFirst };
    chooseInvoiceFields(input, { entities, confidence, readFrom }, { model, creditNote: isCreditNote(lines), onCandidates: options.onInvoiceCandidates });
  }
  const cited: Record<string, Citation> = {};
  for (const [field, value] of Object.entries(entities)) {
    if (field === 'currency') continue;
    // Else the lines of the candidates that gave this value (their reading order is their line index).
    const hint = readFrom[field] ?? candidates.filter((c) => c.field === field && c.value === value && c.order >= 0 && c.order < lines.length).map((c) => c.order);
    const derived = derivedFrom[field]?.value === value ? derivedFrom[field].lines.map((i) => lines[i]).filter(Boolean) : undefined;
    const citation = ground(field, asRead[field] ?? value, lines, { hint, monthFirst }) ?? (derived?.length ? citeLines(derived) : undefined);
    if (citation) cited[field] = citation;
  }
  const citations: Citations = { entities: orderEntities(cited), line_items: groundItems(items, lines) };
  return { entities: orderEntities(entities), confidence: orderEntities(confidence), line_items: items, citations };
}

export function orderEntities<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(FINANCIAL_FIELDS.filter((f) => f in record).map((f) => [f, record[f]]));
}
