/**
 * The amount a receipt was paid with: cash tendered minus the change given
 * back. Receipts print both ("CASH 50.00" / "CHANGE 41.00"), so the pair is
 * an independent reading of the total, worth having when OCR garbled the
 * total's own line ("TOTAL 343.%", "Taal Incl. GST RM He") or when several
 * totals compete.
 */
import { amountsIn } from './normalize.ts';

/**
 * German "Rückgeld" as receipt scans read it: the umlaut as u, i or ii ("Riickgeld", "Rickgeld"), the g as
 * s or a ("Rückseld", "Rickaeld"), the l as 1 and a space inside ("Riickge 1d"); "zurück" is change too ("ZURÜCK 19,67").
 */
export const RUECKGELD = String.raw`r(?:ü|u|ue|ii|i|ı)ck\s?[gsa]e\s?[l1]d|z(?:u|ü)r(?:ü|u|ue|ii)ck`;
/** "Change" in the six languages of the labels; checked first, since "CASH CHANGE 71.40" is a change line. */
const CHANGE = new RegExp(String.raw`(?<![\p{L}])(?:change|wechselgeld|${RUECKGELD}|monnaie(?: rendue)?|rendu|cambio|vuelto|resto|wisselgeld)(?![\p{L}])`, 'iu');
/** Money handed over. "Paid" alone is left out: "Amount paid" on invoices is a settled total with no change. */
const TENDERED = /(?<![\p{L}])(?:cash|tendered|tender|gegeben|bar(?:geld)?|espèces|efectivo|contanti|contant)(?![\p{L}])/iu;
/** How far below the tendered line its change line may be (its amount in a column of its own, a card or rounding line may sit between). */
const MAX_LINES_APART = 4;

/** Whether a line speaks of cash handed over or change given back. */
export function mentionsPayment(text: string): boolean {
  return TENDERED.test(text) || CHANGE.test(text);
}

export interface PaidAmount {
  /** Tendered minus change, as a plain decimal string. */
  readonly value: string;
  readonly tendered: string;
  readonly change: string;
  /** Indexes of the tendered and the change line: where a total derived from them is cited when it is printed nowhere. */
  readonly lines: readonly [number, number];
}

/**
 * The first tendered/change pair in the document's lines whose difference
 * is positive. When the document writes cents, a change without cents
 * ("CHANGE 150" for 1.50) is a misreading and not used.
 *
 * @example
 * paidAmount(['Total 13.50', 'Cash 20.00', 'Change 6.50'], true); // { value: '13.50', tendered: '20.00', change: '6.50', lines: [1, 2] }
 */
export function paidAmount(lines: readonly string[], centsWritten: boolean): PaidAmount | undefined {
  // A change line may print its amount negative ("Rückgeld -2,84": money going out of the till); its size is the change.
  const lastAmount = (text: string, requireCents: boolean, signed = false) => {
    const amounts = amountsIn(text)
      .map((a) => (signed && Number(a.value) < 0 ? { ...a, value: Math.abs(Number(a.value)).toFixed(2) } : a))
      .filter((a) => Number(a.value) > 0 && !/%/.test(text.slice(a.end, a.end + 2)));
    const last = amounts[amounts.length - 1];
    if (!last || (requireCents && !/[.,]\s?\d{2}$/.test(last.raw.replace(/\s*\p{Sc}$/u, '').trim()))) return undefined;
    return last.value;
  };
  for (let i = 0; i < lines.length; i++) {
    if (CHANGE.test(lines[i]) || !TENDERED.test(lines[i])) continue;
    const tendered = lastAmount(lines[i], false);
    if (!tendered) continue;
    for (let j = i + 1; j <= Math.min(lines.length - 1, i + MAX_LINES_APART); j++) {
      if (!CHANGE.test(lines[j])) continue;
      // "Change 0.00": paid exactly; amountsIn keeps zero out of the positive list, so read it separately.
      const change = /(?<![\d.,])0[.,]00(?!\d)/.test(lines[j]) && !lastAmount(lines[j], centsWritten, true) ? '0.00' : lastAmount(lines[j], centsWritten, true);
      if (!change) break;
      const paid = Math.round((Number(tendered) - Number(change)) * 100) / 100;
      if (paid > 0) return { value: paid.toFixed(2), tendered, change, lines: [i, j] };
      break;
    }
  }
  return undefined;
}
