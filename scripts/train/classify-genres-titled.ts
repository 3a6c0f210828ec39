/**
 * Generated documents whose class shows in their structure more than in
 * their words, for labels with few real examples (issue 41):
 *
 * - e-invoice renderings (a viewer's preamble or a letterhead line, a title
 *   with an optional document type code, seller and buyer blocks, positions,
 *   a tax breakdown, totals) in six languages, made both as invoices and as
 *   credit notes from the same template: the two differ by their title line
 *   (and a credit note's reference to the invoice it corrects, and sometimes
 *   negative amounts), so the model learns the title, not the template;
 * - short notices: a date, an addressee line, a few sentences of fact, a
 *   first name, no letterhead and no address (memos that are not headed
 *   "MEMORANDUM");
 * - clinical notes written as prose with clinicians' shorthand;
 * - a utility bill's first page: an account summary and a remittance stub,
 *   the meter table left to a later page.
 *
 * Written from general knowledge of each genre with made-up values, never
 * from corpus documents.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import * as words from './classify-genre-words.ts';

const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Random, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
const FIRST = ['Ilse', 'Bruno', 'Margot', 'Teodor', 'Yara', 'Felix', 'Odile', 'Rafael', 'Wiebke', 'Matteo', 'Selin', 'Jasper', 'Leonie', 'Arjun'];
const LAST = ['Brandt', 'Fontaine', 'Serrano', 'Visser', 'Galli', 'Holm', 'Demir', 'Wagner', 'Bakker', 'Lefèvre', 'Ortiz', 'Sorensen'];
const TOWN = ['Altdorf', 'Beaumont', 'Villaverde', 'Zuidhaven', 'Montefiore', 'Kirchberg', 'Saint-Aubin', 'Rivabella'];
const FIRM = ['Feldmark', 'Lumen', 'Ostwind', 'Belcanto', 'Vireo', 'Kranich', 'Amarel', 'Silvestre', 'Hohenfels', 'Terrablu'];
const person = (r: Random) => `${pick(r, FIRST)} ${pick(r, LAST)}`;
const dmy = (r: Random, sep = '.') =>
  `${String(int(r, 1, 28)).padStart(2, '0')}${sep}${String(int(r, 1, 12)).padStart(2, '0')}${sep}20${int(r, 18, 26)}`;

type Lang = 'de' | 'fr' | 'en' | 'es' | 'nl' | 'it';
const LANGS: readonly Lang[] = ['de', 'fr', 'en', 'es', 'nl', 'it'];
const eu = (v: number) =>
  v
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const en = (v: number) => v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (lang: Lang, v: number) => (lang === 'en' ? en(v) : eu(v));

interface InvoiceWords {
  readonly invoice: readonly string[];
  readonly credit: readonly string[];
  readonly preamble: readonly string[];
  readonly no: string;
  readonly of: string;
  readonly currency: string;
  readonly delivery: string;
  readonly seller: string;
  readonly buyer: string;
  readonly vat: string;
  readonly head: string;
  readonly breakdown: string;
  readonly totals: readonly [string, string, string, string];
  readonly terms: readonly string[];
  readonly corrects: string;
  readonly reason: readonly string[];
  readonly creditTerms: readonly string[];
  readonly street: readonly string[];
  readonly unit: readonly string[];
  readonly items: readonly string[];
}

const WORDS: Record<Lang, InvoiceWords> = {
  de: {
    invoice: ['Rechnung', 'Handelsrechnung', 'Teilrechnung', 'Schlussrechnung', 'RECHNUNG'],
    credit: ['Gutschrift', 'Rechnungskorrektur', 'Stornorechnung', 'GUTSCHRIFT'],
    preamble: [
      'Visualisierung der Rechnungsdaten (XML)',
      'Lesbare Darstellung einer E-Rechnung',
      'Musterbelege zum Profil EN 16931',
      'Prüfansicht XRechnung',
    ],
    no: 'Nr.',
    of: 'vom',
    currency: 'Währung: EUR',
    delivery: 'Leistungsdatum:',
    seller: 'Verkäufer',
    buyer: 'Käufer',
    vat: 'USt-IdNr.:',
    head: 'Pos Art-Nr. Bezeichnung Menge Einheit Einzelpreis USt. Betrag',
    breakdown: 'Steueraufschlüsselung: Kategorie Basis Satz Betrag',
    totals: ['Summe Positionen', 'Umsatzsteuer', 'Gesamtbetrag', 'Zahlbetrag'],
    terms: ['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Zahlungsziel: 30 Tage netto', 'Bitte überweisen Sie den Betrag auf unser Konto.'],
    corrects: 'Bezug: Rechnung Nr.',
    reason: ['Rücksendung beschädigter Ware', 'Preiskorrektur laut Vereinbarung', 'Mengendifferenz bei Lieferung', 'Bonus für das Quartal'],
    creditTerms: [
      'Der Betrag wird Ihrem Kundenkonto gutgeschrieben.',
      'Der Betrag wird mit der nächsten Rechnung verrechnet.',
      'Wir überweisen den Betrag auf Ihr Konto.',
    ],
    street: ['Am Mühlbach', 'Lindenallee', 'Industriestraße', 'Gartenweg'],
    unit: ['Stk', 'h', 'kg', 'Pauschal', 'Liter'],
    items: ['Ordnerrücken', 'Wartung Heizungsanlage', 'Kaffeebohnen 1 kg', 'Montagestunden', 'Kopierpapier A4', 'Versandkosten'],
  },
  fr: {
    invoice: ['Facture', 'FACTURE', 'Facture commerciale'],
    credit: ['Avoir', "Facture d'avoir", 'Note de crédit', 'AVOIR'],
    preamble: [
      'Représentation lisible de la facture électronique',
      'Visualisation des données XML de la facture',
      'Exemples de factures, profil EN 16931',
    ],
    no: 'N°',
    of: 'du',
    currency: 'Devise : EUR',
    delivery: 'Date de livraison',
    seller: 'Vendeur',
    buyer: 'Acheteur',
    vat: 'N° TVA',
    head: 'Désignation Quantité Prix unitaire HT Remise Montant HT',
    breakdown: 'Taxe Base Taux Montant',
    totals: ['Total HT', 'Total TVA', 'Total TTC', 'Net à payer'],
    terms: [
      'Conditions de paiement : 30 jours fin de mois',
      'Paiement à réception de facture',
      "Pénalités de retard : trois fois le taux d'intérêt légal",
    ],
    corrects: 'Facture liée',
    reason: ['Retour de marchandise endommagée', 'Erreur de prix sur la facture', 'Remise commerciale accordée', 'Produit manquant à la livraison'],
    creditTerms: ['Montant à déduire de votre prochaine facture.', 'Remboursement par virement sous 15 jours.'],
    street: ['rue des Tilleuls', 'avenue du Port', 'chemin des Vignes', 'place du Marché'],
    unit: ['Unité(s)', 'Litre(s)', 'kg', 'Heure(s)'],
    items: ['Confiture artisanale 350g', 'Savon au lait 100g', 'Prestation de maintenance', 'Cartons de déménagement', 'Frais de port'],
  },
  en: {
    invoice: ['Invoice', 'INVOICE', 'Commercial invoice', 'Tax invoice'],
    credit: ['Credit note', 'CREDIT NOTE', 'Credit memo'],
    preamble: ['Human-readable view of an electronic invoice', 'Rendered from structured invoice data (EN 16931)', 'E-invoice viewer'],
    no: 'No.',
    of: 'dated',
    currency: 'Currency: GBP',
    delivery: 'Delivery date:',
    seller: 'Seller',
    buyer: 'Buyer',
    vat: 'VAT reg. no.',
    head: 'Item Description Qty Unit Unit price VAT % Net amount',
    breakdown: 'VAT breakdown: Category Taxable amount Rate VAT',
    totals: ['Net total', 'VAT total', 'Total', 'Amount due'],
    terms: ['Payment due within 30 days of the invoice date.', 'Payment terms: 14 days net', 'Please quote the invoice number with your payment.'],
    corrects: 'Related invoice',
    reason: ['Goods returned damaged', 'Price adjustment as agreed', 'Short delivery', 'Duplicate charge reversed'],
    creditTerms: ['This amount has been credited to your account.', 'The credit will be offset against your next invoice.'],
    street: ['Station Road', 'Kingsway', 'Mill Lane', 'Harbour Street'],
    unit: ['pcs', 'hours', 'kg', 'each'],
    items: ['Printer toner cartridge', 'Consulting services', 'Packing crates', 'Software licence (annual)', 'Delivery charge'],
  },
  es: {
    invoice: ['Factura', 'FACTURA'],
    credit: ['Factura rectificativa', 'Nota de crédito', 'Abono'],
    preamble: ['Representación legible de la factura electrónica', 'Visualización de los datos de la factura'],
    no: 'Nº',
    of: 'de fecha',
    currency: 'Moneda: EUR',
    delivery: 'Fecha de entrega:',
    seller: 'Emisor',
    buyer: 'Cliente',
    vat: 'NIF:',
    head: 'Descripción Cantidad Precio Dto. Importe',
    breakdown: 'Base imponible Tipo IVA Cuota',
    totals: ['Base imponible', 'IVA', 'Total', 'Total a pagar'],
    terms: ['Forma de pago: transferencia a 30 días', 'Vencimiento a 60 días'],
    corrects: 'Factura rectificada',
    reason: ['Devolución de mercancía', 'Error en el precio facturado', 'Descuento por volumen'],
    creditTerms: ['El importe se abonará en su cuenta.', 'Se descontará de la próxima factura.'],
    street: ['Calle del Pino', 'Avenida del Mar', 'Plaza Mayor'],
    unit: ['ud', 'kg', 'h'],
    items: ['Aceite de oliva 1 l', 'Servicio de limpieza', 'Material de oficina', 'Portes'],
  },
  nl: {
    invoice: ['Factuur', 'FACTUUR'],
    credit: ['Creditnota', 'Creditfactuur'],
    preamble: ['Leesbare weergave van een e-factuur', 'Weergave van de XML-factuurgegevens'],
    no: 'Nr.',
    of: 'van',
    currency: 'Valuta: EUR',
    delivery: 'Leverdatum:',
    seller: 'Leverancier',
    buyer: 'Klant',
    vat: 'BTW-nummer:',
    head: 'Omschrijving Aantal Eenheid Prijs BTW Bedrag',
    breakdown: 'BTW-specificatie: Grondslag Tarief Bedrag',
    totals: ['Subtotaal', 'BTW', 'Totaal', 'Te betalen'],
    terms: ['Betaling binnen 30 dagen na factuurdatum.', 'Betalingstermijn: 14 dagen'],
    corrects: 'Betreft factuur',
    reason: ['Retour beschadigde goederen', 'Prijscorrectie', 'Dubbele facturering'],
    creditTerms: ['Het bedrag wordt met uw volgende factuur verrekend.', 'Wij storten het bedrag terug op uw rekening.'],
    street: ['Dorpsstraat', 'Kanaalweg', 'Molenlaan'],
    unit: ['st', 'uur', 'kg'],
    items: ['Koffiebonen 1 kg', 'Onderhoud installatie', 'Kantoorartikelen', 'Verzendkosten'],
  },
  it: {
    invoice: ['Fattura', 'FATTURA', 'Fattura elettronica'],
    credit: ['Nota di credito', 'NOTA DI CREDITO'],
    preamble: ['Rappresentazione leggibile della fattura elettronica', 'Visualizzazione dei dati XML del documento'],
    no: 'N.',
    of: 'del',
    currency: 'Divisa: EUR',
    delivery: 'Data consegna:',
    seller: 'Cedente / prestatore',
    buyer: 'Cessionario / committente',
    vat: 'P.IVA',
    head: 'Descrizione Quantità Prezzo unitario Aliquota IVA Importo',
    breakdown: 'Riepilogo IVA: Imponibile Aliquota Imposta',
    totals: ['Imponibile', 'IVA', 'Totale documento', 'Netto a pagare'],
    terms: ['Pagamento: bonifico bancario a 30 giorni', 'Scadenza pagamento a vista'],
    corrects: 'Fattura di riferimento',
    reason: ['Reso merce danneggiata', 'Rettifica di prezzo', 'Sconto concordato'],
    creditTerms: ["L'importo sarà compensato con la prossima fattura.", "L'importo verrà rimborsato con bonifico."],
    street: ['Via dei Mille', 'Corso Garibaldi', 'Viale Europa'],
    unit: ['pz', 'kg', 'ore'],
    items: ['Olio extravergine 1 l', 'Assistenza tecnica', 'Cancelleria', 'Spese di trasporto'],
  },
};

const vatId = (r: Random) => `${pick(r, ['DE', 'FR', 'ES', 'NL', 'IT', 'GB', 'BE'])}${digits(r, 9)}`;
const address = (r: Random, w: InvoiceWords) => [`${pick(r, w.street)} ${int(r, 1, 140)}`, `${digits(r, 5)} ${pick(r, TOWN)}`];
const firm = (r: Random) => `${pick(r, FIRM)} ${pick(r, ['GmbH', 'SARL', 'S.L.', 'B.V.', 'S.r.l.', 'AG', 'Ltd', 'SAS', 'KG'])}`;

/** Document type codes the renderings print beside the title (invoice: commercial, hire, self-billed; credit: credit note). */
const INVOICE_CODES = ['380', '380', '387', '389'];

