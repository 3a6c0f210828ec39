/**
 * A document's amounts chosen by arithmetic: the subtotal the line items add up to, the total that equals a subtotal
 * plus a tax (or all taxes of a breakdown), else the largest plainly labelled total; the cash tendered minus the change
 * as an independent reading of what was paid. Each amount gets a confidence from how many readings agree.
 *
 * @module
 */
import type { Candidate } from './label-candidates.ts';
import { AMOUNT_FIELDS } from './label-candidates.ts';
import { close, type LineItem } from './line-items.ts';
import { amountsIn } from './normalize.ts';
import { type Line, rightOf } from './page-lines.ts';
import { money } from './receipt-arithmetic.ts';
import { mentionsPayment, paidAmount, type PaidAmount } from './tendered.ts';

/** A credit note's title: "Credit note CN-12", "Gutschrift", "Avoir AV-7" (French "avoir" only opening a line: it is also a verb). */
const CREDIT_NOTE_TITLE =
  /^(?:[-–*=\s]*)(?:credit\s*note|credit\s*memo|gutschrift|avoir|nota\s+de\s+cr[ée]dito|nota\s+di\s+credito|creditnota)(?![\p{L}])/iu;

/** Whether the first page is titled a credit note (its amounts are owed back). */
export function isCreditNote(lines: readonly Line[]): boolean {
  return lines.some((l) => l.pageIndex === 0 && l.bbox[1] < 0.35 && CREDIT_NOTE_TITLE.test(l.text.trim()));
}

/**
 * Printed amounts that add up (net + tax = gross): to the cent, a cent more per extra tax rate. Not `close`'s
 * 0.1 %: on 3,145.80 that lets a stray "3" (from "section 12-3") pass for the tax.
 */
const sumsTo = (a: number, b: number, terms = 2) => Math.abs(a - b) <= 0.006 + 0.005 * terms;

/** The amounts chosen so far and how sure each choice is. */
interface AmountState {
  subtotal?: Candidate;
  subtotalConfidence: number;
  total?: Candidate;
  totalConfidence: number;
  tax?: Candidate;
}

/** The amount candidates by field, and the line items with their sum. */
interface AmountLists {
  readonly subtotals: readonly Candidate[];
  readonly taxes: readonly Candidate[];
  readonly totals: readonly Candidate[];
  readonly dues: readonly Candidate[];
  readonly items: readonly LineItem[];
  readonly lineSum: number;
}

export interface AmountInput {
  readonly candidates: readonly Candidate[];
  readonly items: readonly LineItem[];
  readonly lines: readonly Line[];
  readonly centsWritten: boolean;
  readonly entities: Record<string, string>;
  readonly confidence: Record<string, number>;
}

/** Values worked out from several lines (printed nowhere as such), with those lines: where they are cited. */
export type DerivedFrom = Record<string, { readonly value: string; readonly lines: readonly number[] }>;

function chooseSubtotal(st: AmountState, { subtotals, taxes, totals, items, lineSum }: AmountLists): void {
  // The subtotal: the one the line items add up to, else the one that with a tax (or all taxes of a
  // breakdown) makes a total, else the best labelled (the last among equals: summaries come after details).
  const taxSum = taxes.reduce((a, t) => a + Number(t.value), 0);
  const makesTotal = (s: Candidate) =>
    totals.some(
      (t) =>
        taxes.some((x) => sumsTo(Number(s.value) + Number(x.value), Number(t.value))) ||
        (taxes.length > 1 && sumsTo(Number(s.value) + taxSum, Number(t.value), 1 + taxes.length)),
    );
  const matchesItems = subtotals.find((s) => items.length > 0 && close(Number(s.value), lineSum));
  const arithmetic = matchesItems ? undefined : subtotals.filter(makesTotal).sort((a, b) => b.score - a.score || b.order - a.order)[0];
  st.subtotal = matchesItems ?? arithmetic ?? [...subtotals].sort((a, b) => b.score - a.score || b.order - a.order)[0];
  st.subtotalConfidence = matchesItems ? 0.97 : arithmetic ? 0.95 : st.subtotal ? (st.subtotal.score >= 0.8 ? 0.8 : 0.5) : 0;
  if (!st.subtotal && items.length >= 1 && items.every((i) => i.total !== null)) {
    st.subtotal = { field: 'subtotal', value: lineSum.toFixed(2), score: 0.6, order: 0 };
    st.subtotalConfidence = 0.6;
  }
}

