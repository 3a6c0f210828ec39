/**
 * Administrative actions shared by the admin CLI, the local server's first
 * start and the tests: they work against whatever `AppDeps` point at
 * (the emulators or the deployed tables).
 *
 * @module
 */
import { CONCURRENCY_SHARE, RATE_LIMIT, SANDBOX_LIMITS, type Tier } from '../contracts/limits.ts';
import { ExtractTemplate } from '../contracts/schemas/extract.ts';
import { generateApiKey, hashApiKey } from '../domain/api-keys.ts';
import { deriveSigningSecret } from '../domain/signing-secret.ts';
import type { ApiKeyRecord, KeyKind } from '../ports/accounts.ts';
import type { AppDeps } from './deps.ts';

export interface CreatedKey {
  readonly api_key: string;
  readonly org_id: string;
  readonly tier: Tier;
  readonly key_id: string;
}

const ORG_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function assertOrgId(orgId: string): void {
  if (!ORG_ID_PATTERN.test(orgId)) {
    throw new Error(`Invalid organization id '${orgId}': use 1-64 letters, digits, '-' or '_'.`);
  }
}

/**
 * Creates the organization if needed and issues a key. An existing
 * organization keeps its tier: issuing a key with another `tier` is refused
 * unless `changeTier` says the change is meant (a typo must not move a
 * customer to another plan).
 */
export async function createKey(
  deps: AppDeps,
  orgId: string,
  tier: Tier,
  kind: KeyKind,
  options: { changeTier?: boolean } = {},
): Promise<CreatedKey> {
  assertOrgId(orgId);
  const now = deps.clock.now();
  const organization = await deps.accounts.ensureOrganization(orgId, tier, now);
  if (organization.tier !== tier) {
    if (!options.changeTier) {
      throw new Error(
        `Organization '${orgId}' is on tier '${organization.tier}'; create-key does not change it to '${tier}'. ` +
          `Pass --tier ${organization.tier}, or add --change-tier to move the organization to '${tier}'.`,
      );
    }
    await deps.accounts.setTier(orgId, tier);
  }
  const { apiKey, record } = generateApiKey(orgId, kind, now);
  await deps.accounts.putKey(record);
  return { api_key: apiKey, org_id: orgId, tier, key_id: record.keyId };
}

export async function revokeKey(deps: AppDeps, apiKey: string): Promise<boolean> {
  return deps.accounts.revokeKey(hashApiKey(apiKey.trim()), deps.clock.now());
}

const KEY_ID_PATTERN = /^key_[0-9A-Za-z_-]{1,64}$/;

/** Revokes a key by its public id (from `list-keys` or a usage row): the plaintext key is never needed. */
export async function revokeKeyById(deps: AppDeps, keyId: string): Promise<KeyView | undefined> {
  if (!KEY_ID_PATTERN.test(keyId)) throw new Error(`Invalid key id '${keyId}': key ids look like key_0123abcd….`);
  const record = await deps.accounts.getKeyById(keyId);
  if (!record) return undefined;
  await deps.accounts.revokeKey(record.keyHash, deps.clock.now());
  const revoked = await deps.accounts.getKeyById(keyId);
  return revoked ? keyView(revoked) : undefined;
}

