/**
 * The hosted AWS engines end to end, with no network and no credentials:
 * `npm start`'s server runs with `DOCINTEL_REDACT_ENGINE=comprehend` and
 * `DOCINTEL_OCR_ENGINE=textract`, the SDK pointed by the standard
 * `AWS_ENDPOINT_URL_COMPREHEND` / `AWS_ENDPOINT_URL_TEXTRACT` at a fake that
 * answers the real wire format (test/helpers/fake-aws-ml.ts). The API keeps
 * its normal shapes and billing, names the hosted engine in `model_used`,
 * and falls back to the local engines with `metadata.engine_fallback` when
 * the fake answers 429 or 500.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAwsMl, type FakeAwsMl } from '../helpers/fake-aws-ml.ts';
import { apiClient } from '../helpers/client.ts';
import { startDevServer, stopDevServer, type DevServer } from '../helpers/dev-server.ts';
import { makeTextPdf } from '../helpers/pdf.ts';
import { textImage } from '../unit/engines/ocr-fixtures.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

/** An invented record (no corpus values): one person, one email, one phone, one custom id. */
const RECORD = ['Member file', 'Name: Henrike Vossberg', 'Email: h.vossberg@example.net', 'Phone: 206-555-0193', 'Member ID: MBR-55120'];
/** The scanned page Textract "reads": drawn here, and the fake answers its drawn words and boxes. */
const SCAN = textImage(['Shipment notice 7731', 'Carrier Nordhavn Freight', 'Pallets received 12'], { width: 1000, height: 400, fontSize: 40, x: 60, y: 60 });

function startServer(dataDir: string, fake: FakeAwsMl): Promise<DevServer> {
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOCINTEL_') && !k.startsWith('AWS_'))),
    DOCINTEL_DATA_DIR: dataDir,
    PORT: '0',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    DOCINTEL_REDACT_ENGINE: 'comprehend',
    DOCINTEL_OCR_ENGINE: 'textract',
    AWS_ENDPOINT_URL_COMPREHEND: fake.url,
    AWS_ENDPOINT_URL_TEXTRACT: fake.url,
    // Dummy credentials: the fake checks that requests are signed, not by whom.
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLEFAKE',
    AWS_SECRET_ACCESS_KEY: 'fake-secret',
    AWS_REGION: 'us-east-1',
  };
  return startDevServer(env);
}

