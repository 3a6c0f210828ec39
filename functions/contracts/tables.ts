/**
 * DynamoDB table definitions shared by the CDK stack, the local emulator
 * bootstrap and the repositories.
 *
 * Every table has a string partition key `pk`, a string sort key `sk` and a
 * numeric TTL attribute `ttl` (epoch seconds). Items carry their organization
 * in the key itself (`ORG#<org>#...`), so a read with the wrong organization
 * misses structurally instead of relying on a filter.
 *
 * Writes are single-item conditional operations (no transactions): the local
 * emulator (dynalite) has no TransactWriteItems, and single-item idempotent
 * writes are what keeps retries safe anyway.
 *
 * @module
 */

export interface TableDefinition {
  /** Logical name; the physical name comes from configuration (env var). */
  readonly id: TableId;
  /** Environment variable holding the physical table name. */
  readonly envVar: string;
  /** Physical name used by the local server. */
  readonly localName: string;
  readonly partitionKey: 'pk';
  readonly sortKey: 'sk';
  readonly ttlAttribute: 'ttl';
  readonly description: string;
}

export type TableId = 'accounts' | 'documents' | 'requests' | 'jobs' | 'batches';

export const TABLES: Readonly<Record<TableId, TableDefinition>> = {
  accounts: {
    id: 'accounts',
    envVar: 'DOCINTEL_ACCOUNTS_TABLE',
    localName: 'docintel-accounts',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    description: 'Organizations, API keys (by SHA-256 hash), rate-limit windows and concurrency leases',
  },
  documents: {
    id: 'documents',
    envVar: 'DOCINTEL_DOCUMENTS_TABLE',
    localName: 'docintel-documents',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    description: 'Upload receipts: document_key to object, declared type, lifetime',
  },
  requests: {
    id: 'requests',
    envVar: 'DOCINTEL_REQUESTS_TABLE',
    localName: 'docintel-requests',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    description: 'Stored inference requests (30 days), result cache entries, usage ledger, daily test-key page counters',
  },
  jobs: {
    id: 'jobs',
    envVar: 'DOCINTEL_JOBS_TABLE',
    localName: 'docintel-jobs',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    description: 'Asynchronous jobs (X-Async: true): status, request, outcome',
  },
  batches: {
    id: 'batches',
    envVar: 'DOCINTEL_BATCHES_TABLE',
    localName: 'docintel-batches',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'ttl',
    description: 'Batches: the batch record, one row per item, the per-organization index, Idempotency-Key claims',
  },
};

export const TABLE_LIST: readonly TableDefinition[] = Object.values(TABLES);

/** Key builders: the only place item keys are spelled. */
export const keys = {
  organization: (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'PROFILE' }),
  apiKey: (keyHash: string) => ({ pk: `KEY#${keyHash}`, sk: 'KEY' }),
  rateWindow: (keyId: string) => ({ pk: `RATE#${keyId}`, sk: 'WINDOW' }),
  /**
   * The slots one organization's keys of one kind hold on one operation: one item whose
   * `leases` map names each request in flight and when its lease expires.
   */
  concurrencyLeases: (orgId: string, group: string, kind: string) => ({ pk: `LEASE#${orgId}#${group}#${kind}`, sk: 'LEASES' }),
  /** Lookup of a key by its public id (admin revoke/list, the revoked-key check of queued work). */
  apiKeyById: (keyId: string) => ({ pk: `KEYID#${keyId}`, sk: 'KEY' }),
  /** Requests table: pages processed by an organization's hk_test_ keys on one UTC day (`YYYY-MM-DD`). */
  sandboxDay: (orgId: string, day: string) => ({ pk: `ORG#${orgId}#SANDBOX#${day}`, sk: 'PAGES' }),
  document: (orgId: string, documentKey: string) => ({ pk: `ORG#${orgId}#DOC#${documentKey}`, sk: 'DOC' }),
  request: (orgId: string, requestId: string) => ({ pk: `ORG#${orgId}#REQ#${requestId}`, sk: 'REQ' }),
  cacheEntry: (orgId: string, digest: string) => ({ pk: `ORG#${orgId}#CACHE#${digest}`, sk: 'CACHE' }),
  /** Usage rows are partitioned per organization and UTC month; sorted by time. */
  usageMonth: (orgId: string, month: string) => `ORG#${orgId}#USAGE#${month}`,
  usageRow: (orgId: string, createdAt: string, requestId: string) => ({
    pk: `ORG#${orgId}#USAGE#${createdAt.slice(0, 7)}`,
    sk: `${createdAt}#${requestId}`,
  }),
  job: (orgId: string, jobId: string) => ({ pk: `ORG#${orgId}#JOB#${jobId}`, sk: 'JOB' }),
  /** A batch and its items share one partition: one Query reads the record and every item in order. */
  batch: (orgId: string, batchId: string) => ({ pk: `ORG#${orgId}#BATCH#${batchId}`, sk: 'BATCH' }),
  batchPartition: (orgId: string, batchId: string) => `ORG#${orgId}#BATCH#${batchId}`,
  batchItem: (orgId: string, batchId: string, docIndex: number) => ({
    pk: `ORG#${orgId}#BATCH#${batchId}`,
    sk: `ITEM#${String(docIndex).padStart(6, '0')}`,
  }),
  /** GET /v1/batch: the organization's batches by creation time. */
  batchIndexPartition: (orgId: string) => `ORG#${orgId}#BATCHES`,
  batchIndexEntry: (orgId: string, createdAt: string, batchId: string) => ({ pk: `ORG#${orgId}#BATCHES`, sk: `${createdAt}#${batchId}` }),
  idempotencyKey: (orgId: string, keyHash: string) => ({ pk: `ORG#${orgId}#IDEMPOTENCY#${keyHash}`, sk: 'IDEMPOTENCY' }),
} as const;
