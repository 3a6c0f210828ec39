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
  /** The source revision (lib/source-revision.ts), set at synth and by `npm start`: results cached by another build are not served. */
  codeRevision: 'DOCINTEL_CODE_REVISION',
  /** On AWS, document-engine functions only: which handler the shared engine bundle runs (functions/handlers/engines.ts). */
  handlerName: 'DOCINTEL_HANDLER',
} as const;

/**
 * V8 flags for processes that run the document engines (the heavy Lambda
 * functions through NODE_OPTIONS, `npm start`, the bench's server). pdf.js
 * allocates short-lived objects per glyph and text run; with V8's default
 * 16 MiB semi-space a 100-page parse spent about a quarter of its CPU in
 * scavenges. 64 MiB lets most of them die young at the cost of at most
 * ~150 MiB more heap, which the 3,008 MB engine functions have to spare.
 */
export const ENGINE_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
