/**
 * Administrative actions shared by the admin CLI, the local server's first
 * start and the tests: they work against whatever `AppDeps` point at
 * (the emulators or the deployed tables).
 *
 * @module
 */
import type { Tier } from '../contracts/limits.ts';
import { ExtractTemplate } from '../contracts/schemas/extract.ts';
import { generateApiKey, hashApiKey } from '../domain/api-keys.ts';
import { deriveSigningSecret } from '../domain/signing-secret.ts';
import type { KeyKind } from '../ports/accounts.ts';
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

/** Creates the organization if needed (setting its tier) and issues a key. */
export async function createKey(deps: AppDeps, orgId: string, tier: Tier, kind: KeyKind): Promise<CreatedKey> {
  assertOrgId(orgId);
  const now = deps.clock.now();
  const organization = await deps.accounts.ensureOrganization(orgId, tier, now);
  if (organization.tier !== tier) await deps.accounts.setTier(orgId, tier);
  const { apiKey, record } = generateApiKey(orgId, kind, now);
  await deps.accounts.putKey(record);
  return { api_key: apiKey, org_id: orgId, tier, key_id: record.keyId };
}

export async function revokeKey(deps: AppDeps, apiKey: string): Promise<boolean> {
  return deps.accounts.revokeKey(hashApiKey(apiKey.trim()), deps.clock.now());
}

export async function signingSecret(deps: AppDeps, orgId: string): Promise<string> {
  assertOrgId(orgId);
  if (!(await deps.accounts.getOrganization(orgId))) throw new Error(`No organization '${orgId}'.`);
  return deriveSigningSecret(await deps.secrets.masterSecret(), orgId);
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

export async function setExtractAdvanced(deps: AppDeps, orgId: string, enabled: boolean): Promise<void> {
  assertOrgId(orgId);
  if (!(await deps.accounts.updateSettings(orgId, { extractAdvancedEnabled: enabled }))) throw new Error(`No organization '${orgId}'.`);
}
