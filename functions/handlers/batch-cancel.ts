/** DELETE /v1/batch/{batch_id}: cancels a queued or running batch and returns its record. */
import { ApiError } from '../contracts/errors.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { batchView, cancelBatch } from '../pipeline/batches.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) =>
  endpoint({ getDeps }, async ({ event, principal, deps }) => {
    const batchId = event.pathParameters?.batch_id ?? '';
    const batch = /^[0-9a-f-]{36}$/i.test(batchId) ? await deps.batches.get(principal.orgId, batchId) : undefined;
    if (!batch) throw new ApiError('not_found', `No batch ${batchId} in this organization.`);
    return json(200, await batchView(deps, await cancelBatch(deps, batch)));
  });

export const handler = createHandler();
