/**
 * What the invoice ranker's candidate lists share (invoice-candidates.ts, invoice-date-candidates.ts): the input and
 * candidate types, the feature names, and the helpers that find a value's label, its row and what the rules said of it.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';
import type { FinancialField } from './labels.ts';
import { height as lineHeight, vOverlap } from './page-lines.ts';
import { gridCellSpan } from './invoice-date-evidence.ts';

export type InvoiceField = 'vendor_name' | 'invoice_date' | 'invoice_number' | 'total_amount';
export const INVOICE_FIELDS: readonly InvoiceField[] = ['vendor_name', 'invoice_date', 'invoice_number', 'total_amount'];

/** A label found on a line: which field it names and where it stands in the line's text. */
export interface InvoiceLabel {
  readonly field: FinancialField;
  readonly start: number;
  readonly end: number;
}

/** One text line as the invoice ranker sees it. */
export interface InvoiceLine {
  readonly text: string;
  readonly bbox: BBox;
  readonly pageIndex: number;
  readonly labels: readonly InvoiceLabel[];
  /** Where a wide gap opens a new cell (a grid row set as one line), where the words were measured. */
  readonly cellStarts?: readonly number[];
}

/** A candidate the hand rules found: its field, value, the rule's strength (0–1) and its line (negative: not read off one line). */
export interface RuleCandidate {
  readonly field: string;
  readonly value: string;
  readonly score: number;
  readonly order: number;
}

export interface InvoiceRankInput {
  readonly lines: readonly InvoiceLine[];
  readonly rules: readonly RuleCandidate[];
  /** What the rules chose per field. */
  readonly rulePick: Readonly<Record<string, string | undefined>>;
  readonly monthFirst: boolean;
}

export interface InvoiceCandidate {
  readonly field: InvoiceField;
  readonly value: string;
  /** Lines it was read from (the citation's hint). */
  readonly lines: readonly number[];
  readonly features: readonly number[];
}

/** Feature names per field, in vector order (the model file names them too: a stale model is refused). */
export const INVOICE_FEATURES: Readonly<Record<InvoiceField, readonly string[]>> = {
  vendor_name: [
    'bias rule_pick rule_score rule_labelled rule_letterhead rule_domain company y first_page top_index height tallest_top',
    'left centred in_footer repeats domain_spelled under_customer is_customer words letters digits upper label_on_line',
    'contact_on_line amount_on_line date_on_line title_on_line address_below length one_word is_title bare_form after_title',
    'legal_form_end sentence_like near_seller_id payee_line right domain_prefix two_lines currency_code copyright_line',
    'opens_company_line footer_names_other under_sender_line block_above contact_in_block person_like',
  ]
    .join(' ')
    .split(' '),
  invoice_date: [
    'bias rule_pick rule_score own_invoice_date own_generic_date own_due own_other row_invoice_date row_due y first_page',
    'first_date repeats earliest latest rank_from_earliest is_rule_due title_line period_line dates_on_line top_half',
    'kind_issue kind_generic kind_due kind_order kind_delivery kind_period kind_other kind_none near_number in_footer in_letterhead',
    'amount_on_line other_reading reading_fits_locale reading_against_locale town_heading nearest_number number_rank reading_fits_dates',
    'reading_against_dates',
  ]
    .join(' ')
    .split(' '),
  invoice_number: [
    'bias rule_pick rule_score own_number own_bare_title own_po own_other y first_page repeats length digit_share has_letters',
    'has_separator title_line all_digits long_digits after_number_word grid_number grid_other in_address',
  ]
    .join(' ')
    .split(' '),
  total_amount: [
    'bias rule_pick rule_score own_total own_subtotal own_tax own_due is_max value_over_max makes_total is_net repeats y',
    'last_page cents grand_word is_rule_due is_rule_subtotal labelled_lines',
  ]
    .join(' ')
    .split(' '),
};

/** Amounts compare to the cent. */
export const amountKey = (v: string) => Number(v).toFixed(2);
export const key = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
export const ratio = (s: string, re: RegExp) => (s.match(re)?.length ?? 0) / Math.max(1, s.replace(/\s/g, '').length);
export const median = (xs: readonly number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0.01);

/** Lines sharing a row with line i on its page (labels in a left column, values in a right one). */
export function rowMates(lines: readonly InvoiceLine[], i: number): number[] {
  const l = lines[i];
  const out: number[] = [];
  for (let j = Math.max(0, i - 12); j < Math.min(lines.length, i + 12); j++) {
    const m = lines[j];
    if (j === i || m.pageIndex !== l.pageIndex) continue;
    if (vOverlap(m.bbox, l.bbox) > 0.5 * Math.min(lineHeight(m.bbox), lineHeight(l.bbox))) out.push(j);
  }
  return out;
}

/**
 * The label a value at `at` on line i belongs to: the nearest label before it on its line, else the nearest label
 * on a line to its left in the same row, else a label on the line right above it (a value under its label).
 */
