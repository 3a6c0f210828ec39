/**
 * The local server's batch lane: a queue with the SQS semantics batch
 * processing relies on — at-least-once delivery, a visibility timeout,
 * redelivery with a receive count, a dead-letter consumer after
 * `maxReceives` — whose state survives a restart, including SIGKILL.
 *
 * State is an append-only journal (one JSON line per send, receive, delete
 * and dead-letter), replayed at start and compacted. Appends are
 * synchronous writes: once `sendItems` resolves, a killed process keeps the
 * message (the kernel holds the write; only losing the machine loses it).
 * A message in flight when the process died is visible again at once: this
 * process is the only consumer, so its previous holder is known to be gone.
 *
 * Deliveries are the same SQS event the deployed worker receives, one
 * message per invocation. The optional `gate` holds deliveries back while
 * synchronous API requests are in flight (the lowest-priority lane), for at
 * most `maxGateWaitMs` so batch work is never starved for good.
 *
 * @module
 */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { appendFileSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { BatchItemMessage, BatchQueue } from '../../ports/batches.ts';

export type SqsWorker = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse | void>;

export interface DurableLocalQueueOptions {
  /** Queue name, used in the event's source ARN. */
  readonly name: string;
  /** The journal file (created if missing). */
  readonly journalPath: string;
  readonly worker: () => Promise<SqsWorker>;
  /** Consumer of dead-lettered messages (the deployed DLQ's consumer). */
  readonly deadLetterWorker?: () => Promise<SqsWorker>;
  /** Deliveries before a message is dead-lettered. @default 3 */
  readonly maxReceives?: number;
  /** A received message not deleted within this time is delivered again. @default 360_000 */
  readonly visibilityTimeoutMs?: number;
  /** A message whose delivery failed is visible again after this delay. @default 1000 */
  readonly failureDelayMs?: number;
  /** Messages processed at once. @default 2 */
  readonly concurrency?: number;
  /** While it returns false, deliveries wait (synchronous requests in flight). */
  readonly gate?: () => boolean;
  /** @default 2000 */
  readonly maxGateWaitMs?: number;
  /** The Lambda context each delivery gets (its remaining time is the worker's deadline). */
  readonly context?: () => Context;
}

interface Message {
  readonly id: string;
  readonly body: string;
  readonly sentAt: number;
  receives: number;
  visibleAt: number;
  dead: boolean;
}

type JournalEntry =
  | { op: 'send'; id: string; body: string; at: number }
  | { op: 'receive'; id: string; count: number; at: number }
  | { op: 'delete'; id: string }
  | { op: 'dead'; id: string };

export class DurableLocalQueue implements BatchQueue {
  private readonly messages = new Map<string, Message>();
  private readonly inFlight = new Set<string>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private gateClosedSince: number | undefined;
  private idleWaiters: (() => void)[] = [];
  private started = false;

  /** Replays the journal; deliveries begin with `start()` (after restart recovery has run). */
  constructor(private readonly options: DurableLocalQueueOptions) {
    this.replay();
  }

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Messages not yet deleted (pending, in flight or dead-lettered and not consumed). */
  get depth(): number {
    return this.messages.size;
  }

  async sendItems(messages: readonly BatchItemMessage[]): Promise<void> {
    await this.send(messages.map((m) => JSON.stringify(m)));
  }

  async send(bodies: readonly string[]): Promise<void> {
    if (this.stopped) throw new Error(`queue ${this.options.name} is stopped`);
    const now = Date.now();
    const lines: string[] = [];
    for (const body of bodies) {
      const id = randomUUID();
      this.messages.set(id, { id, body, sentAt: now, receives: 0, visibleAt: now, dead: false });
      lines.push(JSON.stringify({ op: 'send', id, body, at: now } satisfies JournalEntry));
    }
    if (lines.length > 0) appendFileSync(this.options.journalPath, `${lines.join('\n')}\n`);
    this.schedule(0);
  }

  /** Resolves when no message is left (tests and benchmarks). */
  async drain(): Promise<void> {
    if (this.messages.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private append(entry: JournalEntry): void {
    appendFileSync(this.options.journalPath, `${JSON.stringify(entry)}\n`);
  }

  private replay(): void {
    let text = '';
    try {
      text = readFileSync(this.options.journalPath, 'utf8');
    } catch {
      // No journal yet: an empty queue.
    }
    const now = Date.now();
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        continue; // A line cut off by a kill mid-write: its send never returned to the caller.
      }
      if (entry.op === 'send') this.messages.set(entry.id, { id: entry.id, body: entry.body, sentAt: entry.at, receives: 0, visibleAt: now, dead: false });
      else if (entry.op === 'receive') {
        const m = this.messages.get(entry.id);
        if (m) m.receives = entry.count;
      } else if (entry.op === 'delete') this.messages.delete(entry.id);
      else if (entry.op === 'dead') {
        const m = this.messages.get(entry.id);
        if (m) m.dead = true;
      }
    }
    // Compact: only live messages, their receive counts and dead-letter marks.
    const lines: string[] = [];
    for (const m of this.messages.values()) {
      lines.push(JSON.stringify({ op: 'send', id: m.id, body: m.body, at: m.sentAt } satisfies JournalEntry));
      if (m.receives > 0) lines.push(JSON.stringify({ op: 'receive', id: m.id, count: m.receives, at: now } satisfies JournalEntry));
      if (m.dead) lines.push(JSON.stringify({ op: 'dead', id: m.id } satisfies JournalEntry));
    }
    const temp = `${this.options.journalPath}.tmp`;
    writeFileSync(temp, lines.length ? `${lines.join('\n')}\n` : '');
    renameSync(temp, this.options.journalPath);
  }

  private schedule(delayMs: number): void {
    if (this.stopped || !this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), Math.max(0, delayMs));
    this.timer.unref?.();
  }

  private pump(): void {
    if (this.stopped) return;
    const concurrency = this.options.concurrency ?? 2;
    const now = Date.now();
    if (this.options.gate && !this.options.gate()) {
      this.gateClosedSince ??= now;
      if (now - this.gateClosedSince < (this.options.maxGateWaitMs ?? 2000)) {
        this.schedule(5);
        return;
      }
    }
    this.gateClosedSince = undefined;
    let nextVisible = Infinity;
    for (const m of this.messages.values()) {
      if (this.inFlight.size >= concurrency) break;
      if (this.inFlight.has(m.id)) continue;
      if (m.visibleAt > now) {
        nextVisible = Math.min(nextVisible, m.visibleAt);
        continue;
      }
      this.inFlight.add(m.id);
      void this.deliver(m).finally(() => {
        this.inFlight.delete(m.id);
        if (this.messages.size === 0) this.idleWaiters.splice(0).forEach((w) => w());
        this.schedule(0);
      });
      // One delivery per turn: a gate that closes (a request arriving) is seen before the next.
      if (this.options.gate) {
        this.schedule(0);
        return;
      }
    }
    if (nextVisible !== Infinity && this.inFlight.size < concurrency) this.schedule(nextVisible - now);
  }

  private event(m: Message): SQSEvent {
    return {
      Records: [
        {
          messageId: m.id,
          receiptHandle: `${m.id}#${m.receives}`,
          body: m.body,
          attributes: {
            ApproximateReceiveCount: String(m.receives),
            SentTimestamp: String(m.sentAt),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: String(m.sentAt),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:local:000000000000:${this.options.name}`,
          awsRegion: 'local',
        },
      ],
    };
  }

  private async invoke(worker: () => Promise<SqsWorker>, m: Message): Promise<boolean> {
    try {
      const response = await (await worker())(this.event(m), this.options.context?.());
      return !(response && response.batchItemFailures.length > 0);
    } catch {
      return false;
    }
  }

  private async deliver(m: Message): Promise<void> {
    if (m.dead) {
      // Dead-lettered: hand it to the DLQ consumer until it takes it.
      if (!this.options.deadLetterWorker || (await this.invoke(this.options.deadLetterWorker, m))) this.remove(m);
      else m.visibleAt = Date.now() + (this.options.failureDelayMs ?? 1000);
      return;
    }
    m.receives++;
    m.visibleAt = Date.now() + (this.options.visibilityTimeoutMs ?? 360_000);
    this.append({ op: 'receive', id: m.id, count: m.receives, at: Date.now() });
    const ok = await this.invoke(this.options.worker, m);
    if (this.stopped) return;
    if (ok) {
      this.remove(m);
      return;
    }
    if (m.receives >= (this.options.maxReceives ?? 3)) {
      m.dead = true;
      this.append({ op: 'dead', id: m.id });
    }
    m.visibleAt = Date.now() + (this.options.failureDelayMs ?? 1000);
  }

  private remove(m: Message): void {
    this.messages.delete(m.id);
    this.append({ op: 'delete', id: m.id });
  }
}
