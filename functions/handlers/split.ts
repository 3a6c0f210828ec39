/** POST /v1/split (SPEC "POST /v1/split"). */
import { splitOperation } from '../operations/split-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) => inferenceEndpoint(splitOperation, getDeps);

export const handler = createHandler();