/** The top of a rendering: a viewer's preamble, or the seller's letterhead on one or two lines. */
function renderingTop(r: Random, w: InvoiceWords, seller: string, sellerAddress: string[]): string[] {
  if (r() < 0.5) return [pick(r, w.preamble), ...(r() < 0.5 ? [`Profil EN 16931 / Version ${int(r, 1, 3)}.${int(r, 0, 3)}`] : [])];
  const lines = [`${seller} - ${sellerAddress.join(' - ')}`];
  if (r() < 0.7) lines.push(`Tel. +${int(r, 30, 49)} ${digits(r, 3)} ${digits(r, 6)} - www.${seller.split(' ')[0].toLowerCase()}.example`);
  if (r() < 0.6) lines.push(`${w.vat} ${vatId(r)} - ${pick(r, ['SIRET', 'HRB', 'KvK', 'REA', 'CIF'])} ${digits(r, 8)}`);
  return lines;
}

/** What an invoice and a credit note of one template share: language, parties, positions, rates, terms. */
interface RenderingTemplate {
  readonly lang: Lang;
  readonly top: readonly string[];
  readonly seller: readonly string[];
  readonly buyer: readonly string[];
  readonly positions: readonly { readonly text: string; readonly net: number }[];
  readonly rate: number;
  readonly taxCategory: string;
  readonly number: string;
  readonly dated: string;
  readonly currency: boolean;
  readonly delivery: string;
  readonly dueLine: boolean;
  readonly iban: string;
  readonly withCode: boolean;
}

