import { isConditionFailure } from './condition-failure.ts';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LIFETIMES } from '../../contracts/limits.ts';
import { keys } from '../../contracts/tables.ts';
import type { SandboxDecision, SandboxMeter } from '../../ports/accounts.ts';
import type {
  CacheEntry,
  RequestRepository,
  ResultCache,
  StoredRequest,
  UsageLedger,
  UsageRow,
} from '../../ports/requests.ts';

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

/**
 * Stored requests. The record outlives the 30-day retention by another 30
 * days so a late snapshot says `expired: true` instead of 404; DynamoDB TTL
 * clears it after that ("fully cleared" → 404).
 */
export class DynamoDbRequestRepository implements RequestRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(r: StoredRequest): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.request(r.orgId, r.requestId),
          request_id: r.requestId,
          org_id: r.orgId,
          endpoint: r.endpoint,
          operation: r.operation,
          status: r.status,
          filename: r.filename,
          page_count: r.pageCount,
          created_at: r.createdAt,
          expires_at: r.expiresAt,
          request_params: r.requestParams,
          response_key: r.responseKey,
          input_key: r.inputKey,
          input_content_type: r.inputContentType,
          assets: r.assets,
          cached: r.cached,
          ttl: epochSeconds(r.expiresAt) + LIFETIMES.storedRequestSeconds,
        },
      }),
    );
  }

  async get(orgId: string, requestId: string): Promise<StoredRequest | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.request(orgId, requestId) }));
    const i = out.Item;
    if (!i || i.org_id !== orgId) return undefined;
    return {
      requestId: i.request_id,
      orgId: i.org_id,
      endpoint: i.endpoint,
      operation: i.operation,
      status: i.status,
      filename: i.filename,
      pageCount: i.page_count,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
      requestParams: i.request_params ?? {},
      responseKey: i.response_key,
      inputKey: i.input_key,
      inputContentType: i.input_content_type,
      assets: i.assets ?? [],
      cached: Boolean(i.cached),
    };
  }
}

/** Result cache entries, scoped by organization in the key; expiry checked in code (TTL deletion is lazy). */
export class DynamoDbResultCache implements ResultCache {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(orgId: string, digest: string, now: Date): Promise<CacheEntry | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.cacheEntry(orgId, digest) }));
    const i = out.Item;
    if (!i || i.org_id !== orgId || Date.parse(i.expires_at) <= now.getTime()) return undefined;
    return {
      requestId: i.request_id,
      responseKey: i.response_key,
      assets: i.assets ?? [],
      pageCount: i.page_count,
      createdAt: i.created_at,
      expiresAt: i.expires_at,
    };
  }

  async put(orgId: string, digest: string, e: CacheEntry): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.cacheEntry(orgId, digest),
          org_id: orgId,
          request_id: e.requestId,
          response_key: e.responseKey,
          assets: e.assets,
          page_count: e.pageCount,
          created_at: e.createdAt,
          expires_at: e.expiresAt,
          ttl: epochSeconds(e.expiresAt),
        },
      }),
    );
  }
}

function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor < to) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

/** The billing ledger: one row per billable request, partitioned per organization and month. */
export class DynamoDbUsageLedger implements UsageLedger {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(row: UsageRow): Promise<void> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.usageRow(row.orgId, row.createdAt, row.requestId),
            org_id: row.orgId,
            key_id: row.keyId,
            request_id: row.requestId,
            operation: row.operation,
            mode: row.mode,
            pages: row.pages,
            unit_price_micro_usd: row.unitPriceMicroUsd,
            amount_micro_usd: row.amountMicroUsd,
            batch: row.batch,
            created_at: row.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      // Already recorded (a retried delivery): one row per request.
      if (!isConditionFailure(error)) {
        throw error;
      }
    }
  }

  async list(orgId: string, from: Date, to: Date): Promise<UsageRow[]> {
    const rows: UsageRow[] = [];
    for (const month of monthsBetween(from, to)) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const out = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': keys.usageMonth(orgId, month),
              ':from': from.toISOString(),
              ':to': to.toISOString(),
            },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const i of out.Items ?? []) {
          if (i.created_at >= to.toISOString()) continue;
          rows.push({
            orgId: i.org_id,
            keyId: i.key_id,
            requestId: i.request_id,
            operation: i.operation,
            mode: i.mode,
            pages: i.pages,
            unitPriceMicroUsd: i.unit_price_micro_usd,
            amountMicroUsd: i.amount_micro_usd,
            batch: Boolean(i.batch),
            createdAt: i.created_at,
          });
        }
        startKey = out.LastEvaluatedKey;
      } while (startKey);
    }
    return rows;
  }
}

/**
 * The per-day page counter of an organization's hk_test_ keys, beside the
 * usage ledger in the requests table (the inference functions write usage
 * there, never to the accounts table): one conditional ADD, so concurrent requests cannot overshoot the cap together.
 */
export class DynamoDbSandboxMeter implements SandboxMeter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async reserve(orgId: string, day: string, pages: number, cap: number): Promise<SandboxDecision> {
    if (pages <= cap) {
      try {
        const out = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.sandboxDay(orgId, day),
            UpdateExpression: 'ADD pages :pages SET #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(pages) OR pages <= :room',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            // Kept two days: the counter of a day is only read during it.
            ExpressionAttributeValues: { ':pages': pages, ':room': cap - pages, ':ttl': Math.ceil(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86400 },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { allowed: true, used: Number(out.Attributes!.pages) };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.sandboxDay(orgId, day), ConsistentRead: true }));
    return { allowed: false, used: Number(out.Item?.pages ?? 0) };
  }

  async release(orgId: string, day: string, pages: number): Promise<void> {
    if (pages <= 0) return;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.sandboxDay(orgId, day),
        UpdateExpression: 'ADD pages :minus',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':minus': -pages },
      }),
    ).catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
  }
}
