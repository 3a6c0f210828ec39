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
    ['credit note', 'credit memo', 'gutschrift', 'rechnungskorrektur', 'stornorechnung', 'avoir', 'facture d’avoir', "facture d'avoir", 'note de crédit', 'nota de crédito', 'factura rectificativa', 'nota di credito', 'creditnota', 'creditfactuur'],
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
    ['electricity bill', 'utility bill', 'gas bill', 'water bill', 'energy bill', 'phone bill', 'stromrechnung', 'gasrechnung', 'wasserrechnung', 'energierechnung', 'facture d’électricité', 'facture de gaz', 'factura de electricidad', 'factura de luz', 'factura de gas', 'factura de agua', 'energierekening', 'waterrekening', 'bolletta'],
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
  bank_check: c('bank_check', 'A bank cheque (check): pay to the order of a payee, amount in words and figures, date, signature line, routing and account numbers along the bottom (MICR line).', ['finance', 'banking', 'lending'],
    ['check', 'cheque'],
    { 'pay to the order of': 3, 'pay to the': 2.5, 'order of': 1.5, dollars: 2, memo: 1, 'void after': 3, 'non-negotiable': 2, 'routing number': 2, 'cheque no': 3, 'check no': 3, 'check number': 3, 'chèque': 3, 'scheck': 3, 'authorized signature': 2.5, 'security features': 2.5, '⑆': 3, '⑈': 3, 'bank': 0.5 }),
  business_card: c('business_card', 'A business card: one person’s name, job title, company, phone, e-mail and web address on a small card.', ['general', 'sales', 'correspondence'],
    [],
    { 'tel:': 1, 'mobile': 2, 'cell': 1.5, 'phone': 1, 'fax': 1, 'www.': 2, '.com': 1.5, '@': 1.5, 'e-mail': 1, 'email': 1, 'ceo': 2, 'director': 1.5, 'manager': 1.5, 'founder': 2, 'president': 1.5, 'engineer': 1, 'consultant': 1.5, 'head of': 1.5, 'vice president': 2 }),
  envelope: c('envelope', 'An envelope or mail cover: sender’s return address, recipient address block, postage or stamp, postal marks.', ['general', 'correspondence', 'mail room'],
    ['envelope'],
    { postage: 3, 'postage paid': 3, 'first class': 2.5, 'first-class mail': 3, 'return service requested': 3, 'address service requested': 3, 'return to sender': 3, 'usps': 2.5, 'royal mail': 3, 'deutsche post': 3, 'la poste': 2.5, 'priority mail': 3, 'presorted': 3, 'permit no': 2.5, 'do not bend': 3, 'par avion': 3, 'air mail': 3, 'zip': 1 }),
  presentation: c('presentation', 'A presentation slide deck: short slide titles, bullet points, agenda, few words per landscape page.', ['general', 'business', 'sales', 'research'],
    ['agenda', 'overview', 'thank you', 'questions'],
    { agenda: 3, 'thank you': 1, 'questions?': 3, 'q&a': 3, overview: 1.5, 'next steps': 2.5, 'key takeaways': 3, roadmap: 2, slide: 2.5, '•': 1, 'our mission': 2, 'about us': 1.5, 'presented by': 3, 'presentation': 2.5, 'webinar': 2 }),
  spreadsheet: c('spreadsheet', 'A spreadsheet or budget table: rows and columns of numbers, totals per column, months or categories as headers.', ['finance', 'accounting', 'business'],
    ['budget', 'forecast', 'sheet1', 'worksheet'],
    { budget: 2.5, forecast: 2, 'sheet1': 3, worksheet: 3, 'total': 0.5, 'jan': 1, 'feb': 1, 'mar': 1, 'q1': 1.5, 'q2': 1.5, 'q3': 1.5, 'q4': 1.5, variance: 2.5, actual: 1.5, 'year-to-date': 1, 'sum': 1, 'expenses': 1, 'revenue': 1, 'category': 1 }),
  court_filing: c('court_filing', 'A court filing or legal pleading: case caption, court name, plaintiff and defendant, case number, motion, complaint, order or deposition.', ['legal'],
    ['in the united states district court', 'in the superior court', 'in the circuit court', 'complaint', 'motion to', 'order', 'deposition of', 'affidavit', 'subpoena', 'summons'],
    { plaintiff: 3, defendant: 3, 'plaintiffs': 3, 'defendants': 3, 'case no': 3, 'civil action': 3, 'district court': 3, 'superior court': 3, 'circuit court': 3, 'court of appeals': 3, 'v.': 1.5, 'vs.': 1.5, 'attorney for': 3, 'counsel': 2, 'honorable': 2, 'hon.': 1.5, 'motion': 2, 'pursuant to': 1.5, deposition: 3, 'sworn': 2, 'petitioner': 3, 'respondent': 2.5, 'hereby': 1, 'jury': 2.5, 'testimony': 2.5, 'exhibit': 1.5, 'q.': 1, 'a.': 0.5 }),
  health_insurance_card: c('health_insurance_card', 'A health-insurance member card: insurer, member name and ID, group number, plan, copays, Rx BIN/PCN, phone numbers for providers.', ['healthcare', 'insurance', 'identity'],
    ['health insurance card', 'member id card', 'krankenversicherungskarte', 'carte vitale'],
    { 'member id': 3, 'member name': 2.5, 'group number': 3, 'group no': 3, 'rxbin': 3, 'rx bin': 3, 'rxpcn': 3, 'rxgrp': 3, 'pcn': 2, copay: 3, 'pcp': 2.5, 'subscriber': 2.5, 'plan': 1, 'dependents': 1.5, 'provider': 1, 'customer service': 1, 'medical': 1, 'health plan': 2.5, 'blue cross': 3, 'blue shield': 3, 'ppo': 2.5, 'hmo': 2.5, 'krankenkasse': 3, 'versichertennummer': 3 }),
  vehicle_registration: c('vehicle_registration', 'A vehicle registration or title (carte grise, Zulassungsbescheinigung): plate number, VIN, make, model, owner, registration date.', ['government', 'insurance', 'identity'],
    ['vehicle registration', 'certificate of registration', 'certificat d’immatriculation', "certificat d'immatriculation", 'zulassungsbescheinigung', 'certificate of title', 'carte grise', 'permiso de circulación'],
    { 'vehicle identification number': 3, vin: 3, 'license plate': 3, 'plate number': 3, 'plate no': 3, make: 1.5, model: 1, 'model year': 2.5, 'body type': 2.5, 'registration': 1.5, 'registered owner': 3, 'gross vehicle weight': 3, 'odometer': 2.5, 'immatriculation': 3, 'carte grise': 3, 'genre national': 3, 'kennzeichen': 3, 'fahrzeug': 2.5, 'halter': 2, 'title number': 2.5, 'dmv': 3, 'motor vehicle': 2.5, 'cylinders': 2, 'fuel': 1 }),
  certificate: c('certificate', 'A certificate or diploma: certifies that a person completed, achieved or is qualified for something, with issuer, date and signatures; also civil-status certificates (birth, marriage, death) issued by a registrar.', ['education', 'hr', 'general'],
    ['certificate', 'certificate of completion', 'certificate of achievement', 'diploma', 'certificate of appreciation', 'zertifikat', 'urkunde', 'certificat', 'attestation', 'certification', 'certified copy'],
    { 'this is to certify': 3, 'certifies that': 3, 'this certificate': 3, 'is hereby awarded': 3, 'awarded to': 3, 'presented to': 2.5, 'in recognition of': 3, 'has successfully completed': 3, 'successfully completed': 2.5, 'completion': 2, 'achievement': 2, 'diploma': 3, 'certificate': 2, 'bescheinigt': 3, 'certifie que': 3, 'birth certificate': 3, 'certificate of birth': 3, 'certificate of live birth': 3, 'marriage certificate': 3, 'certificate of marriage': 3, 'death certificate': 3, registrar: 2, 'certified copy': 2.5, geburtsurkunde: 3, 'acte de naissance': 3 }),
  mortgage_document: c('mortgage_document', 'A mortgage or loan document: loan estimate, closing disclosure, promissory note, deed of trust, loan application (URLA/1003), with borrower, lender, loan amount, interest rate, term.', ['lending', 'finance', 'real estate'],
    ['loan estimate', 'closing disclosure', 'promissory note', 'deed of trust', 'mortgage', 'uniform residential loan application', 'loan application', 'note'],
    { borrower: 3, lender: 2.5, 'loan amount': 3, 'interest rate': 2.5, 'loan term': 3, 'monthly principal': 3, 'principal & interest': 3, 'principal and interest': 3, 'closing costs': 3, 'escrow': 2.5, 'mortgage': 2.5, 'loan estimate': 3, 'closing disclosure': 3, 'apr': 1.5, 'annual percentage rate': 3, 'prepayment penalty': 3, 'balloon payment': 3, 'property address': 2, 'co-borrower': 3, 'nmls': 3, 'deed of trust': 3, 'promissory note': 3, 'loan': 1 }),
  news_article: c('news_article', 'A news article or press item: headline, byline, dateline, quoted sources, published date, in columns.', ['general', 'media'],
    ['press release', 'for immediate release'],
    { 'said': 1.5, 'according to': 2, 'reported': 1.5, 'reporter': 2.5, 'staff writer': 3, 'press release': 3, 'for immediate release': 3, 'media contact': 3, 'published': 1.5, 'updated': 1, 'associated press': 3, 'reuters': 3, '(ap)': 3, 'correspondent': 2.5, 'spokesperson': 2, 'spokesman': 2, 'told': 1, 'news': 1, 'edition': 1.5,
      // Reporting in the other languages we read.
      'sagte': 1.5, 'erklärte': 1, 'a déclaré': 1.5, 'a expliqué': 1, 'dijo': 1.5, 'explicó': 1, 'ha detto': 1.5, 'zeitung': 1 }),
  handwritten: c('handwritten', 'A handwritten note or letter: short irregular lines of handwriting, often informal, with few printed elements.', ['general', 'correspondence'],
    // No title: typed "Notes" and "Note" headings (meeting notes, notes to accounts) are not handwriting.
    [],
    { 'note': 1, 'dear': 1, 'love': 1.5, 'thanks': 1, 'call me': 2, 'reminder': 1.5, 'don\'t forget': 2.5, 'todo': 2, 'to do': 1.5, 'xoxo': 3, 'p.s.': 2, 'cheers': 1.5 }),
};

/** Built-in pairs that are easy to confuse; `thorough` mode separates them by what only one of them says. */
export const BUILT_IN_NEIGHBORS: Readonly<Record<string, readonly string[]>> = {
  invoice: ['receipt', 'purchase_order', 'quote', 'credit_note', 'utility_bill'],
  receipt: ['invoice'],
  letter: ['memo', 'email'],
  memo: ['letter', 'email'],
  email: ['letter', 'memo'],
  form: ['insurance_claim', 'tax_form'],
  report: ['scientific_article', 'news_article', 'presentation', 'spreadsheet'],
  identity_document: ['health_insurance_card', 'vehicle_registration', 'business_card'],
  bank_statement: ['bank_check'],
  contract: ['mortgage_document', 'court_filing'],
};
