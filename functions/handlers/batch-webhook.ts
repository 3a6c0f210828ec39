/**
 * A task of the batch state machine: one signed webhook delivery attempt
 * (`action: deliver`; a failure throws `WebhookDeliveryFailed`, which the
 * machine retries with backoff), or recording that retries ran out
 * (`action: give_up`).
 *
 * @module
 */
import { deliverBatchWebhook, giveUpBatchWebhook } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export interface WebhookTaskInput {
  readonly org_id: string;
  readonly batch_id: string;
  readonly action: 'deliver' | 'give_up';
}

export const createHandler =
  (getDeps: DepsProvider = defaultDeps) =>
  async (input: WebhookTaskInput): Promise<{ delivered: boolean }> => {
    if (input.action === 'give_up') {
      await giveUpBatchWebhook(getDeps(), input.org_id, input.batch_id);
      return { delivered: false };
    }
    return deliverBatchWebhook(getDeps(), input.org_id, input.batch_id);
  };

export const handler = createHandler();
