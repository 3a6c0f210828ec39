/**
 * In-memory language models for handler and pipeline tests: they keep every
 * request and answer from a script, or fail as told (the Bedrock adapter has
 * its own contract tests against a fake Bedrock on the wire).
 */
import type { FallbackReason } from '../../functions/contracts/engines.ts';
import { HostedEngineError, type LanguageModel, type ToolCallRequest } from '../../functions/contracts/hosted-models.ts';

export const MODEL_ID = 'amazon.nova-lite-v1:0';

/**
 * A language model that answers each tool from a table (by tool name) or a function of the request, or fails as told
 * ('bug': an error that is not a HostedEngineError).
 */
export function scriptedModel(
  answers: Record<string, unknown> | ((request: ToolCallRequest) => unknown),
  failure?: FallbackReason | 'bug',
): LanguageModel & { requests: ToolCallRequest[] } {
  const requests: ToolCallRequest[] = [];
  return {
    modelId: MODEL_ID,
    requests,
    async callTool(request) {
      requests.push(request);
      if (failure === 'bug') throw new TypeError('a bug in the engine');
      if (failure) throw new HostedEngineError(failure, `scripted ${failure}`);
      const input = typeof answers === 'function' ? answers(request) : answers[request.tool.name];
      return { input, modelId: MODEL_ID, usage: { inputTokens: 100, outputTokens: 10 } };
    },
  };
}

/** A language model that calls whatever it is asked a letter (classify's answer shape), whatever the tool. */
export function letterModel(): LanguageModel & { requests: ToolCallRequest[] } {
  const letter = { label: 'letter', confidence: 0.9, candidates: [{ label: 'letter', confidence: 0.9 }] };
  return scriptedModel(() => letter);
}
