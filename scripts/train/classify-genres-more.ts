/**
 * More genre-shaped generated documents (see classify-genres.ts), for the
 * labels with fewer than five real documents and the money documents that
 * were called invoices: European bank statements, payslips, utility bills,
 * credit notes and consignment notes laid out as they usually are, with
 * running balances, earnings and deductions, meter readings and billing
 * periods, consignor/consignee and tracking numbers; quotes, purchase
 * orders and insurance claims (no real example at all); ID and health-
 * insurance cards of the European kind; and short typed notes (memos), so
 * that a few clean typed lines are not read as handwriting. Written from
 * general knowledge of each genre with made-up values, never from corpus
 * documents.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';

const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: Random, n: number) => Array.from({ length: n }, () => int(r, 0, 9)).join('');
const FIRST = ['Lena', 'Marc', 'Julia', 'Tobias', 'Inès', 'Pablo', 'Greta', 'Luca', 'Sanne', 'Milan', 'Elif', 'Hugo', 'Aisha', 'Nils'];
const LAST = ['Hartmann', 'Moreau', 'Vidal', 'De Vries', 'Conti', 'Lindberg', 'Kaya', 'Berger', 'Janssen', 'Roux', 'Marín', 'Keller'];
const TOWN = ['Neustadt', 'Bergheim', 'Villeneuve', 'Valdemar', 'Oosterhout', 'Lindau', 'Castelnuovo', 'Rosendal'];
const FIRM = ['Nordlicht', 'Alpenwerk', 'Clairval', 'Solmar', 'Brugstad', 'Ventura', 'Kestrel', 'Mirabel', 'Tannberg'];
const person = (r: Random) => `${pick(r, FIRST)} ${pick(r, LAST)}`;
const firm = (r: Random) => `${pick(r, FIRM)} ${pick(r, ['GmbH', 'SARL', 'S.L.', 'B.V.', 'S.r.l.', 'AG', 'Ltd', 'SA'])}`;
const eu = (v: number) =>
  v
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const en = (v: number) => v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dmy = (r: Random, sep = '.') =>
  `${String(int(r, 1, 28)).padStart(2, '0')}${sep}${String(int(r, 1, 12)).padStart(2, '0')}${sep}20${int(r, 18, 26)}`;
const street = (r: Random) => `${pick(r, ['Lindenweg', 'Rue des Lilas', 'Calle Olmo', 'Kerkpad', 'Via Verdi', 'Mill Lane'])} ${int(r, 1, 120)}`;
const postTown = (r: Random) => `${digits(r, 5)} ${pick(r, TOWN)}`;

type Lang = 'de' | 'fr' | 'en' | 'es' | 'nl';
const LANGS: readonly Lang[] = ['de', 'fr', 'en', 'es', 'nl'];
const money = (lang: Lang, v: number) => (lang === 'en' ? en(v) : eu(v));

const STATEMENT: Record<Lang, { title: string[]; period: string; open: string; close: string; head: string; ops: string[] }> = {
  de: {
    title: ['Kontoauszug', 'Kontoauszug Nr. ' + '{n}', 'Girokonto Kontoauszug'],
    period: 'Zeitraum',
    open: 'Alter Kontostand',
    close: 'Neuer Kontostand',
    head: 'Buchung Valuta Vorgang Soll Haben',
    ops: ['Lastschrift', 'Überweisung', 'Gutschrift', 'Kartenzahlung', 'Dauerauftrag', 'Bargeldauszahlung'],
  },
  fr: {
    title: ['Relevé de compte', 'RELEVÉ DE COMPTE COURANT', 'Extrait de compte'],
    period: 'Période du',
    open: 'Ancien solde',
    close: 'Nouveau solde',
    head: 'Date Opération Débit Crédit',
    ops: ['Prélèvement', 'Virement reçu', 'Paiement carte', 'Retrait DAB', 'Frais bancaires', 'Chèque'],
  },
  en: {
    title: ['Current Account Statement', 'Statement of Account', 'Your statement'],
    period: 'Statement period',
    open: 'Balance brought forward',
    close: 'Balance carried forward',
    head: 'Date Description Paid out Paid in Balance',
    ops: ['Direct debit', 'Card purchase', 'Faster payment received', 'Standing order', 'Cash machine', 'Bank charges'],
  },
  es: {
    title: ['Extracto de cuenta', 'EXTRACTO BANCARIO', 'Movimientos de la cuenta'],
    period: 'Periodo',
    open: 'Saldo anterior',
    close: 'Saldo final',
    head: 'Fecha Concepto Importe Saldo',
    ops: ['Recibo', 'Transferencia recibida', 'Compra con tarjeta', 'Reintegro cajero', 'Comisión', 'Bizum'],
  },
  nl: {
    title: ['Rekeningafschrift', 'Afschrift betaalrekening'],
    period: 'Periode',
    open: 'Beginsaldo',
    close: 'Eindsaldo',
    head: 'Datum Omschrijving Af Bij',
    ops: ['Incasso', 'Overboeking', 'Betaalautomaat', 'Geldautomaat', 'Rente', 'iDEAL'],
  },
};

/** A bank statement of the European kind: a period, an opening balance, dated rows each ending in the running balance. */
export function europeanStatement(r: Random): string[] {
  const lang = pick(r, LANGS);
  const t = STATEMENT[lang];
  let balance = int(r, 200, 9000) + int(r, 0, 99) / 100;
  const lines = [
    `${pick(r, FIRM)} ${pick(r, ['Bank', 'Sparkasse', 'Banque', 'Banco', 'Bank N.V.'])}`,
    pick(r, t.title).replace('{n}', String(int(r, 1, 12))),
    person(r),
    street(r),
    postTown(r),
  ];
  lines.push(
    `IBAN ${pick(r, ['DE', 'FR', 'ES', 'NL', 'BE'])}${digits(r, 2)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)}`,
    `${t.period} ${dmy(r)} - ${dmy(r)}`,
    `${t.open} ${money(lang, balance)}`,
    t.head,
  );
  for (let i = int(r, 5, 18); i > 0; i--) {
    const amount = int(r, 3, 1500) + int(r, 0, 99) / 100;
    const credit = r() < 0.3;
    balance += credit ? amount : -amount;
    const date = `${String(int(r, 1, 28)).padStart(2, '0')}.${String(int(r, 1, 12)).padStart(2, '0')}`;
    lines.push(`${date} ${pick(r, t.ops)} ${pick(r, FIRM).toUpperCase()} ${credit ? '' : '-'}${money(lang, amount)} ${money(lang, balance)}`);
  }
  lines.push(`${t.close} ${money(lang, balance)}`);
  return lines;
}

