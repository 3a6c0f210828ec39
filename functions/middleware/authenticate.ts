/**
 * X-API-Key authentication, tenancy and the live-key rate ceiling.
 *
 * Unknown, malformed and revoked keys get the same 401 so the answer does
 * not tell an attacker which keys exist. Only the SHA-256 of the key is
 * looked up; the key itself never leaves this function.
 *
 * @module
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { ApiError } from '../contracts/errors.ts';
import { RATE_LIMIT } from '../contracts/limits.ts';
import { hashApiKey, keyKindOf } from '../domain/api-keys.ts';
import type { DepsProvider } from '../runtime/deps.ts';
import type { ApiEvent, ApiResult, DocintelContext } from './http.ts';

type HttpRequest = Request<ApiEvent, ApiResult, Error, DocintelContext>;

export function authenticate(getDeps: DepsProvider): MiddlewareObj<ApiEvent, ApiResult, Error, DocintelContext> {
  const authenticateBefore = async (request: HttpRequest): Promise<void> => {
    const state = request.context.docintel;
    const apiKey = state.headers['x-api-key']?.trim();
    if (!apiKey) {
      throw new ApiError('missing_api_key', 'Send your API key in the X-API-Key header.');
    }
    const kind = keyKindOf(apiKey);
    if (!kind) throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.');

    const deps = getDeps();
    const record = await deps.accounts.getKeyByHash(hashApiKey(apiKey));
    if (!record || record.revokedAt || record.kind !== kind) {
      throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.');
    }

    const now = deps.clock.now();
    const [organization, rate] = await Promise.all([
      deps.accounts.getOrganization(record.orgId),
      record.kind === 'live'
        ? deps.rateLimiter.hit(record.keyId, RATE_LIMIT.liveRequestsPerWindow, RATE_LIMIT.windowSeconds, now)
        : Promise.resolve(undefined),
    ]);
    if (!organization) throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.');

    state.principal = {
      orgId: organization.orgId,
      tier: organization.tier,
      keyId: record.keyId,
      keyKind: record.kind,
      ...(organization.sandboxPagesPerDay !== undefined ? { sandboxPagesPerDay: organization.sandboxPagesPerDay } : {}),
      ...(organization.testKeyHostedEngines === false ? { testKeyHostedEngines: false } : {}),
    };
    if (rate) {
      const remaining = Math.max(0, RATE_LIMIT.liveRequestsPerWindow - rate.count);
      Object.assign(state.responseHeaders, {
        'X-RateLimit-Limit': String(RATE_LIMIT.liveRequestsPerWindow),
        'X-RateLimit-Remaining': String(remaining),
        'X-RateLimit-Reset': String(rate.resetInSeconds),
      });
      if (!rate.allowed) {
        throw new ApiError(
          'rate_limited',
          `Rate limit of ${RATE_LIMIT.liveRequestsPerWindow} requests per ${RATE_LIMIT.windowSeconds} s exceeded for this key; retry after ${rate.resetInSeconds} s.`,
          { headers: { 'Retry-After': String(rate.resetInSeconds) }, details: { retry_after_seconds: rate.resetInSeconds } },
        );
      }
    }
  };
  return { before: authenticateBefore };
}
