import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readEInvoice, withEInvoice } from '../../../functions/engines/extract/e-invoice.ts';
import { MAX_DATA_FILE_BYTES } from '../../../functions/engines/document-model.ts';
import { boundedAttachments } from '../../../functions/engines/pdf/attachments.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { CII, UBL } from '../../helpers/e-invoices.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('e-invoices (CII and UBL XML)', () => {
  it('reads a CII invoice: parties, VAT id over the local tax number, the invoice currency’s tax total, dates, IBAN, lines', () => {
    const invoice = readEInvoice([{ name: 'factur-x.xml', data: bytes(CII) }]);
    expect(invoice).toMatchObject({ format: 'cii', file: 'factur-x.xml' });
    expect(invoice!.extraction.entities).toEqual({
      invoice_number: 'FX-2026-0007',
      invoice_date: '2026-03-17',
      due_date: '2026-03-31',
      vendor_name: 'Rösterei Nord GmbH',
      vendor_address: 'Hafenweg 3, 20095 Hamburg, DE',
      vendor_tax_id: 'DE987654321',
      customer_name: 'Café Süd KG',
      purchase_order: 'PO-88',
      currency: 'EUR',
      subtotal: '55.00',
      tax_amount: '10.45',
      total_amount: '65.45',
      amount_due: '65.45',
      payment_terms: 'Zahlbar binnen 14 Tagen',
      iban: 'DE89370400440532013000',
    });
    expect(Object.values(invoice!.extraction.confidence).every((c) => c === 1)).toBe(true);
    expect(invoice!.extraction.line_items).toEqual([
      { description: 'Kaffee & Tee Set', quantity: 4, unit_price: '12.345', total: '49.38' },
      { description: 'Versand', quantity: 1, unit_price: '5.62', total: '5.62' },
    ]);
  });

  it('reads a UBL invoice: the legal name over the brand, amounts from the monetary total, lines', () => {
    const invoice = readEInvoice([{ name: 'xrechnung.xml', data: bytes(UBL) }]);
    expect(invoice?.format).toBe('ubl');
    expect(invoice!.extraction.entities).toMatchObject({
      invoice_number: 'UBL-0042',
      invoice_date: '2026-02-03',
      due_date: '2026-03-05',
      vendor_name: 'Grachten Handel B.V.',
      vendor_address: 'Keizersgracht 1, 1015 CJ Amsterdam, NL',
      vendor_tax_id: 'NL123456789B01',
      customer_name: 'Klant BV',
      purchase_order: 'PO-1',
      subtotal: '100.00',
      tax_amount: '21.00',
      total_amount: '121.00',
      amount_due: '121.00',
      iban: 'NL91ABNA0417164300',
    });
    expect(invoice!.extraction.line_items).toEqual([{ description: 'Consulting', quantity: 8, unit_price: '12.50', total: '100.00' }]);
  });

  it('ignores files that are no e-invoice, and refuses XML with a DTD (entity expansion)', () => {
    expect(readEInvoice([{ name: 'notes.xml', data: bytes('<notes><note>hi</note></notes>') }])).toBeUndefined();
    expect(readEInvoice([{ name: 'logo.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }])).toBeUndefined();
    const bomb = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Invoice><ID>&b;</ID></Invoice>`;
    expect(readEInvoice([{ name: 'factur-x.xml', data: bytes(bomb) }])).toBeUndefined();
    expect(readEInvoice([{ name: 'factur-x.xml', data: bytes('<rsm:CrossIndustryInvoice><unclosed') }])).toBeUndefined();
    // A known name is tried first; another XML invoice beside it does not win.
    const twice = readEInvoice([{ name: 'other.xml', data: bytes(UBL) }, { name: 'factur-x.xml', data: bytes(CII) }]);
    expect(twice?.file).toBe('factur-x.xml');
  });

  it('lets the XML prevail and the pages fill what its profile leaves out', () => {
    const pages = { entities: { invoice_number: 'FX-2026-OO07', vendor_address: 'Hafenweg 3', customer_address: 'Marktplatz 1, München' }, confidence: { invoice_number: 0.9, vendor_address: 0.6, customer_address: 0.7 }, line_items: [{ description: 'x', quantity: 1, unit_price: null, total: '1.00' }] };
    const merged = withEInvoice(pages, readEInvoice([{ name: 'factur-x.xml', data: bytes(CII) }])!.extraction);
    expect(merged.entities).toMatchObject({ invoice_number: 'FX-2026-0007', vendor_address: 'Hafenweg 3, 20095 Hamburg, DE', customer_address: 'Marktplatz 1, München' });
    expect(merged.confidence).toMatchObject({ invoice_number: 1, customer_address: 0.7 });
    expect(merged.line_items).toHaveLength(2);
    expect(withEInvoice(pages, { entities: { total_amount: '1.00' }, confidence: { total_amount: 1 }, line_items: [] }).line_items).toEqual(pages.line_items);
  });
});

describe('data files of a document', () => {
  it('returns a PDF’s embedded files, and an XML upload as its own', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Rechnung FX-2026-0007', { font: await pdf.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
    await pdf.attach(bytes(CII), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X invoice' });
    const opened = await openDocument(await pdf.save(), { filename: 'rechnung.pdf' });
    try {
      const files = await opened.dataFiles!();
      expect(files.map((f) => f.name)).toEqual(['factur-x.xml']);
      expect(readEInvoice(files)?.extraction.entities.total_amount).toBe('65.45');
    } finally {
      await opened.close();
    }
    const xml = await openDocument(bytes(UBL), { filename: 'invoice.xml' });
    try {
      expect(readEInvoice(await xml.dataFiles!())?.extraction.entities.invoice_number).toBe('UBL-0042');
    } finally {
      await xml.close();
    }
  });

  it('bounds what it returns: no empty or oversized files, at most 16', () => {
    const raw: Record<string, unknown> = {
      empty: { filename: 'empty.xml', content: new Uint8Array(0) },
      huge: { filename: 'huge.bin', content: new Uint8Array(MAX_DATA_FILE_BYTES + 1) },
      notBytes: { filename: 'x', content: 'text' },
    };
    for (let i = 0; i < 20; i++) raw[`f${i}`] = { filename: `f${i}.xml`, content: new Uint8Array([60]) };
    const files = boundedAttachments(raw);
    expect(files).toHaveLength(16);
    expect(files[0].name).toBe('f0.xml');
    expect(boundedAttachments(null)).toEqual([]);
  });
});
