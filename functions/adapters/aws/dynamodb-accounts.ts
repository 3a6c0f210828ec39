import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error as { name?: string })?.name === 'ConditionalCheckFailedException'
  );
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
      if (error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async putKey(record: ApiKeyRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.apiKey(record.keyHash),
          key_hash: record.keyHash,
          key_id: record.keyId,
          org_id: record.orgId,
          kind: record.kind,
          display_prefix: record.displayPrefix,
          created_at: record.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async getKeyByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.apiKey(keyHash) }));
    const item = out.Item;
    if (!item) return undefined;
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

  async revokeKey(keyHash: string, now: Date): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.apiKey(keyHash),
          UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
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
