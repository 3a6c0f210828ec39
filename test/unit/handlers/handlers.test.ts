import { beforeEach, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../functions/domain/api-keys.ts';
import { createHandler as createFallback } from '../../../functions/handlers/fallback.ts';
import { createHandler as createLimits } from '../../../functions/handlers/limits.ts';
import { createHandler as createUpload } from '../../../functions/handlers/upload.ts';
import { getTestEvent, SAMPLE_EVENT_API_KEY, testContext } from '../../helpers/events.ts';
import { fakeDeps, seedKey, type FakeDeps } from '../../helpers/fakes.ts';

const LIVE_KEY = 'hk_live_' + 'L'.repeat(40);
const CUSTOM_KEY = 'hk_live_' + 'C'.repeat(40);

function withKey(name: string, key: string | undefined, body?: unknown) {
  const event = getTestEvent(name);
  const headers: Record<string, string> = { ...(event.headers as Record<string, string>) };
  delete headers['X-API-Key'];
  if (key) headers['X-API-Key'] = key;
  // Bodies arrive base64-encoded, as the deployed API (binary media type */*) delivers them.
  return { ...event, headers, ...(body !== undefined ? { body: Buffer.from(JSON.stringify(body)).toString('base64'), isBase64Encoded: true } : {}) };
}

describe('Handler: upload', () => {
  let deps: FakeDeps;
  beforeEach(async () => {
    deps = fakeDeps();
    await seedKey(deps, SAMPLE_EVENT_API_KEY, 'events-org', 'pro');
    await seedKey(deps, CUSTOM_KEY, 'custom-org', 'custom');
  });

  it('issues a document_key, a 900 s upload address and the limits object', async () => {
    // Prepare
    const handler = createUpload(() => deps);
    // Act
    const res = await handler(getTestEvent('upload'), testContext());
    // Assess
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.document_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.expires_in).toBe(900);
    expect(body.upload_url).toContain('type=application%2Fpdf');
    expect(body.limits.tier).toBe('pro');
    expect(body.limits.upload.max_bytes).toBe(50_000_000);
    const stored = await deps.documents.get('events-org', body.document_key);
    expect(stored?.kind).toBe('pdf');
    expect(Date.parse(stored!.expiresAt) - Date.parse(stored!.createdAt)).toBe(24 * 3600 * 1000);
  });

  it.each([
    [{ filename: 'scan.PNG' }, 'image/png'],
    [{ filename: 'report.docx' }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [{ filename: 'no-extension' }, 'application/pdf'],
    // SPEC: content_type defaults to application/pdf; an extension we do not know says nothing else.
    [{ filename: 'statement.scan' }, 'application/pdf'],
    [{ filename: 'data.bin', content_type: 'text/csv' }, 'text/csv'],
    [{ filename: 'photo.jpg', content_type: 'image/JPEG; charset=binary' }, 'image/jpeg'],
  ])('detects the content type of %o as %s', async (request, expected) => {
    const res = await createUpload(() => deps)(withKey('upload', SAMPLE_EVENT_API_KEY, request), testContext());
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).content_type).toBe(expected);
  });

  it.each([
    [{ filename: 'a.pdf', content_type: 'application/zip' }, 415, 'unsupported_media_type'],
    [{}, 400, 'invalid_request'],
    [{ filename: '' }, 400, 'invalid_request'],
    [{ filename: 'a.pdf', content_length: -1 }, 400, 'invalid_request'],
    [{ filename: 'a.pdf', content_length: 'big' }, 400, 'invalid_request'],
    [{ filename: 'a.pdf', colour: 'blue' }, 400, 'invalid_request'],
    [{ filename: 'a.pdf', content_length: 50_000_001 }, 413, 'file_too_large'],
  ])('rejects %o with %i %s', async (request, status, code) => {
    const res = await createUpload(() => deps)(withKey('upload', SAMPLE_EVENT_API_KEY, request), testContext());
    expect(res.statusCode).toBe(status);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ status: 'error', error: { code } });
    expect(typeof body.request_id).toBe('string');
    expect(deps.blobs.presignCount).toBe(0);
  });

  it.each([
    ['a.exe', 415],
    ['backup.zip', 415],
    ['clip.gif', 415],
    ['photo.jpe', 200],
    ['data.bin', 200],
    ['statement.scan', 200],
    // Being made readable by another change: the default for now, never a 415.
    ['mail.eml', 200],
    ['mail.msg', 200],
    ['page.html', 200],
    ['sheet.xls', 200],
  ])('answers an upload of %s with no content_type %i (an extension naming a type we cannot read is refused before any address)', async (filename, status) => {
    const res = await createUpload(() => deps)(withKey('upload', SAMPLE_EVENT_API_KEY, { filename }), testContext());
    expect(res.statusCode, res.body).toBe(status);
    if (status === 415) {
      expect(JSON.parse(res.body).error).toMatchObject({ code: 'unsupported_media_type', details: { extension: filename.split('.').pop() } });
      expect(deps.blobs.presignCount).toBe(0);
    }
  });

  it('accepts 512 MiB declared on the custom tier but not 512 MiB + 1', async () => {
    const ok = await createUpload(() => deps)(
      withKey('upload', CUSTOM_KEY, { filename: 'a.pdf', content_length: 512 * 1024 * 1024 }),
      testContext(),
    );
    const tooBig = await createUpload(() => deps)(
      withKey('upload', CUSTOM_KEY, { filename: 'a.pdf', content_length: 512 * 1024 * 1024 + 1 }),
      testContext(),
    );
    expect(ok.statusCode).toBe(200);
    expect(tooBig.statusCode).toBe(413);
  });

  it('signs the upload address for the Content-Type as declared (an alias, a parameter), the canonical type otherwise', async () => {
    const aliased = await createUpload(() => deps)(withKey('upload', SAMPLE_EVENT_API_KEY, { filename: 'a.xml', content_type: 'text/xml' }), testContext());
    const body = JSON.parse(aliased.body);
    expect(body.content_type).toBe('application/xml');
    expect(body.upload_headers['Content-Type']).toBe('text/xml');
    expect(body.upload_url).toContain('type=text%2Fxml');
    const byName = JSON.parse((await createUpload(() => deps)(withKey('upload', SAMPLE_EVENT_API_KEY, { filename: 'scan.png' }), testContext())).body);
    expect(byName.upload_headers['Content-Type']).toBe('image/png');
  });

  it('gives a browser upload (Origin header) the standard 50 MB ceiling even on the custom tier', async () => {
    const request = { filename: 'a.pdf', content_length: 60_000_000 };
    const api = await createUpload(() => deps)(withKey('upload', CUSTOM_KEY, request), testContext());
    const browserEvent = withKey('upload', CUSTOM_KEY, request);
    const browser = await createUpload(() => deps)({ ...browserEvent, headers: { ...browserEvent.headers, Origin: 'https://app.example.com' } }, testContext());
    expect(api.statusCode).toBe(200);
    expect(browser.statusCode).toBe(413);
    expect(JSON.parse(browser.body)).toMatchObject({ error: { code: 'file_too_large', details: { max_bytes: 50_000_000 } } });
  });

  it('rejects a body that is not JSON with 400 invalid_json', async () => {
    const event = { ...withKey('upload', SAMPLE_EVENT_API_KEY), body: '{"filename":' };
    const res = await createUpload(() => deps)(event, testContext());
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('invalid_json');
  });
});