const PAYSLIP: Record<Lang, { title: string[]; gross: string; net: string; ded: string[]; period: string; base: string }> = {
  de: {
    title: ['Entgeltabrechnung', 'Lohnabrechnung', 'Gehaltsabrechnung'],
    gross: 'Gesamtbrutto',
    net: 'Auszahlungsbetrag',
    ded: [
      'Lohnsteuer',
      'Solidaritätszuschlag',
      'Kirchensteuer',
      'Krankenversicherung',
      'Rentenversicherung',
      'Arbeitslosenversicherung',
      'Pflegeversicherung',
    ],
    period: 'Abrechnungszeitraum',
    base: 'Grundgehalt',
  },
  fr: {
    title: ['Bulletin de paie', 'BULLETIN DE SALAIRE'],
    gross: 'Salaire brut',
    net: 'Net à payer',
    ded: ['CSG déductible', 'CRDS', 'Sécurité sociale plafonnée', 'Retraite complémentaire', 'Assurance chômage', 'Prévoyance'],
    period: 'Période du',
    base: 'Salaire de base',
  },
  en: {
    title: ['Payslip', 'PAY ADVICE', 'Salary slip'],
    gross: 'Total gross pay',
    net: 'Net pay',
    ded: ['PAYE tax', 'National Insurance', 'Pension contribution', 'Student loan', 'Union dues'],
    period: 'Pay period',
    base: 'Basic salary',
  },
  es: {
    title: ['Nómina', 'RECIBO DE SALARIOS'],
    gross: 'Total devengado',
    net: 'Líquido a percibir',
    ded: ['IRPF', 'Contingencias comunes', 'Desempleo', 'Formación profesional'],
    period: 'Periodo de liquidación',
    base: 'Salario base',
  },
  nl: {
    title: ['Loonstrook', 'Salarisstrook'],
    gross: 'Brutoloon',
    net: 'Netto te betalen',
    ded: ['Loonheffing', 'Pensioenpremie', 'Zvw-bijdrage', 'WW-premie'],
    period: 'Periode',
    base: 'Basissalaris',
  },
};

