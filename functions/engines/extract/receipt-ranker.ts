/**
 * Learned choice of a receipt's total, vendor name and vendor address.
 *
 * Rules find *candidates* (every amount, every line near the top, every run
 * of lines that could be an address block); a small linear model scores each
 * candidate from features that generalise — label words near it (in the six
 * languages of labels.ts), its place on the page, its line's height, its
 * neighbours, its magnitude among the document's amounts, whether it equals
 * the cash tendered minus the change or the rules' own pick — and the
 * highest-scoring candidate wins (a softmax over one document's candidates).
 * The weights are fitted by `npm run train -- extract` on the SROIE receipt
 * transcripts and committed as receipt-model.json.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';
import type { FinancialField } from './labels.ts';
import { SDN_BHD } from './legal-forms.ts';
import { amountsIn, datesIn, isMoneyWithCents } from './normalize.ts';
import type { FieldModel } from './linear-ranker.ts';
import { courtesyLine } from './parties.ts';
import { companyForm, endsWithCompanyForm, namesTown, townsOf } from './receipt-names.ts';
import { receiptRows, sumForMisreadTotal } from './receipt-arithmetic.ts';
import { DATE_FEATURES, dateCandidates } from './receipt-dates.ts';
import { misreadTotalLabel, ocrAmountsIn, oneDigitOff } from './ocr-amounts.ts';
import { RUECKGELD } from './tendered.ts';
import { addressSpanEvidence, nameSpanEvidence } from './receipt-span-evidence.ts';

// The shared scoring, re-exported for the modules and tests that read it from here.
export { pick, score, type FieldModel } from './linear-ranker.ts';

export type RankedField = 'total_amount' | 'vendor_name' | 'vendor_address' | 'invoice_date';
export const RANKED_FIELDS: readonly RankedField[] = ['total_amount', 'vendor_name', 'vendor_address', 'invoice_date'];

/** One text line as the ranker sees it: what financial.ts already knows about it. */
export interface RankLine {
  readonly text: string;
  readonly bbox: BBox;
  readonly pageIndex: number;
  /** Fields whose labels occur on the line. */
  readonly labels: readonly FinancialField[];
  /** A company form (Sdn Bhd, GmbH, Ltd…) occurs in it. */
  readonly company: boolean;
  /** The line is only a company registration number. */
  readonly registration: boolean;
  /** Phone, fax, mail or web. */
  readonly contact: boolean;
  /** The document's title ("TAX INVOICE", "RECEIPT"). */
  readonly title: boolean;
}

export interface RankInput {
  readonly lines: readonly RankLine[];
  /** Lines sharing a row with line i (values in a right-hand column, labels on the left). */
  readonly rowOf: (i: number) => readonly number[];
  /** The line's text as a vendor name (registration number dropped, a name broken after "&" joined). */
  readonly nameOf: (i: number) => string;
  /** What the hand rules chose. */
  readonly rulePick: Partial<Record<RankedField, string>>;
  /** Cash tendered minus change, when printed. */
  readonly paid?: string;
  /** Names spelled by the receipt's web address ("www.feinkost-lindner.de" → "Feinkost"), with the line they are on. */
  readonly domains?: readonly { readonly name: string; readonly line: number }[];
  /** The tendered and the change line of {@link paid}. */
  readonly paidLines?: readonly number[];
  /** Lines printing a card processor's web address (on the payment slip): they never name the seller. */
  readonly processorLines?: readonly number[];
  /** The rules' subtotal and tax, and the line items' sum: arithmetic a total is checked against. */
  readonly subtotal?: string;
  readonly tax?: string;
  readonly itemsSum?: string;
  /** Month first for ambiguous numeric dates (the document's convention). */
  readonly monthFirst?: boolean;
}

export interface RankCandidate {
  readonly field: RankedField;
  readonly value: string;
  /** Where it was read: indexes into the input lines (the citation). */
  readonly lines: readonly number[];
  readonly features: readonly number[];
  /** Worked out rather than read as printed (a payment's difference, a sum, a date read through look-alike glyphs): cited on its lines. */
  readonly derived?: boolean;
}

export interface RankerModel {
  readonly version: number;
  readonly trained_on: string;
  readonly seed: number;
  readonly fields: Partial<Record<RankedField, FieldModel>>;
}

