/**
 * The built-in document classes: what each one says about itself. Phrases
 * carry weights (3 = nearly decisive, like "invoice number"; 1 = typical
 * but shared, like "total"); titles are phrases that, in a page's first
 * lines, name the document. Several languages where documents commonly
 * come in them (EN, DE, FR, ES, IT, NL).
 *
 * @module
 */
import type { DEFAULT_CLASSES } from '../../contracts/schemas/classify.ts';

export type BuiltInClass = (typeof DEFAULT_CLASSES)[number];

export interface ClassDefinition {
  readonly label: string;
  readonly description: string;
  /** Phrase → weight. */
  readonly phrases: Readonly<Record<string, number>>;
  /** Phrases that name the document when they appear in its first lines. */
  readonly titles: readonly string[];
  /** Business domains the class belongs to (for `domain_options`). */
  readonly domains: readonly string[];
  /** Evidence per field-label line ("Date:", "Name / Phone Ext. :"), up to ten: what forms are made of. */
  readonly fieldLabelWeight?: number;
}

const c = (
  label: BuiltInClass,
  description: string,
  domains: string[],
  titles: string[],
  phrases: Record<string, number>,
): ClassDefinition => ({ label, description, domains, titles, phrases });

export const BUILT_IN_CLASSES: Readonly<Record<BuiltInClass, ClassDefinition>> = {
  invoice: c('invoice', 'A bill from a seller asking for payment for goods or services, with invoice number, line items, tax and amount due.', ['finance', 'accounting', 'procurement'],
    ['invoice', 'tax invoice', 'rechnung', 'facture', 'factura', 'fattura', 'factuur', 'commercial invoice'],
    { 'invoice number': 3, 'invoice no': 3, 'invoice date': 3, 'invoice #': 3, rechnungsnummer: 3, rechnungsdatum: 3, 'numéro de facture': 3, 'n° de facture': 3, 'número de factura': 3, 'numero fattura': 3, factuurnummer: 3,
      'amount due': 2, 'balance due': 2, 'due date': 1.5, 'payment terms': 2, 'bill to': 2, 'ship to': 1, subtotal: 1.5, 'vat': 1, 'tax': 0.5, 'total': 0.5, 'qty': 1, 'quantity': 0.5, 'unit price': 1.5, 'iban': 1, 'bic': 0.5, 'please pay': 1.5, zahlbar: 1.5, 'zahlungsziel': 2, 'mwst': 1, 'ust-idnr': 1.5, 'tva': 1, 'iva': 1, 'btw': 1, 'net amount': 1, 'gesamtbetrag': 1.5, 'montant ttc': 2, 'total ht': 2, 'invoice': 2, rechnung: 2, facture: 2, factura: 2, fattura: 2, factuur: 2 }),
  receipt: c('receipt', 'Proof of a payment already made at a shop, restaurant or station: items, total, cash or card tendered, change.', ['finance', 'retail', 'expenses'],
    ['receipt', 'cash receipt', 'sales receipt', 'official receipt', 'quittung', 'kassenbon', 'reçu', 'ticket de caisse', 'recibo', 'scontrino', 'kassabon'],
    { receipt: 3, 'thank you': 1.5, 'cash': 1.5, 'change': 1.5, 'tendered': 2.5, 'rounding': 2, 'cashier': 2.5, 'tel': 0.5, 'gst': 1.5, 'qty': 0.5, 'total': 0.5, 'visa': 0.5, 'mastercard': 0.5, 'card no': 1, 'approval code': 2, 'terminal': 1.5, 'please come again': 3, 'thank you for shopping': 3, 'table': 0.5, 'pax': 1.5, 'member': 0.5, 'gst reg': 2, 'invoice no': 0.5, 'sdn bhd': 1, 'kassenbon': 3, 'bar': 0.5, 'rückgeld': 2.5, 'monnaie rendue': 2.5 }),
  purchase_order: c('purchase_order', 'An order a buyer sends a supplier for goods or services, with PO number, items, delivery date.', ['procurement', 'finance'],
    ['purchase order', 'bestellung', 'bon de commande', 'orden de compra', 'ordine di acquisto', 'inkooporder'],
    { 'purchase order': 3, 'po number': 3, 'po no': 3, 'p.o.': 2, 'order date': 1.5, 'delivery date': 1.5, 'ship via': 1.5, vendor: 1, supplier: 1, 'requested by': 1.5, 'authorized by': 1, bestellnummer: 2.5, 'bon de commande': 3 }),
  quote: c('quote', 'A price offer or estimate for goods or services, valid until a date, not yet a bill.', ['sales', 'procurement'],
    ['quotation', 'quote', 'estimate', 'angebot', 'devis', 'presupuesto', 'preventivo', 'offerte'],
    { quotation: 3, estimate: 2, 'valid until': 2.5, 'validity': 1.5, 'quote number': 3, 'quote date': 2.5, angebot: 2.5, devis: 3, 'offer': 1, 'proposal': 1 }),
  credit_note: c('credit_note', 'A seller document reducing an earlier invoice: refund or credit for returned goods or corrections.', ['finance', 'accounting'],
    ['credit note', 'credit memo', 'gutschrift', 'avoir', 'nota de crédito', 'nota di credito', 'creditnota'],
    { 'credit note': 3, 'credit memo': 3, gutschrift: 3, avoir: 2.5, 'refund': 1.5, 'credited': 1.5, 'original invoice': 2 }),
  bank_statement: c('bank_statement', 'A periodic statement from a bank listing account transactions with opening and closing balances.', ['finance', 'banking', 'lending'],
    ['bank statement', 'account statement', 'statement of account', 'kontoauszug', 'relevé de compte', 'extracto bancario', 'estratto conto', 'rekeningafschrift'],
    { 'opening balance': 3, 'closing balance': 3, 'statement period': 3, 'account number': 1.5, 'beginning balance': 3, 'ending balance': 3, deposits: 2, withdrawals: 2.5, 'available balance': 2, 'sort code': 2, 'iban': 1, 'debit': 1, 'credit': 0.5, 'transaction': 1, kontoauszug: 3, 'alter kontostand': 3, 'neuer kontostand': 3, 'solde': 1.5 }),
  pay_stub: c('pay_stub', 'A payslip from an employer: gross pay, deductions, net pay for a pay period.', ['hr', 'payroll', 'lending'],
    ['pay stub', 'payslip', 'pay slip', 'earnings statement', 'lohnabrechnung', 'gehaltsabrechnung', 'bulletin de paie', 'bulletin de salaire', 'nómina', 'busta paga', 'loonstrook'],
    { 'gross pay': 3, 'net pay': 3, 'pay period': 3, 'pay date': 2.5, 'year to date': 2, ytd: 2, deductions: 2, 'federal withholding': 3, 'social security': 1.5, medicare: 2, 'hours worked': 2, 'hourly rate': 2, 'employee id': 1.5, 'earnings': 1.5, 'bruttolohn': 3, 'nettolohn': 3, 'salaire brut': 3, 'net à payer': 3 }),
  tax_form: c('tax_form', 'A government tax form or return: W-2, 1099, 1040, W-9, VAT return, with boxes and tax year.', ['tax', 'finance', 'lending'],
    ['form w-2', 'form 1099', 'form 1040', 'form w-9', 'tax return', 'steuererklärung', 'déclaration de revenus'],
    { 'internal revenue service': 3, irs: 2, 'tax year': 2.5, 'w-2': 3, '1099': 3, '1040': 3, 'w-9': 3, 'taxpayer identification': 3, 'wages, tips': 3, 'employer identification number': 2, 'department of the treasury': 3, 'omb no': 2.5, 'adjusted gross income': 3, 'filing status': 3, 'finanzamt': 2.5, 'steuernummer': 1.5 }),
  utility_bill: c('utility_bill', 'A bill from an electricity, gas, water, phone or internet provider with meter readings or usage and a billing period.', ['utilities', 'finance', 'lending'],
    ['electricity bill', 'utility bill', 'gas bill', 'water bill', 'stromrechnung', 'facture d’électricité'],
    { kwh: 3, 'meter reading': 3, 'meter number': 3, 'billing period': 2, 'usage': 1.5, 'service address': 2, 'account number': 1, electricity: 2, 'natural gas': 2, 'water': 1, 'previous reading': 3, 'current reading': 3, 'tariff': 2, 'supply': 1, 'amount due': 1, 'zählerstand': 3, 'verbrauch': 2 }),
  contract: c('contract', 'A legal agreement between parties with clauses, terms, obligations and signatures.', ['legal', 'procurement', 'hr', 'real estate'],
    ['agreement', 'contract', 'vertrag', 'contrat', 'contrato', 'contratto', 'overeenkomst', 'lease agreement', 'terms and conditions'],
    { agreement: 2, 'hereinafter': 3, 'whereas': 3, 'the parties': 3, 'party': 1, 'in witness whereof': 3, 'governing law': 3, 'termination': 2, 'indemnif': 2.5, 'confidential': 1, 'shall': 1.5, 'term of': 1, 'effective date': 2, 'signature': 1, 'clause': 2, 'section': 0.5, 'obligations': 1.5, vertrag: 2.5, 'vertragsparteien': 3, contrat: 2.5, 'les parties': 3 }),
  letter: c('letter', 'Correspondence addressed to a person or organization: date, salutation, body paragraphs, closing and signature.', ['general', 'legal', 'correspondence'],
    [],
    { dear: 3, sincerely: 3, 'yours truly': 3, 'yours faithfully': 3, 'best regards': 2, 'kind regards': 2, 're:': 1.5, 'enclosed': 1.5, 'enclosure': 1.5, 'cc:': 1, 'sehr geehrte': 3, 'mit freundlichen grüßen': 3, madame: 2, monsieur: 2, 'veuillez agréer': 3, estimado: 3, atentamente: 3, 'distinti saluti': 3, geachte: 3, 'met vriendelijke groet': 3, 'thank you for your letter': 3 }),
  memo: c('memo', 'An internal memorandum: To, From, Date, Subject header lines followed by a short message.', ['general', 'business'],
    ['memorandum', 'memo', 'interoffice memo', 'office memorandum'],
    { memorandum: 3, memo: 2.5, 'to:': 1.5, 'from:': 1.5, 'subject:': 1.5, 'date:': 0.5, 're:': 1, 'cc:': 1, interoffice: 3, 'internal': 1 }),
  email: c('email', 'A printed e-mail message with From, Sent, To, Subject headers and a message body.', ['general', 'correspondence'],
    [],
    { 'from:': 1.5, 'sent:': 3, 'to:': 1, 'subject:': 1.5, 'cc:': 1, '@': 1, 'original message': 3, 'forwarded message': 3, 'reply': 1, 'wrote:': 2.5, 'attachments:': 2, 'gesendet:': 3, 'envoyé': 3, 'betreff:': 2 }),
  resume: c('resume', 'A résumé or CV: a person’s work experience, education and skills.', ['hr', 'recruiting'],
    ['curriculum vitae', 'resume', 'résumé', 'lebenslauf', 'cv'],
    { 'work experience': 3, 'professional experience': 3, education: 2, skills: 2, 'curriculum vitae': 3, lebenslauf: 3, 'references available': 3, languages: 1, 'employment history': 3, objective: 1.5, certifications: 1.5, 'bachelor': 1.5, 'university': 1, 'berufserfahrung': 3, 'expérience professionnelle': 3, 'formación': 2 }),
  identity_document: c('identity_document', 'A passport, national ID card or driver’s licence: holder name, date of birth, document number, expiry, machine-readable zone.', ['identity', 'kyc', 'lending'],
    ['passport', 'identity card', 'driver license', "driver's license", 'driving licence', 'personalausweis', 'reisepass', "carte d'identité", 'pasaporte'],
    { passport: 3, 'date of birth': 2, 'date of expiry': 3, 'date of issue': 2, nationality: 2.5, 'place of birth': 2.5, 'given names': 3, surname: 2, '<<<': 3, 'document no': 2, 'driver license': 3, 'class': 0.5, 'sex': 1.5, 'issuing authority': 3, 'personalausweis': 3, 'staatsangehörigkeit': 3, 'height': 1, 'eyes': 1.5 }),
  insurance_claim: c('insurance_claim', 'A claim to an insurer: policy number, claim number, date and description of loss or incident, claimant.', ['insurance'],
    ['claim form', 'insurance claim', 'proof of loss', 'first notice of loss', 'schadenmeldung', 'déclaration de sinistre'],
    { 'claim number': 3, 'policy number': 2.5, 'date of loss': 3, 'policyholder': 2.5, claimant: 3, insured: 2, 'description of loss': 3, 'incident': 1.5, adjuster: 3, 'deductible': 2, 'claim': 1.5, 'schadennummer': 3, 'sinistre': 2.5 }),
  medical_record: c('medical_record', 'A clinical document about a patient: diagnosis, medications, vitals, history, physician notes or lab results.', ['healthcare', 'insurance'],
    ['discharge summary', 'medical record', 'patient record', 'progress note', 'lab report', 'arztbrief'],
    { patient: 2, diagnosis: 3, 'chief complaint': 3, 'history of present illness': 3, medications: 2.5, 'blood pressure': 2, allergies: 2.5, physician: 2, 'mrn': 3, 'date of service': 2, 'icd': 2.5, 'dosage': 2, 'mg': 1, 'assessment': 1.5, 'plan:': 1, 'vital signs': 3, 'prescribed': 2, 'diagnose': 2.5, 'befund': 2.5 }),
  form: { ...c('form', 'A form to fill in: labelled fields, checkboxes, blanks for name, address, date and signature.', ['general', 'government', 'hr'],
    ['application form', 'registration form', 'request form', 'form', 'antrag', 'formulaire', 'formulario'],
    { 'please print': 3, 'please complete': 3, 'check one': 3, 'signature': 1.5, 'date:': 1, 'name:': 1.5, 'address:': 1, 'for office use only': 3, 'fill in': 2, 'applicant': 2, 'yes no': 1.5, '☐': 2, '[ ]': 1.5, 'print name': 2.5, 'phone:': 1, 'fax:': 1, 'approved': 0.5, 'to:': 0.5, 'submit': 1 }), fieldLabelWeight: 0.6 },
  report: c('report', 'A report: findings, analysis, results or status for a period, with sections, tables and conclusions.', ['general', 'business', 'research'],
    ['annual report', 'report', 'status report', 'progress report', 'bericht', 'rapport', 'informe', 'relazione'],
    { report: 2, summary: 1.5, 'executive summary': 3, findings: 2.5, analysis: 1.5, results: 1, conclusion: 2, recommendations: 2.5, 'table of contents': 2, 'fiscal year': 1.5, 'figure': 1, 'quarter': 1, 'prepared for': 2, 'prepared by': 1.5, 'objectives': 1.5, 'methodology': 1.5 }),
  scientific_article: c('scientific_article', 'A research paper: abstract, introduction, methods, results, discussion, references.', ['research', 'academic'],
    [],
    { abstract: 3, introduction: 1.5, methods: 2, 'materials and methods': 3, discussion: 2, references: 2, 'et al': 3, doi: 3, journal: 2, 'correspondence to': 2, keywords: 1.5, 'fig.': 2, 'p <': 2.5, 'significant': 1, 'hypothesis': 2, 'acknowledgments': 2.5, 'university': 0.5 }),
  shipping_document: c('shipping_document', 'A transport or delivery document: bill of lading, packing list, delivery note, waybill with consignee, shipper, weights.', ['logistics', 'procurement'],
    ['bill of lading', 'packing list', 'delivery note', 'waybill', 'lieferschein', 'bon de livraison', 'albarán', 'packing slip'],
    { 'bill of lading': 3, consignee: 3, shipper: 2.5, 'gross weight': 3, 'net weight': 2, 'packing list': 3, 'delivery note': 3, waybill: 3, 'tracking number': 2.5, carrier: 2, 'port of loading': 3, 'number of packages': 3, lieferschein: 3, 'ship to': 1, 'delivered': 1 }),
};

/** Built-in pairs that are easy to confuse; `thorough` mode separates them by what only one of them says. */
export const BUILT_IN_NEIGHBORS: Readonly<Record<string, readonly string[]>> = {
  invoice: ['receipt', 'purchase_order', 'quote', 'credit_note', 'utility_bill'],
  receipt: ['invoice'],
  letter: ['memo', 'email'],
  memo: ['letter', 'email'],
  email: ['letter', 'memo'],
  form: ['insurance_claim', 'tax_form'],
  report: ['scientific_article'],
};
