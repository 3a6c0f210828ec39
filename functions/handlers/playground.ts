/**
 * GET / : the Playground, one static page that calls the public API from
 * the browser (the API key stays in the tab's sessionStorage). Served by
 * the API itself so the page and the API share an origin (no CORS).
 *
 * Content-Security-Policy: scripts only by the hashes of the page's own
 * inline script (no `'unsafe-inline'`, so injected markup cannot run
 * script); connections only to this origin and the document store the
 * presigned upload, page-image and large-response links point at — a
 * script that did run could not send the API key anywhere else.
 */
import { logger } from '../runtime/logger.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { PLAYGROUND_HTML, PLAYGROUND_SCRIPT_HASHES } from '../../playground/page.generated.ts';

/** The Content-Security-Policy of the page, given the document store's origin (none: same-origin only). */
export function playgroundCsp(storageOrigin: string | undefined): string {
  const storage = storageOrigin ? ` ${storageOrigin}` : '';
  return [
    "default-src 'none'",
    `script-src ${PLAYGROUND_SCRIPT_HASHES.join(' ')}`,
    // Inline style attributes and the page's <style>: styles cannot exfiltrate the key or run code.
    "style-src 'unsafe-inline'",
    `img-src 'self' data: blob:${storage}`,
    `connect-src 'self'${storage}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

let storageOrigin: Promise<string | undefined> | undefined;

/**
 * Where presigned links point (the bucket's endpoint, or the local S3
 * emulator): the origin of a link signed for a key nobody reads. Signing is
 * local (no request, no S3 permission needed); computed once per instance.
 */
function storageOriginOf(blobs: BlobStore): Promise<string | undefined> {
  storageOrigin ??= blobs
    .presignGet('playground/origin-probe', 60)
    .then((url) => {
      const { protocol, origin } = new URL(url);
      return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
    })
    .catch((error: unknown) => {
      // Fail closed: the page still loads; uploads from it are refused by the browser.
      logger.warn('playground: no document store origin for the CSP', { error: error as Error });
      storageOrigin = undefined;
      return undefined;
    });
  return storageOrigin;
}

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps, authenticated: false }, async ({ deps }) => ({
    statusCode: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': playgroundCsp(await storageOriginOf(deps.blobs)),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-cache',
    },
    body: PLAYGROUND_HTML,
  }));

export const handler = createHandler();
