/** POST /v1/redact: PII masked on page images, or de-identified with synthetic values (SPEC "POST /v1/redact"). */
import { redactOperation } from '../operations/redact-operation.ts';
import { inferenceEndpoint } from '../pipeline/inference-endpoint.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) => inferenceEndpoint(redactOperation, getDeps);

export const handler = createHandler();
