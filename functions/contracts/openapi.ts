/**
 * The OpenAPI 3.1 document, generated from the same sources the handlers
 * and the CDK stack use: the route table, the zod request schemas, the
 * error-code table and the limits. `npm run openapi` writes it to
 * docs/openapi.json; a unit test fails when the committed file is stale.
 *
 * @module
 */
import { z } from 'zod';
import { ERROR_STATUS } from './errors.ts';
import { ROUTES, type RouteDefinition } from './routes.ts';
import { ParseQuery } from './schemas/parse.ts';
import { ClassifyOptions, RouterQuery, SplitOptions } from './schemas/classify.ts';
import { ExtractQuery } from './schemas/extract.ts';
import { PiiConfig, RedactQuery } from './schemas/redact.ts';
import { UploadRequest } from './schemas/upload.ts';
import { UsageQuery } from './schemas/usage.ts';
import { BatchListQuery, BatchListView, BatchReceipt, BatchRecordView, BatchSubmission } from './schemas/batch.ts';
import {
  ClassifyEnvelope,
  ExtractEnvelope,
  JobReceipt,
  JobView,
  LimitsView,
  OffloadedResponse,
  ParseEnvelope,
  RedactEnvelope,
  SnapshotView,
  SplitEnvelope,
  UploadReceipt,
  UsageView,
} from './schemas/responses.ts';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

const jsonSchemaOut = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  return rest;
};

/** Request shapes by handler; inference routes also take the X-Async header. */
const REQUESTS: Record<string, { query?: z.ZodType; jsonBody?: z.ZodType; documentForm?: boolean; formFields?: Record<string, Json> }> = {
  upload: { jsonBody: UploadRequest },
  parse: { query: ParseQuery, documentForm: true },
  extract: {
    query: ExtractQuery,
    documentForm: true,
    formFields: {
      schema: {
        type: 'string',
        description: 'category=non_financial: a non-empty JSON object sent as a string whose values are null (text), false (checkbox true/false), "unselected" (checkbox selected/unselected), nested objects, or one-item arrays (the shape of each item)',
        contentMediaType: 'application/json',
      },
    },
  },
  classify: {
    query: RouterQuery,
    documentForm: true,
    formFields: {
      options: { type: 'string', description: 'JSON object sent as a string (invalid JSON or a non-object → 400)', contentMediaType: 'application/json', contentSchema: jsonSchema(ClassifyOptions) },
    },
  },
  split: {
    query: RouterQuery,
    documentForm: true,
    formFields: {
      options: { type: 'string', description: 'JSON object sent as a string (invalid JSON or a non-object → 400)', contentMediaType: 'application/json', contentSchema: jsonSchema(SplitOptions) },
    },
  },
  redact: {
    query: RedactQuery,
    documentForm: true,
    formFields: {
      pii_config: {
        type: 'string',
        description: 'JSON object sent as a string (invalid JSON → 400 invalid_request)',
        contentMediaType: 'application/json',
        contentSchema: jsonSchema(PiiConfig),
      },
    },
  },
  usage: { query: UsageQuery },
  'batch-submit': { jsonBody: BatchSubmission },
  'batch-list': { query: BatchListQuery },
};

/**
 * Named response schemas (components.schemas), so SDK users can name them:
 * `components['schemas']['ParseEnvelope']`.
 */
const NAMED_RESPONSES: Record<string, z.ZodType> = {
  ParseEnvelope,
  ExtractEnvelope,
  ClassifyEnvelope,
  SplitEnvelope,
  RedactEnvelope,
  JobReceipt,
  OffloadedResponse,
  JobView,
  UploadReceipt,
  UsageView,
  LimitsView,
  SnapshotView,
  BatchReceipt,
  BatchListView,
  BatchRecordView,
};

const ref = (name: keyof typeof NAMED_RESPONSES & string): Json => ({ $ref: `#/components/schemas/${name}` });
/** An inference route answers its envelope, a job receipt (X-Async: true), or a link to an offloaded envelope. */
const inference = (envelope: string): Json => ({ oneOf: [ref(envelope), ref('JobReceipt'), ref('OffloadedResponse')] });

/** The 200 body of every API route (a unit test fails when one is missing). */
export const RESPONSE_SCHEMAS: Record<string, Json> = {
  upload: ref('UploadReceipt'),
  parse: inference('ParseEnvelope'),
  extract: inference('ExtractEnvelope'),
  classify: inference('ClassifyEnvelope'),
  split: inference('SplitEnvelope'),
  redact: inference('RedactEnvelope'),
  'get-job': ref('JobView'),
  'get-snapshot': ref('SnapshotView'),
  usage: ref('UsageView'),
  limits: ref('LimitsView'),
  'batch-submit': ref('BatchReceipt'),
  'batch-list': ref('BatchListView'),
  'batch-get': ref('BatchRecordView'),
  'batch-cancel': ref('BatchRecordView'),
};

