/**
 * A receipt's arithmetic: the checks a total is weighed by (net + tax rows, the tax a tax-inclusive price holds at its
 * printed rate, a total one misread digit off its subtotal plus tax). The ranker reads them as features.
 *
 * @module
 */
import { amountsIn, isMoneyWithCents } from './normalize.ts';

export function money(a: string | undefined): number | undefined {
  return a === undefined ? undefined : Number(a);
}

/**
 * The total a receipt's subtotal and tax add up to, when the total as read differs from that sum (or the sum rounded
 * to 5 cents) in exactly one digit and by more than a rounding: OCR misread one digit of the total ("28.70" where
 * 27.27 + 1.64 = 28.91 is paid as 28.90). Undefined when the figures agree, are missing, or differ otherwise.
 */
export function sumForMisreadTotal(total: string, subtotal: string | undefined, tax: string | undefined): string | undefined {
  if (subtotal === undefined || tax === undefined || Number(tax) <= 0 || Number(subtotal) <= 0) return undefined;
  const sum = Math.round((Number(subtotal) + Number(tax)) * 100);
  const read = Math.round(Number(total) * 100);
  if (Math.abs(sum - read) <= 5) return undefined;
  const oneDigitOff = (a: number, b: number) => {
    const x = String(a);
    const y = String(b);
    return x.length === y.length && [...x].filter((c, k) => c !== y[k]).length === 1;
  };
  const fits = [...new Set([sum, Math.round(sum / 5) * 5])].filter((v) => oneDigitOff(v, read));
  return fits.length === 1 ? (fits[0] / 100).toFixed(2) : undefined;
}

/** A tax word on a tax summary line, in the six languages and as receipts abbreviate them. */
const TAX_WORD = /(?<![\p{L}])(?:gst|sst|vat|tax|mwst|ust|tva|iva|btw|steuer)(?![\p{L}])/iu;

const centsOf = (value: string | number) => Math.round(Number(value) * 100);
const taxAt = (gross: number, rate: number) => Math.round(((gross * rate) / (100 + rate)) * 100);

/**
 * A receipt's rows read once for its arithmetic: which line holds two adjacent amounts with cents adding up to a value
 * (a tax summary row's net and tax, "MwSt A 19% 1,64 0,31"; percentages are not amounts here), and which tax line's
 * amount is the tax a tax-inclusive value holds at the rate printed on it ("TOTAL INCLUDES 6% GST 1.20" for 21.20:
 * 21.20 × 6 / 106 = 1.20; rates of 1–30 %). The ranker asks this of every amount, so the lines are parsed once.
 */
export function receiptRows(lines: readonly string[]) {
  const sums = new Map<number, number>();
  const taxLines: { line: number; rates: number[]; taxes: number[] }[] = [];
  lines.forEach((text, i) => {
    const amounts = amountsIn(text);
    const money = amounts.map((a) => isMoneyWithCents(text, a));
    for (let k = 1; k < amounts.length; k++) {
      const sum = centsOf(amounts[k - 1].value) + centsOf(amounts[k].value);
      if (money[k] && money[k - 1] && !sums.has(sum)) sums.set(sum, i);
    }
    if (!TAX_WORD.test(text)) return;
    const rates = [...text.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g)]
      .map((m) => Number(m[1].replace(',', '.')))
      .filter((r) => r >= 1 && r <= 30);
    if (rates.length) taxLines.push({ line: i, rates, taxes: amounts.filter((_, k) => money[k]).map((a) => centsOf(a.value)) });
  });
  return {
    /** The first line whose adjacent net and tax add up to `value`, or -1. */
    netPlusTax: (value: string) => sums.get(centsOf(value)) ?? -1,
    /** The first tax line whose tax fits a tax-inclusive `value` while `other` (the total as read) does not, or -1. */
    includedTax: (value: string, other?: string) =>
      taxLines.find(({ rates, taxes }) =>
        rates.some((rate) => taxes.some((t) => t === taxAt(Number(value), rate) && (other === undefined || t !== taxAt(Number(other), rate)))),
      )?.line ?? -1,
  };
}

/** The first line holding two adjacent amounts with cents that add up to `value` to the cent, or -1 (see {@link receiptRows}). */
export function netPlusTaxRow(lines: readonly string[], value: string): number {
  return receiptRows(lines).netPlusTax(value);
}

/** The first tax line whose amount is the tax a tax-inclusive `value` holds at its printed rate, `other` not, or -1 (see {@link receiptRows}). */
export function includedTaxRow(lines: readonly string[], value: string, other?: string): number {
  return receiptRows(lines).includedTax(value, other);
}
