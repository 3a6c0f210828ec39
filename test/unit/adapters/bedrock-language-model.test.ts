/**
 * Contract of the Bedrock Converse adapter: the request it sends (forced
 * tool, schema, budgets, reasoning only where the model has it), the
 * answers it accepts (recorded Converse responses), and every failure
 * mapped to the fallback reason the operation reports.
 */
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  InternalServerException,
  ModelNotReadyException,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { BedrockLanguageModel, createBedrockRuntimeClient, supportsReasoning, THINKING_BUDGET_TOKENS } from '../../../functions/adapters/aws/bedrock-language-model.ts';
import { HOSTED_CALL_LIMITS } from '../../../functions/contracts/engines.ts';
import { HostedEngineError, type ToolCallRequest } from '../../../functions/contracts/hosted-models.ts';

const recorded = (name: string): ConverseCommandOutput =>
  ({ ...JSON.parse(readFileSync(new URL(`../../fixtures/bedrock/${name}.json`, import.meta.url), 'utf8')), $metadata: { httpStatusCode: 200 } }) as ConverseCommandOutput;

const REQUEST: ToolCallRequest = {
  system: 'You classify business documents.',
  prompt: 'Document:\n--- page 1 ---\nINVOICE',
  tool: { name: 'record_document_type', description: 'Records the type.', inputSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } },
  maxOutputTokens: 400,
};

const bedrock = mockClient(BedrockRuntimeClient);
const client = () => new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
const sent = () => bedrock.commandCalls(ConverseCommand)[0].args[0].input as ConverseCommandInput;

beforeEach(() => bedrock.reset());

