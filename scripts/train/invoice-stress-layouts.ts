/**
 * Invoices laid out unlike the corpus's, rendered as text-layer PDFs (pdf-lib): the stress set of the invoice ranker
 * (`npm run eval -- invoice-stress`) and, from another seed, training invoices. Invented sellers and buyers (faker),
 * seven languages, ten layout families (a letter dated only by its town's heading, a header grid set as one line per
 * row among them), and on every page the dates an invoice's date is mistaken for: order, delivery and due dates, a
 * service period, a discount's or offer's last day, a date in the letterhead or the footer, dates inside the item
 * table or a reference, payment terms in days. Dates in every common form: dotted, spelled, abbreviated, ISO, slashed
 * in the locale's order (the locale shown by language, currency and address), ordinals, two-digit years, and the less
 * common abbreviations ("3. Mär. 2026", "1er mars 2026", "03-mar-2026"). The words are in invoice-stress-words.ts.
 *
 * Seeded: one seed gives the same invoices, byte for byte.
 *
 * @module
 */
import { allLocales, base, en, Faker } from '@faker-js/faker';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { pick, seeded, type Random } from '../lib/random.ts';

export const STRESS_FAMILIES = [
  'letterhead-inline',
  'header-box',
  'right-columns',
  'footer-seller',
  'bill-to-beside-seller',
  'remit-to',
  'title-line',
  'table-dates',
  'letter-date',
  'header-grid',
] as const;
export type StressFamily = (typeof STRESS_FAMILIES)[number];

export interface StressInvoice {
  readonly id: string;
  readonly family: StressFamily;
  readonly language: StressLanguage;
  readonly dateStyle: string;
  readonly pdf: () => Promise<Uint8Array>;
  readonly truth: { vendor_name: string; invoice_date: string; invoice_number: string; total_amount: string };
}

import {
  FAKER_LOCALE,
  langOf,
  LETTER,
  MONTHS,
  SHORT,
  STRESS_LANGUAGES,
  VARIANT_MONTHS,
  W,
  type Lang,
  type StressLanguage,
} from './invoice-stress-words.ts';

export { STRESS_LANGUAGES, type StressLanguage };

const DATE_STYLES = ['dotted', 'spelled', 'abbreviated', 'iso', 'slashed', 'ordinal', 'two-digit', 'variant'] as const;
type DateStyle = (typeof DATE_STYLES)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const shift = (d: Date, days: number) => new Date(d.getTime() + days * 86400000);
const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** A date as the locale writes it in one style (US English month first where numeric). */
export function writeDate(d: Date, language: StressLanguage, style: DateStyle): string {
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  const lang = langOf(language);
  const month = MONTHS[lang][m - 1];
  const us = language === 'en-US';
  const abbr = SHORT[lang][m - 1];
  const numeric = (yy: string) =>
    us ? `${pad(m)}/${pad(day)}/${yy}` : lang === 'de' ? `${pad(day)}.${pad(m)}.${yy}` : `${pad(day)}/${pad(m)}/${yy}`;
  switch (style) {
    case 'dotted':
      return `${pad(day)}.${pad(m)}.${y}`;
    case 'spelled':
      if (lang === 'en') return us ? `${month} ${day}, ${y}` : `${day} ${month} ${y}`;
      if (lang === 'de') return `${day}. ${month} ${y}`;
      return lang === 'es' || lang === 'pt' ? `${day} de ${month} de ${y}` : `${day} ${month} ${y}`;
    case 'abbreviated':
      return lang === 'en' && us ? `${abbr} ${day}, ${y}` : `${day} ${abbr} ${y}`;
    case 'iso':
      return `${y}-${pad(m)}-${pad(day)}`;
    case 'slashed':
      return numeric(String(y));
    case 'ordinal':
      return lang === 'en' ? `${month.slice(0, 3)} ${ordinal(day)}, ${y}` : lang === 'nl' ? `${pad(day)}-${pad(m)}-${y}` : numeric(String(y));
    case 'two-digit':
      return numeric(pad(y % 100));
    case 'variant':
      return variantDate(language, y, m, day);
  }
}

