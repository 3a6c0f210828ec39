/**
 * Starts the AWS-protocol emulators in-process for the local server and the
 * integration tests: dynalite (DynamoDB) and s3rver (S3, with SigV4 checks),
 * each on a loopback port, each persisting under the data directory.
 * Tables and the bucket come from the shared definitions.
 *
 * @module
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { STORAGE } from '../../contracts/storage.ts';
import { TABLE_LIST } from '../../contracts/tables.ts';
import { EMULATOR_CREDENTIALS } from '../deps.ts';
import { s3PresignedFidelity } from './s3-presigned-fidelity.ts';

const require = createRequire(import.meta.url);

export interface EmulatorOptions {
  /** Directory for on-disk state; omit for in-memory DynamoDB and a temp S3 dir. */
  readonly dataDir: string;
  /** @default 0 (any free port) */
  readonly dynamodbPort?: number;
  /** @default 0 (any free port) */
  readonly s3Port?: number;
  readonly region?: string;
}

export interface RunningEmulators {
  readonly dynamodbEndpoint: string;
  readonly s3Endpoint: string;
  stop(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

const CORS_CONFIG = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function createTables(endpoint: string, region = 'us-east-1'): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: EMULATOR_CREDENTIALS });
  try {
    for (const table of TABLE_LIST) {
      try {
        await client.send(
          new CreateTableCommand({
            TableName: table.localName,
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: [
              { AttributeName: table.partitionKey, AttributeType: 'S' },
              { AttributeName: table.sortKey, AttributeType: 'S' },
            ],
            KeySchema: [
              { AttributeName: table.partitionKey, KeyType: 'HASH' },
              { AttributeName: table.sortKey, KeyType: 'RANGE' },
            ],
          }),
        );
      } catch (error) {
        if (!(error instanceof ResourceInUseException) && (error as Error).name !== 'ResourceInUseException') throw error;
      }
      await client.send(new DescribeTableCommand({ TableName: table.localName }));
    }
  } finally {
    client.destroy();
  }
}

export async function startEmulators(options: EmulatorOptions): Promise<RunningEmulators> {
  const dynamoDir = join(options.dataDir, 'dynamodb');
  const s3Dir = join(options.dataDir, 's3');
  await mkdir(dynamoDir, { recursive: true });
  await mkdir(s3Dir, { recursive: true });

  const dynalite = require('dynalite') as (opts: Record<string, unknown>) => Server;
  const dynamo = dynalite({ path: dynamoDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const dynamoPort = await listen(dynamo, options.dynamodbPort ?? 0);
  const dynamodbEndpoint = `http://${LOOPBACK}:${dynamoPort}`;
  await createTables(dynamodbEndpoint, options.region);

  const S3rver = require('@20minutes/s3rver');
  const s3 = new S3rver({
    address: LOOPBACK,
    port: options.s3Port ?? 0,
    directory: s3Dir,
    silent: true,
    // Path-style only: the SDK is configured with forcePathStyle.
    vhostBuckets: false,
    configureBuckets: [{ name: STORAGE.localBucket, configs: [CORS_CONFIG] }],
  });
  // First in the chain: S3's refusal of unsigned x-amz-* headers, and JSON errors for presigned requests.
  (s3 as { middleware: unknown[] }).middleware.unshift(s3PresignedFidelity());
  const address = (await s3.run()) as AddressInfo;
  const s3Endpoint = `http://${LOOPBACK}:${address.port}`;

  return {
    dynamodbEndpoint,
    s3Endpoint,
    async stop() {
      await Promise.allSettled([
        s3.close(),
        new Promise<void>((resolve) => {
          dynamo.close(() => resolve());
          // Keep-alive sockets from SDK clients would otherwise hold close() open.
          (dynamo as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
        }),
      ]);
    },
  };
}
