/**
 * Every handler has a sample event in events/ (for `sam local invoke -e`),
 * and each sample event runs through its handler to a real answer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, ROUTES } from '../../../functions/contracts/routes.ts';
import type { DepsProvider } from '../../../functions/runtime/deps.ts';
import {
  SAMPLE_DOCUMENT_KEY,
  SAMPLE_EVENT_API_KEY,
  SAMPLE_JOB_ID,
  SAMPLE_REQUEST_ID,
  testContext,
} from '../../helpers/events.ts';
import { fakeDeps, seedKey, type FakeDeps } from '../../helpers/fakes.ts';
import { makeTextPdf } from '../../helpers/pdf.ts';

// Batch handlers' sample events run against the real emulators: test/integration/batch-events.test.ts.
const HANDLERS = [...ROUTES.map((r) => r.handler), FALLBACK_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER].filter((h) => !h.startsWith('batch-'));
const EXPECTED_STATUS: Record<string, number> = { fallback: 404 };

let deps: FakeDeps;
beforeAll(async () => {
  deps = fakeDeps();
  await seedKey(deps, SAMPLE_EVENT_API_KEY, 'events-org', 'pro');
  const now = deps.clock.now();
  const objectKey = `uploads/events-org/${SAMPLE_DOCUMENT_KEY}`;
  await deps.documents.create({
    orgId: 'events-org',
    documentKey: SAMPLE_DOCUMENT_KEY,
    filename: 'sample.pdf',
    contentType: 'application/pdf',
    kind: 'pdf',
    objectKey,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
  });
  await deps.blobs.put(objectKey, await makeTextPdf([['Sample event document']]), 'application/pdf');
  await deps.jobs.create({
    jobId: SAMPLE_JOB_ID,
    orgId: 'events-org',
    operation: 'parse',
    status: 'queued',
    request: {
      endpoint: '/v1/parse',
      query: {},
      form: { document_key: SAMPLE_DOCUMENT_KEY },
      forceRefresh: false,
      raised: false,
      keyId: 'key_events',
      keyKind: 'test',
    },
    createdAt: now.toISOString(),
    attempts: 0,
    expiresAt: new Date(now.getTime() + 30 * 86400_000).toISOString(),
  });
  await deps.blobs.put('stored/events-org/sample/response.json', JSON.stringify({ status: 'success' }), 'application/json');
  await deps.requests.put({
    requestId: SAMPLE_REQUEST_ID,
    orgId: 'events-org',
    endpoint: '/v1/parse',
    operation: 'parse',
    status: 'completed',
    filename: 'sample.pdf',
    pageCount: 1,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 30 * 86400_000).toISOString(),
    requestParams: {},
    responseKey: 'stored/events-org/sample/response.json',
    inputKey: objectKey,
    inputContentType: 'application/pdf',
    assets: [],
    cached: false,
  });
});

describe('Sample events', () => {
  it.each(HANDLERS)('events/%s.json exists and its handler answers it', async (name) => {
    const file = join(import.meta.dirname, '..', '..', '..', 'events', `${name}.json`);
    expect(existsSync(file)).toBe(true);
    const event = JSON.parse(readFileSync(file, 'utf8'));
    const module = (await import(`../../../functions/handlers/${name}.ts`)) as {
      createHandler: (getDeps: DepsProvider) => (event: unknown, context: unknown) => Promise<any>;
    };
    const result = await module.createHandler(() => deps)(event, testContext(name));
    if (name === JOB_WORKER_HANDLER) {
      expect(result).toEqual({ batchItemFailures: [] });
      expect((await deps.jobs.get('events-org', SAMPLE_JOB_ID))?.status).toBe('succeeded');
    } else if (name === PAGE_RANGE_WORKER_HANDLER) {
      expect(result.pages.map((p: { pageNumber: number }) => p.pageNumber)).toEqual([1]);
      expect(result.pages[0].text).toContain('Sample event document');
    } else {
      expect(result.statusCode).toBe(EXPECTED_STATUS[name] ?? 200);
      if (name === 'playground') expect(result.body).toContain('<title>docintel Playground</title>');
      else expect(() => JSON.parse(result.body)).not.toThrow();
    }
  });
});
