import { isConditionFailure } from './condition-failure.ts';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Tier } from '../../contracts/limits.ts';
import { keys } from '../../contracts/tables.ts';
import type {
  AccountRepository,
  ApiKeyRecord,
  Organization,
  OrganizationSettings,
  RateDecision,
  RateLimiter,
} from '../../ports/accounts.ts';

type Item = Record<string, any>;

function keyRecordOf(item: Item): ApiKeyRecord {
  return {
    keyHash: item.key_hash,
    keyId: item.key_id,
    orgId: item.org_id,
    kind: item.kind,
    displayPrefix: item.display_prefix,
    createdAt: item.created_at,
    ...(item.revoked_at ? { revokedAt: item.revoked_at } : {}),
  };
}

function keyAttributes(record: ApiKeyRecord): Item {
  return {
    key_hash: record.keyHash,
    key_id: record.keyId,
    org_id: record.orgId,
    kind: record.kind,
    display_prefix: record.displayPrefix,
    created_at: record.createdAt,
    ...(record.revokedAt ? { revoked_at: record.revokedAt } : {}),
  };
}

/** Organizations and API keys in the accounts table. */
export class DynamoDbAccountRepository implements AccountRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async getOrganization(orgId: string): Promise<Organization | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.organization(orgId), ConsistentRead: true }));
    if (!out.Item) return undefined;
    return {
      orgId: out.Item.org_id,
      tier: out.Item.tier,
      createdAt: out.Item.created_at,
      ...(typeof out.Item.extract_template === 'string' ? { extractTemplate: out.Item.extract_template } : {}),
      ...(typeof out.Item.extract_advanced_enabled === 'boolean' ? { extractAdvancedEnabled: out.Item.extract_advanced_enabled } : {}),
      ...(typeof out.Item.webhooks_enabled === 'boolean' ? { webhooksEnabled: out.Item.webhooks_enabled } : {}),
      ...(typeof out.Item.sandbox_pages_per_day === 'number' ? { sandboxPagesPerDay: out.Item.sandbox_pages_per_day } : {}),
      ...(typeof out.Item.test_key_hosted_engines === 'boolean' ? { testKeyHostedEngines: out.Item.test_key_hosted_engines } : {}),
      ...(typeof out.Item.test_key_concurrency === 'number' ? { testKeyConcurrency: out.Item.test_key_concurrency } : {}),
      ...(typeof out.Item.live_key_concurrency === 'number' ? { liveKeyConcurrency: out.Item.live_key_concurrency } : {}),
      ...(typeof out.Item.test_key_requests_per_minute === 'number' ? { testKeyRequestsPerMinute: out.Item.test_key_requests_per_minute } : {}),
      ...(typeof out.Item.signing_secret_generation === 'number' ? { signingSecretGeneration: out.Item.signing_secret_generation } : {}),
      ...(typeof out.Item.previous_signing_secret_until === 'string'
        ? { previousSigningSecretUntil: out.Item.previous_signing_secret_until }
        : {}),
    };
  }

  async ensureOrganization(orgId: string, tier: Tier, now: Date): Promise<Organization> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.organization(orgId), org_id: orgId, tier, created_at: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return (await this.getOrganization(orgId))!;
  }

  async setTier(orgId: string, tier: Tier): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.organization(orgId),
        UpdateExpression: 'SET tier = :tier',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':tier': tier },
      }),
    );
  }

  async updateSettings(orgId: string, settings: OrganizationSettings): Promise<boolean> {
    const set: string[] = [];
    const remove: string[] = [];
    const values: Record<string, unknown> = {};
    if (settings.extractTemplate === null) remove.push('extract_template');
    else if (settings.extractTemplate !== undefined) {
      set.push('extract_template = :template');
      values[':template'] = settings.extractTemplate;
    }
    if (settings.extractAdvancedEnabled !== undefined) {
      set.push('extract_advanced_enabled = :advanced');
      values[':advanced'] = settings.extractAdvancedEnabled;
    }
    if (settings.webhooksEnabled !== undefined) {
      set.push('webhooks_enabled = :webhooks');
      values[':webhooks'] = settings.webhooksEnabled;
    }
    if (settings.sandboxPagesPerDay !== undefined) {
      set.push('sandbox_pages_per_day = :sandbox');
      values[':sandbox'] = settings.sandboxPagesPerDay;
    }
    if (settings.testKeyHostedEngines !== undefined) {
      set.push('test_key_hosted_engines = :testHosted');
      values[':testHosted'] = settings.testKeyHostedEngines;
    }
    if (settings.testKeyConcurrency !== undefined) {
      set.push('test_key_concurrency = :testShare');
      values[':testShare'] = settings.testKeyConcurrency;
    }
    if (settings.liveKeyConcurrency !== undefined) {
      set.push('live_key_concurrency = :liveShare');
      values[':liveShare'] = settings.liveKeyConcurrency;
    }
    if (settings.testKeyRequestsPerMinute !== undefined) {
      set.push('test_key_requests_per_minute = :testRate');
      values[':testRate'] = settings.testKeyRequestsPerMinute;
    }
    if (!set.length && !remove.length) return (await this.getOrganization(orgId)) !== undefined;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.organization(orgId),
          UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', remove.length ? `REMOVE ${remove.join(', ')}` : ''].filter(Boolean).join(' '),
          ConditionExpression: 'attribute_exists(pk)',
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Two items per key: `KEY#<hash>` (what authentication reads; the
   * authority on revocation) and `KEYID#<id>` (lookup by public id, for the
   * admin commands and for queued work checking its key is still active).
   */
  async putKey(record: ApiKeyRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...keys.apiKey(record.keyHash), ...keyAttributes(record) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.apiKeyById(record.keyId), ...keyAttributes(record) } }));
  }

  async getKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    // Consistent: a key revoked a moment ago must not authenticate from a stale replica.
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.apiKey(keyHash), ConsistentRead: true }));
    return out.Item ? keyRecordOf(out.Item) : undefined;
  }

  async getKeyById(keyId: string): Promise<ApiKeyRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.apiKeyById(keyId), ConsistentRead: true }));
    return out.Item ? keyRecordOf(out.Item) : undefined;
  }

  /**
   * A scan of the key items: admin-only and rare, and it also finds keys
   * issued before the by-id items existed.
   */
  async listKeys(orgId: string): Promise<ApiKeyRecord[]> {
    const found: ApiKeyRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'begins_with(pk, :prefix) AND org_id = :org',
          ExpressionAttributeValues: { ':prefix': 'KEY#', ':org': orgId },
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) found.push(keyRecordOf(item));
      start = out.LastEvaluatedKey;
    } while (start);
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.keyId.localeCompare(b.keyId));
  }

  async revokeKey(keyHash: string, now: Date): Promise<boolean> {
    let revoked: Item | undefined;
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.apiKey(keyHash),
          UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      revoked = out.Attributes;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
    // The by-id copy follows (written whole: keys issued before it existed get one now).
    const record = keyRecordOf(revoked!);
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...keys.apiKeyById(record.keyId), ...keyAttributes(record) } }));
    return true;
  }

  async rotateSigningSecret(orgId: string, overlapUntil: Date): Promise<number | undefined> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.organization(orgId),
          UpdateExpression: 'SET signing_secret_generation = if_not_exists(signing_secret_generation, :zero) + :one, previous_signing_secret_until = :until',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':until': overlapUntil.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Number(out.Attributes!.signing_secret_generation);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}