const PAYMENT = /(?<![\p{L}])(?:cash|tendered|tender|paid|payment|card|visa|master(?:card)?|credit|debit|bar(?:geld)?|gegeben|ec|girocard|espèces|carte|efectivo|tarjeta|contanti|carta|contant|pin|(?:kredit|ec-?|giro|bank)?karte(?:nzahlung)?|zahlung|maestro)(?![\p{L}])/iu;
/** A card payment: what the card paid is the total, to the cent (cash tendered is often more). */
const CARD = /(?<![\p{L}])(?:card|visa|master(?:card)?|amex|credit|debit|maestro|ec|girocard|(?:kredit|ec-?|giro|bank)?karte(?:nzahlung)?|carte(?:\s+bancaire)?|cb|tarjeta|carta|pin(?:nen)?|kaart)(?![\p{L}])/iu;
/** Change given back; German "Rückgeld" as scans read it ("Rickaeld", "Riickge 1d") and "zurück" too. */
const CHANGE = new RegExp(String.raw`(?<![\p{L}])(?:change|kembali|wechselgeld|${RUECKGELD}|rendu|monnaie|cambio|vuelto|resto|wisselgeld)(?![\p{L}])`, 'iu');
const ROUNDING = /(?<![\p{L}])(?:round(?:ing|ed)?|rundung|arrondi|redondeo|arrotondamento|afronding)/iu;
const COUNT = /(?<![\p{L}])(?:qty|quantity|items?|pcs|pieces|units|anzahl|menge|artikel|articles?|quantité|cantidad|quantità|aantal|tems)(?![\p{L}])/iu;
const GRAND = /(?<![\p{L}])(?:grand|net|nett|rounded|payable|due|zu zahlen|summe|gesamt|à payer|a pagar|da pagare|te betalen)(?![\p{L}])/iu;
const INCLUSIVE = /(?<![\p{L}])(?:incl\.?|inclusive|includes?|inkl\.?|ttc|inclusief|incluido|incluso)(?![\p{L}])/iu;
const EXCLUSIVE = /(?<![\p{L}])(?:excl\.?|exclusive|excluding|exkl\.?|ohne|ht|exclusief|sin|senza|before)(?![\p{L}])/iu;
const CURRENCY = /(?<![\p{L}])(?:rm|myr|eur|usd|sgd|gbp|chf)(?![\p{L}])|[$€£]/iu;
const DISCOUNT = /(?<![\p{L}])(?:discount|disc|rabatt|remise|descuento|sconto|korting|voucher|coupon)(?![\p{L}])/iu;
export const STREET = /(?<![\p{L}])(?:jalan|jln|lot|no|taman|tmn|lorong|persiaran|kampung|kg|bandar|blok|block|level|lvl|floor|flr|road|rd|street|st|avenue|ave|lane|stra(?:ß|ss|b|s)e|str|weg|platz|allee|rue|avenue|calle|via|piazza|straat|laan|plein)(?![\p{L}])/iu;
/** Five digits, or four followed by a town; not a number a label introduces ("Counter: 4410 Take Away"). */
export const POSTCODE = /(?<![\d.,-])\d{5}(?![\d.,-])|(?<![\d.,-])(?<!:\s*)\d{4}(?![\d.,-])\s+\p{L}{3,}/u;
/** States and countries that end addresses; a Malaysian state's honorific ("Darul Ehsan", "Darul Takzim") too, often on a line of its own. */
const REGION = /(?<![\p{L}])(?:darul\s+\p{L}{3,}|selangor|johor|kuala lumpur|w\.?p\.?|wilayah|melaka|perak|pahang|kedah|penang|pulau pinang|negeri sembilan|sabah|sarawak|kelantan|terengganu|perlis|putrajaya|malaysia|deutschland|germany|france)(?![\p{L}])/iu;

const TOTAL_FEATURES = [
  'bias', 'row_total', 'row_subtotal', 'row_tax', 'row_due', 'row_payment', 'row_change', 'row_rounding', 'row_count', 'row_grand', 'row_inclusive', 'row_exclusive',
  'row_discount', 'above_total', 'y', 'x_right', 'is_max', 'value_over_max', 'rank', 'cents', 'currency_near', 'repeats', 'equals_paid', 'paid_known', 'rule_pick', 'height',
  'amounts_on_line', 'last_on_line', 'after_total_below', 'total_labels_before', 'value_log', 'whole_small', 'row_card', 'net_tax_sum',
  'paid_tax_row', 'included_tax_fits', 'sub_plus_tax', 'items_sum', 'derived', 'sum_of_misread',
  'row_total_ocr', 'ocr_amount', 'mends_misread',
] as const;

const NAME_FEATURES = [
  'bias', 'index', 'first', 'y', 'company', 'registration_below', 'registration_inline', 'letters', 'digits', 'upper', 'words', 'height', 'height_rank_top', 'centred',
  'label', 'title', 'contact', 'date', 'amount', 'rule_pick', 'address_below', 'first_company', 'length', 'lines_before_company', 'outside_top',
  'from_domain', 'wordlike', 'spelled_by_domain', 'two_lines', 'company_second_only', 'first_ends_company', 'bare_form', 'second_short', 'addressy',
  'spelled_head', 'unreadable', 'legal_under_unreadable_head', 'legal_form_end', 'names_town', 'name_tail', 'completes_form', 'domain_in_head',
  'head_opens_domain',
] as const;

