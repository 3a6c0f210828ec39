/** POST /v1/extract: invoice and receipt entities with line items, or a caller's schema filled (SPEC "POST /v1/extract"). */
import { extractOperation } from '../operations/extract-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) => inferenceEndpoint(extractOperation, getDeps);

export const handler = createHandler();
