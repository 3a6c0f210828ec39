import { describe, expect, inject, it } from 'vitest';
import { apiClient, readFixture } from '../helpers/client.ts';
import { makeNumberedPdf, makeTextPdf } from '../helpers/pdf.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');

describe('Local API: parse of text-layer PDFs', () => {
  it('returns the envelope with text in reading order for a 1-page PDF', async () => {
    // Prepare
    const pdf = await makeTextPdf([['Invoice 2026-001', 'Total due: 42.00 EUR']]);
    const documentKey = await api.upload(keys.proTest, 'invoice.pdf', pdf);
    // Act
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      task: 'parse',
      model_used: expect.stringContaining('pdfjs'),
      metadata: { pages: 1, file_type: 'pdf', source: 'document_key', filename: 'invoice.pdf', file_size: pdf.byteLength },
    });
    expect(res.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(0);
    expect(res.body.result.pages[0]).toMatchObject({ page_number: 1 });
    expect(res.body.result.pages[0].text).toBe('Invoice 2026-001\nTotal due: 42.00 EUR');
    expect(res.body.result.ocr).toContain('Total due: 42.00 EUR');
    expect(res.body.result.pages[0].boxes).toBeUndefined();
  });

  it('returns 100 pages with the right text for a 100-page PDF', async () => {
    const pdf = await makeNumberedPdf(100);
    const documentKey = await api.upload(keys.proTest, 'long.pdf', pdf);
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status).toBe(200);
    expect(res.body.metadata.pages).toBe(100);
    expect(res.body.result.pages).toHaveLength(100);
    res.body.result.pages.forEach((page: { page_number: number; text: string }, i: number) => {
      expect(page.page_number).toBe(i + 1);
      expect(page.text).toBe(`Page ${i + 1} of 100\nThe quick brown fox ${i + 1}`);
    });
  });

  it('attaches word boxes in 0-1 page coordinates with include_boxes=true', async () => {
    const pdf = await makeTextPdf([['Hello world']]);
    const documentKey = await api.upload(keys.proTest, 'boxes.pdf', pdf);
    const res = await api.call('POST', '/v1/parse?include_boxes=true', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status).toBe(200);
    const boxes = res.body.result.pages[0].boxes;
    expect(boxes.map((b: { text: string }) => b.text)).toEqual(['Hello', 'world']);
    expect(boxes[0].bbox[0]).toBeCloseTo(72 / 612, 2);
    for (const b of boxes) {
      expect(b.confidence).toBe(1);
      expect(b.bbox.every((v: number) => v >= 0 && v <= 1)).toBe(true);
    }
  });

  it.each([
    ['a corrupt PDF', 'broken.pdf', new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog'), [415, 422], 'document_corrupt'],
    ['binary garbage named .pdf', 'noise.pdf', new Uint8Array(4096).map((_, i) => (i * 7919) % 251), [415, 422], undefined],
  ])('answers a clear 4xx for %s', async (_label, name, bytes, statuses, code) => {
    const documentKey = await api.upload(keys.proTest, name, bytes);
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(statuses).toContain(res.status);
    expect(res.body.status).toBe('error');
    if (code) expect(res.body.error.code).toBe(code);
  });

  it('parses plain text uploaded as .pdf as the text it is', async () => {
    const documentKey = await api.upload(keys.proTest, 'notes.pdf', new TextEncoder().encode('just some words, not a pdf at all'));
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status).toBe(200);
    expect(res.body.metadata.file_type).toBe('txt');
    expect(res.body.result.ocr).toBe('just some words, not a pdf at all');
  });

  it('answers 422 document_encrypted for a password-protected PDF', async () => {
    const bytes = await readFixture('documents/pdf/sources/encrypted.pdf');
    const documentKey = await api.upload(keys.proTest, 'locked.pdf', bytes);
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('document_encrypted');
  });

  it.each([
    ['an unknown option value', '/v1/parse?mode=turbo', 400, 'invalid_option'],
    ['an unknown query parameter', '/v1/parse?include_box=true', 400, 'invalid_option'],
    ['a bad boolean', '/v1/parse?include_boxes=yes', 400, 'invalid_option'],
  ])('rejects %s with 400', async (_label, path, status, code) => {
    const res = await api.call('POST', path, { key: keys.proTest, form: { document_key: '00000000-0000-4000-8000-000000000000' } });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it('rejects a missing or malformed document_key with 400', async () => {
    const missing = await api.call('POST', '/v1/parse', { key: keys.proTest, form: {} });
    const malformed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: 'abc' } });
    expect(missing.status).toBe(400);
    expect(malformed.status).toBe(400);
  });
});
