import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RESPONSE_LIMITS } from '../../../functions/contracts/limits.ts';
import { json } from '../../../functions/middleware/http.ts';
import { acceptsGzip, fitResponse, GZIP_LEVELS, gzipToFit, lambdaPayloadBytes, type ResponseOffloader } from '../../../functions/middleware/response-size.ts';

/** Remembers what was offloaded, as the bucket would. */
class RecordingOffloader implements ResponseOffloader {
  readonly stored: { body: Buffer; contentType: string }[] = [];
  async offload(body: Buffer, contentType: string) {
    this.stored.push({ body, contentType });
    return { url: `https://bucket.example/responses/${this.stored.length}.json?X-Amz-Expires=900`, expiresAt: '2026-11-24T12:15:00.000Z' };
  }
}

/** A parse-like envelope with `pages` pages of `linesPerPage` lines (quotes in it inflate the Lambda payload). */
function envelope(pages: number, linesPerPage = 45) {
  return {
    status: 'success',
    request_id: '7f9c0a52-1d7e-4c52-9a37-0b1c2d3e4f50',
    metadata: { pages, file_type: 'pdf' },
    result: {
      pages: Array.from({ length: pages }, (_, p) => ({
        page_number: p + 1,
        text: Array.from({ length: linesPerPage }, (_, l) => `Line ${l} of page ${p + 1}: "quoted" words, amounts 1,234.56`).join('\n'),
      })),
    },
  };
}

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('fitResponse', () => {
  it('returns a small body unchanged, even when gzip is accepted', async () => {
    // Prepare
    const offloader = new RecordingOffloader();
    const result = json(200, { status: 'success', limits: { tier: 'pro' } });
    // Act
    const fitted = await fitResponse(result, 'gzip', offloader);
    // Assess
    expect(fitted).toBe(result);
    expect(offloader.stored).toHaveLength(0);
  });

  it('gzips a large body for a client that accepts gzip, base64-encoded for API Gateway', async () => {
    // Prepare
    const offloader = new RecordingOffloader();
    const body = envelope(200);
    const result = json(200, body);
    // Act
    const fitted = await fitResponse(result, 'gzip, deflate', offloader);
    // Assess
    expect(fitted.isBase64Encoded).toBe(true);
    expect(fitted.headers).toMatchObject({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    expect(JSON.parse(gunzipSync(Buffer.from(fitted.body, 'base64')).toString('utf8'))).toEqual(body);
    expect(offloader.stored).toHaveLength(0);
  });

  it('counts the JSON escaping Lambda adds: a body under 6 MB can still be over the invoke limit', () => {
    // Prepare: a 5.2 MB body whose quotes and newlines double in the serialized result.
    const body = '"\n'.repeat(2.6 * 1024 * 1024);
    // Act
    const payload = lambdaPayloadBytes({ statusCode: 200, body });
    // Assess
    expect(Buffer.byteLength(body)).toBeLessThan(RESPONSE_LIMITS.lambdaPayloadBytes);
    expect(payload).toBeGreaterThan(RESPONSE_LIMITS.lambdaPayloadBytes);
  });

  it('offloads a body over the limit when the client accepts no compression, keeping the small fields inline', async () => {
    // Prepare
    const offloader = new RecordingOffloader();
    const body = envelope(2500);
    const result = json(200, body, { 'X-RateLimit-Limit': '1000' });
    expect(lambdaPayloadBytes(result)).toBeGreaterThan(RESPONSE_LIMITS.lambdaPayloadBytes);
    // Act
    const fitted = await fitResponse(result, undefined, offloader);
    // Assess
    expect(fitted.statusCode).toBe(200);
    expect(fitted.headers).toMatchObject({ 'X-Response-Offloaded': 'true', 'X-RateLimit-Limit': '1000' });
    const summary = JSON.parse(fitted.body);
    expect(summary).toEqual({
      status: 'success',
      request_id: body.request_id,
      metadata: body.metadata,
      response_offloaded: true,
      offloaded_fields: ['result'],
      response_url: 'https://bucket.example/responses/1.json?X-Amz-Expires=900',
      response_url_expires_at: '2026-11-24T12:15:00.000Z',
      response_bytes: Buffer.byteLength(result.body),
    });
    expect(offloader.stored).toHaveLength(1);
    expect(JSON.parse(offloader.stored[0].body.toString('utf8'))).toEqual(body);
    expect(offloader.stored[0].contentType).toMatch(/^application\/json/);
    expect(lambdaPayloadBytes(fitted)).toBeLessThan(64 * 1024);
  });

  it('offloads even a gzip body when the compressed size is still over the limit', async () => {
    // Prepare: random bytes in base64 compress to no less than 6 MiB.
    const offloader = new RecordingOffloader();
    const noise = randomBytes(6 * 1024 * 1024).toString('base64');
    const result = json(200, { status: 'success', result: { text: noise } });
    // Act
    const fitted = await fitResponse(result, 'gzip', offloader);
    // Assess
    expect(fitted.isBase64Encoded).toBeFalsy();
    expect(JSON.parse(fitted.body)).toMatchObject({ status: 'success', response_offloaded: true, offloaded_fields: ['result'] });
    expect(offloader.stored).toHaveLength(1);
  });

  it('keeps a body that fits uncompressed as it is for a client without gzip', async () => {
    const offloader = new RecordingOffloader();
    const result = json(200, envelope(100));
    const fitted = await fitResponse(result, 'identity', offloader);
    expect(fitted.body).toBe(result.body);
    expect(fitted.headers).toMatchObject({ Vary: 'Accept-Encoding' });
    expect(offloader.stored).toHaveLength(0);
  });

  it('answers 303 See Other to the stored body for a large non-JSON body (CSV)', async () => {
    // Prepare
    const offloader = new RecordingOffloader();
    const csv = 'request_id,operation,pages\n' + 'x,parse,1\n'.repeat(800_000);
    const result = { statusCode: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, body: csv };
    // Act
    const fitted = await fitResponse(result, undefined, offloader);
    // Assess
    expect(fitted.statusCode).toBe(303);
    expect(fitted.headers?.Location).toContain('https://bucket.example/responses/1.json');
    expect(offloader.stored[0]).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(offloader.stored[0].body.toString('utf8')).toBe(csv);
  });
});

describe('gzipToFit', () => {
  // A parse-like body, which the default level compresses tighter than level 1.
  const body = Buffer.from(envelope(40).result.pages.map((p) => p.text).join('|'));
  const fast = gzipSync(body, { level: GZIP_LEVELS.fast });
  const tight = gzipSync(body, { level: GZIP_LEVELS.tight });

  it('compresses at the fast level when that fits', async () => {
    // Act
    const out = await gzipToFit(body, () => true, 1);
    // Assess
    expect(out.length).toBe(fast.length);
    expect(gunzipSync(out).equals(body)).toBe(true);
  });

  it('compresses again at the default level when the fast output is over the limit, but not far over', async () => {
    // Prepare: a limit between the two sizes.
    expect(tight.length).toBeLessThan(fast.length);
    const limit = tight.length;
    // Act
    const out = await gzipToFit(body, (c) => c.length <= limit, limit);
    // Assess
    expect(out.length).toBe(tight.length);
    expect(gunzipSync(out).equals(body)).toBe(true);
  });

  it('does not compress again when the fast output is far over the limit (it is offloaded either way)', async () => {
    // Act
    const out = await gzipToFit(body, () => false, fast.length / 2);
    // Assess
    expect(out.length).toBe(fast.length);
  });
});

describe('local gateway parity with the deployed response limits', () => {
  it('drops a result over the Lambda invoke limit with 502, as Lambda and API Gateway would', async () => {
    // Prepare
    const { deliverable } = await import('../../../functions/runtime/local/local-api-gateway.ts');
    const tooLarge = json(200, envelope(2500));
    const fitting = json(200, envelope(100));
    // Act
    const dropped = deliverable(tooLarge, 'parse');
    const kept = deliverable(fitting, 'parse');
    // Assess
    expect(dropped.statusCode).toBe(502);
    expect(JSON.parse(dropped.body)).toMatchObject({ status: 'error', error: { code: 'internal_error' } });
    expect(kept).toBe(fitting);
  });

});
