/**
 * Composition root: the one place adapters are chosen and SDK clients built.
 * Lambda and the local server share it; only the configuration differs
 * (emulator endpoints locally). Tests pass their own `AppDeps`.
 *
 * @module
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createDocumentClient, createS3Client, type AwsClientConfig } from '../adapters/aws/clients.ts';
import { DynamoDbAccountRepository, DynamoDbRateLimiter } from '../adapters/aws/dynamodb-accounts.ts';
import { DynamoDbDocumentRepository } from '../adapters/aws/dynamodb-documents.ts';
import { S3BlobStore } from '../adapters/aws/s3-blob-store.ts';
import {
  SecretsManagerSecretSource,
  StaticSecretSource,
} from '../adapters/aws/secrets-manager-secret-source.ts';
import type { AccountRepository, RateLimiter } from '../ports/accounts.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { DocumentRepository } from '../ports/documents.ts';
import type { SecretSource } from '../ports/secrets.ts';
import { readConfig, type ServiceConfig } from './config.ts';

export interface AppDeps {
  readonly clock: Clock;
  readonly accounts: AccountRepository;
  readonly rateLimiter: RateLimiter;
  readonly documents: DocumentRepository;
  readonly blobs: BlobStore;
  readonly secrets: SecretSource;
}

export type DepsProvider = () => AppDeps;

/** Local emulators accept any credentials; real AWS uses the default chain. */
export const EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export function buildDeps(config: ServiceConfig, overrides: Partial<AppDeps> = {}): AppDeps {
  const local = Boolean(config.dynamodbEndpoint || config.s3Endpoint);
  const clientConfig: AwsClientConfig = {
    region: config.region,
    dynamodbEndpoint: config.dynamodbEndpoint,
    s3Endpoint: config.s3Endpoint,
    ...(local ? { credentials: EMULATOR_CREDENTIALS } : {}),
  };
  const db = createDocumentClient(clientConfig);
  const s3 = createS3Client(clientConfig);
  const secrets: SecretSource = config.masterSecretHex
    ? new StaticSecretSource(config.masterSecretHex)
    : new SecretsManagerSecretSource(new SecretsManagerClient({ region: config.region }), config.masterSecretArn ?? '');
  return {
    clock: systemClock,
    accounts: new DynamoDbAccountRepository(db, config.accountsTable),
    rateLimiter: new DynamoDbRateLimiter(db, config.accountsTable),
    documents: new DynamoDbDocumentRepository(db, config.documentsTable),
    blobs: new S3BlobStore(s3, config.bucket),
    secrets,
    ...overrides,
  };
}

let cached: AppDeps | undefined;

/** Dependencies built from the environment on first use, then reused across invocations. */
export const defaultDeps: DepsProvider = () => {
  cached ??= buildDeps(readConfig());
  return cached;
};

/** For the local server and tests that change the environment between runs. */
export function resetDefaultDeps(): void {
  cached = undefined;
}
