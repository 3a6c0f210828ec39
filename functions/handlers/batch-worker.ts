/**
 * The batch worker: SQS-triggered on the batch queue (the lowest-priority
 * lane; locally the durable local queue delivers the same event). Partial
 * batch failures through Powertools' BatchProcessor, so only the items
 * that must be retried return to the queue.
 *
 * @module
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { workerDeadline } from '../middleware/worker-deadline.ts';
import type { BatchItemMessage } from '../ports/batches.ts';
import { runBatchItem } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';

class ItemBusyError extends Error {
  constructor(message: BatchItemMessage) {
    super(`batch ${message.batchId} item ${message.docIndex} is being processed by another worker`);
    this.name = 'ItemBusyError';
  }
}

export function parseItemMessage(body: string): BatchItemMessage | undefined {
  try {
    const m = JSON.parse(body) as Partial<BatchItemMessage>;
    if (typeof m.orgId === 'string' && typeof m.batchId === 'string' && Number.isInteger(m.docIndex)) return m as BatchItemMessage;
  } catch {
    // fall through
  }
  return undefined;
}

export const createHandler = (getDeps: DepsProvider = defaultDeps) => {
  const processor = new BatchProcessor(EventType.SQS);
  const recordHandler = async (record: SQSRecord, context?: Context): Promise<void> => {
    const message = parseItemMessage(record.body);
    if (!message) {
      // It could never be processed and would only cycle to the DLQ.
      logger.error('dropping malformed batch item message', { message_id: record.messageId });
      return;
    }
    const deadline = workerDeadline(context, 'The document');
    try {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1;
      const outcome = await runBatchItem(getDeps(), message, { receiveCount, signal: deadline.signal });
      if (outcome === 'busy') throw new ItemBusyError(message);
    } finally {
      deadline.clear();
    }
  };
  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, recordHandler, processor, { context: context as Context, throwOnFullBatchFailure: false });
};

export const handler = createHandler();
