/**
 * The error model: every error code, its HTTP status, and the error class
 * that carries it. The mapping from code to status lives here and nowhere
 * else; `middleware/http-errors.ts` renders it.
 *
 * Body shape (every route, every error):
 *   {"status":"error","error":{"code":"…","message":"…","details":{…}?},"request_id":"…"}
 *
 * @module
 */

export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_option: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  plan_required: 403,
  /** The key that submitted a job or batch was revoked before the work ran. */
  api_key_revoked: 403,
  feature_not_enabled: 403,
  not_found: 404,
  route_not_found: 404,
  document_not_found: 404,
  method_not_allowed: 405,
  document_not_uploaded: 409,
  /** The uploaded object was replaced between the size check and the read. */
  document_changed: 409,
  batch_finished: 409,
  idempotency_key_reused: 422,
  document_expired: 410,
  file_too_large: 413,
  page_limit_exceeded: 413,
  unsupported_media_type: 415,
  unsupported_file_type: 415,
  document_encrypted: 422,
  document_corrupt: 422,
  document_empty: 422,
  /** The stored file is smaller than the `content_length` declared at upload. */
  upload_size_mismatch: 422,
  rate_limited: 429,
  /** The organization's daily page allowance for hk_test_ keys is used up. */
  sandbox_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
  processing_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  status: 'error';
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
  request_id: string;
}

/**
 * Base class of every error the API reports on purpose. Anything else that
 * escapes a handler is a defect and is rendered as a generic 500.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** 4xx and 503 messages (ours, with advice) are safe to show; other 5xx messages are replaced by a generic one. */
  readonly expose: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
    this.expose = this.statusCode < 500 || code === 'service_unavailable' || code === 'processing_timeout';
  }
}

/**
 * Bad input found while reading a document (Docling's DocumentLoadError):
 * the engines throw it without knowing about HTTP; its code maps to a 4xx.
 */
export class DocumentLoadError extends ApiError {
  constructor(
    code: 'document_encrypted' | 'document_corrupt' | 'document_empty' | 'unsupported_file_type' | 'page_limit_exceeded' | 'file_too_large',
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.name = 'DocumentLoadError';
  }
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    status: 'error',
    error: {
      code: error.code,
      message: error.expose ? error.message : 'An internal error occurred; the request was not billed.',
      ...(error.details && error.expose ? { details: error.details } : {}),
    },
    request_id: requestId,
  };
}
