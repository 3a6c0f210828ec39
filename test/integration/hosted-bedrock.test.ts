/**
 * End to end with the hosted engines: a local server of its own (the same
 * startLocalServer as `npm start`) runs classify, split and extract on
 * Bedrock (`DOCINTEL_<OPERATION>_ENGINE=bedrock`), its Bedrock client sent
 * by the standard `AWS_ENDPOINT_URL_BEDROCK_RUNTIME` to a fake service that
 * answers Bedrock's wire format (dummy credentials, signed requests). The
 * API answers its normal shapes, bills as usual, and falls back to the
 * local engines with `metadata.engine_fallback` when the fake answers 429 or 500.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ClassifyEnvelope, ExtractEnvelope, SplitEnvelope } from '../../functions/contracts/schemas/responses.ts';
import { createKey } from '../../functions/runtime/admin.ts';
import { readConfig } from '../../functions/runtime/config.ts';
import { buildDeps } from '../../functions/runtime/deps.ts';
import { startLocalServer, type LocalServer } from '../../functions/runtime/local/local-server.ts';
import { apiClient } from '../helpers/client.ts';
import { startFakeBedrock } from '../helpers/fake-bedrock.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const MODEL_ID = 'amazon.nova-lite-v1:0';
const INVOICE = ['INVOICE', 'Invoice number: ZT-7702', 'Bill to: Marsh Gate Pottery', 'Glaze kit 2 40.00 80.00', 'Amount due 80.00'];
const LETTER = ['May 5, 2026', 'Dear Ms. Varga,', 'Thank you for visiting our studio.', 'Kind regards,', 'Ilse Brandt'];

/**
 * The fake model reads the prompt the engines send, as a model would: the
 * type from each page's text, and invoice fields with the numbers of the
 * lines they are on.
 */
function answer(tool: string, prompt: string): unknown {
  const pages = [...prompt.matchAll(/--- page (\d+) ---\n([\s\S]*?)(?=\n--- page |$)/g)].map((m) => ({ page: Number(m[1]), text: m[2] }));
  const typeOf = (text: string) => (/INVOICE/.test(text) ? 'invoice' : 'letter');
  if (tool === 'record_document_type') {
    const label = typeOf(pages.map((p) => p.text).join('\n'));
    return { label, confidence: 0.97, candidates: [{ label, confidence: 0.97 }, { label: label === 'invoice' ? 'receipt' : 'memo', confidence: 0.02 }] };
  }
  if (tool === 'record_documents') return { documents: pages.map((p) => ({ start_page: p.page, end_page: p.page, type: typeOf(p.text) })) };
  if (tool === 'record_invoice_fields') {
    const line = (pattern: RegExp) => {
      const m = new RegExp(`\\[(\\d+)\\] ${pattern.source}`).exec(prompt);
      return m ? { value: m[2], lines: [Number(m[1])], confidence: 0.96 } : null;
    };
    return { fields: { invoice_number: line(/Invoice number: (\S+)/), amount_due: line(/Amount due (\S+)/) }, line_items: [{ description: 'Glaze kit', quantity: 2, unit_price: '40.00', total: '80.00', lines: [] }] };
  }
  return {};
}

function conforms(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
}

let fake: Awaited<ReturnType<typeof startFakeBedrock>>;
let server: LocalServer;
let dataDir: string;
let key: string;
let api: ReturnType<typeof apiClient>;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeBedrock(answer);
  // This test file's own process: the engines and the Bedrock endpoint as a deployment would set them.
  Object.assign(process.env, {
    DOCINTEL_CLASSIFY_ENGINE: 'bedrock',
    DOCINTEL_SPLIT_ENGINE: 'bedrock',
    DOCINTEL_EXTRACT_ENGINE: 'bedrock',
    DOCINTEL_BEDROCK_MODEL_ID: MODEL_ID,
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.endpoint,
    AWS_ACCESS_KEY_ID: 'AKIDFAKEBEDROCK',
    AWS_SECRET_ACCESS_KEY: 'fake-secret-for-the-fake-endpoint',
    AWS_REGION: 'us-east-1',
  });
  for (const name of ['AWS_PROFILE', 'AWS_SESSION_TOKEN', 'AWS_ENDPOINT_URL']) delete process.env[name];
  dataDir = await mkdtemp(join(tmpdir(), 'docintel-bedrock-'));
  server = await startLocalServer({ dataDir, port: 0, seed: false });
  key = (await createKey(buildDeps(readConfig()), 'hostedco', 'pro', 'live')).api_key;
  api = apiClient(server.url);
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  process.env = saved;
});

async function billedPages(requestId: string): Promise<number | undefined> {
  const usage = await api.call('GET', '/v1/usage', { key });
  return usage.body.rows.find((r: { request_id: string }) => r.request_id === requestId)?.pages;
}

