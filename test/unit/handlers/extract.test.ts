import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { localExtractor, type Extractor } from '../../../functions/engines/extract/extractor.ts';
import { engineSelectionFromEnv, InvalidEngineSelection } from '../../../functions/contracts/engines.ts';
import { createHandler as createExtract } from '../../../functions/handlers/extract.ts';
import type { Tier } from '../../../functions/contracts/limits.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf, makeTextPdf } from '../../helpers/pdf.ts';

const KEY = 'hk_test_' + 'E'.repeat(40);

/** Text drawn at given positions (x, baseline from the top, in points), so columns are real columns. */
async function positionedPdf(items: readonly (readonly [text: string, x: number, top: number])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  for (const [text, x, top] of items) page.drawText(text, { x, y: 792 - top, size: 10, font });
  return doc.save({ useObjectStreams: false });
}

async function setup(tier: Tier = 'pro', overrides: Partial<FakeDeps> = {}) {
  const deps = { ...fakeDeps(), ...overrides } as FakeDeps;
  await seedKey(deps, KEY, 'acme', tier);
  const call = async (bytes: Uint8Array, query: Record<string, string> = {}, fields: Record<string, string> = {}) => {
    const documentKey = await putDocument(deps, 'acme', bytes);
    const res = await createExtract(() => deps)(inferenceEvent('extract', KEY, { document_key: documentKey, ...fields }, query), testContext());
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  return { deps, call };
}

const columns = (y: number, cells: readonly string[]) =>
  cells.map((text, i) => [text, [72, 300, 380, 470][i]!, y] as const);

describe('Handler: POST /v1/extract, category=financial', () => {
  it('reads an invoice with a line-item table: entities, ISO dates, plain amounts, confidence, line items', async () => {
    // Arrange
    const { call } = await setup();
    const pdf = await positionedPdf([
      ['Northwind Traders Ltd', 72, 60],
      ['12 Harbour Road, Bristol BS1 4DJ', 72, 74],
      ['INVOICE', 400, 60],
      ['Invoice No: NW-88412', 400, 90],
      ['Invoice Date: 14 March 2026', 400, 104],
      ['Due Date: 13 April 2026', 400, 118],
      ['Bill To:', 72, 150],
      ['Contoso Pharma GmbH', 72, 164],
      ...columns(220, ['Description', 'Qty', 'Unit Price', 'Amount']),
      ...columns(236, ['Consulting hours', '10', '£120.00', '£1,200.00']),
      ...columns(252, ['Travel expenses', '1', '£85.50', '£85.50']),
      ...columns(268, ['Printed reports', '3', '£15.00', '£45.00']),
      ['Subtotal', 380, 310], ['£1,330.50', 470, 310],
      ['VAT 20%', 380, 326], ['£266.10', 470, 326],
      ['Total', 380, 342], ['£1,596.60', 470, 342],
    ]);

    // Act
    const { status, body } = await call(pdf);

    // Assess
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.model_used).toMatch(/\+docintel-extract@1$/);
    expect(body.result.entities).toMatchObject({
      invoice_number: 'NW-88412',
      invoice_date: '2026-03-14',
      due_date: '2026-04-13',
      currency: 'GBP',
      subtotal: '1330.50',
      tax_amount: '266.10',
      total_amount: '1596.60',
    });
    expect(body.result.confidence.total_amount).toBeGreaterThan(0.8);
    expect(body.result.confidence.total_amount).toBeLessThanOrEqual(1);
    expect(body.result.line_items).toEqual([
      expect.objectContaining({ description: 'Consulting hours', quantity: 10, unit_price: '120.00', total: '1200.00' }),
      expect.objectContaining({ description: 'Travel expenses', quantity: 1, unit_price: '85.50', total: '85.50' }),
      expect.objectContaining({ description: 'Printed reports', quantity: 3, unit_price: '15.00', total: '45.00' }),
    ]);
    expect(body.metadata).toMatchObject({ category: 'financial', parse_mode: 'fast', pages: 1 });
  });

  it('reads a French invoice from its labels', async () => {
    // Arrange
    const { call } = await setup();
    const pdf = await makeTextPdf([[
      'Atelier Dupont SARL',
      'Facture N° : FA-2026-0042',
      'Date de facture : 05/02/2026',
      'Échéance : 07/03/2026',
      'Total HT : 1 250,00 €',
      'TVA 20 % : 250,00 €',
      'Total TTC : 1 500,00 €',
    ]]);

    // Act
    const { status, body } = await call(pdf);

    // Assess
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.entities).toMatchObject({
      invoice_number: 'FA-2026-0042',
      invoice_date: '2026-02-05',
      due_date: '2026-03-07',
      currency: 'EUR',
      subtotal: '1250.00',
      tax_amount: '250.00',
      total_amount: '1500.00',
    });
  });

  it('runs the extractor named in configuration and reports it in model_used', async () => {
    // Arrange
    const seen: number[] = [];
    const recording: Extractor = {
      model: 'test-hosted@2',
      financial: async (pages) => {
        seen.push(pages.length);
        return { entities: { invoice_number: 'FROM-ENGINE' }, confidence: { invoice_number: 0.5 }, line_items: [] };
      },
      fillSchema: localExtractor.fillSchema,
    };
    const { call } = await setup('pro', { extractor: recording });

    // Act
    const { status, body } = await call(await makeTextPdf([['Invoice No: A-1']]));

    // Assess
    expect(status).toBe(200);
    expect(seen).toEqual([1]);
    expect(body.model_used).toMatch(/\+test-hosted@2$/);
    expect(body.result.entities.invoice_number).toBe('FROM-ENGINE');
  });

  it('refuses to start with an unknown extract engine name', () => {
    expect(engineSelectionFromEnv({ DOCINTEL_EXTRACT_ENGINE: 'bedrock' }).extract).toBe('bedrock');
    expect(() => engineSelectionFromEnv({ DOCINTEL_EXTRACT_ENGINE: 'no-such-engine' })).toThrow(InvalidEngineSelection);
  });
});

