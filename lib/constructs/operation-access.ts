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
import { FALLBACK_HANDLER } from '../../functions/contracts/routes.ts';
import type { STORAGE } from '../../functions/contracts/storage.ts';
import type { TableId } from '../../functions/contracts/tables.ts';

/** A key of `STORAGE.prefixes` (`uploads`, `stored`). */
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
}

/**
 * Every authenticated handler reads the API key and organization and
 * counts the request in its rate window, hence `accounts: 'readWrite'`.
 */
export const OPERATION_ACCESS: Readonly<Record<string, OperationAccess>> = {
  // Issues document_key (documents row) and presigns a PUT into uploads/.
  upload: { tables: { accounts: 'readWrite', documents: 'write' }, bucketPut: ['uploads'] },
  // Reads the upload; stores response, input copy and page images under stored/ and
  // presigns GETs for them; requests table holds stored requests, result cache and
  // usage ledger; X-Async writes the job row.
  parse: {
    tables: { accounts: 'readWrite', documents: 'read', requests: 'readWrite', jobs: 'write' },
    bucketRead: ['uploads', 'stored'],
    bucketPut: ['stored'],
  },
  limits: { tables: { accounts: 'readWrite' } },
  // Job row; a finished job carries its stored response, re-signed.
  'get-job': { tables: { accounts: 'readWrite', jobs: 'read', requests: 'read' }, bucketRead: ['stored'] },
  // Stored request row, its response and input copy (re-signed links).
  'get-snapshot': { tables: { accounts: 'readWrite', requests: 'read' }, bucketRead: ['stored'] },
  // Usage ledger rows live in the requests table.
  usage: { tables: { accounts: 'readWrite', requests: 'read' } },
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