describe('BedrockLanguageModel: the request', () => {
  it('forces the one tool with its JSON schema, at temperature 0 and the output budget', async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-classify'));
    const model = new BedrockLanguageModel(client(), { modelId: 'amazon.nova-lite-v1:0' });

    const answer = await model.callTool(REQUEST);

    const input = sent();
    expect(input.modelId).toBe('amazon.nova-lite-v1:0');
    expect(input.system).toEqual([{ text: REQUEST.system }]);
    expect(input.messages).toEqual([{ role: 'user', content: [{ text: REQUEST.prompt }] }]);
    expect(input.toolConfig?.tools?.[0]).toEqual({ toolSpec: { name: 'record_document_type', description: 'Records the type.', inputSchema: { json: REQUEST.tool.inputSchema } } });
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_document_type' } });
    expect(input.inferenceConfig).toEqual({ maxTokens: 400, temperature: 0 });
    expect(input.additionalModelRequestFields).toBeUndefined();
    expect(answer).toEqual({
      input: { label: 'invoice', confidence: 0.93, candidates: [{ label: 'invoice', confidence: 0.93 }, { label: 'receipt', confidence: 0.04 }, { label: 'quote', confidence: 0.02 }] },
      modelId: 'amazon.nova-lite-v1:0',
      usage: { inputTokens: 1184, outputTokens: 61 },
    });
  });

  it('asks Claude models that think for extended thinking (tool choice "any", budget on top), and ignores reasoning elsewhere', async () => {
    bedrock.on(ConverseCommand).resolves(recorded('converse-classify'));
    await new BedrockLanguageModel(client(), { modelId: 'us.anthropic.claude-sonnet-4-20250514-v1:0' }).callTool({ ...REQUEST, reasoning: true });
    const thinking = sent();
    expect(thinking.toolConfig?.toolChoice).toEqual({ any: {} });
    expect(thinking.additionalModelRequestFields).toEqual({ thinking: { type: 'enabled', budget_tokens: THINKING_BUDGET_TOKENS } });
    expect(thinking.inferenceConfig).toEqual({ maxTokens: 400 + THINKING_BUDGET_TOKENS });

    bedrock.reset();
    bedrock.on(ConverseCommand).resolves(recorded('converse-classify'));
    await new BedrockLanguageModel(client(), { modelId: 'amazon.nova-lite-v1:0' }).callTool({ ...REQUEST, reasoning: true });
    expect(sent().additionalModelRequestFields).toBeUndefined();
    expect(sent().toolConfig?.toolChoice).toEqual({ tool: { name: 'record_document_type' } });
  });

  it('knows which models reason', () => {
    expect(supportsReasoning('anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe(true);
    expect(supportsReasoning('eu.anthropic.claude-haiku-4-5-20251001-v1:0')).toBe(true);
    expect(supportsReasoning('anthropic.claude-3-5-haiku-20241022-v1:0')).toBe(false);
    expect(supportsReasoning('amazon.nova-lite-v1:0')).toBe(false);
  });

  it('builds its client with the SDK attempts of HOSTED_CALL_LIMITS', async () => {
    const built = createBedrockRuntimeClient('eu-central-1');
    expect(await built.config.maxAttempts()).toBe(HOSTED_CALL_LIMITS.maxAttempts);
    expect(await built.config.region()).toBe('eu-central-1');
  });
});

describe('BedrockLanguageModel: answers out of contract → invalid_response', () => {
  it.each([
    ['prose and no tool call', 'converse-prose-only'],
    ['an answer cut off at max_tokens', 'converse-max-tokens'],
  ])('refuses %s', async (_label, fixture) => {
    bedrock.on(ConverseCommand).resolves(recorded(fixture));
    const error = await new BedrockLanguageModel(client(), { modelId: 'amazon.nova-lite-v1:0' }).callTool(REQUEST).catch((e) => e);
    expect(error).toBeInstanceOf(HostedEngineError);
    expect(error.reason).toBe('invalid_response');
  });

  it('reads a tool input sent as a JSON string, and refuses one that is not JSON', async () => {
    const base = recorded('converse-classify');
    const withInput = (input: unknown) => ({ ...base, output: { message: { role: 'assistant' as const, content: [{ toolUse: { toolUseId: 't', name: 'record_document_type', input: input as never } }] } } });
    bedrock.on(ConverseCommand).resolvesOnce(withInput('{"label":"receipt"}')).resolvesOnce(withInput('{"label": rec'));
    const model = new BedrockLanguageModel(client(), { modelId: 'amazon.nova-lite-v1:0' });
    expect((await model.callTool(REQUEST)).input).toEqual({ label: 'receipt' });
    expect(await model.callTool(REQUEST).catch((e) => e.reason)).toBe('invalid_response');
  });
});

describe('BedrockLanguageModel: service errors → fallback reasons', () => {
  const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode }, message: 'recorded' });
  it.each([
    ['ThrottlingException', () => new ThrottlingException(meta(429)), 'throttled'],
    ['ServiceUnavailableException', () => new ServiceUnavailableException(meta(503)), 'unavailable'],
    ['ModelNotReadyException', () => new ModelNotReadyException(meta(429)), 'unavailable'],
    ['InternalServerException', () => new InternalServerException(meta(500)), 'unavailable'],
    ['ModelTimeoutException', () => new ModelTimeoutException(meta(408)), 'timeout'],
    ['AccessDeniedException', () => new AccessDeniedException(meta(403)), 'access_denied'],
    ['ValidationException', () => new ValidationException(meta(400)), 'invalid_response'],
    ['an unnamed 429', () => Object.assign(new Error('slow down'), { name: 'SomethingNew', $metadata: { httpStatusCode: 429 } }), 'throttled'],
    ['an unnamed 502', () => Object.assign(new Error('bad gateway'), { name: 'SomethingNew', $metadata: { httpStatusCode: 502 } }), 'unavailable'],
    ['a network failure', () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'unavailable'],
  ])('%s', async (_label, error, reason) => {
    bedrock.on(ConverseCommand).rejects(error());
    const failure = await new BedrockLanguageModel(client(), { modelId: 'amazon.nova-lite-v1:0' }).callTool(REQUEST).catch((e) => e);
    expect(failure).toBeInstanceOf(HostedEngineError);
    expect(failure.reason).toBe(reason);
    expect(failure.message).not.toContain('INVOICE');
  });

  /** A client that answers only when aborted, as the SDK's HTTP handler does with an abort signal. */
  const hanging = { send: (_c: unknown, options?: { abortSignal?: AbortSignal }) => new Promise((_resolve, reject) => options?.abortSignal?.addEventListener('abort', () => reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' })))) };

  it('stops at its own timeout → timeout', async () => {
    const model = new BedrockLanguageModel(hanging as never, { modelId: 'amazon.nova-lite-v1:0', timeoutMs: 20 });
    const failure = await model.callTool(REQUEST).catch((e) => e);
    expect(failure).toBeInstanceOf(HostedEngineError);
    expect(failure.reason).toBe('timeout');
  });

  it("stops when the request's deadline fires → timeout", async () => {
    const model = new BedrockLanguageModel(hanging as never, { modelId: 'amazon.nova-lite-v1:0' });
    const deadline = new AbortController();
    const pending = model.callTool({ ...REQUEST, signal: deadline.signal }).catch((e) => e);
    deadline.abort();
    expect((await pending).reason).toBe('timeout');
  });
});
