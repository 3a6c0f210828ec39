/**
 * `npm run eval -- <op> --engine bedrock` plumbing: the option, a clear stop
 * without credentials or model access, local answers counted where the model
 * fails, and tokens tallied (against the fake Bedrock endpoint).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../scripts/lib/cli.ts';
import { bedrockForEval, engineOption } from '../../../scripts/eval/hosted-engine.ts';
import { startFakeBedrock } from '../../helpers/fake-bedrock.ts';

const TOOL = { name: 'record_document_type', description: 'd', inputSchema: { type: 'object' } };
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** No credentials anywhere the SDK's default chain looks (and no instance metadata to wait for). */
function withoutCredentials() {
  for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
  Object.assign(process.env, { AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: '/nonexistent/config', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials' });
}

describe('eval --engine', () => {
  it('reads the option', () => {
    expect(engineOption(undefined)).toBe('local');
    expect(engineOption('bedrock')).toBe('bedrock');
    expect(() => engineOption('gpt')).toThrow(UsageError);
    expect(() => engineOption(true)).toThrow(/--engine must be one of local, bedrock/);
  });

  it('stops with one clear message when no AWS credentials resolve', async () => {
    withoutCredentials();
    const error = await bedrockForEval().catch((e) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/--engine bedrock needs AWS credentials with access to amazon\.nova-lite-v1:0 in us-east-1/);
  });

  describe('against the fake endpoint', () => {
    let fake: Awaited<ReturnType<typeof startFakeBedrock>>;
    beforeEach(async () => {
      fake = await startFakeBedrock(() => ({ label: 'invoice' }));
      withoutCredentials();
      Object.assign(process.env, { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.endpoint, AWS_ACCESS_KEY_ID: 'AKIDFAKE', AWS_SECRET_ACCESS_KEY: 'x', DOCINTEL_BEDROCK_MODEL_ID: 'anthropic.claude-3-5-haiku-20241022-v1:0' });
    });
    afterEach(() => fake.close());

    it('answers with the model, tallies tokens, counts local answers by reason, and stops on refused access', async () => {
      const hosted = await bedrockForEval();
      const ask = () => hosted.run(async (model) => (await model.callTool({ system: 's', prompt: 'p', tool: TOOL, maxOutputTokens: 10 })).input, () => ({ label: 'local' }));

      expect(await ask()).toEqual({ label: 'invoice' });
      fake.setMode('fail');
      expect(await ask()).toEqual({ label: 'local' });
      const report = hosted.report(2);
      expect(report).toMatchObject({ engine: 'bedrock/anthropic.claude-3-5-haiku-20241022-v1:0', calls: 2, pages: 2, local_fallbacks: { unavailable: 1 } });
      expect(report.input_tokens).toBeGreaterThan(0);

      fake.setMode('deny');
      const refused = (await ask().catch((e: unknown) => e)) as Error;
      expect(refused).toBeInstanceOf(UsageError);
      expect(refused.message).toMatch(/grant model access/);
    });
  });
});
