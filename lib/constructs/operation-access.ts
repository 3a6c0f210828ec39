/**
 * Least-privilege access per handler: the one place that says which tables,
 * bucket prefixes and secrets each Lambda function may touch.
 * `OperationFunction` turns an entry into `grant*` calls; nothing else in
 * the CDK app grants data access.
 *
 * Adding a handler means adding a row; a route without a row fails synth.
 * Giving a handler the master secret is `masterSecret: true` on its row.
 *
 * @module
 */
import {
  BATCH_DEAD_LETTER_HANDLER,
  BATCH_PROGRESS_HANDLER,
  BATCH_WEBHOOK_HANDLER,
  BATCH_WORKER_HANDLER,
  FALLBACK_HANDLER,
  JOB_WORKER_HANDLER,
  PAGE_RANGE_WORKER_HANDLER,
} from '../../functions/contracts/routes.ts';
import type { KeyFamilyId } from '../../functions/contracts/key-families.ts';
import type { STORAGE } from '../../functions/contracts/storage.ts';
import type { TableId } from '../../functions/contracts/tables.ts';

/** A key of `STORAGE.prefixes` (`uploads`, `stored`, `responses`). */
export type StoragePrefixId = keyof typeof STORAGE.prefixes;

/**
 * Access to named item families only (KEY_FAMILIES in contracts/key-families.ts),
 * enforced by IAM on the partition key (`dynamodb:LeadingKeys`). No Scan:
 * a scan names no partition, so it could not be scoped.
 */
export interface ScopedTableAccess {
  /** GetItem, BatchGetItem, Query on these families. */
  readonly read?: readonly KeyFamilyId[];
  /** PutItem, UpdateItem on these families (no DeleteItem, no BatchWriteItem). */
  readonly write?: readonly KeyFamilyId[];
  /**
   * PutItem only, and no read: appending rows (the usage ledger). IAM cannot
   * require the `attribute_not_exists` condition the code sends; what it can
   * hold is no UpdateItem, DeleteItem or BatchWriteItem (which carries no
   * condition), and no read of the family, so a row to overwrite cannot be
   * found (its sort key is a timestamp and a random request id).
   */
  readonly append?: readonly KeyFamilyId[];
}

/** `read`: Get/Query/Scan; `write`: Put/Update/Delete; `readWrite`: both (whole table); or scoped to item families. */
export type TableAccess = 'read' | 'write' | 'readWrite' | ScopedTableAccess;

export interface OperationAccess {
  /**
   * DynamoDB access per table.
   * @default - no table access
   */
  readonly tables?: Readonly<Partial<Record<TableId, TableAccess>>>;
  /**
   * Prefixes whose objects the function reads (GetObject, HeadObject) or
   * presigns GETs for. Includes ListBucket, so a missing key is a 404 rather
   * than a 403.
   * @default - no object reads
   */
  readonly bucketRead?: readonly StoragePrefixId[];
  /**
   * Prefixes the function writes objects to or presigns PUTs for.
   * @default - no object writes
   */
  readonly bucketPut?: readonly StoragePrefixId[];
  /**
   * Whether the function reads the master secret (webhook signing).
   * @default false
   */
  readonly masterSecret?: boolean;
  /**
   * `send`: the function enqueues async jobs (SendMessage on the job queue,
   * `DOCINTEL_JOB_QUEUE_URL` in its environment). Consuming is granted by the
   * job worker's event source, not here.
   * @default - no queue access
   */
  readonly jobQueue?: 'send';
  /**
   * Whether the function fans page segments out to the page-range worker
   * (InvokeFunction on that one function, `DOCINTEL_PAGE_RANGE_FUNCTION` in
   * its environment).
   * @default false
   */
  readonly invokePageRangeWorker?: boolean;
  /**
   * `send`: the function queues batch items (SendMessage on the batch queue,
   * `DOCINTEL_BATCH_QUEUE_URL`). Consuming is granted by the event source.
   * @default - no batch queue access
   */
  readonly batchQueue?: 'send';
  /**
   * Whether the function starts batch workflows (states:StartExecution on
   * the batch state machine, `DOCINTEL_BATCH_STATE_MACHINE_ARN`).
   * @default false
   */
  readonly startBatchWorkflow?: boolean;
}

