/**
 * Learned choice of a text-layer invoice's vendor name, invoice date, invoice number and total.
 *
 * invoice-candidates.ts lists every value the page could give for each field, with features; a linear model per
 * field scores them (linear-ranker.ts, as the receipt ranker does), and a softmax over one document's candidates
 * says how sure the pick is. The weights are fitted by `npm run train -- invoice` (scripts/train/extract-invoice.ts)
 * on the corpus invoices and generated ones, folds drawn over issuers, and committed as invoice-model.json. The hand rules' picks are features of the
 * model (`rule_pick`, `rule_score`), so where the rules and the other evidence disagree the model decides.
 *
 * @module
 */
import invoiceModel from './invoice-model.json' with { type: 'json' };
import {
  INVOICE_FEATURES,
  INVOICE_FIELDS,
  invoiceCandidates,
  type InvoiceCandidate,
  type InvoiceField,
  type InvoiceRankInput,
} from './invoice-candidates.ts';
import { pick, type FieldModel } from './linear-ranker.ts';

export interface InvoiceModel {
  readonly version: number;
  readonly trained_on: string;
  readonly seed: number;
  readonly fields: Partial<Record<InvoiceField, FieldModel>>;
  /** Out-of-fold figures the trainer measured (folds over issuers), for the record. */
  readonly out_of_fold?: Record<string, unknown>;
}

/** The committed invoice model (scripts/train/extract-invoice.ts). */
export const INVOICE_MODEL = invoiceModel as InvoiceModel;

export interface InvoicePick {
  readonly value: string;
  readonly lines: readonly number[];
  /** 0.3–0.99. */
  readonly confidence: number;
}

/** A model whose feature lists are the code's (a stale model.json picks nothing rather than something wrong). */
export const modelMatchesCode = (model: InvoiceModel) =>
  INVOICE_FIELDS.every((f) => !model.fields[f] || model.fields[f]!.features.join(',') === INVOICE_FEATURES[f].join(','));

/**
 * The ranker's pick per field for one document. `onCandidates` sees every field's candidates (training).
 *
 * @example
 * const picks = rankInvoice(input, INVOICE_MODEL);
 * picks.invoice_date?.value; // '2026-03-02'
 */
export function rankInvoice(
  input: InvoiceRankInput,
  model: InvoiceModel | null,
  onCandidates?: (candidates: Record<InvoiceField, InvoiceCandidate[]>) => void,
): Partial<Record<InvoiceField, InvoicePick>> {
  if (!model && !onCandidates) return {};
  const candidates = invoiceCandidates(input);
  onCandidates?.(candidates);
  if (!model || !modelMatchesCode(model)) return {};
  const out: Partial<Record<InvoiceField, InvoicePick>> = {};
  for (const field of INVOICE_FIELDS) {
    const picked = pick(model.fields[field], candidates[field]);
    if (picked)
      out[field] = {
        value: picked.candidate.value,
        lines: picked.candidate.lines,
        confidence: Math.round(Math.max(0.3, Math.min(0.99, picked.probability)) * 100) / 100,
      };
  }
  return out;
}

/** The extraction's records the invoice ranker writes its picks into. */
export interface InvoiceRecords {
  readonly entities: Record<string, string>;
  readonly confidence: Record<string, number>;
  /** Lines each value was read from (the citation's hint). */
  readonly readFrom: Record<string, readonly number[]>;
}

/**
 * Lets the ranker choose a document's vendor, date, number and total: each pick becomes the field's value, where it
 * was read and how sure the ranker is. Where it agrees with the rules (`input.rulePick`), the rules' confidence stands:
 * it says whether the arithmetic agreed. A credit note's total is reported as the amount credited, positive.
 */
export function chooseInvoiceFields(
  input: InvoiceRankInput,
  records: InvoiceRecords,
  options: {
    readonly model: InvoiceModel | null;
    readonly creditNote: boolean;
    readonly onCandidates?: (candidates: Record<InvoiceField, InvoiceCandidate[]>) => void;
  },
): void {
  const { entities, confidence, readFrom } = records;
  for (const [field, picked] of Object.entries(rankInvoice(input, options.model, options.onCandidates))) {
    const negative = field === 'total_amount' && Number(picked.value) < 0;
    const value = negative && options.creditNote ? Math.abs(Number(picked.value)).toFixed(2) : picked.value;
    if (value === input.rulePick[field] && confidence[field] !== undefined) continue;
    entities[field] = value;
    confidence[field] = picked.confidence;
    if (picked.lines.length) readFrom[field] = picked.lines;
  }
}