function renderingTemplate(r: Random): RenderingTemplate {
  const lang = pick(r, LANGS);
  const w = WORDS[lang];
  const seller = firm(r);
  const sellerAddress = address(r, w);
  const positions = Array.from({ length: int(r, 1, 6) }, (_, i) => {
    const qty = int(r, 1, 40);
    const price = int(r, 1, 300) + int(r, 0, 99) / 100;
    return { text: `${i + 1} ${digits(r, 6)} ${pick(r, w.items)} ${qty} ${pick(r, w.unit)} ${money(lang, price)}`, net: qty * price };
  });
  return {
    lang,
    top: renderingTop(r, w, seller, sellerAddress),
    seller: [w.seller, seller, ...sellerAddress, `${w.vat} ${vatId(r)}`],
    buyer: [w.buyer, firm(r), ...address(r, w), ...(r() < 0.5 ? [`${w.vat} ${vatId(r)}`] : [])],
    positions,
    rate: pick(r, [7, 10, 19, 20, 21, 22]),
    taxCategory: pick(r, ['S', 'VAT', 'TVA', 'USt.']),
    number: `${pick(r, ['', 'RE-', 'FA-', 'AV-', 'CN-', 'GS-', 'F'])}20${int(r, 18, 26)}-${digits(r, 4)}`,
    dated: r() < 0.6 ? ` ${w.of} ${dmy(r)}` : '',
    currency: r() < 0.6,
    delivery: r() < 0.6 ? `${w.delivery} ${dmy(r)}` : '',
    dueLine: r() < 0.6,
    iban:
      r() < 0.4
        ? `IBAN ${pick(r, ['DE', 'FR', 'NL', 'IT', 'ES'])}${digits(r, 2)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)}`
        : '',
    withCode: r() < 0.4,
  };
}