function chooseTotal(st: AmountState, { subtotals, taxes, totals, dues }: AmountLists): void {
  // The total: the candidate that equals subtotal + tax, else the largest "total" (headers and "total tax" lines are smaller).
  // Any subtotal candidate, not only the chosen one: "Subtotaal 242,00" (gross) and "Exclusief BTW 200,00" (net) on one invoice.
  for (const t of totals) {
    for (const x of taxes) {
      const net = subtotals.find((s) => sumsTo(Number(s.value) + Number(x.value), Number(t.value)) && Number(x.value) !== 0);
      if (net) {
        st.total = t;
        st.tax = x;
        st.subtotal = net;
        st.subtotalConfidence = 0.97;
        st.totalConfidence = 0.98;
      } else if (!st.total && st.subtotal && sumsTo(Number(st.subtotal.value) + Number(x.value), Number(t.value))) {
        st.total = t;
        st.tax = x;
        st.totalConfidence = 0.98;
      }
    }
  }
  // A tax breakdown (one line per rate): the taxes together make the total.
  if (!st.total && st.subtotal && taxes.length > 1) {
    const sum = taxes.reduce((a, t) => a + Number(t.value), 0);
    const t = totals.find((x) => sumsTo(Number(st.subtotal!.value) + sum, Number(x.value), 1 + taxes.length));
    if (t) {
      st.total = t;
      st.tax = { field: 'tax_amount', value: sum.toFixed(2), score: 0.9, order: t.order };
      st.totalConfidence = 0.97;
    }
  }
  if (!st.total && totals.length) {
    // The largest plainly labelled total; qualified ones ("total of surcharges") only when nothing else is there;
    // never one below half the subtotal ("Total items 1").
    const plausible = totals.filter((t) => !st.subtotal || Number(t.value) >= Number(st.subtotal.value) * 0.5);
    const plain = plausible.filter((t) => t.score >= 0.8);
    st.total = [...(plain.length ? plain : plausible.length ? plausible : totals)].sort(
      (a, b) => Number(b.value) - Number(a.value) || b.order - a.order,
    )[0];
    st.totalConfidence = 0.75;
    if (st.subtotal && close(Number(st.subtotal.value), Number(st.total.value)) && !taxes.length) st.totalConfidence = 0.85;
  }
  if (!st.total && dues.length) {
    st.total = dues[dues.length - 1];
    st.totalConfidence = 0.7;
  }
}

function settleByPayment(
  st: AmountState,
  { totals }: AmountLists,
  lines: readonly Line[],
  centsWritten: boolean,
): { paid?: PaidAmount; derivedFrom: DerivedFrom } {
  // Cash tendered minus change is what was paid: an independent reading of a receipt's total.
  // A payment line's amount may stand in a column of its own, to its right.
  // Values computed from other lines (not read off one) are cited there when they are printed nowhere.
  const derivedFrom: Record<string, { readonly value: string; readonly lines: readonly number[] }> = {};
  const paid = paidAmount(
    lines.map((l) => (!mentionsPayment(l.text) || amountsIn(l.text).length ? l.text : `${l.text} ${rightOf(lines, l)}`)),
    centsWritten,
  );
  if (paid) {
    // To the cent: a total before rounding (12.47) is not the 12.45 paid.
    const toTheCent = (value: string) => Math.abs(Number(value) - Number(paid.value)) < 0.005;
    const settles = (c: Candidate) => toTheCent(c.value);
    const agreeing = totals.find(settles);
    if (st.total && settles(st.total)) st.totalConfidence = Math.max(st.totalConfidence, 0.95);
    else if (agreeing && (!st.total || (st.totalConfidence < 0.9 && Math.abs(Number(agreeing.value) - Number(st.total.value)) <= 0.05))) {
      // Several totals printed before and after rounding (to 5 cents): the one the payment settles. Never a total
      // further off (a tax summary's "TOTAL 10.00" is no rounding of a printed 10.60, whatever a misread change says).
      st.total = agreeing;
      st.totalConfidence = 0.9;
    } else if (!st.total) {
      // The total's own line unreadable: the payment, more surely when the amount is printed somewhere.
      const printed = lines.some((l) => amountsIn(l.text).some((a) => toTheCent(a.value)));
      st.total = { field: 'total_amount', value: paid.value, score: 0.6, order: lines.length };
      st.totalConfidence = printed ? 0.7 : 0.6;
      derivedFrom.total_amount = { value: paid.value, lines: paid.lines };
    }
  }
  return { paid, derivedFrom };
}

