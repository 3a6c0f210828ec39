/** POST /v1/classify (SPEC "POST /v1/classify"). */
import { classifyOperation } from '../operations/classify-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) => inferenceEndpoint(classifyOperation, getDeps);

export const handler = createHandler();
