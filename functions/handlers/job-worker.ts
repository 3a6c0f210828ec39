/**
 * The async job worker: an SQS-triggered Lambda (locally, the in-process
 * queue delivers the same event). Reports partial batch failures so only a
 * busy job's message is retried.
 *
 * @module
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { JobMessage } from '../ports/jobs.ts';
import { runJob } from '../pipeline/jobs.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';

export const createHandler =
  (getDeps: DepsProvider = defaultDeps) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const deps = getDeps();
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      let message: JobMessage;
      try {
        message = JSON.parse(record.body) as JobMessage;
      } catch {
        logger.error('dropping malformed job message', { message_id: record.messageId });
        continue;
      }
      try {
        const outcome = await runJob(deps, message.orgId, message.jobId);
        if (outcome === 'busy') batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        logger.error('job message failed', { message_id: record.messageId, job_id: message.jobId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };

export const handler = createHandler();
