/**
 * The embedded local stack behind `npm start`: AWS-protocol emulators in
 * process, the environment the CDK stack would give the functions, the
 * same handlers behind a local API Gateway, and first-start seeding.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { ENV } from '../../contracts/env.ts';
import { CONCURRENCY_SHARE } from '../../contracts/limits.ts';
import { STORAGE } from '../../contracts/storage.ts';
import { TABLES } from '../../contracts/tables.ts';
import {
  createKey,
  MAX_SANDBOX_PAGES_PER_DAY,
  MAX_TEST_KEY_REQUESTS_PER_MINUTE,
  setConcurrencyShare,
  setSandboxLimit,
  setTestKeyRateLimit,
  type CreatedKey,
} from '../admin.ts';
import { readConfig } from '../config.ts';
import { InProcessJobQueue, type SqsWorker } from '../../adapters/local/in-process-job-queue.ts';
import { DurableLocalQueue } from '../../adapters/local/durable-queue.ts';
import { LocalBatchWorkflow } from '../../adapters/local/local-batch-workflow.ts';
import {
  BATCH_LIMITS,
  BATCH_STATE_MACHINE_FILE,
  BATCH_STATE_MACHINE_SUBSTITUTIONS,
  BATCH_WORKER_TIMEOUT_SECONDS,
} from '../../contracts/batch.ts';
import {
  BATCH_DEAD_LETTER_HANDLER,
  BATCH_PROGRESS_HANDLER,
  BATCH_WEBHOOK_HANDLER,
  BATCH_WORKER_HANDLER,
  JOB_WORKER_HANDLER,
} from '../../contracts/routes.ts';
import { dispatchBatch } from '../../pipeline/batches.ts';
import { lambdaContext } from './api-gateway-event.ts';
import { buildDeps, defaultDeps, resetDefaultDeps } from '../deps.ts';
import { logger } from '../logger.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';
import { ENDPOINTS_FILE, runningServer, type EndpointsFile } from './endpoints-file.ts';
import { createLocalApiGateway, loadHandler, type RequestActivity } from './local-api-gateway.ts';

export interface LocalServerOptions {
  readonly dataDir: string;
  /** @default 3000 */
  readonly port?: number;
  readonly host?: string;
  /** @default true: seed organization `dev` with a test key on an empty data dir. */
  readonly seed?: boolean;
}

export interface LocalServer {
  readonly url: string;
  readonly dataDir: string;
  readonly emulators: RunningEmulators;
  readonly jobQueue: InProcessJobQueue;
  readonly batchQueue: DurableLocalQueue;
  readonly batchWorkflow: LocalBatchWorkflow;
  /** Set when this start created the `dev` organization. */
  readonly seededKey?: CreatedKey;
  stop(): Promise<void>;
}

const MASTER_SECRET_FILE = 'master-secret';
const SEED_MARKER = 'seeded.json';
/** The seeded test key, read by the docintel CLI when DOCINTEL_API_KEY is unset. */
export const DEV_KEY_FILE = 'dev-api-key';

/** The local master secret: generated once, kept in the data dir (mode 600). */
export async function localMasterSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, MASTER_SECRET_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

/** The environment the CDK stack gives each function, pointed at the emulators. */
export function localEnvironment(emulators: Pick<RunningEmulators, 'dynamodbEndpoint' | 's3Endpoint'>, masterSecret: string): Record<string, string> {
  return {
    [ENV.accountsTable]: TABLES.accounts.localName,
    [ENV.documentsTable]: TABLES.documents.localName,
    [ENV.requestsTable]: TABLES.requests.localName,
    [ENV.jobsTable]: TABLES.jobs.localName,
    [ENV.batchesTable]: TABLES.batches.localName,
    // A receiver on the developer's machine; other private addresses stay refused.
    [ENV.webhookAllowLoopback]: 'true',
    [ENV.bucket]: STORAGE.localBucket,
    [ENV.dynamodbEndpoint]: emulators.dynamodbEndpoint,
    [ENV.s3Endpoint]: emulators.s3Endpoint,
    [ENV.masterSecret]: masterSecret,
    [ENV.region]: process.env[ENV.region] ?? 'us-east-1',
  };
}

/** A start-up refusal worth one line to the developer (no stack): another server, a busy port. */
export class LocalServerStartError extends Error {
  override readonly name = 'LocalServerStartError';
}

/** Fails early, before the emulators start, when the port is taken. */
async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolvePromise, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => reject(portError(error, port, host)));
    probe.listen(port, host, () => probe.close(() => resolvePromise()));
  });
}

