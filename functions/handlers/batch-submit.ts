/** POST /v1/batch: validates the whole batch, queues its items, answers at once with the receipt. */
import { BATCH_LIMITS } from '../contracts/batch.ts';
import { ApiError } from '../contracts/errors.ts';
import { BatchSubmission } from '../contracts/schemas/batch.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { readJsonBody } from '../middleware/form-fields.ts';
import { json } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import { submitBatch } from '../pipeline/batches.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!key || key.length > BATCH_LIMITS.idempotencyKeyMaxLength || /[\u0000-\u001f]/.test(key)) {
    throw new ApiError('invalid_request', `Idempotency-Key must be 1 to ${BATCH_LIMITS.idempotencyKeyMaxLength} printable characters.`);
  }
  return key;
}

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ event, principal, deps, headers }) => {
    const key = idempotencyKey(headers['idempotency-key']);
    const body = validate(BatchSubmission, readJsonBody(event), 'batch request');
    const { receipt, replayed } = await submitBatch(deps, principal, body, key);
    return json(200, receipt, replayed ? { 'Idempotent-Replayed': 'true' } : {});
  });

export const handler = createHandler();
