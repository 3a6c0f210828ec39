/**
 * Answers larger than Lambda's 6 MB invoke limit (docs/api.md "Large
 * responses"). The local gateway drops such results with a 502, as the
 * deployed stack would; these requests must still succeed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const baseUrl = inject('baseUrl');
const api = apiClient(baseUrl);
const keys = inject('keys');

/** `pageCount` pages of 40 lines each (all that fit the test helper's line spacing), like a dense text report. */
function densePdf(pageCount: number): Promise<Uint8Array> {
  return makeTextPdf(
    Array.from({ length: pageCount }, (_, p) =>
      Array.from({ length: 40 }, (_, l) => `Section ${p + 1}.${l + 1}: "Revenue" rose to 1,234.56, "costs" fell to 987.65; line ${l + 1} of page ${p + 1}`),
    ),
  );
}

interface RawResponse {
  status: number;
  headers: Headers;
  /** Bytes as they came over the wire (before any decompression). */
  wireBytes: number;
  body: any;
}

/** A POST /v1/parse with an explicit Accept-Encoding; fetch decompresses gzip for us. */
async function parse(documentKey: string, query: string, acceptEncoding: string): Promise<RawResponse> {
  const form = new FormData();
  form.append('document_key', documentKey);
  const res = await fetch(`${baseUrl}/v1/parse${query}`, {
    method: 'POST',
    headers: { 'X-API-Key': keys.proTest, 'Accept-Encoding': acceptEncoding },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, wireBytes: Number(res.headers.get('content-length')), body: JSON.parse(text) };
}

/** The documented client rule: when `response_offloaded` is true, the full JSON is at `response_url`. */
async function followRule(response: RawResponse): Promise<any> {
  if (response.body.response_offloaded !== true) return response.body;
  const full = await fetch(response.body.response_url);
  expect(full.status).toBe(200);
  return full.json();
}

describe('Local API: answers over the Lambda payload limit', () => {
  let thousandPages: string;
  let boxesDocument: string;

  beforeAll(async () => {
    thousandPages = await api.upload(keys.proTest, 'report-1000.pdf', await densePdf(1000));
    boxesDocument = await api.upload(keys.proTest, 'report-150.pdf', await densePdf(150));
  });

  it('answers a 1,000-page fast parse with 200, gzip-compressed for a client that accepts gzip', async () => {
    // Act
    const res = await parse(thousandPages, '', 'gzip, deflate');
    // Assess
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.wireBytes).toBeLessThan(6 * 1024 * 1024);
    expect(res.body.result.pages).toHaveLength(1000);
    expect(res.body.result.pages[999].text).toContain('line 40 of page 1000');
    expect(JSON.stringify(res.body).length).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('answers the same parse without compression with 200 and a link to the full JSON', async () => {
    // Prepare
    const compressed = await parse(thousandPages, '', 'gzip');
    // Act
    const res = await parse(thousandPages, '', 'identity');
    const full = await followRule(res);
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-response-offloaded')).toBe('true');
    expect(res.body).toMatchObject({
      status: 'success',
      task: 'parse',
      metadata: { pages: 1000 },
      response_offloaded: true,
      offloaded_fields: expect.arrayContaining(['result']),
      response_bytes: expect.any(Number),
    });
    expect(Date.parse(res.body.response_url_expires_at)).toBeGreaterThan(Date.now());
    expect(res.wireBytes).toBeLessThan(64 * 1024);
    expect(full.result).toEqual(compressed.body.result);
    expect(full.request_id).toBe(res.body.request_id);
    expect(Object.keys(full).sort()).toEqual(Object.keys(compressed.body).sort());
  });

  it('answers a 150-page parse with word boxes with 200 with or without compression, with the same JSON', async () => {
    // Act
    const compressed = await parse(boxesDocument, '?include_boxes=true', 'gzip');
    const plain = await parse(boxesDocument, '?include_boxes=true', 'identity');
    const followed = await followRule(plain);
    // Assess
    expect(compressed.status).toBe(200);
    expect(plain.status).toBe(200);
    expect(compressed.body.result.pages).toHaveLength(150);
    expect(compressed.body.result.pages[149].boxes.length).toBeGreaterThan(40 * 10);
    expect(followed.result).toEqual(compressed.body.result);
  });

  it('serves the snapshot of a large request by the same rule, to its own organization only', async () => {
    // Prepare
    const compressed = await parse(thousandPages, '', 'gzip');
    const path = `/v1/requests/${compressed.body.request_id}/snapshot`;
    // Act
    const own = await api.call('GET', path, { key: keys.proTest, headers: { 'Accept-Encoding': 'identity' } });
    const other = await api.call('GET', path, { key: keys.otherOrg, headers: { 'Accept-Encoding': 'identity' } });
    // Assess
    expect(own.status).toBe(200);
    expect(own.body.response_offloaded).toBe(true);
    const full = await followRule({ ...own, wireBytes: 0 });
    expect(full.result.result).toEqual(compressed.body.result);
    expect(other.status).toBe(404);
  });

  it('serves a large job result by the same rule', async () => {
    // Prepare
    const form = new FormData();
    form.append('document_key', thousandPages);
    const accepted = await fetch(`${baseUrl}/v1/parse?force_refresh=true`, {
      method: 'POST',
      headers: { 'X-API-Key': keys.proTest, 'X-Async': 'true' },
      body: form,
    }).then((r) => r.json() as Promise<{ job_id: string }>);
    // Act
    let job: any;
    for (let i = 0; i < 600; i++) {
      job = await api.call('GET', `/v1/jobs/${accepted.job_id}`, { key: keys.proTest, headers: { 'Accept-Encoding': 'identity' } });
      if (job.body.status === 'succeeded' || job.body.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Assess
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'succeeded', response_offloaded: true });
    const full = await followRule({ ...job, wireBytes: 0 });
    expect(full.job_id).toBe(accepted.job_id);
    expect(full.response.result.pages).toHaveLength(1000);
  });
});
