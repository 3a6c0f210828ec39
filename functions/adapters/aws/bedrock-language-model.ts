/**
 * `LanguageModel` over Amazon Bedrock's Converse API: one forced tool call
 * (`toolChoice: {tool}`), so the model must answer with JSON matching the
 * tool's input schema instead of prose.
 *
 * Failures become `HostedEngineError`s with the reason the operation reports
 * in `metadata.engine_fallback` (the local engine then answers):
 * throttling → `throttled`; 5xx, ServiceUnavailable, ModelNotReady,
 * InternalServer, network failures → `unavailable`; the per-call timeout or
 * the request's deadline → `timeout`; AccessDenied (model access not granted,
 * IAM) → `access_denied`; no tool call, a truncated answer (`max_tokens`) or
 * a validation error on our request → `invalid_response`.
 *
 * `reasoning` (the spec's `use_thinking`): Anthropic Claude models on Bedrock
 * take extended thinking through `additionalModelRequestFields.thinking`,
 * but Anthropic refuses thinking together with a *forced* tool choice, so
 * for Claude we ask for thinking and let the tool choice be `any` (the
 * model must still call a tool; we offer only one). Other model families
 * (Amazon Nova, Llama, Mistral) have no reasoning switch on Converse: the
 * flag is ignored for them and the engines' prompt asks for care instead.
 *
 * The endpoint is the SDK's own: `AWS_ENDPOINT_URL_BEDROCK_RUNTIME` (or
 * `AWS_ENDPOINT_URL`) redirects the client, which the tests use for a fake.
 *
 * @module
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { HOSTED_CALL_LIMITS } from '../../contracts/engines.ts';
import { HostedEngineError, type LanguageModel, type ToolCallRequest, type ToolCallResult } from '../../contracts/hosted-models.ts';
import { callHosted, type ServiceErrorReasons } from './hosted-call.ts';

/** Token budget for extended thinking (Anthropic's minimum is 1,024). */
export const THINKING_BUDGET_TOKENS = 2048;

export interface BedrockLanguageModelOptions {
  readonly modelId: string;
  /** One call's budget, SDK retries included. @default HOSTED_CALL_LIMITS.timeoutMs */
  readonly timeoutMs?: number;
}

/** Claude models (or cross-region inference profiles of them, e.g. `eu.anthropic.claude-…`). */
export function supportsReasoning(modelId: string): boolean {
  return /(^|\.)anthropic\.claude-(3-7-|(sonnet|opus|haiku)-4)/.test(modelId);
}

export function createBedrockRuntimeClient(region: string, credentials?: { accessKeyId: string; secretAccessKey: string }): BedrockRuntimeClient {
  return new BedrockRuntimeClient({ region, maxAttempts: HOSTED_CALL_LIMITS.maxAttempts, ...(credentials ? { credentials } : {}) });
}

export class BedrockLanguageModel implements LanguageModel {
  readonly modelId: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly client: Pick<BedrockRuntimeClient, 'send'>,
    options: BedrockLanguageModelOptions,
  ) {
    this.modelId = options.modelId;
    this.timeoutMs = options.timeoutMs ?? HOSTED_CALL_LIMITS.timeoutMs;
  }

  async callTool(request: ToolCallRequest): Promise<ToolCallResult> {
    const input = this.converseInput(request);
    const output: ConverseCommandOutput = await callHosted(
      'Bedrock Converse',
      request.signal,
      (abortSignal) => this.client.send(new ConverseCommand(input), { abortSignal }),
      this.timeoutMs,
      BEDROCK_ERROR_REASONS,
    );
    return this.toolResult(output, request.tool.name);
  }

  private converseInput(request: ToolCallRequest): ConverseCommandInput {
    const thinking = request.reasoning === true && supportsReasoning(this.modelId);
    return {
      modelId: this.modelId,
      system: [{ text: request.system }],
      messages: [{ role: 'user', content: [{ text: request.prompt }] }],
      toolConfig: {
        tools: [{ toolSpec: { name: request.tool.name, description: request.tool.description, inputSchema: { json: request.tool.inputSchema as never } } }],
        // Thinking cannot be combined with a forced tool (Anthropic); `any` with one tool still forces a tool call.
        toolChoice: thinking ? { any: {} } : { tool: { name: request.tool.name } },
      },
      inferenceConfig: {
        // Thinking tokens count against maxTokens on Claude.
        maxTokens: request.maxOutputTokens + (thinking ? THINKING_BUDGET_TOKENS : 0),
        // Extraction wants the most likely reading; Claude requires temperature 1 with thinking (left unset).
        ...(thinking ? {} : { temperature: 0 }),
      },
      ...(thinking ? { additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: THINKING_BUDGET_TOKENS } } } : {}),
    };
  }

  private toolResult(output: ConverseCommandOutput, toolName: string): ToolCallResult {
    if (!output?.output) throw new HostedEngineError('invalid_response', `${this.modelId} sent no message`);
    const usage = { inputTokens: output.usage?.inputTokens ?? 0, outputTokens: output.usage?.outputTokens ?? 0 };
    if (output.stopReason === 'max_tokens') {
      throw new HostedEngineError('invalid_response', `${this.modelId} ran out of output tokens before finishing its answer`);
    }
    const blocks = output.output?.message?.content ?? [];
    const call = blocks.find((b) => b.toolUse && b.toolUse.name === toolName)?.toolUse;
    if (!call) throw new HostedEngineError('invalid_response', `${this.modelId} answered without calling ${toolName} (stop reason ${output.stopReason ?? 'none'})`);
    // The SDK hands the tool input over as parsed JSON; some models put a JSON string there instead.
    let input: unknown = call.input;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch (cause) {
        throw new HostedEngineError('invalid_response', `${this.modelId} sent a tool input that is not JSON`, { cause });
      }
    }
    if (input === null || typeof input !== 'object') throw new HostedEngineError('invalid_response', `${this.modelId} sent a tool input that is not an object`);
    return { input, modelId: this.modelId, usage };
  }
}

/** Bedrock's own errors where the general rule (hosted-call.ts) would say otherwise. */
const BEDROCK_ERROR_REASONS: ServiceErrorReasons = {
  ModelNotReadyException: 'unavailable',
  ModelTimeoutException: 'timeout',
  // Our request did not fit the model (a schema it refuses, a model without tool use): the local engine answers.
  ValidationException: 'invalid_response',
  ModelErrorException: 'invalid_response',
};
