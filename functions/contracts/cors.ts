/**
 * Cross-origin access (the SPEC has browser callers: "Upload size 50 MB
 * (dashboard, browser, …)"). Keys travel in the `X-API-Key` header, never
 * in cookies, so any origin may call the API: a page can only use a key it
 * already holds, and no credentials mode is offered. The middleware adds
 * the response headers; the fallback route answers preflights.
 *
 * @module
 */

/** Request headers a browser may send (the SPEC's headers). */
export const CORS_ALLOWED_HEADERS = ['X-API-Key', 'X-Async', 'Content-Type', 'Cache-Control', 'Idempotency-Key'] as const;

/** Response headers a browser script may read. */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
] as const;

/** How long a browser may reuse a preflight answer. */
export const CORS_MAX_AGE_SECONDS = 600;

/** Headers on every answer to a request that carries `Origin`. */
export function corsResponseHeaders(): Record<string, string> {
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', ') };
}

/** The answer to a preflight (`OPTIONS`) on a path served with `methods`. */
export function corsPreflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    ...corsResponseHeaders(),
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
    'Access-Control-Max-Age': String(CORS_MAX_AGE_SECONDS),
  };
}
