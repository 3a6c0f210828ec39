/**
 * Redact's synchronous page budget (docs/api.md "Redact"): a synchronous
 * call renders, masks and encodes at most `max_pages_sync` (36) pages, so it
 * answers inside API Gateway's 29 s even on a busy machine; a longer
 * document (output=urls or pdf, up to 60 pages) is refused up front with
 * 413 and the X-Async hint, unbilled, and the same request as a job
 * succeeds. Generated look-alike PDFs; no timing is asserted.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

/** Pages that each hold something to mask, so every page is painted. */
const recordPages = (count: number) =>
  makeTextPdf(Array.from({ length: count }, (_, i) => [`Member record ${i + 1}`, `Email: member${i + 1}@example.org`, 'SSN: 536-22-8145', 'Renewal is due in spring.']));

async function pollJob(key: string, jobId: string, timeoutMs = 110_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.call('GET', `/v1/jobs/${jobId}`, { key });
    if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Local API: redact within the synchronous budget', () => {
  let key37: string;

  beforeAll(async () => {
    key37 = await api.upload(keys.proLive, 'records-37.pdf', await recordPages(37));
  });

  it('states the budget in the limits object', async () => {
    const res = await api.call('GET', '/v1/limits', { key: keys.proTest });
    expect(res.body.operations.redact).toMatchObject({ max_pages_inline: 36, max_pages_urls: 60, max_pages_sync: 36 });
  });

  it('refuses a synchronous redact over 36 pages with 413 and the X-Async hint, for links and PDF alike, before billing', async () => {
    // Prepare
    const before = await api.call('GET', '/v1/usage', { key: keys.proLive });
    // Act
    const urls = await api.call('POST', '/v1/redact?output=urls', { key: keys.proLive, form: { document_key: key37 } });
    const pdf = await api.call('POST', '/v1/redact?output=pdf&mode=deidentify', { key: keys.proLive, form: { document_key: key37 } });
    const after = await api.call('GET', '/v1/usage', { key: keys.proLive });
    // Assess
    for (const res of [urls, pdf]) {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(413);
      expect(res.body.error.code).toBe('page_limit_exceeded');
      expect(res.body.error.message).toContain('X-Async: true');
      expect(res.body.error.details).toMatchObject({ pages: 37, max_pages_sync: 36, hint: 'X-Async: true' });
    }
    expect(after.body.totals).toEqual(before.body.totals);
  });

  it('redacts the same 37 pages as a job (X-Async: true)', async () => {
    // Act
    const accepted = await api.call('POST', '/v1/redact?output=pdf', { key: keys.proTest, form: { document_key: await api.upload(keys.proTest, 'records-37.pdf', await recordPages(37)) }, headers: { 'X-Async': 'true' } });
    expect(accepted.status).toBe(200);
    const job = await pollJob(keys.proTest, accepted.body.job_id);
    // Assess
    expect(job.status, JSON.stringify(job).slice(0, 400)).toBe('succeeded');
    expect(job.response.metadata.pages).toBe(37);
    expect(job.response.result.pages).toHaveLength(37);
    expect(job.response.result.summary.EMAIL_ADDRESS).toBe(37);
    const download = await fetch(job.response.result.pdf_url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 36 pages synchronously (the inline cap and the budget)', async () => {
    const key36 = await api.upload(keys.proTest, 'records-36.pdf', await recordPages(36));
    const res = await api.call('POST', '/v1/redact?output=urls', { key: keys.proTest, form: { document_key: key36 } });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.result.pages).toHaveLength(36);
    expect(res.body.result.summary.EMAIL_ADDRESS).toBe(36);
  });
});