/** A template rendered as an invoice or as a credit note: the title (and its type code), the corrected invoice, a reason, and sometimes the sign differ. */
function render(t: RenderingTemplate, kind: 'invoice' | 'credit_note', r: Random): string[] {
  const w = WORDS[t.lang];
  const credit = kind === 'credit_note';
  const sign = credit && r() < 0.5 ? -1 : 1;
  const code = t.withCode ? ` (${credit ? pick(r, ['381', '381', '261', '396']) : pick(r, INVOICE_CODES)})` : '';
  const lines = [...t.top, `${pick(r, credit ? w.credit : w.invoice)}${code} ${w.no} ${t.number}${t.dated}`];
  if (credit && r() < 0.8) lines.push(`${w.corrects} ${pick(r, ['RE-', 'FA-', 'INV-', ''])}${digits(r, 6)} ${w.of} ${dmy(r)}`);
  if (t.currency) lines.push(w.currency);
  if (t.delivery) lines.push(t.delivery);
  lines.push(...t.seller, ...t.buyer);
  if (credit && r() < 0.5) lines.push(pick(r, w.reason));
  lines.push(w.head);
  const net = t.positions.reduce((s, p) => s + p.net, 0);
  for (const p of t.positions) lines.push(`${p.text} ${t.rate} % ${money(t.lang, sign * p.net)}`);
  const tax = (net * t.rate) / 100;
  lines.push(w.breakdown, `${t.taxCategory} ${money(t.lang, sign * net)} ${t.rate} % ${money(t.lang, sign * tax)}`);
  const [netLabel, taxLabel, grossLabel, dueLabel] = w.totals;
  lines.push(
    `${netLabel} ${money(t.lang, sign * net)}`,
    `${taxLabel} ${money(t.lang, sign * tax)}`,
    `${grossLabel} ${money(t.lang, sign * (net + tax))}`,
  );
  if (t.dueLine) lines.push(`${dueLabel} ${money(t.lang, sign * (net + tax))}`);
  lines.push(pick(r, credit && r() < 0.7 ? w.creditTerms : w.terms));
  if (t.iban) lines.push(t.iban);
  return lines;
}