/** A payslip of the European kind: earnings lines, each deduction with its rate, gross and net. */
export function europeanPayslip(r: Random): string[] {
  const lang = pick(r, LANGS);
  const t = PAYSLIP[lang];
  const gross = int(r, 1500, 7500) + int(r, 0, 99) / 100;
  const lines = [
    firm(r),
    pick(r, t.title),
    `${t.period} ${dmy(r)} - ${dmy(r)}`,
    `${pick(r, ['Personalnummer', 'Matricule', 'Employee no.', 'Nº afiliación', 'Personeelsnummer'])} ${digits(r, 6)}`,
    person(r),
    street(r),
    postTown(r),
  ];
  lines.push(
    `${t.base} ${money(lang, gross * 0.9)}`,
    `${pick(r, ['Zulage', 'Prime', 'Allowance', 'Plus', 'Toeslag'])} ${money(lang, gross * 0.1)}`,
    `${t.gross} ${money(lang, gross)}`,
  );
  let net = gross;
  for (const d of t.ded.filter(() => r() < 0.75)) {
    const rate = int(r, 5, 90) / 10;
    const v = (gross * rate) / 100;
    net -= v;
    lines.push(`${d} ${rate.toFixed(1).replace('.', lang === 'en' ? '.' : ',')} % ${money(lang, gross)} -${money(lang, v)}`);
  }
  lines.push(
    `${t.net} ${money(lang, net)}`,
    `${pick(r, ['Kumuliert', 'Cumul annuel', 'Year to date', 'Acumulado', 'Cumulatief'])} ${money(lang, gross * int(r, 2, 11))}`,
  );
  return lines;
}

/** A utility bill of the European kind: supply point, meter readings old and new, consumption, billing period, tariff lines. */
export function europeanUtilityBill(r: Random): string[] {
  const lang = pick(r, LANGS);
  const kind = pick(r, ['power', 'gas', 'water'] as const);
  const unit = kind === 'power' ? 'kWh' : 'm³';
  const old = int(r, 1000, 80000);
  const used = int(r, 30, 4000);
  const words = {
    de: [
      'Stromrechnung',
      'Jahresabrechnung',
      'Zählernummer',
      'Zählerstand alt',
      'Zählerstand neu',
      'Verbrauch',
      'Abrechnungszeitraum',
      'Arbeitspreis',
      'Grundpreis',
      'Abschlag',
      'Rechnungsbetrag',
    ],
    fr: [
      "Facture d'électricité",
      'Facture de gaz',
      'N° de compteur',
      'Ancien index',
      'Nouvel index',
      'Consommation',
      'Période de facturation',
      'Prix du kWh',
      'Abonnement',
      'Mensualité',
      'Montant TTC',
    ],
    en: [
      'Energy bill',
      'Water bill',
      'Meter serial',
      'Previous reading',
      'Current reading',
      'Units used',
      'Billing period',
      'Unit rate',
      'Standing charge',
      'Direct debit',
      'Amount due',
    ],
    es: [
      'Factura de electricidad',
      'Factura de agua',
      'Nº contador',
      'Lectura anterior',
      'Lectura actual',
      'Consumo',
      'Periodo de facturación',
      'Término de energía',
      'Término de potencia',
      'Cuota',
      'Total factura',
    ],
    nl: [
      'Energienota',
      'Jaarnota',
      'Meternummer',
      'Beginstand',
      'Eindstand',
      'Verbruik',
      'Factuurperiode',
      'Leveringstarief',
      'Vastrecht',
      'Termijnbedrag',
      'Te betalen',
    ],
  }[lang];
  const rate = int(r, 10, 60) / 100;
  return [
    `${pick(r, FIRM)} ${pick(r, ['Energie', 'Stadtwerke', 'Énergie', 'Energía', 'Water', 'Utilities'])}`,
    words[kind === 'water' ? 1 : 0],
    `${pick(r, ['Kundennummer', 'Réf. client', 'Customer ref', 'Nº cliente', 'Klantnummer'])} ${digits(r, 9)}`,
    `${pick(r, ['Lieferstelle', 'Point de livraison', 'Supply address', 'Dirección de suministro', 'Leveringsadres'])} ${street(r)}, ${postTown(r)}`,
    `${words[6]} ${dmy(r)} - ${dmy(r)}`,
    `${words[2]} ${digits(r, 8)}`,
    `${words[3]} ${old} ${dmy(r)}`,
    `${words[4]} ${old + used} ${dmy(r)}`,
    `${words[5]} ${used} ${unit}`,
    `${words[7]} ${used} ${unit} x ${money(lang, rate)} ${money(lang, used * rate)}`,
    `${words[8]} ${money(lang, int(r, 5, 20))}`,
    `${words[9]} -${money(lang, int(r, 30, 200))}`,
    `${words[10]} ${money(lang, used * rate + int(r, 5, 40))}`,
  ].filter(() => r() < 0.92);
}

