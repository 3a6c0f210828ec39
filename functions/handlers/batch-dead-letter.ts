/**
 * Consumes the batch queue's dead-letter queue: an item whose message
 * failed every delivery (the worker crashed or timed out each time) is
 * marked `failed`, unbilled, so its batch can still reach a terminal state.
 *
 * @module
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { abandonBatchItem } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';
import { parseItemMessage } from './batch-worker.ts';

export const createHandler =
  (getDeps: DepsProvider = defaultDeps) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      const message = parseItemMessage(record.body);
      if (!message) continue;
      try {
        logger.error('batch item dead-lettered', { batch_id: message.batchId, doc_index: message.docIndex });
        await abandonBatchItem(getDeps(), message);
      } catch (error) {
        logger.error('could not mark a dead-lettered item failed', { batch_id: message.batchId, error: error as Error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };

export const handler = createHandler();
