/**
 * The response schemas docs/openapi.json (and so the SDK's types) are built
 * from describe what the server really answers: every 200 body below carries each
 * field its schema documents, with the documented type.
 */
import { describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import {
  ClassifyEnvelope,
  ExtractEnvelope,
  JobReceipt,
  JobView,
  LimitsView,
  ParseEnvelope,
  RedactEnvelope,
  SnapshotView,
  SplitEnvelope,
  UploadReceipt,
  UsageView,
} from '../../functions/contracts/schemas/responses.ts';
import { apiClient } from '../helpers/client.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

function conforms(schema: z.ZodType, body: unknown, what: string): void {
  const result = schema.safeParse(body);
  expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`), what).toEqual([]);
}

describe('response schemas match real answers', () => {
  it('for upload, every operation, jobs, snapshots, usage and limits', async () => {
    const api = apiClient(inject('baseUrl'));
    const key = inject('keys').proTest;
    const pdf = await makeTextPdf([
      ['Harbor Lights Catering', 'INVOICE', 'Invoice No: HL-5521', 'Description Qty Unit price Amount', 'Canapes 3 10.00 30.00', 'Total 30.00 EUR'],
      ['Dear Ms Quill,', 'please call me at mira.quill@example.net.'],
    ]);
    const receipt = await api.call('POST', '/v1/documents/upload', { key, json: { filename: 'probe.pdf', content_length: pdf.byteLength } });
    conforms(UploadReceipt, receipt.body, 'upload');
    const documentKey = await api.upload(key, 'probe.pdf', pdf);

    const answers = {
      parse: [ParseEnvelope, await api.call('POST', '/v1/parse?mode=advanced&include_boxes=true', { key, form: { document_key: documentKey } })],
      extract: [ExtractEnvelope, await api.call('POST', '/v1/extract', { key, form: { document_key: documentKey } })],
      classify: [ClassifyEnvelope, await api.call('POST', '/v1/classify', { key, form: { document_key: documentKey } })],
      split: [SplitEnvelope, await api.call('POST', '/v1/split', { key, form: { document_key: documentKey } })],
      redact: [RedactEnvelope, await api.call('POST', '/v1/redact', { key, form: { document_key: documentKey } })],
    } as const;
    for (const [what, [schema, response]] of Object.entries(answers)) {
      expect(response.status, what).toBe(200);
      conforms(schema, response.body, what);
    }

    const queued = await api.call('POST', '/v1/parse', { key, form: { document_key: documentKey }, headers: { 'X-Async': 'true', 'Cache-Control': 'no-cache' } });
    conforms(JobReceipt, queued.body, 'job receipt');
    let job = await api.call('GET', `/v1/jobs/${queued.body.job_id}`, { key });
    conforms(JobView, job.body, 'job while running or done');
    for (let i = 0; i < 120 && job.body.status !== 'succeeded' && job.body.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      job = await api.call('GET', `/v1/jobs/${queued.body.job_id}`, { key });
    }
    expect(job.body.status).toBe('succeeded');
    conforms(JobView, job.body, 'succeeded job');

    conforms(SnapshotView, (await api.call('GET', `/v1/requests/${answers.parse[1].body.request_id}/snapshot`, { key })).body, 'snapshot');
    conforms(LimitsView, (await api.call('GET', '/v1/limits', { key })).body, 'limits');
    conforms(UsageView, (await api.call('GET', '/v1/usage', { key: inject('keys').proLive })).body, 'usage');
  }, 120_000);
});
