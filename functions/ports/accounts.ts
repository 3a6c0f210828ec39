import type { Tier } from '../contracts/limits.ts';

export type KeyKind = 'live' | 'test';

export interface Organization {
  readonly orgId: string;
  readonly tier: Tier;
  readonly createdAt: string;
  /** The stored extract template (a JSON object as text) used when a non_financial extract sends no schema. */
  readonly extractTemplate?: string;
  /** `parse_mode=advanced` for extract; on by default where the tier allows it, turned off per organization. */
  readonly extractAdvancedEnabled?: boolean;
  /** Batch webhook delivery (SPEC: "enabled gradually per account"); on unless turned off. */
  readonly webhooksEnabled?: boolean;
  /** Pages per UTC day for the organization's hk_test_ keys; absent → `SANDBOX_LIMITS.testKeyPagesPerDay`. */
  readonly sandboxPagesPerDay?: number;
  /**
   * Whether the organization's hk_test_ keys use the deployment's hosted engines (Bedrock, Comprehend, Textract);
   * absent → yes (SPEC: test keys run the same models as live). An administrator turns them off per organization.
   */
  readonly testKeyHostedEngines?: boolean;
  /** Synchronous inference requests the organization's hk_test_ keys may have in flight per operation; absent → `CONCURRENCY_SHARE`. */
  readonly testKeyConcurrency?: number;
  /** The same for its hk_live_ keys; absent → `CONCURRENCY_SHARE`. */
  readonly liveKeyConcurrency?: number;
  /** Requests per minute across the organization's hk_test_ keys; absent → `RATE_LIMIT.testRequestsPerWindowPerOrganization`. */
  readonly testKeyRequestsPerMinute?: number;
  /** The webhook signing secret in use (0: the one derived from the organization id alone). */
  readonly signingSecretGeneration?: number;
  /** Until this time (ISO 8601) the previous generation signs deliveries too (rotation overlap). */
  readonly previousSigningSecretUntil?: string;
}

/** Organization settings the admin CLI changes. */
export interface OrganizationSettings {
  /** `null` removes the stored template. */
  readonly extractTemplate?: string | null;
  readonly extractAdvancedEnabled?: boolean;
  readonly webhooksEnabled?: boolean;
  readonly sandboxPagesPerDay?: number;
  readonly testKeyHostedEngines?: boolean;
  readonly testKeyConcurrency?: number;
  readonly liveKeyConcurrency?: number;
  readonly testKeyRequestsPerMinute?: number;
}

export interface ApiKeyRecord {
  readonly keyHash: string;
  /** Public identifier of the key, safe to log and to put in usage rows. */
  readonly keyId: string;
  readonly orgId: string;
  readonly kind: KeyKind;
  /** First characters of the key, for humans telling keys apart. */
  readonly displayPrefix: string;
  readonly createdAt: string;
  readonly revokedAt?: string;
}

export interface AccountRepository {
  getOrganization(orgId: string): Promise<Organization | undefined>;
  /** Creates the organization if it does not exist; returns the stored one. */
  ensureOrganization(orgId: string, tier: Tier, now: Date): Promise<Organization>;
  setTier(orgId: string, tier: Tier): Promise<void>;
  /** Updates settings of an existing organization; false when there is none. */
  updateSettings(orgId: string, settings: OrganizationSettings): Promise<boolean>;
  putKey(record: ApiKeyRecord): Promise<void>;
  /** Strongly consistent: a revocation is seen by the very next request. */
  getKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** By public key id (consistent read); undefined when unknown. */
  getKeyById(keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Every key of an organization, revoked ones included, oldest first (admin; never the plaintext). */
  listKeys(orgId: string): Promise<ApiKeyRecord[]>;
  /** Marks a key revoked; returns false when no such key exists. */
  revokeKey(keyHash: string, now: Date): Promise<boolean>;
  /**
   * Starts a new signing-secret generation; the previous one keeps signing
   * until `overlapUntil`. Returns the new generation, or undefined when the
   * organization does not exist.
   */
  rotateSigningSecret(orgId: string, overlapUntil: Date): Promise<number | undefined>;
}

export interface SandboxDecision {
  readonly allowed: boolean;
  /** Pages counted for the day, including this reservation when allowed. */
  readonly used: number;
}

/** The daily page allowance of an organization's hk_test_ keys (`SANDBOX_LIMITS`). */
export interface SandboxMeter {
  /** Counts `pages` against the day unless the total would pass `cap`. */
  reserve(orgId: string, day: string, pages: number, cap: number): Promise<SandboxDecision>;
  /** Gives back pages reserved for work that did not happen. */
  release(orgId: string, day: string, pages: number): Promise<void>;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly count: number;
  /** Seconds until the current window ends. */
  readonly resetInSeconds: number;
}

export interface RateLimiter {
  /** Counts one request against the key's window and says whether it may proceed. */
  hit(keyId: string, limit: number, windowSeconds: number, now: Date): Promise<RateDecision>;
}

/** Whose slots a lease counts against: one organization's keys of one kind on one operation. */
export interface LeaseHolder {
  readonly orgId: string;
  /** The operation (route group) whose reserved concurrency the slots are part of. */
  readonly group: string;
  readonly kind: KeyKind;
}

export interface LeaseDecision {
  /** Present when a slot was granted: hand it back with `release`. */
  readonly leaseId?: string;
  /** Slots the holder has in flight, this one included when granted. */
  readonly inFlight: number;
}

/**
 * In-flight slots per holder (`CONCURRENCY_SHARE`). A lease expires by
 * itself, so a process that dies before releasing frees its slot then.
 */
export interface ConcurrencyLeases {
  /** Takes a slot unless the holder already has `share` unexpired ones. */
  acquire(holder: LeaseHolder, share: number, now: Date, leaseSeconds: number): Promise<LeaseDecision>;
  /** Hands a slot back; releasing twice or after expiry is harmless. */
  release(holder: LeaseHolder, leaseId: string): Promise<void>;
}
