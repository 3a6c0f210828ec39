/**
 * POST /v1/redact through the local stack on what is rendered without being
 * in the text layer: a filled tax-form look-alike (AcroForm fields), a page
 * with a free-text annotation and a note, a text page with a picture. The
 * leak check reads every output back — the returned text, the page images
 * (OCR'd by uploading them to parse, like any user would) and the redacted
 * PDF (parsed again) — and finds none of the values. Dynamic XFA forms are
 * refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { leaksIn, makeDynamicXfaForm, RENDERED_LEAK_DOCUMENTS } from '../fixtures/redact/rendered-leaks.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

async function parsedText(name: string, bytes: Uint8Array, type: string): Promise<string> {
  const key = await api.upload(keys.proTest, name, bytes, type);
  const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: key } });
  expect(parsed.status).toBe(200);
  return parsed.body.result.ocr as string;
}

describe('Local API: redact what is rendered', () => {
  const documentKeys: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, make] of Object.entries(RENDERED_LEAK_DOCUMENTS)) documentKeys[name] = await api.upload(keys.proTest, `${name}.pdf`, await make());
  });

  for (const name of Object.keys(RENDERED_LEAK_DOCUMENTS)) {
    it(`${name}: neither the returned text nor the OCR of the masked page image shows a value`, async () => {
      // Act
      const res = await api.call('POST', '/v1/redact', { key: keys.proTest, form: { document_key: documentKeys[name] } });
      // Assess
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
      const text: string = res.body.result.updated_text_block;
      expect(leaksIn(text), text).toEqual([]);
      expect(text).toMatch(/\[(PERSON|US_SSN|PHONE_NUMBER|CREDIT_CARD)\]/);
      const read = await parsedText('masked.png', Buffer.from(res.body.result.pages[0].image_base64, 'base64'), 'image/png');
      expect(leaksIn(read), read).toEqual([]);
      expect(read.length).toBeGreaterThan(40);
    });

    it(`${name}: the redacted PDF (output=pdf), parsed again, shows no value`, async () => {
      const res = await api.call('POST', '/v1/redact?output=pdf', { key: keys.proTest, form: { document_key: documentKeys[name] } });
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
      // The result as returned, without its link: a presigned URL's signature and dates are random digits, and the
      // digit check looks for each secret's last six digits in all the digits of what it is given.
      const { pdf_url: link, ...returned } = res.body.result;
      expect(leaksIn(JSON.stringify(returned))).toEqual([]);
      expect(link).toMatch(/^https?:/);
      const download = await fetch(res.body.result.pdf_url);
      expect(download.status).toBe(200);
      const pdf = new Uint8Array(await download.arrayBuffer());
      expect(leaksIn(Buffer.from(pdf).toString('latin1'))).toEqual([]);
      const read = await parsedText('redacted.pdf', pdf, 'application/pdf');
      expect(leaksIn(read), read).toEqual([]);
    });
  }

  it('refuses a dynamic XFA form with 415 and the reason, rather than masking a placeholder', async () => {
    const key = await api.upload(keys.proTest, 'xfa.pdf', await makeDynamicXfaForm());
    const res = await api.call('POST', '/v1/redact', { key: keys.proTest, form: { document_key: key } });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_file_type', details: { reason: 'dynamic_xfa_form' } });
  });
});
