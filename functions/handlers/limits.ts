/** GET /v1/limits: the same `limits` object the upload receipt carries. */
import { limitsObject } from '../contracts/limits.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) =>
  endpoint({ getDeps }, async ({ principal }) => json(200, { limits: limitsObject(principal.tier) }));

export const handler = createHandler();