const ADDRESS_FEATURES = [
  'bias', 'lines', 'after_name', 'postcode', 'postcode_last', 'street', 'region_last', 'contact', 'registration', 'date', 'amount', 'company', 'label', 'starts_number',
  'boundary_after', 'boundary_before', 'y', 'letters', 'title_inside', 'after_registration', 'rule_overlap', 'comma_end_last', 'next_has_postcode',
  'before_addressy', 'after_addressy', 'starts_premises', 'phone_inside', 'postcode_then_more', 'before_continues', 'last_continues_into',
] as const;

export const FEATURE_NAMES: Readonly<Record<RankedField, readonly string[]>> = {
  total_amount: TOTAL_FEATURES,
  vendor_name: NAME_FEATURES,
  vendor_address: ADDRESS_FEATURES,
  invoice_date: DATE_FEATURES,
};

/** Per-text memo of the date and money tests every candidate asks of its lines (a page's lines are asked many times). */
function memo<T>(f: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (!seen.has(text)) seen.set(text, f(text));
    return seen.get(text)!;
  };
}
/** What candidates ask of a line's text: a date on it, money (an amount with cents) on it. */
interface TextTests {
  readonly hasDate: (text: string) => boolean;
  readonly hasMoney: (text: string) => boolean;
}
const textTests = (): TextTests => ({
  hasDate: memo((t) => datesIn(t).length > 0),
  hasMoney: memo((t) => amountsIn(t).some((a) => /[.,]\d{2}(?!\d)/.test(a.raw))),
});

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** Share of a text's tokens that look like words (three letters or more, a vowel among them): OCR of a logo gives "Vo ilne nel". */
const wordlike = (s: string) => {
  const tokens = s.split(/\s+/).filter(Boolean);
  return tokens.length ? tokens.filter((t) => /^[\p{L}&.'-]{3,}$/u.test(t) && /[aeiouyäöüéèáíóú]/iu.test(t)).length / tokens.length : 0;
};
const ratio = (s: string, re: RegExp) => (s.length ? (s.match(re)?.length ?? 0) / s.length : 0);
const height = (b: BBox) => Math.max(1e-4, b[3] - b[1]);

function median(values: number[]): number {
  if (!values.length) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] || 1e-4;
}

function vectorOf(names: readonly string[], values: Record<string, number | boolean>): number[] {
  return names.map((n) => Number(values[n] ?? 0));
}

const centsOf = (value: string) => Math.round(Number(value) * 100);

/** The amounts with cents printed on a total's line or its row (a total label, or one OCR misread), in cents. */
function totalLineReads(input: RankInput): Set<number> {
  const reads = new Set<number>();
  input.lines.forEach((l, i) => {
    if (!l.labels.includes('total_amount') && !misreadTotalLabel(l.text)) return;
    for (const r of new Set([i, ...input.rowOf(i)])) {
      const text = input.lines[r].text;
      for (const a of amountsIn(text)) if (isMoneyWithCents(text, a)) reads.add(centsOf(a.value));
    }
  });
  return reads;
}

/**
 * What a receipt's own arithmetic says of an amount as its total: the payment and a tax row agree on it, the tax printed
 * at its rate fits it, it is the subtotal plus the tax (to a 5-cent rounding) or the items' sum, or it is that sum where
 * the total as the rules read it is one digit off (OCR misread a digit); and whether such a check confirms it while the
 * amounts printed on total lines are one digit off it and none equal to it: a total OCR misread.
 */
function arithmeticOf(input: RankInput): (value: string) => Record<string, number | boolean> {
  const rows = receiptRows(input.lines.map((l) => l.text));
  const totalReads = totalLineReads(input);
  const taxed = input.subtotal !== undefined && input.tax !== undefined && Number(input.tax) > 0;
  const sum = taxed ? centsOf(input.subtotal!) + centsOf(input.tax!) : undefined;
  const misread = input.rulePick.total_amount !== undefined ? sumForMisreadTotal(input.rulePick.total_amount, input.subtotal, input.tax) : undefined;
  const seen = new Map<string, Record<string, number | boolean>>();
  return (value) => {
    const known = seen.get(value);
    if (known) return known;
    const cents = centsOf(value);
    const includedFits = rows.includedTax(value) >= 0;
    const paid = input.paid !== undefined && centsOf(input.paid) === cents;
    const checks = {
      paid_tax_row: paid && (includedFits || rows.netPlusTax(value) >= 0),
      included_tax_fits: includedFits,
      sub_plus_tax: sum !== undefined && Math.abs(sum - cents) <= 2,
      items_sum: input.itemsSum !== undefined && centsOf(input.itemsSum) === cents,
      sum_of_misread: misread !== undefined && centsOf(misread) === cents,
    };
    // One digit off a total line alone says nothing of which was misread (a paid line read "47.40" for 42.40 is one
    // digit off the total too): only an independent check of this value (not a coincidence of two adjacent amounts) does.
    const confirmed = paid || includedFits || checks.sub_plus_tax || checks.items_sum;
    const out = { ...checks, mends_misread: confirmed && !totalReads.has(cents) && [...totalReads].some((t) => oneDigitOff(t, cents)) };
    seen.set(value, out);
    return out;
  };
}

/**
 * Totals printed nowhere as such (the total's own line unreadable or misread): the cash tendered minus the change, and
 * the subtotal plus the tax (and that rounded to 5 cents, as cash is paid). Each is cited on the lines it was worked out from.
 */
function derivedTotals(input: RankInput, printed: ReadonlySet<number>, arithmetic: ReturnType<typeof arithmeticOf>): RankCandidate[] {
  const out: RankCandidate[] = [];
  const holding = (value: string) => input.lines.findIndex((l) => amountsIn(l.text).some((a) => centsOf(a.value) === centsOf(value)));
  const add = (value: string, lines: readonly number[]) => {
    if (printed.has(centsOf(value)) || out.some((c) => c.value === value) || Number(value) <= 0) return;
    const at = lines.filter((i) => i >= 0);
    const values = {
      bias: 1,
      derived: true,
      paid_known: input.paid !== undefined,
      equals_paid: input.paid !== undefined && centsOf(input.paid) === centsOf(value),
      y: at.length ? input.lines[at[0]].bbox[1] : 1,
      value_log: Math.log10(1 + Number(value)) / 4,
      cents: true,
      ...arithmetic(value),
    };
    out.push({ field: 'total_amount', value, lines: [...new Set(at)].sort((a, b) => a - b), features: vectorOf(TOTAL_FEATURES, values), derived: true });
  };
  if (input.paid !== undefined) {
    // Cited on the cash and change lines, and on the tax row that confirms the payment when there is one.
    const rows = receiptRows(input.lines.map((l) => l.text));
    add(input.paid, [...(input.paidLines ?? []), rows.netPlusTax(input.paid), rows.includedTax(input.paid)]);
  }
  if (input.subtotal !== undefined && input.tax !== undefined && Number(input.tax) > 0) {
    const sum = centsOf(input.subtotal) + centsOf(input.tax);
    for (const cents of new Set([sum, Math.round(sum / 5) * 5])) add((cents / 100).toFixed(2), [holding(input.subtotal), holding(input.tax)]);
  }
  return out;
}

/** Whether line i's row carries a total label, as the label list reads it or as OCR misread it ("otal", "T0TAL"). */
function totalRow(input: RankInput, i: number): boolean {
  return [i, ...input.rowOf(i)].some((r) => input.lines[r].labels.includes('total_amount') || misreadTotalLabel(input.lines[r].text));
}

/** Every amount on the document as a total candidate, and the totals its arithmetic works out. */
function totalCandidates(input: RankInput, medianHeight: number): RankCandidate[] {
  const arithmetic = arithmeticOf(input);
  const { lines } = input;
  const found: { value: string; line: number; start: number; end: number; raw: string; onLine: number; index: number; ocr?: boolean }[] = [];
  // Where amounts are written with cents, a long whole number is a phone, an id or a code, never the total.
  const centsWritten = lines.some((l) => /\d[.,]\d{2}(?!\d)/.test(l.text));
  lines.forEach((l, i) => {
    const amounts = amountsIn(l.text).filter(
      (a) => Number(a.value) > 0 && !/^\s?%/.test(l.text.slice(a.end, a.end + 2)) && !(centsWritten && /^\d{5,}$/.test(a.raw.trim())),
    );
    amounts.forEach((a, k) => found.push({ value: a.value, line: i, start: a.start, end: a.end, raw: a.raw, onLine: amounts.length, index: k }));
    // On a total's line (its label read or misread), amounts OCR read with letters for digits or a space for the point ("24 UU"):
    // candidates like any printed amount, marked as read through the look-alikes.
    if (!totalRow(input, i)) return;
    for (const a of ocrAmountsIn(l.text)) {
      const raw = l.text.slice(a.start, a.end);
      found.push({ value: a.value, line: i, start: a.start, end: a.end, raw, onLine: amounts.length + 1, index: amounts.length, ocr: true });
    }
  });
  if (!found.length) return derivedTotals(input, new Set(), arithmetic);
  const distinct = [...new Set(found.map((f) => Number(f.value)))].sort((a, b) => b - a);
  const max = distinct[0] || 1;
  const counts = new Map<string, number>();
  for (const f of found) counts.set(f.value, (counts.get(f.value) ?? 0) + 1);
  const totalLineIndexes = lines.map((l, i) => (l.labels.includes('total_amount') ? i : -1)).filter((i) => i >= 0);
  // Sums of two adjacent amounts with cents on one line (a tax summary row's net and tax), in cents, with their line:
  // arithmetic that confirms a total read elsewhere ("SR 6% 29.24 1.76" for a total of 31.00).
  const rowSums: { cents: number; line: number }[] = [];
  lines.forEach((l, i) => {
    const money = amountsIn(l.text).filter((a) => isMoneyWithCents(l.text, a));
    for (let k = 1; k < money.length; k++) rowSums.push({ cents: Math.round(Number(money[k - 1].value) * 100) + Math.round(Number(money[k].value) * 100), line: i });
  });
  const out = new Map<string, RankCandidate & { score0: number }>();
  for (const f of found) {
    const line = lines[f.line];
    const row = input.rowOf(f.line);
    const rowText = [line.text.slice(0, f.start), ...row.filter((r) => r !== f.line).map((r) => lines[r].text)].join(' ');
    const rowLabels = new Set([...line.labels, ...row.flatMap((r) => lines[r].labels)]);
    const above = f.line > 0 ? lines[f.line - 1] : undefined;
    const values = {
      bias: 1,
      row_total: rowLabels.has('total_amount'),
      row_subtotal: rowLabels.has('subtotal'),
      row_tax: rowLabels.has('tax_amount'),
      row_due: rowLabels.has('amount_due'),
      row_payment: PAYMENT.test(rowText),
      row_change: CHANGE.test(rowText),
      row_rounding: ROUNDING.test(rowText),
      row_count: COUNT.test(rowText),
      row_grand: GRAND.test(rowText),
      row_inclusive: INCLUSIVE.test(rowText),
      row_exclusive: EXCLUSIVE.test(rowText),
      row_discount: DISCOUNT.test(rowText),
      above_total: Boolean(above && above.labels.includes('total_amount') && !amountsIn(above.text).length),
      y: line.bbox[1],
      x_right: line.bbox[2],
      is_max: Number(f.value) === max,
      value_over_max: Number(f.value) / max,
      rank: Math.min(5, distinct.indexOf(Number(f.value))) / 5,
      cents: Boolean(f.ocr) || /[.,]\d{2}(?!\d)/.test(f.raw),
      currency_near: CURRENCY.test(line.text.slice(Math.max(0, f.start - 5), f.end + 4)) || row.some((r) => r !== f.line && CURRENCY.test(lines[r].text)),
      repeats: Math.min(4, counts.get(f.value) ?? 1) / 4,
      equals_paid: input.paid !== undefined && Math.abs(Number(input.paid) - Number(f.value)) < 0.005,
      paid_known: input.paid !== undefined,
      rule_pick: input.rulePick.total_amount !== undefined && Math.abs(Number(input.rulePick.total_amount) - Number(f.value)) < 0.005,
      height: Math.min(3, height(line.bbox) / medianHeight),
      amounts_on_line: Math.min(4, f.onLine) / 4,
      last_on_line: f.index === f.onLine - 1,
      after_total_below: totalLineIndexes.some((t) => t > f.line),
      total_labels_before: Math.min(3, totalLineIndexes.filter((t) => t <= f.line).length) / 3,
      value_log: Math.log10(1 + Number(f.value)) / 4,
      // A currency glued on ("$7", "€12") does not make a small whole number money.
      whole_small: /^\d{1,2}$/.test(f.raw.replace(/\p{Sc}|(?<![\p{L}])(?:RM|EUR|USD)(?![\p{L}])/gu, '').trim()),
      row_card: CARD.test(rowText),
      net_tax_sum: rowSums.some((r) => r.line !== f.line && r.cents === Math.round(Number(f.value) * 100)),
      row_total_ocr: !rowLabels.has('total_amount') && misreadTotalLabel(rowText),
      ocr_amount: Boolean(f.ocr),
      ...arithmetic(f.value),
    };
    const candidate = { field: 'total_amount' as const, value: f.value, lines: [...new Set([f.line, ...row.filter((r) => lines[r].labels.length)])], features: vectorOf(TOTAL_FEATURES, values), score0: 0 };
    // One candidate per value and line: the same amount on two lines stays two candidates (their contexts differ).
    out.set(`${f.value}@${f.line}`, candidate);
  }
  const printed = [...out.values()].map(({ score0: _s, ...c }) => c);
  return [...printed, ...derivedTotals(input, new Set(found.map((f) => centsOf(f.value))), arithmetic)];
}

/** A name that ends in a company form is complete ("… SDN BHD", "… GmbH", "… Ltd."). */
const COMPANY_END = new RegExp(
  String.raw`(?<![\p{L}])(?:gmbh|ag|kg|ltd\.?|limited|inc\.?|llc|plc|corp\.?|co\.|company|sarl|srl|spa|bv|nv|${SDN_BHD}|bhd\.?|berhad|s\/b|pty|enterprise|trading)\s*$`,
  'iu',
);

/** Company forms inside a name, taken out to see what is left of it ("CO. (M) SDN BHD" is a bare form). A lone Sdn or Bhd as spelt (see legal-forms.ts). */
const COMPANY_FORMS = new RegExp(
  String.raw`(?<![\p{L}])(?:gmbh|ag|kg|ltd\.?|limited|inc\.?|llc|plc|corp\.?|co\.|company|sarl|srl|spa|bv|nv|${SDN_BHD}|sdn\.?|bhd\.?|berhad|s\/b|pty|\(m\)|m)(?![\p{L}])`,
  'giu',
);

/** Only a legal form ("SDN BHD", "CO. (M) SDN BHD"): the name's first part is on the line above. */
const isBareForm = (value: string) => value.replace(COMPANY_FORMS, ' ').replace(/[^\p{L}]/gu, '').length < 4;

/**
 * A whole company name on one line: it ends in a company form and says something besides its forms and a leading
 * bracketed branch ("KT CONTOH TRADING", "ACME FOODS SDN BHD"; not "(KAJANG) SDN BHD", "TRADING" nor "CO. (M) SDN BHD").
 */
export function wholeCompanyName(name: string): boolean {
  if (!COMPANY_END.test(name)) return false;
  const said = name
    .replace(COMPANY_FORMS, ' ')
    .replace(/(?<![\p{L}])(?:enterprise|trading)(?![\p{L}])/giu, ' ')
    .replace(/^\s*[(\[][^)\]]*[)\]]?/u, '')
    .replace(/[^\p{L}]/gu, '');
  return said.length >= 4;
}

