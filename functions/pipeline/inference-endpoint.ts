/**
 * The HTTP front of every inference operation: validates the request,
 * then answers at once with a job (X-Async: true) or runs the pipeline.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { readFormFields } from '../middleware/form-fields.ts';
import { json, type ApiResult } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import type { DepsProvider } from '../runtime/deps.ts';
import { cacheControlForcesRefresh } from './cache-policy.ts';
import { loadDocumentInput } from './document-input.ts';
import { withConcurrencyShare } from './concurrency-share.ts';
import { runInference, type Envelope } from './inference.ts';
import { acceptJob } from './jobs.ts';
import type { OperationSpec } from './operation.ts';

function asyncRequested(header: string | undefined): boolean {
  if (header === undefined) return false;
  const value = header.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  throw new ApiError('invalid_option', "X-Async must be 'true' or 'false'.");
}

export function inferenceEndpoint(spec: OperationSpec, getDeps: DepsProvider) {
  return endpoint({ getDeps }, async ({ event, query: rawQuery, principal, deps, state, headers, signal, fitEarly }) => {
    const query = validate(spec.querySchema, rawQuery, 'query parameter', 'invalid_option');
    const rawForm = await readFormFields(event);
    const form = validate(spec.formSchema, rawForm, 'form field');
    const isAsync = asyncRequested(headers['x-async']);
    spec.authorize?.(query, principal);
    const forceRefresh = spec.forceRefresh(query) || cacheControlForcesRefresh(headers['cache-control']);
    // Raised limits: custom tier, a direct API/SDK call (browsers send Origin), and X-Async: true.
    const raised = isAsync && principal.tier === 'custom' && !headers.origin;

    if (isAsync) {
      return json(200, await acceptJob(deps, spec, principal, { query: { ...rawQuery }, form: rawForm, forceRefresh, raised }));
    }
    // The document's row and object are looked up (read-only, two round trips) while the slot is taken (one or two
    // more): a refused slot still answers 429 first, and its lookup is dropped.
    const input = loadDocumentInput(deps, principal, form.document_key);
    input.catch(() => undefined);
    let answer: { readonly envelope: Envelope; readonly result: ApiResult } | undefined;
    // Only synchronous work holds a slot of the operation's reservation for long; a job is accepted in milliseconds.
    const envelope = await withConcurrencyShare(deps, principal, spec.operation, () =>
      runInference(deps, spec, {
        input,
        // The answer is serialised and compressed while it is stored, billed and cached.
        onEnvelope: (final) => {
          answer = { envelope: final, result: json(200, final) };
          fitEarly(answer.result);
          // The same JSON is what is stored.
          return answer.result.body;
        },
        requestId: state.requestId,
        principal,
        query,
        form,
        forceRefresh,
        raised: false,
        synchronous: true,
        signal,
      }),
    );
    return answer?.envelope === envelope ? answer.result : json(200, envelope);
  });
}
