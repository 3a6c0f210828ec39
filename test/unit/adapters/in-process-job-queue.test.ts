import { describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../../functions/adapters/local/in-process-job-queue.ts';

describe('Adapter: in-process job queue', () => {
  it('delivers SQS-shaped events to the worker', async () => {
    const bodies: string[] = [];
    const queue = new InProcessJobQueue({
      worker: async () => async (event) => {
        bodies.push(event.Records[0].body);
        expect(event.Records[0].eventSource).toBe('aws:sqs');
        return { batchItemFailures: [] };
      },
    });
    await queue.enqueue({ jobId: 'j1', orgId: 'o' });
    await queue.enqueue({ jobId: 'j2', orgId: 'o' });
    await queue.drain();
    expect(bodies.map((b) => JSON.parse(b).jobId)).toEqual(['j1', 'j2']);
  });

  it('redelivers a reported failure and dead-letters after maxReceives', async () => {
    const receives: string[] = [];
    const dead: string[] = [];
    const queue = new InProcessJobQueue({
      retryDelayMs: 1,
      maxReceives: 3,
      onDeadLetter: (m) => dead.push(m.jobId),
      worker: async () => async (event) => {
        receives.push(event.Records[0].attributes.ApproximateReceiveCount);
        return { batchItemFailures: [{ itemIdentifier: event.Records[0].messageId }] };
      },
    });
    await queue.enqueue({ jobId: 'stuck', orgId: 'o' });
    await queue.drain();
    expect(receives).toEqual(['1', '2', '3']);
    expect(dead).toEqual(['stuck']);
  });

  it('retries a worker that throws, then succeeds', async () => {
    let calls = 0;
    const queue = new InProcessJobQueue({
      retryDelayMs: 1,
      worker: async () => async () => {
        calls++;
        if (calls === 1) throw new Error('transient');
        return { batchItemFailures: [] };
      },
    });
    await queue.enqueue({ jobId: 'flaky', orgId: 'o' });
    await queue.drain();
    expect(calls).toBe(2);
  });
});
