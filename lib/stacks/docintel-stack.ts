/**
 * The docintel stack: storage, tables, master secret, one function per
 * route (plus the fallback) and the REST API in front of them; the async job
 * queue and its worker; the page-range worker heavy functions fan OCR page
 * segments out to. Composition only; every resource is defined in
 * lib/constructs.
 *
 * @module
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ENV } from '../../functions/contracts/env.ts';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { FALLBACK_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, ROUTES } from '../../functions/contracts/routes.ts';
import { DataTables } from '../constructs/data-tables.ts';
import { DocumentStore } from '../constructs/document-store.ts';
import { HttpApi } from '../constructs/http-api.ts';
import { JobQueue } from '../constructs/job-queue.ts';
import { MasterSecret } from '../constructs/master-secret.ts';
import { pascalCase } from '../constructs/naming.ts';
import { accessFor } from '../constructs/operation-access.ts';
import { OperationFunction, type OperationFunctionProps, type ServiceResources } from '../constructs/operation-function.ts';

/**
 * Job worker: long enough for a raised-limit document (500 pages) with OCR
 * fanned out to page-range workers, and below the jobs table's 15-minute
 * stale-processing window, after which another delivery may take the job over.
 */
export const JOB_WORKER_TIMEOUT = Duration.minutes(10);
/** Job worker instances at once: backpressure on the queue (and on the page-range workers they fan out to). */
export const JOB_WORKER_MAX_CONCURRENCY = 10;
/**
 * Page-range worker: a segment is ≤ 10 OCR pages (~1-2 s each on 2 vCPU);
 * a bit under the synchronous caller's 29 s budget, so the caller still
 * answers (with the worker's error) before API Gateway gives up.
 */
export const PAGE_RANGE_WORKER_TIMEOUT = Duration.seconds(25);

/** CDK context key naming the extractor engine (`DOCINTEL_EXTRACT_ENGINE`); unset → the functions' default (`local`). */
export const EXTRACT_ENGINE_CONTEXT = 'docintel:extractEngine';

export class DocintelStack extends Stack {
  public readonly store: DocumentStore;
  public readonly data: DataTables;
  public readonly masterSecret: MasterSecret;
  public readonly jobs: JobQueue;
  /** Functions by handler name: every route's handler, the fallback, the job worker and the page-range worker. */
  public readonly functions: Readonly<Record<string, OperationFunction>>;
  public readonly http: HttpApi;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.store = new DocumentStore(this, 'DocumentStore');
    this.data = new DataTables(this, 'Tables');
    this.masterSecret = new MasterSecret(this, 'MasterSecret');
    this.jobs = new JobQueue(this, 'Jobs', { workerTimeout: JOB_WORKER_TIMEOUT });
    const base: ServiceResources = {
      tables: this.data.tables,
      bucket: this.store.bucket,
      masterSecret: this.masterSecret.secret,
      jobQueue: this.jobs.queue,
    };
    const functions: Record<string, OperationFunction> = {};
    // Deployment choices read from CDK context (`cdk deploy -c docintel:extractEngine=local`).
    const extractEngine = this.node.tryGetContext(EXTRACT_ENGINE_CONTEXT) as unknown;
    const settings: Record<string, string> = typeof extractEngine === 'string' && extractEngine ? { [ENV.extractEngine]: extractEngine } : {};
    const fn = (props: OperationFunctionProps) => {
      functions[props.handler] = new OperationFunction(this, `${pascalCase(props.handler)}Function`, { settings, ...props });
      return functions[props.handler];
    };

    // First, so the functions that fan out to it get its name.
    const pageRangeWorker = fn({ handler: PAGE_RANGE_WORKER_HANDLER, heavy: true, timeout: PAGE_RANGE_WORKER_TIMEOUT, resources: base });
    const resources: ServiceResources = { ...base, pageRangeWorker: pageRangeWorker.function };

    const handlers = new Map<string, boolean>();
    for (const route of ROUTES) handlers.set(route.handler, (handlers.get(route.handler) ?? false) || Boolean(route.heavy));
    handlers.set(FALLBACK_HANDLER, false);
    for (const [handler, heavy] of handlers) {
      if (heavy) requireInferenceAccess(handler);
      fn({ handler, heavy, resources });
    }

    const worker = fn({ handler: JOB_WORKER_HANDLER, heavy: true, timeout: JOB_WORKER_TIMEOUT, resources });
    worker.function.addEventSource(
      new SqsEventSource(this.jobs.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: JOB_WORKER_MAX_CONCURRENCY,
      }),
    );
    this.functions = functions;

    this.http = new HttpApi(this, 'Http', {
      functions: Object.fromEntries(
        Object.entries(functions).map(([handler, f]): [string, lambda.IFunction] => [handler, f.function]),
      ),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.http.url, description: 'Base URL of the API (stage prod)' });
    new CfnOutput(this, 'BucketName', { value: this.store.bucket.bucketName });
    for (const definition of this.data.definitions) {
      new CfnOutput(this, `${pascalCase(definition.id)}TableName`, {
        value: this.data.tables[definition.id].tableName,
        description: `${definition.envVar}: ${definition.description}`,
      });
    }
    new CfnOutput(this, 'MasterSecretArn', { value: this.masterSecret.secret.secretArn });
    new CfnOutput(this, 'JobQueueUrl', { value: this.jobs.queue.queueUrl, description: 'Async job queue' });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', {
      value: this.jobs.deadLetterQueue.queueUrl,
      description: 'Job messages that failed 3 deliveries; inspect, then redrive to the job queue',
    });
  }
}

/** Heavy routes run inference: they must be able to enqueue jobs (X-Async) and fan out page segments. */
function requireInferenceAccess(handler: string): void {
  const access = accessFor(handler);
  if (access.jobQueue !== 'send' || !access.invokePageRangeWorker) {
    throw new Error(
      `Heavy route handler '${handler}' needs jobQueue: 'send' and invokePageRangeWorker: true in OPERATION_ACCESS (lib/constructs/operation-access.ts).`,
    );
  }
}
