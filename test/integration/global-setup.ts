/**
 * Starts the real local stack once per run (emulators + local API Gateway +
 * handlers, exactly what `npm start` runs) in a temporary data dir, and
 * issues the keys the integration tests use.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createKey, MAX_TEST_KEY_REQUESTS_PER_MINUTE, setConcurrencyShare, setSandboxLimit, setTestKeyRateLimit } from '../../functions/runtime/admin.ts';
import { readConfig } from '../../functions/runtime/config.ts';
import { buildDeps } from '../../functions/runtime/deps.ts';
import { startLocalServer, type LocalServer } from '../../functions/runtime/local/local-server.ts';
import { quietSdkNodeNotice } from '../../functions/runtime/local/sdk-notices.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    s3Endpoint: string;
    dynamodbEndpoint: string;
    keys: {
      proTest: string;
      proLive: string;
      otherOrg: string;
      freeLive: string;
      customLive: string;
      customTest: string;
      /** Batch tests only: a live key of its own organization, so ledger assertions see only batch rows. */
      batchLive: string;
      freeTest: string;
    };
  }
}

let server: LocalServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  quietSdkNodeNotice();
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  // Batch tests: poll progress often and retry webhooks after ~1 s (so each retry signs a new `t`),
  // instead of the deployed 2-30 s polls and 10 s+ backoff. The ASL and the code paths are unchanged.
  process.env.DOCINTEL_LOCAL_BATCH_POLL_MS = '200';
  process.env.DOCINTEL_LOCAL_WEBHOOK_RETRY_MS = '1100';
  dataDir = await mkdtemp(join(tmpdir(), 'docintel-it-'));
  server = await startLocalServer({ dataDir, port: 0, seed: false });
  const deps = buildDeps(readConfig());
  const key = async (org: string, tier: 'pro' | 'free' | 'custom', kind: 'live' | 'test') =>
    (await createKey(deps, org, tier, kind)).api_key;
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('s3Endpoint', server.emulators.s3Endpoint);
  project.provide('dynamodbEndpoint', server.emulators.dynamodbEndpoint);
  project.provide('keys', {
    proTest: await key('acme', 'pro', 'test'),
    proLive: await key('acme', 'pro', 'live'),
    otherOrg: await key('globex', 'pro', 'test'),
    freeLive: await key('smallco', 'free', 'live'),
    customLive: await key('bigco', 'custom', 'live'),
    customTest: await key('bigco', 'custom', 'test'),
    batchLive: await key('batchco', 'pro', 'live'),
    freeTest: await key('tinyco', 'free', 'test'),
  });
  // The suite runs thousands of test-key pages a day through these organizations (1,000-page
  // parses, 200-document batches); the daily sandbox ceiling is tested on an organization of its own
  // (platform-hardening.test.ts), so these get an allowance no run reaches.
  for (const org of ['acme', 'globex', 'bigco', 'tinyco']) await setSandboxLimit(deps, org, 1_000_000);
  // Some files send a few test-key requests to one operation at once (formats.test.ts: three parses);
  // the default share of 2 is tested on organizations of their own (concurrency-share.test.ts).
  // Their test keys also serve thousands of requests a minute across files (uploads of 200-document batches, job polls);
  // the per-organization test-key rate is tested on a fresh organization (auth-and-routes.test.ts).
  for (const org of ['acme', 'globex', 'bigco', 'tinyco']) {
    await setConcurrencyShare(deps, org, { testKeys: 16 });
    await setTestKeyRateLimit(deps, org, MAX_TEST_KEY_REQUESTS_PER_MINUTE);
  }
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
