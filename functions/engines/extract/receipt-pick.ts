/**
 * A scanned single page (a receipt): the learned ranker chooses its total, date, vendor name and vendor address among
 * the candidates receipt-ranker.ts generates, and its pick stands — every piece of evidence (the payment, tax rows, a
 * card processor's web address, a courtesy line, a logo read as no word) is a feature the model weighs, not a rule that
 * rewrites the pick. Afterwards only the OCR repairs of the chosen name's and address's spelling run (receipt-repairs.ts,
 * ocr-words.ts): they change how a value is written, never which candidate was chosen.
 *
 * @module
 */
import type { DocumentPage } from '../document-model.ts';
import type { FinancialField } from './labels.ts';
import { repairGlyphClasses, type GlyphClassModel } from './glyph-classes.ts';
import { correctAddressCodes, correctBracketCodes, correctText, restoreAmpersands, type WordVocabulary } from './ocr-words.ts';
import { height, linesOnPage, type Line, vOverlap } from './page-lines.ts';
import { CONTACT_LINE, DOCUMENT_TITLE, REGISTRATION_LINE, paymentProviderLine, webNames } from './parties.ts';
import { withMangledBhd } from './legal-forms.ts';
import { companyForm, withLetterGlyphs } from './receipt-names.ts';
import { pick, RANKED_FIELDS, rankCandidates, type RankCandidate, type RankedField, type RankerModel, type RankInput } from './receipt-ranker.ts';
import {
  unsureWords,
  withInitialsAsLetters,
  withoutItemHeadings,
  withoutLeadingNumber,
  withoutLeadingStray,
  withoutLogoNoise,
  withoutTrailingId,
  withSiblingUnitLetters,
  withUnitListAmpersands,
} from './receipt-repairs.ts';
import type { PaidAmount } from './tendered.ts';

/** What the rest of the extraction knows when the ranker runs. */
export interface ReceiptContext {
  readonly pages: readonly DocumentPage[];
  readonly lines: readonly Line[];
  readonly labelsOf: (line: Line) => readonly FinancialField[];
  /** A line's text as a vendor name (registration number dropped, a name broken after "&" joined). */
  readonly nameOf: (line: Line) => string;
  readonly paid?: PaidAmount;
  /** The line items' totals added up, when every item has one. */
  readonly itemsSum?: string;
  readonly monthFirst: boolean;
}

/** The extraction's records the pick writes into. */
export interface ReceiptRecords {
  readonly entities: Record<string, string>;
  readonly confidence: Record<string, number>;
  /** Lines a value was read from. */
  readonly readFrom: Record<string, readonly number[]>;
  /** Values as the page printed them, before OCR word correction: what their citation is found by. */
  readonly asRead: Record<string, string>;
  /** Values worked out from several lines (printed nowhere as such), with those lines. */
  readonly derivedFrom: Record<string, { readonly value: string; readonly lines: readonly number[] }>;
}

export interface ReceiptPickOptions {
  readonly model: RankerModel | null;
  readonly onCandidates?: (candidates: Record<RankedField, RankCandidate[]>) => void;
}

