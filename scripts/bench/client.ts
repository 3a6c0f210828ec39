/**
 * The bench's API client: the README's curl calls (upload, parse, poll a
 * job), timed.
 *
 * @module
 */

export interface Client {
  upload(filename: string, contentType: string, bytes: Uint8Array): Promise<string>;
  parse(documentKey: string, query: string, asyncMode: boolean): Promise<{ status: number; body: any; seconds: number; via: 'sync' | 'async' }>;
  /** POST one document to an inference route (`/v1/parse`, `/v1/split`, …), polling the job when sent with X-Async. */
  post(
    route: string,
    documentKey: string,
    query: string,
    asyncMode: boolean,
  ): Promise<{ status: number; body: any; seconds: number; via: 'sync' | 'async' }>;
  /** An authenticated GET (the fixed cost of any call: gateway, authentication, rate check). */
  get(path: string): Promise<{ status: number; seconds: number }>;
}

export function client(url: string, apiKey: string): Client {
  const call = async (method: string, path: string, init: { headers?: Record<string, string>; body?: string | FormData } = {}) => {
    const res = await fetch(url + path, { method, headers: { 'X-API-Key': apiKey, ...(init.headers ?? {}) }, body: init.body });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as any };
  };
  const form = (documentKey: string) => {
    const fd = new FormData();
    fd.append('document_key', documentKey);
    return fd;
  };
  async function pollJob(jobId: string): Promise<{ status: number; body: any }> {
    for (;;) {
      const job = await call('GET', `/v1/jobs/${jobId}`);
      if (job.status !== 200) return job;
      if (job.body.status === 'succeeded') return { status: 200, body: job.body.response };
      if (job.body.status === 'failed') return { status: job.body.error?.http_status ?? 500, body: job.body.error };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const post: Client['post'] = async (route, documentKey, query, asyncMode) => {
    const started = performance.now();
    const path = `${route}${query ? `?${query}` : ''}`;
    if (!asyncMode) {
      const res = await call('POST', path, { body: form(documentKey) });
      const refusedSync = res.status === 413 && JSON.stringify(res.body).includes('X-Async');
      if (!refusedSync) return { ...res, seconds: (performance.now() - started) / 1000, via: 'sync' };
    }
    const accepted = await call('POST', path, { headers: { 'X-Async': 'true' }, body: form(documentKey) });
    if (accepted.status !== 202 && accepted.status !== 200) return { ...accepted, seconds: (performance.now() - started) / 1000, via: 'async' };
    if (!accepted.body.job_id) return { ...accepted, seconds: (performance.now() - started) / 1000, via: 'async' };
    const done = await pollJob(accepted.body.job_id);
    return { ...done, seconds: (performance.now() - started) / 1000, via: 'async' };
  };
  return {
    async upload(filename, contentType, bytes) {
      const receipt = await call('POST', '/v1/documents/upload', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filename, content_type: contentType, content_length: bytes.byteLength }),
      });
      if (receipt.status !== 200) throw new Error(`upload receipt failed: ${receipt.status} ${JSON.stringify(receipt.body)}`);
      const put = await fetch(receipt.body.upload_url, {
        method: 'PUT',
        headers: receipt.body.upload_headers,
        body: bytes,
      });
      if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
      return receipt.body.document_key as string;
    },
    async get(path) {
      const started = performance.now();
      const res = await call('GET', path);
      return { status: res.status, seconds: (performance.now() - started) / 1000 };
    },
    parse: (documentKey, query, asyncMode) => post('/v1/parse', documentKey, query, asyncMode),
    post,
  };
}