/** The less common written forms: "Mar. 3rd, 2026", "3rd Sept. 2026", "3. Mär. 2026", "1er mars 2026", "3-mar-2026", "3 mrt 2026". */
function variantDate(language: StressLanguage, y: number, m: number, day: number): string {
  const lang = langOf(language);
  const abbr = VARIANT_MONTHS[lang][m - 1];
  if (language === 'en-US') return `${abbr} ${ordinal(day)}, ${y}`;
  if (lang === 'en') return `${ordinal(day)} ${abbr} ${y}`;
  if (lang === 'de') return `${day}. ${abbr} ${y}`;
  if (lang === 'fr') return `${day === 1 ? '1er' : day} ${abbr} ${y}`;
  if (lang === 'es' || lang === 'pt') return `${pad(day)}-${abbr.replace('.', '')}-${y}`;
  return `${day} ${abbr} ${y}`;
}

const ADDRESS: Record<StressLanguage, (f: Faker, city: string) => string> = {
  'en-US': (f, city) => `${city}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode('#####')}`,
  'en-GB': (f, city) => `${city} ${f.location.zipCode()}`,
  de: (f, city) => `${f.location.zipCode('#####')} ${city}`,
  fr: (f, city) => `${f.location.zipCode('#####')} ${city}`,
  es: (f, city) => `${f.location.zipCode('#####')} ${city}`,
  it: (f, city) => `${f.location.zipCode('#####')} ${city}`,
  nl: (f, city) => `${f.location.zipCode('#### ??')} ${city}`,
  pt: (f, city) => `${f.location.zipCode('####-###')} ${city}`,
};