/** What admin output shows of a key: never its hash or plaintext. */
export interface KeyView {
  readonly key_id: string;
  readonly org_id: string;
  readonly kind: KeyKind;
  readonly prefix: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

function keyView(record: ApiKeyRecord): KeyView {
  return {
    key_id: record.keyId,
    org_id: record.orgId,
    kind: record.kind,
    prefix: record.displayPrefix,
    created_at: record.createdAt,
    revoked_at: record.revokedAt ?? null,
  };
}

export async function listKeys(deps: AppDeps, orgId: string): Promise<KeyView[]> {
  assertOrgId(orgId);
  if (!(await deps.accounts.getOrganization(orgId))) throw new Error(`No organization '${orgId}'.`);
  return (await deps.accounts.listKeys(orgId)).map(keyView);
}

/** The organization's current webhook signing secret. */
export async function signingSecret(deps: AppDeps, orgId: string): Promise<string> {
  assertOrgId(orgId);
  const organization = await deps.accounts.getOrganization(orgId);
  if (!organization) throw new Error(`No organization '${orgId}'.`);
  return deriveSigningSecret(await deps.secrets.masterSecret(), orgId, organization.signingSecretGeneration ?? 0);
}

/** Longest overlap a rotation may ask for: the old secret must not live on indefinitely. */
export const MAX_SIGNING_OVERLAP_HOURS = 7 * 24;
export const DEFAULT_SIGNING_OVERLAP_HOURS = 24;

export interface RotatedSecret {
  readonly org_id: string;
  readonly signing_secret: string;
  readonly generation: number;
  /** Until then deliveries carry a second `v1=` signed with the previous secret. */
  readonly previous_secret_valid_until: string;
}

/**
 * Starts a new signing secret for the organization. During the overlap
 * window every delivery is signed with both secrets (two `v1=` values), so
 * the receiver can deploy the new secret without rejecting events.
 */
export async function rotateSigningSecret(deps: AppDeps, orgId: string, overlapHours = DEFAULT_SIGNING_OVERLAP_HOURS): Promise<RotatedSecret> {
  assertOrgId(orgId);
  if (!Number.isFinite(overlapHours) || overlapHours < 0 || overlapHours > MAX_SIGNING_OVERLAP_HOURS) {
    throw new Error(`--overlap-hours must be between 0 and ${MAX_SIGNING_OVERLAP_HOURS}.`);
  }
  const until = new Date(deps.clock.now().getTime() + overlapHours * 3_600_000);
  const generation = await deps.accounts.rotateSigningSecret(orgId, until);
  if (generation === undefined) throw new Error(`No organization '${orgId}'.`);
  return {
    org_id: orgId,
    signing_secret: deriveSigningSecret(await deps.secrets.masterSecret(), orgId, generation),
    generation,
    previous_secret_valid_until: until.toISOString(),
  };
}

/** Largest daily test-key page allowance an administrator may grant one organization. */
export const MAX_SANDBOX_PAGES_PER_DAY = 1_000_000;

/** Sets the organization's daily page allowance for hk_test_ keys (default `SANDBOX_LIMITS.testKeyPagesPerDay`). */
export async function setSandboxLimit(deps: AppDeps, orgId: string, pagesPerDay: number): Promise<void> {
  assertOrgId(orgId);
  if (!Number.isSafeInteger(pagesPerDay) || pagesPerDay < 0 || pagesPerDay > MAX_SANDBOX_PAGES_PER_DAY) {
    throw new Error(`--pages-per-day must be a whole number from 0 to ${MAX_SANDBOX_PAGES_PER_DAY} (default ${SANDBOX_LIMITS.testKeyPagesPerDay}).`);
  }
  if (!(await deps.accounts.updateSettings(orgId, { sandboxPagesPerDay: pagesPerDay }))) throw new Error(`No organization '${orgId}'.`);
}

/**
 * Sets how many synchronous inference requests the organization's test
 * and/or live keys may have in flight per operation (defaults in
 * `CONCURRENCY_SHARE`), from 1 to the operation's whole reservation.
 */
export async function setConcurrencyShare(deps: AppDeps, orgId: string, shares: { testKeys?: number; liveKeys?: number }): Promise<void> {
  assertOrgId(orgId);
  const max = CONCURRENCY_SHARE.maxPerOperation;
  for (const [flag, value] of [['--test-keys', shares.testKeys], ['--live-keys', shares.liveKeys]] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1 || value > max)) {
      throw new Error(`${flag} must be a whole number from 1 to ${max}.`);
    }
  }
  if (shares.testKeys === undefined && shares.liveKeys === undefined) throw new Error('Give --test-keys, --live-keys or both.');
  const settings = {
    ...(shares.testKeys !== undefined ? { testKeyConcurrency: shares.testKeys } : {}),
    ...(shares.liveKeys !== undefined ? { liveKeyConcurrency: shares.liveKeys } : {}),
  };
  if (!(await deps.accounts.updateSettings(orgId, settings))) throw new Error(`No organization '${orgId}'.`);
}

/** Largest per-minute ceiling an administrator may give one organization's test keys. */
export const MAX_TEST_KEY_REQUESTS_PER_MINUTE = 100_000;

/** Sets the per-minute request ceiling across the organization's hk_test_ keys (default `RATE_LIMIT`). */
export async function setTestKeyRateLimit(deps: AppDeps, orgId: string, perMinute: number): Promise<void> {
  assertOrgId(orgId);
  if (!Number.isSafeInteger(perMinute) || perMinute < 1 || perMinute > MAX_TEST_KEY_REQUESTS_PER_MINUTE) {
    throw new Error(
      `--test-keys-per-minute must be a whole number from 1 to ${MAX_TEST_KEY_REQUESTS_PER_MINUTE} (default ${RATE_LIMIT.testRequestsPerWindowPerOrganization}).`,
    );
  }
  if (!(await deps.accounts.updateSettings(orgId, { testKeyRequestsPerMinute: perMinute }))) throw new Error(`No organization '${orgId}'.`);
}

/**
 * Stores the organization's extract template (used by non_financial
 * extracts that send no schema), validated like a request's `schema`;
 * `null` removes it.
 */
export async function setExtractTemplate(deps: AppDeps, orgId: string, json: string | null): Promise<void> {
  assertOrgId(orgId);
  let stored: string | null = null;
  if (json !== null) {
    const parsed = ExtractTemplate.safeParse(json);
    if (!parsed.success) throw new Error(`Invalid template: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    stored = JSON.stringify(parsed.data);
  }
  if (!(await deps.accounts.updateSettings(orgId, { extractTemplate: stored }))) throw new Error(`No organization '${orgId}'.`);
}

/** Turns `parse_mode=advanced` for extract on or off for an organization (its tier must allow it too). */
/** Batch webhook delivery for one organization (on by default). */
export async function setWebhooks(deps: AppDeps, orgId: string, enabled: boolean): Promise<void> {
  assertOrgId(orgId);
  if (!(await deps.accounts.updateSettings(orgId, { webhooksEnabled: enabled }))) throw new Error(`No organization '${orgId}'.`);
}

/**
 * The deployment's hosted engines (Bedrock, Comprehend, Textract) for the organization's hk_test_ keys:
 * on by default (SPEC: test keys run the same models as live); off, test keys run the local engines.
 */
export async function setTestKeyHostedEngines(deps: AppDeps, orgId: string, enabled: boolean): Promise<void> {
  assertOrgId(orgId);
  if (!(await deps.accounts.updateSettings(orgId, { testKeyHostedEngines: enabled }))) throw new Error(`No organization '${orgId}'.`);
}

export async function setExtractAdvanced(deps: AppDeps, orgId: string, enabled: boolean): Promise<void> {
  assertOrgId(orgId);
  if (!(await deps.accounts.updateSettings(orgId, { extractAdvancedEnabled: enabled }))) throw new Error(`No organization '${orgId}'.`);
}