/** Unit, floor and building words that open an address block before its street ("UNIT G-21, GROUND FLOOR", "LEVEL 4, WISMA …"). */
const PREMISES = /(?<![\p{L}])(?:unit|suite|level|lvl|floor|flr|lot|block|blk|wisma|menara|bangunan|plaza|mall|centre|center|complex|etage|stock|og|eg)(?![\p{L}])/iu;
const PHONE = /(?<![\d])0\d{1,2}[- ]?\d{3,4}[- ]?\d{4}(?!\d)/u;

const isAddressy = (t: string) => POSTCODE.test(t) || STREET.test(t) || REGION.test(t);

/** A name with a legal form that reads as words (not an item's "kg" unit, not a lone "GmbH"). */
const legalName = (value: string) => companyForm(value) && !/\d[.,]\s?\d/.test(value) && /\p{L}{4,}/u.test(value) && !/^\W*\p{L}{1,4}\W*$/u.test(value);

/**
 * Name candidates no reader would take for the seller, so never generated: a card processor's web address on the
 * payment slip or a line spelling it (it sold nothing), a courtesy line (thanks, greetings, opening hours, a return
 * policy: it names nobody), and a person, branch or slogan line joined to a whole company name under it (the company
 * line is a candidate of its own).
 */
function notAName(input: RankInput) {
  const { lines } = input;
  const processorLines = new Set(input.processorLines ?? []);
  const processorNames = (input.domains ?? []).filter((d) => processorLines.has(d.line)).map((d) => norm(d.name)).filter((d) => d.length >= 3);
  return (i: number, span: number, value: string) =>
    processorLines.has(i) ||
    processorNames.some((d) => norm(value).startsWith(d)) ||
    courtesyLine(value) ||
    (span === 2 && !lines[i].company && wholeCompanyName(input.nameOf(i + 1)));
}

