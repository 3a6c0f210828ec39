/**
 * The deadline of a queue-triggered worker: aborts its work with
 * `processing_timeout` shortly before Lambda would stop the invocation, so
 * the verdict is written (job or batch item `failed`) instead of the work
 * vanishing mid-way and its message cycling through the queue.
 *
 * @module
 */
import type { Context } from 'aws-lambda';
import { ApiError } from '../contracts/errors.ts';

/** Time kept back from the Lambda timeout to record the stopped work as failed. */
export const JOB_STOP_MARGIN_MS = 20_000;

/** No context (tests, the local queues) → no deadline. */
export function workerDeadline(context: Context | undefined, what: string): { signal?: AbortSignal; clear(): void } {
  const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : undefined;
  if (remaining === undefined) return { clear() {} };
  const controller = new AbortController();
  const limitSeconds = Math.round(remaining / 1000);
  const timer = setTimeout(
    () =>
      controller.abort(
        new ApiError(
          'processing_timeout',
          `${what} did not finish within the worker's time limit (about ${limitSeconds} s) and was stopped; split the document into smaller parts and submit them separately.`,
        ),
      ),
    Math.max(0, remaining - JOB_STOP_MARGIN_MS),
  );
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
