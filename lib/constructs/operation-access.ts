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
import type { STORAGE } from '../../functions/contracts/storage.ts';
import type { TableId } from '../../functions/contracts/tables.ts';

/** A key of `STORAGE.prefixes` (`uploads`, `stored`, `responses`). */
export type StoragePrefixId = keyof typeof STORAGE.prefixes;

/** `read`: Get/Query/Scan; `write`: Put/Update/Delete; `readWrite`: both. */
export type TableAccess = 'read' | 'write' | 'readWrite';

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
 * What every inference route (parse, extract, classify, split, redact)
 * needs: it reads the upload; stores response, input copy and page images
 * under stored/ and presigns GETs for them; the requests table holds stored
 * requests, result cache and usage ledger; the documents row remembers the
 * content hash (UpdateItem); X-Async writes the job row and enqueues it; OCR
 * segments fan out to the page-range worker. Answers too large for Lambda
 * go under responses/ behind a presigned GET (middleware/response-size.ts).
 */
const INFERENCE_ACCESS: OperationAccess = {
  tables: { accounts: 'readWrite', documents: 'readWrite', requests: 'readWrite', jobs: 'write' },
  bucketRead: ['uploads', 'stored', 'responses'],
  bucketPut: ['stored', 'responses'],
  jobQueue: 'send',
  invokePageRangeWorker: true,
};

/**
 * Every authenticated handler reads the API key and organization and
 * counts the request in its rate window, hence `accounts: 'readWrite'`.
 */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = {
  // Issues document_key (documents row) and presigns a PUT into uploads/.
  upload: { tables: { accounts: 'readWrite', documents: 'write' }, bucketPut: ['uploads'] },
  parse: INFERENCE_ACCESS,
  // extract also reads the organization's stored template (accounts: readWrite covers it).
  extract: INFERENCE_ACCESS,
  classify: INFERENCE_ACCESS,
  split: INFERENCE_ACCESS,
  // Stores masked page images under stored/ and signs them, as parse does page images.
  redact: INFERENCE_ACCESS,
  limits: { tables: { accounts: 'readWrite' } },
  // Job row; a finished job carries its stored response, re-signed.
  'get-job': {
    tables: { accounts: 'readWrite', jobs: 'read', requests: 'read' },
    bucketRead: ['stored', 'responses'],
    bucketPut: ['responses'],
  },
  // Stored request row, its response and input copy (re-signed links).
  'get-snapshot': {
    tables: { accounts: 'readWrite', requests: 'read' },
    bucketRead: ['stored', 'responses'],
    bucketPut: ['responses'],
  },
  // Usage ledger rows live in the requests table; a long CSV export can be offloaded.
  usage: { tables: { accounts: 'readWrite', requests: 'read' }, bucketRead: ['responses'], bucketPut: ['responses'] },
  // SQS-triggered: runs a queued job through the same pipeline as a synchronous call
  // (organization lookup only, no rate window), then writes the verdict on the job row.
  [JOB_WORKER_HANDLER]: {
    tables: { accounts: 'read', documents: 'readWrite', requests: 'readWrite', jobs: 'readWrite' },
    bucketRead: ['uploads', 'stored'],
    bucketPut: ['stored'],
    invokePageRangeWorker: true,
  },
  // Reads the uploaded bytes of one page segment; returns pages, stores nothing.
  [PAGE_RANGE_WORKER_HANDLER]: { bucketRead: ['uploads'] },
  // Validates the batch (document rows), claims the Idempotency-Key, writes the batch and its
  // items, queues one message per item and starts the batch's state machine execution.
  'batch-submit': {
    tables: { accounts: 'readWrite', documents: 'read', batches: 'readWrite' },
    batchQueue: 'send',
    startBatchWorkflow: true,
  },
  'batch-list': { tables: { accounts: 'readWrite', batches: 'read' } },
  // Presigns GETs for finished items' result JSON (stored/); a 1,000-item record may be offloaded.
  'batch-get': { tables: { accounts: 'readWrite', batches: 'read' }, bucketRead: ['stored', 'responses'], bucketPut: ['responses'] },
  'batch-cancel': { tables: { accounts: 'readWrite', batches: 'readWrite' }, bucketRead: ['stored', 'responses'], bucketPut: ['responses'] },
  // SQS-triggered on the batch lane: one item through the same pipeline as a synchronous call
  // (stored request, cache, ledger in the requests table), then the item row.
  [BATCH_WORKER_HANDLER]: {
    tables: { accounts: 'read', documents: 'readWrite', requests: 'readWrite', batches: 'readWrite' },
    bucketRead: ['uploads', 'stored'],
    bucketPut: ['stored'],
    invokePageRangeWorker: true,
  },
  // Marks dead-lettered items failed.
  [BATCH_DEAD_LETTER_HANDLER]: { tables: { batches: 'readWrite' } },
  // Counts items and records the terminal state; completes a submission cut off before dispatch.
  [BATCH_PROGRESS_HANDLER]: { tables: { batches: 'readWrite' }, batchQueue: 'send', startBatchWorkflow: true },
  // Signs deliveries with the organization's secret, derived from the master secret; reads the
  // organization's signing-secret generation (rotation overlap: both signatures are sent).
  [BATCH_WEBHOOK_HANDLER]: { tables: { accounts: 'read', batches: 'readWrite' }, masterSecret: true },
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