/** A credit note of several kinds: titles in several languages, negative lines and totals, the invoice it corrects. */
export function creditNoteVariant(r: Random): string[] {
  const lang = pick(r, LANGS);
  const title = {
    de: ['Gutschrift', 'Rechnungskorrektur', 'Stornorechnung'],
    fr: ['Avoir', 'FACTURE D’AVOIR', 'Note de crédit'],
    en: ['Credit Note', 'CREDIT MEMO', 'Credit note'],
    es: ['Factura rectificativa', 'Nota de crédito', 'Abono'],
    nl: ['Creditnota', 'Creditfactuur'],
  }[lang];
  const ref = { de: 'zu Rechnung', fr: 'Facture d’origine', en: 'Against invoice', es: 'Rectifica la factura', nl: 'Betreft factuur' }[lang];
  const lines = [
    firm(r),
    street(r),
    postTown(r),
    pick(r, title),
    `${pick(r, ['Nr.', 'N°', 'No.', 'Nº'])} ${pick(r, ['GS', 'AV', 'CN', 'R', ''])}${digits(r, 6)}`,
    `${ref} ${pick(r, ['RE', 'F', 'INV', ''])}${digits(r, 6)} ${dmy(r)}`,
    firm(r),
  ];
  let total = 0;
  for (let i = int(r, 1, 5); i > 0; i--) {
    const v = int(r, 5, 900) + int(r, 0, 99) / 100;
    total += v;
    lines.push(
      `${pick(r, ['Retoure', 'Retour marchandise', 'Returned goods', 'Devolución', 'Retour', 'Price adjustment'])} ${int(r, 1, 9)} -${money(lang, v)}`,
    );
  }
  lines.push(
    `${pick(r, ['Netto', 'Total HT', 'Net', 'Base imponible', 'Netto'])} -${money(lang, total)}`,
    `${pick(r, ['MwSt', 'TVA', 'VAT', 'IVA', 'BTW'])} ${int(r, 7, 21)} % -${money(lang, total * 0.2)}`,
    `${pick(r, ['Gutschriftsbetrag', 'Total avoir', 'Total credit', 'Total abono', 'Totaal credit'])} -${money(lang, total * 1.2)}`,
  );
  return lines;
}

/** A consignment note (CMR-like) or delivery note: consignor, consignee, carrier, packages and weights, tracking. */
export function consignmentNote(r: Random): string[] {
  const lines = [
    pick(r, [
      'CMR',
      'Frachtbrief',
      'Lettre de voiture',
      'Carta de porte',
      'Vrachtbrief',
      'Lieferschein',
      'Bon de livraison',
      'Albarán',
      'Delivery note',
      'Consignment note',
    ]),
  ];
  lines.push(`${pick(r, ['1 Absender', '1 Expéditeur', '1 Consignor', '1 Remitente', '1 Afzender'])}`, firm(r), street(r), postTown(r));
  lines.push(`${pick(r, ['2 Empfänger', '2 Destinataire', '2 Consignee', '2 Consignatario', '2 Geadresseerde'])}`, firm(r), street(r), postTown(r));
  lines.push(
    `${pick(r, ['16 Frachtführer', '16 Transporteur', '16 Carrier', '16 Porteador', '16 Vervoerder'])} ${firm(r)}`,
    `${pick(r, ['Kennzeichen', 'Immatriculation', 'Vehicle reg.', 'Matrícula'])} ${pick(r, ['B', 'M', 'NL', 'F'])}-${digits(r, 4)}`,
  );
  for (let i = int(r, 1, 6); i > 0; i--)
    lines.push(
      `${int(r, 1, 40)} ${pick(r, ['Paletten', 'palettes', 'cartons', 'Colli', 'bultos', 'pallets'])} ${pick(r, ['Schrauben', 'pièces détachées', 'textiles', 'maquinaria', 'machine parts'])} ${int(r, 10, 2400)} kg`,
    );
  lines.push(
    `${pick(r, ['Bruttogewicht', 'Poids brut', 'Gross weight', 'Peso bruto', 'Brutogewicht'])} ${int(r, 100, 24000)} kg`,
    `${pick(r, ['Sendungsnummer', 'N° de suivi', 'Tracking no.', 'Nº de seguimiento'])} ${pick(r, [`1Z${digits(r, 6)}AB${digits(r, 8)}`, `${pick(r, ['JJD', 'CP', 'LX'])}${digits(r, 12)}`, digits(r, 14)])}`,
  );
  if (r() < 0.5) lines.push(`${pick(r, ['Container', 'Conteneur'])} ${pick(r, ['MSCU', 'TGHU', 'CMAU', 'OOLU'])}${digits(r, 7)}`);
  lines.push(pick(r, ['Unterschrift Empfänger', 'Signature du destinataire', 'Received in good order', 'Firma del destinatario']));
  return lines;
}