function writeAmounts(st: AmountState, { taxes, dues }: AmountLists, { lines, entities, confidence }: AmountInput): void {
  if (!st.total && st.subtotal && taxes.length === 1 && Number(taxes[0].value) > 0 && Number(taxes[0].value) <= Number(st.subtotal.value) * 0.3) {
    // No total printed or readable (a receipt's total misread by OCR): the sum of the net amount and the one tax, weakly.
    st.total = { field: 'total_amount', value: (Number(st.subtotal.value) + Number(taxes[0].value)).toFixed(2), score: 0.5, order: taxes[0].order };
    st.tax = taxes[0];
    st.totalConfidence = 0.5;
  }
  if (!st.tax && taxes.length) {
    // A tax smaller than the total, the last one written (a tax summary line).
    // Not a whole number where the document writes cents (a clause's "section 12-3").
    st.tax = [...taxes].filter((t) => (!st.total || Number(t.value) < Number(st.total.value)) && t.score > 0.45).sort((a, b) => b.order - a.order)[0];
  }
  if (!st.subtotal && st.total && st.tax && Number(st.tax.value) === 0) {
    // No tax charged: the amount before tax is the total.
    st.subtotal = { field: 'subtotal', value: st.total.value, score: 0.7, order: 0 };
    st.subtotalConfidence = 0.7;
    entities.subtotal = st.total.value;
    confidence.subtotal = 0.7;
  }
  if (!st.subtotal && st.total && st.tax && Number(st.tax.value) < Number(st.total.value)) {
    st.subtotal = { field: 'subtotal', value: (Number(st.total.value) - Number(st.tax.value)).toFixed(2), score: 0.6, order: 0 };
    st.subtotalConfidence = 0.6;
  }
  // A subtotal equal to the total is kept when no tax was charged or a label said so; otherwise it is the total read twice.
  if (st.subtotal && (st.subtotal.value !== st.total?.value || (st.tax && Number(st.tax.value) === 0) || st.subtotal.score >= 0.8)) {
    entities.subtotal = st.subtotal.value;
    confidence.subtotal = st.subtotalConfidence;
  }
  if (st.tax) {
    entities.tax_amount = st.tax.value;
    confidence.tax_amount = st.totalConfidence >= 0.98 ? 0.97 : 0.7;
  }
  if (st.total) {
    entities.total_amount = st.total.value;
    confidence.total_amount = st.totalConfidence;
  }
  const due = dues.length ? dues[dues.length - 1] : undefined;
  if (due) {
    entities.amount_due = due.value;
    confidence.amount_due = st.total && close(money(due.value)!, money(st.total.value)!) ? 0.95 : 0.75;
  }
  // A credit note printing its amounts negative: reported as the amounts credited, positive, as EN 16931 and
  // e-invoices state them (the document type carries the direction, not the sign).
  if (entities.total_amount && Number(entities.total_amount) < 0 && isCreditNote(lines)) {
    for (const field of AMOUNT_FIELDS) if (entities[field]) entities[field] = Math.abs(Number(entities[field])).toFixed(2);
  }
}

/** Chooses subtotal, tax, total and amount due into the input's entities; returns the payment and what was worked out. */
export function chooseAmounts(input: AmountInput): { paid?: PaidAmount; derivedFrom: DerivedFrom; lineSum: number } {
  const { candidates, items } = input;
  const amountList = (field: string) => candidates.filter((c) => c.field === field);
  const lists: AmountLists = {
    subtotals: amountList('subtotal'),
    taxes: amountList('tax_amount'),
    totals: amountList('total_amount'),
    dues: amountList('amount_due'),
    items,
    lineSum: items.reduce((sum, item) => sum + (item.total !== null ? Number(item.total) : 0), 0),
  };
  const st: AmountState = { subtotalConfidence: 0, totalConfidence: 0 };
  chooseSubtotal(st, lists);
  chooseTotal(st, lists);
  const { paid, derivedFrom } = settleByPayment(st, lists, input.lines, input.centsWritten);
  writeAmounts(st, lists, input);
  return { paid, derivedFrom, lineSum: lists.lineSum };
}
