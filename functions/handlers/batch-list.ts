/** GET /v1/batch?limit=&cursor=: the organization's batches, newest first. */
import { BatchListQuery } from '../contracts/schemas/batch.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import { batchSummary } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ query, principal, deps }) => {
    const { limit, cursor } = validate(BatchListQuery, query, 'query parameter', 'invalid_option');
    const page = await deps.batches.list(principal.orgId, limit, cursor);
    return json(200, { batches: page.batches.map(batchSummary), next_cursor: page.nextCursor ?? null });
  });

export const handler = createHandler();
