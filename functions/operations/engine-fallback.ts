/**
 * Runs a hosted engine with the local engine behind it: when the hosted
 * service is throttled, failing, too slow or answers out of schema
 * (`HostedEngineError`), the local engine answers and the response says so
 * in `metadata.engine_fallback`. Other errors are bugs and propagate.
 *
 * @module
 */
import type { EngineFallback, EngineSlot, HostedEngineName } from '../contracts/engines.ts';
import { HostedEngineError } from '../contracts/hosted-models.ts';
import { logger } from '../runtime/logger.ts';

export interface EngineOutcome<T> {
  readonly value: T;
  /** Present when the local engine answered in place of the hosted one. */
  readonly fallback?: EngineFallback;
}

export async function withLocalFallback<T>(
  slot: EngineSlot,
  engine: HostedEngineName,
  hosted: () => Promise<T>,
  local: () => Promise<T>,
  signal?: AbortSignal,
): Promise<EngineOutcome<T>> {
  try {
    return { value: await hosted() };
  } catch (error) {
    if (!(error instanceof HostedEngineError)) throw error;
    // The caller stopped waiting: no point answering locally either.
    signal?.throwIfAborted();
    // The reason and service only: the message may quote the document, which is never logged.
    logger.warn('hosted engine failed; the local engine answers', { slot, engine, reason: error.reason });
    return { value: await local(), fallback: { slot, engine, reason: error.reason, used: 'local' } };
  }
}
