/**
 * Work queued by a key (async jobs, batch items) runs later, without the
 * key in hand: before it runs, the key must still be active, so revoking a
 * leaked key also stops what it queued (failed, unbilled).
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import type { AppDeps } from '../runtime/deps.ts';

export async function assertKeyStillActive(deps: AppDeps, keyId: string): Promise<void> {
  const key = await deps.accounts.getKeyById(keyId);
  if (key?.revokedAt) {
    throw new ApiError('api_key_revoked', `The API key that submitted this work (${keyId}) was revoked at ${key.revokedAt}; it was not processed or billed.`, {
      details: { key_id: keyId, revoked_at: key.revokedAt },
    });
  }
}
