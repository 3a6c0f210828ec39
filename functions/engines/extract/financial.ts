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
import { chooseAmounts, isCreditNote, type DerivedFrom } from './amount-choice.ts';
import { citeLines, ground, groundItems, type Citation, type Citations } from './grounding.ts';
import { type Candidate, type CandidateContext, labelledCandidates, labelsOn, otherCandidates } from './label-candidates.ts';
import { lineItems, type LineItem } from './line-items.ts';
import { detectCurrency } from './normalize.ts';
import { type WordVocabulary } from './ocr-words.ts';
import { type Line, linesOf } from './page-lines.ts';
import { partyName } from './parties.ts';
import glyphModel from './glyph-model.json' with { type: 'json' };
import type { GlyphClassModel } from './glyph-classes.ts';
import receiptModel from './receipt-model.json' with { type: 'json' };
import { pickReceiptFields, repairReceiptSpelling } from './receipt-pick.ts';
import { type RankCandidate, type RankedField, type RankerModel } from './receipt-ranker.ts';
import { RECEIPT_VOCABULARY } from './receipt-vocabulary.ts';
import type { InvoiceCandidate, InvoiceField } from './invoice-candidates.ts';
import { chooseInvoiceFields, INVOICE_MODEL, type InvoiceModel } from './invoice-ranker.ts';
import { cellStartsOf } from './invoice-date-evidence.ts';
import { vendorBlock, vendorCandidates } from './vendor-candidates.ts';

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


export interface FinancialOptions {
  readonly monthFirst?: boolean;
  /** The receipt ranker's weights: the committed model by default; `null` for the hand rules alone (training, comparisons). */
  readonly receiptModel?: RankerModel | null;
  /** Sees the ranker's candidates of every scanned single page (training). */
  readonly onCandidates?: (candidates: Record<RankedField, RankCandidate[]>) => void;
  /** Receipt words for OCR correction of the ranked name and address: the committed vocabulary by default; `null` for none. */
  readonly wordVocabulary?: WordVocabulary | null;
  /** Letter-or-digit model for the ranked name and address (glyph-classes.ts): the committed one by default; `null` for none. */
  readonly glyphModel?: GlyphClassModel | null;
  /** The invoice ranker's weights: the committed model by default; `null` for the hand rules alone (training, comparisons). */
  readonly invoiceModel?: InvoiceModel | null;
  /** Sees the invoice ranker's candidates of every document it ranks (training). */
  readonly onInvoiceCandidates?: (candidates: Record<InvoiceField, InvoiceCandidate[]>) => void;
}

/** The committed receipt vocabulary: general words of the receipt languages (receipt-vocabulary.ts), no document's. */
export const RECEIPT_WORDS = RECEIPT_VOCABULARY;

/** The committed letter-or-digit model (scripts/train/receipt-glyphs.ts). */
export const GLYPH_MODEL = glyphModel as unknown as GlyphClassModel;

/** The committed receipt model (scripts/train/extract.ts). */
export const RECEIPT_MODEL = receiptModel as RankerModel;