/**
 * Per-key rolling window: a window opens at the first request after the
 * previous one closed and admits `limit` requests. Two single-item
 * conditional writes, no transactions (the local emulator has none).
 */
export class DynamoDbRateLimiter implements RateLimiter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async hit(keyId: string, limit: number, windowSeconds: number, now: Date): Promise<RateDecision> {
    const nowMs = now.getTime();
    const windowMs = windowSeconds * 1000;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const out = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.rateWindow(keyId),
            UpdateExpression: 'ADD #count :one',
            ConditionExpression: 'window_start > :open_after',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':open_after': nowMs - windowMs },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const count = Number(out.Attributes!.count);
        const resetInSeconds = Math.max(1, Math.ceil((Number(out.Attributes!.window_start) + windowMs - nowMs) / 1000));
        return { allowed: count <= limit, count, resetInSeconds };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              ...keys.rateWindow(keyId),
              window_start: nowMs,
              count: 1,
              ttl: Math.ceil((nowMs + 2 * windowMs) / 1000),
            },
            ConditionExpression: 'attribute_not_exists(pk) OR window_start <= :open_after',
            ExpressionAttributeValues: { ':open_after': nowMs - windowMs },
          }),
        );
        return { allowed: true, count: 1, resetInSeconds: windowSeconds };
      } catch (error) {
        // Another request opened the window first: count against it.
        if (!isConditionFailure(error)) throw error;
      }
    }
    // Contention this heavy means the key is hammering us; refusing is safe.
    return { allowed: false, count: limit + 1, resetInSeconds: 1 };
  }
}
