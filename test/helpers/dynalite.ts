/**
 * An in-process DynamoDB (dynalite) with the project's tables, for adapter
 * tests that need real DynamoDB semantics (conditional writes, expressions)
 * without the local server.
 *
 * @example
 * let dynamo: LocalDynamo;
 * beforeAll(async () => (dynamo = await startLocalDynamo()));
 * afterAll(() => dynamo.stop());
 */
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { createDocumentClient } from '../../functions/adapters/aws/clients.ts';
import { EMULATOR_CREDENTIALS } from '../../functions/runtime/deps.ts';
import { createTables } from '../../functions/runtime/local/emulators.ts';

const require = createRequire(import.meta.url);

export interface LocalDynamo {
  readonly db: ReturnType<typeof createDocumentClient>;
  stop(): Promise<void>;
}

/** Starts dynalite on a free loopback port and creates every table. */
export async function startLocalDynamo(): Promise<LocalDynamo> {
  const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await createTables(endpoint);
  return {
    db: createDocumentClient({ region: 'us-east-1', dynamodbEndpoint: endpoint, credentials: EMULATOR_CREDENTIALS }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