/** An amount as the locale writes it. */
function money(v: number, language: StressLanguage): string {
  const [int, cents] = v.toFixed(2).split('.');
  if (language === 'en-US') return `$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  if (language === 'en-GB') return `£${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
}

interface Text {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly bold?: boolean;
}

/** A party: its name, street, town's name and the town line as the locale writes it. */
interface Party {
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly town: string;
}

/** What one invoice's layout function works with. */
interface Draft {
  readonly random: Random;
  readonly f: Faker;
  readonly language: StressLanguage;
  readonly w: (k: string) => string;
  readonly date: (d: Date) => string;
  readonly seller: Party;
  readonly buyer: Party;
  readonly issued: Date;
  readonly number: string;
  readonly put: (text: string, x: number, y: number, size?: number, bold?: boolean) => void;
}

const colon = (label: string, lang: Lang) => (/[:#°º.]$/.test(label) ? label : lang === 'fr' ? `${label} :` : `${label}:`);

/** The distractor dates an invoice prints, each with its label. */
function otherDates(d: Draft): [string, string][] {
  const { random, w, date, issued } = d;
  const out: [string, string][] = [];
  if (random() < 0.7) out.push([w('due'), date(shift(issued, pick(random, [10, 14, 30, 45])))]);
  if (random() < 0.5) out.push([w('order'), date(shift(issued, -Math.floor(random() * 25 + 2)))]);
  if (random() < 0.5) out.push([w('delivery'), date(shift(issued, pick(random, [-1, -3, -7, 2])))]);
  if (random() < 0.35) out.push([w('period'), `${date(shift(issued, -31))} - ${date(shift(issued, -1))}`]);
  // A discount's or an offer's last day, after the invoice's.
  if (random() < 0.25) out.push([w('valid'), date(shift(issued, pick(random, [7, 10, 14])))]);
  return out;
}

/** The header fields as label-value pairs, the invoice's own first or among the others. */
function headerPairs(d: Draft): [string, string][] {
  const own: [string, string][] = [
    [d.w('number'), d.number],
    [d.w('date'), d.date(d.issued)],
  ];
  const others = otherDates(d);
  // Sometimes the order or delivery date comes before the invoice date.
  return d.random() < 0.4 ? [own[0], ...others.slice(0, 1), own[1], ...others.slice(1)] : [...own, ...others];
}

function sellerBlock(d: Draft, x: number, y: number, big: boolean): void {
  d.put(d.seller.name, x, y, big ? 0.022 : 0.013, true);
  if (big && d.random() < 0.5) d.put(d.f.company.catchPhrase(), x, y + 0.026, 0.009);
  const y2 = y + (big ? 0.04 : 0.018);
  d.put(d.seller.street, x, y2);
  d.put(d.seller.town, x, y2 + 0.016);
}

function buyerBlock(d: Draft, x: number, y: number, labelled = true): void {
  if (labelled) d.put(colon(d.w('customer'), langOf(d.language)), x, y, 0.011, true);
  const y0 = labelled ? y + 0.017 : y;
  d.put(d.buyer.name, x, y0);
  d.put(d.buyer.street, x, y0 + 0.016);
  d.put(d.buyer.town, x, y0 + 0.032);
}

/** Items and totals from `y`; returns the total. Items may carry their own dates (delivery notes, service days). */
function itemsAndTotals(d: Draft, y: number, datedItems: boolean): number {
  const { random, put, w, language, f } = d;
  const [hDesc, hQty, hAmount] = W[langOf(language)].items;
  put(hDesc, 0.08, y, 0.011, true);
  put(hQty, 0.6, y, 0.011, true);
  put(hAmount, 0.78, y, 0.011, true);
  let net = 0;
  const n = 2 + Math.floor(random() * 4);
  for (let i = 0; i < n; i++) {
    const qty = 1 + Math.floor(random() * 6);
    const price = Math.round(random() * 30000 + 300) / 100;
    net += qty * price;
    const yy = y + 0.022 + i * 0.018;
    const itemDate = datedItems || random() < 0.15 ? ` (${d.date(shift(d.issued, -Math.floor(random() * 20 + 1)))})` : '';
    put(`${f.commerce.productName()}${itemDate}`, 0.08, yy);
    put(String(qty), 0.62, yy);
    put(money(qty * price, language), 0.78, yy);
  }
  net = Math.round(net * 100) / 100;
  const taxLabel = w('tax');
  const rate = Number(/(\d+(?:,\d)?)\s?%/.exec(taxLabel)?.[1].replace(',', '.') ?? 20) / 100;
  const tax = Math.round(net * rate * 100) / 100;
  const total = Math.round((net + tax) * 100) / 100;
  const ty = y + 0.03 + n * 0.018;
  [
    [w('subtotal'), net],
    [taxLabel, tax],
    [w('total'), total],
  ].forEach(([label, value], k) => {
    put(String(label), 0.55, ty + k * 0.018, 0.011, k === 2);
    put(money(Number(value), language), 0.78, ty + k * 0.018, 0.011, k === 2);
  });
  if (random() < 0.6) put(w('terms'), 0.08, ty + 0.07);
  return total;
}

/** Letterhead left (logo with text), labels left of their values in one column right. */
function letterheadInline(d: Draft): number {
  sellerBlock(d, 0.08, 0.05, true);
  buyerBlock(d, 0.08, 0.18, d.random() < 0.7);
  d.put(d.w('title'), 0.55, 0.06, 0.02, true);
  headerPairs(d).forEach(([label, value], k) => d.put(`${colon(label, langOf(d.language))} ${value}`, 0.55, 0.1 + k * 0.017));
  return 0.42;
}

/** Seller centred, a box of labels over a row of values (a header box). */
function headerBox(d: Draft): number {
  sellerBlock(d, 0.38, 0.04, true);
  buyerBlock(d, 0.08, 0.16);
  d.put(d.w('title'), 0.08, 0.25, 0.02, true);
  const pairs = headerPairs(d).slice(0, 5);
  pairs.forEach(([label, value], k) => {
    d.put(label.replace(/[:\s]+$/u, ''), 0.08 + k * 0.18, 0.29, 0.01, true);
    d.put(value, 0.08 + k * 0.18, 0.307);
  });
  return 0.36;
}

/** Labels in a column and values in the next, top right; a letterhead date ("printed") at the top. */
function rightColumns(d: Draft): number {
  d.put(`${d.w('printed')} ${d.date(shift(d.issued, d.random() < 0.5 ? 1 : 3))}`, 0.6, 0.02, 0.008);
  sellerBlock(d, 0.08, 0.05, d.random() < 0.5);
  buyerBlock(d, 0.08, 0.17);
  d.put(d.w('title'), 0.6, 0.1, 0.018, true);
  headerPairs(d).forEach(([label, value], k) => {
    d.put(colon(label, langOf(d.language)), 0.6, 0.14 + k * 0.017);
    d.put(value, 0.8, 0.14 + k * 0.017);
  });
  return 0.4;
}

/** A logo without text: the seller named only in the footer, with its registration date. */
function footerSeller(d: Draft): number {
  if (d.random() < 0.5) d.put(d.f.company.catchPhrase(), 0.08, 0.05, 0.012);
  buyerBlock(d, 0.08, 0.12, d.random() < 0.5);
  d.put(d.w('title'), 0.08, 0.22, 0.02, true);
  headerPairs(d).forEach(([label, value], k) => d.put(`${colon(label, langOf(d.language))} ${value}`, 0.08, 0.26 + k * 0.017));
  d.put(`${d.seller.name} · ${d.seller.street} · ${d.seller.town}`, 0.08, 0.9, 0.009);
  d.put(`${d.w('since')} ${d.date(shift(d.issued, -3000 - Math.floor(d.random() * 2000)))}`, 0.08, 0.915, 0.009);
  return 0.42;
}

/** The buyer's block on the left, the seller's block beside it on the right, labelled or not. */
function billToBesideSeller(d: Draft): number {
  d.put(d.w('title'), 0.08, 0.04, 0.022, true);
  buyerBlock(d, 0.08, 0.1);
  if (d.random() < 0.6) d.put(colon(d.w('from'), langOf(d.language)), 0.55, 0.1, 0.011, true);
  d.put(d.seller.name, 0.55, 0.117);
  d.put(d.seller.street, 0.55, 0.133);
  d.put(d.seller.town, 0.55, 0.149);
  headerPairs(d).forEach(([label, value], k) => d.put(`${colon(label, langOf(d.language))} ${value}`, 0.08, 0.2 + k * 0.017));
  return 0.38;
}

/** A "from" block at the top and a "remit to" block at the foot, the seller's trading name in both. */
function remitTo(d: Draft): number {
  d.put(d.w('title'), 0.6, 0.04, 0.022, true);
  d.put(colon(d.w('from'), langOf(d.language)), 0.08, 0.05, 0.011, true);
  d.put(d.seller.name, 0.08, 0.067);
  d.put(d.seller.street, 0.08, 0.083);
  buyerBlock(d, 0.08, 0.13);
  headerPairs(d).forEach(([label, value], k) => {
    d.put(colon(label, langOf(d.language)), 0.55, 0.1 + k * 0.017);
    d.put(value, 0.75, 0.1 + k * 0.017);
  });
  d.put(colon(d.w('remit'), langOf(d.language)), 0.08, 0.84, 0.011, true);
  d.put(d.seller.name, 0.08, 0.857);
  d.put(
    `IBAN ${pick(d.random, ['DE', 'FR', 'NL', 'PT', 'ES', 'IT'])}${Math.floor(d.random() * 89 + 10)} ${Math.floor(d.random() * 9e3 + 1e3)} ${Math.floor(d.random() * 9e3 + 1e3)}`,
    0.08,
    0.873,
  );
  return 0.36;
}

/** The number and date in the title line ("Invoice No. 123 of 3 March 2026"), other dates under it. */
function titleLine(d: Draft): number {
  const of = { en: 'dated', de: 'vom', fr: 'du', es: 'de', it: 'del', nl: 'van', pt: 'de' }[langOf(d.language)];
  sellerBlock(d, 0.6, 0.04, d.random() < 0.5);
  buyerBlock(d, 0.08, 0.12, false);
  d.put(
    `${d.w('title')} ${d.w('number').replace(/^\S+\s*/u, '')} ${d.number} ${of} ${d.date(d.issued)}`.replace(/\s+/g, ' '),
    0.08,
    0.24,
    0.016,
    true,
  );
  otherDates(d).forEach(([label, value], k) => d.put(`${colon(label, langOf(d.language))} ${value}`, 0.08, 0.27 + k * 0.017));
  return 0.38;
}

/** Dates in the item table, a footer date, the invoice's date among the header fields. */
function tableDates(d: Draft): number {
  sellerBlock(d, 0.08, 0.04, true);
  d.put(d.w('title'), 0.6, 0.04, 0.02, true);
  buyerBlock(d, 0.6, 0.09);
  headerPairs(d).forEach(([label, value], k) => d.put(`${colon(label, langOf(d.language))} ${value}`, 0.08, 0.16 + k * 0.017));
  d.put(`${d.w('since')} ${d.date(shift(d.issued, -400 - Math.floor(d.random() * 300)))}`, 0.08, 0.93, 0.009);
  return 0.34;
}

/** A letter: the buyer's window, the town and date as the heading ("Hamburg, 3. März 2026"), the number in the subject, other dates in sentences. */
function letterDate(d: Draft): number {
  const { random, put, language } = d;
  const letter = LETTER[langOf(language)];
  const say = (k: 'order' | 'delivery' | 'due' | 'heading', date: Date) =>
    pick(random, letter[k]).replace('{date}', d.date(date)).replace('{town}', d.seller.city);
  if (random() < 0.5) sellerBlock(d, 0.6, 0.04, true);
  else put(d.seller.name, 0.08, 0.04, 0.02, true);
  put(`${d.seller.name} · ${d.seller.street} · ${d.seller.town}`, 0.08, 0.13, 0.008);
  buyerBlock(d, 0.08, 0.15, false);
  put(say('heading', d.issued), 0.6, 0.22);
  put(`${d.w('title')} ${d.w('number').replace(/^\S+\s*/u, '')} ${d.number}`.replace(/\s+/g, ' '), 0.08, 0.26, 0.014, true);
  put(pick(random, letter.greeting), 0.08, 0.29);
  const body = [say('order', shift(d.issued, -Math.floor(random() * 20 + 3)))];
  if (random() < 0.6) body.push(say('delivery', shift(d.issued, -Math.floor(random() * 3 + 1))));
  if (random() < 0.3) body.reverse();
  body.forEach((line, k) => put(line, 0.08, 0.31 + k * 0.017));
  put(say('due', shift(d.issued, pick(random, [14, 30]))), 0.08, 0.75);
  if (random() < 0.5) put(`${d.w('printed')} ${d.date(shift(d.issued, pick(random, [0, 1, 2])))}`, 0.08, 0.95, 0.008);
  return 0.37;
}

/** A grid of labels over values, set as one text line each ("Date | Invoice No. | Customer No."), the columns in any order. */
function headerGrid(d: Draft): number {
  const { random, put } = d;
  sellerBlock(d, 0.08, 0.04, random() < 0.6);
  buyerBlock(d, 0.08, 0.13, random() < 0.5);
  put(d.w('title'), 0.6, 0.05, 0.02, true);
  const stamp = (x: Date) => `${x.getUTCFullYear()}${pad(x.getUTCMonth() + 1)}${pad(x.getUTCDate())}`;
  const ordered = shift(d.issued, -Math.floor(random() * 20 + 2));
  const cells: [string, string][] = [
    [d.w('date'), d.date(d.issued)],
    [d.w('number'), d.number],
    [d.w('customerNo'), `${pick(random, ['K', 'C', 'D', ''])}${Math.floor(random() * 90000 + 10000)}`],
  ];
  // A reference may hold a date of its own ("PO-20260301-17").
  if (random() < 0.5) cells.push([d.w('reference'), `${pick(random, ['PO', 'ORD', 'AB'])}-${stamp(ordered)}-${Math.floor(random() * 90 + 10)}`]);
  const others = otherDates(d).filter(([, v]) => !v.includes(' - '));
  cells.push(...others.slice(0, 2));
  const order = cells
    .map((c) => [random(), c] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => c);
  const sep = pick(random, [' | ', '   ', ' / ']);
  put(order.map(([label]) => label.replace(/[:\s]+$/u, '')).join(sep), 0.08, 0.27, 0.01, true);
  put(order.map(([, value]) => value).join(sep), 0.08, 0.287);
  if (random() < 0.5) put(`${d.w('printed')} ${d.date(shift(d.issued, pick(random, [0, 1, 5])))}`, 0.6, 0.95, 0.008);
  return 0.34;
}

const LAYOUTS: Record<StressFamily, (d: Draft) => number> = {
  'letterhead-inline': letterheadInline,
  'header-box': headerBox,
  'right-columns': rightColumns,
  'footer-seller': footerSeller,
  'bill-to-beside-seller': billToBesideSeller,
  'remit-to': remitTo,
  'title-line': titleLine,
  'table-dates': tableDates,
  'letter-date': letterDate,
  'header-grid': headerGrid,
};

/** A name in the letters Helvetica can write (the truth must be what the page prints). */
const latin1 = (s: string) => [...s.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC')].filter((c) => c.charCodeAt(0) < 256).join('');

/** Helvetica writes WinAnsi only: other letters lose their accents (faker's names may hold them). */
function encodable(font: PDFFont, text: string): string {
  try {
    font.encodeText(text);
    return text;
  } catch {
    return [...text.normalize('NFKD').replace(/\p{M}/gu, '')].map((c) => (c.charCodeAt(0) < 256 || c === '€' || c === '’' ? c : '?')).join('');
  }
}

async function render(texts: readonly Text[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // A fixed date: the same invoice gives the same bytes.
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  for (const t of texts) {
    const font = t.bold ? bold : regular;
    const size = t.size * 842 * 0.9;
    page.drawText(encodable(font, t.text), { x: t.x * 595, y: 842 - (t.y + t.size) * 842, size, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** One stress invoice of a family and language. */
export function stressInvoice(seed: number, family: StressFamily, language: StressLanguage): StressInvoice {
  const random = seeded(seed);
  const lang = langOf(language);
  const f = new Faker({ locale: [(allLocales as Record<string, typeof en>)[FAKER_LOCALE[language]], en, base] });
  f.seed(seed);
  // Days 1–12 half the time: a slashed date then reads both ways, and only the locale tells which.
  const day = random() < 0.5 ? 1 + Math.floor(random() * 12) : 1 + Math.floor(random() * 28);
  const issued = new Date(Date.UTC(2016 + Math.floor(random() * 11), Math.floor(random() * 12), day));
  const dateStyle = pick(random, DATE_STYLES);
  const party = () => {
    const name = latin1(`${f.company.name().replace(/,/g, '').split(/\s+/).slice(0, 3).join(' ')} ${pick(random, W[lang].legal)}`);
    const street = f.location.streetAddress();
    const city = f.location.city();
    return { name, street, city, town: ADDRESS[language](f, city) };
  };
  const number = pick(random, [
    () => `${pick(random, ['INV', 'RE', 'F', 'FT', 'FA'])}-${issued.getUTCFullYear()}-${pad(Math.floor(random() * 9999))}`,
    () => `${Math.floor(random() * 9e5 + 1e5)}`,
    () => `${issued.getUTCFullYear()}/${Math.floor(random() * 900 + 100)}`,
  ])();
  const texts: Text[] = [];
  const draft: Draft = {
    random,
    f,
    language,
    w: (k) => pick(random, W[lang][k]),
    date: (d) => writeDate(d, language, dateStyle),
    seller: party(),
    buyer: party(),
    issued,
    number,
    put: (text, x, y, size = 0.011, bold = false) => texts.push({ text, x, y, size, bold }),
  };
  const itemsY = LAYOUTS[family](draft);
  const total = itemsAndTotals(draft, itemsY, family === 'table-dates');
  const id = `stress:${family}:${language}:${seed}`;
  return {
    id,
    family,
    language,
    dateStyle,
    pdf: () => render(texts),
    truth: { vendor_name: draft.seller.name, invoice_date: iso(issued), invoice_number: number, total_amount: total.toFixed(2) },
  };
}

/** `perCell` invoices for every family and language, from one seed. */
export function stressInvoices(perCell: number, seed: number, families: readonly StressFamily[] = STRESS_FAMILIES): StressInvoice[] {
  const out: StressInvoice[] = [];
  families.forEach((family, fi) =>
    STRESS_LANGUAGES.forEach((language, li) => {
      for (let k = 0; k < perCell; k++) out.push(stressInvoice(seed * 10000 + fi * 1000 + li * 100 + k, family, language));
    }),
  );
  return out;
}
