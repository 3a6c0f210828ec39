/**
 * The route table: the single source of truth for the HTTP surface.
 *
 * The CDK stack builds API Gateway resources and one Lambda function per
 * route from it, the local server dispatches requests with it, and the
 * fallback handler answers 404/405 from it. Adding an operation means adding
 * a row here and a handler module `functions/handlers/<handler>.ts`.
 *
 * @module
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  /** Stable identifier; also the handler module name under functions/handlers. */
  readonly handler: string;
  readonly method: HttpMethod;
  /** API Gateway style path; path parameters as `{name}`. */
  readonly path: string;
  /** Whether the route needs the document engines (bigger memory, longer timeout, native assets). */
  readonly heavy?: boolean;
  /** One line for docs and the OpenAPI document. */
  readonly summary: string;
}

export const ROUTES: readonly RouteDefinition[] = [
  { handler: 'playground', method: 'GET', path: '/', summary: 'The Playground (an HTML page): try every operation in a browser with your API key' },
  { handler: 'upload', method: 'POST', path: '/v1/documents/upload', summary: 'Obtain a document_key and a presigned upload address' },
  { handler: 'parse', method: 'POST', path: '/v1/parse', heavy: true, summary: 'Text, words and layout from a document' },
  { handler: 'extract', method: 'POST', path: '/v1/extract', heavy: true, summary: 'Invoice and receipt entities with line items, or a schema filled from any document' },
  { handler: 'classify', method: 'POST', path: '/v1/classify', heavy: true, summary: 'Document type with calibrated confidence, reading only the pages it needs' },
  { handler: 'split', method: 'POST', path: '/v1/split', heavy: true, summary: 'A multi-document file cut into typed page ranges' },
  { handler: 'redact', method: 'POST', path: '/v1/redact', heavy: true, summary: 'PII masked on page images, or replaced with synthetic values' },
  { handler: 'limits', method: 'GET', path: '/v1/limits', summary: "The organization's effective per-operation ceilings" },
  { handler: 'get-job', method: 'GET', path: '/v1/jobs/{job_id}', summary: 'An asynchronous job and, when done, its verdict' },
  {
    handler: 'get-snapshot',
    method: 'GET',
    path: '/v1/requests/{request_id}/snapshot',
    summary: 'A stored request with freshly signed links (30 days)',
  },
  { handler: 'usage', method: 'GET', path: '/v1/usage', summary: 'Billable usage rows and totals, as JSON or CSV' },
  { handler: 'batch-submit', method: 'POST', path: '/v1/batch', summary: 'Run many uploaded documents through one operation at half price, with a signed webhook at the end' },
  { handler: 'batch-list', method: 'GET', path: '/v1/batch', summary: "The organization's recent batches, newest first" },
  { handler: 'batch-get', method: 'GET', path: '/v1/batch/{batch_id}', summary: 'A batch with its counts and items; finished items carry a short-lived result_url' },
  { handler: 'batch-cancel', method: 'DELETE', path: '/v1/batch/{batch_id}', summary: 'Cancel a queued or running batch: queued items stop, items in flight finish' },
] as const;

/** Handlers that are not HTTP routes: the async job worker (SQS). */
export const JOB_WORKER_HANDLER = 'job-worker';

/** The batch lane: the item worker (SQS), its dead-letter consumer, and the state machine's two tasks. */
export const BATCH_WORKER_HANDLER = 'batch-worker';
export const BATCH_DEAD_LETTER_HANDLER = 'batch-dead-letter';
export const BATCH_PROGRESS_HANDLER = 'batch-progress';
export const BATCH_WEBHOOK_HANDLER = 'batch-webhook';

/**
 * Not an HTTP route either: invoked directly (RequestResponse) by the
 * inference functions and the job worker with one page segment of a long
 * document; returns that segment's pages (see functions/ports/page-segments.ts).
 */
export const PAGE_RANGE_WORKER_HANDLER = 'page-range-worker';

/**
 * The document-engine handlers: the heavy routes and the three workers. Their
 * functions share one code asset (functions/handlers/engines.ts picks the
 * handler from DOCINTEL_HANDLER), so the engine packages ship once.
 */
export const ENGINE_HANDLERS = ['parse', 'extract', 'classify', 'split', 'redact', JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, BATCH_WORKER_HANDLER] as const;
export type EngineHandlerName = (typeof ENGINE_HANDLERS)[number];

export function isEngineHandler(name: string): name is EngineHandlerName {
  return (ENGINE_HANDLERS as readonly string[]).includes(name);
}

/** The handler that answers unknown paths (404) and wrong methods (405). */
export const FALLBACK_HANDLER = 'fallback';

/**
 * Media types API Gateway treats as binary. `*\/*` matches every request and
 * response: request bodies (multipart forms, JSON) reach Lambda
 * base64-encoded and handlers decode them (middleware/form-fields.ts), and a
 * gzip-compressed response the Lambda returns base64-encoded goes to the
 * client as binary with its `Content-Encoding: gzip` (middleware/response-size.ts).
 * A narrower list would pass compressed responses through as base64 text
 * whenever the client's Accept header names no listed type.
 */
export const BINARY_MEDIA_TYPES: readonly string[] = ['*/*'];

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly pathParameters: Record<string, string>;
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}/?$`), names };
}

const compiled = ROUTES.map((route) => ({ route, ...compile(route.path) }));

export type RouteLookup =
  | { kind: 'match'; match: RouteMatch }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

/** Resolves a method and path against the route table. */
export function lookupRoute(method: string, path: string, routes = compiled): RouteLookup {
  const samePath = routes.filter((r) => r.regex.test(path));
  if (samePath.length === 0) return { kind: 'not-found' };
  const hit = samePath.find((r) => r.route.method === method.toUpperCase());
  if (!hit) return { kind: 'method-not-allowed', allowed: samePath.map((r) => r.route.method) };
  const values = hit.regex.exec(path)!.slice(1);
  const pathParameters = Object.fromEntries(hit.names.map((n, i) => [n, decodeURIComponent(values[i])]));
  return { kind: 'match', match: { route: hit.route, pathParameters } };
}

/** Methods registered for an exact API Gateway resource path. */
export function methodsForResource(path: string): HttpMethod[] {
  return ROUTES.filter((r) => r.path === path).map((r) => r.method);
}
