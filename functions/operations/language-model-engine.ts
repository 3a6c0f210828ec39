/**
 * The choice classify, split and extract make: the deployment's language
 * model (`DOCINTEL_<OPERATION>_ENGINE=bedrock`) with the local engine
 * behind it, or the local engine alone. Reports what answered, for
 * `model_used` and `metadata.engine_fallback`.
 *
 * @module
 */
import type { EngineFallback } from '../contracts/engines.ts';
import type { LanguageModel } from '../contracts/hosted-models.ts';
import { hostedModelName } from '../engines/hosted/extract.ts';
import type { AppDeps } from '../runtime/deps.ts';
import { withLocalFallback } from './engine-fallback.ts';

export interface EngineAnswer<T> {
  readonly value: T;
  /** `bedrock/<model id>` when the language model answered; absent when the local engine did. */
  readonly hostedModel?: string;
  /** The hosted engine was asked and the local one answered. */
  readonly fallback?: EngineFallback;
}

/** The language model selected for `slot`, or undefined (local engine). */
export function languageModelFor(deps: AppDeps, slot: 'classify' | 'split' | 'extract'): LanguageModel | undefined {
  return deps.engines?.[slot] === 'bedrock' ? deps.hosted?.languageModel : undefined;
}

export async function runLanguageModelEngine<T>(
  deps: AppDeps,
  slot: 'classify' | 'split' | 'extract',
  hosted: (model: LanguageModel) => Promise<T>,
  local: () => Promise<T>,
  signal?: AbortSignal,
): Promise<EngineAnswer<T>> {
  const model = languageModelFor(deps, slot);
  if (!model) return { value: await local() };
  const outcome = await withLocalFallback(slot, 'bedrock', () => hosted(model), local, signal);
  return outcome.fallback ? { value: outcome.value, fallback: outcome.fallback } : { value: outcome.value, hostedModel: hostedModelName(model) };
}

/** `metadata.engine_fallback` when the local engine answered in the hosted one's place. */
export function fallbackMetadata(answer: EngineAnswer<unknown>): { engine_fallback?: EngineFallback } {
  return answer.fallback ? { engine_fallback: answer.fallback } : {};
}
