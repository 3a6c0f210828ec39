/**
 * Environment variable names: set by the CDK construct on every function,
 * by the local server before it loads the handlers, and read once by
 * `runtime/config.ts`.
 *
 * @module
 */
import { STORAGE } from './storage.ts';
import { TABLES } from './tables.ts';

export const ENV = {
  accountsTable: TABLES.accounts.envVar,
  documentsTable: TABLES.documents.envVar,
  requestsTable: TABLES.requests.envVar,
  jobsTable: TABLES.jobs.envVar,
  batchesTable: TABLES.batches.envVar,
  /** On AWS: the SQS queue of batch items (the lowest-priority lane). */
  batchQueueUrl: 'DOCINTEL_BATCH_QUEUE_URL',
  /** On AWS: the Step Functions state machine that tracks each batch. */
  batchStateMachineArn: 'DOCINTEL_BATCH_STATE_MACHINE_ARN',
  /** Locally: `true` lets webhooks reach loopback addresses (a receiver on the developer's machine). */
  webhookAllowLoopback: 'DOCINTEL_WEBHOOK_ALLOW_LOOPBACK',
  /** On AWS: the SQS queue the async job worker reads. */
  jobQueueUrl: 'DOCINTEL_JOB_QUEUE_URL',
  /** On AWS: the page-range worker Lambda that long documents' page segments fan out to. */
  pageRangeFunctionName: 'DOCINTEL_PAGE_RANGE_FUNCTION',
  bucket: STORAGE.bucketEnvVar,
  /** Set only locally: the DynamoDB emulator endpoint. */
  dynamodbEndpoint: 'DOCINTEL_DYNAMODB_ENDPOINT',
  /** Set only locally: the S3 emulator endpoint (path-style addressing is used). */
  s3Endpoint: 'DOCINTEL_S3_ENDPOINT',
  /** On AWS: the Secrets Manager secret holding the webhook master secret. */
  masterSecretArn: 'DOCINTEL_MASTER_SECRET_ARN',
  /** Locally: the master secret itself (hex). */
  masterSecret: 'DOCINTEL_MASTER_SECRET',
  region: 'AWS_REGION',
  /** On AWS, document-engine functions only: which handler the shared engine bundle runs (functions/handlers/engines.ts). */
  handlerName: 'DOCINTEL_HANDLER',
} as const;
