/**
 * Line items: from the page tables whose header names a description and an amount column, else from text lines
 * under a header line; section subtotals dropped.
 *
 * @module
 */
import { type DocumentPage } from '../document-model.ts';
import { tablesOrNone } from '../layout/tables.ts';
import { COLUMN_HEADERS, findLabel, namesDescriptionColumn } from './labels.ts';
import { amountsIn, parseAmount } from './normalize.ts';

/** Two amounts equal within a cent or 0.1 % (a printed total and the sum it should be). */
export const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.001);

export interface LineItem {
  description: string;
  quantity: number | null;
  unit_price: string | null;
  total: string | null;
}

type Role = keyof typeof COLUMN_HEADERS;

function roleOf(header: string): Role | undefined {
  const h = header.toLowerCase().replace(/[^\p{L}\p{N}. ]/gu, ' ').trim();
  if (!h) return undefined;
  const order: Role[] = ['unit_price', 'quantity', 'total', 'description'];
  for (const role of order) if (COLUMN_HEADERS[role].some((w) => findLabel(h, w) >= 0)) return role;
  const words = h.split(/\s+/);
  if (words.some((w) => COMPOUND_PRICE.test(w))) return 'unit_price';
  if (words.some((w) => COMPOUND_AMOUNT.test(w))) return 'total';
  return undefined;
}

/** German and Dutch compounds: "Nettopreis", "Bruttostückpreis", "Stuksprijs" are prices; "Nettobetrag", "Totaalbedrag" amounts. */
const COMPOUND_PRICE = /\p{L}{3,}(?:preis|prijs)$/u;
const COMPOUND_AMOUNT = /\p{L}{3,}(?:betrag|bedrag|summe)$/u;
const COMPOUND_HEADING = /\p{L}{3,}(?:preis|prijs|betrag|bedrag|summe)(?![\p{L}])/u;

const TOTALS_ROW = /(?<![\p{L}])(?:sub-?total|total|tax|vat|gst|mwst|tva|iva|btw|summe|gesamt|netto|brutto|shipping|discount|rabatt|remise|amount due|balance)(?![\p{L}])/iu;

/** Where each column role is named in a header line, in the header's order ("Nettopreis Menge … Nettobetrag"). */
export function headerRoles(lower: string): { role: Role; at: number }[] {
  const found = new Map<Role, number>();
  const note = (role: Role, at: number) => {
    if (at >= 0 && (!found.has(role) || at < found.get(role)!)) found.set(role, at);
  };
  for (const role of Object.keys(COLUMN_HEADERS) as Role[]) for (const word of COLUMN_HEADERS[role]) note(role, findLabel(lower, word));
  // Word by word only what the search above cannot see: compounds ("Nettopreis") and words with punctuation ("unit-price").
  for (const m of lower.matchAll(/\S+/gu)) {
    if (!COMPOUND_HEADING.test(m[0]) && !/[^\p{L}\p{N}.]/u.test(m[0])) continue;
    const role = roleOf(m[0]);
    if (role) note(role, m.index!);
  }
  // A bare "Unit" heading between the numbers is the unit price when no other heading is ("Item Qty Unit Amount").
  if (!found.has('unit_price')) note('unit_price', findLabel(lower, 'unit'));
  return [...found].map(([role, at]) => ({ role, at })).sort((a, b) => a.at - b.at);
}

/**
 * Line items written as text lines under a header line ("Description Qty
 * Price Amount"), when no table was found: each line until the totals is a
 * description followed by its numbers, assigned to the header's number
 * columns in the header's order (quantity, unit price, total by default).
 * Percentages (a tax rate column) are not amounts.
 */