describe('local server with classify, split and extract on Bedrock', () => {
  it('classify: Bedrock answers through the standard endpoint variable; normal shape; billed', async () => {
    fake.setMode('answer');
    const documentKey = await api.upload(key, 'invoice.pdf', await makeTextPdf([INVOICE]));
    const before = fake.requests.length;
    const res = await api.call('POST', '/v1/classify', { key, form: { document_key: documentKey } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    conforms(ClassifyEnvelope, res.body);
    expect(res.body.result).toEqual({ label: 'invoice', confidence: 0.97, candidates: [{ label: 'invoice', confidence: 0.97 }, { label: 'receipt', confidence: 0.02 }] });
    expect(res.body.model_used).toMatch(/\+bedrock\/amazon\.nova-lite-v1:0$/);
    expect(res.body.metadata.engine_fallback).toBeUndefined();
    const seen = fake.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0].modelId).toBe(MODEL_ID);
    expect(seen[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKEBEDROCK\//);
    expect(await billedPages(res.body.request_id)).toBe(1);
  });

  it('split and extract: Bedrock answers; segments, entities grounded to the page; billed per page', async () => {
    fake.setMode('answer');
    const packet = await api.upload(key, 'packet.pdf', await makeTextPdf([INVOICE, LETTER]));
    const split = await api.call('POST', '/v1/split', { key, form: { document_key: packet } });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    conforms(SplitEnvelope, split.body);
    expect(split.body.result.segments).toEqual([
      { document_index: 0, start_page: 1, end_page: 1, type: 'invoice' },
      { document_index: 1, start_page: 2, end_page: 2, type: 'letter' },
    ]);
    expect(split.body.model_used).toMatch(/\+bedrock\/amazon\.nova-lite-v1:0$/);
    expect(await billedPages(split.body.request_id)).toBe(2);

    const invoice = await api.upload(key, 'invoice-2.pdf', await makeTextPdf([INVOICE]));
    const extract = await api.call('POST', '/v1/extract', { key, form: { document_key: invoice } });
    expect(extract.status, JSON.stringify(extract.body)).toBe(200);
    conforms(ExtractEnvelope, extract.body);
    expect(extract.body.result.entities).toEqual({ invoice_number: 'ZT-7702', amount_due: '80.00' });
    expect(extract.body.result.line_items).toEqual([{ description: 'Glaze kit', quantity: 2, unit_price: '40.00', total: '80.00' }]);
    expect(extract.body.result.citations.entities.invoice_number).toMatchObject({ page: 1, text: expect.stringContaining('ZT-7702') });
    expect(extract.body.result.citations.line_items[0]).toMatchObject({ page: 1, text: expect.stringContaining('Glaze kit') });
    expect(extract.body.model_used).toMatch(/\+bedrock\/amazon\.nova-lite-v1:0$/);
    expect(await billedPages(extract.body.request_id)).toBe(1);
  });

  it('falls back to the local engines on 429 (throttled) and 500 (unavailable), says so, and bills as usual', async () => {
    const documentKey = await api.upload(key, 'fallback.pdf', await makeTextPdf([INVOICE]));
    fake.setMode('throttle');
    const throttled = await api.call('POST', '/v1/classify?force_refresh=true', { key, form: { document_key: documentKey } });
    expect(throttled.status, JSON.stringify(throttled.body)).toBe(200);
    conforms(ClassifyEnvelope, throttled.body);
    expect(throttled.body.result.label).toBe('invoice');
    expect(throttled.body.model_used).toMatch(/\+docintel-classify@2$/);
    expect(throttled.body.metadata.engine_fallback).toEqual({ slot: 'classify', engine: 'bedrock', reason: 'throttled', used: 'local' });
    expect(await billedPages(throttled.body.request_id)).toBe(1);

    fake.setMode('fail');
    const split = await api.call('POST', '/v1/split?force_refresh=true', { key, form: { document_key: documentKey } });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body.result.segments).toEqual([{ document_index: 0, start_page: 1, end_page: 1, type: 'invoice' }]);
    expect(split.body.metadata.engine_fallback).toEqual({ slot: 'split', engine: 'bedrock', reason: 'unavailable', used: 'local' });
    const extract = await api.call('POST', '/v1/extract?force_refresh=true', { key, form: { document_key: documentKey } });
    expect(extract.status, JSON.stringify(extract.body)).toBe(200);
    conforms(ExtractEnvelope, extract.body);
    expect(extract.body.result.entities.invoice_number).toBe('ZT-7702');
    expect(extract.body.model_used).toMatch(/\+docintel-extract@1$/);
    expect(extract.body.metadata.engine_fallback).toEqual({ slot: 'extract', engine: 'bedrock', reason: 'unavailable', used: 'local' });
    expect(await billedPages(extract.body.request_id)).toBe(1);
  });
});
