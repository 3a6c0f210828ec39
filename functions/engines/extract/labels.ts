/**
 * What invoices and receipts call their fields, in English, German, French,
 * Spanish, Italian, Dutch and Portuguese. Longer labels first, so "invoice date" wins
 * over "date".
 *
 * @module
 */

export type FinancialField =
  | 'invoice_number'
  | 'invoice_date'
  | 'due_date'
  | 'purchase_order'
  | 'subtotal'
  | 'tax_amount'
  | 'total_amount'
  | 'amount_due'
  | 'payment_terms'
  | 'vendor_tax_id'
  | 'customer_name'
  | 'vendor_name';

export const FIELD_LABELS: Readonly<Record<FinancialField, readonly string[]>> = {
  invoice_number: [
    'invoice number', 'invoice no', 'invoice nr', 'invoice #', 'invoice id', 'inv no', 'inv #', 'bill no', 'bill number', 'receipt no', 'receipt number', 'receipt #', 'document no', 'doc no',
    'rechnungsnummer', 'rechnungs-nr', 'rechnung nr', 'rechnungsnr', 'belegnummer', 'beleg-nr', 'beleg',
    'numéro de facture', 'n° de facture', 'no de facture', 'facture n°', 'facture no', 'facture numéro',
    'número de factura', 'nº de factura', 'n.º factura', 'factura nº', 'factura n°', 'factura no', 'num. factura', 'factura simplificada', 'fra. simplificada',
    'numero fattura', 'numero della fattura', 'fattura n', 'fattura nr', 'n. fattura',
    'factuurnummer', 'factuur nr', 'factuurnr',
    'número da fatura', 'fatura n.º', 'fatura nº', 'fatura n°', 'n.º fatura', 'nº fatura', 'n.º da fatura',
    // Credit notes: "Credit note no", "Gutschrift Nr.", "Avoir N°", "Nota de crédito nº", "Nota di credito n.", "Creditnota nr".
    'credit note number', 'credit note no', 'credit note #', 'gutschriftsnummer', 'gutschrift nr', "numéro d'avoir", 'avoir n°', 'avoir no',
    'nota de crédito nº', 'nota de crédito n°', 'nota di credito n', 'creditnotanummer', 'creditnota nr',
    'invoice', 'rechnung', 'facture', 'factura', 'fattura', 'factuur', 'fatura',
    'credit note', 'gutschrift', 'avoir', 'creditnota',
  ],
  invoice_date: [
    'invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued on', 'billing date', 'bill date', 'receipt date',
    'rechnungsdatum', 'ausstellungsdatum', 'belegdatum', 'datum der rechnung',
    'date de facture', 'date de facturation', "date d'émission", 'date facture',
    'fecha de factura', 'fecha de emisión', 'fecha factura', 'fecha',
    'data fattura', 'data della fattura', 'data di emissione', 'data',
    'factuurdatum', 'factuur datum', 'datum',
    'data da fatura', 'data de emissão', 'data do documento',
    'date',
  ],
  due_date: [
    'due date', 'payment due', 'date due', 'payment deadline', 'pay by', 'payable by', 'due on', 'due',
    'fälligkeitsdatum', 'fällig am', 'zahlbar bis', 'fällig',
    "date d'échéance", 'date limite de paiement', 'date limite de règlement', 'échéance', 'a payer avant le', 'à payer avant le',
    'fecha de vencimiento', 'fecha límite de pago', 'vencimiento',
    'data di scadenza', 'data limite di pagamento', 'scadenza',
    'vervaldatum', 'uiterste betaaldatum', 'te betalen voor',
    'data de vencimento', 'data limite de pagamento', 'vencimento',
  ],
  purchase_order: [
    'purchase order number', 'purchase order no', 'purchase order', 'po number', 'po no', 'p.o. no', 'p.o. number', 'po #', 'p.o.', 'order number', 'order no', 'order #', 'your order',
    'bestellnummer', 'bestellung nr', 'auftragsnummer', 'ihre bestellung',
    'bon de commande', 'n° de commande', 'numéro de commande', 'commande n°',
    'número de pedido', 'pedido nº', 'orden de compra',
    'numero ordine', 'ordine n', "ordine d'acquisto",
    'ordernummer', 'bestelnummer', 'inkoopordernummer',
    'nota de encomenda', 'número da encomenda', 'encomenda n.º',
  ],
  subtotal: [
    'subtotal', 'sub-total', 'sub total', 'net amount', 'net total', 'total net', 'total excl. vat', 'total excl vat', 'total before tax', 'amount before tax', 'total excluding tax', 'total (excl',
    'taxable amount', 'tax base',
    'zwischensumme', 'nettobetrag', 'bemessungsgrundlage', 'netto', 'summe netto', 'gesamt netto', 'nettosumme', 'summe positionen', 'positionssumme', 'warenwert',
    'summe ohne ust', 'rechnungssumme ohne ust', 'summe ohne mwst', 'betrag ohne mwst', 'gesamtbetrag netto', 'total without vat', 'total excl. tax', 'amount excl. vat',
    'sous-total', 'total ht', 'montant ht', 'total hors taxes',
    'base imponible', 'subtotal sin iva', 'importe neto',
    'imponibile', 'totale imponibile', 'subtotale',
    'subtotaal', 'grondslag', 'total sem iva', 'base tributável', 'valor sem iva', 'total ilíquido', 'totaal excl. btw', 'totaal excl btw', 'exclusief btw', 'excl. btw', 'netto bedrag',
  ],
  tax_amount: [
    'total tax', 'tax total', 'tax amount', 'sales tax', 'vat amount', 'total vat', 'vat total', 'gst amount', 'total gst', 'gst total', 'vat', 'gst', 'tax',
    'steuerbetrag', 'mehrwertsteuer', 'mwst', 'umsatzsteuer', 'ust',
    'montant tva', 'total tva', 'tva',
    'importe iva', 'cuota iva', 'iva',
    'importo iva', 'totale iva',
    'btw-bedrag', 'totaal btw', 'btw',
  ],
  total_amount: [
    'grand total', 'total amount', 'invoice total', 'total incl. vat', 'total incl vat', 'total including tax', 'total (incl', 'total inc gst', 'total incl gst', 'total payable', 'total due', 'rounded total', 'total sales', 'total',
    'gesamtbetrag', 'rechnungsbetrag', 'endbetrag', 'endsumme', 'summe brutto', 'gesamt brutto', 'bruttobetrag', 'bruttosumme', 'gesamtsumme', 'gesamt', 'summe',
    'total ttc', 'montant ttc', 'montant total', 'total à payer',
    'importe total', 'total factura', 'total a pagar',
    'totale fattura', 'totale documento', 'importo totale', 'totale',
    'totaalbedrag', 'totaal incl. btw', 'totaal incl btw', 'te betalen', 'totaal',
    'total com iva', 'valor total', 'total a pagar',
  ],
  amount_due: [
    'amount due', 'balance due', 'total due', 'amount payable', 'please pay', 'amount to pay', 'residual amount', 'amount remaining', 'remaining balance', 'residual', 'balance',
    'zu zahlen', 'zahlbetrag', 'offener betrag', 'restbetrag', 'noch zu zahlen',
    'net à payer', 'reste à payer', 'reste dû', 'solde à payer', 'montant à payer', 'montant dû', 'solde dû',
    'importe a pagar', 'saldo pendiente',
    'importo da pagare', 'saldo da pagare', 'importo residuo',
    'te betalen bedrag', 'openstaand bedrag', 'resterend bedrag',
  ],
  payment_terms: [
    'payment terms', 'terms of payment', 'terms', 'payment conditions',
    'zahlungsbedingungen', 'zahlungsziel', 'zahlungsbedingung',
    'conditions de paiement', 'modalités de paiement', 'conditions de règlement',
    'condiciones de pago', 'forma de pago', 'términos de pago',
    'condizioni di pagamento', 'termini di pagamento', 'modalità di pagamento',
    'betalingsvoorwaarden', 'betalingstermijn',
    'condições de pagamento', 'prazo de pagamento',
  ],
  vendor_tax_id: [
    'vat registration no', 'vat reg no', 'vat reg. no', 'vat number', 'vat no', 'vat id', 'vat#', 'tax id', 'tax number', 'tax no', 'tin', 'ein', 'gst reg no', 'gst reg', 'gst no', 'gst id', 'gstin', 'abn', 'company reg no',
    'ust-idnr', 'ust-id-nr', 'ust-id', 'ust.-id', 'umsatzsteuer-id', 'ust-identifikationsnummer', 'steuernummer', 'steuer-nr', 'st.-nr',
    'n° tva', 'numéro de tva', 'tva intracommunautaire', 'siret', 'siren',
    'nif', 'cif', 'n.i.f', 'c.i.f',
    'partita iva', 'p.iva', 'p. iva', 'codice fiscale',
    'btw-nummer', 'btw nummer', 'btw nr', 'btw-nr', 'kvk',
    'nipc', 'contribuinte n.º', 'nif n.º',
  ],
  customer_name: [
    'bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to', 'customer', 'client', 'recipient', 'buyer', 'attention', 'attn',
    'rechnungsempfänger', 'rechnungsadresse', 'kunde', 'käufer', 'empfänger',
    'facturé à', 'facturer à', 'adressé à', 'destinataire', 'client',
    'facturar a', 'cliente', 'destinatario',
    'fatturare a', 'intestatario', 'committente',
    'factuur aan', 'factuuradres', 'klant', 'afnemer',
    'faturar a', 'dados do cliente', 'adquirente',
  ],
  vendor_name: [
    'from', 'seller', 'vendor', 'supplier', 'issued by', 'billed by', 'sold by', 'provided by', 'supplied by', 'merchant', 'payee',
    'verkäufer', 'lieferant', 'rechnungssteller', 'absender',
    'vendeur', 'fournisseur', 'émetteur',
    'vendedor', 'proveedor', 'emisor',
    'venditore', 'fornitore', 'cedente',
    'verkoper', 'leverancier',
    'fornecedor', 'emitente',
  ],
};

