/**
 * A local stand-in for API Gateway: node:http in front of the very same
 * Lambda handlers, dispatched by the shared route table. Like the deployed
 * path it caps request payloads at 10 MB, answers 502 for a Lambda result
 * over Lambda's 6 MB invoke limit or a body over API Gateway's 10 MB, and
 * hands unmatched paths and methods to the fallback handler.
 *
 * @module
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiError, errorBody } from '../../contracts/errors.ts';
import { RESPONSE_LIMITS } from '../../contracts/limits.ts';
import { FALLBACK_HANDLER, lookupRoute } from '../../contracts/routes.ts';
import { lambdaPayloadBytes } from '../../middleware/response-size.ts';
import { logger } from '../logger.ts';
import { lambdaContext, toApiGatewayEvent } from './api-gateway-event.ts';

type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout. */
const INTEGRATION_TIMEOUT_MS = 29_000;

const handlerCache = new Map<string, Promise<unknown>>();

/** Imports `functions/handlers/<name>.ts` once and returns its exported `handler`, as Lambda would. */
export function loadHandler<H = LambdaHandler>(name: string): Promise<H> {
  let loaded = handlerCache.get(name);
  if (!loaded) {
    loaded = import(`../../handlers/${name}.ts`).then((m: { handler: unknown }) => m.handler);
    handlerCache.set(name, loaded);
  }
  return loaded as Promise<H>;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * What the deployed path does with a result: Lambda refuses an invoke
 * result over 6 MB and API Gateway a body over 10 MB; either way the client
 * sees API Gateway's 502 (our Default5xx gateway response shape).
 */
export function deliverable(result: APIGatewayProxyResult, handlerName: string): APIGatewayProxyResult {
  const payload = lambdaPayloadBytes(result);
  const bodyBytes = result.isBase64Encoded ? Buffer.byteLength(result.body, 'base64') : Buffer.byteLength(result.body ?? '', 'utf8');
  if (payload <= RESPONSE_LIMITS.lambdaPayloadBytes && bodyBytes <= RESPONSE_LIMITS.apiGatewayPayloadBytes) return result;
  logger.error('response dropped: over the deployed payload limits', { handler: handlerName, lambdaPayloadBytes: payload, bodyBytes });
  return {
    statusCode: 502,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(errorBody(new ApiError('internal_error', 'Internal server error'), crypto.randomUUID())),
  };
}

/** `head`: the GET answer's status and headers without its body (HTTP HEAD). */
function send(res: ServerResponse, result: APIGatewayProxyResult, head = false): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  for (const [k, v] of Object.entries(result.multiValueHeaders ?? {})) headers[k] = v.map(String);
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
  res.writeHead(result.statusCode, { ...headers, 'Content-Length': String(body.length) });
  res.end(head ? undefined : body);
}

function gatewayError(res: ServerResponse, error: ApiError): void {
  send(res, {
    statusCode: error.statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(errorBody(error, crypto.randomUUID())),
  });
}

/** Synchronous inference requests being answered; the local batch lane waits while there are any. */
export interface RequestActivity {
  inFlight: number;
}

export function createLocalApiGateway(activity: RequestActivity = { inFlight: 0 }): Server {
  return createServer(async (req, res) => {
    let counted = false;
    try {
      const body = await readBody(req);
      if (body === undefined) {
        gatewayError(res, new ApiError('file_too_large', 'Request bodies are limited to 10 MB; upload files through /v1/documents/upload.'));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      // HEAD is GET without the body (health checks and `curl -I` probe with it).
      const head = req.method === 'HEAD';
      const method = head ? 'GET' : (req.method ?? 'GET');
      const found = lookupRoute(method, url.pathname);
      const handlerName = found.kind === 'match' ? found.match.route.handler : FALLBACK_HANDLER;
      if (found.kind === 'match' && found.match.route.heavy) {
        activity.inFlight++;
        counted = true;
      }
      const event = toApiGatewayEvent(
        {
          method,
          url: req.url ?? '/',
          rawHeaders: req.rawHeaders,
          body,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        },
        found.kind === 'match'
          ? { resource: found.match.route.path, pathParameters: found.match.pathParameters }
          : { resource: '/{proxy+}', pathParameters: { proxy: url.pathname.replace(/^\//, '') } },
      );
      const handler = await loadHandler(handlerName);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ApiError('service_unavailable', 'The request took longer than 29 s; retry with X-Async: true.')),
          INTEGRATION_TIMEOUT_MS,
        );
      });
      try {
        const result = await Promise.race([handler(event, lambdaContext(`docintel-${handlerName}`, INTEGRATION_TIMEOUT_MS)), timeout]);
        send(res, deliverable(result, handlerName), head);
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      if (!res.headersSent) {
        gatewayError(res, error instanceof ApiError ? error : new ApiError('internal_error', 'Internal error', { cause: error }));
      }
    } finally {
      if (counted) activity.inFlight--;
    }
  });
}
