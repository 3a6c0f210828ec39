/**
 * Generated text-layer invoices for training the invoice ranker (never scored): invented sellers and buyers (faker),
 * six languages, the layouts invoices use — letterhead left, right or centred, a sender line over the buyer's address
 * window, labels and values on one line, in two columns of a row, or a row of labels over a row of values — with the
 * distractors that make the choice hard: a buyer with a company form, order, delivery and due dates, order and
 * customer numbers, subtotal and tax beside the total, a footer repeating the seller's name.
 *
 * Pages are built as the document model directly (lines with word boxes), not rendered: the ranker reads lines.
 * Seeded: the same seed gives the same invoices.
 *
 * @module
 */
import { allLocales, base, en, Faker } from '@faker-js/faker';
import type { BBox, DocumentPage, Line, Word } from '../../functions/engines/document-model.ts';
import { pick, seeded, type Random } from '../lib/random.ts';

export interface GeneratedInvoice {
  readonly id: string;
  readonly pages: DocumentPage[];
  readonly truth: { vendor_name: string; invoice_date: string; invoice_number: string; total_amount: string };
}

type Language = 'en' | 'de' | 'fr' | 'nl' | 'es' | 'it';
const LOCALE: Record<Language, string> = { en: 'en_GB', de: 'de', fr: 'fr', nl: 'nl', es: 'es', it: 'it' };

/** What each language calls the parts of an invoice (several wordings each). */
const WORDS: Record<Language, Record<string, readonly string[]>> = {
  en: {
    title: ['INVOICE', 'Invoice', 'TAX INVOICE'],
    number: ['Invoice No.:', 'Invoice #', 'Invoice number:', 'Invoice Number'],
    date: ['Invoice date:', 'Date:', 'Date of issue:', 'Issue date'],
    due: ['Due date:', 'Payment due:', 'Due'],
    other: ['Order date:', 'Delivery date:', 'Service period:'],
    customer: ['Bill to', 'Billed to:', 'Invoice to:'],
    order: ['Order No.:', 'PO number:', 'Customer No.:'],
    subtotal: ['Subtotal', 'Net amount'],
    tax: ['VAT 20%', 'Tax (10%)', 'VAT'],
    total: ['Total', 'Total due', 'Amount due', 'Grand total'],
    legal: ['Ltd', 'Limited', 'Inc.', 'LLC', 'Ltd.'],
    paid: ['Amount paid', 'Balance'],
  },
  de: {
    title: ['RECHNUNG', 'Rechnung'],
    number: ['Rechnungsnummer:', 'Rechnung Nr.', 'Rechnungs-Nr.:', 'Belegnummer:'],
    date: ['Rechnungsdatum:', 'Datum:', 'Datum'],
    due: ['Fällig am:', 'Zahlbar bis:', 'Fälligkeitsdatum:'],
    other: ['Lieferdatum:', 'Leistungszeitraum:', 'Bestelldatum:'],
    customer: ['Rechnungsempfänger', 'Rechnungsadresse:', 'Kunde:'],
    order: ['Kundennummer:', 'Bestellnummer:', 'Auftragsnummer:'],
    subtotal: ['Zwischensumme', 'Nettobetrag', 'Summe netto'],
    tax: ['MwSt. 19%', 'USt. 19 %', 'zzgl. 7% MwSt.'],
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Summe brutto', 'Endbetrag'],
    legal: ['GmbH', 'GmbH & Co. KG', 'AG', 'UG (haftungsbeschränkt)', 'e.K.'],
    paid: ['Bereits bezahlt', 'Offener Betrag'],
  },
  fr: {
    title: ['FACTURE', 'Facture'],
    number: ['Facture n°', 'N° de facture :', 'Numéro de facture :'],
    date: ['Date de facture :', 'Date :', "Date d'émission :"],
    due: ['Échéance :', 'Date limite de paiement :'],
    other: ['Date de livraison :', 'Date de commande :'],
    customer: ['Facturé à', 'Client :', 'Adresse de facturation'],
    order: ['N° client :', 'N° de commande :'],
    subtotal: ['Total HT', 'Sous-total'],
    tax: ['TVA 20 %', 'TVA (5,5 %)'],
    total: ['Total TTC', 'Net à payer', 'Montant total'],
    legal: ['SARL', 'SAS', 'S.A.', 'EURL'],
    paid: ['Acompte versé', 'Reste à payer'],
  },
  nl: {
    title: ['FACTUUR', 'Factuur'],
    number: ['Factuurnummer:', 'Factuur nr.', 'Factuurnr:'],
    date: ['Factuurdatum:', 'Datum:'],
    due: ['Vervaldatum:', 'Te betalen voor:'],
    other: ['Leverdatum:', 'Besteldatum:'],
    customer: ['Factuuradres', 'Klant:'],
    order: ['Klantnummer:', 'Ordernummer:'],
    subtotal: ['Subtotaal', 'Totaal excl. BTW'],
    tax: ['BTW 21%', 'BTW 9%'],
    total: ['Totaal', 'Totaal incl. BTW', 'Te betalen'],
    legal: ['B.V.', 'N.V.', 'VOF'],
    paid: ['Reeds betaald', 'Openstaand'],
  },
  es: {
    title: ['FACTURA', 'Factura'],
    number: ['Número de factura:', 'Factura nº', 'Nº de factura:'],
    date: ['Fecha de factura:', 'Fecha:', 'Fecha de emisión:'],
    due: ['Fecha de vencimiento:', 'Vencimiento:'],
    other: ['Fecha de entrega:', 'Fecha de pedido:'],
    customer: ['Facturar a', 'Cliente:'],
    order: ['Número de pedido:', 'Nº cliente:'],
    subtotal: ['Subtotal', 'Base imponible'],
    tax: ['IVA 21%', 'IVA (10%)'],
    total: ['Total', 'Total a pagar', 'Importe total'],
    legal: ['S.L.', 'S.A.', 'S.L.U.'],
    paid: ['Pagado', 'Pendiente'],
  },
  it: {
    title: ['FATTURA', 'Fattura'],
    number: ['Numero fattura:', 'Fattura n.', 'N. fattura:'],
    date: ['Data fattura:', 'Data:', 'Data di emissione:'],
    due: ['Scadenza:', 'Data di scadenza:'],
    other: ['Data di consegna:', 'Data ordine:'],
    customer: ['Fatturare a', 'Cliente:', 'Intestatario'],
    order: ['Numero ordine:', 'Codice cliente:'],
    subtotal: ['Imponibile', 'Subtotale'],
    tax: ['IVA 22%', 'IVA (10%)'],
    total: ['Totale', 'Totale fattura', 'Totale da pagare'],
    legal: ['S.r.l.', 'S.p.A.', 'S.n.c.'],
    paid: ['Acconto', 'Saldo'],
  },
};

