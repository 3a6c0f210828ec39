/**
 * Reads the form fields of an inference request. The spec's transport is
 * multipart/form-data; url-encoded forms and JSON objects of string fields
 * are accepted too, because that is what people type with curl.
 *
 * @module
 */
import parser from 'lambda-multipart-parser';
import { ApiError } from '../contracts/errors.ts';
import type { ApiEvent } from './http.ts';

const PARSE_TIMEOUT_MS = 5_000;

function bodyBuffer(event: ApiEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

async function parseMultipart(event: ApiEvent): Promise<Record<string, string>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const parsed = (await Promise.race([
      parser.parse(event),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('multipart body did not finish')), PARSE_TIMEOUT_MS);
      }),
    ])) as Record<string, unknown> & { files?: unknown[] };
    const { files, ...fields } = parsed;
    if (Array.isArray(files) && files.length > 0) {
      throw new ApiError(
        'invalid_request',
        'Files are not accepted here: upload through POST /v1/documents/upload and send the document_key field.',
      );
    }
    return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('invalid_request', 'The multipart/form-data body could not be read.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export async function readFormFields(event: ApiEvent): Promise<Record<string, string>> {
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(event);
  const raw = bodyBuffer(event).toString('utf8');
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  if (contentType.startsWith('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new ApiError('invalid_json', 'The request body is not valid JSON.', { cause: error });
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw new ApiError('invalid_request', 'The JSON body must be an object of form fields.');
    }
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
  }
  if (!raw) return {};
  throw new ApiError('invalid_request', 'Send the fields as multipart/form-data (for example curl -F document_key=...).');
}

/** Reads and validates a JSON body (upload, batch). */
export function readJsonBody(event: ApiEvent): unknown {
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (contentType && !contentType.startsWith('application/json')) {
    throw new ApiError('invalid_request', 'Send a JSON body with Content-Type: application/json.');
  }
  const raw = bodyBuffer(event).toString('utf8');
  if (!raw.trim()) throw new ApiError('invalid_request', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.', { cause: error });
  }
}
