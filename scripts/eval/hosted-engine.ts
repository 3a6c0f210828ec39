/**
 * `npm run eval -- classify|split|extract --engine bedrock`: the same
 * evaluation with the Bedrock engines in place of the local ones, for a
 * deployment with AWS credentials and model access
 * (`DOCINTEL_BEDROCK_MODEL_ID`, default Nova Lite; `AWS_REGION`).
 *
 * Scored as the API answers: where the model fails (throttled, out of
 * schema, …) the local engine's answer is scored, and the report counts
 * those fallbacks by reason, beside the tokens used (for cost per page).
 * No access to the model stops the run with a clear message.
 *
 * @module
 */
import { BedrockLanguageModel, createBedrockRuntimeClient } from '../../functions/adapters/aws/bedrock-language-model.ts';
import { BEDROCK_MODEL_ENV, DEFAULT_BEDROCK_MODEL_ID, type FallbackReason } from '../../functions/contracts/engines.ts';
import { HostedEngineError, type LanguageModel } from '../../functions/contracts/hosted-models.ts';
import { UsageError } from '../lib/cli.ts';

export const EVAL_ENGINES = ['local', 'bedrock'] as const;
export type EvalEngine = (typeof EVAL_ENGINES)[number];

/** `--engine local|bedrock` (default local). */
export function engineOption(value: string | true | undefined): EvalEngine {
  if (value === undefined) return 'local';
  if (value === true || !(EVAL_ENGINES as readonly string[]).includes(value)) throw new UsageError(`--engine must be one of ${EVAL_ENGINES.join(', ')}.`);
  return value as EvalEngine;
}

/** What one evaluation run spent and where the local engine stood in. */
export interface HostedTally {
  readonly model: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  readonly fallbacks: Partial<Record<FallbackReason, number>>;
}

export interface HostedEval {
  readonly model: LanguageModel;
  readonly tally: HostedTally;
  /** The hosted answer, or the local one when the model fails (counted); stops the run when the model cannot be reached at all. */
  run<T>(hosted: (model: LanguageModel) => Promise<T>, local: () => T | Promise<T>): Promise<T>;
  /** The tally for the report. */
  report(pages: number): Record<string, unknown>;
}

/**
 * The Bedrock model of this machine's AWS configuration, after checking
 * that credentials resolve (the SDK's default chain), so a machine without
 * them stops with one clear line instead of a stack per document.
 */
export async function bedrockForEval(env: NodeJS.ProcessEnv = process.env): Promise<HostedEval> {
  const modelId = env[BEDROCK_MODEL_ENV] || DEFAULT_BEDROCK_MODEL_ID;
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  const client = createBedrockRuntimeClient(region);
  try {
    await client.config.credentials();
  } catch (error) {
    throw new UsageError(
      `--engine bedrock needs AWS credentials with access to ${modelId} in ${region} (${(error as Error).message}). ` +
        `Set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_REGION, and ${BEDROCK_MODEL_ENV} to choose the model.`,
    );
  }
  const inner = new BedrockLanguageModel(client, { modelId });
  const tally: HostedTally = { model: `bedrock/${modelId}`, calls: 0, inputTokens: 0, outputTokens: 0, fallbacks: {} };
  // Counts the tokens of every call, for cost per page.
  const model: LanguageModel = {
    modelId,
    async callTool(request) {
      tally.calls++;
      const answer = await inner.callTool(request);
      tally.inputTokens += answer.usage.inputTokens;
      tally.outputTokens += answer.usage.outputTokens;
      return answer;
    },
  };
  return {
    model,
    tally,
    async run(hosted, local) {
      try {
        return await hosted(model);
      } catch (error) {
        if (!(error instanceof HostedEngineError)) throw error;
        if (error.reason === 'access_denied') {
          throw new UsageError(`Bedrock refused ${modelId} in ${region} (${error.message}): grant model access in the Bedrock console and bedrock:InvokeModel on it to these credentials.`);
        }
        tally.fallbacks[error.reason] = (tally.fallbacks[error.reason] ?? 0) + 1;
        return local();
      }
    },
    report(pages) {
      return {
        engine: tally.model,
        calls: tally.calls,
        input_tokens: tally.inputTokens,
        output_tokens: tally.outputTokens,
        pages,
        input_tokens_per_page: pages ? Math.round(tally.inputTokens / pages) : null,
        output_tokens_per_page: pages ? Math.round(tally.outputTokens / pages) : null,
        local_fallbacks: tally.fallbacks,
      };
    },
  };
}

/** Runs `work` over `items` with at most `limit` at a time (a few: on-demand quotas are per minute). */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