function portError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  if (error.code === 'EADDRINUSE') return new LocalServerStartError(`port ${port} is in use on ${host}: stop what listens there, or start on another port (PORT=3001 npm start).`);
  if (error.code === 'EACCES') return new LocalServerStartError(`port ${port} on ${host} needs privileges: choose a port above 1023 (PORT=3001 npm start).`);
  return error;
}

async function fileExists(path: string): Promise<boolean> {
  return readFile(path).then(
    () => true,
    () => false,
  );
}

/** Refuses to start on a data dir another live server uses. */
function refuseRunningServer(dataDir: string): void {
  // Two processes cannot share a data dir: the DynamoDB emulator's store is
  // locked by the first, and the second would die with "Database is closed".
  const recorded = runningServer(dataDir);
  // This process's own record (a restart in the same process) is no other server.
  const running = recorded?.pid === process.pid ? undefined : recorded;
  if (running) {
    throw new LocalServerStartError(
      `already running on ${running.url}, pid ${running.pid} (data in ${dataDir}). Use that one, stop it (kill ${running.pid}), or start a second server with its own data: DOCINTEL_DATA_DIR=./.docintel-2 PORT=3001 npm start.`,
    );
  }
}

/**
 * The local stand-ins for the queues and the workflow: jobs through an
 * in-process queue, batch items through a durable local queue (held back
 * while synchronous requests run), batches through the state machine run
 * locally.
 */
function localQueues(dataDir: string): {
  jobQueue: InProcessJobQueue;
  batchQueue: DurableLocalQueue;
  batchWorkflow: LocalBatchWorkflow;
  activity: RequestActivity;
} {
  // SQS has no emulator here: async jobs go through an in-process queue that
  // delivers SQS events to the same worker handler.
  const jobQueue = new InProcessJobQueue({
    worker: () => loadHandler<SqsWorker>(JOB_WORKER_HANDLER),
    onDeadLetter: (message, error) => logger.error('job message dead-lettered', { job_id: message.jobId, error: error as Error }),
  });
  // The batch lane: SQS semantics, durable across restarts, behind synchronous requests.
  const activity: RequestActivity = { inFlight: 0 };
  const batchQueue = new DurableLocalQueue({
    name: 'docintel-batch-items',
    journalPath: join(dataDir, 'batch-queue.jsonl'),
    worker: () => loadHandler<SqsWorker>(BATCH_WORKER_HANDLER),
    deadLetterWorker: () => loadHandler<SqsWorker>(BATCH_DEAD_LETTER_HANDLER),
    maxReceives: BATCH_LIMITS.maxItemReceives,
    // As deployed: six times the worker's timeout.
    visibilityTimeoutMs: 6 * BATCH_WORKER_TIMEOUT_SECONDS * 1000,
    concurrency: Number(process.env.DOCINTEL_LOCAL_BATCH_CONCURRENCY ?? 2),
    gate: () => activity.inFlight === 0,
    context: () => lambdaContext(`docintel-${BATCH_WORKER_HANDLER}`, BATCH_WORKER_TIMEOUT_SECONDS * 1000),
  });
  const optionalMs = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const batchWorkflow = new LocalBatchWorkflow({
    definition: readFileSync(BATCH_STATE_MACHINE_FILE, 'utf8'),
    functions: {
      [BATCH_STATE_MACHINE_SUBSTITUTIONS.progressFunction]: BATCH_PROGRESS_HANDLER,
      [BATCH_STATE_MACHINE_SUBSTITUTIONS.webhookFunction]: BATCH_WEBHOOK_HANDLER,
    },
    invoke: async (name, payload) => (await loadHandler<(input: unknown) => Promise<unknown>>(name))(payload),
    // Locally the poll is cheap; the deployed machine waits as the progress step asks (2-30 s).
    pollIntervalMs: optionalMs('DOCINTEL_LOCAL_BATCH_POLL_MS') ?? 1000,
    webhookRetryMs: optionalMs('DOCINTEL_LOCAL_WEBHOOK_RETRY_MS'),
    onError: (batchId, error) => logger.error('batch workflow failed', { batch_id: batchId, error: error as Error }),
  });
  return { jobQueue, batchQueue, batchWorkflow, activity };
}

