/**
 * GET / : the Playground, one static page that calls the public API from
 * the browser (the API key stays in the tab's sessionStorage). Served by
 * the API itself so the page and the API share an origin (no CORS).
 */
import { endpoint } from '../middleware/endpoint.ts';
import type { DepsProvider } from '../runtime/deps.ts';
import { PLAYGROUND_HTML } from '../../playground/page.generated.ts';

const SECURITY_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Inline script and style only; the API and presigned storage links may be on other origins.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src * data: blob:; connect-src *; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

export const createHandler = (getDeps?: DepsProvider) =>
  endpoint({ getDeps, authenticated: false }, async () => ({ statusCode: 200, headers: SECURITY_HEADERS, body: PLAYGROUND_HTML }));

export const handler = createHandler();
