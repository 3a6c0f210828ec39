/**
 * Structured e-invoices: the XML a Factur-X, ZUGFeRD or XRechnung PDF
 * embeds (UN/CEFACT Cross Industry Invoice, "CII"), or an uploaded UBL or
 * CII XML file. EN 16931 makes that XML the invoice's legal content, so its
 * values are exact: they take precedence over what is read from the pages,
 * which still fills the fields the XML's profile leaves out (a MINIMUM
 * profile has no lines and no addresses).
 *
 * @module
 */
import { XMLParser } from 'fast-xml-parser';
import type { DataFile } from '../document-model.ts';
import { ibanValid } from '../redact/validators.ts';
import { orderEntities, type FinancialExtraction, type LineItem } from './financial.ts';

export interface EInvoice {
  /** `cii` (Factur-X, ZUGFeRD, XRechnung CII) or `ubl` (XRechnung UBL, Peppol BIS). */
  readonly format: 'cii' | 'ubl';
  /** The data file it came from, e.g. `factur-x.xml`. */
  readonly file: string;
  readonly extraction: FinancialExtraction;
}

/** Names the e-invoice standards give their XML; other XML files are tried after these. */
const KNOWN_NAMES = /^(?:factur-x|zugferd-invoice|zugferd_invoice|xrechnung|order-x)\.xml$/i;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities beyond the five XML ones are never expanded (no DTDs are accepted, see below).
  processEntities: true,
  htmlEntities: false,
});

type Node = Record<string, unknown> | string | undefined;

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
/** A child by path; the first of repeated elements. */
function at(node: unknown, ...path: string[]): Node {
  let current: unknown = node;
  for (const key of path) {
    if (current === undefined || current === null || typeof current !== 'object') return undefined;
    current = list((current as Record<string, unknown>)[key])[0];
  }
  return current as Node;
}
/** The text of an element, with or without attributes. */
function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim() || undefined;
  if (typeof node === 'object' && '#text' in node) return text((node as Record<string, unknown>)['#text']);
  return undefined;
}
const attribute = (node: unknown, name: string) =>
  node && typeof node === 'object' ? text((node as Record<string, unknown>)[`@${name}`]) : undefined;

/** Amounts as the API writes them: two decimals; unit prices keep up to four significant ones. */
function decimal(raw: string | undefined, maxDecimals = 2): string | undefined {
  if (raw === undefined || !/^-?\d+(?:\.\d+)?$/.test(raw)) return undefined;
  return Number(raw)
    .toFixed(maxDecimals)
    .replace(/(\.\d{2}\d*?)0+$/, '$1');
}
/** CII dates (`format="102"`: YYYYMMDD) and UBL dates (YYYY-MM-DD) as ISO 8601. */
function isoDate(raw: string | undefined): string | undefined {
  const m = raw ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw.trim()) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}
/** An address from its parts; a country code alone (MINIMUM profiles) is no address. */
const joined = (parts: (string | undefined)[]) => (parts.slice(0, -1).some(Boolean) ? parts.filter(Boolean).join(', ') : undefined);

