import type { SQSEvent } from 'aws-lambda';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableLocalQueue, type DurableLocalQueueOptions } from '../../../functions/adapters/local/durable-queue.ts';

const dirs: string[] = [];
const queues: DurableLocalQueue[] = [];

async function journal(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'durable-queue-'));
  dirs.push(dir);
  return join(dir, 'queue.jsonl');
}

function queue(options: Omit<DurableLocalQueueOptions, 'name'>): DurableLocalQueue {
  const q = new DurableLocalQueue({ name: 'test', failureDelayMs: 5, ...options });
  queues.push(q);
  return q;
}

const waitUntil = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

afterEach(async () => {
  queues.splice(0).forEach((q) => q.stop());
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('DurableLocalQueue (the local batch lane)', () => {
  it('delivers each message as an SQS event, one per invocation, and deletes it on success', async () => {
    const path = await journal();
    const seen: SQSEvent[] = [];
    const q = queue({ journalPath: path, worker: async () => async (event) => void seen.push(event) });
    await q.sendItems([{ orgId: 'o', batchId: 'b', docIndex: 0 }, { orgId: 'o', batchId: 'b', docIndex: 1 }]);
    expect(seen).toHaveLength(0); // nothing before start(): restart recovery runs first
    q.start();
    await q.drain();
    expect(seen.map((e) => JSON.parse(e.Records[0].body).docIndex).sort()).toEqual([0, 1]);
    expect(seen.every((e) => e.Records.length === 1 && e.Records[0].attributes.ApproximateReceiveCount === '1')).toBe(true);
    expect(q.depth).toBe(0);
  });

  it('redelivers a failed message with a growing receive count, then hands it to the dead-letter consumer', async () => {
    const counts: string[] = [];
    const dead: string[] = [];
    const q = queue({
      journalPath: await journal(),
      maxReceives: 3,
      worker: async () => async (event) => {
        counts.push(event.Records[0].attributes.ApproximateReceiveCount);
        return { batchItemFailures: [{ itemIdentifier: event.Records[0].messageId }] };
      },
      deadLetterWorker: async () => async (event) => void dead.push(event.Records[0].body),
    });
    q.start();
    await q.send(['poison']);
    await q.drain();
    expect(counts).toEqual(['1', '2', '3']);
    expect(dead).toEqual(['poison']);
  });

  it('keeps messages across a restart: a message in flight when the process died is delivered again, with its receive count', async () => {
    const path = await journal();
    let release!: () => void;
    const first = queue({ journalPath: path, concurrency: 1, worker: async () => () => new Promise<void>((r) => (release = r)) });
    first.start();
    await first.send(['a', 'b']);
    await waitUntil(() => release !== undefined);
    first.stop(); // the process "dies" with one message in flight and the other queued

    const seen: { body: string; count: string }[] = [];
    const second = queue({ journalPath: path, worker: async () => async (e) => void seen.push({ body: e.Records[0].body, count: e.Records[0].attributes.ApproximateReceiveCount }) });
    expect(second.depth).toBe(2);
    second.start();
    await second.drain();
    expect(seen.map((s) => s.body).sort()).toEqual(['a', 'b']);
    // The in-flight one was received once before: this is its second receive.
    expect(seen.map((s) => s.count).sort()).toEqual(['1', '2']);
    release();
    // Compacted: only live messages are written back.
    const third = queue({ journalPath: path, worker: async () => async () => undefined });
    expect(third.depth).toBe(0);
    expect((await readFile(path, 'utf8')).trim()).toBe('');
  });

  it('ignores a journal line cut off by a kill mid-write', async () => {
    const path = await journal();
    const first = queue({ journalPath: path, worker: async () => async () => undefined });
    await first.send(['kept']);
    first.stop();
    const { appendFileSync } = await import('node:fs');
    appendFileSync(path, '{"op":"send","id":"x","bo');
    const seen: string[] = [];
    const second = queue({ journalPath: path, worker: async () => async (e) => void seen.push(e.Records[0].body) });
    second.start();
    await second.drain();
    expect(seen).toEqual(['kept']);
  });

  it('holds deliveries while the gate is closed, and not longer than maxGateWaitMs', async () => {
    let open = false;
    const seen: number[] = [];
    const q = queue({ journalPath: await journal(), gate: () => open, maxGateWaitMs: 10_000, worker: async () => async () => void seen.push(Date.now()) });
    q.start();
    await q.send(['x']);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(0);
    open = true;
    await q.drain();
    expect(seen).toHaveLength(1);

    const starved: number[] = [];
    const t0 = Date.now();
    const never = queue({ journalPath: await journal(), gate: () => false, maxGateWaitMs: 150, worker: async () => async () => void starved.push(Date.now() - t0) });
    never.start();
    await never.send(['y']);
    await never.drain();
    expect(starved[0]).toBeGreaterThanOrEqual(140);
  });
});