/** A name with no run of five letters and no company form: what OCR makes of a logo, not a shop's name. */
const unreadableName = (name: string) => !/\p{L}{5,}/u.test(name) && !companyForm(name);

/**
 * What speaks for or against a name candidate beyond its place and shape: a head line the receipt's own web address
 * spells right above the address block, a name OCR read as no word (a logo), a legal-form line when the head is such a
 * logo, a company form closing the name, a line naming the address block's town (a chain's branch, or a department).
 */
function nameEvidence(input: RankInput, top: readonly number[], domainKeys: readonly string[]) {
  const { lines } = input;
  const headUnreadable = top.length > 0 && unreadableName(input.nameOf(top[0]));
  const towns = townsOf(lines.filter((l) => l.pageIndex === 0).map((l) => l.text));
  return (i: number, span: number, value: string, domain: boolean) => {
    const spelled = !domain && domainKeys.some((d) => norm(value).startsWith(d));
    const next = lines[i + span];
    return {
      spelled_head: spelled && span === 1 && Boolean(next && isAddressy(next.text)),
      unreadable: unreadableName(value),
      legal_under_unreadable_head: headUnreadable && legalName(value),
      legal_form_end: endsWithCompanyForm(value),
      names_town: namesTown(value, towns),
    };
  };
}

