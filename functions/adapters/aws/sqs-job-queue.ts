import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { JobMessage, JobQueue } from '../../ports/jobs.ts';

/** Async jobs on SQS: durable, retried with a DLQ, and the worker's concurrency is capped by the event source. */
export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(message: JobMessage): Promise<void> {
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message) }));
  }
}