/**
 * An e-invoice as a viewer or the seller's template renders it, as an invoice or as a credit note. Both come
 * from the same kind of template; a credit note differs by its title (sometimes with its type code), the invoice
 * it corrects, a reason, and (half the time) negative amounts.
 */
export function eInvoiceRendering(r: Random, kind: 'invoice' | 'credit_note'): string[] {
  return render(renderingTemplate(r), kind, r);
}

/**
 * One template rendered twice, as an invoice and as a credit note: trained together, the pair's shared lines
 * pull toward neither class, so what tells them apart is learned from what differs (the title above all),
 * not from a template that real documents of only one of the two classes happened to use.
 */
export function invoiceCreditPair(r: Random): [string[], string[]] {
  const t = renderingTemplate(r);
  return [render(t, 'invoice', r), render(t, 'credit_note', r)];
}

const GOODS = [
  'office chairs',
  'printer cartridges',
  'safety helmets',
  'folding tables',
  'first-aid kits',
  'monitors',
  'pallets of paper',
  'winter jackets',
];
const WHO = [
  'To Whom It May Concern:',
  'To all staff:',
  'To the team:',
  'All employees,',
  'Team,',
  'Attention: warehouse staff',
  'To everyone on the third floor:',
  'Dear colleagues,',
];
const MONTH = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const day = (r: Random) => `${pick(r, MONTH)} ${int(r, 1, 28)}, 20${int(r, 15, 26)}`;
const count = (r: Random) => int(r, 2, 900).toLocaleString('en-US');