/** Lines near the top of page 1 as vendor names. */
function nameCandidates(input: RankInput, top: readonly number[], medianHeight: number, { hasDate, hasMoney }: TextTests): RankCandidate[] {
  const { lines } = input;
  // Beyond the head, lines naming a company (a logo on top that OCR cannot read; the legal name printed at the foot).
  const topSet = new Set(top);
  const named = lines.map((l, i) => i).filter((i) => !topSet.has(i) && lines[i].pageIndex === 0 && lines[i].company && !lines[i].labels.length);
  const firstCompany = top.find((i) => lines[i].company);
  const heights = top.map((i) => height(lines[i].bbox)).sort((a, b) => b - a);
  const out: RankCandidate[] = [];
  const domainKeys = (input.domains ?? []).map((d) => norm(d.name)).filter((d) => d.length >= 3);
  const entries: { i: number; k: number; value: string; domain: boolean; span: number }[] = [...top, ...named].map((i, k) => ({ i, k, value: input.nameOf(i), domain: false, span: 1 }));
  // A name printed over two lines ("EXAMPLE POWER HARDWARE" over "TRADING", "MEGA MART" over "(KAJANG) SDN BHD"):
  // each pair of consecutive head lines that could both be part of a name is a candidate too.
  top.forEach((i, k) => {
    const next = lines[i + 1];
    if (!next || !topSet.has(i + 1) || !/\p{L}{2,}/u.test(next.text)) return;
    if ([lines[i], next].some((l) => l.contact || l.registration || l.title || l.labels.length || hasDate(l.text) || hasMoney(l.text))) return;
    const first = input.nameOf(i);
    const second = input.nameOf(i + 1);
    // The ampersand rule already joined them.
    if (norm(first).endsWith(norm(second))) return;
    const value = `${first} ${second}`;
    if (value.split(/\s+/).length > 10) return;
    entries.push({ i, k, value, domain: false, span: 2 });
  });
  // The web address's name, where no line spells it (a logo OCR cannot read): a candidate of its own.
  for (const d of input.domains ?? []) entries.push({ i: d.line, k: top.length + named.length, value: d.name, domain: true, span: 1 });
  const evidence = nameEvidence(input, top, domainKeys);
  const spanEvidence = nameSpanEvidence(lines, top, (input.domains ?? []).map((d) => d.name), isBareForm);
  const excluded = notAName(input);
  entries.forEach(({ i, k, value, domain, span }) => {
    const l = lines[i];
    if (!/\p{L}{2,}/u.test(value) || excluded(i, span, value)) return;
    const next = lines[i + span];
    const values = {
      bias: 1,
      index: Math.min(10, topSet.has(i) ? k : 10) / 10,
      first: k === 0,
      y: l.bbox[1],
      company: l.company || (span === 2 && lines[i + 1].company),
      registration_below: Boolean(next?.registration),
      registration_inline: /[(\[{]\s*\d{4,}[-\s]?[A-Z0-9]{0,2}\s*[)\]}]/.test(l.text) || /\d{5,}-[A-Z]/.test(l.text),
      letters: ratio(value, /\p{L}/gu),
      digits: ratio(value, /\p{N}/gu),
      upper: ratio(value, /\p{Lu}/gu) / Math.max(0.01, ratio(value, /\p{L}/gu)),
      words: Math.min(8, value.split(/\s+/).length) / 8,
      height: Math.min(3, height(l.bbox) / medianHeight),
      height_rank_top: height(l.bbox) >= heights[0] - 1e-6,
      centred: 1 - Math.min(1, Math.abs((l.bbox[0] + l.bbox[2]) / 2 - 0.5) * 2),
      label: l.labels.length > 0,
      title: l.title,
      contact: l.contact,
      date: hasDate(l.text),
      amount: hasMoney(l.text),
      rule_pick: input.rulePick.vendor_name !== undefined && norm(input.rulePick.vendor_name) === norm(value),
      address_below: Boolean(next && isAddressy(next.text)),
      first_company: i === firstCompany || (span === 2 && i + 1 === firstCompany),
      length: Math.min(60, value.length) / 60,
      lines_before_company: firstCompany === undefined ? 0 : Math.max(-3, Math.min(3, firstCompany - i)) / 3,
      outside_top: !topSet.has(i),
      from_domain: domain,
      wordlike: wordlike(value),
      spelled_by_domain: !domain && domainKeys.some((d) => norm(value).startsWith(d)),
      two_lines: span === 2,
      company_second_only: span === 2 && lines[i + 1].company && !l.company,
      first_ends_company: COMPANY_END.test(input.nameOf(i)),
      // Only a legal form ("SDN BHD", "CO. (M) SDN BHD"): the name's first part is on the line above.
      bare_form: isBareForm(value),
      second_short: span === 2 && input.nameOf(i + 1).split(/\s+/).length <= 3,
      // A street and number, or a postcode and town: the address, not the name.
      addressy: /\d/.test(value) && isAddressy(value),
      ...evidence(i, span, value, domain),
      ...spanEvidence(i, span, value, domain),
    };
    out.push({ field: 'vendor_name', value, lines: span === 2 ? [i, i + 1] : [i], features: vectorOf(NAME_FEATURES, values) });
  });
  return out;
}