/** A quotation: validity, items and prices, "not an invoice" wording, acceptance line. */
export function quote(r: Random): string[] {
  const lang = pick(r, LANGS);
  const t = {
    de: ['Angebot', 'Angebotsnummer', 'Gültig bis', 'Angebotssumme'],
    fr: ['Devis', 'Devis n°', 'Valable jusqu’au', 'Total devis'],
    en: ['Quotation', 'Quote no.', 'Valid until', 'Total quoted'],
    es: ['Presupuesto', 'Nº presupuesto', 'Válido hasta', 'Total presupuesto'],
    nl: ['Offerte', 'Offertenummer', 'Geldig tot', 'Totaal offerte'],
  }[lang];
  const lines = [
    firm(r),
    pick(r, [t[0], t[0].toUpperCase(), pick(r, ['Estimate', 'Price quote', 'Kostenvoranschlag', 'Proposition commerciale'])]),
    `${t[1]} ${pick(r, ['Q', 'AN', 'D', ''])}${digits(r, 5)}`,
    `${pick(r, ['Datum', 'Date', 'Fecha'])} ${dmy(r)}`,
    `${t[2]} ${dmy(r)}`,
    firm(r),
    street(r),
    postTown(r),
  ];
  let total = 0;
  for (let i = int(r, 1, 7); i > 0; i--) {
    const qty = int(r, 1, 20);
    const price = int(r, 5, 900);
    total += qty * price;
    lines.push(
      `${pick(r, ['Installation', 'Beratung', 'Main d’œuvre', 'Materials', 'Licencia', 'Onderhoud', 'Design'])} ${qty} ${money(lang, price)} ${money(lang, qty * price)}`,
    );
  }
  lines.push(
    `${t[3]} ${money(lang, total)}`,
    pick(r, [
      'We look forward to your order.',
      'Bon pour accord, date et signature',
      'Wir freuen uns auf Ihren Auftrag.',
      'Firma de aceptación',
      'This quotation is not an invoice.',
    ]),
  );
  return lines;
}

/** A purchase order: PO number, supplier, delivery address and date, items, authorisation. */
export function purchaseOrder(r: Random): string[] {
  const lang = pick(r, LANGS);
  const t = {
    de: ['Bestellung', 'Bestellnummer', 'Lieferant', 'Liefertermin', 'Lieferanschrift'],
    fr: ['Bon de commande', 'N° de commande', 'Fournisseur', 'Date de livraison', 'Adresse de livraison'],
    en: ['Purchase Order', 'PO number', 'Vendor', 'Delivery date', 'Ship to'],
    es: ['Orden de compra', 'Nº pedido', 'Proveedor', 'Fecha de entrega', 'Dirección de entrega'],
    nl: ['Inkooporder', 'Ordernummer', 'Leverancier', 'Leverdatum', 'Afleveradres'],
  }[lang];
  const lines = [
    firm(r),
    t[0].toUpperCase(),
    `${t[1]} ${pick(r, ['PO-', '45', 'B'])}${digits(r, 6)}`,
    `${pick(r, ['Datum', 'Date', 'Fecha'])} ${dmy(r)}`,
    `${t[2]} ${firm(r)}`,
    `${t[4]} ${street(r)}, ${postTown(r)}`,
    `${t[3]} ${dmy(r)}`,
  ];
  for (let i = int(r, 1, 8); i > 0; i--)
    lines.push(
      `${digits(r, 6)} ${pick(r, ['Toner', 'Kabel', 'Gants', 'Tornillos', 'Papier A4', 'Pumps'])} ${int(r, 1, 200)} ${money(lang, int(r, 1, 400))}`,
    );
  lines.push(
    `${pick(r, ['Genehmigt', 'Approuvé par', 'Authorized by', 'Aprobado por', 'Goedgekeurd door'])} ${person(r)}`,
    pick(r, [
      'Please quote the PO number on all invoices.',
      'Bitte Bestellnummer auf der Rechnung angeben.',
      'Merci de rappeler le numéro de commande.',
    ]),
  );
  return lines;
}

