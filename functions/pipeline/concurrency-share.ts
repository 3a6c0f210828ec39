/**
 * The concurrency share: how many synchronous inference requests one
 * organization may have in flight on one operation (`CONCURRENCY_SHARE`),
 * so a flood from one organization is refused at its share instead of
 * filling the operation's reserved concurrency and turning every other
 * organization away with 503s.
 *
 * A slot is a lease (ports/accounts.ts `ConcurrencyLeases`): taken before
 * any work, handed back when the work has stopped (success, error, or the
 * deadline's abort reaching it), and expiring by itself after
 * `leaseSeconds` when the process died before handing it back.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { CONCURRENCY_SHARE } from '../contracts/limits.ts';
import type { Principal } from '../middleware/http.ts';
import type { LeaseHolder } from '../ports/accounts.ts';
import type { AppDeps } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';

/** The organization's share for the key's kind: an operator's setting, else the default. */
export function shareOf(principal: Principal): number {
  return principal.keyKind === 'test'
    ? (principal.testKeyConcurrency ?? CONCURRENCY_SHARE.testKeysPerOperation)
    : (principal.liveKeyConcurrency ?? CONCURRENCY_SHARE.liveKeysPerOperation);
}

function refusal(principal: Principal, group: string, share: number, inFlight: number): ApiError {
  const retryAfter = CONCURRENCY_SHARE.retryAfterSeconds;
  const keys = principal.keyKind === 'test' ? 'hk_test_' : 'hk_live_';
  return new ApiError(
    'rate_limited',
    `This organization's ${keys} keys already have ${inFlight} synchronous ${group} requests in flight, its share of ${share}; ` +
      `retry after ${retryAfter} s, or send X-Async: true.`,
    {
      headers: { 'Retry-After': String(retryAfter) },
      details: { reason: 'concurrency_share', operation: group, in_flight: inFlight, max_in_flight: share, retry_after_seconds: retryAfter },
    },
  );
}

/**
 * Runs `work` in one of the organization's slots for `group`, or answers
 * 429 `rate_limited` (`details.reason: "concurrency_share"`) without running it.
 *
 * @example
 * const envelope = await withConcurrencyShare(deps, principal, 'parse', () => runInference(deps, spec, submission));
 */
export async function withConcurrencyShare<T>(deps: AppDeps, principal: Principal, group: string, work: () => Promise<T>): Promise<T> {
  const holder: LeaseHolder = { orgId: principal.orgId, group, kind: principal.keyKind };
  const share = shareOf(principal);
  const lease = await deps.concurrency.acquire(holder, share, deps.clock.now(), CONCURRENCY_SHARE.leaseSeconds);
  if (!lease.leaseId) throw refusal(principal, group, share, lease.inFlight);
  try {
    return await work();
  } finally {
    // A failed release only keeps the slot until its lease expires; the answer stands.
    await deps.concurrency.release(holder, lease.leaseId).catch((error: unknown) => {
      logger.warn('concurrency lease not released; it expires by itself', { group, error: String(error) });
    });
  }
}
