/**
 * The docintel stack: storage, tables, master secret, one function per
 * route (plus the fallback) and the REST API in front of them; the async job
 * queue and its worker; the page-range worker heavy functions fan OCR page
 * segments out to. Composition only; every resource is defined in
 * lib/constructs.
 *
 * @module
 */
import { ArnFormat, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { BATCH_LIMITS, BATCH_WORKER_TIMEOUT_SECONDS } from '../../functions/contracts/batch.ts';
import { ACCOUNT_CONCURRENCY, QUEUE_CONSUMER_CONCURRENCY, RESERVED_CONCURRENCY, type FunctionGroup } from '../../functions/contracts/capacity.ts';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import {
  BATCH_DEAD_LETTER_HANDLER,
  BATCH_PROGRESS_HANDLER,
  BATCH_WEBHOOK_HANDLER,
  BATCH_WORKER_HANDLER,
  FALLBACK_HANDLER,
  JOB_WORKER_HANDLER,
  PAGE_RANGE_WORKER_HANDLER,
  ROUTES,
} from '../../functions/contracts/routes.ts';
import { BatchStateMachine } from '../constructs/batch-state-machine.ts';
import { DataTables } from '../constructs/data-tables.ts';
import { DocumentStore } from '../constructs/document-store.ts';
import { HttpApi } from '../constructs/http-api.ts';
import { JobQueue } from '../constructs/job-queue.ts';
import { MasterSecret } from '../constructs/master-secret.ts';
import { Monitoring, type MonitoredFunction } from '../constructs/monitoring.ts';
import { engineEnvironment, grantHostedEngines, readHostedEngineSettings } from '../constructs/hosted-engines.ts';
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
export const JOB_WORKER_MAX_CONCURRENCY = QUEUE_CONSUMER_CONCURRENCY.jobWorker;
/**
 * Page-range worker: a segment is ≤ 10 OCR pages (~1-2 s each on 2 vCPU);
 * a bit under the synchronous caller's 29 s budget, so the caller still
 * answers (with the worker's error) before API Gateway gives up.
 */
export const PAGE_RANGE_WORKER_TIMEOUT = Duration.seconds(25);

/** Batch worker: one document per delivery (fan-out covers long OCR documents); see BATCH_WORKER_TIMEOUT_SECONDS. */
export const BATCH_WORKER_TIMEOUT = Duration.seconds(BATCH_WORKER_TIMEOUT_SECONDS);
/**
 * Batch worker instances at once: the lowest-priority lane. The event
 * source's maximum concurrency caps it even when reservations are off
 * (`docintel:reservedConcurrency=false`).
 */
export const BATCH_WORKER_MAX_CONCURRENCY = QUEUE_CONSUMER_CONCURRENCY.batchWorker;

/** The older spelling of `-c docintel:engines='{"extract":…}'`, kept working as an alias. */
export { EXTRACT_ENGINE_CONTEXT } from '../constructs/hosted-engines.ts';
/**
 * CDK context key: `false` deploys without reserved concurrency (accounts
 * whose Lambda concurrency limit is below what the reservations need, e.g.
 * new accounts that start at 10). Default `true`.
 */
export const RESERVED_CONCURRENCY_CONTEXT = 'docintel:reservedConcurrency';
/**
 * CDK context key: the account's Lambda concurrency limit (Service Quotas,
 * "Concurrent executions"). Synth refuses reservations that would leave
 * fewer than 100 unreserved. Default 1000, a fresh account's limit.
 */
export const ACCOUNT_CONCURRENCY_CONTEXT = 'docintel:accountConcurrency';

/** The reservation of one function of a group (queue consumers: their event source's cap). */
function reservationFor(handler: string, group: FunctionGroup): number {
  if (group !== 'queueConsumer') return RESERVED_CONCURRENCY[group];
  const consumers: Record<string, number> = {
    [JOB_WORKER_HANDLER]: QUEUE_CONSUMER_CONCURRENCY.jobWorker,
    [BATCH_WORKER_HANDLER]: QUEUE_CONSUMER_CONCURRENCY.batchWorker,
    [BATCH_DEAD_LETTER_HANDLER]: QUEUE_CONSUMER_CONCURRENCY.batchDeadLetters,
  };
  const reserved = consumers[handler];
  if (reserved === undefined) throw new Error(`No queue consumer concurrency for '${handler}' in QUEUE_CONSUMER_CONCURRENCY`);
  return reserved;
}

/** A context value given as a boolean or, from the CLI (`-c key=false`), as a string. */
function contextFlag(value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`${RESERVED_CONCURRENCY_CONTEXT} must be true or false, got ${JSON.stringify(value)}`);
}

