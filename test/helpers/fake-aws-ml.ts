/**
 * A small stand-in for Amazon Comprehend and Amazon Textract on the wire:
 * an HTTP server that answers the AWS JSON 1.1 protocol the SDK speaks
 * (`POST /`, `X-Amz-Target: Comprehend_20171127.DetectPiiEntities` or
 * `Textract.DetectDocumentText`, `application/x-amz-json-1.1` bodies, errors
 * as `{"__type": …, "message": …}` with their HTTP status), so the real
 * adapters run unchanged against it through `AWS_ENDPOINT_URL_COMPREHEND` /
 * `AWS_ENDPOINT_URL_TEXTRACT`. No network, no credentials (it checks that a
 * SigV4 signature is present, not what it is).
 *
 * - Comprehend answers the entities it is told to find (regular expressions
 *   per Comprehend type), with offsets in code points as the service gives them.
 * - Textract answers a recorded page: the lines it is given, as PAGE, LINE
 *   and WORD blocks with CHILD relationships, for any image it receives.
 * - Either can be switched to answer 429 ThrottlingException or 500
 *   InternalServerError instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'throttle' | 'error';

export interface FakeTextractWord {
  readonly text: string;
  /** Page fractions. */
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface FakeAwsMlOptions {
  /** Comprehend type → what it matches (global regular expressions). */
  readonly entities: Readonly<Record<string, RegExp>>;
  /** The page Textract reads from any image: lines of words with boxes. */
  readonly page: readonly (readonly FakeTextractWord[])[];
}

export interface FakeAwsMl {
  readonly url: string;
  /** Calls received, by target (`DetectPiiEntities`, `DetectDocumentText`). */
  readonly calls: { target: string; body: Record<string, unknown> }[];
  mode: { comprehend: FakeMode; textract: FakeMode };
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1', 'x-amzn-RequestId': `fake-${Date.now()}` });
  res.end(JSON.stringify(body));
}

function failure(res: ServerResponse, mode: FakeMode, service: 'comprehend' | 'textract'): boolean {
  if (mode === 'throttle') {
    send(res, 429, { __type: 'ThrottlingException', message: 'Rate exceeded' });
    return true;
  }
  if (mode === 'error') {
    send(res, 500, { __type: service === 'comprehend' ? 'InternalServerException' : 'InternalServerError', message: 'Internal server error' });
    return true;
  }
  return false;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

/** Offsets as Comprehend gives them: in Unicode code points. */
function codePointOffset(text: string, utf16Index: number): number {
  return [...text.slice(0, utf16Index)].length;
}

function detectPii(text: string, entities: FakeAwsMlOptions['entities']) {
  const found: { Score: number; Type: string; BeginOffset: number; EndOffset: number }[] = [];
  for (const [type, pattern] of Object.entries(entities)) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))) {
      const start = match.index ?? 0;
      found.push({ Score: 0.9991, Type: type, BeginOffset: codePointOffset(text, start), EndOffset: codePointOffset(text, start + match[0].length) });
    }
  }
  return { Entities: found.sort((a, b) => a.BeginOffset - b.BeginOffset) };
}

function detectDocumentText(page: FakeAwsMlOptions['page']) {
  const geometry = (b: { left: number; top: number; width: number; height: number }) => ({
    BoundingBox: { Left: b.left, Top: b.top, Width: b.width, Height: b.height },
    Polygon: [
      { X: b.left, Y: b.top },
      { X: b.left + b.width, Y: b.top },
      { X: b.left + b.width, Y: b.top + b.height },
      { X: b.left, Y: b.top + b.height },
    ],
  });
  const blocks: Record<string, unknown>[] = [];
  const lineIds: string[] = [];
  const words: Record<string, unknown>[] = [];
  page.forEach((line, l) => {
    const ids = line.map((_, w) => `word-${l}-${w}`);
    const left = Math.min(...line.map((w) => w.left));
    const top = Math.min(...line.map((w) => w.top));
    const right = Math.max(...line.map((w) => w.left + w.width));
    const bottom = Math.max(...line.map((w) => w.top + w.height));
    lineIds.push(`line-${l}`);
    blocks.push({
      BlockType: 'LINE',
      Id: `line-${l}`,
      Text: line.map((w) => w.text).join(' '),
      Confidence: 99.1,
      Geometry: geometry({ left, top, width: right - left, height: bottom - top }),
      Relationships: [{ Type: 'CHILD', Ids: ids }],
    });
    line.forEach((w, i) => words.push({ BlockType: 'WORD', Id: ids[i], Text: w.text, TextType: 'PRINTED', Confidence: 98.6, Geometry: geometry(w) }));
  });
  return {
    DocumentMetadata: { Pages: 1 },
    DetectDocumentTextModelVersion: '1.0',
    Blocks: [{ BlockType: 'PAGE', Id: 'page-1', Geometry: geometry({ left: 0, top: 0, width: 1, height: 1 }), Relationships: [{ Type: 'CHILD', Ids: lineIds }] }, ...blocks, ...words],
  };
}

export async function startFakeAwsMl(options: FakeAwsMlOptions): Promise<FakeAwsMl> {
  const calls: FakeAwsMl['calls'] = [];
  const mode: FakeAwsMl['mode'] = { comprehend: 'ok', textract: 'ok' };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
        return send(res, 400, { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
      }
      const body = await readBody(req);
      calls.push({ target: target.split('.').pop() ?? target, body });
      if (target === 'Comprehend_20171127.DetectPiiEntities') {
        if (failure(res, mode.comprehend, 'comprehend')) return;
        if (typeof body.Text !== 'string' || Buffer.byteLength(body.Text) > 100_000) return send(res, 400, { __type: 'TextSizeLimitExceededException', message: 'Input text size exceeds limit' });
        return send(res, 200, detectPii(body.Text, options.entities));
      }
      if (target === 'Textract.DetectDocumentText') {
        if (failure(res, mode.textract, 'textract')) return;
        const bytes = Buffer.from(String((body.Document as { Bytes?: string } | undefined)?.Bytes ?? ''), 'base64');
        // PNG or JPEG only, as the service reads them.
        const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
        if (!png && !jpeg) return send(res, 400, { __type: 'UnsupportedDocumentException', message: 'Request has unsupported document format' });
        return send(res, 200, detectDocumentText(options.page));
      }
      send(res, 400, { __type: 'UnknownOperationException', message: `Unknown target ${target}` });
    })().catch((error: unknown) => send(res, 500, { __type: 'InternalFailure', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    mode,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
