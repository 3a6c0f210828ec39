/**
 * The Bedrock client as the hosted services build it, on the real wire:
 * `AWS_ENDPOINT_URL_BEDROCK_RUNTIME` (read by the SDK itself) points it at
 * the fake service, which sees a signed Converse call and answers in
 * Bedrock's format, or with its errors.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOSTED_CALL_LIMITS } from '../../../functions/contracts/engines.ts';
import type { ToolCallRequest } from '../../../functions/contracts/hosted-models.ts';
import { readConfig } from '../../../functions/runtime/config.ts';
import { buildHostedServices } from '../../../functions/runtime/hosted-services.ts';
import { startFakeBedrock } from '../../helpers/fake-bedrock.ts';

const REQUEST: ToolCallRequest = {
  system: 'You classify business documents.',
  prompt: 'Document:\n--- page 1 ---\nINVOICE',
  tool: { name: 'record_document_type', description: 'Records the type.', inputSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } },
  maxOutputTokens: 400,
};

describe('hosted services: the Bedrock client on the wire', () => {
  const saved = { ...process.env };
  let fake: Awaited<ReturnType<typeof startFakeBedrock>>;
  beforeEach(async () => {
    fake = await startFakeBedrock(() => ({ label: 'invoice' }));
  });
  afterEach(async () => {
    process.env = { ...saved };
    await fake.close();
  });

  const config = (env: Record<string, string>) =>
    readConfig({ DOCINTEL_ACCOUNTS_TABLE: 'a', DOCINTEL_DOCUMENTS_TABLE: 'd', DOCINTEL_REQUESTS_TABLE: 'r', DOCINTEL_JOBS_TABLE: 'j', DOCINTEL_BATCHES_TABLE: 'b', DOCINTEL_BUCKET: 'x', ...env });

  it('builds a language model only when a slot selects bedrock', () => {
    expect(buildHostedServices(config({})).languageModel).toBeUndefined();
    expect(buildHostedServices(config({ DOCINTEL_SPLIT_ENGINE: 'bedrock' })).languageModel?.modelId).toBe('amazon.nova-lite-v1:0');
    expect(buildHostedServices(config({ DOCINTEL_CLASSIFY_ENGINE: 'bedrock', DOCINTEL_BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0' })).languageModel?.modelId).toBe('anthropic.claude-3-5-haiku-20241022-v1:0');
  });

  it('honours AWS_ENDPOINT_URL_BEDROCK_RUNTIME (the SDK reads it): a signed POST /model/{id}/converse, and its answers and errors', async () => {
    Object.assign(process.env, { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.endpoint, AWS_ACCESS_KEY_ID: 'AKIDFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret' });
    delete process.env.AWS_PROFILE;
    const model = buildHostedServices(config({ DOCINTEL_CLASSIFY_ENGINE: 'bedrock' })).languageModel!;

    const answer = await model.callTool(REQUEST);
    expect(answer.input).toEqual({ label: 'invoice' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].modelId).toBe('amazon.nova-lite-v1:0');
    expect(fake.requests[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(fake.requests[0].body.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_document_type' } });

    fake.setMode('throttle');
    expect(await model.callTool(REQUEST).catch((e) => e.reason)).toBe('throttled');
    // Throttling is retried once (HOSTED_CALL_LIMITS.maxAttempts) before the local engine takes over.
    expect(fake.requests).toHaveLength(1 + HOSTED_CALL_LIMITS.maxAttempts);
    fake.setMode('fail');
    expect(await model.callTool(REQUEST).catch((e) => e.reason)).toBe('unavailable');
    fake.setMode('deny');
    expect(await model.callTool(REQUEST).catch((e) => e.reason)).toBe('access_denied');
  });
});