/** An insurance claim form or notice of loss: policy and claim numbers, date and place of the incident, what happened. */
export function insuranceClaim(r: Random): string[] {
  const lines = [
    `${pick(r, FIRM)} ${pick(r, ['Insurance', 'Versicherung', 'Assurances', 'Seguros', 'Verzekeringen'])}`,
    pick(r, [
      'Claim Form',
      'Schadenmeldung',
      'Déclaration de sinistre',
      'Parte de siniestro',
      'Schadeformulier',
      'Notice of Loss',
      'Motor Accident Claim',
    ]),
    `${pick(r, ['Policy number', 'Versicherungsschein-Nr.', 'N° de contrat', 'Nº de póliza', 'Polisnummer'])} ${digits(r, 9)}`,
    `${pick(r, ['Claim number', 'Schadennummer', 'N° de sinistre', 'Nº de siniestro'])} ${pick(r, ['CL', 'S', ''])}${digits(r, 7)}`,
    `${pick(r, ['Policyholder', 'Versicherungsnehmer', 'Assuré', 'Tomador', 'Verzekeringnemer'])} ${person(r)}`,
    `${pick(r, ['Date of loss', 'Schadentag', 'Date du sinistre', 'Fecha del siniestro'])} ${dmy(r)}`,
    `${pick(r, ['Place of incident', 'Schadenort', 'Lieu du sinistre', 'Lugar'])} ${pick(r, TOWN)}`,
    `${pick(r, ['Description of loss', 'Schadenhergang', 'Circonstances', 'Descripción de los hechos'])}: ${pick(r, ['water leak from the flat above damaged the kitchen ceiling', 'vehicle hit from behind at a junction', 'bicycle stolen from the cellar', 'storm damage to roof tiles', 'laptop dropped and screen broken'])}`,
    `${pick(r, ['Estimated amount', 'Schadenhöhe', 'Montant estimé', 'Importe estimado'])} ${eu(int(r, 100, 15000))}`,
    pick(r, ['Witnesses: yes / no', 'Police report attached: yes / no', 'Third party involved: yes / no']),
    `${pick(r, ['Signature of claimant', 'Unterschrift', 'Signature de l’assuré'])} ____________`,
  ];
  return lines.filter(() => r() < 0.9);
}

/** A national ID card, residence permit or passport of the European kind: field labels in two languages, an MRZ. */
export function europeanId(r: Random): string[] {
  const surname = pick(r, LAST).toUpperCase().replace(/\s/g, '');
  const given = pick(r, FIRST).toUpperCase();
  const country = pick(r, ['D', 'FRA', 'ESP', 'NLD', 'ITA', 'BEL']);
  const lines = some(
    r,
    [
      pick(r, [
        'PERSONALAUSWEIS / IDENTITY CARD',
        "CARTE NATIONALE D'IDENTITÉ",
        'DOCUMENTO NACIONAL DE IDENTIDAD',
        'IDENTITEITSKAART',
        "CARTA D'IDENTITÀ",
        'PASSPORT / PASSEPORT',
        'AUFENTHALTSTITEL / RESIDENCE PERMIT',
      ]),
      `${pick(r, ['Name / Surname', 'Nom', 'Apellidos', 'Achternaam', 'Cognome'])} ${surname}`,
      `${pick(r, ['Vornamen / Given names', 'Prénoms', 'Nombre', 'Voornamen', 'Nome'])} ${given}`,
      `${pick(r, ['Geburtsdatum / Date of birth', 'Né(e) le', 'Fecha de nacimiento', 'Geboortedatum'])} ${dmy(r)}`,
      `${pick(r, ['Staatsangehörigkeit / Nationality', 'Nationalité', 'Nacionalidad', 'Nationaliteit'])} ${pick(r, ['DEUTSCH', 'FRANÇAISE', 'ESP', 'NEDERLANDSE'])}`,
      `${pick(r, ['Gültig bis / Date of expiry', "Valable jusqu'au", 'Válido hasta', 'Geldig tot'])} ${dmy(r)}`,
      `${pick(r, ['Ausweisnummer', 'N° du document', 'Nº soporte', 'Documentnummer'])} ${pick(r, ['L', 'T', 'C', 'IX'])}${digits(r, 8)}`,
      `${pick(r, ['Geschlecht / Sex', 'Sexe', 'Sexo'])} ${pick(r, ['M', 'F'])}`,
      `${pick(r, ['Geburtsort / Place of birth', 'Lieu de naissance', 'Lugar de nacimiento'])} ${pick(r, TOWN).toUpperCase()}`,
      `ID${country}${digits(r, 9)}<<<<<<<<<<<<<<<`.slice(0, 30),
      `${digits(r, 6)}${int(r, 0, 9)}${pick(r, ['M', 'F'])}${digits(r, 7)}${country}<<<<<<<<<<<`.slice(0, 30),
      `${surname}<<${given}<<<<<<<<<<<<<<<<<<`.slice(0, 30),
    ],
    4,
    10,
  );
  return lines;
}

