/**
 * Regenerates events/*.json: API Gateway REST proxy events as the deployed
 * API sends them (usable with `sam local invoke -e events/<name>.json`).
 * Run: npx tsx scripts/make-events.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toApiGatewayEvent } from '../functions/runtime/local/api-gateway-event.ts';
import { lookupRoute } from '../functions/contracts/routes.ts';
import {
  SAMPLE_DOCUMENT_KEY,
  SAMPLE_EVENT_API_KEY,
  SAMPLE_JOB_ID,
  SAMPLE_REQUEST_ID,
  SAMPLE_BATCH_ID,
} from '../test/helpers/events.ts';

const boundary = '----docintelSampleBoundary7MA4YWxkTrZu0gW';
const multipart = (fields: Record<string, string>) =>
  Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`,
  );

const common = ['X-API-Key', SAMPLE_EVENT_API_KEY, 'User-Agent', 'curl/8.5.0', 'Host', 'api.example.com'];

const samples: Record<string, { method: string; url: string; headers: string[]; body?: Buffer }> = {
  upload: {
    method: 'POST',
    url: '/v1/documents/upload',
    headers: [...common, 'Content-Type', 'application/json'],
    body: Buffer.from(JSON.stringify({ filename: 'invoice.pdf', content_type: 'application/pdf', content_length: 48213 })),
  },
  parse: {
    method: 'POST',
    url: '/v1/parse?include_boxes=true',
    headers: [...common, 'Content-Type', `multipart/form-data; boundary=${boundary}`],
    body: multipart({ document_key: SAMPLE_DOCUMENT_KEY }),
  },
  extract: {
    method: 'POST',
    url: '/v1/extract?category=financial',
    headers: [...common, 'Content-Type', `multipart/form-data; boundary=${boundary}`],
    body: multipart({ document_key: SAMPLE_DOCUMENT_KEY }),
  },
  classify: {
    method: 'POST',
    url: '/v1/classify',
    headers: [...common, 'Content-Type', `multipart/form-data; boundary=${boundary}`],
    body: multipart({ document_key: SAMPLE_DOCUMENT_KEY, options: JSON.stringify({ mode: 'balanced', max_start_pages: 2, max_end_pages: 1 }) }),
  },
  split: {
    method: 'POST',
    url: '/v1/split',
    headers: [...common, 'Content-Type', `multipart/form-data; boundary=${boundary}`],
    body: multipart({ document_key: SAMPLE_DOCUMENT_KEY, options: JSON.stringify({ use_thinking: true }) }),
  },
  redact: {
    method: 'POST',
    url: '/v1/redact?mode=deidentify&output=urls',
    headers: [...common, 'Content-Type', `multipart/form-data; boundary=${boundary}`],
    body: multipart({
      document_key: SAMPLE_DOCUMENT_KEY,
      pii_config: JSON.stringify({
        mode: 'extend',
        types: [{ name: 'EMPLOYEE_ID', description: 'Employee ids such as "EMP-20391", after "Employee ID"', has_synthetic_replacement: true }],
      }),
    }),
  },
  limits: { method: 'GET', url: '/v1/limits', headers: common },
  'get-job': { method: 'GET', url: `/v1/jobs/${SAMPLE_JOB_ID}`, headers: common },
  'get-snapshot': { method: 'GET', url: `/v1/requests/${SAMPLE_REQUEST_ID}/snapshot`, headers: common },
  usage: { method: 'GET', url: '/v1/usage?from=2026-11-01&to=2026-11-30', headers: [...common, 'Accept', 'application/json'] },
  fallback: { method: 'GET', url: '/v1/unknown', headers: common },
  playground: { method: 'GET', url: '/', headers: ['User-Agent', 'Mozilla/5.0', 'Host', 'api.example.com', 'Accept', 'text/html'] },
  'batch-submit': {
    method: 'POST',
    url: '/v1/batch',
    headers: [...common, 'Content-Type', 'application/json', 'Idempotency-Key', 'sample-nightly-run'],
    body: Buffer.from(JSON.stringify({ endpoint: '/v1/parse', document_keys: [SAMPLE_DOCUMENT_KEY], options: { include_boxes: true } })),
  },
  'batch-list': { method: 'GET', url: '/v1/batch?limit=10', headers: common },
  'batch-get': { method: 'GET', url: `/v1/batch/${SAMPLE_BATCH_ID}`, headers: common },
  'batch-cancel': { method: 'DELETE', url: `/v1/batch/${SAMPLE_BATCH_ID}`, headers: common },
};

for (const [name, s] of Object.entries(samples)) {
  const found = lookupRoute(s.method, new URL(s.url, 'http://x').pathname);
  const event = toApiGatewayEvent(
    { method: s.method, url: s.url, rawHeaders: s.headers, body: s.body ?? Buffer.alloc(0), sourceIp: '203.0.113.10' },
    found.kind === 'match'
      ? { resource: found.match.route.path, pathParameters: found.match.pathParameters }
      : { resource: '/{proxy+}', pathParameters: { proxy: 'v1/unknown' } },
  );
  // Stable sample ids keep the files diff-free when regenerated.
  event.requestContext.requestId = `sample-${name}-request`;
  event.requestContext.requestTimeEpoch = 1_763_800_000_000;
  event.requestContext.stage = 'prod';
  event.requestContext.path = `/prod${event.path}`;
  event.requestContext.apiId = 'abcdef1234';
  event.requestContext.accountId = '123456789012';
  writeFileSync(join('events', `${name}.json`), JSON.stringify(event, null, 2) + '\n');
}
// The page-range worker's direct invocation payload: one page segment of the sample upload.
writeFileSync(
  join('events', 'page-range-worker.json'),
  JSON.stringify(
    { blobKey: `uploads/events-org/${SAMPLE_DOCUMENT_KEY}`, kind: 'pdf', filename: 'sample.pdf', pageNumbers: [1] },
    null,
    2,
  ) + '\n',
);
// SQS events (the job worker, the batch worker and its dead-letter consumer) and the state machine's task inputs.
const sqsEvent = (queue: string, body: unknown, messageId: string, receives: number) => ({
  Records: [
    {
      messageId,
      receiptHandle: 'AQEBwJnKyrHigUMZj6rYigCgxlaS3SLy0a',
      body: JSON.stringify(body),
      attributes: {
        ApproximateReceiveCount: String(receives),
        SentTimestamp: '1763800000000',
        SenderId: 'AIDAIENQZJOLO23YVJ4VO',
        ApproximateFirstReceiveTimestamp: '1763800000001',
      },
      messageAttributes: {},
      md5OfBody: 'e4e68fb7bd0e697a0ae8f1bb342846b3',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:123456789012:${queue}`,
      awsRegion: 'us-east-1',
    },
  ],
});
const write = (name: string, value: unknown) => writeFileSync(join('events', `${name}.json`), JSON.stringify(value, null, 2) + '\n');
// The async job worker's SQS event.
write('job-worker', sqsEvent('docintel-jobs', { jobId: SAMPLE_JOB_ID, orgId: 'events-org' }, '059f36b4-87a3-44ab-83d2-661975830a7d', 1));
write('batch-worker', sqsEvent('docintel-batch-items', { orgId: 'events-org', batchId: SAMPLE_BATCH_ID, docIndex: 0 }, '1a2b3c4d-0000-4000-8000-000000000000', 1));
write('batch-dead-letter', sqsEvent('docintel-batch-items-dlq', { orgId: 'events-org', batchId: SAMPLE_BATCH_ID, docIndex: 1 }, '1a2b3c4d-0000-4000-8000-000000000001', 3));
write('batch-progress', { org_id: 'events-org', batch_id: SAMPLE_BATCH_ID });
write('batch-webhook', { org_id: 'events-org', batch_id: SAMPLE_BATCH_ID, action: 'deliver' });
console.log(
  'wrote',
  [...Object.keys(samples), 'job-worker', 'page-range-worker', 'batch-worker', 'batch-dead-letter', 'batch-progress', 'batch-webhook'].map((n) => `events/${n}.json`).join(', '),
);