function lineItemsFromText(pages: readonly DocumentPage[]): LineItem[] {
  const items: LineItem[] = [];
  for (const page of pages) {
    const texts = page.lines.length ? page.lines.map((l) => l.text) : page.text.split('\n');
    let numberColumns: Role[] | undefined;
    for (const text of texts) {
      if (!numberColumns) {
        // Most lines name no description column: the cheap test first (on the text as roleOf sees its words).
        if (!namesDescriptionColumn(text.toLowerCase().replace(/[^\p{L}\p{N}. ]/gu, ' '))) continue;
        const roles = headerRoles(text.toLowerCase()).map((r) => r.role);
        if (roles.includes('description') && (roles.includes('total') || roles.includes('unit_price')) && !amountsIn(text).length) {
          numberColumns = roles.filter((r) => r !== 'description');
        }
        continue;
      }
      if (TOTALS_ROW.test(text) && !/\p{L}{3,}.*\d.*\p{L}{3,}/u.test(text.replace(TOTALS_ROW, ''))) break;
      const trailing = trailingNumbers(text);
      if (!trailing.length) continue;
      // The description ends where the numbers start; a rate between them ("19 %") is not part of it.
      const description = text.slice(0, trailing[0].start).replace(/[\s:|-]+$/u, '').trim();
      if (!/\p{L}{2,}/u.test(description)) continue;
      const isCount = (n: { raw: string }) => /^\d{1,4}$/.test(n.raw.trim());
      let quantity: number | null = null;
      let unit: string | null = null;
      let total: string | null = null;
      if (trailing.length === numberColumns.length && numberColumns.length >= 2) {
        // As many numbers as number columns: each is its column's.
        trailing.forEach((n, i) => {
          if (numberColumns![i] === 'quantity') quantity = Number(n.value);
          else if (numberColumns![i] === 'unit_price') unit = n.value;
          else total = n.value;
        });
      } else if (trailing.length === 3) {
        [quantity, unit, total] = [Number(trailing[0].value), trailing[1].value, trailing[2].value];
      } else if (trailing.length === 2) {
        if (isCount(trailing[0])) [quantity, total] = [Number(trailing[0].value), trailing[1].value];
        else [unit, total] = [trailing[0].value, trailing[1].value];
      } else total = trailing[0].value;
      items.push({ description, quantity, unit_price: unit, total });
    }
  }
  return items;
}

type Found = ReturnType<typeof amountsIn>[number];

/** A measure inside a description ("200 m2", "3 kg", "40 cm"): the number describes the item, it counts nothing. */
const MEASURE_AFTER = /^\s?(?:m2|m²|m3|m³|sqm|sq\.?\s?ft|cm|mm|km|kg|g|ml|l|ltr|litres?|liters?)(?![\p{L}\p{N}])/iu;

/**
 * The numbers at the end of an item line, after the description (units and a rate's "%" may sit between them); a
 * number followed by a measure ("200 m2") belongs to the description. An amount written with a space as thousands
 * separator ("1 380.00") is read as a count and an amount when that makes quantity × unit price = line total.
 */
function trailingNumbers(text: string): Found[] {
  const numbers = amountsIn(text).filter((n) => !/^\s?%/.test(text.slice(n.end, n.end + 2)));
  const trailing: Found[] = [];
  for (let i = numbers.length - 1; i >= 0; i--) {
    const gap = text.slice(numbers[i].end, trailing.length ? trailing[0].start : text.length);
    if (/\p{L}{2,}/u.test(gap.replace(/\b(?:x|pcs|pc|stk|st|h|hrs|kg|m²|m|eur|usd|gbp)\b/giu, '').replace(/\d+\s?%/gu, ''))) break;
    if (trailing.length && MEASURE_AFTER.test(text.slice(numbers[i].end))) break;
    trailing.unshift(numbers[i]);
    if (trailing.length === 3) break;
  }
  return withSpacedCountSplit(trailing);
}

/** "1 380.00 380.00": the count and the unit price OCR or the text layer set one space apart, read as one amount. */
function withSpacedCountSplit(trailing: readonly Found[]): Found[] {
  const fits = (q: number, unit: string, total: string) => Math.abs(q * Number(unit) - Number(total)) <= 0.011;
  if (trailing.length === 3 && fits(Number(trailing[0].value), trailing[1].value, trailing[2].value)) return [...trailing];
  const at = trailing.length >= 2 ? trailing.length - 2 : -1;
  const spaced = at >= 0 ? /^(\d{1,3}) (\d{3}(?:[.,]\d{2})?)$/.exec(trailing[at].raw) : null;
  if (!spaced) return [...trailing];
  const count = spaced[1];
  const unit = parseAmount(spaced[2]);
  const total = trailing[trailing.length - 1];
  if (unit === undefined || !fits(Number(count), unit, total.value)) return [...trailing];
  const start = trailing[at].start;
  const split: Found[] = [
    { value: String(Number(count)), start, end: start + count.length, raw: count },
    { value: unit, start: start + count.length + 1, end: trailing[at].end, raw: spaced[2] },
  ];
  return [...split, total];
}

