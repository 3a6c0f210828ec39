/** POST /v1/extract through the local stack: financial, non_financial with schema or stored template, tier and feature gates. */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CII, UBL } from '../helpers/e-invoices.ts';
import { makeTextPdf } from '../helpers/pdf.ts';
import { FinancialExtractResult } from '../../functions/contracts/schemas/extract.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

const INVOICE = [
  'Muster GmbH',
  'Rechnungsnummer: R-2026-17',
  'Rechnungsdatum: 03.02.2026',
  'Nettobetrag: 100,00 EUR',
  'MwSt 19%: 19,00 EUR',
  'Gesamtbetrag: 119,00 EUR',
];
const FORM = ['Membership application', 'Full name: Maria Lopez', 'Member number: M-5521', '[x] Newsletter'];

const run = promisify(execFile);

/** The admin CLI against the running local server, as an operator would call it. */
async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') } });
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1];
}

async function schemaFile(json: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'docintel-schema-')), 'schema.json');
  await writeFile(path, json);
  return path;
}

describe('Local API: extract', () => {
  it('extracts invoice entities with a confidence map (category=financial, the default)', async () => {
    const key = await api.upload(keys.proTest, 'rechnung.pdf', await makeTextPdf([INVOICE]));
    const res = await api.call('POST', '/v1/extract', { key: keys.proTest, form: { document_key: key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      task: 'extract',
      result: { entities: { invoice_number: 'R-2026-17', invoice_date: '2026-02-03', subtotal: '100.00', tax_amount: '19.00', total_amount: '119.00', currency: 'EUR' } },
      metadata: { category: 'financial', parse_mode: 'fast', pages: 1 },
    });
    expect(res.body.result.confidence.total_amount).toBeGreaterThan(0.9);
    expect(Array.isArray(res.body.result.line_items)).toBe(true);
    // Every value read from the page cites it: page 1, a box inside the page, the text holding the value; the result meets its contract.
    const cited = res.body.result.citations.entities.total_amount;
    expect(cited).toMatchObject({ page: 1, text: expect.stringContaining('119,00') });
    expect(cited.bbox.every((v: number) => v >= 0 && v <= 1)).toBe(true);
    expect(FinancialExtractResult.safeParse(res.body.result).success).toBe(true);
  });

  it('fills a schema sent with the request (category=non_financial)', async () => {
    const key = await api.upload(keys.proTest, 'form.pdf', await makeTextPdf([FORM]));
    const schema = JSON.stringify({ full_name: null, member_number: null, newsletter: false });
    const res = await api.call('POST', '/v1/extract?category=non_financial', { key: keys.proTest, form: { document_key: key, schema } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ data: { full_name: 'Maria Lopez', member_number: 'M-5521', newsletter: true }, schema_source: 'request' });
  });

  it('uses the organization template when no schema is sent, and 400 when there is neither', async () => {
    const key = await api.upload(keys.otherOrg, 'form.pdf', await makeTextPdf([FORM]));
    const without = await api.call('POST', '/v1/extract?category=non_financial', { key: keys.otherOrg, form: { document_key: key } });
    expect(without.status).toBe(400);
    expect(without.body.error.message).toMatch(/template/);
    expect(JSON.parse(await admin('set-template', '--org', 'globex', '--file', await schemaFile(JSON.stringify({ full_name: null })))).extract_template).toBe('stored');
    const withTemplate = await api.call('POST', '/v1/extract?category=non_financial&force_refresh=true', { key: keys.otherOrg, form: { document_key: key } });
    expect(withTemplate.status).toBe(200);
    expect(withTemplate.body.result).toMatchObject({ data: { full_name: 'Maria Lopez' }, schema_source: 'template' });
    await admin('set-template', '--org', 'globex', '--clear');
  });

  it('refuses an invalid template in the admin CLI (exit 2, nothing stored)', async () => {
    await expect(admin('set-template', '--org', 'globex', '--file', await schemaFile('{"a": 1}'))).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/Invalid template/) });
  });

  it.each([
    ['invalid JSON', '{"a":'],
    ['a non-object', '"text"'],
    ['an empty object', '{}'],
  ])('refuses a schema that is %s (400)', async (_label, schema) => {
    const res = await api.call('POST', '/v1/extract?category=non_financial', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69', schema } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('gates parse_mode=advanced: 403 on the free tier, 400 where the organization turned it off', async () => {
    // A free-tier test key of its own: the shared free live key's rate window belongs to the rate-limit test.
    const freeKey = JSON.parse(await admin('create-key', '--org', 'extract-free', '--tier', 'free', '--test')).api_key as string;
    const free = await api.call('POST', '/v1/extract?parse_mode=advanced', { key: freeKey, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69' } });
    expect(free.status).toBe(403);
    expect(free.body.error.code).toBe('plan_required');
    const key = await api.upload(keys.proTest, 'rechnung.pdf', await makeTextPdf([INVOICE]));
    const on = await api.call('POST', '/v1/extract?parse_mode=advanced', { key: keys.proTest, form: { document_key: key } });
    expect(on.status).toBe(200);
    expect(on.body.metadata.parse_mode).toBe('advanced');
    await admin('set-feature', '--org', 'acme', '--feature', 'extract-advanced', '--enabled', 'false');
    try {
      const off = await api.call('POST', '/v1/extract?parse_mode=advanced&force_refresh=true', { key: keys.proTest, form: { document_key: key } });
      expect(off.status).toBe(400);
      expect(off.body.error.code).toBe('invalid_option');
    } finally {
      await admin('set-feature', '--org', 'acme', '--feature', 'extract-advanced', '--enabled', 'true');
    }
  });

  it('refuses an unknown category (400 invalid_option)', async () => {
    const res = await api.call('POST', '/v1/extract?category=medical', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_option');
  });

  it('reads a Factur-X PDF from its embedded XML (exact, it prevails), and an XRechnung UBL upload', async () => {
    // The visible page says one thing, the embedded XML (the invoice's legal content) another: the XML wins.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    ['Rösterei Nord GmbH', 'Rechnung Nr. FX-2026-OO07', 'Datum: 17.03.2026', 'Gesamtbetrag: 65,40 EUR'].forEach((line, i) =>
      page.drawText(line.replace('ö', 'o'), { x: 60, y: 780 - i * 18, size: 11, font }),
    );
    await pdf.attach(new TextEncoder().encode(CII), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X' });
    const key = await api.upload(keys.proTest, 'factur-x.pdf', await pdf.save());
    const res = await api.call('POST', '/v1/extract', { key: keys.proTest, form: { document_key: key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.entities).toMatchObject({ invoice_number: 'FX-2026-0007', total_amount: '65.45', vendor_tax_id: 'DE987654321', iban: 'DE89370400440532013000' });
    expect(res.body.result.confidence.total_amount).toBe(1);
    expect(res.body.result.line_items).toHaveLength(2);
    // The disagreement is said (issue 38), not silently resolved: the page prints 65,40, the XML 65.45. The vendor's name,
    // printed without its umlaut, is the same name.
    expect(res.body.metadata.e_invoice).toEqual({ format: 'cii', file: 'factur-x.xml', disagreements: [{ field: 'total_amount', xml: '65.45', visible: '65.40' }] });
    expect(res.body.metadata.warnings).toContain('e-invoice: total_amount is "65.45" in the embedded XML but "65.40" on the page; the XML value is reported.');
    expect(res.body.model_used).toMatch(/\+e-invoice-cii$/);

    const xmlKey = await api.upload(keys.proTest, 'xrechnung.xml', new TextEncoder().encode(UBL), 'application/xml');
    const ubl = await api.call('POST', '/v1/extract', { key: keys.proTest, form: { document_key: xmlKey } });
    expect(ubl.status, JSON.stringify(ubl.body)).toBe(200);
    expect(ubl.body.result.entities).toMatchObject({ invoice_number: 'UBL-0042', vendor_name: 'Grachten Handel B.V.', total_amount: '121.00' });
    expect(ubl.body.metadata.e_invoice).toEqual({ format: 'ubl', file: 'document.xml' });
  });
});
