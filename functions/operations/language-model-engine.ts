/**
 * The choice classify, split and extract make: the deployment's language
 * model (`DOCINTEL_<OPERATION>_ENGINE=bedrock`) with the local engine
 * behind it, or the local engine alone. Reports what answered, for
 * `model_used` and `metadata.engine_fallback`.
 *
 * @module
 */
import { HOSTED_SPEND_LIMITS, type EngineFallback, type HostedSpendLimits } from '../contracts/engines.ts';
import { ApiError } from '../contracts/errors.ts';
import type { LanguageModel, ToolCallRequest } from '../contracts/hosted-models.ts';
import { hostedModelName } from '../engines/hosted/extract.ts';
import { estimateTokens } from '../engines/hosted/prompt-text.ts';
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

/** Estimated input tokens of one call: everything sent, caller text included (instructions, classes, schema). */
export function requestTokens(request: ToolCallRequest): number {
  return (
    estimateTokens(request.system) +
    estimateTokens(request.prompt) +
    estimateTokens(request.tool.description + JSON.stringify(request.tool.inputSchema))
  );
}

/**
 * The model behind a per-request token budget (`HOSTED_SPEND_LIMITS`): a call
 * that would pass it is refused before it is made, as the caller's 400
 * (the engines cut the document's own text to fit, so only caller text can
 * pass it); output is capped to what is left of the output budget.
 */
export function budgetedModel(model: LanguageModel, limits: HostedSpendLimits = HOSTED_SPEND_LIMITS): LanguageModel {
  let input = 0;
  let output = 0;
  return {
    modelId: model.modelId,
    async callTool(request) {
      const tokens = requestTokens(request);
      if (input + tokens > limits.bedrockInputTokensPerRequest) {
        throw new ApiError(
          'invalid_option',
          `The prompt this request needs is about ${input + tokens} tokens; hosted models take at most ${limits.bedrockInputTokensPerRequest} per request. ` +
            'Shorten the caller text (class descriptions, system_instruction, neighbour labels, schema).',
          { details: { reason: 'hosted_prompt_budget', estimated_tokens: input + tokens, max_tokens: limits.bedrockInputTokensPerRequest } },
        );
      }
      const maxOutputTokens = Math.min(request.maxOutputTokens, limits.bedrockOutputTokensPerRequest - output);
      if (maxOutputTokens <= 0)
        throw new ApiError('invalid_option', 'This request used its hosted-model output budget.', { details: { reason: 'hosted_prompt_budget' } });
      input += tokens;
      output += maxOutputTokens;
      return model.callTool({ ...request, maxOutputTokens });
    },
  };
}

/** Refuses caller text (options, schema) past its share of the prompt budget, before any call. */
export function checkCallerText(callerText: string, limits: HostedSpendLimits = HOSTED_SPEND_LIMITS): void {
  const tokens = estimateTokens(callerText);
  if (tokens <= limits.bedrockCallerTokensPerRequest) return;
  throw new ApiError(
    'invalid_option',
    `The caller text of this request (class descriptions, system_instruction, neighbour labels, guidelines or schema) is about ${tokens} tokens; ` +
      `hosted models take at most ${limits.bedrockCallerTokensPerRequest}. Shorten it.`,
    { details: { reason: 'hosted_prompt_budget', estimated_tokens: tokens, max_tokens: limits.bedrockCallerTokensPerRequest } },
  );
}

/**
 * Runs the hosted model (within the request's token budget) with the local
 * engine behind it. `callerText` is what the caller put into the prompt: it
 * is checked against its budget before any call, only when a hosted model
 * is chosen (the local engines have no such cost).
 */
export async function runLanguageModelEngine<T>(
  deps: AppDeps,
  slot: 'classify' | 'split' | 'extract',
  hosted: (model: LanguageModel) => Promise<T>,
  local: () => Promise<T>,
  signal?: AbortSignal,
  callerText = '',
): Promise<EngineAnswer<T>> {
  const chosen = languageModelFor(deps, slot);
  if (!chosen) return { value: await local() };
  checkCallerText(callerText);
  const model = budgetedModel(chosen);
  const outcome = await withLocalFallback(slot, 'bedrock', () => hosted(model), local, signal);
  return outcome.fallback ? { value: outcome.value, fallback: outcome.fallback } : { value: outcome.value, hostedModel: hostedModelName(model) };
}

/** `metadata.engine_fallback` when the local engine answered in the hosted one's place. */
export function fallbackMetadata(answer: EngineAnswer<unknown>): { engine_fallback?: EngineFallback } {
  return answer.fallback ? { engine_fallback: answer.fallback } : {};
}