const FACTS: readonly ((r: Random) => string)[] = [
  (r) => `The warehouse received ${count(r)} ${pick(r, GOODS)} and ${count(r)} ${pick(r, GOODS)} on ${day(r)}.`,
  (r) => `Inventory on ${pick(r, ['Friday', 'Monday', 'the last day of the month'])} counted ${count(r)} ${pick(r, GOODS)}.`,
  (r) => `Deliveries took ${int(r, 2, 9)} vans and ${int(r, 4, 30)} hours in total.`,
  (r) => `The ${pick(r, ['canteen', 'car park', 'east entrance', 'server room'])} will be closed from ${day(r)} until further notice.`,
  (r) => `Please return the ${pick(r, GOODS)} you borrowed by ${day(r)}.`,
  (r) => `${count(r)} visitors signed in at reception during the open day.`,
  () => 'Any questions can be raised at the next team meeting.',
  (r) => `The new opening hours start on ${day(r)}: ${int(r, 7, 9)} am to ${int(r, 4, 7)} pm.`,
];

/** A short notice: a date, who it is for, a few sentences of fact, a first name; no letterhead, no address block. */
export function shortNotice(r: Random): string[] {
  const lines = [r() < 0.7 ? day(r) : `Date: ${day(r)}`, pick(r, WHO)];
  const facts = Array.from({ length: int(r, 1, 5) }, () => pick(r, FACTS)(r));
  // Typed in a word processor: sentences run on, or wrap at the page's width.
  lines.push(
    ...(r() < 0.5
      ? facts
      : facts
          .join(' ')
          .match(/.{1,90}(?:\s|$)/g)!
          .map((l) => l.trim())),
  );
  lines.push(pick(r, ['Best Regards,', 'Regards,', 'Thank you,', 'Thanks,', 'Many thanks,', '']), pick(r, FIRST));
  return lines.filter(Boolean);
}

const COMPLAINT = [
  'abdominal pain',
  'chest tightness',
  'shortness of breath',
  'low back pain',
  'headaches',
  'a persistent cough',
  'dizziness',
  'knee swelling',
];
const CLINICAL: readonly ((r: Random) => string)[] = [
  (r) =>
    `${int(r, 18, 90)} yo ${pick(r, ['M', 'F'])} c/o ${pick(r, COMPLAINT)} for the last ${int(r, 2, 10)} ${pick(r, ['days', 'weeks', 'months'])}.`,
  (r) =>
    `Patient reports ${pick(r, COMPLAINT)}, worse ${pick(r, ['at night', 'after meals', 'on exertion', 'in the morning'])}; denies fever or chills.`,
  () => `Patient denies nausea, vomiting or recent weight loss.`,
  (r) => `ROS: ${pick(r, ['negative except as above', 'otherwise unremarkable'])}.`,
  (r) => `Meds: ${pick(r, ['ibuprofen PRN', 'lisinopril 10 mg qd', 'omeprazole 20 mg', 'none'])}.`,
  (r) => `PMHx: ${pick(r, ['hypertension', 'asthma', 'appendectomy at age 12', 'no significant history'])}.`,
  (r) => `FHx: ${pick(r, ['father with diabetes', 'mother with hypertension', 'noncontributory'])}.`,
  (r) =>
    `Social Hx: ${pick(r, ['non-smoker', 'smokes 1/2 PPD', 'occasional EtOH'])}; works as a ${pick(r, ['teacher', 'driver', 'nurse', 'carpenter'])}.`,
  (r) => `Vitals: BP ${int(r, 100, 160)}/${int(r, 60, 100)}, HR ${int(r, 55, 110)}, T ${int(r, 36, 38)}.${int(r, 0, 9)} C, SpO2 ${int(r, 93, 100)}%.`,
  (r) =>
    `A/P: ${pick(r, ['likely gastritis', 'viral URI', 'mechanical back pain', 'tension headache'])}; ${pick(r, ['start PPI', 'supportive care', 'PT referral', 'labs ordered'])}, f/u in ${int(r, 1, 6)} weeks.`,
  () => 'NKDA.',
];