describe('Handler: POST /v1/extract, category=non_financial', () => {
  const FORM = ['Membership application', 'Full Name: Maria Lopez', 'Date of birth: 1990-04-12', '[x] Newsletter', '[ ] Paper invoices'];

  it('fills a schema: text, both checkbox styles, nested objects', async () => {
    // Arrange
    const { call } = await setup();
    const schema = JSON.stringify({ full_name: null, date_of_birth: null, newsletter: false, paper_invoices: 'unselected', preferences: { newsletter: 'unselected' } });

    // Act
    const { status, body } = await call(await makeTextPdf([FORM]), { category: 'non_financial' }, { schema });

    // Assess
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.data).toEqual({
      full_name: 'Maria Lopez',
      date_of_birth: '1990-04-12',
      newsletter: true,
      paper_invoices: 'unselected',
      preferences: { newsletter: 'selected' },
    });
    expect(body.result.schema_source).toBe('request');
    expect(body.result.confidence.full_name).toBeGreaterThan(0.5);
    // SPEC: the result's `entities` follows the structure of the supplied schema.
    expect(body.result.entities).toEqual(body.result.data);
    expect(Object.keys(body.result.entities)).toEqual(Object.keys(JSON.parse(schema)));
  });

  it.each([
    ['invalid JSON', '{"full_name": '],
    ['an array', '[null]'],
    ['a string', '"full_name"'],
    ['an empty object', '{}'],
    ['a value that is no shape', '{"full_name": 3}'],
    ['an array with two shapes', '{"items": [{"a": null}, {"b": null}]}'],
  ])('refuses a schema that is %s with 400 in the error shape', async (_label, schema) => {
    // Arrange
    const { call } = await setup();

    // Act
    const { status, body } = await call(await makeTextPdf([FORM]), { category: 'non_financial' }, { schema });

    // Assess
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
  });

  it('uses the stored template when no schema is sent, and answers 400 when there is none', async () => {
    // Arrange
    const { deps, call } = await setup();
    const pdf = await makeTextPdf([FORM]);

    // Act
    const without = await call(pdf, { category: 'non_financial' });
    await deps.accounts.updateSettings('acme', { extractTemplate: JSON.stringify({ full_name: null, newsletter: false }) });
    const withTemplate = await call(pdf, { category: 'non_financial' });

    // Assess
    expect(without.status).toBe(400);
    expect(without.body.error.message).toMatch(/template/);
    expect(withTemplate.status, JSON.stringify(withTemplate.body)).toBe(200);
    expect(withTemplate.body.result).toMatchObject({ data: { full_name: 'Maria Lopez', newsletter: true }, schema_source: 'template' });
  });
});

