/** GET /v1/batch/{batch_id}: the batch record with its items; other organizations get 404. */
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { batchOf, batchView } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps }) =>
    json(200, await batchView(deps, await batchOf(deps, principal, event.pathParameters?.batch_id ?? ''))),
  );

export const handler = createHandler();
