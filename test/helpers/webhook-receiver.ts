/** A webhook receiver for tests: records raw bodies and headers, answers with scripted statuses. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
  readonly receivedAt: number;
}

export async function startWebhookReceiver(statuses: readonly number[] = [200]) {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, raw: Buffer.concat(chunks), receivedAt: Date.now() });
      res.statusCode = statuses[Math.min(deliveries.length - 1, statuses.length - 1)];
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/docintel`;
  return {
    url,
    deliveries,
    async waitFor(count: number, timeoutMs = 60_000): Promise<Delivery[]> {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook deliveries, got ${deliveries.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return deliveries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The receiver's check, written from the SPEC (not from our signer): v1 is the hex HMAC-SHA256,
 * keyed with the secret string's bytes, over `<t>.` and the raw body.
 */
export function signatureValid(secret: string, header: string, raw: Buffer): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.`).update(raw).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
