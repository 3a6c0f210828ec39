/**
 * Generated text-layer invoices for training the invoice ranker (never scored): invented sellers and buyers (faker),
 * six languages, the layouts invoices use — letterhead left, right or centred, a sender line over the buyer's address
 * window, labels and values on one line, in two columns of a row, or a row of labels over a row of values — with the
 * distractors that make the choice hard: a buyer with a company form, order, delivery and due dates, order and
 * customer numbers, subtotal and tax beside the total, a footer repeating the seller's name; and beside the seller's
 * name what sellers print (a web or mail domain, a VAT id, a payee line) with slogans, tool notices, currency codes
 * and scribbles that are no name.
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
    seller: ['Seller', 'Supplier', 'From'],
    buyer: ['Buyer', 'Customer', 'To'],
    dated: ['dated', 'of'],
    name: ['Name:', 'Company:'],
    address: ['Address:'],
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
    seller: ['Verkäufer', 'Lieferant', 'Rechnungssteller'],
    buyer: ['Käufer', 'Kunde', 'Leistungsempfänger'],
    dated: ['vom'],
    name: ['Name:', 'Firma:'],
    address: ['Anschrift:', 'Adresse:'],
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
    seller: ['Vendeur', 'Fournisseur', 'Émetteur'],
    buyer: ['Acheteur', 'Client', 'Destinataire'],
    dated: ['du'],
    name: ['Nom :', 'Raison sociale :'],
    address: ['Adresse :'],
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
    seller: ['Verkoper', 'Leverancier'],
    buyer: ['Koper', 'Klant'],
    dated: ['van'],
    name: ['Naam:', 'Bedrijf:'],
    address: ['Adres:'],
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
    seller: ['Vendedor', 'Proveedor', 'Emisor'],
    buyer: ['Comprador', 'Cliente'],
    dated: ['del', 'de'],
    name: ['Nombre:', 'Razón social:'],
    address: ['Dirección:'],
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
    seller: ['Venditore', 'Fornitore', 'Cedente'],
    buyer: ['Acquirente', 'Cliente', 'Cessionario'],
    dated: ['del'],
    name: ['Nome:', 'Ragione sociale:'],
    address: ['Indirizzo:'],
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
function party(f: Faker, random: Random, language: Language, company: boolean, brandOnly = 0.15) {
  // Some companies print no legal form (a trading name, a shop, a brand).
  const brand = f.company.name().replace(/[,]/g, '').split(/\s+/).slice(0, 3).join(' ');
  const name = company ? (random() < brandOnly ? brand : `${brand} ${pick(random, WORDS[language].legal)}`) : f.person.fullName();
  return { name, street: f.location.streetAddress(), town: `${f.location.zipCode()} ${f.location.city()}` };
}

/** What one invoice's parts share while it is laid out. */
interface Draft {
  readonly random: Random;
  /** A second stream for the letter heading and the grid row, so the invoices before them came out as they were. */
  readonly extra: Random;
  readonly f: Faker;
  readonly language: Language;
  readonly w: (k: string) => string;
  readonly seller: ReturnType<typeof party>;
  readonly buyer: ReturnType<typeof party>;
  readonly issued: Date;
  readonly style: number;
  readonly number: string;
  readonly put: (text: string, x: number, y: number, size?: number) => void;
}

const shift = (d: Date, days: number) => new Date(d.getTime() + days * 86400000);

