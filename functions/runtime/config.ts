/**
 * Configuration, read once from the environment and validated, so a
 * misconfigured function fails at its first request with a clear message
 * instead of half-working.
 *
 * @module
 */
import { BEDROCK_MODEL_ENV, DEFAULT_BEDROCK_MODEL_ID, engineSelectionFromEnv, type EngineSelection } from '../contracts/engines.ts';
import { ENV } from '../contracts/env.ts';

export interface ServiceConfig {
  readonly region: string;
  readonly accountsTable: string;
  readonly documentsTable: string;
  readonly requestsTable: string;
  readonly jobsTable: string;
  readonly jobQueueUrl?: string;
  readonly batchesTable: string;
  readonly batchQueueUrl?: string;
  readonly batchStateMachineArn?: string;
  /** Locally: webhooks may reach loopback receivers. */
  readonly webhookAllowLoopback: boolean;
  /** On AWS: the page-range worker function (name or ARN); absent → page segments run in-process. */
  readonly pageRangeFunctionName?: string;
  readonly bucket: string;
  readonly dynamodbEndpoint?: string;
  readonly s3Endpoint?: string;
  readonly masterSecretArn?: string;
  readonly masterSecretHex?: string;
  /** The source revision of this build (`DOCINTEL_CODE_REVISION`), part of every result-cache key; empty in tests. */
  readonly codeRevision: string;
  /** What runs each slot (`DOCINTEL_<SLOT>_ENGINE`); unset slots run the local engines. */
  readonly engines: EngineSelection;
  /** The model the `bedrock` engines call (`DOCINTEL_BEDROCK_MODEL_ID`). */
  readonly bedrockModelId: string;
}

function required(env: NodeJS.ProcessEnv, key: string): string {
  const value = env[key];
  if (!value) throw new Error(`Missing required environment variable ${key}`);
  return value;
}

function optional(env: NodeJS.ProcessEnv, key: string): string | undefined {
  return env[key] || undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    region: env[ENV.region] || env.AWS_DEFAULT_REGION || 'us-east-1',
    accountsTable: required(env, ENV.accountsTable),
    documentsTable: required(env, ENV.documentsTable),
    requestsTable: required(env, ENV.requestsTable),
    jobsTable: required(env, ENV.jobsTable),
    jobQueueUrl: optional(env, ENV.jobQueueUrl),
    batchesTable: required(env, ENV.batchesTable),
    batchQueueUrl: optional(env, ENV.batchQueueUrl),
    batchStateMachineArn: optional(env, ENV.batchStateMachineArn),
    webhookAllowLoopback: env[ENV.webhookAllowLoopback] === 'true',
    pageRangeFunctionName: optional(env, ENV.pageRangeFunctionName),
    bucket: required(env, ENV.bucket),
    dynamodbEndpoint: optional(env, ENV.dynamodbEndpoint),
    s3Endpoint: optional(env, ENV.s3Endpoint),
    masterSecretArn: optional(env, ENV.masterSecretArn),
    masterSecretHex: optional(env, ENV.masterSecret),
    codeRevision: optional(env, ENV.codeRevision) ?? '',
    engines: engineSelectionFromEnv(env),
    bedrockModelId: optional(env, BEDROCK_MODEL_ENV) ?? DEFAULT_BEDROCK_MODEL_ID,
  };
}
