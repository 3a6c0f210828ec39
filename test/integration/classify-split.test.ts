/** POST /v1/classify and POST /v1/split through the local stack. */
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

const INVOICE = ['INVOICE', 'Invoice number: INV-2026-0042', 'Invoice date: 01/11/2026', 'Bill to: Globex Ltd', 'Consulting 10 150.00 1,500.00', 'Subtotal 1,500.00', 'VAT 20% 300.00', 'Amount due 1,800.00', 'Payment terms: 30 days'];
const RECEIPT = ['CORNER CAFE', 'Table 4 Pax 2', 'Latte 2 9.00', 'Total 13.50', 'Cash 20.00', 'Change 6.50', 'Cashier: Ann', 'Thank you, please come again'];
const LETTER = ['March 3, 2026', 'Ms. Laura Chen', 'Dear Ms. Chen,', 'Thank you for your letter. We are pleased to confirm the meeting.', 'Sincerely,', 'Peter Novak'];

describe('Local API: classify', () => {
  it('labels an invoice with candidates and reports the pages it read', async () => {
    const key = await api.upload(keys.proTest, 'inv.pdf', await makeTextPdf([INVOICE]));
    const res = await api.call('POST', '/v1/classify', { key: keys.proTest, form: { document_key: key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ task: 'classify', result: { label: 'invoice' }, metadata: { pages: 1, pages_read: [1], mode: 'balanced' } });
    expect(res.body.result.confidence).toBeGreaterThan(0.5);
    expect(res.body.result.candidates[0]).toEqual({ label: 'invoice', confidence: res.body.result.confidence });
  });

  it('reads only the budgeted pages of a long document, and bills those', async () => {
    // Prepare: 200 pages; the first is an invoice, the rest filler.
    const pages = [INVOICE, ...Array.from({ length: 199 }, (_, i) => [`Appendix page ${i + 2}`, 'Terms and notes.'])];
    const key = await api.upload(keys.proLive, 'long.pdf', await makeTextPdf(pages));
    const options = JSON.stringify({ max_start_pages: 2, max_end_pages: 1 });
    // Act
    const res = await api.call('POST', '/v1/classify', { key: keys.proLive, form: { document_key: key, options } });
    const usage = await api.call('GET', '/v1/usage', { key: keys.proLive });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.metadata).toMatchObject({ pages: 3, pages_read: [1, 2, 200], document_pages: 200 });
    expect(res.body.result.label).toBe('invoice');
    const row = usage.body.rows.find((r: { request_id: string }) => r.request_id === res.body.request_id);
    expect(row.pages).toBe(3);
  });

  it.each([
    ['invalid JSON', '{"mode":'],
    ['a JSON array', '[1]'],
    ['an out-of-range budget', '{"start_token_budget": 10}'],
    ['an unknown class', '{"active_classes": ["spaceship"]}'],
    ['an unknown key', '{"colour": "blue"}'],
  ])('refuses options with %s (400)', async (_label, options) => {
    const res = await api.call('POST', '/v1/classify', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69', options } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  it('refuses an unknown router mode (400 invalid_option)', async () => {
    const res = await api.call('POST', '/v1/classify?mode=turbo', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_option');
  });
});

describe('Local API: split', () => {
  it('cuts a packet into typed segments covering every page once', async () => {
    const key = await api.upload(keys.proTest, 'packet.pdf', await makeTextPdf([INVOICE, RECEIPT, LETTER, LETTER.map((l) => l.replace('Chen', 'Ito'))]));
    const res = await api.call('POST', '/v1/split', { key: keys.proTest, form: { document_key: key } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const segments = res.body.result.segments as { document_index: number; start_page: number; end_page: number; type: string }[];
    expect(segments.slice(0, 2)).toEqual([
      { document_index: 0, start_page: 1, end_page: 1, type: 'invoice' },
      { document_index: 1, start_page: 2, end_page: 2, type: 'receipt' },
    ]);
    expect(segments[segments.length - 1].end_page).toBe(4);
    segments.forEach((s, i) => {
      if (i > 0) expect(s.start_page).toBe(segments[i - 1].end_page + 1);
    });
  });

  it('applies custom_domain_guidelines (heuristics) end to end', async () => {
    const key = await api.upload(keys.proTest, 'two-invoices.pdf', await makeTextPdf([INVOICE, INVOICE]));
    const options = JSON.stringify({ custom_domain_guidelines: { domain_name: 'ap', heuristics: 'Each page is a separate document.' } });
    const res = await api.call('POST', '/v1/split', { key: keys.proTest, form: { document_key: key, options } });
    expect(res.status).toBe(200);
    expect(res.body.result.segments).toHaveLength(2);
    expect(res.body.metadata.domain_name).toBe('ap');
  });

  it.each([
    ['invalid JSON', 'nope'],
    ['guidelines without domain_name', '{"custom_domain_guidelines": {"heuristics": "x"}}'],
    ['a non-boolean use_thinking', '{"use_thinking": "yes"}'],
  ])('refuses options with %s (400)', async (_label, options) => {
    const res = await api.call('POST', '/v1/split', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69', options } });
    expect(res.status).toBe(400);
  });
});

describe('Local API: caller text cannot hold a worker (issue 21)', () => {
  it('split with backtracking-shaped identifier_patterns answers within 2 s while another organization is served', async () => {
    const key = await api.upload(keys.proTest, 'ids.pdf', await makeTextPdf([INVOICE, [`${'A'.repeat(60)}9`, 'AAA-9999-AAA-9999 '.repeat(10)], LETTER]));
    const options = JSON.stringify({ custom_domain_guidelines: { domain_name: 'x', identifier_patterns: `${'A'.repeat(30)}z ${'A-'.repeat(300)}9 "${'A'.repeat(38)}9"` } });
    const t0 = performance.now();
    const [res, limits] = await Promise.all([
      api.call('POST', '/v1/split', { key: keys.proTest, form: { document_key: key, options } }),
      api.call('GET', '/v1/limits', { key: keys.freeTest }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(limits.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('refuses more custom classes than the cap with a 400 that names it', async () => {
    const custom = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`kind_${i}`, `documents of kind ${i}`]));
    const res = await api.call('POST', '/v1/classify', { key: keys.proTest, form: { document_key: '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69', options: JSON.stringify({ custom_llm_classes: custom }) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(res.body.error)).toContain('at most 50 custom classes');
  });
});
