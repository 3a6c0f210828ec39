/**
 * The local server's job queue: SQS semantics where they matter for jobs
 * (at-least-once delivery, retry with a delay, a dead-letter after
 * `maxReceives`), delivering the same SQS event shape to the same worker
 * handler Lambda would run. Durability across restarts comes from the jobs
 * table: unfinished jobs are re-enqueued at start.
 *
 * @module
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { JobMessage, JobQueue } from '../../ports/jobs.ts';

export type SqsWorker = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface InProcessJobQueueOptions {
  /** Loads the worker lazily (the handler module imports the engines). */
  readonly worker: () => Promise<SqsWorker>;
  /** @default 3 (as the deployed queue's maxReceiveCount) */
  readonly maxReceives?: number;
  /** @default 1000 */
  readonly retryDelayMs?: number;
  /** @default 1 */
  readonly concurrency?: number;
  readonly onDeadLetter?: (message: JobMessage, error: unknown) => void;
}

interface Pending {
  readonly id: string;
  readonly message: JobMessage;
  receives: number;
}

export class InProcessJobQueue implements JobQueue {
  private readonly queue: Pending[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: InProcessJobQueueOptions) {}

  async enqueue(message: JobMessage): Promise<void> {
    if (this.stopped) throw new Error('job queue stopped');
    this.queue.push({ id: randomUUID(), message, receives: 0 });
    setImmediate(() => this.pump());
  }

  /** Resolves when nothing is queued, waiting for retry or running (tests, shutdown). */
  async drain(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.running === 0 && this.timers.size === 0;
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? 1;
    while (!this.stopped && this.running < concurrency && this.queue.length > 0) {
      const item = this.queue.shift()!;
      this.running++;
      void this.deliver(item).finally(() => {
        this.running--;
        this.pump();
        if (this.isIdle()) this.idleWaiters.splice(0).forEach((w) => w());
      });
    }
  }

  private async deliver(item: Pending): Promise<void> {
    item.receives++;
    const event: SQSEvent = {
      Records: [
        {
          messageId: item.id,
          receiptHandle: `${item.id}#${item.receives}`,
          body: JSON.stringify(item.message),
          attributes: {
            ApproximateReceiveCount: String(item.receives),
            SentTimestamp: String(Date.now()),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: String(Date.now()),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:local:000000000000:docintel-jobs',
          awsRegion: 'local',
        },
      ],
    };
    let failure: unknown;
    try {
      const worker = await this.options.worker();
      const response = await worker(event);
      if (response && response.batchItemFailures.length > 0) failure = new Error('worker reported the item as failed');
    } catch (error) {
      failure = error;
    }
    if (!failure) return;
    if (item.receives >= (this.options.maxReceives ?? 3)) {
      this.options.onDeadLetter?.(item.message, failure);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return;
      this.queue.push(item);
      this.pump();
    }, this.options.retryDelayMs ?? 1000);
    this.timers.add(timer);
  }
}
