/**
 * The item families of each table, as the partition-key patterns IAM matches
 * (`dynamodb:LeadingKeys` with `StringLike`: `*` is any run of characters).
 * The CDK grants scoped access by family, so a function that opens hostile
 * files (a parser) can be allowed to write its request rows but not API
 * keys or organizations, which live in the same tables.
 *
 * Every key builder of `keys` (tables.ts) must name its family here — the
 * `Record` type makes a new builder without one a compile error, and a unit
 * test checks that each builder's partition key matches its pattern and no
 * other family's of the same table.
 *
 * @module
 */
import type { keys, TableId } from './tables.ts';

export interface KeyFamily {
  readonly table: TableId;
  /** IAM StringLike pattern every partition key of the family matches. */
  readonly partition: string;
  readonly description: string;
}

export const KEY_FAMILIES = {
  organization: { table: 'accounts', partition: 'ORG#*', description: 'Organization profile: tier, feature switches, extract template' },
  apiKey: { table: 'accounts', partition: 'KEY#*', description: 'API key records, by SHA-256 hash' },
  apiKeyById: { table: 'accounts', partition: 'KEYID#*', description: 'API key records, by key id (revoke and list without the plaintext; workers check queued work)' },
  rateWindow: { table: 'accounts', partition: 'RATE#*', description: 'Per-key (and per-organization test-key) rolling rate-limit windows' },
  concurrencyLeases: {
    table: 'accounts',
    partition: 'LEASE#*',
    description: 'Synchronous inference requests an organization has in flight per operation and key kind (the concurrency share)',
  },
  document: { table: 'documents', partition: 'ORG#*#DOC#*', description: 'Upload receipts' },
  request: { table: 'requests', partition: 'ORG#*#REQ#*', description: 'Stored inference requests' },
  cacheEntry: { table: 'requests', partition: 'ORG#*#CACHE#*', description: 'Result cache entries' },
  sandboxDay: { table: 'requests', partition: 'ORG#*#SANDBOX#*', description: "Pages an organization's test keys used on one UTC day (the sandbox ceiling)" },
  usage: { table: 'requests', partition: 'ORG#*#USAGE#*', description: 'Usage ledger rows (billing)' },
  job: { table: 'jobs', partition: 'ORG#*#JOB#*', description: 'Asynchronous jobs' },
  batch: { table: 'batches', partition: 'ORG#*#BATCH#*', description: 'A batch record and its item rows (one partition)' },
  batchIndex: { table: 'batches', partition: 'ORG#*#BATCHES', description: "The organization's batches by creation time" },
  idempotencyKey: { table: 'batches', partition: 'ORG#*#IDEMPOTENCY#*', description: 'Idempotency-Key claims' },
} as const satisfies Readonly<Record<string, KeyFamily>>;

export type KeyFamilyId = keyof typeof KEY_FAMILIES;

/** The family each key builder of `keys` writes. */
export const KEY_BUILDER_FAMILY: Readonly<Record<keyof typeof keys, KeyFamilyId>> = {
  organization: 'organization',
  apiKey: 'apiKey',
  apiKeyById: 'apiKeyById',
  sandboxDay: 'sandboxDay',
  rateWindow: 'rateWindow',
  concurrencyLeases: 'concurrencyLeases',
  document: 'document',
  request: 'request',
  cacheEntry: 'cacheEntry',
  usageMonth: 'usage',
  usageRow: 'usage',
  job: 'job',
  batch: 'batch',
  batchPartition: 'batch',
  batchItem: 'batch',
  batchIndexPartition: 'batchIndex',
  batchIndexEntry: 'batchIndex',
  idempotencyKey: 'idempotencyKey',
};
