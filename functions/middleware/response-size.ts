/**
 * Makes every answer fit through Lambda and API Gateway (docs/api.md
 * "Large responses").
 *
 * A synchronous Lambda result is capped at 6 MB once serialized, and API
 * Gateway's REST API at 10 MB; above that the caller gets a 502, however
 * valid the request. Fast parse has no page cap, so a long document is an
 * ordinary request whose answer can be tens of megabytes. The rule, in
 * order:
 *
 * 1. Small bodies go out as they are.
 * 2. When the client accepts gzip, the body is compressed (JSON output of
 *    parse shrinks about 10x) and returned base64-encoded; the REST API
 *    turns it back into binary for the client (binary media type `*\/*`).
 * 3. When it still does not fit, or the client accepts no compression, the
 *    full body is written to the bucket and the client gets a small JSON
 *    envelope: the top-level fields that are small, `response_offloaded:
 *    true`, and `response_url`, a short-lived presigned link to the exact
 *    JSON the endpoint would have returned. Non-JSON bodies (CSV) answer
 *    303 See Other to the same kind of link.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import { promisify } from 'node:util';
import { constants, gzip, type ZlibOptions } from 'node:zlib';
import { RESPONSE_LIMITS } from '../contracts/limits.ts';
import type { ApiResult } from './http.ts';

const gzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gzip);

/**
 * Answers are compressed at zlib level 1: on a 100-page parse (~0.8 MB of JSON) it takes ~6 ms
 * against ~29 ms at the default level 6, for a body 11–15% larger. Only a body that level 1 leaves
 * over the limit by less than {@link RECOMPRESS_MARGIN} is compressed again at the default level
 * before it is offloaded, so an answer that fits at level 6 is still returned inline.
 */
export const GZIP_LEVELS = { fast: 1, tight: constants.Z_DEFAULT_COMPRESSION } as const;
/** Level 6 makes parse output 11–15% smaller than level 1 does: past 1.5× the limit it would not fit either. */
const RECOMPRESS_MARGIN = 1.5;

/**
 * The body gzipped at the fast level, or at the default level when only that may bring it under
 * the limit `fitsCompressed` checks; the last one tried, whether it fits or not.
 */
export async function gzipToFit(body: Buffer, fitsCompressed: (compressed: Buffer) => boolean, limitBytes: number): Promise<Buffer> {
  const fast = await gzipAsync(body, { level: GZIP_LEVELS.fast });
  if (fitsCompressed(fast) || fast.length > limitBytes * RECOMPRESS_MARGIN) return fast;
  return gzipAsync(body, { level: GZIP_LEVELS.tight });
}

/** Stores a body that is too large to return and hands back a short-lived link to it. */
export interface ResponseOffloader {
  offload(body: Buffer, contentType: string): Promise<{ readonly url: string; readonly expiresAt: string }>;
}

/** Bytes the Lambda runtime sends for this result: its JSON serialization (quotes in a JSON body are escaped). */
export function lambdaPayloadBytes(result: ApiResult): number {
  return Buffer.byteLength(JSON.stringify(result), 'utf8');
}

/** Whether an Accept-Encoding header admits gzip (q=0 refuses it). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** The most a result may weigh on the way out, whichever limit is tighter. */
function fits(result: ApiResult, decodedBodyBytes: number): boolean {
  return (
    decodedBodyBytes <= RESPONSE_LIMITS.apiGatewayPayloadBytes &&
    lambdaPayloadBytes(result) <= RESPONSE_LIMITS.lambdaPayloadBytes - RESPONSE_LIMITS.headroomBytes
  );
}

function headerValue(result: ApiResult, name: string): string | undefined {
  const hit = Object.entries(result.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return hit === undefined ? undefined : String(hit[1]);
}

function withVary(headers: ApiResult['headers']): Record<string, string | number | boolean> {
  return { ...(headers ?? {}), Vary: 'Accept-Encoding' };
}

/** The envelope of an offloaded JSON response: its small top-level fields and the link to the whole. */
function offloadedEnvelope(body: string, link: { url: string; expiresAt: string }): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const summary: Record<string, unknown> = {};
  const offloaded: string[] = [];
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) {
      const size = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
      if (size <= RESPONSE_LIMITS.inlineFieldMaxBytes) summary[key] = value;
      else offloaded.push(key);
    }
  }
  return {
    ...summary,
    response_offloaded: true,
    offloaded_fields: offloaded,
    response_url: link.url,
    response_url_expires_at: link.expiresAt,
    response_bytes: Buffer.byteLength(body, 'utf8'),
  };
}

/**
 * Returns `result` unchanged, compressed, or offloaded, whichever is the
 * first that fits through Lambda and API Gateway.
 */
export async function fitResponse(
  result: ApiResult,
  acceptEncoding: string | undefined,
  offloader: ResponseOffloader,
): Promise<ApiResult> {
  if (result.isBase64Encoded || !result.body) return result;
  const bodyBytes = Buffer.byteLength(result.body, 'utf8');
  if (bodyBytes < RESPONSE_LIMITS.compressMinBytes) return result;

  if (acceptsGzip(acceptEncoding)) {
    const asResult = (compressed: Buffer): ApiResult => ({
      ...result,
      headers: { ...withVary(result.headers), 'Content-Encoding': 'gzip' },
      body: compressed.toString('base64'),
      isBase64Encoded: true,
    });
    const compressed = await gzipToFit(Buffer.from(result.body, 'utf8'), (c) => fits(asResult(c), c.length), RESPONSE_LIMITS.lambdaPayloadBytes);
    const gzipped = asResult(compressed);
    if (fits(gzipped, compressed.length)) return gzipped;
  } else if (fits(result, bodyBytes)) {
    return { ...result, headers: withVary(result.headers) };
  }

  const contentType = headerValue(result, 'content-type') ?? 'application/json; charset=utf-8';
  const link = await offloader.offload(Buffer.from(result.body, 'utf8'), contentType);
  const offloadHeaders = { 'X-Response-Offloaded': 'true', 'Cache-Control': 'no-store' };
  if (!contentType.toLowerCase().startsWith('application/json')) {
    return {
      statusCode: 303,
      headers: { ...result.headers, ...offloadHeaders, Location: link.url, 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ response_offloaded: true, response_url: link.url, response_url_expires_at: link.expiresAt }),
    };
  }
  return {
    ...result,
    headers: { ...withVary(result.headers), ...offloadHeaders },
    body: JSON.stringify(offloadedEnvelope(result.body, link)),
  };
}
