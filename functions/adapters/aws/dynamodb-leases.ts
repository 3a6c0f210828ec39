/**
 * Concurrency leases in the accounts table: one item per holder
 * (organization, operation, key kind) whose `leases` map names every
 * request in flight and the time (epoch ms) its lease expires.
 *
 * Why one item with a map rather than one item per lease: a single
 * conditional UpdateItem (`size(leases) < share`) admits exactly the first
 * `share` requests of a burst, atomically. With one item per lease, a
 * request would write its lease and then count the others, and a burst
 * could only be refused whole (each sees the others) or admitted past the
 * share (a write landing late with an early time). Expired leases (a Lambda
 * that died or was frozen before releasing) are removed when they are in
 * the way: a refused request reads the item and drops the expired entries,
 * each under a condition that it still holds the expiry it read.
 *
 * Single-item operations only, like the rest of the tables (dynalite has no
 * transactions).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../contracts/tables.ts';
import type { ConcurrencyLeases, LeaseDecision, LeaseHolder } from '../../ports/accounts.ts';
import { isConditionFailure } from './condition-failure.ts';

/** Attempts before a contended acquire gives up (and refuses: the holder is at or near its share anyway). */
const ATTEMPTS = 4;
/**
 * A lease stating an expiry further ahead than this many lease lifetimes was not written by `acquire` (planted,
 * or written by a clock far off): it counts as expired. Twice, not once: requests compute expiries from their own
 * clocks, and a lease taken a moment later states a later expiry than the reader's own would be.
 */
const PLANTED_AFTER_LIFETIMES = 2;
/** The item outlives its last lease by this much, then DynamoDB's TTL removes it. */
const ITEM_TTL_MARGIN_SECONDS = 3600;

export class DynamoDbConcurrencyLeases implements ConcurrencyLeases {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async acquire(holder: LeaseHolder, share: number, now: Date, leaseSeconds: number): Promise<LeaseDecision> {
    if (share <= 0) return { inFlight: 0 };
    const key = keys.concurrencyLeases(holder.orgId, holder.group, holder.kind);
    const leaseId = randomUUID();
    const expiresAt = now.getTime() + leaseSeconds * 1000;
    const ttl = Math.ceil(expiresAt / 1000) + ITEM_TTL_MARGIN_SECONDS;
    let inFlight = share;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const taken = await this.takeSlot(key, leaseId, expiresAt, ttl, share);
      if (taken !== undefined) return { leaseId, inFlight: taken };
      const leases = await this.read(key);
      if (!leases) {
        if (await this.createWith(key, leaseId, expiresAt, ttl)) return { leaseId, inFlight: 1 };
        continue;
      }
      const latest = now.getTime() + PLANTED_AFTER_LIFETIMES * leaseSeconds * 1000;
      const expired = Object.entries(leases).filter(([, until]) => !(until > now.getTime() && until <= latest));
      inFlight = Object.keys(leases).length - expired.length;
      if (inFlight >= share) return { inFlight };
      await this.prune(key, expired);
    }
    return { inFlight };
  }

  async release(holder: LeaseHolder, leaseId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.concurrencyLeases(holder.orgId, holder.group, holder.kind),
          UpdateExpression: 'REMOVE leases.#id',
          // Never create an item just to remove from it.
          ConditionExpression: 'attribute_exists(leases)',
          ExpressionAttributeNames: { '#id': leaseId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Adds the lease when fewer than `share` are listed; the count after adding, or undefined when full (or no map yet). */
  private async takeSlot(key: Record<string, string>, leaseId: string, expiresAt: number, ttl: number, share: number): Promise<number | undefined> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'SET leases.#id = :until, #ttl = :ttl',
          ConditionExpression: 'size(leases) < :share',
          ExpressionAttributeNames: { '#id': leaseId, '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':until': expiresAt, ':ttl': ttl, ':share': share },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Object.keys((out.Attributes?.leases ?? {}) as object).length;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  /** The holder's first lease (or first since the item expired): the map is created with it. */
  private async createWith(key: Record<string, string>, leaseId: string, expiresAt: number, ttl: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'SET leases = :mine, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(leases)',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':mine': { [leaseId]: expiresAt }, ':ttl': ttl },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  private async read(key: Record<string, string>): Promise<Record<string, number> | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    const leases = out.Item?.leases as Record<string, unknown> | undefined;
    if (!leases) return undefined;
    return Object.fromEntries(Object.entries(leases).map(([id, until]) => [id, Number(until)]));
  }

  /** Drops expired leases, each only if it still holds the expiry read (a lease is never renewed, but the check costs nothing). */
  private async prune(key: Record<string, string>, expired: readonly [string, number][]): Promise<void> {
    if (!expired.length) return;
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    expired.forEach(([id, until], i) => {
      names[`#e${i}`] = id;
      values[`:e${i}`] = until;
    });
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: `REMOVE ${expired.map((_, i) => `leases.#e${i}`).join(', ')}`,
          ConditionExpression: expired.map((_, i) => `leases.#e${i} = :e${i}`).join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      // Another request pruned (or released) first: the next attempt reads again.
      if (!isConditionFailure(error)) throw error;
    }
  }
}
