/**
 * The docintel client: typed calls generated from docs/openapi.json
 * (openapi-typescript types, openapi-fetch requests) plus the helpers the
 * API makes tedious by hand — upload, one call per operation that accepts a
 * file or a document_key, job polling, batches.
 *
 * @module
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { DocintelError } from './errors.ts';
import type { components, operations, paths } from './openapi-types.ts';

export interface DocintelClientOptions {
  /** e.g. http://127.0.0.1:3000 (the local server) or the deployed API's URL. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Polling interval of waitForJob and batch.waitFor. @default 500 */
  readonly pollIntervalMs?: number;
}

/** A file to upload first, or a document_key already uploaded. */
export type DocumentInput = string | { readonly bytes: Uint8Array | ArrayBuffer | Blob; readonly filename: string; readonly contentType?: string };

type Operation = 'parse' | 'extract' | 'classify' | 'split' | 'redact';
type QueryOf<O extends Operation> = NonNullable<operations[O]['parameters']['query']>;
/** Query values as the SDK takes them: booleans for the 'true'/'false' flags. */
type Loose<T> = { [K in keyof T]?: T[K] extends string | undefined ? T[K] | boolean : T[K] };

/** Per-call options shared by every operation. */
export interface CallOptions {
  /** X-Async: true, then wait for the job (the default when async) or return the job receipt. */
  readonly async?: boolean;
  /** With async: poll until the job finishes. @default true */
  readonly wait?: boolean;
  /** `Cache-Control: no-cache` (re-run, billed) */
  readonly forceRefresh?: boolean;
  readonly signal?: AbortSignal;
  /** With async: called after each poll of the job (status, attempts, timestamps). */
  readonly onJobProgress?: (job: JobStatus) => void;
}

/** What GET /v1/jobs/{job_id} tells while the job runs. */
export interface JobStatus {
  readonly job_id: string;
  readonly status: 'queued' | 'processing' | 'succeeded' | 'failed';
  readonly attempts?: number;
  readonly created_at?: string;
  readonly started_at?: string | null;
  /** Pages done and in total, when the service reports them. */
  readonly pages_done?: number;
  readonly pages_total?: number;
}

export type ParseOptions = Loose<QueryOf<'parse'>> & CallOptions;
export type ExtractOptions = Loose<QueryOf<'extract'>> & CallOptions & { readonly schema?: Record<string, unknown> };
/** The JSON objects sent in form fields (components.schemas in docs/openapi.json). */
export type ClassifyOptionsJson = Schemas['ClassifyOptions'];
export type SplitOptionsJson = Schemas['SplitOptions'];
export type PiiConfigJson = Schemas['PiiConfig'];
export type ClassifyOptions = Loose<QueryOf<'classify'>> & CallOptions & { readonly options?: ClassifyOptionsJson };
export type SplitOptions = Loose<QueryOf<'split'>> & CallOptions & { readonly options?: SplitOptionsJson };
export type RedactOptions = Loose<QueryOf<'redact'>> & CallOptions & { readonly pii_config?: PiiConfigJson };

type Schemas = components['schemas'];
/** The synchronous answer of each operation (docs/api.md "Envelope"), typed from docs/openapi.json. */
export type ParseEnvelope = Schemas['ParseEnvelope'];
export type ExtractEnvelope = Schemas['ExtractEnvelope'];
export type ClassifyEnvelope = Schemas['ClassifyEnvelope'];
export type SplitEnvelope = Schemas['SplitEnvelope'];
export type RedactEnvelope = Schemas['RedactEnvelope'];
/** extract's envelope narrowed to its category's result. */
export type FinancialExtractEnvelope = Omit<ExtractEnvelope, 'result'> & { readonly result: Extract<ExtractEnvelope['result'], { line_items: unknown }> };
export type SchemaExtractEnvelope = Omit<ExtractEnvelope, 'result'> & { readonly result: Extract<ExtractEnvelope['result'], { schema_source: unknown }> };
export type ParseResult = ParseEnvelope['result'];
export type ExtractResult = ExtractEnvelope['result'];
export type ClassifyResult = ClassifyEnvelope['result'];
export type SplitResult = SplitEnvelope['result'];
export type RedactResult = RedactEnvelope['result'];
/** Any operation's envelope. */
export type InferenceEnvelope = ParseEnvelope | ExtractEnvelope | ClassifyEnvelope | SplitEnvelope | RedactEnvelope;
interface EnvelopeOf {
  parse: ParseEnvelope;
  extract: ExtractEnvelope;
  classify: ClassifyEnvelope;
  split: SplitEnvelope;
  redact: RedactEnvelope;
}