/** A clinician's note written as running prose with shorthand (c/o, denies, ROS, PMHx, f/u). */
export function clinicalNote(r: Random): string[] {
  const lines = [pick(r, ['Physician Notes', 'Clinic Visit Note', 'Progress Note', 'Consultation Note', 'Office Visit', 'History and Physical'])];
  if (r() < 0.7) lines.push(`Provider: Dr ${person(r)}${pick(r, ['', ', MD', ', DO'])}`);
  lines.push(`Patient: ${person(r)}`);
  if (r() < 0.5) lines.push(`Date of visit: ${dmy(r, '/')}`);
  const text = Array.from({ length: int(r, 4, 9) }, () => pick(r, CLINICAL)(r)).join(' ');
  lines.push(...text.match(/.{1,95}(?:\s|$)/g)!.map((l) => l.trim()));
  return lines;
}

/**
 * A bill's first page as many utilities print it: an account summary (previous bill, payment received, balance
 * forward, this period's charges), the next meter-read date, messages, and a remittance stub, with the meter
 * table on a later page.
 */
export function utilitySummaryPage(r: Random): string[] {
  const service = pick(r, ['Energy', 'Electric', 'Gas', 'Water and sewer', 'Electric delivery']);
  const provider = `${pick(r, words.ORG)} ${pick(r, ['Power', 'Energy', 'Gas & Electric', 'Water Authority', 'Utilities'])}`;
  const due = words.money(r, 40, 600);
  return [
    words.person(r).toUpperCase(),
    `Account Number: ${words.digits(r, 4)}-${words.digits(r, 4)}-${words.digits(r, 3)}`,
    `${pick(r, ['Statement Date', 'Bill Date', 'Billing Date'])}: ${words.day(r)}`,
    `Amount Due: $${due}`,
    `Service Address: ${words.street(r).toUpperCase()}, ${words.cityLine(r).toUpperCase()} Page 1 of ${words.int(r, 2, 4)}`,
    `${pick(r, ['Next Scheduled Read Date', 'Next meter reading', 'Your next read date'])}: ${pick(r, ['On or about ', ''])}${words.day(r)}`,
    'Account Summary',
    `Previous ${pick(r, ['bill', 'statement', 'balance'])} $${words.money(r)}`,
    `Payment${pick(r, ['s', ''])} received ${pick(r, ['- thank you', `as of ${words.short(r)}`])} -${words.money(r)}`,
    `Balance forward ${pick(r, ['0.00', words.money(r, 1, 90)])}`,
    `${service} charges ${words.money(r, 30, 500)}`,
    ...words.some(r, [`Delivery charges ${words.money(r, 5, 90)}`, `Taxes and surcharges ${words.money(r, 1, 30)}`, `Miscellaneous charges ${words.money(r, 0, 9)}`, `Budget billing adjustment ${words.money(r, 1, 60)}`], 1, 3),
    pick(r, ['Payment due upon receipt.', `Please pay by ${words.short(r)}.`, 'Amount due by the due date shown below.']),
    ...words.some(r, ['View and pay your bill online', 'Submit a meter reading online or by phone', 'Enroll in automatic payments', 'Sign up for paperless billing', `Report an outage: 1-800-${words.digits(r, 3)}-${words.digits(r, 4)}`, 'Budget billing spreads your payments evenly over the year'], 2, 4),
    pick(r, ['Please return this portion with your payment.', 'Detach and return the bottom portion with your payment.']),
    `Make checks payable to ${provider}`,
    'Account Number',
    words.digits(r, 11),
    `P.O. BOX ${words.digits(r, 5)}`,
    `${pick(r, words.CITY).toUpperCase()}, ${pick(r, words.STATE)} ${words.digits(r, 5)}-${words.digits(r, 4)}`,
    `$${due}`,
    pick(r, ['Amount Paid', 'Amount enclosed']),
  ];
}