/** Runs of one to six consecutive lines near the top of page 1 as the vendor's address block. */
function addressCandidates(input: RankInput, top: readonly number[], { hasDate, hasMoney }: TextTests): RankCandidate[] {
  const { lines } = input;
  const out: RankCandidate[] = [];
  const ruleAddress = input.rulePick.vendor_address ? norm(input.rulePick.vendor_address) : '';
  const boundary = (l: RankLine | undefined) => !l || l.contact || l.registration || l.title || l.labels.length > 0 || hasDate(l.text);
  const spanEvidence = addressSpanEvidence(lines, hasDate);
  for (const start of top) {
    for (let n = 1; n <= 6; n++) {
      const block = Array.from({ length: n }, (_, k) => start + k);
      if (block.some((i) => i >= lines.length || lines[i].pageIndex !== lines[start].pageIndex)) break;
      const texts = block.map((i) => lines[i].text.trim());
      const last = texts[texts.length - 1];
      if (!block.some((i) => /\d/.test(lines[i].text))) continue;
      const value = texts.join(' ');
      const before = lines[start - 1];
      const after = lines[start + n];
      const values = {
        bias: 1,
        lines: n / 6,
        after_name: Boolean(before && before.company),
        postcode: block.some((i) => POSTCODE.test(lines[i].text)),
        postcode_last: POSTCODE.test(last) || (n > 1 && POSTCODE.test(texts[n - 2]) && REGION.test(last)),
        street: STREET.test(texts[0]),
        region_last: REGION.test(last),
        contact: block.some((i) => lines[i].contact),
        registration: block.some((i) => lines[i].registration),
        date: block.some((i) => hasDate(lines[i].text)),
        amount: block.some((i) => hasMoney(lines[i].text)),
        company: block.some((i) => lines[i].company),
        label: block.some((i) => lines[i].labels.length > 0),
        starts_number: /^\s*(?:no\b|lot\b|\d)/iu.test(texts[0]),
        boundary_after: boundary(after),
        boundary_before: !before || before.company || before.registration || boundary(before),
        y: lines[start].bbox[1],
        letters: ratio(value, /\p{L}/gu),
        title_inside: block.some((i) => lines[i].title),
        after_registration: Boolean(before?.registration),
        rule_overlap: ruleAddress !== '' && (ruleAddress.includes(norm(value)) || norm(value).includes(ruleAddress)),
        comma_end_last: /,\s*$/.test(last),
        next_has_postcode: Boolean(after && POSTCODE.test(after.text)),
        // The block starts too late (the unit and building line above it is address too) or ends too early.
        before_addressy: Boolean(before && !boundary(before) && !before.company && /\d/.test(before.text) && (isAddressy(before.text) || PREMISES.test(before.text))),
        after_addressy: Boolean(after && !boundary(after) && !after.company && isAddressy(after.text)),
        starts_premises: PREMISES.test(texts[0]),
        // A bare phone number ("017-2345678") is no part of an address, though no "Tel" labels it.
        phone_inside: texts.some((t) => PHONE.test(t)),
        // Lines after the one with the postcode (a town, a region, or something else: a branch name, a slogan).
        postcode_then_more: (() => {
          const at = texts.findIndex((t) => POSTCODE.test(t));
          return at >= 0 ? (n - 1 - at) / 6 : 0;
        })(),
        ...spanEvidence(start, n),
      };
      out.push({ field: 'vendor_address', value, lines: block, features: vectorOf(ADDRESS_FEATURES, values) });
    }
  }
  return out;
}

/** All candidates of a document, per ranked field. */
export function rankCandidates(input: RankInput): Record<RankedField, RankCandidate[]> {
  // Memos for this document only.
  const tests = textTests();
  const medianHeight = median(input.lines.map((l) => height(l.bbox)));
  // The head of the first page: where receipts print who sold.
  const top = input.lines.map((l, i) => ({ l, i })).filter(({ l }) => l.pageIndex === 0 && l.bbox[1] < 0.45).map(({ i }) => i).slice(0, 16);
  return {
    total_amount: totalCandidates(input, medianHeight),
    vendor_name: nameCandidates(input, top, medianHeight, tests),
    vendor_address: addressCandidates(input, top, tests),
    invoice_date: dateCandidates(input, tests.hasMoney),
  };
}