/**
 * The accounts table for every authenticated route: read the API key (by
 * hash) and its organization, count the request in the key's rate window.
 * No Lambda function writes organizations or keys: only the operator's
 * admin CLI does, with its own credentials.
 */
const AUTHENTICATED_ACCOUNTS = { read: ['apiKey', 'organization'], write: ['rateWindow'] } as const satisfies ScopedTableAccess;

/**
 * The data of functions that open hostile files (inference routes, the job
 * and batch workers): their own request, cache and upload rows; the usage
 * ledger append-only; nothing of another family (keys, organizations,
 * other tables' rows) beyond what the row grants.
 */
const PARSER_DATA = {
  documents: { read: ['document'], write: ['document'] },
  // sandboxDay: the test-key page counter (a conditional ADD, read back when the ceiling is hit).
  requests: { read: ['request', 'cacheEntry', 'sandboxDay'], write: ['request', 'cacheEntry', 'sandboxDay'], append: ['usage'] },
} as const satisfies Readonly<Record<string, ScopedTableAccess>>;

/**
 * What every inference route (parse, extract, classify, split, redact)
 * needs: it reads the upload; stores response, input copy and page images
 * under stored/ and presigns GETs for them; the requests table holds stored
 * requests, result cache and usage ledger; the documents row remembers the
 * content hash (UpdateItem); X-Async writes the job row and enqueues it; OCR
 * segments fan out to the page-range worker. Answers too large for Lambda
 * go under responses/ behind a presigned GET (middleware/response-size.ts).
 * Every table scoped to item families: these functions open hostile files.
 */
const INFERENCE_ACCESS: OperationAccess = {
  // concurrencyLeases: the organization's in-flight slots on the operation (read when the share is full, to prune expired leases).
  tables: {
    accounts: {
      read: [...AUTHENTICATED_ACCOUNTS.read, 'concurrencyLeases'],
      write: [...AUTHENTICATED_ACCOUNTS.write, 'concurrencyLeases'],
    },
    ...PARSER_DATA,
    jobs: { write: ['job'] },
  },
  bucketRead: ['uploads', 'stored', 'responses'],
  bucketPut: ['stored', 'responses'],
  jobQueue: 'send',
  invokePageRangeWorker: true,
};