/** Column header words of line-item tables. */
export const COLUMN_HEADERS = {
  description: ['description', 'item', 'items', 'article', 'product', 'service', 'services', 'details', 'particulars', 'designation', 'bezeichnung', 'beschreibung', 'artikel', 'leistung', 'produkt', 'désignation', 'description', 'libellé', 'produit', 'descripción', 'concepto', 'artículo', 'descrizione', 'articolo', 'omschrijving', 'artikel', 'product'],
  quantity: ['qty', 'quantity', 'qté', 'quantité', 'menge', 'anzahl', 'anz', 'stk', 'cantidad', 'cant', 'quantità', 'qtà', 'aantal', 'units', 'hours', 'hrs', 'pcs'],
  unit_price: ['unit price', 'price', 'rate', 'unit cost', 'each', 'einzelpreis', 'preis', 'e-preis', 'ep', 'stückpreis', 'prix unitaire', 'p.u.', 'pu', 'prix', 'precio unitario', 'precio', 'p. unit', 'prezzo unitario', 'prezzo', 'stuksprijs', 'prijs', 'tarief'],
  total: ['amount', 'total', 'line total', 'net amount', 'sum', 'betrag', 'gesamt', 'gesamtpreis', 'summe', 'montant', 'total ht', 'importe', 'total', 'importo', 'totale', 'bedrag', 'totaal', 'value'],
} as const;

