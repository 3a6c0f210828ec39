import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../functions/domain/webhook-signature.ts';
import { DocintelError, verifyWebhook, WebhookVerificationError } from '../../../sdk/index.ts';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;

describe('SDK: verifyWebhook', () => {
  const secret = 'c0ffee'.repeat(10) + 'abcd';
  const body = JSON.stringify({ event: 'batch.completed', batch_id: 'b1', status: 'completed', total_items: 2, done_items: 2, failed_items: 0 });
  const now = 1_800_000_000_000;
  const t = now / 1000;

  it("accepts what the service signs, and returns the event", () => {
    const header = signatureHeader(secret, Buffer.from(body), t);
    expect(verifyWebhook(body, header, secret, { now })).toMatchObject({ event: 'batch.completed', batch_id: 'b1', done_items: 2 });
    expect(verifyWebhook(Buffer.from(body), header, secret, { now: now + 299_000 }).batch_id).toBe('b1');
  });

  it.each([
    ['a tampered body', (h: string) => [body.replace('"done_items":2', '"done_items":3'), h, secret, now]],
    ['another secret', (h: string) => [body, h, 'f'.repeat(64), now]],
    ['a re-serialized body', (h: string) => [JSON.stringify(JSON.parse(body), null, 1), h, secret, now]],
  ] as const)('refuses %s (signature_mismatch)', (_name, args) => {
    const [b, h, s, n] = args(signatureHeader(secret, Buffer.from(body), t));
    expect(() => verifyWebhook(b as string, h as string, s as string, { now: n as number })).toThrow(expect.objectContaining({ reason: 'signature_mismatch' }));
  });

  it('refuses a timestamp outside the tolerance (replay), a missing or malformed header', () => {
    const header = signatureHeader(secret, Buffer.from(body), t);
    expect(() => verifyWebhook(body, header, secret, { now: now + 301_000 })).toThrow(expect.objectContaining({ reason: 'timestamp_out_of_tolerance' }));
    expect(() => verifyWebhook(body, header, secret, { now: now - 301_000 })).toThrow(WebhookVerificationError);
    expect(verifyWebhook(body, header, secret, { now: now + 3_000_000, toleranceSeconds: 3600 }).batch_id).toBe('b1');
    expect(() => verifyWebhook(body, undefined, secret)).toThrow(expect.objectContaining({ reason: 'missing_signature' }));
    expect(() => verifyWebhook(body, 'v1=abc', secret)).toThrow(expect.objectContaining({ reason: 'malformed_signature' }));
    expect(() => verifyWebhook(body, `t=${t}`, secret, { now })).toThrow(expect.objectContaining({ reason: 'malformed_signature' }));
  });

  it('accepts any of several v1 values (secret rotation)', () => {
    const good = signatureHeader(secret, Buffer.from(body), t);
    const header = `t=${t},v1=${'0'.repeat(64)},${good.split(',')[1]}`;
    expect(verifyWebhook(body, header, secret, { now }).event).toBe('batch.completed');
  });
});

describe('SDK: errors and generated types', () => {
  it('turns the error body into DocintelError with code, status and request_id', () => {
    const error = DocintelError.fromBody(404, { status: 'error', error: { code: 'not_found', message: 'No batch x.' }, request_id: 'r-1' });
    expect(error).toMatchObject({ code: 'not_found', status: 404, requestId: 'r-1', request_id: 'r-1', message: 'No batch x.' });
    expect(DocintelError.fromBody(502, { message: 'Internal server error' })).toMatchObject({ code: 'internal_error', status: 502 });
  });

  it('has types generated from the committed docs/openapi.json (regenerate with npm run openapi)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sdk-types-'));
    try {
      const out = join(dir, 'openapi-types.ts');
      await run(join(ROOT, 'node_modules', '.bin', 'openapi-typescript'), [join(ROOT, 'docs', 'openapi.json'), '--default-non-nullable', 'false', '-o', out], { cwd: ROOT });
      expect(await readFile(join(ROOT, 'sdk', 'openapi-types.ts'), 'utf8')).toBe(await readFile(out, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
