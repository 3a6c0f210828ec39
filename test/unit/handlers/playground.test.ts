import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../../functions/handlers/playground.ts';
import { generatedPlaygroundModule } from '../../../scripts/make-playground.ts';
import { fakeDeps } from '../../helpers/fakes.ts';
import { testContext } from '../../helpers/events.ts';

describe('Playground page', () => {
  it('is generated from playground/index.html (regenerate with npm run playground)', () => {
    const html = readFileSync(new URL('../../../playground/index.html', import.meta.url), 'utf8');
    expect(readFileSync(new URL('../../../playground/page.generated.ts', import.meta.url), 'utf8')).toBe(generatedPlaygroundModule(html));
  });

  it('is served without a key, as HTML with a restrictive CSP, and calls only public API routes', async () => {
    const deps = fakeDeps();
    const result = await createHandler(() => deps)({ httpMethod: 'GET', path: '/', headers: {}, resource: '/', pathParameters: null, queryStringParameters: null, body: null, isBase64Encoded: false, requestContext: {} } as never, testContext('playground'));
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['Content-Type']).toBe('text/html; charset=utf-8');
    expect(String(result.headers?.['Content-Security-Policy'])).toContain("frame-ancestors 'none'");
    const paths = [...result.body.matchAll(/\/v1\/[a-z/{}$`.]+/g)].map((m) => m[0]);
    for (const path of paths) expect(path).toMatch(/^\/v1\/(documents\/upload|\$\{operation\}|parse|extract|classify|split|redact)/);
    // The key lives in the tab's sessionStorage, never in localStorage or a cookie.
    expect(result.body).toContain('sessionStorage');
    expect(result.body).not.toContain('localStorage');
    expect(result.body).not.toContain('document.cookie');
  });
});