/** IBAN (validated) and BIC anywhere in the text. */
function bankCandidates(allText: string, add: (field: string, raw: string | undefined, score: number, order: number) => void): void {
  for (const m of allText.matchAll(/(?<![A-Z0-9])[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?(?![A-Z0-9])/g)) {
    if (ibanValid(m[0])) {
      add('iban', m[0].replace(/\s+/g, ' ').trim(), 0.95, 0);
      break;
    }
  }
  const bic = /(?:bic|swift)(?:\s*code)?\s*[:.]?\s*([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/i.exec(allText);
  if (bic) add('bic', bic[1].toUpperCase(), 0.9, 0);
}

/** What an entity's citation is found by. */
interface CitationInput {
  readonly entities: Record<string, string>;
  readonly lines: readonly Line[];
  readonly items: readonly LineItem[];
  readonly candidates: readonly Candidate[];
  readonly readFrom: Record<string, readonly number[]>;
  readonly asRead: Record<string, string>;
  readonly derivedFrom: DerivedFrom;
  readonly monthFirst: boolean;
}

/**
 * Where each entity was read: by the lines its choice knows (the ranker's candidate), else the lines of the candidates
 * that gave this value; a value worked out from several lines and printed nowhere is cited on those lines.
 */
function citeEntities({ entities, lines, items, candidates, readFrom, asRead, derivedFrom, monthFirst }: CitationInput): Citations {
  const cited: Record<string, Citation> = {};
  for (const [field, value] of Object.entries(entities)) {
    if (field === 'currency') continue;
    const hint = readFrom[field] ?? candidates.filter((c) => c.field === field && c.value === value && c.order >= 0 && c.order < lines.length).map((c) => c.order);
    const derived = derivedFrom[field]?.value === value ? derivedFrom[field].lines.map((i) => lines[i]).filter(Boolean) : undefined;
    const citation = ground(field, asRead[field] ?? value, lines, { hint, monthFirst }) ?? (derived?.length ? citeLines(derived) : undefined);
    if (citation) cited[field] = citation;
  }
  return { entities: orderEntities(cited), line_items: groundItems(items, lines) };
}

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

  // Whether the document writes amounts with cents (then a whole number after a total label is suspect).
  const centsWritten = /\d[.,]\d{2}(?!\d)/.test(allText);
  const ctx: CandidateContext = { lines, add, has: (field) => candidates.some((c) => c.field === field), monthFirst, documentCurrency, centsWritten };
  labelledCandidates(ctx);
  otherCandidates(ctx);

  const { nameOf, vendorLine } = vendorCandidates({ lines, allText, add });

  bankCandidates(allText, add);

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
  vendorBlock({ lines, entities, confidence, candidates, vendorLine });
  // A due date equal to the invoice date from a generic "date" label is the same date read twice.
  if (entities.due_date && entities.due_date === entities.invoice_date && (confidence.due_date ?? 0) < 0.9) delete entities.due_date;

  const { paid, derivedFrom, lineSum } = chooseAmounts({ candidates, items, lines, centsWritten, entities, confidence });
  if (currency) {
    entities.currency = currency;
    confidence.currency = 0.8;
  }
  /** Lines a value was read from, where the choice knows them exactly (the ranker's candidates). */
  const readFrom: Record<string, readonly number[]> = {};
  /** Values as the page printed them, before OCR word correction: what their citation is found by. */
  const asRead: Record<string, string> = {};
  // A photo or scan of one page (receipts): the learned ranker chooses the total, the date, the vendor and its address block.
  if (pages.length === 1 && pages[0].source === 'ocr' && lines.length) {
    const records = { entities, confidence, readFrom, asRead, derivedFrom };
    const itemsSum = items.length && items.every((i) => i.total !== null) ? lineSum.toFixed(2) : undefined;
    const context = { pages, lines, labelsOf: (l: Line) => labelsOn(l).map((h) => h.field), nameOf, paid, itemsSum, monthFirst };
    const model = options.receiptModel === undefined ? RECEIPT_MODEL : options.receiptModel;
    pickReceiptFields(context, records, { model, onCandidates: options.onCandidates });
    const glyphs = options.glyphModel === undefined ? GLYPH_MODEL : options.glyphModel;
    repairReceiptSpelling(pages[0], records, options.wordVocabulary === undefined ? RECEIPT_WORDS : options.wordVocabulary, glyphs);
  }
  // Any other document (text-layer invoices, scans of several pages): the learned invoice ranker chooses the vendor,
  // date, number and total among the rules' candidates and its own; what the rules chose is one of its features.
  if (!(pages.length === 1 && pages[0].source === 'ocr') && lines.length) {
    const invoiceLines = lines.map((l) => ({ text: l.text, bbox: l.bbox, pageIndex: l.pageIndex, labels: labelsOn(l), cellStarts: cellStartsOf(l.words) }));
    const model = options.invoiceModel === undefined ? INVOICE_MODEL : options.invoiceModel;
    const input = { lines: invoiceLines, rules: candidates, rulePick: { ...entities }, monthFirst };
    chooseInvoiceFields(input, { entities, confidence, readFrom }, { model, creditNote: isCreditNote(lines), onCandidates: options.onInvoiceCandidates });
  }
  const citations = citeEntities({ entities, lines, items, candidates, readFrom, asRead, derivedFrom, monthFirst });
  return { entities: orderEntities(entities), confidence: orderEntities(confidence), line_items: items, citations };
}

export function orderEntities<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(FINANCIAL_FIELDS.filter((f) => f in record).map((f) => [f, record[f]]));
}
