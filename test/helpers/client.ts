/** A tiny HTTP client for integration tests: the calls a user makes with curl. */
import { readFile } from 'node:fs/promises';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export function apiClient(baseUrl: string) {
  async function call<T = any>(method: string, path: string, init: { key?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.key) headers['X-API-Key'] = init.key;
    let body: FormData | string | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(init.form)) fd.append(k, v);
      body = fd;
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  /** Upload flow: receipt, then PUT the bytes exactly as the README's curl does. */
  async function upload(key: string, filename: string, bytes: Uint8Array, contentType?: string) {
    const receipt = await call('POST', '/v1/documents/upload', {
      key,
      json: { filename, ...(contentType ? { content_type: contentType } : {}), content_length: bytes.byteLength },
    });
    if (receipt.status !== 200) throw new Error(`upload receipt failed: ${JSON.stringify(receipt.body)}`);
    const put = await fetch(receipt.body.upload_url, {
      method: 'PUT',
      headers: receipt.body.upload_headers,
      body: bytes,
    });
    if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
    return receipt.body.document_key as string;
  }

  return { call, upload };
}

export const readFixture = (path: string) => readFile(new URL(`../fixtures/${path}`, import.meta.url));
