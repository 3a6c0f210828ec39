/**
 * GET /v1/limits: the body is the `limits` object itself, equal to the one the
 * upload receipt carries (SPEC: "the same `limits` object carried on upload responses").
 */
import { endpoint } from '../middleware/endpoint.ts';
import { json, limitsFor } from '../middleware/http.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ principal }) => json(200, limitsFor(principal)));

export const handler = createHandler();
