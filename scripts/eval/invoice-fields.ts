/**
 * "Is the ground-truth value somewhere in the extracted text?" for invoice
 * fields: a sanity signal for text-layer documents that have no transcript.
 * A value counts as found when any of its usual written forms occurs in the
 * text (amounts with `.`/`,` decimals and thousands separators, dates in
 * numeric and month-name forms, strings case- and space-insensitively).
 *
 * @module
 */

/** Lower-case, NFKC, whitespace collapsed; the haystack for every check. */
export function searchableText(text: string): { spaced: string; compact: string } {
  const spaced = text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ');
  return { spaced, compact: spaced.replace(/ /g, '') };
}

function groupThousands(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Written forms of an amount.
 *
 * @example
 * amountForms(1234.5) // includes '1234.50', '1,234.50', '1.234,50', '1234,50', '1 234,50'
 */
export function amountForms(value: number | string): string[] {
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[^\d.-]/g, ''));
  if (!Number.isFinite(n)) return [];
  const fixed = Math.abs(n).toFixed(2);
  const [integer, decimals] = fixed.split('.');
  const sign = n < 0 ? '-' : '';
  const forms = new Set<string>();
  for (const [thousands, decimal] of [
    ['', '.'],
    [',', '.'],
    ['', ','],
    ['.', ','],
    [' ', ','],
    [' ', '.'],
    ["'", '.'],
  ]) {
    forms.add(`${sign}${groupThousands(integer, thousands)}${decimal}${decimals}`);
  }
  // Whole amounts are often written without decimals ("€ 119"); only trust that for ≥ 3 digits.
  if (decimals === '00' && integer.length >= 3) {
    forms.add(`${sign}${integer}`);
    forms.add(`${sign}${groupThousands(integer, ',')}`);
    forms.add(`${sign}${groupThousands(integer, '.')}`);
  }
  return [...forms];
}

const MONTHS: Record<string, string[]> = {
  en: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  de: ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};

/**
 * Written forms of a date given as `YYYY-MM-DD` or `YYYYMMDD`.
 *
 * @example
 * dateForms('2023-03-20') // includes '20.03.2023', '03/20/2023', 'march 20, 2023', '20 mar 2023', '20.03.23'
 */
export function dateForms(value: string): string[] {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!m) return [value];
  const [, y, mm, dd] = m;
  const d = String(Number(dd));
  const mo = String(Number(mm));
  const yy = y.slice(2);
  const forms = new Set<string>([`${y}-${mm}-${dd}`, `${y}/${mm}/${dd}`, `${y}.${mm}.${dd}`, `${y}${mm}${dd}`]);
  for (const [day, month] of [
    [dd, mm],
    [d, mo],
  ]) {
    for (const sep of ['.', '/', '-']) {
      forms.add(`${day}${sep}${month}${sep}${y}`);
      forms.add(`${month}${sep}${day}${sep}${y}`);
      forms.add(`${day}${sep}${month}${sep}${yy}`);
      forms.add(`${month}${sep}${day}${sep}${yy}`);
    }
  }
  for (const names of Object.values(MONTHS)) {
    const full = names[Number(mm) - 1];
    for (const name of [full, full.slice(0, 3), `${full.slice(0, 3)}.`]) {
      for (const day of [d, dd]) {
        forms.add(`${name} ${day}, ${y}`);
        forms.add(`${name} ${day} ${y}`);
        forms.add(`${day} ${name} ${y}`);
        forms.add(`${day}. ${name} ${y}`);
        forms.add(`${day}-${name}-${y}`);
        forms.add(`${day} ${name}, ${y}`);
      }
    }
  }
  return [...forms];
}

export type FieldKind = 'string' | 'amount' | 'date';

/** True when one of the value's forms occurs in the text (spaces ignored as a fallback). */
export function valueFound(haystack: { spaced: string; compact: string }, value: unknown, kind: FieldKind): boolean {
  if (value === null || value === undefined || value === '') return false;
  const forms =
    kind === 'amount' ? amountForms(value as number | string) : kind === 'date' ? dateForms(String(value)) : [String(value)];
  return forms.some((form) => {
    const f = form.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
    if (f === '') return false;
    return haystack.spaced.includes(f) || haystack.compact.includes(f.replace(/ /g, ''));
  });
}

/** Which fields of each invoice ground truth are checked, and how they read. */
export interface FieldSpec {
  readonly field: string;
  readonly kind: FieldKind;
}

export const INVOICE2DATA_FIELDS: readonly FieldSpec[] = [
  { field: 'invoice_number', kind: 'string' },
  { field: 'amount', kind: 'amount' },
  { field: 'amount_untaxed', kind: 'amount' },
  { field: 'date', kind: 'date' },
  { field: 'partner_name', kind: 'string' },
  { field: 'issuer', kind: 'string' },
];

export const PARSEE_FIELDS: readonly FieldSpec[] = [
  { field: 'total', kind: 'amount' },
  { field: 'date', kind: 'date' },
  { field: 'issuer', kind: 'string' },
];

export const ZUGFERD_FIELDS: readonly FieldSpec[] = [
  { field: 'invoice_number', kind: 'string' },
  { field: 'issue_date', kind: 'date' },
  { field: 'seller_name', kind: 'string' },
  { field: 'buyer_name', kind: 'string' },
  { field: 'seller_vat_id', kind: 'string' },
  { field: 'tax_total', kind: 'amount' },
  { field: 'grand_total', kind: 'amount' },
  { field: 'due_payable', kind: 'amount' },
];