/** Which error codes each kind of route can answer (besides auth and rate limit, which every route can). */
const ROUTE_ERRORS: Record<string, readonly (keyof typeof ERROR_STATUS)[]> = {
  upload: ['invalid_request', 'invalid_json', 'file_too_large', 'unsupported_media_type'],
  parse: [
    'invalid_request', 'invalid_option', 'plan_required', 'document_not_found', 'document_not_uploaded',
    'document_expired', 'file_too_large', 'page_limit_exceeded', 'unsupported_file_type',
    'document_encrypted', 'document_corrupt', 'document_empty',
  ],
  extract: [
    'invalid_request', 'invalid_option', 'plan_required', 'document_not_found', 'document_not_uploaded', 'document_expired',
    'file_too_large', 'page_limit_exceeded', 'unsupported_file_type', 'document_encrypted', 'document_corrupt',
    'document_empty',
  ],
  classify: [
    'invalid_request', 'invalid_option', 'document_not_found', 'document_not_uploaded', 'document_expired',
    'file_too_large', 'page_limit_exceeded', 'unsupported_file_type', 'document_encrypted', 'document_corrupt',
    'document_empty',
  ],
  split: [
    'invalid_request', 'invalid_option', 'document_not_found', 'document_not_uploaded', 'document_expired',
    'file_too_large', 'page_limit_exceeded', 'unsupported_file_type', 'document_encrypted', 'document_corrupt',
    'document_empty',
  ],
  redact: [
    'invalid_request', 'invalid_option', 'document_not_found', 'document_not_uploaded', 'document_expired',
    'file_too_large', 'page_limit_exceeded', 'unsupported_file_type', 'document_encrypted', 'document_corrupt',
    'document_empty',
  ],
  'get-job': ['not_found'],
  'get-snapshot': ['not_found'],
  usage: ['invalid_option'],
  limits: [],
  'batch-submit': [
    'invalid_request', 'invalid_json', 'invalid_option', 'plan_required', 'feature_not_enabled', 'idempotency_key_reused',
  ],
  'batch-list': ['invalid_option'],
  'batch-get': ['not_found'],
  'batch-cancel': ['not_found', 'batch_finished'],
};

const COMMON_ERRORS = ['missing_api_key', 'invalid_api_key', 'rate_limited', 'internal_error'] as const;

const ERROR_BODY: Json = {
  type: 'object',
  required: ['status', 'error', 'request_id'],
  properties: {
    status: { const: 'error' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        message: { type: 'string' },
        details: { type: 'object', additionalProperties: true },
      },
    },
    request_id: { type: 'string' },
  },
};

function parameters(route: RouteDefinition): Json[] {
  const params: Json[] = [];
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    params.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  const query = REQUESTS[route.handler]?.query;
  if (query) {
    const schema = jsonSchema(query) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      params.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  if (route.handler === 'batch-submit') {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'A resubmission with the same key (24 h) returns the existing batch; the same key with another body → 422 idempotency_key_reused',
      schema: { type: 'string', maxLength: 255 },
    });
  }
  if (REQUESTS[route.handler]?.documentForm) {
    params.push({
      name: 'X-Async',
      in: 'header',
      required: false,
      description: 'true: answer 200 at once with a job; poll GET /v1/jobs/{job_id}',
      schema: { type: 'string', enum: ['true', 'false'] },
    });
  }
  return params;
}

function responses(route: RouteDefinition): Json {
  const content: Json = { 'application/json': { schema: RESPONSE_SCHEMAS[route.handler] ?? { type: 'object' } } };
  if (route.handler === 'usage') content['text/csv'] = { schema: { type: 'string', description: 'format=csv' } };
  const out: Json = { '200': { description: 'Success', content } };
  const byStatus = new Map<number, string[]>();
  for (const code of [...(ROUTE_ERRORS[route.handler] ?? []), ...COMMON_ERRORS]) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return out;
}

export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) {
    const request = REQUESTS[route.handler];
    const operation: Json = {
      operationId: route.handler,
      summary: route.summary,
      parameters: parameters(route),
      responses: responses(route),
    };
    if (route.handler === 'playground') {
      // A page for browsers, not an API call: no key, HTML.
      operation.security = [];
      operation.responses = { '200': { description: 'The Playground page', content: { 'text/html': { schema: { type: 'string' } } } } };
    }
    if (request?.jsonBody) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(request.jsonBody) } } };
    }
    if (request?.documentForm) {
      const form = {
        type: 'object',
        required: ['document_key'],
        properties: { document_key: { type: 'string', format: 'uuid' }, ...(request.formFields ?? {}) },
      };
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: form }, 'application/x-www-form-urlencoded': { schema: form } },
      };
    }
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'docintel',
      version: '1',
      description: 'Document intelligence: parse, extract, classify, split and redact. See docs/api.md.',
    },
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: {
        ErrorBody: ERROR_BODY,
        // The JSON objects of form fields, as callers write them (the SDK types its options from these).
        ClassifyOptions: jsonSchema(ClassifyOptions),
        SplitOptions: jsonSchema(SplitOptions),
        PiiConfig: jsonSchema(PiiConfig),
        ...Object.fromEntries(Object.entries(NAMED_RESPONSES).map(([name, schema]) => [name, jsonSchemaOut(schema)])),
      },
    },
    paths,
  };
}