/** The ranker's view of the page: each line with what the rules know of it, and the receipt's arithmetic. */
function rankInput(context: ReceiptContext, entities: Record<string, string>): RankInput {
  const { lines, paid } = context;
  const texts = lines.map((l) => l.text);
  const domains = webNames(lines);
  return {
    lines: lines.map((l) => ({
      text: l.text,
      bbox: l.bbox,
      pageIndex: l.pageIndex,
      labels: context.labelsOf(l),
      company: companyForm(l.text),
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
    // A letter OCR read as a glyph ("R@SSMANN") is read back before the name is weighed: the candidate is the name.
    nameOf: (i) => withLetterGlyphs(context.nameOf(lines[i])),
    rulePick: {
      total_amount: entities.total_amount,
      vendor_name: entities.vendor_name,
      vendor_address: entities.vendor_address,
      invoice_date: entities.invoice_date,
    },
    paid: paid?.value,
    paidLines: paid?.lines,
    domains,
    processorLines: domains.filter((d) => paymentProviderLine(texts, d.line)).map((d) => d.line),
    subtotal: entities.subtotal,
    tax: entities.tax_amount,
    itemsSum: context.itemsSum,
    monthFirst: context.monthFirst,
  };
}

/** The ranker's pick per field becomes the field's value, where it was read, and how sure the ranker is (0.3–0.99). */
export function pickReceiptFields(context: ReceiptContext, records: ReceiptRecords, options: ReceiptPickOptions): void {
  const candidates = rankCandidates(rankInput(context, records.entities));
  options.onCandidates?.(candidates);
  if (!options.model) return;
  for (const field of RANKED_FIELDS) {
    const picked = pick(options.model.fields[field], candidates[field]);
    if (!picked) continue;
    const { value, lines, derived } = picked.candidate;
    records.entities[field] = value;
    records.confidence[field] = Math.round(Math.max(0.3, Math.min(0.99, picked.probability)) * 100) / 100;
    delete records.readFrom[field];
    if (derived && lines.length) records.derivedFrom[field] = { value, lines };
    else if (lines.length) records.readFrom[field] = lines;
  }
}

/**
 * How surely the page's OCR read a token: the least confidence of the page's words spelled like it (punctuation
 * around them aside); a token the page has nowhere as a word (joined or trimmed by a repair) counts as read surely.
 */
function wordConfidences(page: DocumentPage): (token: string) => number {
  const key = (t: string) => t.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '').toUpperCase();
  const least = new Map<string, number>();
  for (const w of page.words) least.set(key(w.text), Math.min(least.get(key(w.text)) ?? 1, w.confidence));
  return (token) => least.get(key(token)) ?? 1;
}

/** Sets a field to its repaired spelling, keeping the reading its citation is found by. */
function rewrite(records: ReceiptRecords, field: string, repaired: string | undefined): void {
  const now = records.entities[field];
  if (repaired === undefined) {
    delete records.entities[field];
    delete records.confidence[field];
  } else if (repaired !== now) {
    records.asRead[field] ??= now;
    records.entities[field] = repaired;
  }
}

/**
 * A scanned receipt's name and address as the OCR read them, spelled back: noise and ids trimmed, misread words put
 * back to known ones, an address that runs on into the item table's headings cut before them (dropped when no street
 * or postcode is left).
 */
export function repairReceiptSpelling(
  page: DocumentPage,
  records: ReceiptRecords,
  vocabulary: WordVocabulary | null,
  glyphs: GlyphClassModel | null = null,
): void {
  const { entities } = records;
  // Letters and digits OCR reads for one another, put in the class their context and OCR's sureness make more probable (glyph-classes.ts).
  const confidenceOf = wordConfidences(page);
  for (const field of glyphs ? (['vendor_name', 'vendor_address'] as const) : []) {
    if (entities[field]) rewrite(records, field, repairGlyphClasses(entities[field], glyphs!, field === 'vendor_name' ? 'name' : 'address', confidenceOf));
  }
  if (entities.vendor_address)
    rewrite(records, 'vendor_address', withSiblingUnitLetters(withUnitListAmpersands(withoutLeadingStray(withoutTrailingId(entities.vendor_address)))));
  if (entities.vendor_name)
    rewrite(records, 'vendor_name', withInitialsAsLetters(withMangledBhd(withoutLogoNoise(withoutLeadingNumber(entities.vendor_name)))));
  const unsure = unsureWords(page);
  for (const field of vocabulary ? (['vendor_name', 'vendor_address'] as const) : []) {
    if (!entities[field]) continue;
    const read = correctText(entities[field], vocabulary!, { rareWords: field === 'vendor_address', unsure });
    rewrite(
      records,
      field,
      field === 'vendor_address' ? correctAddressCodes(read, vocabulary!) : restoreAmpersands(correctBracketCodes(read, vocabulary!), vocabulary!),
    );
  }
  if (entities.vendor_address) rewrite(records, 'vendor_address', withoutItemHeadings(entities.vendor_address));
}
