/**
 * X-API-Key authentication, tenancy and the rate ceilings: per key for
 * hk_live_ keys, per organization across all of its hk_test_ keys (so
 * issuing more test keys does not raise the ceiling).
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
import type { ApiKeyRecord, Organization } from '../ports/accounts.ts';
import type { DepsProvider } from '../runtime/deps.ts';
import type { ApiEvent, ApiResult, DocintelContext } from './http.ts';

type HttpRequest = Request<ApiEvent, ApiResult, Error, DocintelContext>;

/** The rate window a key counts in: its own for live keys, its organization's test-key window for test keys. */
function rateWindowOf(record: ApiKeyRecord): { id: string; limit: number; whose: string } {
  return record.kind === 'live'
    ? { id: record.keyId, limit: RATE_LIMIT.liveRequestsPerWindow, whose: 'this key' }
    : { id: `org_test_${record.orgId}`, limit: RATE_LIMIT.testRequestsPerWindowPerOrganization, whose: "this organization's hk_test_ keys" };
}

/** The organization's own test-key ceiling, when an operator set one; live keys keep the one ceiling of every tier. */
function ceilingOf(record: ApiKeyRecord, organization: Organization, window: { limit: number }): number {
  return record.kind === 'test' ? (organization.testKeyRequestsPerMinute ?? window.limit) : window.limit;
}

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
    const window = rateWindowOf(record);
    const [organization, rate] = await Promise.all([
      deps.accounts.getOrganization(record.orgId),
      deps.rateLimiter.hit(window.id, window.limit, RATE_LIMIT.windowSeconds, now),
    ]);
    if (!organization) throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.');

    state.principal = {
      orgId: organization.orgId,
      tier: organization.tier,
      keyId: record.keyId,
      keyKind: record.kind,
      ...(organization.sandboxPagesPerDay !== undefined ? { sandboxPagesPerDay: organization.sandboxPagesPerDay } : {}),
      ...(organization.testKeyHostedEngines === false ? { testKeyHostedEngines: false } : {}),
      ...(organization.testKeyConcurrency !== undefined ? { testKeyConcurrency: organization.testKeyConcurrency } : {}),
      ...(organization.liveKeyConcurrency !== undefined ? { liveKeyConcurrency: organization.liveKeyConcurrency } : {}),
      ...(organization.testKeyRequestsPerMinute !== undefined ? { testKeyRequestsPerMinute: organization.testKeyRequestsPerMinute } : {}),
    };
    // The window counts the same whatever the ceiling (it opens at the first request), so the organization's own
    // ceiling is applied to the count here rather than read before counting (one round trip fewer).
    const limit = ceilingOf(record, organization, window);
    Object.assign(state.responseHeaders, {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - rate.count)),
      'X-RateLimit-Reset': String(rate.resetInSeconds),
    });
    if (rate.count > limit) {
      throw new ApiError(
        'rate_limited',
        `Rate limit of ${limit} requests per ${RATE_LIMIT.windowSeconds} s exceeded for ${window.whose}; retry after ${rate.resetInSeconds} s.`,
        {
          headers: { 'Retry-After': String(rate.resetInSeconds) },
          details: { reason: 'rate', limit, retry_after_seconds: rate.resetInSeconds },
        },
      );
    }
  };
  return { before: authenticateBefore };
}
