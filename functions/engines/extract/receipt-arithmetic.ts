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

/**
 * The first line holding two adjacent amounts with cents that add up to `value` to the cent (a tax summary row's net
 * and tax, "MwSt A 19% 1,64 0,31"), or -1. Percentages are not amounts here.
 */
export function netPlusTaxRow(lines: readonly string[], value: string): number {
  const target = Math.round(Number(value) * 100);
  return lines.findIndex((text) => {
    const money = (a: { raw: string; value: string; end: number }) => isMoneyWithCents(text, a);
    const amounts = amountsIn(text);
    return amounts.some(
      (a, k) =>
        k > 0 && money(a) && money(amounts[k - 1]) && Math.round(Number(amounts[k - 1].value) * 100) + Math.round(Number(a.value) * 100) === target,
    );
  });
}

/** A tax word on a tax summary line, in the six languages and as receipts abbreviate them. */
const TAX_WORD = /(?<![\p{L}])(?:gst|sst|vat|tax|mwst|ust|tva|iva|btw|steuer)(?![\p{L}])/iu;

/**
 * The first tax line whose amount is the tax a tax-inclusive `value` holds at the rate printed on it ("TOTAL INCLUDES
 * 6% GST 1.20" for 21.20: 21.20 × 6 / 106 = 1.20), to the cent, while `other` (the total as read) does not fit it;
 * or -1. Rates of 1–30 %.
 */
export function includedTaxRow(lines: readonly string[], value: string, other?: string): number {
  const taxAt = (gross: number, rate: number) => Math.round(((gross * rate) / (100 + rate)) * 100);
  return lines.findIndex((text) => {
    if (!TAX_WORD.test(text)) return false;
    const rates = [...text.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g)]
      .map((m) => Number(m[1].replace(',', '.')))
      .filter((r) => r >= 1 && r <= 30);
    const taxes = amountsIn(text).filter((a) => isMoneyWithCents(text, a));
    return rates.some((rate) =>
      taxes.some((t) => {
        const cents = Math.round(Number(t.value) * 100);
        return cents === taxAt(Number(value), rate) && (other === undefined || cents !== taxAt(Number(other), rate));
      }),
    );
  });
}