const MONTH_NAMES: Record<Language, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
};

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A date as the language writes it (unambiguous forms for the language's own order). */
function written(d: Date, language: Language, style: number): string {
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  const month = MONTH_NAMES[language][m - 1];
  if (style % 4 === 0) return `${y}-${pad(m)}-${pad(day)}`;
  if (style % 4 === 1) return language === 'en' ? `${month} ${day}, ${y}` : `${day}${language === 'de' ? '.' : ''} ${month} ${y}`;
  if (language === 'en') return style % 4 === 2 ? `${pad(day)}/${pad(m)}/${y}` : `${day} ${month.slice(0, 3)} ${y}`;
  return language === 'de' ? `${pad(day)}.${pad(m)}.${y}` : language === 'nl' ? `${pad(day)}-${pad(m)}-${y}` : `${pad(day)}/${pad(m)}/${y}`;
}

/** An amount as the language writes it, with or without thousands separators. */
function money(value: number, language: Language, currency: string, grouped: boolean): string {
  const [int, cents] = value.toFixed(2).split('.');
  const comma = language !== 'en';
  const group = grouped ? int.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '.' : ',') : int;
  const amount = `${group}${comma ? ',' : '.'}${cents}`;
  return currency === '€' ? (comma ? `${amount} €` : `€${amount}`) : currency === '£' ? `£${amount}` : `${amount} ${currency}`;
}

