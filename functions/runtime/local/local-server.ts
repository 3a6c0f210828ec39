/**
 * The embedded local stack behind `npm start`: AWS-protocol emulators in
 * process, the environment the CDK stack would give the functions, the
 * same handlers behind a local API Gateway, and first-start seeding.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import { join, resolve } from 'node:path';
import { ENV } from '../../contracts/env.ts';
import { STORAGE } from '../../contracts/storage.ts';
import { TABLES } from '../../contracts/tables.ts';
import { createKey, type CreatedKey } from '../admin.ts';
import { readConfig } from '../config.ts';
import { InProcessJobQueue, type SqsWorker } from '../../adapters/local/in-process-job-queue.ts';
import { JOB_WORKER_HANDLER } from '../../contracts/routes.ts';
import { buildDeps, defaultDeps, resetDefaultDeps } from '../deps.ts';
import { logger } from '../logger.ts';
import { startEmulators, type RunningEmulators } from './emulators.ts';
import { createLocalApiGateway, loadHandler } from './local-api-gateway.ts';

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
  /** Set when this start created the `dev` organization. */
  readonly seededKey?: CreatedKey;
  stop(): Promise<void>;
}

/** Written while the server runs, so the admin CLI can reach its emulators. */
export const ENDPOINTS_FILE = 'endpoints.json';
const MASTER_SECRET_FILE = 'master-secret';
const SEED_MARKER = 'seeded.json';

export interface EndpointsFile {
  pid: number;
  url: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
}

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
export function localEnvironment(emulators: RunningEmulators, masterSecret: string): Record<string, string> {
  return {
    [ENV.accountsTable]: TABLES.accounts.localName,
    [ENV.documentsTable]: TABLES.documents.localName,
    [ENV.requestsTable]: TABLES.requests.localName,
    [ENV.jobsTable]: TABLES.jobs.localName,
    [ENV.bucket]: STORAGE.localBucket,
    [ENV.dynamodbEndpoint]: emulators.dynamodbEndpoint,
    [ENV.s3Endpoint]: emulators.s3Endpoint,
    [ENV.masterSecret]: masterSecret,
    [ENV.region]: process.env[ENV.region] ?? 'us-east-1',
  };
}

async function fileExists(path: string): Promise<boolean> {
  return readFile(path).then(
    () => true,
    () => false,
  );
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const emulators = await startEmulators({ dataDir, s3Port: Number(process.env.DOCINTEL_S3_PORT ?? 0) });
  const masterSecret = await localMasterSecret(dataDir);
  // The handlers read their configuration from the environment, as on Lambda.
  Object.assign(process.env, localEnvironment(emulators, masterSecret));
  // SQS has no emulator here: async jobs go through an in-process queue that
  // delivers SQS events to the same worker handler.
  const jobQueue = new InProcessJobQueue({
    worker: () => loadHandler<SqsWorker>(JOB_WORKER_HANDLER),
    onDeadLetter: (message, error) => logger.error('job message dead-lettered', { job_id: message.jobId, error: error as Error }),
  });
  resetDefaultDeps({ jobQueue });
  // Jobs accepted before a restart and not finished are picked up again.
  const jobs = defaultDeps().jobs;
  for (const job of (await jobs.listUnfinished?.()) ?? []) {
    // This process is the only worker: a job left processing lost its worker with the last process.
    if (job.status === 'processing') await jobs.requeue?.(job.orgId, job.jobId);
    await jobQueue.enqueue({ jobId: job.jobId, orgId: job.orgId });
  }

  let seededKey: CreatedKey | undefined;
  const marker = join(dataDir, SEED_MARKER);
  if (options.seed !== false && !(await fileExists(marker))) {
    seededKey = await createKey(buildDeps(readConfig()), 'dev', 'pro', 'test');
    await writeFile(marker, JSON.stringify({ org_id: 'dev', key_id: seededKey.key_id, created_at: new Date().toISOString() }));
  }

  const server: Server = createLocalApiGateway();
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => resolvePromise());
  });
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
    seededKey,
    async stop() {
      if (stopped) return;
      stopped = true;
      jobQueue.stop();
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
