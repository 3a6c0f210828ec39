import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../../functions/handlers/playground.ts';
import { generatedPlaygroundModule, inlineScriptHashes } from '../../../scripts/make-playground.ts';
import { createHash } from 'node:crypto';
import { PLAYGROUND_HTML } from '../../../playground/page.generated.ts';
import { playgroundCsp } from '../../../functions/handlers/playground.ts';
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

  /** The CSP's directives by name. */
  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it('allows scripts only by the hash of the inline script it serves (no unsafe-inline), and connections only to itself and the document store', () => {
    const csp = directives(playgroundCsp('https://docs-bucket.s3.eu-west-1.amazonaws.com'));
    const scripts = [...PLAYGROUND_HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(csp['script-src']).toEqual(scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['connect-src']).toEqual(["'self'", 'https://docs-bucket.s3.eu-west-1.amazonaws.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://docs-bucket.s3.eu-west-1.amazonaws.com']);
    expect(csp['default-src']).toEqual(["'none'"]);
    // No store origin known: the page may connect to itself only.
    expect(directives(playgroundCsp(undefined))['connect-src']).toEqual(["'self'"]);
  });

  it('serves the CSP with the store origin of its presigned links, and never a wildcard', async () => {
    const deps = fakeDeps();
    const result = await createHandler(() => deps)({ httpMethod: 'GET', path: '/', headers: {}, resource: '/', pathParameters: null, queryStringParameters: null, body: null, isBase64Encoded: false, requestContext: {} } as never, testContext('playground'));
    const csp = String(result.headers?.['Content-Security-Policy']);
    expect(csp).not.toMatch(/(^|\s)\*(\s|;|$)/);
    expect(directives(csp)['script-src']).not.toContain("'unsafe-inline'");
    // The fake store's memory:// links have no web origin: same-origin only.
    expect(directives(csp)['connect-src']).toEqual(["'self'"]);
  });

  it('refuses to generate a page the CSP would break: inline event handlers and javascript: URLs', () => {
    expect(() => generatedPlaygroundModule('<button onclick="run()">Run</button>')).toThrow(/inline event handler/);
    expect(() => generatedPlaygroundModule('<a href="javascript:run()">Run</a>')).toThrow(/javascript:/);
    expect(inlineScriptHashes('<script src="/x.js"></script><script>a()</script>')).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
  });
});