export type JobReceipt = Schemas['JobReceipt'];
export type JobView = Schemas['JobView'];
export type UploadReceipt = Schemas['UploadReceipt'];
export type Usage = Schemas['UsageView'];
export type Limits = Schemas['LimitsView'];

type Json<P extends keyof paths, M extends 'get' | 'post' | 'delete'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
export type BatchReceipt = Json<'/v1/batch', 'post'>;
export type BatchRecord = Json<'/v1/batch/{batch_id}', 'get'>;
export type BatchList = Json<'/v1/batch', 'get'>;
export type BatchSubmission = NonNullable<operations['batch-submit']['requestBody']>['content']['application/json'];
export const TERMINAL_BATCH_STATUSES = ['completed', 'completed_with_errors', 'failed', 'canceled'] as const;

const FORM_FIELDS: Record<Operation, readonly string[]> = {
  parse: [],
  extract: ['schema'],
  classify: ['options'],
  split: ['options'],
  redact: ['pii_config'],
};
const CALL_OPTIONS = new Set(['async', 'wait', 'forceRefresh', 'signal', 'onJobProgress']);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export class DocintelClient {
  /** Every route, typed from the OpenAPI document (`client.raw.GET('/v1/limits')`). */
  readonly raw: Client<paths>;
  readonly batch: BatchApi;
  private readonly fetchImpl: typeof fetch;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: DocintelClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.raw = createFetchClient<paths>({
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      headers: { 'X-API-Key': options.apiKey },
      fetch: (request: Request) => fetchKeepingKeyHome(this.fetchImpl, request),
    });
    this.batch = new BatchApi(this, this.pollIntervalMs);
  }

  /** Unwraps an openapi-fetch answer: the body, or a thrown DocintelError. */
  async unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok || error !== undefined) throw DocintelError.fromBody(response.status, error);
    return data as T;
  }

  /** POST /v1/documents/upload, then PUT the bytes with the headers the address was signed with. */
  async upload(bytes: Uint8Array | ArrayBuffer | Blob, filename: string, contentType?: string): Promise<string> {
    const body = bytes instanceof Blob ? bytes : new Blob([bytes instanceof Uint8Array ? new Uint8Array(bytes) : bytes]);
    const receipt = (await this.unwrap(
      this.raw.POST('/v1/documents/upload', { body: { filename, ...(contentType ? { content_type: contentType } : {}), content_length: body.size } }),
    )) as { document_key: string; upload_url: string; upload_headers: Record<string, string> };
    const put = await this.fetchImpl(receipt.upload_url, { method: 'PUT', headers: receipt.upload_headers, body });
    if (!put.ok) {
      throw new DocintelError({ code: 'upload_failed', status: put.status, message: `The upload PUT answered ${put.status}: ${(await put.text()).slice(0, 300)}` });
    }
    return receipt.document_key;
  }

  /** A document_key for the input: uploaded first when it is a file. */
  async documentKey(input: DocumentInput): Promise<string> {
    return typeof input === 'string' ? input : this.upload(input.bytes, input.filename, input.contentType);
  }

  parse(input: DocumentInput, options: ParseOptions = {}): Promise<ParseEnvelope> {
    return this.infer('parse', input, options);
  }

  /** Financial (the default): entities and line items; `category: 'non_financial'`: your schema, filled. */
  extract(input: DocumentInput, options?: ExtractOptions & { readonly category?: 'financial' }): Promise<FinancialExtractEnvelope>;
  extract(input: DocumentInput, options: ExtractOptions & { readonly category: 'non_financial' }): Promise<SchemaExtractEnvelope>;
  extract(input: DocumentInput, options: ExtractOptions = {}): Promise<ExtractEnvelope> {
    return this.infer('extract', input, options);
  }

  classify(input: DocumentInput, options: ClassifyOptions = {}): Promise<ClassifyEnvelope> {
    return this.infer('classify', input, options);
  }

  split(input: DocumentInput, options: SplitOptions = {}): Promise<SplitEnvelope> {
    return this.infer('split', input, options);
  }

  redact(input: DocumentInput, options: RedactOptions = {}): Promise<RedactEnvelope> {
    return this.infer('redact', input, options);
  }

  /** Like the operations, but returns the job receipt of an X-Async call without waiting. */
  async submitJob(operation: Operation, input: DocumentInput, options: Record<string, unknown> = {}): Promise<JobReceipt> {
    return (await this.infer(operation, input, { ...options, async: true, wait: false })) as unknown as JobReceipt;
  }

  private async infer<O extends Operation>(operation: O, input: DocumentInput, callOptions: object): Promise<EnvelopeOf[O]> {
    const options = callOptions as Record<string, unknown>;
    const documentKey = await this.documentKey(input);
    const form = new FormData();
    form.append('document_key', documentKey);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(options)) {
      if (value === undefined || CALL_OPTIONS.has(name)) continue;
      if (FORM_FIELDS[operation].includes(name)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      else query.set(name, String(value));
    }
    const headers: Record<string, string> = { 'X-API-Key': this.options.apiKey };
    if (options.async) headers['X-Async'] = 'true';
    if (options.forceRefresh) headers['Cache-Control'] = 'no-cache';
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/v1/${operation}${query.size ? `?${query}` : ''}`;
    const response = await fetchKeepingKeyHome(this.fetchImpl, new Request(url, { method: 'POST', headers, body: form, signal: options.signal as AbortSignal | undefined }));
    const body = await readJson(response);
    if (!response.ok) throw DocintelError.fromBody(response.status, body);
    const answer = (await this.followOffload(body)) as EnvelopeOf[O] | JobReceipt;
    if (options.async && options.wait !== false) {
      return (await this.waitForJob((answer as JobReceipt).job_id, {
        signal: options.signal as AbortSignal | undefined,
        onProgress: options.onJobProgress as CallOptions['onJobProgress'],
      })) as EnvelopeOf[O];
    }
    return answer as EnvelopeOf[O];
  }

  /** A response too large for the API comes as a presigned link to the full JSON (docs/api.md "Large responses"). */
  private async followOffload(body: unknown): Promise<unknown> {
    const b = body as { response_offloaded?: boolean; response_url?: string };
    if (!b?.response_offloaded || !b.response_url) return body;
    const full = await this.fetchImpl(b.response_url);
    if (!full.ok) throw new DocintelError({ code: 'offloaded_response_unavailable', status: full.status, message: `The offloaded response answered ${full.status}.` });
    return full.json();
  }

  /** GET /v1/jobs/{job_id} until it finishes: the envelope, or the job's error thrown as DocintelError. */
  async waitForJob(jobId: string, options: { timeoutMs?: number; signal?: AbortSignal; onProgress?: (job: JobStatus) => void } = {}): Promise<InferenceEnvelope> {
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
    for (;;) {
      const job = (await this.unwrap(this.raw.GET('/v1/jobs/{job_id}', { params: { path: { job_id: jobId } } }))) as {
        status: string;
        response?: InferenceEnvelope;
        error?: { http_status: number; error: { code: string; message: string; details?: Record<string, unknown> }; request_id?: string };
      };
      options.onProgress?.(job as unknown as JobStatus);
      if (job.status === 'succeeded' && job.response) return job.response;
      if (job.status === 'failed') throw DocintelError.fromBody(job.error?.http_status ?? 500, job.error);
      if (Date.now() > deadline) throw new DocintelError({ code: 'client_timeout', status: 0, message: `Job ${jobId} is still ${job.status}.` });
      await sleep(this.pollIntervalMs, options.signal);
    }
  }

  /** GET /v1/usage (JSON). */
  usage(query: NonNullable<operations['usage']['parameters']['query']> = {}) {
    return this.unwrap(this.raw.GET('/v1/usage', { params: { query } }));
  }

  /** GET /v1/usage?format=csv: the CSV text. */
  usageCsv(query: Omit<NonNullable<operations['usage']['parameters']['query']>, 'format'> = {}): Promise<string> {
    return this.unwrap(this.raw.GET('/v1/usage', { params: { query: { ...query, format: 'csv' } }, parseAs: 'text', headers: { Accept: 'text/csv' } })) as Promise<string>;
  }

  limits() {
    return this.unwrap(this.raw.GET('/v1/limits'));
  }
}

export interface BatchProgress {
  readonly record: BatchRecord;
  /** Items that finished since the previous report. */
  readonly newlyFinished: BatchRecord['items'];
}

export class BatchApi {
  constructor(
    private readonly client: DocintelClient,
    private readonly pollIntervalMs: number,
  ) {}

  submit(body: BatchSubmission, options: { idempotencyKey?: string } = {}): Promise<BatchReceipt> {
    return this.client.unwrap(
      this.client.raw.POST('/v1/batch', {
        body,
        ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {}),
      }),
    ) as Promise<BatchReceipt>;
  }

  get(batchId: string): Promise<BatchRecord> {
    return this.client.unwrap(this.client.raw.GET('/v1/batch/{batch_id}', { params: { path: { batch_id: batchId } } })) as Promise<BatchRecord>;
  }

  list(query: { limit?: number; cursor?: string } = {}): Promise<BatchList> {
    return this.client.unwrap(this.client.raw.GET('/v1/batch', { params: { query } })) as Promise<BatchList>;
  }

  cancel(batchId: string): Promise<BatchRecord> {
    return this.client.unwrap(this.client.raw.DELETE('/v1/batch/{batch_id}', { params: { path: { batch_id: batchId } } })) as Promise<BatchRecord>;
  }

  /** Polls until the batch is terminal; `onProgress` sees each record and the items finished since the last one. */
  async waitFor(batchId: string, options: { onProgress?: (p: BatchProgress) => void | Promise<void>; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<BatchRecord> {
    const deadline = Date.now() + (options.timeoutMs ?? 24 * 3600_000);
    const seen = new Set<number>();
    for (;;) {
      const record = await this.get(batchId);
      const newlyFinished = record.items.filter((i) => (i.status === 'done' || i.status === 'failed') && !seen.has(i.doc_index));
      newlyFinished.forEach((i) => seen.add(i.doc_index));
      await options.onProgress?.({ record, newlyFinished });
      if ((TERMINAL_BATCH_STATUSES as readonly string[]).includes(record.status) && (record.status !== 'canceled' || record.finished_at)) return record;
      if (Date.now() > deadline) throw new DocintelError({ code: 'client_timeout', status: 0, message: `Batch ${batchId} is still ${record.status}.` });
      await sleep(this.pollIntervalMs, options.signal);
    }
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * fetch, following redirects by hand so the API key never leaves the API's
 * origin: a 303 to a presigned S3 link (large responses) must not carry
 * `X-API-Key` to S3 — fetch itself would forward every custom header.
 */
export async function fetchKeepingKeyHome(fetchImpl: typeof fetch, request: Request): Promise<Response> {
  let current = new Request(request, { redirect: 'manual' });
  for (let hop = 0; ; hop++) {
    const response = await fetchImpl(current);
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location || hop >= MAX_REDIRECTS) return response;
    const target = new URL(location, current.url);
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === 'POST');
    // A body can be sent once: a 307/308 (which would resend it) is handed back unfollowed.
    if (!asGet && current.body) return response;
    const headers = new Headers(current.headers);
    if (target.origin !== new URL(current.url).origin) {
      headers.delete('x-api-key');
      headers.delete('authorization');
    }
    if (asGet) {
      headers.delete('content-type');
      headers.delete('content-length');
    }
    await response.body?.cancel();
    current = new Request(target, { method: asGet ? 'GET' : current.method, headers, redirect: 'manual', signal: current.signal });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
}