/** A letterhead (left, right or centred, sometimes a logo only), the buyer's window, the title. Returns where the header fields go. */
function letterhead(d: Draft): number {
  const { random, put, seller, buyer, w } = d;
  const side = pick(random, ['left', 'right', 'centre'] as const);
  const headX = side === 'left' ? 0.08 : side === 'right' ? 0.6 : 0.38;
  const headSize = random() < 0.6 ? 0.02 : 0.013;
  // A quarter of letterheads are a logo the text layer does not hold: the name is then printed only in small print.
  const logo = random() < 0.25;
  if (!logo) put(seller.name, headX, 0.05, headSize);
  else if (random() < 0.5) put(d.f.company.catchPhrase(), headX, 0.05, 0.01);
  put(seller.street, headX, 0.05 + headSize + 0.006);
  put(seller.town, headX, 0.05 + headSize + 0.022);
  if (random() < 0.5) put(`Tel. +${Math.floor(random() * 90 + 10)} ${Math.floor(random() * 9e6 + 1e6)}`, headX, 0.05 + headSize + 0.038);
  // A till's bill: the title right under the seller's block, the buyer's company right under the title, unlabelled.
  if (!logo && random() < 0.3) {
    put(w('title'), headX, 0.13, 0.014);
    put(buyer.name, headX, 0.15);
    put(buyer.street, headX, 0.167);
    return side === 'right' ? 0.08 : 0.55;
  }
  // The buyer's window, with a sender line over it (a seller's name in small print).
  const buyerX = side === 'left' ? pick(random, [0.08, 0.55]) : 0.08;
  if (logo || random() < 0.4) put(`${seller.name} · ${seller.street} · ${seller.town}`, buyerX, 0.15, 0.008);
  const labelled = random() < 0.6;
  if (labelled) put(w('customer'), buyerX, 0.17);
  put(buyer.name, buyerX, labelled ? 0.187 : 0.17);
  put(buyer.street, buyerX, labelled ? 0.204 : 0.187);
  put(buyer.town, buyerX, labelled ? 0.221 : 0.204);
  // The title, sometimes with a full stop ("INVOICE.").
  put(`${w('title')}${random() < 0.2 ? '.' : ''}`, random() < 0.5 ? 0.08 : 0.55, 0.28, 0.02);
  return side === 'right' ? 0.08 : 0.55;
}

/** E-invoice visualisations: a title line with number and date, then a seller block and a buyer block of "Name:" fields. */
function partyBlocks(d: Draft): number {
  const { random, put, seller, buyer, w } = d;
  if (random() < 0.5) put(random() < 0.5 ? d.f.company.catchPhrase() : `${d.f.word.words(3)} ${d.issued.getUTCFullYear()}`, 0.1, 0.02, 0.009);
  put(`${w('title')} Nr. ${d.number} ${w('dated')} ${written(d.issued, d.language, d.style)}`, 0.11, 0.06, 0.016);
  const block = (heading: string, who: ReturnType<typeof party>, y: number) => {
    put(heading, 0.12, y);
    if (random() < 0.5) put(`${w('order')} ${Math.floor(random() * 9e5 + 1e5)}`, 0.12, y + 0.02);
    put(`${w('name')} ${who.name}`, 0.12, y + 0.045);
    put(`${w('address')} ${who.street}`, 0.12, y + 0.065);
    put(who.town, 0.44, y + 0.085);
  };
  block(w('seller'), seller, 0.17);
  block(w('buyer'), buyer, 0.29);
  // The seller's name once more at the foot of the page half the time (its legal details).
  if (random() < 0.5) put(seller.name, 0.29, 0.8, 0.01);
  return 0.55;
}

/**
 * Number, date, due, other dates and numbers: inline, in two columns, a row of labels over a row of values, or such a
 * grid set as one text line per row ("Date | Invoice No. | Customer No."). Some invoices date the letter instead: the
 * seller's town and the date right above the fields ("Hamburg, den 3. März 2026"), no label.
 */
function headerFields(d: Draft, x: number, inTitle: boolean): void {
  const { random, extra, put, w, language, style, issued } = d;
  const heading = !inTitle && extra() < 0.08;
  const fields: [string, string][] = inTitle
    ? []
    : [
        [w('number'), d.number],
        [w('date'), written(issued, language, style)],
      ];
  if (random() < 0.6) fields.push([w('due'), written(shift(issued, pick(random, [14, 30, 10])), language, style)]);
  if (random() < 0.5) fields.push([w('other'), written(shift(issued, -Math.floor(random() * 20 + 1)), language, style)]);
  // A service period: two dates on one line, the invoice's date often the last day or after it.
  if (random() < 0.25) fields.push([w('other'), `${written(shift(issued, -30), language, style)} - ${written(shift(issued, -1), language, style)}`]);
  if (random() < 0.5) fields.push([w('order'), String(Math.floor(random() * 9e5 + 1e5))]);
  for (let i = fields.length - 1; i > 1; i--) if (random() < 0.5) [fields[i], fields[i - 1]] = [fields[i - 1], fields[i]];
  const drawn = inTitle ? 'inline' : pick(random, ['inline', 'columns', 'row'] as const);
  const layout = drawn !== 'inline' && extra() < 0.2 ? 'grid' : drawn;
  const y0 = inTitle ? 0.1 : 0.32;
  if (heading) {
    const particle = pick(extra, ['', '', language === 'de' ? 'den ' : language === 'fr' ? 'le ' : '']);
    put(`${d.seller.town.replace(/^[\d\s-]+/u, '')}, ${particle}${written(issued, language, style)}`, 0.6, y0 - 0.03);
    fields.splice(1, 1);
  }
  if (layout === 'grid') {
    gridRows(d, fields, y0);
    return;
  }
  fields.forEach(([label, value], k) => {
    if (layout === 'inline') put(`${label} ${value}`, inTitle ? 0.12 : x, y0 + k * 0.017);
    else if (layout === 'columns') (put(label, x, y0 + k * 0.017), put(value, x + 0.2, y0 + k * 0.017));
    else (put(label.replace(/[:\s]+$/u, ''), 0.08 + k * 0.18, y0), put(value, 0.08 + k * 0.18, y0 + 0.017));
  });
}

