/**
 * DynamoDbConcurrencyLeases against dynalite (in memory, in this process):
 * a burst gets exactly the share, holders do not count against each other,
 * a released slot is free again, and an expired lease (a Lambda that never
 * released) stops counting once it has expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDynamo, type LocalDynamo } from '../../helpers/dynalite.ts';
import { DynamoDbConcurrencyLeases } from '../../../functions/adapters/aws/dynamodb-leases.ts';
import { TABLES } from '../../../functions/contracts/tables.ts';
import type { LeaseHolder } from '../../../functions/ports/accounts.ts';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const holder = (orgId: string, kind: 'test' | 'live' = 'test', group = 'parse'): LeaseHolder => ({ orgId, group, kind });

describe('DynamoDbConcurrencyLeases on dynalite', () => {
  let dynamo: LocalDynamo;
  let leases: DynamoDbConcurrencyLeases;

  beforeAll(async () => {
    dynamo = await startLocalDynamo();
    leases = new DynamoDbConcurrencyLeases(dynamo.db, TABLES.accounts.localName);
  });

  afterAll(() => dynamo.stop());

  it('grants exactly the share to a burst of simultaneous requests, and a released slot to the next one', async () => {
    // Act
    const burst = await Promise.all(Array.from({ length: 7 }, () => leases.acquire(holder('org-burst'), 3, T0, 35)));

    // Assess
    const granted = burst.filter((d) => d.leaseId);
    expect(granted).toHaveLength(3);
    expect(burst.filter((d) => !d.leaseId).every((d) => d.inFlight === 3)).toBe(true);
    await leases.release(holder('org-burst'), granted[0].leaseId!);
    expect((await leases.acquire(holder('org-burst'), 3, at(1), 35)).leaseId).toBeDefined();
    expect((await leases.acquire(holder('org-burst'), 3, at(1), 35)).leaseId).toBeUndefined();
  });

  it('counts each organization, operation and key kind on its own', async () => {
    // Prepare: org-a's test keys fill their share on parse
    await leases.acquire(holder('org-a'), 1, T0, 35);
    expect((await leases.acquire(holder('org-a'), 1, T0, 35)).leaseId).toBeUndefined();

    // Act / Assess: the other organization, the other kind and the other operation still get in
    expect((await leases.acquire(holder('org-b'), 1, T0, 35)).leaseId).toBeDefined();
    expect((await leases.acquire(holder('org-a', 'live'), 1, T0, 35)).leaseId).toBeDefined();
    expect((await leases.acquire(holder('org-a', 'test', 'redact'), 1, T0, 35)).leaseId).toBeDefined();
  });

  it('frees a slot whose holder never released it once its lease has expired', async () => {
    // Prepare: two leases that are never released (a crashed Lambda)
    await leases.acquire(holder('org-crash'), 2, T0, 35);
    await leases.acquire(holder('org-crash'), 2, at(10), 35);

    // Act / Assess: full until the first lease expires, then one slot is free, and only one
    expect((await leases.acquire(holder('org-crash'), 2, at(34), 35)).leaseId).toBeUndefined();
    expect(await leases.acquire(holder('org-crash'), 2, at(36), 35)).toMatchObject({ inFlight: 2, leaseId: expect.any(String) });
    expect(await leases.acquire(holder('org-crash'), 2, at(37), 35)).toEqual({ inFlight: 2 });
  });

  it('counts a lease stating an expiry beyond twice the longest lease as expired (one not written by acquire)', async () => {
    // Prepare: a lease taken at T0 for 35 s fills a share of 1
    await leases.acquire(holder('org-planted'), 1, T0, 35);

    // Act / Assess: seen from a clock 10 s behind it is a live lease; from 40 s behind it would run 75 s, which no lease does
    expect((await leases.acquire(holder('org-planted'), 1, at(-10), 35)).leaseId).toBeUndefined();
    expect((await leases.acquire(holder('org-planted'), 1, at(-40), 35)).leaseId).toBeDefined();
  });

  it('admits exactly the share of a large burst whose requests read the clock one after another', async () => {
    // Act: each request takes its own time, as separate Lambdas do
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => leases.acquire(holder('org-large-burst', 'live'), 40, at(i / 1000), 35)));

    // Assess
    expect(burst.filter((d) => d.leaseId)).toHaveLength(40);
  });

  it('releasing twice, or a lease of a holder with none, changes nothing', async () => {
    const first = await leases.acquire(holder('org-twice'), 1, T0, 35);
    await leases.release(holder('org-twice'), first.leaseId!);
    await leases.release(holder('org-twice'), first.leaseId!);
    await leases.release(holder('org-never'), 'no-such-lease');
    expect((await leases.acquire(holder('org-twice'), 1, T0, 35)).leaseId).toBeDefined();
    expect((await leases.acquire(holder('org-never'), 1, T0, 35)).leaseId).toBeDefined();
  });
});
