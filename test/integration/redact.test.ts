/**
 * POST /v1/redact through the local stack: both modes, both output forms,
 * pii_config, page limits, and the leak check — the masked page images are
 * OCR'd (by uploading them and parsing them like any user would) and none
 * of the masked values may be read back.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { makeNumberedPdf, makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

const SECRETS = {
  email: 'jane.doe@example.org',
  ssn: '536-22-8145',
  card: '4111 1111 1111 1111',
  iban: 'DE89 3704 0044 0532 0130 00',
  phone: '+1 415 555 0132',
};

const LINES = [
  'Customer record',
  'Name: Jane Doe',
  `Email: ${SECRETS.email}`,
  `SSN: ${SECRETS.ssn}`,
  `Card number: ${SECRETS.card}`,
  `IBAN: ${SECRETS.iban}`,
  `Phone: ${SECRETS.phone}`,
  'Employee ID: EMP-88812',
  `Contact again at ${SECRETS.email}`,
];

async function ocrText(png: Uint8Array): Promise<string> {
  const key = await api.upload(keys.proTest, 'masked.png', png, 'image/png');
  const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: key } });
  expect(parsed.status).toBe(200);
  return parsed.body.result.ocr as string;
}

const digits = (s: string) => s.replace(/\D/g, '');

describe('Local API: redact', () => {
  let documentKey: string;

  beforeAll(async () => {
    documentKey = await api.upload(keys.proTest, 'record.pdf', await makeTextPdf([LINES]));
  });

  it('masks every detected value with black boxes, inline, and OCR of the masked page reads none of them', async () => {
    // Act
    const res = await api.call('POST', '/v1/redact', { key: keys.proTest, form: { document_key: documentKey } });
    // Assess
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', task: 'redact', metadata: { pages: 1, mode: 'redact' } });
    expect(res.body.result.output).toBe('inline');
    expect(res.body.result.summary).toMatchObject({
      PERSON: 1,
      EMAIL_ADDRESS: 2,
      US_SSN: 1,
      CREDIT_CARD: 1,
      IBAN_CODE: 1,
      PHONE_NUMBER: 1,
    });
    const text: string = res.body.result.updated_text_block;
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).toContain('Email: [EMAIL_ADDRESS]');
    expect(text).toContain('Name: [PERSON]');
    const [page] = res.body.result.pages;
    expect(page).toMatchObject({ page_number: 1, content_type: 'image/png' });
    const png = Buffer.from(page.image_base64, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The leak check: what OCR reads back from the masked image.
    const read = await ocrText(png);
    expect(read).toMatch(/Customer\s+record/);
    expect(read.toLowerCase()).not.toContain('jane');
    expect(read).not.toContain('example.org');
    for (const secret of [SECRETS.ssn, SECRETS.card, SECRETS.iban, SECRETS.phone]) {
      expect(digits(read)).not.toContain(digits(secret).slice(-6));
    }
  });

  it('de-identifies with consistent synthetic values and returns short-lived links with output=urls', async () => {
    // Act
    const res = await api.call('POST', '/v1/redact?mode=deidentify&output=urls', { key: keys.proTest, form: { document_key: documentKey } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.metadata.mode).toBe('deidentify');
    expect(res.body.result.output).toBe('urls');
    const text: string = res.body.result.updated_text_block;
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    const emails = [...text.matchAll(/[\w.]+@example\.com/g)].map((m) => m[0]);
    expect(emails).toHaveLength(2);
    expect(emails[0]).toBe(emails[1]);
    expect(text).toMatch(/SSN: 9\d\d-\d\d-\d{4}/);
    const [page] = res.body.result.pages;
    expect(page.page_number).toBe(1);
    expect(res.body.assets_expire_at).toBeDefined();
    const image = await fetch(page.image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const read = await ocrText(new Uint8Array(await image.arrayBuffer()));
    expect(read).not.toContain('example.org');
    expect(read).toContain('example.com');
  });

  it('returns one redacted PDF with output=pdf: searchable words left, no masked value extractable, a 15-minute link', async () => {
    // Act
    const res = await api.call('POST', '/v1/redact?output=pdf', { key: keys.proTest, form: { document_key: documentKey } });
    // Assess
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    expect(res.body.result.output).toBe('pdf');
    expect(res.body.result.pages).toEqual([{ page_number: 1 }]);
    const expiresIn = new Date(res.body.assets_expire_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
    const download = await fetch(res.body.result.pdf_url);
    expect(download.status).toBe(200);
    const pdf = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // Read back like any user would: parse the PDF through the API (pdf.js text layer).
    const key = await api.upload(keys.proTest, 'redacted.pdf', pdf, 'application/pdf');
    const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: key } });
    expect(parsed.status).toBe(200);
    const text = (parsed.body.result.ocr as string).toLowerCase();
    expect(text).toMatch(/customer\s+record/);
    expect(text).not.toContain('jane');
    expect(text).not.toContain('example.org');
    for (const secret of [SECRETS.ssn, SECRETS.card, SECRETS.iban, SECRETS.phone]) expect(digits(text)).not.toContain(digits(secret).slice(-6));
  });

  it('takes custom types from pii_config: the description guides detection; replace mode uses only them', async () => {
    // Prepare
    const pii_config = JSON.stringify({
      mode: 'replace',
      types: [{ name: 'EMPLOYEE_ID', description: 'Internal employee numbers such as "EMP-20391"', has_synthetic_replacement: false }],
    });
    // Act
    const res = await api.call('POST', '/v1/redact?mode=deidentify', { key: keys.proTest, form: { document_key: documentKey, pii_config } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.result.summary).toEqual({ EMPLOYEE_ID: 1 });
    expect(res.body.result.updated_text_block).toContain('Employee ID: [EMPLOYEE_ID]');
    expect(res.body.result.updated_text_block).toContain(SECRETS.email);
  });

  it.each([
    ['invalid JSON', '{"mode": "extend",', /not valid JSON/],
    ['a JSON array', '[]', /object/i],
    ['replace without types', '{"mode":"replace","types":[]}', /at least one type/],
    ['an unknown mode', '{"mode":"merge"}', /mode/],
    ['a type without description', '{"types":[{"name":"X","description":""}]}', /describe/],
  ])('refuses pii_config with %s (400)', async (_label, pii_config, message) => {
    const res = await api.call('POST', '/v1/redact', { key: keys.proTest, form: { document_key: documentKey, pii_config } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toMatch(message);
  });

  it('refuses unknown query values (400 invalid_option)', async () => {
    const res = await api.call('POST', '/v1/redact?output=zip', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_option');
  });

  it('refuses over 36 pages inline and over 60 pages as links with 413, before billing', async () => {
    // Prepare
    const key37 = await api.upload(keys.proLive, 'p37.pdf', await makeNumberedPdf(37));
    const key61 = await api.upload(keys.proLive, 'p61.pdf', await makeNumberedPdf(61));
    const before = await api.call('GET', '/v1/usage', { key: keys.proLive });
    // Act
    const inline = await api.call('POST', '/v1/redact', { key: keys.proLive, form: { document_key: key37 } });
    const urls = await api.call('POST', '/v1/redact?output=urls', { key: keys.proLive, form: { document_key: key61 } });
    const after = await api.call('GET', '/v1/usage', { key: keys.proLive });
    // Assess
    expect(inline.status).toBe(413);
    expect(inline.body.error.code).toBe('page_limit_exceeded');
    expect(urls.status).toBe(413);
    expect(after.body.totals).toEqual(before.body.totals);
  });
});
