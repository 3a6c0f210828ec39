/**
 * Composition root: the one place adapters are chosen and SDK clients built.
 * Lambda and the local server share it; only the configuration differs
 * (emulator endpoints locally). Tests pass their own `AppDeps`.
 *
 * @module
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SFNClient } from '@aws-sdk/client-sfn';
import { createDocumentClient, createS3Client, type AwsClientConfig } from '../adapters/aws/clients.ts';
import { DynamoDbBatchRepository } from '../adapters/aws/dynamodb-batches.ts';
import { SqsBatchQueue } from '../adapters/aws/sqs-batch-queue.ts';
import { StepFunctionsBatchWorkflow } from '../adapters/aws/sfn-batch-workflow.ts';
import { HttpWebhookTransport } from '../adapters/http/webhook-transport.ts';
import { DynamoDbAccountRepository, DynamoDbRateLimiter } from '../adapters/aws/dynamodb-accounts.ts';
import { DynamoDbConcurrencyLeases } from '../adapters/aws/dynamodb-leases.ts';
import { DynamoDbDocumentRepository } from '../adapters/aws/dynamodb-documents.ts';
import { DynamoDbJobRepository } from '../adapters/aws/dynamodb-jobs.ts';
import {
  DynamoDbRequestRepository,
  DynamoDbResultCache,
  DynamoDbSandboxMeter,
  DynamoDbUsageLedger,
} from '../adapters/aws/dynamodb-requests.ts';
import { LambdaPageSegmentRunner } from '../adapters/aws/lambda-page-segments.ts';
import { SqsJobQueue } from '../adapters/aws/sqs-job-queue.ts';
import { S3BlobStore } from '../adapters/aws/s3-blob-store.ts';
import {
  SecretsManagerSecretSource,
  StaticSecretSource,
} from '../adapters/aws/secrets-manager-secret-source.ts';
import { localExtractor, type Extractor } from '../engines/extract/extractor.ts';
import type { BatchQueue, BatchRepository, BatchWorkflow, WebhookTransport } from '../ports/batches.ts';
import type { AccountRepository, ConcurrencyLeases, RateLimiter, SandboxMeter } from '../ports/accounts.ts';
import type { BlobStore } from '../ports/blob-store.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { DocumentRepository } from '../ports/documents.ts';
import type { JobQueue, JobRepository } from '../ports/jobs.ts';
import type { PageSegmentRunner } from '../ports/page-segments.ts';
import type { RequestRepository, ResultCache, UsageLedger } from '../ports/requests.ts';
import type { SecretSource } from '../ports/secrets.ts';
import type { EngineSelection } from '../contracts/engines.ts';
import { ENV } from '../contracts/env.ts';
import type { HostedServices } from '../contracts/hosted-models.ts';
import { readConfig, type ServiceConfig } from './config.ts';
import { buildHostedServices } from './hosted-services.ts';

export interface AppDeps {
  readonly clock: Clock;
  readonly accounts: AccountRepository;
  readonly rateLimiter: RateLimiter;
  /** In-flight slots per organization and operation (`CONCURRENCY_SHARE`). */
  readonly concurrency: ConcurrencyLeases;
  /** The daily page allowance of hk_test_ keys. */
  readonly sandbox: SandboxMeter;
  readonly documents: DocumentRepository;
  readonly blobs: BlobStore;
  readonly secrets: SecretSource;
  readonly requests: RequestRepository;
  readonly cache: ResultCache;
  readonly ledger: UsageLedger;
  readonly jobs: JobRepository;
  readonly jobQueue: JobQueue;
  readonly batches: BatchRepository;
  /** The batch lane: SQS on AWS, the durable local queue locally. */
  readonly batchQueue: BatchQueue;
  readonly batchWorkflow: BatchWorkflow;
  readonly webhooks: WebhookTransport;
  /** Remote page-range workers (AWS); absent → page segments run in this process. */
  readonly segments?: PageSegmentRunner;
  /** The local extractor POST /v1/extract runs (and falls back to from a hosted model); absent → the built-in one. */
  readonly extractor?: Extractor;
  /** What runs each slot (contracts/engines.ts); absent → the local engines everywhere. */
  readonly engines?: EngineSelection;
  /** The build's source revision (`DOCINTEL_CODE_REVISION`): part of every result-cache key, so a new build recomputes. */
  readonly codeRevision?: string;
  /** Clients of the hosted services the selection turned on; absent → none. */
  readonly hosted?: HostedServices;
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
    concurrency: new DynamoDbConcurrencyLeases(db, config.accountsTable),
    sandbox: new DynamoDbSandboxMeter(db, config.requestsTable),
    documents: new DynamoDbDocumentRepository(db, config.documentsTable),
    blobs: new S3BlobStore(s3, config.bucket),
    secrets,
    requests: new DynamoDbRequestRepository(db, config.requestsTable),
    cache: new DynamoDbResultCache(db, config.requestsTable),
    ledger: new DynamoDbUsageLedger(db, config.requestsTable),
    jobs: new DynamoDbJobRepository(db, config.jobsTable),
    // The local extractor; with DOCINTEL_EXTRACT_ENGINE=bedrock the operation asks `hosted.languageModel` first and falls back to it.
    extractor: localExtractor,
    engines: config.engines,
    codeRevision: config.codeRevision,
    hosted: buildHostedServices(config),
    batches: new DynamoDbBatchRepository(db, config.batchesTable),
    batchQueue: config.batchQueueUrl
      ? new SqsBatchQueue(new SQSClient({ region: config.region }), config.batchQueueUrl)
      : unconfigured<BatchQueue>('batch queue', ENV.batchQueueUrl),
    batchWorkflow: config.batchStateMachineArn
      ? new StepFunctionsBatchWorkflow(new SFNClient({ region: config.region }), config.batchStateMachineArn)
      : unconfigured<BatchWorkflow>('batch workflow', ENV.batchStateMachineArn),
    webhooks: new HttpWebhookTransport({ allowLoopback: config.webhookAllowLoopback }),
    jobQueue: config.jobQueueUrl
      ? new SqsJobQueue(new SQSClient({ region: config.region }), config.jobQueueUrl)
      : unconfiguredQueue,
    // Only the inference functions know the worker's name; the worker itself never fans out.
    ...(config.pageRangeFunctionName
      ? { segments: new LambdaPageSegmentRunner(new LambdaClient({ region: config.region }), config.pageRangeFunctionName) }
      : {}),
    ...overrides,
  };
}

/** An adapter whose configuration is missing: fails at first use with the variable to set. */
function unconfigured<T extends object>(what: string, envVar: string): T {
  return new Proxy({} as T, {
    // `then` stays undefined so the object is not mistaken for a promise.
    get: (_target, method) => method === 'then' ? undefined : async () => {
      throw new Error(`No ${what} configured (${envVar} is not set); cannot call ${String(method)}`);
    },
  });
}

const unconfiguredQueue: JobQueue = {
  enqueue: async () => {
    throw new Error(`No job queue configured (${'DOCINTEL_JOB_QUEUE_URL'} is not set)`);
  },
};

let cached: AppDeps | undefined;
let processOverrides: Partial<AppDeps> = {};

/** Dependencies built from the environment on first use, then reused across invocations. */
export const defaultDeps: DepsProvider = () => {
  cached ??= buildDeps(readConfig(), processOverrides);
  return cached;
};

/**
 * For the local server: replaces adapters that have no AWS-protocol emulator
 * (the SQS job queue) for every handler in this process, and rebuilds from
 * the current environment.
 */
export function resetDefaultDeps(overrides: Partial<AppDeps> = {}): void {
  processOverrides = overrides;
  cached = undefined;
}