interface Segment {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/** The document model of one page from positioned segments (each its own line, words boxed by an average glyph width). */
function pageOf(segments: readonly Segment[], pageNumber: number): DocumentPage {
  const sorted = [...segments].filter((s) => s.text.trim()).sort((a, b) => a.y - b.y || a.x - b.x);
  const words: Word[] = [];
  const lines: Line[] = [];
  for (const s of sorted) {
    const glyph = s.size * 0.36;
    const indexes: number[] = [];
    let x = s.x;
    for (const w of s.text.split(/\s+/).filter(Boolean)) {
      const bbox: BBox = [x, s.y, Math.min(0.99, x + w.length * glyph), s.y + s.size];
      indexes.push(words.length);
      words.push({ text: w, bbox, confidence: 1, source: 'text-layer' });
      x += (w.length + 1) * glyph;
    }
    const text = indexes.map((i) => words[i].text).join(' ');
    lines.push({ text, bbox: [s.x, s.y, Math.min(0.99, x - glyph), s.y + s.size], wordIndexes: indexes });
  }
  const text = lines.map((l) => l.text).join('\n');
  return {
    pageNumber,
    width: 595,
    height: 842,
    words,
    lines,
    blocks: [{ text, bbox: [0, 0, 1, 1], lineIndexes: lines.map((_, i) => i) }],
    text,
    source: 'text-layer',
  };
}

/** A seller or buyer: a company name with the language's legal form, its street and town. */
function party(f: Faker, random: Random, language: Language, company: boolean) {
  const name = company
    ? `${f.company.name().replace(/[,]/g, '').split(/\s+/).slice(0, 3).join(' ')} ${pick(random, WORDS[language].legal)}`
    : f.person.fullName();
  return { name, street: f.location.streetAddress(), town: `${f.location.zipCode()} ${f.location.city()}` };
}

/** One generated invoice. */
export function generateInvoice(seed: number): GeneratedInvoice {
  const random = seeded(seed);
  const language = pick(random, ['en', 'en', 'de', 'de', 'fr', 'nl', 'es', 'it'] as const);
  const f = new Faker({ locale: [(allLocales as Record<string, typeof en>)[LOCALE[language]], en, base] });
  f.seed(seed);
  const w = (k: string) => pick(random, WORDS[language][k]);
  const seller = party(f, random, language, true);
  const buyer = party(f, random, language, random() < 0.7);
  const currency = language === 'en' ? pick(random, ['£', '€', 'USD']) : pick(random, ['€', '€', 'EUR']);
  const grouped = random() < 0.5;
  const issued = new Date(Date.UTC(2015 + Math.floor(random() * 11), Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
  const shift = (days: number) => new Date(issued.getTime() + days * 86400000);
  const style = Math.floor(random() * 4);
  const number = pick(random, [
    () => `INV-${issued.getUTCFullYear()}-${String(Math.floor(random() * 9999)).padStart(4, '0')}`,
    () => `${issued.getUTCFullYear()}/${Math.floor(random() * 900 + 100)}`,
    () => `RE${Math.floor(random() * 90000 + 10000)}`,
    () => String(Math.floor(random() * 9e7 + 1e7)),
    () => `F${issued.getUTCFullYear()}-${Math.floor(random() * 900 + 100)}`,
  ])();
  const segments: Segment[] = [];
  const put = (text: string, x: number, y: number, size = 0.012) => segments.push({ text, x, y, size });
  // Letterhead: left, right or centred; sometimes large.
  const side = pick(random, ['left', 'right', 'centre'] as const);
  const headX = side === 'left' ? 0.08 : side === 'right' ? 0.6 : 0.38;
  const headSize = random() < 0.6 ? 0.02 : 0.013;
  // A quarter of letterheads are a logo the text layer does not hold: the name is then printed only in small print.
  const logo = random() < 0.25;
  if (!logo) put(seller.name, headX, 0.05, headSize);
  else if (random() < 0.5) put(f.company.catchPhrase(), headX, 0.05, 0.01);
  put(seller.street, headX, 0.05 + headSize + 0.006);
  put(seller.town, headX, 0.05 + headSize + 0.022);
  if (random() < 0.5) put(`Tel. +${Math.floor(random() * 90 + 10)} ${Math.floor(random() * 9e6 + 1e6)}`, headX, 0.05 + headSize + 0.038);
  // The buyer's window, with a sender line over it half the time (a seller's name in small print).
  const buyerX = side === 'left' ? pick(random, [0.08, 0.55]) : 0.08;
  if (logo || random() < 0.4) put(`${seller.name} · ${seller.street} · ${seller.town}`, buyerX, 0.15, 0.008);
  const labelled = random() < 0.6;
  if (labelled) put(w('customer'), buyerX, 0.17);
  put(buyer.name, buyerX, labelled ? 0.187 : 0.17);
  put(buyer.street, buyerX, labelled ? 0.204 : 0.187);
  put(buyer.town, buyerX, labelled ? 0.221 : 0.204);
  // Title and the header fields.
  put(w('title'), random() < 0.5 ? 0.08 : 0.55, 0.28, 0.02);
  const fields: [string, string][] = [
    [w('number'), number],
    [w('date'), written(issued, language, style)],
  ];
  if (random() < 0.6) fields.push([w('due'), written(shift(pick(random, [14, 30, 10])), language, style)]);
  if (random() < 0.5) fields.push([w('other'), written(shift(-Math.floor(random() * 20 + 1)), language, style)]);
  if (random() < 0.5) fields.push([w('order'), String(Math.floor(random() * 9e5 + 1e5))]);
  for (let i = fields.length - 1; i > 1; i--) if (random() < 0.5) [fields[i], fields[i - 1]] = [fields[i - 1], fields[i]];
  const layout = pick(random, ['inline', 'columns', 'row'] as const);
  const fx = side === 'right' ? 0.08 : 0.55;
  fields.forEach(([label, value], k) => {
    if (layout === 'inline') put(`${label} ${value}`, fx, 0.32 + k * 0.017);
    else if (layout === 'columns') (put(label, fx, 0.32 + k * 0.017), put(value, fx + 0.2, 0.32 + k * 0.017));
    else (put(label.replace(/[:\s]+$/u, ''), 0.08 + k * 0.18, 0.32), put(value, 0.08 + k * 0.18, 0.337));
  });
  // Items, then the totals block.
  let net = 0;
  const items = 1 + Math.floor(random() * 6);
  for (let i = 0; i < items; i++) {
    const qty = 1 + Math.floor(random() * 5);
    const price = Math.round(random() * 40000 + 500) / 100;
    net += qty * price;
    put(
      `${i + 1} ${f.commerce.productName()} ${qty} ${money(price, language, currency, grouped)} ${money(qty * price, language, currency, grouped)}`,
      0.08,
      0.45 + i * 0.02,
    );
  }
  net = Math.round(net * 100) / 100;
  const taxLabel = w('tax');
  const rate = Number(/(\d+(?:,\d)?)\s?%/.exec(taxLabel)?.[1].replace(',', '.') ?? 20) / 100;
  const tax = Math.round(net * rate * 100) / 100;
  const total = Math.round((net + tax) * 100) / 100;
  const ty = 0.47 + items * 0.02;
  const rows: [string, number][] = [
    [w('subtotal'), net],
    [taxLabel, tax],
    [w('total'), total],
  ];
  if (random() < 0.25) rows.push([w('paid'), Math.round(total * pick(random, [0, 0.3, 1]) * 100) / 100]);
  const split = random() < 0.5;
  rows.forEach(([label, value], k) => {
    if (split) (put(label, 0.55, ty + k * 0.018), put(money(value, language, currency, grouped), 0.78, ty + k * 0.018));
    else put(`${label} ${money(value, language, currency, grouped)}`, 0.55, ty + k * 0.018);
  });
  // Footer: the seller again, with bank and tax details.
  if (logo || random() < 0.7) put(`${seller.name} | ${seller.street} | ${seller.town}`, 0.08, 0.9, 0.009);
  put(
    `IBAN DE${Math.floor(random() * 89 + 10)} ${Math.floor(random() * 9e3 + 1e3)} ${Math.floor(random() * 9e3 + 1e3)} ${Math.floor(random() * 9e3 + 1e3)}`,
    0.08,
    0.92,
    0.009,
  );
  return {
    id: `generated:${seed}`,
    pages: [pageOf(segments, 1)],
    truth: { vendor_name: seller.name, invoice_date: iso(issued), invoice_number: number, total_amount: total.toFixed(2) },
  };
}

/** `count` generated invoices from one seed. */
export function generatedInvoices(count: number, seed: number): GeneratedInvoice[] {
  return Array.from({ length: count }, (_, i) => generateInvoice(seed * 1000 + i));
}