/** A health-insurance card of the European kind (national or EHIC): few fields, insurer, card and member numbers. */
export function europeanHealthCard(r: Random): string[] {
  return some(
    r,
    [
      pick(r, ['EUROPEAN HEALTH INSURANCE CARD', 'Gesundheitskarte', 'Carte Vitale', 'Tarjeta sanitaria', 'Zorgpas', 'Tessera sanitaria']),
      `${pick(r, FIRM)} ${pick(r, ['Krankenkasse', 'BKK', 'Mutuelle', 'Zorgverzekeraar', 'Salud'])}`,
      `${pick(r, ['3 Name', 'Nom', 'Apellidos', 'Naam'])} ${pick(r, LAST).toUpperCase()}`,
      `${pick(r, ['4 Given names', 'Prénom', 'Nombre', 'Voornaam'])} ${pick(r, FIRST).toUpperCase()}`,
      `${pick(r, ['5 Date of birth', 'Né le', 'Fecha nac.'])} ${dmy(r, '/')}`,
      `${pick(r, ['6 Personal identification number', 'Versichertennummer', 'N° de sécurité sociale', 'CIP', 'Relatienummer'])} ${pick(r, ['A', 'K', '1 ', ''])}${digits(r, 9)}`,
      `${pick(r, ['7 Identification number of the institution', 'Kassen-Nr.', 'Code organisme'])} ${digits(r, 9)}`,
      `${pick(r, ['8 Identification number of the card', 'Karten-Nr.', 'N° de carte'])} ${digits(r, 20)}`,
      `${pick(r, ['9 Expiry date', 'Gültig bis', 'Valable jusqu’au'])} ${dmy(r, '/')}`,
      pick(r, ['Versicherungsschutz im Ausland', 'Assurance maladie', 'Member since ' + int(r, 2000, 2025)]),
    ],
    4,
    9,
  );
}

/** A short typed note: a few clean lines, as typed into a word processor or an e-mail client and printed (not handwriting). */
export function typedNote(r: Random): string[] {
  const to = pick(r, FIRST);
  return [
    pick(r, [`Note to ${to}`, 'Note', 'Quick note', 'Reminder', `To: ${to}`, 'Notice', 'Office note', 'Please note', `${to} —`]),
    ...some(
      r,
      [
        'The meeting with the supplier is moved to Thursday at 10:00.',
        'Please leave the signed copies on my desk before Friday.',
        'The printer on the second floor is out of toner again.',
        'Keys for the storage room are with reception.',
        'I will be out of the office until Monday.',
        'Remember to lock the back door when you leave.',
        'The new parking permits arrive next week.',
        'Please call the landlord about the heating.',
        'Lunch order for the team is due by 11.',
        'Files for the audit are in the blue folder.',
      ],
      2,
      4,
    ),
    pick(r, ['Thanks', 'Thank you', `– ${pick(r, FIRST)}`, pick(r, FIRST), '']),
  ].filter(Boolean);
}

function some<T>(r: Random, items: readonly T[], lo: number, hi: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  for (let n = int(r, lo, Math.min(hi, pool.length)); n > 0; n--) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
}
