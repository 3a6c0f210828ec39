/**
 * Two differences between the local S3 emulator (s3rver) and S3 that a
 * developer would otherwise meet only when deployed, or meet as raw XML:
 *
 * - S3 refuses a presigned request that carries an `x-amz-*` header the
 *   address was not signed with ("There were headers present in the request
 *   which were not signed"); s3rver ignores such headers. Refusing them here
 *   too means an upload that works locally works deployed.
 * - A presigned PUT or GET that storage refuses answers with our JSON error
 *   shape (`{error: {code, message, details}}`) and a hint naming the usual
 *   cause, instead of S3's XML. (Deployed, S3 itself answers, in XML.)
 *
 * Requests signed in the Authorization header (the SDK's own calls) pass
 * through untouched: the SDK parses S3's XML errors.
 *
 * @module
 */

/** The slice of a Koa context this middleware uses (s3rver is a Koa app without types). */
export interface KoaLikeContext {
  readonly method: string;
  readonly query: Record<string, string | string[] | undefined>;
  readonly headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
  set(name: string, value: string): void;
}

type Next = () => Promise<unknown>;

/** Headers every HTTP client may send that SigV4 never requires to be signed. */
const ALWAYS_UNSIGNED = new Set(['x-amz-content-sha256', 'x-amz-user-agent']);

const HINTS: Record<string, string> = {
  SignatureDoesNotMatch:
    'Send exactly the headers in the upload answer\'s upload_headers (Content-Type and, unless you asked for encryption_header: false, ' +
    'x-amz-server-side-encryption: AES256), and no other x-amz-* header.',
  AccessDenied: 'The address was not signed with every x-amz-* header sent: send only the headers in upload_headers.',
  HeadersNotSigned: 'The address was not signed with every x-amz-* header sent: send only the headers in upload_headers.',
  AccessDeniedExpired: 'The address has expired: ask for a new one.',
};

function presigned(ctx: KoaLikeContext): string | undefined {
  const signed = ctx.query['X-Amz-SignedHeaders'];
  return typeof signed === 'string' && typeof ctx.query['X-Amz-Signature'] === 'string' ? signed : undefined;
}

/** `x-amz-*` headers on the request that the presigned address does not sign. */
export function unsignedAmzHeaders(headers: KoaLikeContext['headers'], signedHeaders: string): string[] {
  const signed = new Set(signedHeaders.toLowerCase().split(';'));
  return Object.keys(headers)
    .map((name) => name.toLowerCase())
    .filter((name) => name.startsWith('x-amz-') && !signed.has(name) && !ALWAYS_UNSIGNED.has(name));
}

function jsonError(ctx: KoaLikeContext, status: number, code: string, message: string, details: Record<string, unknown>): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify({ error: { code, message, details } });
}

/** Koa middleware, to run first in s3rver's chain. */
export function s3PresignedFidelity() {
  return async (ctx: KoaLikeContext, next: Next): Promise<void> => {
    const signedHeaders = presigned(ctx);
    if (signedHeaders === undefined) {
      await next();
      return;
    }
    const unsigned = unsignedAmzHeaders(ctx.headers, signedHeaders);
    if (unsigned.length) {
      const message = 'There were headers present in the request which were not signed';
      jsonError(ctx, 403, 'storage_access_denied', message, { storage_code: 'AccessDenied', headers_not_signed: unsigned, hint: HINTS.HeadersNotSigned });
      return;
    }
    try {
      await next();
    } catch (error) {
      const { status, code, message } = error as { status?: number; code?: string; message?: string };
      if (typeof code !== 'string') throw error;
      const hintKey = code === 'AccessDenied' && /expired/i.test(message ?? '') ? 'AccessDeniedExpired' : code;
      const details: Record<string, unknown> = { storage_code: code, ...(HINTS[hintKey] ? { hint: HINTS[hintKey] } : {}) };
      jsonError(ctx, status ?? 400, `storage_${code.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}`, message ?? code, details);
    }
  };
}