/**
 * Every authenticated handler reads the API key and organization and
 * counts the request in its rate window (`AUTHENTICATED_ACCOUNTS`).
 */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = {
  // Issues document_key (documents row) and presigns a PUT into uploads/.
  upload: { tables: { accounts: AUTHENTICATED_ACCOUNTS, documents: 'write' }, bucketPut: ['uploads'] },
  parse: INFERENCE_ACCESS,
  // extract also reads the organization's stored template (the organization family).
  extract: INFERENCE_ACCESS,
  classify: INFERENCE_ACCESS,
  split: INFERENCE_ACCESS,
  // Stores masked page images under stored/ and signs them, as parse does page images.
  redact: INFERENCE_ACCESS,
  limits: { tables: { accounts: AUTHENTICATED_ACCOUNTS } },
  // Job row; a finished job carries its stored response, re-signed.
  'get-job': {
    tables: { accounts: AUTHENTICATED_ACCOUNTS, jobs: 'read', requests: 'read' },
    bucketRead: ['stored', 'responses'],
    bucketPut: ['responses'],
  },
  // Stored request row, its response and input copy (re-signed links).
  'get-snapshot': {
    tables: { accounts: AUTHENTICATED_ACCOUNTS, requests: 'read' },
    bucketRead: ['stored', 'responses'],
    bucketPut: ['responses'],
  },
  // Usage ledger rows live in the requests table; a long CSV export can be offloaded.
  usage: { tables: { accounts: AUTHENTICATED_ACCOUNTS, requests: 'read' }, bucketRead: ['responses'], bucketPut: ['responses'] },
  // SQS-triggered: runs a queued job through the same pipeline as a synchronous call
  // (organization lookup and the key's by-id row, to stop work of a revoked key; no rate window),
  // then writes the verdict on the job row.
  [JOB_WORKER_HANDLER]: {
    tables: { accounts: { read: ['organization', 'apiKeyById'] }, ...PARSER_DATA, jobs: { read: ['job'], write: ['job'] } },
    bucketRead: ['uploads', 'stored'],
    bucketPut: ['stored'],
    invokePageRangeWorker: true,
  },
  // Reads the uploaded bytes of one page segment; returns pages, stores nothing.
  [PAGE_RANGE_WORKER_HANDLER]: { bucketRead: ['uploads'] },
  // Validates the batch (document rows), claims the Idempotency-Key, writes the batch and its
  // items, queues one message per item and starts the batch's state machine execution.
  'batch-submit': {
    tables: { accounts: AUTHENTICATED_ACCOUNTS, documents: 'read', batches: 'readWrite' },
    batchQueue: 'send',
    startBatchWorkflow: true,
  },
  'batch-list': { tables: { accounts: AUTHENTICATED_ACCOUNTS, batches: 'read' } },
  // Presigns GETs for finished items' result JSON (stored/); a 1,000-item record may be offloaded.
  'batch-get': { tables: { accounts: AUTHENTICATED_ACCOUNTS, batches: 'read' }, bucketRead: ['stored', 'responses'], bucketPut: ['responses'] },
  'batch-cancel': { tables: { accounts: AUTHENTICATED_ACCOUNTS, batches: 'readWrite' }, bucketRead: ['stored', 'responses'], bucketPut: ['responses'] },
  // SQS-triggered on the batch lane: one item through the same pipeline as a synchronous call
  // (stored request, cache, ledger in the requests table), then the item row.
  [BATCH_WORKER_HANDLER]: {
    tables: { accounts: { read: ['organization', 'apiKeyById'] }, ...PARSER_DATA, batches: { read: ['batch'], write: ['batch'] } },
    bucketRead: ['uploads', 'stored'],
    bucketPut: ['stored'],
    invokePageRangeWorker: true,
  },
  // Marks dead-lettered items failed, each with its error body as result JSON (stored/).
  [BATCH_DEAD_LETTER_HANDLER]: { tables: { batches: 'readWrite' }, bucketPut: ['stored'] },
  // Counts items and records the terminal state (items past the processing target fail, with their
  // error body stored as result JSON); completes a submission cut off before dispatch.
  [BATCH_PROGRESS_HANDLER]: { tables: { batches: 'readWrite' }, bucketPut: ['stored'], batchQueue: 'send', startBatchWorkflow: true },
  // Signs deliveries with the organization's secret, derived from the master secret; reads the
  // organization's signing-secret generation (rotation overlap: both signatures are sent).
  [BATCH_WEBHOOK_HANDLER]: { tables: { accounts: { read: ['organization'] }, batches: 'readWrite' }, masterSecret: true },
  // A static page (unauthenticated): no data access at all.
  playground: {},
  // Unauthenticated 404/405 answers from the route table: no data access at all.
  [FALLBACK_HANDLER]: {},
};

/** The access row of a handler; throws at synth when a handler has none. */
export function accessFor(handler: string, table: Readonly<Record<string, OperationAccess>> = OPERATION_ACCESS): OperationAccess {
  const access = table[handler];
  if (!access) {
    throw new Error(
      `No access entry for handler '${handler}'. Add one to OPERATION_ACCESS in lib/constructs/operation-access.ts.`,
    );
  }
  return access;
}
