import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpWebhookTransport } from '../../../functions/adapters/http/webhook-transport.ts';
import { BATCH_ENDPOINTS, WEBHOOK_EVENT_FOR, progressPollSeconds } from '../../../functions/contracts/batch.ts';
import { signatureHeader } from '../../../functions/domain/webhook-signature.ts';
import { OPERATION_SPECS } from '../../../functions/operations/index.ts';
import { batchOperation, countItems, itemRequestId, operationInput, terminalStatus } from '../../../functions/pipeline/batches.ts';

const spec = (endpoint: string) => batchOperation(endpoint);

describe('batch rules', () => {
  it('offers exactly the SPEC endpoints, each mapped to its registered operation; extract and others are 400', () => {
    for (const endpoint of BATCH_ENDPOINTS) {
      const registered = Object.values(OPERATION_SPECS).find((s) => s?.endpoint === endpoint);
      if (registered) expect(batchOperation(endpoint)).toBe(registered);
      else expect(() => batchOperation(endpoint)).toThrow(/not available/);
    }
    for (const endpoint of ['/v1/extract', '/v1/documents/upload', '/v1/parse/', 'parse']) {
      expect(() => batchOperation(endpoint)).toThrow(expect.objectContaining({ code: 'invalid_request', statusCode: 400 }));
    }
  });

  it("maps options to the synchronous call's query and form fields, JSON values as the strings a form carries", () => {
    expect(operationInput(spec('/v1/parse'), { include_boxes: true, force_refresh: 'false' }, 'advanced')).toEqual({
      query: { include_boxes: 'true', force_refresh: 'false', mode: 'advanced' },
      form: {},
    });
    expect(operationInput(spec('/v1/classify'), { options: { mode: 'fast' } }, 'advanced')).toEqual({
      query: {},
      form: { options: '{"mode":"fast"}' },
    });
    expect(operationInput(spec('/v1/redact'), { mode: 'deidentify', pii_config: '{"types":[]}' }, undefined)).toEqual({
      query: { mode: 'deidentify' },
      form: { pii_config: '{"types":[]}' },
    });
    expect(() => operationInput(spec('/v1/parse'), { mode: 'advanced' }, undefined)).toThrow(expect.objectContaining({ code: 'invalid_option' }));
    expect(() => operationInput(spec('/v1/parse'), { document_key: 'x' }, undefined)).toThrow(/Unknown option/);
  });

  it('gives each item a stable UUID-shaped request id, distinct per item and batch', () => {
    const a = itemRequestId('5b1c8a0e-0000-4000-8000-000000000001', 0);
    expect(a).toBe(itemRequestId('5b1c8a0e-0000-4000-8000-000000000001', 0));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(itemRequestId('5b1c8a0e-0000-4000-8000-000000000001', 1)).not.toBe(a);
    expect(itemRequestId('5b1c8a0e-0000-4000-8000-000000000002', 0)).not.toBe(a);
  });

  it('counts items by status', () => {
    const item = (status: 'queued' | 'processing' | 'done' | 'failed') => ({ status }) as never;
    expect(countItems([item('done'), item('done'), item('failed'), item('queued'), item('processing')])).toEqual({
      total: 5,
      queued: 1,
      processing: 1,
      done: 2,
      failed: 1,
    });
  });

  it('settles as the SPEC transition table says: all done → completed; any failed (even all) → completed_with_errors', () => {
    const counts = (done: number, failed: number) => ({ total: done + failed, queued: 0, processing: 0, done, failed });
    expect(terminalStatus(counts(3, 0))).toBe('completed');
    expect(terminalStatus(counts(2, 1))).toBe('completed_with_errors');
    // failed_items > 0 with no success is still completed_with_errors, with its event.
    expect(terminalStatus(counts(0, 1))).toBe('completed_with_errors');
    expect(terminalStatus(counts(0, 5))).toBe('completed_with_errors');
    expect(WEBHOOK_EVENT_FOR[terminalStatus(counts(0, 1))]).toBe('batch.completed_with_errors');
    expect(WEBHOOK_EVENT_FOR[terminalStatus(counts(4, 0))]).toBe('batch.completed');
  });

  it('polls soon at first, then every 30 s at most', () => {
    expect(progressPollSeconds(0)).toBe(2);
    expect(progressPollSeconds(120)).toBe(12);
    expect(progressPollSeconds(86_400)).toBe(30);
  });

  it('signs t=<unix>,v1=<hex HMAC-SHA256 over "<t>." + raw body, keyed with the secret string as issued>', () => {
    const secret = 'a'.repeat(64);
    const body = Buffer.from('{"event":"batch.completed","batch_id":"b"}');
    const header = signatureHeader(secret, body, 1_700_000_000);
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`1700000000.${body.toString()}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(signatureHeader(secret, body, 1_700_000_001)).not.toBe(header);
  });
});

describe('webhook targets (SSRF)', () => {
  const deployed = new HttpWebhookTransport();
  const local = new HttpWebhookTransport({ allowLoopback: true });

  it.each([
    'http://127.0.0.1/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://10.0.0.8/hook',
    'http://172.20.1.1/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/hook',
    'http://[fd00::1]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://0.0.0.0/hook',
  ])('refuses %s on AWS', async (url) => {
    await expect(deployed.checkTarget(url)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('allows loopback locally but still refuses other private ranges', async () => {
    await expect(local.checkTarget('http://127.0.0.1:8080/hook')).resolves.toBeUndefined();
    await expect(local.checkTarget('http://localhost:8080/hook')).resolves.toBeUndefined();
    await expect(local.checkTarget('http://10.0.0.8/hook')).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(local.checkTarget('http://169.254.169.254/')).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses credentials in the URL and non-http schemes; accepts a public address', async () => {
    await expect(deployed.checkTarget('https://user:pw@93.184.216.34/hook')).rejects.toThrow(/credentials/);
    await expect(deployed.checkTarget('file:///etc/passwd')).rejects.toThrow(/http/);
    await expect(deployed.checkTarget('https://93.184.216.34/hook')).resolves.toBeUndefined();
  });

  it('refuses at connect time a name that resolves to a private address (the check sits in the socket lookup)', async () => {
    await expect(deployed.post('http://localhost:9/hook', {}, Buffer.from('{}'), 2000)).rejects.toThrow(/not a reachable public address/);
  });
});