/**
 * The header fields as a grid of two rows, labels over values: set as one text line per row (bars or spaced slashes
 * between the cells) or as cells apart by wide gaps; half the grids put the columns in another order and add a
 * customer's or order's number column, so the number is not always the first cell (the rules' pick there).
 */
function gridRows(d: Draft, fields: [string, string][], y0: number): void {
  const { extra, put } = d;
  const cells = [...fields];
  if (extra() < 0.5) {
    cells.push([pick(extra, WORDS[d.language].order), `${pick(extra, ['K', 'C', 'KD-', ''])}${Math.floor(extra() * 90000 + 10000)}`]);
    for (let i = cells.length - 1; i > 0; i--) {
      const j = Math.floor(extra() * (i + 1));
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
  }
  const labels = cells.map(([label]) => label.replace(/[:\s]+$/u, ''));
  if (extra() < 0.35) {
    // Cells apart by wide gaps only: each cell its own run of text.
    const width = 0.84 / cells.length;
    cells.forEach(([, value], k) => (put(labels[k], 0.08 + k * width, y0), put(value, 0.08 + k * width, y0 + 0.017)));
    return;
  }
  const sep = pick(extra, [' | ', ' / ']);
  put(labels.join(sep), 0.08, y0);
  put(cells.map(([, value]) => value).join(sep), 0.08, y0 + 0.017);
}

/** Items, then subtotal, tax, total (and a payment line); returns the total. */
function itemsAndTotals(d: Draft): number {
  const { random, put, w, language } = d;
  const currency = language === 'en' ? pick(random, ['£', '€', 'USD']) : pick(random, ['€', '€', 'EUR']);
  const grouped = random() < 0.5;
  const m = (v: number) => money(v, language, currency, grouped);
  let net = 0;
  const items = 1 + Math.floor(random() * 6);
  for (let i = 0; i < items; i++) {
    const qty = 1 + Math.floor(random() * 5);
    const price = Math.round(random() * 40000 + 500) / 100;
    net += qty * price;
    put(`${i + 1} ${d.f.commerce.productName()} ${qty} ${m(price)} ${m(qty * price)}`, 0.08, 0.45 + i * 0.02);
  }
  net = Math.round(net * 100) / 100;
  const taxLabel = w('tax');
  const rate = Number(/(\d+(?:,\d)?)\s?%/.exec(taxLabel)?.[1].replace(',', '.') ?? 20) / 100;
  const tax = Math.round(net * rate * 100) / 100;
  const total = Math.round((net + tax) * 100) / 100;
  const rows: [string, number][] = [
    [w('subtotal'), net],
    [taxLabel, tax],
    [w('total'), total],
  ];
  if (random() < 0.25) rows.push([w('paid'), Math.round(total * pick(random, [0, 0.3, 1]) * 100) / 100]);
  const split = random() < 0.5;
  const ty = 0.47 + items * 0.02;
  rows.forEach(([label, value], k) => {
    if (split) (put(label, 0.55, ty + k * 0.018), put(m(value), 0.78, ty + k * 0.018));
    else put(`${label} ${m(value)}`, 0.55, ty + k * 0.018);
  });
  return total;
}

/** Who a payment goes to, per language (the seller's name follows). */
const PAYEE: Record<Language, readonly string[]> = {
  en: ['Account holder:', 'Payable to:', 'Beneficiary:'],
  de: ['Kontoinhaber:', 'Zahlungsempfänger:'],
  fr: ['Titulaire du compte :', 'Bénéficiaire :'],
  nl: ['Rekeninghouder:', 'Ten name van:'],
  es: ['Titular:', 'Beneficiario:'],
  it: ['Intestato a:', 'Beneficiario:'],
};

/**
 * What sellers print beside their name at the foot (drawn after the rest, so the invoice above is the same): a slogan
 * sentence, a web or mail address spelled from the name, a VAT id by the name's line, and a payee line. Distractors
 * (the slogan) and evidence (the rest) the ranker learns to weigh, never always present.
 */
function sellerDetails(d: Draft): void {
  const { random, f, put, seller } = d;
  const brand = seller.name.split(/\s+/).filter((w) => /^\p{L}/u.test(w))[0] ?? 'shop';
  const slug = brand
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  if (random() < 0.35) {
    const sentence = random() < 0.5 ? `${f.company.catchPhrase()}!` : f.lorem.sentence();
    put(sentence, random() < 0.5 ? 0.08 : 0.3, 0.86, random() < 0.5 ? 0.016 : 0.01);
  }
  if (slug.length >= 3 && random() < 0.45)
    put(random() < 0.5 ? `www.${slug}.com` : `info@${slug}.${pick(random, ['de', 'fr', 'nl', 'com'])}`, 0.6, 0.9, 0.009);
  if (random() < 0.4) put(`VAT ID ${pick(random, ['DE', 'FR', 'NL', 'IT'])}${Math.floor(random() * 9e8 + 1e8)}`, 0.6, 0.92, 0.009);
  if (random() < 0.3) put(`${pick(random, PAYEE[d.language])} ${seller.name}`, 0.08, 0.94, 0.009);
  // An invoicing tool's notice at the top, and the currency's code alone on a line of the header.
  if (random() < 0.2) put(`© ${d.issued.getUTCFullYear()} ${f.company.name()} invoicing`, 0.08, 0.015, 0.008);
  if (random() < 0.2) put(pick(random, ['EUR', 'USD', 'GBP', 'CHF']), 0.08, 0.26);
  // A scribble or a stamp's words in lower case above the letterhead (a signature, a note the text layer kept).
  if (random() < 0.15) put(f.lorem.words(2), 0.08, 0.02);
}

/** One generated invoice. */
export function generateInvoice(seed: number): GeneratedInvoice {
  const random = seeded(seed);
  const language = pick(random, ['en', 'en', 'de', 'de', 'fr', 'nl', 'es', 'it'] as const);
  const f = new Faker({ locale: [(allLocales as Record<string, typeof en>)[LOCALE[language]], en, base] });
  f.seed(seed);
  const issued = new Date(Date.UTC(2015 + Math.floor(random() * 11), Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
  const number = pick(random, [
    () => `INV-${issued.getUTCFullYear()}-${String(Math.floor(random() * 9999)).padStart(4, '0')}`,
    () => `${issued.getUTCFullYear()}/${Math.floor(random() * 900 + 100)}`,
    () => `RE${Math.floor(random() * 90000 + 10000)}`,
    () => String(Math.floor(random() * 9e7 + 1e7)),
    () => `F${issued.getUTCFullYear()}-${Math.floor(random() * 900 + 100)}`,
  ])();
  const segments: Segment[] = [];
  const draft: Draft = {
    random,
    extra: seeded(seed + 7_777_777),
    f,
    language,
    issued,
    number,
    w: (k) => pick(random, WORDS[language][k]),
    seller: party(f, random, language, true, 0.3),
    buyer: party(f, random, language, random() < 0.7),
    style: Math.floor(random() * 4),
    put: (text, x, y, size = 0.012) => segments.push({ text, x, y, size }),
  };
  const blocks = random() < 0.3;
  headerFields(draft, blocks ? partyBlocks(draft) : letterhead(draft), blocks);
  const total = itemsAndTotals(draft);
  // Footer: the seller again, with bank details.
  if (random() < 0.6) draft.put(`${draft.seller.name} | ${draft.seller.street} | ${draft.seller.town}`, 0.08, 0.9, 0.009);
  draft.put(`IBAN DE${Math.floor(random() * 89 + 10)} ${Math.floor(random() * 9e3 + 1e3)} ${Math.floor(random() * 9e3 + 1e3)}`, 0.08, 0.92, 0.009);
  sellerDetails(draft);
  return {
    id: `generated:${seed}`,
    pages: [pageOf(segments, 1)],
    truth: { vendor_name: draft.seller.name, invoice_date: iso(issued), invoice_number: number, total_amount: total.toFixed(2) },
  };
}

/** `count` generated invoices from one seed. */
export function generatedInvoices(count: number, seed: number): GeneratedInvoice[] {
  return Array.from({ length: count }, (_, i) => generateInvoice(seed * 1000 + i));
}
