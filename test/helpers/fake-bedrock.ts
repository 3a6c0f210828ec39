/**
 * A fake Amazon Bedrock Runtime for tests, on the real wire format: the SDK
 * (pointed here by `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`) speaks HTTP/2 to
 * Bedrock Runtime (its default handler for this client; cleartext h2 to an
 * `http://` endpoint), sends `POST /model/{modelId}/converse` with a JSON
 * body and reads back a
 * Converse response, or an error typed by the `x-amzn-ErrorType` header as
 * the service sends it (429 ThrottlingException, 500 InternalServerException,
 * 403 AccessDeniedException).
 *
 * What the model "answers" is the test's: a function from the tool name and
 * the user prompt to the tool input.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http2';
import type { AddressInfo } from 'node:net';

export type FakeBedrockMode = 'answer' | 'throttle' | 'fail' | 'deny';

export interface ConverseRequestSeen {
  readonly modelId: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: {
    system?: { text: string }[];
    messages: { role: string; content: { text?: string }[] }[];
    toolConfig?: { tools: { toolSpec: { name: string; inputSchema: { json: unknown } } }[]; toolChoice?: Record<string, unknown> };
    inferenceConfig?: { maxTokens?: number; temperature?: number };
    additionalModelRequestFields?: Record<string, unknown>;
  };
}

export type FakeAnswer = (tool: string, prompt: string) => unknown;

const ERRORS: Record<Exclude<FakeBedrockMode, 'answer'>, { status: number; type: string; message: string }> = {
  throttle: { status: 429, type: 'ThrottlingException', message: 'Too many requests, please wait before trying again.' },
  fail: { status: 500, type: 'InternalServerException', message: 'The server encountered an internal error while processing the request.' },
  deny: { status: 403, type: 'AccessDeniedException', message: "You don't have access to the model with the specified model ID." },
};

export async function startFakeBedrock(answer: FakeAnswer) {
  const requests: ConverseRequestSeen[] = [];
  let mode: FakeBedrockMode = 'answer';
  let sequence = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/model\/([^/]+)\/converse$/.exec(req.url ?? '');
      const requestId = `fake-${++sequence}`;
      res.setHeader('x-amzn-RequestId', requestId);
      res.setHeader('Content-Type', 'application/json');
      if (req.method !== 'POST' || !match) {
        res.statusCode = 404;
        res.setHeader('x-amzn-ErrorType', 'UnknownOperationException');
        res.end(JSON.stringify({ message: `no route ${req.method} ${req.url}` }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConverseRequestSeen['body'];
      requests.push({ modelId: decodeURIComponent(match[1]), headers: req.headers as IncomingHttpHeaders, body });
      if (mode !== 'answer') {
        const error = ERRORS[mode];
        res.statusCode = error.status;
        res.setHeader('x-amzn-ErrorType', `${error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/`);
        res.end(JSON.stringify({ message: error.message }));
        return;
      }
      const tool = body.toolConfig?.tools[0]?.toolSpec.name ?? '';
      const prompt = body.messages.flatMap((m) => m.content.map((c) => c.text ?? '')).join('\n');
      const input = answer(tool, prompt);
      const inputTokens = Math.ceil(JSON.stringify(body).length / 4);
      const outputTokens = Math.ceil(JSON.stringify(input).length / 4);
      res.statusCode = 200;
      res.end(
        JSON.stringify({
          metrics: { latencyMs: 431 },
          output: { message: { content: [{ toolUse: { input, name: tool, toolUseId: `tooluse_${requestId}` } }], role: 'assistant' } },
          stopReason: 'tool_use',
          usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
        }),
      );
    });
  });
  // The SDK keeps its HTTP/2 session open: closing ends them, or close would wait for the client.
  const sessions = new Set<import('node:http2').Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setMode(next: FakeBedrockMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
