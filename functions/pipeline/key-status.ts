/**
 * Work queued by a key (async jobs, batch items) runs later, without the
 * key in hand: before it runs, the key must still be active, so revoking a
 * leaked key also stops what it queued (failed, unbilled).
 *
 * A batch runs hundreds of items in a row for one key, so a key seen
 * active is remembered for a few seconds per process (never a revoked
 * one): a revocation stops queued work within `ACTIVE_KEY_MEMO_MS`.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import type { AccountRepository } from '../ports/accounts.ts';
import type { AppDeps } from '../runtime/deps.ts';

export const ACTIVE_KEY_MEMO_MS = 5_000;

/** Per repository instance, so tests with their own fakes never share what was seen. */
const seenActive = new WeakMap<AccountRepository, Map<string, number>>();

export async function assertKeyStillActive(deps: AppDeps, keyId: string): Promise<void> {
  const nowMs = Date.now();
  let memo = seenActive.get(deps.accounts);
  if (!memo) seenActive.set(deps.accounts, (memo = new Map()));
  const until = memo.get(keyId);
  if (until !== undefined && until > nowMs) return;
  const key = await deps.accounts.getKeyById(keyId);
  if (key?.revokedAt) {
    memo.delete(keyId);
    throw new ApiError('api_key_revoked', `The API key that submitted this work (${keyId}) was revoked at ${key.revokedAt}; it was not processed or billed.`, {
      details: { key_id: keyId, revoked_at: key.revokedAt },
    });
  }
  if (memo.size > 10_000) memo.clear();
  memo.set(keyId, nowMs + ACTIVE_KEY_MEMO_MS);
}