export class DocintelStack extends Stack {
  public readonly store: DocumentStore;
  public readonly data: DataTables;
  public readonly masterSecret: MasterSecret;
  public readonly jobs: JobQueue;
  /** The batch lane's item queue and its dead-letter queue. */
  public readonly batchItems: JobQueue;
  public readonly batchWorkflow: BatchStateMachine;
  /** Functions by handler name: every route's handler, the fallback, the job worker and the page-range worker. */
  public readonly functions: Readonly<Record<string, OperationFunction>>;
  public readonly http: HttpApi;
  /** Per-function alarms (error rate, p95 duration, throttles) and the operations dashboard. */
  public readonly monitoring: Monitoring;
  /** Reserved concurrency by handler (empty when `docintel:reservedConcurrency=false`). */
  public readonly reservedConcurrency: Readonly<Record<string, number>>;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.store = new DocumentStore(this, 'DocumentStore');
    this.data = new DataTables(this, 'Tables');
    this.masterSecret = new MasterSecret(this, 'MasterSecret');
    this.jobs = new JobQueue(this, 'Jobs', { workerTimeout: JOB_WORKER_TIMEOUT });
    this.batchItems = new JobQueue(this, 'BatchItems', {
      workerTimeout: BATCH_WORKER_TIMEOUT,
      maxReceiveCount: BATCH_LIMITS.maxItemReceives,
      alarmDescription:
        'docintel: batch item messages reached the dead-letter queue (the batch worker crashed or timed out repeatedly); the dead-letter consumer marks those items failed.',
    });
    const batchStateMachineName = `${this.stackName}-batches`;
    const base: ServiceResources = {
      tables: this.data.tables,
      bucket: this.store.bucket,
      masterSecret: this.masterSecret.secret,
      jobQueue: this.jobs.queue,
      batchQueue: this.batchItems.queue,
      batchStateMachineArn: this.formatArn({
        service: 'states',
        resource: 'stateMachine',
        resourceName: batchStateMachineName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    };
    const functions: Record<string, OperationFunction> = {};
    // Which engine runs each slot (`cdk deploy -c docintel:engines='{"ocr":"textract"}'`): each
    // function gets the variables and permissions of the slots it runs, and no others.
    const engines = readHostedEngineSettings(this);
    const reserve = contextFlag(this.node.tryGetContext(RESERVED_CONCURRENCY_CONTEXT), true);
    const reservedConcurrency: Record<string, number> = {};
    const groups: Record<string, FunctionGroup> = {};
    const fn = (props: OperationFunctionProps & { group: FunctionGroup }) => {
      const { group, ...functionProps } = props;
      groups[props.handler] = group;
      if (reserve) reservedConcurrency[props.handler] = reservationFor(props.handler, group);
      functions[props.handler] = new OperationFunction(this, `${pascalCase(props.handler)}Function`, {
        settings: engineEnvironment(engines, props.handler),
        ...functionProps,
        ...(reserve ? { reservedConcurrency: reservedConcurrency[props.handler] } : {}),
      });
      grantHostedEngines(engines, functions[props.handler]);
      return functions[props.handler];
    };

    // First, so the functions that fan out to it get its name.
    const pageRangeWorker = fn({ handler: PAGE_RANGE_WORKER_HANDLER, group: 'pageRange', heavy: true, timeout: PAGE_RANGE_WORKER_TIMEOUT, resources: base });
    const resources: ServiceResources = { ...base, pageRangeWorker: pageRangeWorker.function };

    const handlers = new Map<string, boolean>();
    for (const route of ROUTES) handlers.set(route.handler, (handlers.get(route.handler) ?? false) || Boolean(route.heavy));
    handlers.set(FALLBACK_HANDLER, false);
    for (const [handler, heavy] of handlers) {
      if (heavy) requireInferenceAccess(handler);
      fn({ handler, group: heavy ? 'inference' : 'control', heavy, resources });
    }

    const worker = fn({ handler: JOB_WORKER_HANDLER, group: 'queueConsumer', heavy: true, timeout: JOB_WORKER_TIMEOUT, resources });
    worker.function.addEventSource(
      new SqsEventSource(this.jobs.queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: JOB_WORKER_MAX_CONCURRENCY,
      }),
    );

    this.batchWorkflow = this.batchLane(fn, resources, batchStateMachineName);
    this.functions = functions;
    this.reservedConcurrency = reservedConcurrency;
    if (reserve) this.checkReservations(reservedConcurrency);

    this.http = new HttpApi(this, 'Http', {
      functions: Object.fromEntries(
        Object.entries(functions).map(([handler, f]): [string, lambda.IFunction] => [handler, f.function]),
      ),
    });

    this.monitoring = this.monitor(functions, groups);

    this.addOutputs();
  }

