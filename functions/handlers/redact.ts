/** POST /v1/redact: PII masked on page images, or de-identified with synthetic values (SPEC "POST /v1/redact"). */
import { redactOperation } from '../operations/redact-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps: DepsProvider = defaultDeps) => inferenceEndpoint(redactOperation, getDeps);

export const handler = createHandler();