describe('Hosted AWS engines (Comprehend for redact, Textract for OCR) against a fake endpoint', () => {
  let fake: FakeAwsMl;
  let server: DevServer | undefined;
  let dataDir: string;
  let api: ReturnType<typeof apiClient>;
  let key: string;
  let recordKey: string;
  let scanKey: string;

  beforeAll(async () => {
    fake = await startFakeAwsMl({
      entities: { NAME: /Henrike Vossberg/g, EMAIL: /[\w.]+@example\.net/g, PHONE: /206-555-0193/g, URL: /https?:\/\/\S+/g },
      page: SCAN.words.reduce<{ text: string; left: number; top: number; width: number; height: number }[][]>((lines, word) => {
        const entry = { text: word.text, left: word.bbox[0], top: word.bbox[1], width: word.bbox[2] - word.bbox[0], height: word.bbox[3] - word.bbox[1] };
        const last = lines[lines.length - 1];
        if (last && Math.abs(last[0].top - entry.top) < 0.02) last.push(entry);
        else lines.push([entry]);
        return lines;
      }, []),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'docintel-hosted-'));
    server = await startServer(dataDir, fake);
    api = apiClient(server.url);
    const admin = async (...args: string[]) =>
      (await run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, DOCINTEL_DATA_DIR: dataDir } })).stdout.trim();
    key = JSON.parse(await admin('create-key', '--org', 'hostedco', '--tier', 'pro')).api_key as string;
    recordKey = await api.upload(key, 'member.pdf', await makeTextPdf([RECORD]));
    scanKey = await api.upload(key, 'shipment.png', SCAN.png, 'image/png');
  });

  afterAll(async () => {
    if (server) await stopDevServer(server.child, 'SIGTERM');
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const billedPages = async (requestId: string) => {
    const usage = await api.call('GET', '/v1/usage', { key });
    return usage.body.rows.find((r: { request_id: string }) => r.request_id === requestId)?.pages as number | undefined;
  };

  it('redacts with Comprehend: the normal shape, its entities mapped to our types, custom types found locally, billed', async () => {
    // Prepare
    fake.mode.comprehend = 'ok';
    const before = fake.calls.filter((c) => c.target === 'DetectPiiEntities').length;
    const piiConfig = JSON.stringify({ types: [{ name: 'MEMBER_ID', description: 'member ids such as "MBR-10001"' }] });
    // Act
    const res = await api.call('POST', '/v1/redact', { key, form: { document_key: recordKey, pii_config: piiConfig } });
    // Assess
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', task: 'redact', metadata: { pages: 1, mode: 'redact' } });
    expect(res.body.model_used).toContain('comprehend/DetectPiiEntities');
    expect(res.body.metadata.engine_fallback).toBeUndefined();
    expect(res.body.result.summary).toEqual({ PERSON: 1, EMAIL_ADDRESS: 1, PHONE_NUMBER: 1, MEMBER_ID: 1 });
    expect(res.body.result.updated_text_block).not.toMatch(/Vossberg|h\.vossberg|0193|55120/);
    expect(res.body.result.pages[0].image_base64.length).toBeGreaterThan(100);
    const sent = fake.calls.filter((c) => c.target === 'DetectPiiEntities').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ LanguageCode: 'en' });
    expect(String(sent[0].body.Text)).toContain('Henrike Vossberg');
    expect(await billedPages(res.body.request_id)).toBe(1);
  });

  it('falls back to the local detector when Comprehend answers 429, and says so in metadata.engine_fallback', async () => {
    // Prepare
    fake.mode.comprehend = 'throttle';
    try {
      // Act
      const res = await api.call('POST', '/v1/redact?force_refresh=true', { key, form: { document_key: recordKey } });
      // Assess
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
      expect(res.body.metadata.engine_fallback).toEqual({ slot: 'redact', engine: 'comprehend', reason: 'throttled', used: 'local' });
      expect(res.body.model_used).not.toContain('comprehend');
      expect(res.body.result.summary).toMatchObject({ PERSON: 1, EMAIL_ADDRESS: 1, PHONE_NUMBER: 1 });
      expect(await billedPages(res.body.request_id)).toBe(1);
    } finally {
      fake.mode.comprehend = 'ok';
    }
  });

  it('reads a scan with Textract: its words and boxes in the normal parse shape, named in model_used, billed', async () => {
    // Prepare
    fake.mode.textract = 'ok';
    const before = fake.calls.filter((c) => c.target === 'DetectDocumentText').length;
    // Act
    const res = await api.call('POST', '/v1/parse?include_boxes=true', { key, form: { document_key: scanKey } });
    // Assess
    expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', task: 'parse', metadata: { pages: 1 } });
    expect(res.body.model_used).toContain('textract/DetectDocumentText');
    expect(res.body.model_used).not.toContain('tesseract');
    expect(res.body.metadata.engine_fallback).toBeUndefined();
    expect(res.body.result.ocr).toContain('Carrier Nordhavn Freight');
    expect(fake.calls.filter((c) => c.target === 'DetectDocumentText').length - before).toBe(1);
    expect(await billedPages(res.body.request_id)).toBe(1);
  });

  it('falls back to the local OCR per page when Textract answers 500, and reports the pages', async () => {
    // Prepare
    fake.mode.textract = 'error';
    try {
      // Act
      const res = await api.call('POST', '/v1/parse?force_refresh=true', { key, form: { document_key: scanKey } });
      // Assess
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
      expect(res.body.metadata.engine_fallback).toEqual({ slot: 'ocr', engine: 'textract', reason: 'unavailable', used: 'local', pages: [1] });
      expect(res.body.model_used).toContain('tesseract');
      expect(res.body.model_used).not.toContain('textract');
      expect(res.body.result.ocr).toMatch(/Nordhavn/);
      expect(await billedPages(res.body.request_id)).toBe(1);
    } finally {
      fake.mode.textract = 'ok';
    }
  });

  it('reports both fallbacks when a scan is redacted while both services fail', async () => {
    // Prepare
    fake.mode.textract = 'throttle';
    fake.mode.comprehend = 'error';
    try {
      // Act
      const res = await api.call('POST', '/v1/redact?force_refresh=true', { key, form: { document_key: scanKey } });
      // Assess
      expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
      expect(res.body.metadata.engine_fallback).toEqual([
        { slot: 'ocr', engine: 'textract', reason: 'throttled', used: 'local', pages: [1] },
        { slot: 'redact', engine: 'comprehend', reason: 'unavailable', used: 'local' },
      ]);
    } finally {
      fake.mode.textract = 'ok';
      fake.mode.comprehend = 'ok';
    }
  });
});
