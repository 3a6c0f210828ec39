/**
 * API key format and hashing. Keys are `hk_live_` or `hk_test_` followed by
 * 40 base62 characters (~238 bits). Only the SHA-256 hex digest of the whole
 * key is ever stored; the key itself is shown once, when created.
 *
 * @module
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKeyRecord, KeyKind } from '../ports/accounts.ts';

export const KEY_PREFIX: Readonly<Record<KeyKind, string>> = { live: 'hk_live_', test: 'hk_test_' };
const RANDOM_LENGTH = 40;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^hk_(live|test)_[0-9A-Za-z]{40}$/;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** The kind a well-formed key claims, or undefined for anything malformed. */
export function keyKindOf(apiKey: string): KeyKind | undefined {
  const m = KEY_PATTERN.exec(apiKey);
  return m ? (m[1] as KeyKind) : undefined;
}

export interface NewApiKey {
  readonly apiKey: string;
  readonly record: ApiKeyRecord;
}

export function generateApiKey(orgId: string, kind: KeyKind, now: Date): NewApiKey {
  const apiKey = `${KEY_PREFIX[kind]}${randomBase62(RANDOM_LENGTH)}`;
  return {
    apiKey,
    record: {
      keyHash: hashApiKey(apiKey),
      keyId: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      orgId,
      kind,
      displayPrefix: `${apiKey.slice(0, KEY_PREFIX[kind].length + 4)}…`,
      createdAt: now.toISOString(),
    },
  };
}
