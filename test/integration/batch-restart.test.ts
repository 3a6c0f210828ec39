/**
 * Restart safety, as an operator would meet it: `npm start`'s server is
 * SIGKILLed in the middle of a 200-document batch and started again on the
 * same data directory. The batch must finish with 200 results, each item
 * billed exactly once at 50 %, and one webhook.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { startDevServer, stopDevServer, type DevServer } from '../helpers/dev-server.ts';
import { makeTextPdf } from '../helpers/pdf.ts';
import { signatureValid, startWebhookReceiver } from '../helpers/webhook-receiver.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

function startServer(dataDir: string): Promise<DevServer> {
  return startDevServer({
    ...process.env,
    DOCINTEL_DATA_DIR: dataDir,
    PORT: '0',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    DOCINTEL_LOCAL_BATCH_POLL_MS: '200',
    DOCINTEL_LOCAL_WEBHOOK_RETRY_MS: '1100',
  });
}

const kill = (child: ChildProcess) => stopDevServer(child, 'SIGKILL');

describe('Batch restart safety (SIGKILL mid-batch)', () => {
  const children: ChildProcess[] = [];
  let dataDir: string | undefined;
  afterAll(async () => {
    for (const child of children) await kill(child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes a 200-document batch after the server is killed and restarted, billing every item exactly once at 50 %', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'docintel-restart-'));
    const first = await startServer(dataDir);
    children.push(first.child);
    const admin = async (...args: string[]) =>
      (await run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, DOCINTEL_DATA_DIR: dataDir } })).stdout.trim();
    const key = JSON.parse(await admin('create-key', '--org', 'restartco', '--tier', 'pro')).api_key as string;
    const secret = await admin('signing-secret', '--org', 'restartco');
    const receiver = await startWebhookReceiver([200]);
    try {
      let api = apiClient(first.url);
      const docs: string[] = [];
      for (let i = 0; i < 200; i += 10) {
        docs.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, async (_, j) => api.upload(key, `r${i + j}.pdf`, await makeTextPdf([[`restart document ${i + j}`, `nonce ${Math.random()}`]]))),
          )),
        );
      }
      const submitted = await api.call('POST', '/v1/batch', { key, json: { endpoint: '/v1/parse', document_keys: docs, webhook_url: receiver.url } });
      expect(submitted.status).toBe(200);
      const batchId = submitted.body.batch_id as string;

      // Kill once a good part is done and the rest is queued or in flight.
      let before: any;
      for (;;) {
        before = (await api.call('GET', `/v1/batch/${batchId}`, { key })).body;
        if (before.counts.done >= 40) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await kill(first.child);
      expect(before.counts.done).toBeLessThan(200);

      const second = await startServer(dataDir);
      children.push(second.child);
      api = apiClient(second.url);
      let batch: any;
      const deadline = Date.now() + 120_000;
      for (;;) {
        batch = (await api.call('GET', `/v1/batch/${batchId}`, { key })).body;
        if (batch.webhook?.delivered_at) break;
        if (Date.now() > deadline) throw new Error(`batch still ${batch.status} ${JSON.stringify(batch.counts)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(batch.status).toBe('completed');
      expect(batch.counts).toEqual({ total: 200, queued: 0, processing: 0, done: 200, failed: 0 });
      const texts = await Promise.all(batch.items.map(async (item: any) => ((await (await fetch(item.result_url)).json()) as any).result.ocr as string));
      texts.forEach((text, i) => expect(text).toContain(`restart document ${i}`));

      // The ledger: one row per item, 50 % of the $0.04 parse page price, none twice.
      const usage = await api.call('GET', `/v1/usage?from=${new Date(Date.parse(batch.created_at) - 1000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`, { key });
      const rows = usage.body.rows.filter((r: any) => r.batch);
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((r: any) => r.request_id)).size).toBe(200);
      expect(rows.map((r: any) => r.request_id).sort()).toEqual(batch.items.map((i: any) => i.request_id).sort());
      for (const row of rows) expect(row).toMatchObject({ amount_usd: '0.0200', unit_price_usd: '0.0200', pages: 1 });

      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.deliveries).toHaveLength(1);
      expect(signatureValid(secret, String(receiver.deliveries[0].headers['x-service-signature']), receiver.deliveries[0].raw)).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