/** Not the tail of a hyphenated word ("NORD-KUNDE" holds no "Kunde" label); "USt-IdNr" still starts one. */
const LABEL_START = '(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}]-)';
/** A label's own pattern: any spacing inside, a word boundary after unless it ends in punctuation. */
const labelBody = (label: string) =>
  label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*') + (/[\p{L}\p{N}]$/u.test(label) ? '(?![\\p{L}\\p{N}])' : '');

const labelPatterns = new Map<string, RegExp>();
/** A label as a pattern, compiled once. */
function labelPattern(label: string): RegExp {
  let re = labelPatterns.get(label);
  if (!re) {
    re = new RegExp(`${LABEL_START}${labelBody(label)}`, 'gu');
    labelPatterns.set(label, re);
  }
  return re;
}

/** Any field label at all, in one pattern: most lines (items, addresses) hold none and need no label-by-label search. */
const ANY_FIELD_LABEL = new RegExp(`${LABEL_START}(?:${[...new Set(Object.values(FIELD_LABELS).flat())].map(labelBody).join('|')})`, 'u');

/** Description column headings in one pattern: a line without one is no line-item header. */
const DESCRIPTION_HEADING = new RegExp(`${LABEL_START}(?:${COLUMN_HEADERS.description.map(labelBody).join('|')})`, 'u');

/** Whether a line names a description column (a cheap test before locating every column heading). */
export function namesDescriptionColumn(lineLower: string): boolean {
  return DESCRIPTION_HEADING.test(lineLower);
}

/** Whether a line may hold a field label (a cheap test before {@link findLabels} over every label). */
export function mayHoldFieldLabel(lineLower: string): boolean {
  return ANY_FIELD_LABEL.test(lineLower);
}

/** Where a label first sits in a line (word boundaries; labels may end in punctuation), or -1. */
export function findLabel(lineLower: string, label: string): number {
  return findLabels(lineLower, label)[0] ?? -1;
}

/** Every place a label sits in a line. */
export function findLabels(lineLower: string, label: string): number[] {
  return [...lineLower.matchAll(labelPattern(label))].map((m) => m.index!);
}
