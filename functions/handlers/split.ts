/** POST /v1/split (SPEC "POST /v1/split"). */
import { splitOperation } from '../operations/split-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) => inferenceEndpoint(splitOperation, getDeps);

export const handler = createHandler();