/** Picks up jobs and batches accepted before a restart and not finished. */
async function resumeUnfinished(jobQueue: InProcessJobQueue, batchWorkflow: LocalBatchWorkflow): Promise<void> {
  const jobs = defaultDeps().jobs;
  for (const job of (await jobs.listUnfinished?.()) ?? []) {
    // This process is the only worker: a job left processing lost its worker with the last process.
    if (job.status === 'processing') await jobs.requeue?.(job.orgId, job.jobId);
    await jobQueue.enqueue({ jobId: job.jobId, orgId: job.orgId });
  }

  // Batches not settled before a restart: items left processing lost their worker with the last
  // process, so they are queued again (their messages are still in the journal); each batch's
  // workflow starts again, and a submission cut off before dispatch is completed.
  const batches = defaultDeps().batches;
  for (const batch of (await batches.listUnsettled?.()) ?? []) {
    if (!batch.finishedAt) {
      for (const item of await batches.items(batch.orgId, batch.batchId)) {
        if (item.status === 'processing') await batches.requeueItem(batch.orgId, batch.batchId, item.docIndex);
      }
    }
    if (!batch.dispatchedAt && !batch.finishedAt) await dispatchBatch(defaultDeps(), batch);
    else await batchWorkflow.start(batch.orgId, batch.batchId);
  }
}

/**
 * On a fresh data dir, the `dev` organization and its test key (written for
 * the CLI); undefined when the data dir was seeded before.
 */
async function seedDevKey(dataDir: string): Promise<CreatedKey | undefined> {
  const marker = join(dataDir, SEED_MARKER);
  if (await fileExists(marker)) return undefined;
  const seedDeps = buildDeps(readConfig());
  const seededKey = await createKey(seedDeps, 'dev', 'pro', 'test');
  // The local `dev` organization computes on this machine only: its test key gets the largest
  // sandbox ceiling, so benches and evaluations over thousands of pages are not cut off at the
  // default daily allowance (which every other organization keeps, locally as deployed).
  await setSandboxLimit(seedDeps, 'dev', MAX_SANDBOX_PAGES_PER_DAY);
  // Likewise its share and rate (bench batch uploads 1,000 documents within a minute).
  await setConcurrencyShare(seedDeps, 'dev', { testKeys: CONCURRENCY_SHARE.maxPerOperation });
  await setTestKeyRateLimit(seedDeps, 'dev', MAX_TEST_KEY_REQUESTS_PER_MINUTE);
  // For the docintel CLI's default key (a local test key: unbilled, this machine only).
  await writeFile(join(dataDir, DEV_KEY_FILE), `${seededKey.api_key}\n`, { mode: 0o600 });
  await writeFile(marker, JSON.stringify({ org_id: 'dev', key_id: seededKey.key_id, created_at: new Date().toISOString() }));
  return seededKey;
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  refuseRunningServer(dataDir);
  const host = options.host ?? '127.0.0.1';
  await checkPortFree(options.port ?? 3000, host);
  const emulators = await startEmulators({ dataDir, s3Port: Number(process.env.DOCINTEL_S3_PORT ?? 0) });
  const masterSecret = await localMasterSecret(dataDir);
  // The handlers read their configuration from the environment, as on Lambda.
  Object.assign(process.env, localEnvironment(emulators, masterSecret));
  const { jobQueue, batchQueue, batchWorkflow, activity } = localQueues(dataDir);
  resetDefaultDeps({ jobQueue, batchQueue, batchWorkflow });
  await resumeUnfinished(jobQueue, batchWorkflow);
  batchQueue.start();

  const seededKey = options.seed !== false ? await seedDevKey(dataDir) : undefined;

  const server: Server = createLocalApiGateway(activity);
  try {
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => reject(portError(error, options.port ?? 3000, host)));
      server.listen(options.port ?? 3000, host, () => resolvePromise());
    });
  } catch (error) {
    // Taken between the check and now: leave nothing running behind the message.
    jobQueue.stop();
    batchQueue.stop();
    batchWorkflow.stop();
    await emulators.stop();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const endpointsPath = join(dataDir, ENDPOINTS_FILE);
  const endpoints: EndpointsFile = {
    pid: process.pid,
    url,
    dynamodbEndpoint: emulators.dynamodbEndpoint,
    s3Endpoint: emulators.s3Endpoint,
  };
  await writeFile(endpointsPath, JSON.stringify(endpoints, null, 2));

  let stopped = false;
  return {
    url,
    dataDir,
    emulators,
    jobQueue,
    batchQueue,
    batchWorkflow,
    seededKey,
    async stop() {
      if (stopped) return;
      stopped = true;
      jobQueue.stop();
      batchQueue.stop();
      batchWorkflow.stop();
      await new Promise<void>((r) => {
        server.close(() => r());
        (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await emulators.stop();
      // OCR worker threads would keep the process alive after the server stops.
      const { terminateOcr } = await import('../../engines/ocr/tesseract-pool.ts');
      await terminateOcr();
      await rm(endpointsPath, { force: true });
    },
  };
}