/** A PDF form with printed labels and filled-in AcroForm fields (the values are not in the page text). */
async function filledFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  page.drawText('Claim form', { x: 72, y: 740, size: 14, font });
  page.drawText('Policy holder:', { x: 72, y: 700, size: 10, font });
  const holder = form.createTextField('form1.f1_01');
  holder.addToPage(page, { x: 200, y: 695, width: 200, height: 18 });
  holder.setText('Jane Roe');
  page.drawText('Policy number:', { x: 72, y: 670, size: 10, font });
  const policy = form.createTextField('form1.policyNumber');
  policy.addToPage(page, { x: 200, y: 665, width: 200, height: 18 });
  policy.setText('PN-440-219');
  const country = form.createDropdown('form1.country');
  country.addOptions(['Spain', 'France']);
  country.addToPage(page, { x: 200, y: 635, width: 100, height: 18 });
  country.select('France');
  const injury = form.createCheckBox('form1.c1');
  injury.addToPage(page, { x: 72, y: 600, width: 10, height: 10 });
  injury.check();
  page.drawText('Personal injury', { x: 88, y: 601, size: 10, font });
  const theft = form.createCheckBox('form1.c2');
  theft.addToPage(page, { x: 72, y: 580, width: 10, height: 10 });
  page.drawText('Theft', { x: 88, y: 581, size: 10, font });
  return doc.save({ useObjectStreams: false });
}

describe('Handler: POST /v1/extract, PDF form fields', () => {
  it('fills a schema from AcroForm values, labelled by printed text or field name', async () => {
    // Arrange
    const { call } = await setup();
    const schema = JSON.stringify({ policy_holder: null, policy_number: null, country: null, personal_injury: false, theft: 'unselected' });

    // Act
    const { status, body } = await call(await filledFormPdf(), { category: 'non_financial' }, { schema });

    // Assess
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result.data).toEqual({ policy_holder: 'Jane Roe', policy_number: 'PN-440-219', country: 'France', personal_injury: true, theft: 'unselected' });
  });
});

describe('Handler: POST /v1/extract, parse_mode', () => {
  it('refuses advanced on the free tier with 403 plan_required', async () => {
    const { call } = await setup('free');
    const { status, body } = await call(await makeTextPdf([['Invoice No: A-1']]), { parse_mode: 'advanced' });
    expect(status).toBe(403);
    expect(body.error.code).toBe('plan_required');
  });

  it('refuses advanced with 400 where the organization turned it off, and runs it where it is on', async () => {
    // Arrange
    const { deps, call } = await setup('pro');
    const pdf = await makeTextPdf([['Invoice No: A-1', 'Total: 10.00 EUR']]);

    // Act
    const on = await call(pdf, { parse_mode: 'advanced' });
    await deps.accounts.updateSettings('acme', { extractAdvancedEnabled: false });
    const off = await call(pdf, { parse_mode: 'advanced', force_refresh: 'true' });

    // Assess
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.metadata.parse_mode).toBe('advanced');
    expect(off.status).toBe(400);
    expect(off.body.error.code).toBe('invalid_option');
  });

  it('caps advanced at 60 pages (413) while fast reads the same document', async () => {
    // Arrange
    const { call } = await setup('pro');
    const pdf = await makeNumberedPdf(61);

    // Act
    const advanced = await call(pdf, { parse_mode: 'advanced' });
    const fast = await call(pdf);

    // Assess
    expect(advanced.status).toBe(413);
    expect(advanced.body.error.code).toBe('page_limit_exceeded');
    expect(fast.status, JSON.stringify(fast.body).slice(0, 300)).toBe(200);
    expect(fast.body.metadata.pages).toBe(61);
  });
});