describe('Middleware: authenticate', () => {
  let deps: FakeDeps;
  beforeEach(async () => {
    deps = fakeDeps();
    await seedKey(deps, SAMPLE_EVENT_API_KEY, 'events-org', 'pro');
    await seedKey(deps, LIVE_KEY, 'live-org', 'pro');
  });

  it.each([
    ['no key', undefined, 'missing_api_key'],
    ['a malformed key', 'not-a-key', 'invalid_api_key'],
    ['an unknown well-formed key', 'hk_live_' + 'Z'.repeat(40), 'invalid_api_key'],
  ])('answers 401 for %s', async (_label, key, code) => {
    const res = await createLimits(() => deps)(withKey('limits', key), testContext());
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe(code);
  });

  it('answers 401 for a revoked key, the same way as for an unknown one', async () => {
    await deps.accounts.revokeKey(hashApiKey(LIVE_KEY), deps.clock.now());
    const res = await createLimits(() => deps)(withKey('limits', LIVE_KEY), testContext());
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('invalid_api_key');
  });

  it('limits a live key to 1,000 requests per window with Retry-After, and opens a new window after 60 s', async () => {
    const handler = createLimits(() => deps);
    for (let i = 0; i < 1000; i++) {
      const res = await handler(withKey('limits', LIVE_KEY), testContext());
      expect(res.statusCode).toBe(200);
    }
    const limited = await handler(withKey('limits', LIVE_KEY), testContext());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers!['Retry-After'])).toBeGreaterThan(0);
    expect(JSON.parse(limited.body).error.code).toBe('rate_limited');
    deps.clock.advance(60_000);
    expect((await handler(withKey('limits', LIVE_KEY), testContext())).statusCode).toBe(200);
  });

  it("limits an organization's test keys together to 1,000 requests per window: a second test key does not add to it", async () => {
    // Prepare: a second test key of the same organization, and a test key of another one
    const second = 'hk_test_' + 'S'.repeat(40);
    const elsewhere = 'hk_test_' + 'E'.repeat(40);
    await seedKey(deps, second, 'events-org', 'pro');
    await seedKey(deps, elsewhere, 'other-org', 'pro');
    const handler = createLimits(() => deps);

    // Act: 1,000 requests spread over the organization's two test keys
    for (let i = 0; i < 1000; i++) {
      const res = await handler(withKey('limits', i % 2 ? second : SAMPLE_EVENT_API_KEY), testContext());
      expect(res.statusCode).toBe(200);
    }
    const limited = await handler(withKey('limits', second), testContext());

    // Assess
    expect(limited.statusCode).toBe(429);
    expect(limited.headers).toMatchObject({ 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0' });
    expect(JSON.parse(limited.body).error).toMatchObject({ code: 'rate_limited', details: { reason: 'rate', limit: 1000 } });
    expect(JSON.parse(limited.body).error.message).toMatch(/this organization's hk_test_ keys/);
    expect((await handler(withKey('limits', elsewhere), testContext())).statusCode).toBe(200);
    deps.clock.advance(60_000);
    expect((await handler(withKey('limits', SAMPLE_EVENT_API_KEY), testContext())).statusCode).toBe(200);
  });

  it('does not echo the API key in responses', async () => {
    const res = await createLimits(() => deps)(withKey('limits', LIVE_KEY), testContext());
    expect(JSON.stringify(res)).not.toContain(LIVE_KEY);
  });
});

describe('Handler: fallback', () => {
  it('answers 404 in the error shape for an unknown path', async () => {
    const res = await createFallback(() => fakeDeps())(getTestEvent('fallback'), testContext());
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', error: { code: 'route_not_found' } });
  });

  it('answers 405 with Allow for a known path and the wrong method', async () => {
    const event = getTestEvent('fallback', { httpMethod: 'GET', path: '/v1/parse' });
    const res = await createFallback(() => fakeDeps())(event, testContext());
    expect(res.statusCode).toBe(405);
    expect(res.headers!.Allow).toBe('POST');
  });
});
