/**
 * The outermost middleware of every route: gives the request its id and
 * lower-cased headers, renders every error in the one error body shape, and
 * writes one structured access-log line (no keys, no bodies).
 *
 * @module
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { randomUUID } from 'node:crypto';
import { corsResponseHeaders } from '../contracts/cors.ts';
import { ApiError, errorBody } from '../contracts/errors.ts';
import { logger } from '../runtime/logger.ts';
import { json, lowerCaseHeaders, type ApiEvent, type ApiResult, type DocintelContext } from './http.ts';

type HttpRequest = Request<ApiEvent, ApiResult, Error, DocintelContext>;

/** middy aborts a handler shortly before the Lambda (or local gateway) deadline with this error. */
const isDeadline = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/**
 * The answer to a synchronous call that ran out of time (503 with the hint
 * to go asynchronous), also the reason its work is aborted with.
 */
export function deadlineExceeded(cause?: unknown): ApiError {
  return new ApiError('service_unavailable', 'The request did not finish within the 29-second limit of synchronous calls; retry with X-Async: true.', {
    details: { hint: 'X-Async: true' },
    cause,
  });
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isDeadline(error)) return deadlineExceeded(error);
  return new ApiError('internal_error', 'Internal error', { cause: error });
}

function accessLog(request: HttpRequest, statusCode: number, error?: unknown): void {
  const state = request.context.docintel;
  const fields = {
    request_id: state?.requestId,
    method: request.event?.httpMethod,
    path: request.event?.path,
    status: statusCode,
    duration_ms: state ? Date.now() - state.startedAt : undefined,
    org_id: state?.principal?.orgId,
    key_id: state?.principal?.keyId,
  };
  if (statusCode >= 500) {
    logger.error('request failed', { ...fields, error: error instanceof Error ? error : String(error) });
  } else {
    logger.info('request', fields);
  }
}

/** A browser's request (it carries `Origin`) gets the CORS headers, errors included, so its script can read them. */
const cors = (headers: Record<string, string>) => (headers.origin ? corsResponseHeaders() : {});

export function httpErrors(): MiddlewareObj<ApiEvent, ApiResult, Error, DocintelContext> {
  const httpErrorsBefore = (request: HttpRequest): void => {
    const headers = lowerCaseHeaders(request.event.headers);
    // lambda-multipart-parser (and busboy) read `content-type` only: normalise once here.
    request.event.headers = headers;
    request.context.docintel = {
      requestId: randomUUID(),
      startedAt: Date.now(),
      headers,
      responseHeaders: {},
    };
  };

  const httpErrorsAfter = (request: HttpRequest): void => {
    const state = request.context.docintel;
    const response = request.response!;
    response.headers = { ...(response.headers ?? {}), ...state.responseHeaders, ...cors(state.headers), 'X-Request-Id': state.requestId };
    accessLog(request, response.statusCode);
  };

  const httpErrorsOnError = (request: HttpRequest): void => {
    const error = toApiError(request.error);
    const state = request.context.docintel;
    const requestId = state?.requestId ?? randomUUID();
    request.response = json(error.statusCode, errorBody(error, requestId), {
      ...(state?.responseHeaders ?? {}),
      ...(error.headers ?? {}),
      ...cors(state?.headers ?? lowerCaseHeaders(request.event?.headers)),
      'X-Request-Id': requestId,
    });
    accessLog(request, error.statusCode, request.error);
  };

  return { before: httpErrorsBefore, after: httpErrorsAfter, onError: httpErrorsOnError };
}
