/** POST /v1/parse: text, words with boxes, page images and layout (SPEC "POST /v1/parse"). */
import { parseOperation } from '../operations/parse-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) => inferenceEndpoint(parseOperation, getDeps);

export const handler = createHandler();
