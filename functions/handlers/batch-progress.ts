/**
 * A task of the batch state machine: reads the batch's progress, records
 * its terminal state when every item is settled, and tells the machine
 * whether to wait, stop, or send the webhook.
 *
 * @module
 */
import { checkBatchProgress, type ProgressReport } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export interface BatchTaskInput {
  readonly org_id: string;
  readonly batch_id: string;
}

export const createHandler =
  (getDeps: DepsProvider = defaultDeps) =>
  (input: BatchTaskInput): Promise<ProgressReport> =>
    checkBatchProgress(getDeps(), input.org_id, input.batch_id);

export const handler = createHandler();
