/** Loads sample events from events/ (a fresh copy each time) with overrides. */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaContext } from '../../functions/runtime/local/api-gateway-event.ts';

const EVENTS_DIR = join(import.meta.dirname, '..', '..', 'events');

export function getTestEvent(name: string, overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  const event = JSON.parse(readFileSync(join(EVENTS_DIR, `${name}.json`), 'utf8')) as APIGatewayProxyEvent;
  // A plain-text body override arrives the way the deployed API delivers every body
  // (binary media type */*): base64-encoded.
  const body =
    typeof overrides.body === 'string' && overrides.isBase64Encoded === undefined
      ? { body: Buffer.from(overrides.body, 'utf8').toString('base64'), isBase64Encoded: true }
      : {};
  return { ...structuredClone(event), ...overrides, ...body };
}

export function testContext(name = 'test'): Context {
  return lambdaContext(name, 29_000);
}

/** The API key the sample events carry; fake deps register it for org `events-org`. */
export const SAMPLE_EVENT_API_KEY = 'hk_test_SampleEventKey00000000000000000000000000';
export const SAMPLE_DOCUMENT_KEY = '5b0f1d7e-3c2a-4f55-9a8e-1f2d3c4b5a69';
export const SAMPLE_JOB_ID = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
export const SAMPLE_REQUEST_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
export const SAMPLE_BATCH_ID = '3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const BOUNDARY = '----docintelTestBoundary';

/** An inference event (POST /v1/<operation>) with a multipart body, as API Gateway delivers it. */
export function inferenceEvent(
  operation: string,
  apiKey: string,
  fields: Record<string, string>,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): APIGatewayProxyEvent {
  const base = getTestEvent('parse');
  const body = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${BOUNDARY}--\r\n`,
  ).toString('base64');
  return {
    ...base,
    resource: `/v1/${operation}`,
    path: `/v1/${operation}`,
    headers: { 'X-API-Key': apiKey, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    multiValueHeaders: {},
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: null,
    body,
    isBase64Encoded: true,
  };
}

/** A GET event for a path with path parameters. */
export function getEvent(
  path: string,
  apiKey: string,
  pathParameters: Record<string, string> | null = null,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): APIGatewayProxyEvent {
  const base = getTestEvent('limits');
  return {
    ...base,
    path,
    headers: { 'X-API-Key': apiKey, ...headers },
    multiValueHeaders: {},
    pathParameters,
    queryStringParameters: Object.keys(query).length ? query : null,
  };
}
