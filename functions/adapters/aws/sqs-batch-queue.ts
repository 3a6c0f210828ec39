import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { BatchItemMessage, BatchQueue } from '../../ports/batches.ts';

/** Batch items on their own SQS queue (the lowest-priority lane), ten per SendMessageBatch call. */
export class SqsBatchQueue implements BatchQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async sendItems(messages: readonly BatchItemMessage[]): Promise<void> {
    const chunks: BatchItemMessage[][] = [];
    for (let i = 0; i < messages.length; i += 10) chunks.push(messages.slice(i, i + 10));
    // A few chunks in flight at once: a 1,000-item batch is 100 calls.
    for (let i = 0; i < chunks.length; i += 8) {
      await Promise.all(chunks.slice(i, i + 8).map((chunk) => this.sendChunk(chunk)));
    }
  }

  private async sendChunk(chunk: readonly BatchItemMessage[]): Promise<void> {
    let entries = chunk.map((m, i) => ({ Id: String(i), MessageBody: JSON.stringify(m) }));
    for (let attempt = 0; entries.length > 0; attempt++) {
      const out = await this.sqs.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl, Entries: entries }));
      const failed = new Set((out.Failed ?? []).filter((f) => !f.SenderFault).map((f) => f.Id));
      const senderFault = (out.Failed ?? []).find((f) => f.SenderFault);
      if (senderFault) throw new Error(`SQS rejected a batch item message: ${senderFault.Code} ${senderFault.Message ?? ''}`);
      entries = entries.filter((e) => failed.has(e.Id));
      if (entries.length > 0) {
        if (attempt >= 5) throw new Error(`SQS kept failing ${entries.length} batch item messages`);
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    }
  }
}
