/** DELETE /v1/batch/{batch_id}: cancels a queued or running batch and returns its record. */
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { batchOf, batchView, cancelBatch } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps }) => {
    const batch = await batchOf(deps, principal, event.pathParameters?.batch_id ?? '');
    return json(200, await batchView(deps, await cancelBatch(deps, batch)));
  });

export const handler = createHandler();