function fromCii(root: unknown): FinancialExtraction {
  const transaction = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const totals = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = text(at(settlement, 'InvoiceCurrencyCode'));
  const address = (party: Node) => {
    const a = at(party, 'PostalTradeAddress');
    const city = [text(at(a, 'PostcodeCode')), text(at(a, 'CityName'))].filter(Boolean).join(' ');
    return joined([text(at(a, 'LineOne')), text(at(a, 'LineTwo')), text(at(a, 'LineThree')), city, text(at(a, 'CountryID'))]);
  };
  const seller = at(agreement, 'SellerTradeParty');
  const buyer = at(agreement, 'BuyerTradeParty');
  const registrations = list(seller && typeof seller === 'object' ? seller.SpecifiedTaxRegistration : undefined).map((r) => at(r, 'ID'));
  const taxId = text(registrations.find((id) => attribute(id, 'schemeID') === 'VA')) ?? text(registrations[0]);
  // TaxTotalAmount may be given twice (invoice and accounting currency): the invoice currency's.
  const taxTotals = list(totals && typeof totals === 'object' ? totals.TaxTotalAmount : undefined);
  const tax = taxTotals.find((t) => !attribute(t, 'currencyID') || attribute(t, 'currencyID') === currency) ?? taxTotals[0];
  const means = list(settlement && typeof settlement === 'object' ? settlement.SpecifiedTradeSettlementPaymentMeans : undefined);
  const iban = means.map((m) => text(at(m, 'PayeePartyCreditorFinancialAccount', 'IBANID'))).find((v) => v && ibanValid(v));
  const bic = means.map((m) => text(at(m, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'))).find(Boolean);
  const terms = at(settlement, 'SpecifiedTradePaymentTerms');
  const entities = {
    invoice_number: text(at(root, 'ExchangedDocument', 'ID')),
    invoice_date: isoDate(text(at(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString'))),
    due_date: isoDate(text(at(terms, 'DueDateDateTime', 'DateTimeString'))),
    vendor_name: text(at(seller, 'Name')),
    vendor_address: address(seller),
    vendor_tax_id: taxId,
    customer_name: text(at(buyer, 'Name')),
    customer_address: address(buyer),
    purchase_order: text(at(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
    currency,
    subtotal: decimal(text(at(totals, 'TaxBasisTotalAmount'))),
    tax_amount: decimal(text(tax)),
    total_amount: decimal(text(at(totals, 'GrandTotalAmount'))),
    amount_due: decimal(text(at(totals, 'DuePayableAmount'))),
    payment_terms: text(at(terms, 'Description')),
    iban,
    bic,
  };
  const items = list(transaction && typeof transaction === 'object' ? transaction.IncludedSupplyChainTradeLineItem : undefined).map((item) =>
    lineItem(
      text(at(item, 'SpecifiedTradeProduct', 'Name')),
      text(at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity')),
      text(at(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount')),
      text(at(item, 'SpecifiedLineTradeSettlement', 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
    ),
  );
  return exact(entities, items);
}

function fromUbl(root: unknown, credit: boolean): FinancialExtraction {
  const party = (role: string) => at(root, role, 'Party');
  const name = (p: Node) => text(at(p, 'PartyLegalEntity', 'RegistrationName')) ?? text(at(p, 'PartyName', 'Name'));
  const address = (p: Node) => {
    const a = at(p, 'PostalAddress');
    const city = [text(at(a, 'PostalZone')), text(at(a, 'CityName'))].filter(Boolean).join(' ');
    return joined([
      text(at(a, 'StreetName')),
      text(at(a, 'AdditionalStreetName')),
      text(at(a, 'AddressLine', 'Line')),
      city,
      text(at(a, 'Country', 'IdentificationCode')),
    ]);
  };
  const seller = party('AccountingSupplierParty');
  const buyer = party('AccountingCustomerParty');
  const currency = text(at(root, 'DocumentCurrencyCode'));
  const totals = at(root, 'LegalMonetaryTotal');
  const taxTotals = list(root && typeof root === 'object' ? (root as Record<string, unknown>).TaxTotal : undefined).map((t) => at(t, 'TaxAmount'));
  const tax = taxTotals.find((t) => !attribute(t, 'currencyID') || attribute(t, 'currencyID') === currency) ?? taxTotals[0];
  const means = list(root && typeof root === 'object' ? (root as Record<string, unknown>).PaymentMeans : undefined);
  const iban = means.map((m) => text(at(m, 'PayeeFinancialAccount', 'ID'))).find((v) => v && ibanValid(v));
  const bic = means.map((m) => text(at(m, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'))).find(Boolean);
  const entities = {
    invoice_number: text(at(root, 'ID')),
    invoice_date: isoDate(text(at(root, 'IssueDate'))),
    due_date: isoDate(text(at(root, 'DueDate')) ?? means.map((m) => text(at(m, 'PaymentDueDate'))).find(Boolean)),
    vendor_name: name(seller),
    vendor_address: address(seller),
    vendor_tax_id: text(at(seller, 'PartyTaxScheme', 'CompanyID')),
    customer_name: name(buyer),
    customer_address: address(buyer),
    purchase_order: text(at(root, 'OrderReference', 'ID')),
    currency,
    subtotal: decimal(text(at(totals, 'TaxExclusiveAmount'))),
    tax_amount: decimal(text(tax)),
    total_amount: decimal(text(at(totals, 'TaxInclusiveAmount'))),
    amount_due: decimal(text(at(totals, 'PayableAmount'))),
    payment_terms: text(at(root, 'PaymentTerms', 'Note')),
    iban,
    bic,
  };
  const lines = list(root && typeof root === 'object' ? (root as Record<string, unknown>)[credit ? 'CreditNoteLine' : 'InvoiceLine'] : undefined);
  const items = lines.map((line) =>
    lineItem(
      text(at(line, 'Item', 'Name')) ?? text(at(line, 'Item', 'Description')),
      text(at(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity')),
      text(at(line, 'Price', 'PriceAmount')),
      text(at(line, 'LineExtensionAmount')),
    ),
  );
  return exact(entities, items);
}

/** A line from the XML's texts: unit prices keep up to four decimals, the line total two. */
function lineItem(description: string | undefined, quantity: string | undefined, unitPrice: string | undefined, total: string | undefined): LineItem {
  return {
    description: description ?? '',
    quantity: quantity !== undefined && Number.isFinite(Number(quantity)) ? Number(quantity) : null,
    unit_price: decimal(unitPrice, 4) ?? null,
    total: decimal(total) ?? null,
  };
}

/** Fields the XML gave, each with confidence 1. */
function exact(fields: Record<string, string | undefined>, items: LineItem[]): FinancialExtraction {
  const entities = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  return { entities, confidence: Object.fromEntries(Object.keys(entities).map((k) => [k, 1])), line_items: items };
}

/**
 * The first data file that is an e-invoice (CII or UBL), read into the
 * financial result shape; undefined when there is none. Files declaring a
 * DTD are not read (no e-invoice has one; they are how entity bombs come).
 *
 * @example
 * const invoice = readEInvoice(await document.dataFiles());
 * invoice?.extraction.entities.total_amount; // '529.87'
 */
export function readEInvoice(files: readonly DataFile[]): EInvoice | undefined {
  const ordered = [...files].sort((a, b) => Number(KNOWN_NAMES.test(b.name)) - Number(KNOWN_NAMES.test(a.name)));
  for (const file of ordered) {
    const xml = new TextDecoder('utf-8', { fatal: false }).decode(file.data);
    if (!/<(?:[\w-]+:)?(?:CrossIndustryInvoice|Invoice|CreditNote)[\s>]/.test(xml) || /<!DOCTYPE|<!ENTITY/i.test(xml)) continue;
    let parsed: Record<string, unknown>;
    try {
      parsed = parser.parse(xml) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (parsed.CrossIndustryInvoice) return { format: 'cii', file: file.name, extraction: fromCii(parsed.CrossIndustryInvoice) };
    if (parsed.Invoice) return { format: 'ubl', file: file.name, extraction: fromUbl(parsed.Invoice, false) };
    if (parsed.CreditNote) return { format: 'ubl', file: file.name, extraction: fromUbl(parsed.CreditNote, true) };
  }
  return undefined;
}

/** The e-invoice's values over those read from the pages; the pages fill what the XML leaves out. */
export function withEInvoice(fromPages: FinancialExtraction, fromXml: FinancialExtraction): FinancialExtraction {
  const entities = orderEntities({ ...fromPages.entities, ...fromXml.entities });
  const useXmlItems = fromXml.line_items.length > 0;
  // The pages' citations stay where the page read the value the XML gives; XML-only values have no place on a page.
  const cited = fromPages.citations
    ? {
        entities: Object.fromEntries(Object.entries(fromPages.citations.entities).filter(([field]) => entities[field] === fromPages.entities[field])),
        line_items: useXmlItems ? fromXml.line_items.map(() => null) : fromPages.citations.line_items,
      }
    : undefined;
  return {
    entities,
    confidence: orderEntities({ ...fromPages.confidence, ...fromXml.confidence }),
    line_items: useXmlItems ? fromXml.line_items : fromPages.line_items,
    ...(cited ? { citations: cited } : {}),
  };
}

/** Fields whose XML value must agree with the visible invoice: totals, the account paid into, the parties. */
const CHECKED_FIELDS = ['subtotal', 'tax_amount', 'total_amount', 'amount_due', 'iban', 'vendor_name', 'vendor_tax_id', 'customer_name'] as const;
const AMOUNTS = new Set<string>(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);
const PARTIES = new Set<string>(['vendor_name', 'customer_name']);
/** Letters and digits only, accents folded: a page drawn in a font without "ö" prints "o" for the same name. */
const compact = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** One field where the embedded XML and the visible pages disagree. */
export interface EInvoiceDisagreement {
  readonly field: string;
  readonly xml: string;
  readonly visible: string;
}

/** Whether two values of a field say the same (amounts to the cent; IBANs and tax ids without spacing; names one within the other). */
function agree(field: string, xml: string, visible: string): boolean {
  if (AMOUNTS.has(field)) return Math.abs(Number(xml) - Number(visible)) < 0.005;
  const [a, b] = [compact(xml), compact(visible)];
  // A party's name with or without its legal form ("Lumen Widgets" / "Lumen Widgets GmbH") is the same party.
  if (PARTIES.has(field)) return a.length > 0 && b.length > 0 && (a.includes(b) || b.includes(a));
  return a === b;
}

/**
 * The checked fields both the XML and the pages give, where they disagree
 * (issue 38: an invoice whose data says one IBAN and whose page shows
 * another must say so, not silently prefer either).
 *
 * @example
 * eInvoiceDisagreements(fromPages, fromXml); // [{ field: 'iban', xml: 'DE…', visible: 'FR…' }]
 */
export function eInvoiceDisagreements(fromPages: FinancialExtraction, fromXml: FinancialExtraction): EInvoiceDisagreement[] {
  const out: EInvoiceDisagreement[] = [];
  for (const field of CHECKED_FIELDS) {
    const xml = fromXml.entities[field];
    const visible = fromPages.entities[field];
    if (typeof xml !== 'string' || typeof visible !== 'string' || !xml || !visible) continue;
    if (!agree(field, xml, visible)) out.push({ field, xml, visible });
  }
  return out;
}

/** The `metadata.warnings` line of a disagreement. */
export function disagreementWarning({ field, xml, visible }: EInvoiceDisagreement): string {
  return `e-invoice: ${field} is "${xml}" in the embedded XML but "${visible}" on the page; the XML value is reported.`;
}