  /**
   * The batch lane: items on their own queue, a worker capped low, a consumer marking
   * dead-lettered items failed, and the state machine that settles each batch and sends its webhook.
   */
  private batchLane(fn: (props: OperationFunctionProps & { group: FunctionGroup }) => OperationFunction, resources: ServiceResources, stateMachineName: string): BatchStateMachine {
    const batchWorker = fn({ handler: BATCH_WORKER_HANDLER, group: 'queueConsumer', heavy: true, timeout: BATCH_WORKER_TIMEOUT, resources });
    batchWorker.function.addEventSource(
      new SqsEventSource(this.batchItems.queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: BATCH_WORKER_MAX_CONCURRENCY }),
    );
    const batchDeadLetters = fn({ handler: BATCH_DEAD_LETTER_HANDLER, group: 'queueConsumer', resources });
    batchDeadLetters.function.addEventSource(
      new SqsEventSource(this.batchItems.deadLetterQueue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: QUEUE_CONSUMER_CONCURRENCY.batchDeadLetters,
      }),
    );
    const batchProgress = fn({ handler: BATCH_PROGRESS_HANDLER, group: 'delivery', resources, timeout: Duration.seconds(60) });
    // One delivery attempt (10 s) per invocation; the state machine retries.
    const batchWebhook = fn({ handler: BATCH_WEBHOOK_HANDLER, group: 'delivery', resources, timeout: Duration.seconds(30) });
    return new BatchStateMachine(this, 'BatchWorkflow', {
      stateMachineName,
      progressFunction: batchProgress.function,
      webhookFunction: batchWebhook.function,
    });
  }

  /** Alarms per function (by its group and route) and per queue, and the operations dashboard. */
  private monitor(functions: Readonly<Record<string, OperationFunction>>, groups: Readonly<Record<string, FunctionGroup>>): Monitoring {
    const routeOf = new Map(ROUTES.map((r) => [r.handler, r]));
    const monitored: MonitoredFunction[] = Object.entries(functions).map(([handler, f]) => ({
      handler,
      function: f.function,
      group: groups[handler],
      timeout: f.timeout,
      ...(routeOf.has(handler) ? { route: routeOf.get(handler)! } : {}),
      ...(handler === BATCH_WEBHOOK_HANDLER ? { errorsAlarm: false } : {}),
    }));
    return new Monitoring(this, 'Monitoring', {
      functions: monitored,
      api: this.http.api,
      stageName: this.http.api.deploymentStage.stageName,
      queues: {
        jobs: this.jobs.queue,
        'job dead letters': this.jobs.deadLetterQueue,
        'batch items': this.batchItems.queue,
        'batch dead letters': this.batchItems.deadLetterQueue,
      },
    });

  }

  /** The stack outputs: API URL, bucket, tables, secret, queues and state machine. */
  private addOutputs(): void {
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
    new CfnOutput(this, 'BatchQueueUrl', { value: this.batchItems.queue.queueUrl, description: 'Batch items (lowest-priority lane)' });
    new CfnOutput(this, 'BatchStateMachineArn', { value: this.batchWorkflow.stateMachine.stateMachineArn });
    new CfnOutput(this, 'JobDeadLetterQueueUrl', {
      value: this.jobs.deadLetterQueue.queueUrl,
      description: 'Job messages that failed 3 deliveries; inspect, then redrive to the job queue',
    });
  }

  /** Refuses at synth reservations the account cannot grant: Lambda keeps 100 executions unreserved. */
  private checkReservations(reserved: Readonly<Record<string, number>>): void {
    const limit = Number(this.node.tryGetContext(ACCOUNT_CONCURRENCY_CONTEXT) ?? ACCOUNT_CONCURRENCY.defaultLimit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`${ACCOUNT_CONCURRENCY_CONTEXT} must be a positive integer, got ${JSON.stringify(limit)}`);
    const total = Object.values(reserved).reduce((a, b) => a + b, 0);
    const available = limit - ACCOUNT_CONCURRENCY.minimumUnreserved;
    if (total > available) {
      throw new Error(
        `Reserved concurrency totals ${total}, but an account limit of ${limit} leaves only ${available} reservable ` +
          `(Lambda keeps ${ACCOUNT_CONCURRENCY.minimumUnreserved} unreserved). Raise the account's limit and pass -c ${ACCOUNT_CONCURRENCY_CONTEXT}=<limit>, ` +
          `or deploy with -c ${RESERVED_CONCURRENCY_CONTEXT}=false.`,
      );
    }
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