/** Line items from the page tables whose header names a description and an amount column, else from text lines. */
export function lineItems(pages: readonly DocumentPage[]): LineItem[] {
  const fromTables = lineItemsFromTables(pages);
  return withoutSectionSubtotals(fromTables.length ? fromTables : lineItemsFromText(pages));
}

/**
 * Drops section subtotal rows: a row with neither quantity nor unit price
 * whose amount is the sum of the two or more items since the previous such
 * row (grouped invoices print one per section: "--- Food Products --- 112.00").
 */
function withoutSectionSubtotals(items: readonly LineItem[]): LineItem[] {
  const kept: LineItem[] = [];
  // The running group: items since the last section subtotal, and their sum.
  let groupSize = 0;
  let sum = 0;
  for (const item of items) {
    if (item.quantity === null && item.unit_price === null && item.total !== null && groupSize >= 2 && close(Number(item.total), sum)) {
      groupSize = 0;
      sum = 0;
      continue;
    }
    kept.push(item);
    groupSize++;
    sum += item.total !== null ? Number(item.total) : 0;
  }
  return kept;
}

function lineItemsFromTables(pages: readonly DocumentPage[]): LineItem[] {
  const items: LineItem[] = [];
  for (const page of pages) {
    for (const table of tablesOrNone(page)) {
      const headerRows = Math.max(1, table.headerRows);
      const roles = new Map<number, Role>();
      for (const cell of table.cells.filter((c) => c.row < headerRows)) {
        let role = roleOf(cell.text);
        // A second price column ("Prijs per stuk … Prijs incl. BTW") is the line total.
        if (role === 'unit_price' && [...roles.values()].includes('unit_price')) role = 'total';
        if (role && ![...roles.values()].includes(role)) roles.set(cell.column, role);
      }
      // A bare "Unit" heading is the unit price column when no other heading is (a unit of measure column parses to no amount).
      const bareUnit = table.cells.find((c) => c.row < headerRows && !roles.has(c.column) && /^\s*unit\s*$/iu.test(c.text));
      if (bareUnit && ![...roles.values()].includes('unit_price')) roles.set(bareUnit.column, 'unit_price');
      const roleValues = [...roles.values()];
      if (!roleValues.includes('description') || !(roleValues.includes('total') || roleValues.includes('unit_price'))) continue;
      for (let row = headerRows; row < table.rows; row++) {
        const cells = table.cells.filter((c) => c.row === row);
        const get = (role: Role) => cells.filter((c) => roles.get(c.column) === role).map((c) => c.text.replace(/\n/g, ' ').trim()).join(' ');
        const description = get('description');
        if (!description || TOTALS_ROW.test(description) && !amountsIn(get('quantity')).length) {
          if (TOTALS_ROW.test(description)) break;
          continue;
        }
        const quantityText = get('quantity');
        const quantity = quantityText ? Number(parseAmount(quantityText) ?? NaN) : NaN;
        const unit = get('unit_price') ? parseAmount(get('unit_price')) : undefined;
        const total = get('total') ? (amountsIn(get('total')).pop()?.value ?? undefined) : undefined;
        if (unit === undefined && total === undefined) continue;
        const qty = Number.isFinite(quantity) ? quantity : null;
        // Without a total column, quantity × unit price is the line total.
        const lineTotal = total ?? (qty !== null && unit !== undefined ? (qty * Number(unit)).toFixed(2) : undefined);
        items.push({ description, quantity: qty, unit_price: unit ?? null, total: lineTotal ?? null });
      }
    }
  }
  return items;
}
