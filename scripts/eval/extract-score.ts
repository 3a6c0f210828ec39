/**
 * How an extracted field is compared with the ground truth, strictly (the
 * headline) and leniently (reported beside it, labelled).
 *
 * Strict: exact equality after normalisation — amounts to the cent, dates as
 * ISO dates, names and addresses lower-cased, accents, punctuation and
 * whitespace folded, and trailing legal forms (GmbH, Ltd., Sdn Bhd, …) dropped
 * from names, so "ACME GmbH" and "Acme" are one name but "GMBH" is not
 * "NORD-KUNDE GMBH". A receipt's merchant (a lower-case chain name such as
 * "elektrohaus") is right when the name's first one or two words spell it.
 *
 * Lenient: names, addresses and descriptions also count when one contains
 * the other (the old scoring).
 *
 * @module
 */

/** Legal forms in the six languages and Malaysian receipts; dropped from the end of a name before comparing. */
const LEGAL_FORMS = new Set([
  'gmbh', 'mbh', 'ag', 'kg', 'ohg', 'ek', 'ug', 'gbr', 'co', 'cokg', 'haftungsbeschrankt', 'ltd', 'limited', 'inc', 'incorporated', 'llc', 'llp', 'lp', 'plc',
  'corp', 'corporation', 'company', 'sas', 'sa', 'sarl', 'eurl', 'sasu', 'srl', 'sl', 'slu', 'spa', 'snc', 'bv', 'nv', 'vof', 'sdn', 'bhd', 'berhad',
  'sb', 'pty', 'pte', 'oy', 'ab', 'as', 'pvt', 'private', 'm',
]);

/** Lower case, accents dropped, every run of non-letters/digits one space. */
export function normaliseText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A name for comparison: normalised, trailing legal forms and connecting "&"/"and" dropped ("Muster & Co. KG" → "muster"). */
export function normaliseName(s: string): string {
  const words = normaliseText(s.replace(/&/g, ' and ')).split(' ').filter(Boolean);
  // "Sdn. Bhd." splits into letters once dots are gone; "(M)" is Malaysia's marker inside a legal form.
  while (words.length > 1 && (LEGAL_FORMS.has(words[words.length - 1]) || words[words.length - 1] === 'and')) words.pop();
  return words.join(' ');
}

export type FieldKind = 'amount' | 'date' | 'name' | 'merchant' | 'address' | 'code';

export function fieldKind(field: string): FieldKind {
  if (['subtotal', 'tax_amount', 'total_amount', 'amount_due'].includes(field)) return 'amount';
  if (['invoice_date', 'due_date'].includes(field)) return 'date';
  if (['vendor_name', 'customer_name'].includes(field)) return 'name';
  if (field === 'merchant') return 'merchant';
  if (['vendor_address', 'customer_address'].includes(field)) return 'address';
  return 'code';
}

/** Strict: equal after normalisation. */
export function strictSame(kind: FieldKind, predicted: string, truth: string): boolean {
  switch (kind) {
    case 'amount':
      return Math.abs(Number(predicted) - Number(truth)) < 0.005;
    case 'date':
      return predicted === truth;
    case 'name': {
      const a = normaliseName(predicted);
      return a.length > 0 && a === normaliseName(truth);
    }
    case 'merchant': {
      const brand = normaliseText(truth).replace(/ /g, '');
      const words = normaliseText(predicted).split(' ');
      return brand.length > 0 && (words[0] === brand || words.slice(0, 2).join('') === brand);
    }
    case 'address':
    case 'code':
      return normaliseText(predicted).replace(/ /g, '') === normaliseText(truth).replace(/ /g, '') && normaliseText(truth) !== '';
  }
}

/** Lenient (labelled as such wherever reported): strict, or for names, merchants and addresses one containing the other. */
export function lenientSame(kind: FieldKind, predicted: string, truth: string): boolean {
  if (strictSame(kind, predicted, truth)) return true;
  if (kind !== 'name' && kind !== 'merchant' && kind !== 'address') return false;
  const a = normaliseText(predicted).replace(/ /g, '');
  const b = normaliseText(truth).replace(/ /g, '');
  return a.length > 0 && b.length > 0 && (a.includes(b) || (b.includes(a) && a.length >= 4));
}

/** Precision, recall and F1 from counts (0 when undefined). */
export function prf(right: number, predicted: number, truth: number): { precision: number; recall: number; f1: number } {
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const p = predicted ? right / predicted : 0;
  const r = truth ? right / truth : 0;
  return { precision: r3(p), recall: r3(r), f1: r3(p + r ? (2 * p * r) / (p + r) : 0) };
}