export function ownLabel(lines: readonly InvoiceLine[], i: number, at: number): { readonly label: InvoiceLabel; readonly text: string } | undefined {
  const line = lines[i];
  const found = (j: number, label: InvoiceLabel | undefined) => {
    const text = label ? lines[j].text.slice(label.start, label.end).toLowerCase() : '';
    // French "avoir" heads a credit note only where it opens the line; elsewhere it is the verb "to have".
    if (!label || (text === 'avoir' && lines[j].text.slice(0, label.start).trim())) return undefined;
    return { label, text };
  };
  const before = line.labels.filter((h) => h.end <= at + 1);
  if (before.length) return found(i, before[before.length - 1]);
  const left = rowMates(lines, i)
    .filter((j) => lines[j].bbox[2] <= line.bbox[0] + 0.01 && lines[j].labels.length)
    .sort((a, b) => lines[b].bbox[2] - lines[a].bbox[2]);
  if (left.length) return found(left[0], lines[left[0]].labels[lines[left[0]].labels.length - 1]);
  const above = lines[i - 1];
  if (above && above.pageIndex === line.pageIndex && above.labels.length && line.bbox[1] - above.bbox[3] < 2 * lineHeight(line.bbox)) {
    const overlaps = Math.min(above.bbox[2], line.bbox[2]) - Math.max(above.bbox[0], line.bbox[0]) > 0;
    // In a grid set as two text lines with bars ("Date | No. | Customer No." over its values), the label of the value's
    // column. Not by wide gaps: on the corpus' invoices a gap also parts a label from its own value (by gaps, five
    // corpus invoices' number candidates changed their label); bars say they are a grid.
    const cell = gridCellSpan({ text: above.text }, { text: line.text }, at);
    const inCell = cell && above.labels.filter((h) => h.start < cell.end && cell.start < h.end);
    if (inCell) return inCell.length ? found(i - 1, inCell[inCell.length - 1]) : undefined;
    if (overlaps) return found(i - 1, above.labels[above.labels.length - 1]);
  }
  return undefined;
}

/**
 * The label fields over a value in a grid set as two text lines, its cells apart by bars, spaced slashes or wide gaps
 * (both rows as many cells, two or more): the fields of the labels in the value's column, the last first; undefined
 * where line i is no such grid row. Evidence beside {@link ownLabel}, which reads a grid by bars only.
 */
export function gridLabelFields(lines: readonly InvoiceLine[], i: number, at: number): string[] | undefined {
  const [above, line] = [lines[i - 1], lines[i]];
  if (!above || above.pageIndex !== line.pageIndex || !above.labels.length || line.bbox[1] - above.bbox[3] > 2 * lineHeight(line.bbox)) return undefined;
  const cell = gridCellSpan(above, line, at);
  if (!cell) return undefined;
  return above.labels
    .filter((h) => h.start < cell.end && cell.start < h.end)
    .map((h) => h.field)
    .reverse();
}

/** The labels of a line and its row mates. */
export const rowLabels = (lines: readonly InvoiceLine[], i: number) =>
  new Set([i, ...rowMates(lines, i)].flatMap((j) => lines[j].labels.map((h) => h.field)));

export interface Occurrence {
  readonly line: number;
  readonly at: number;
  readonly raw?: string;
}

/** Collects occurrences per normalised value, keeping the first spelling. */
export class Pool {
  readonly entries = new Map<string, { value: string; occurrences: Occurrence[] }>();
  add(value: string | undefined, occurrence: Occurrence | undefined, normalised = value ? key(value) : ''): void {
    if (!value || !normalised) return;
    const entry = this.entries.get(normalised) ?? { value, occurrences: [] };
    if (occurrence && !entry.occurrences.some((o) => o.line === occurrence.line && o.at === occurrence.at)) entry.occurrences.push(occurrence);
    this.entries.set(normalised, entry);
  }
}

/** Words folded for comparison, space-separated and padded: whole-word containment is a substring test. */
export const words = (s: string) =>
  ` ${s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

/** Lines that print a value as whole words ("Factuur" is not in "Factuurnummer"). */
export function linesHolding(lines: readonly InvoiceLine[], value: string): number[] {
  const wanted = words(value);
  if (wanted.trim() === '') return [];
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (words(l.text).includes(wanted)) out.push(i);
  });
  return out;
}

/** Where a rule's value stands on the line it was read from (-1: not as printed, a date or amount normalised). */
export function ruleOccurrence(
  lines: readonly InvoiceLine[],
  r: RuleCandidate,
  find: (text: string) => number = (t) => t.indexOf(r.value),
): Occurrence | undefined {
  if (r.order < 0 || !lines[r.order]) return undefined;
  return { line: r.order, at: find(lines[r.order].text) };
}

/** What the rules said about a value of a field: the strongest rule score, and the kinds of rule that found it. */
export function ruleEvidence(
  input: InvoiceRankInput,
  field: string,
  normalised: string,
  same: (a: string, b: string) => boolean = (a, b) => key(a) === b,
) {
  const found = input.rules.filter((r) => r.field === field && same(r.value, normalised));
  const pick = input.rulePick[field];
  return {
    pick: pick !== undefined && same(pick, normalised),
    score: found.reduce((a, r) => Math.max(a, r.score), 0),
    labelled: found.some((r) => r.order >= 0),
    letterhead: found.some((r) => r.order === -1),
    domain: found.some((r) => r.order === -2),
  };
}

export const vector = (names: readonly string[], values: Record<string, number | boolean>) => names.map((n) => Number(values[n] ?? 0));

/** The bare title word used as a number's label ("Invoice 4711"): a title more often than a label. */
export const BARE_TITLE = /^(?:invoice|rechnung|facture|factura|fattura|fatura|factuur|credit note|gutschrift|avoir|creditnota)$/u;
/** The document's title word (German compounds too: "Handelsrechnung"); French "avoir" only opening a line, as it is also a verb. */
export const TITLE_WORD =
  /(?:(?<![\p{L}])(?:invoice|facture|factura|fattura|fatura|factuur|receipt|gutschrift|credit note)|rechnung|^\s*avoir)(?![\p{L}])/iu;
