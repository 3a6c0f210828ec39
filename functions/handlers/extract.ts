/** POST /v1/extract: invoice and receipt entities with line items, or a caller's schema filled (SPEC "POST /v1/extract"). */
import { extractOperation } from '../operations/extract-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) => inferenceEndpoint(extractOperation, getDeps);

export const handler = createHandler();
