/** Every API error, as the SDK throws it: the service's error body, typed. */
export class DocintelError extends Error {
  /** The service's error code (docs/api.md "Errors"), e.g. `document_not_found`. */
  readonly code: string;
  /** HTTP status. */
  readonly status: number;
  /** Quote it when asking for support. */
  readonly requestId: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(init: { code: string; status: number; message: string; requestId?: string; details?: Record<string, unknown> }) {
    super(init.message);
    this.name = 'DocintelError';
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
  }

  /** The snake_case field the REST API uses, for callers who log error bodies. */
  get request_id(): string | undefined {
    return this.requestId;
  }

  /** From an error response (any shape: API Gateway's own errors too). */
  static fromBody(status: number, body: unknown): DocintelError {
    const b = (body ?? {}) as { error?: { code?: string; message?: string; details?: Record<string, unknown> }; request_id?: string; message?: string };
    return new DocintelError({
      status,
      code: b.error?.code ?? (status >= 500 ? 'internal_error' : 'http_error'),
      message: b.error?.message ?? b.message ?? `HTTP ${status}`,
      requestId: b.request_id,
      details: b.error?.details,
    });
  }
}
