/**
 * A loopback stand-in for AWS services that speak the AWS JSON protocol
 * (SQS, Step Functions, Secrets Manager): `POST /` with
 * `X-Amz-Target: <Service>.<Operation>` and a JSON body, answered with the
 * response shapes the service documents (recorded from the API reference),
 * or with an error as `{"__type": …, "message": …}` and its HTTP status. The
 * real SDK clients run unchanged against it (`endpoint` set to its URL).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAwsCall {
  /** The operation name (the part of X-Amz-Target after the dot). */
  readonly operation: string;
  readonly contentType: string;
  readonly authorization: string;
  readonly body: Record<string, any>;
}

export interface FakeAwsAnswer {
  readonly status?: number;
  readonly body: unknown;
}

export type FakeAwsHandler = (call: FakeAwsCall) => FakeAwsAnswer;

export interface FakeAwsJson {
  readonly endpoint: string;
  readonly calls: FakeAwsCall[];
  close(): Promise<void>;
}

/** The error body of the AWS JSON protocol. */
export const awsError = (status: number, type: string, message: string): FakeAwsAnswer => ({ status, body: { __type: type, message } });

export async function startFakeAwsJson(handler: FakeAwsHandler): Promise<FakeAwsJson> {
  const calls: FakeAwsCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const contentType = String(req.headers['content-type'] ?? '');
      const call: FakeAwsCall = {
        operation: target.slice(target.indexOf('.') + 1),
        contentType,
        authorization: String(req.headers.authorization ?? ''),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, any>,
      };
      calls.push(call);
      const answer = handler(call);
      res.writeHead(answer.status ?? 200, { 'Content-Type': contentType || 'application/x-amz-json-1.0', 'x-amzn-RequestId': `fake-${calls.length}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
