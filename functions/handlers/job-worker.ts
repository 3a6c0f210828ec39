/**
 * The async job worker: an SQS-triggered Lambda (locally, the in-process
 * queue delivers the same event). Partial batch failures go through
 * Powertools' BatchProcessor, so only a busy job's message is retried.
 *
 * @module
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { workerDeadline } from '../middleware/worker-deadline.ts';
import type { JobMessage } from '../ports/jobs.ts';
import { runJob } from '../pipeline/jobs.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';

/** Thrown so the message returns to the queue: another worker holds the job right now. */
class JobBusyError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} is being processed by another worker`);
    this.name = 'JobBusyError';
  }
}

export const createHandler = (getDeps: DepsProvider = defaultDeps) => {
  const processor = new BatchProcessor(EventType.SQS);
  // Powertools hands each record handler the invocation's context.
  const recordHandler = async (record: SQSRecord, context?: Context): Promise<void> => {
    let message: JobMessage;
    try {
      message = JSON.parse(record.body) as JobMessage;
    } catch {
      // A message that can never be parsed would only cycle to the DLQ: drop it loudly.
      logger.error('dropping malformed job message', { message_id: record.messageId });
      return;
    }
    // The event source delivers one message per invocation (batch size 1), so the invocation's deadline is the job's.
    const deadline = workerDeadline(context, 'The job');
    try {
      const outcome = await runJob(getDeps(), message.orgId, message.jobId, { signal: deadline.signal });
      if (outcome === 'busy') throw new JobBusyError(message.jobId);
    } finally {
      deadline.clear();
    }
  };
  return (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, recordHandler, processor, { context: context as Context, throwOnFullBatchFailure: false });
};

export const handler = createHandler();
