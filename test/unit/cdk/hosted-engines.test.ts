/**
 * Hosted engines in the synthesized template: the engine variables and the
 * IAM of each function follow the slots it runs, a default deployment has
 * none of them, invalid selections fail the synth, and every hosted call
 * budget ends inside its function's timeout.
 */
import { Duration, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BEDROCK_MODEL_CONTEXT,
  BEDROCK_MODEL_ENV,
  ENGINE_SLOTS,
  ENGINES_CONTEXT,
  engineEnvVar,
  GLOBAL_PROFILE_CONTEXT,
  HOSTED_CALL_LIMITS,
  HOSTED_PAGE_READ_TIMEOUT_MS,
} from '../../../functions/contracts/engines.ts';
import { BATCH_WORKER_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER } from '../../../functions/contracts/routes.ts';
import { EXTRACT_ENGINE_CONTEXT, grantHostedEngines, readHostedEngineSettings, slotsRunBy } from '../../../lib/constructs/hosted-engines.ts';
import type { DocintelStack } from '../../../lib/stacks/docintel-stack.ts';
import { createDocintelApp } from '../../helpers/cdk-app.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

const HOSTED_ACTIONS = ['bedrock:InvokeModel', 'comprehend:DetectPiiEntities', 'textract:DetectDocumentText'];
const ENGINE_VARIABLES = [...ENGINE_SLOTS.map(engineEnvVar), BEDROCK_MODEL_ENV];

/** Per function: its environment and its role's statements. */
function inspect(stack: DocintelStack) {
  const resources = Template.fromStack(stack).toJSON().Resources as Resources;
  const id = (element: CfnElement) => stack.resolve(element.logicalId) as string;
  return (handler: string) => {
    const f = stack.functions[handler];
    const env = (resources[id(f.function.node.defaultChild as CfnElement)].Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
    const roleId = id(f.role.node.defaultChild as CfnElement);
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`))
      .flatMap((r) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    const hosted = statements.filter((s) => HOSTED_ACTIONS.some((a) => (Array.isArray(s.Action) ? s.Action : [s.Action]).includes(a)));
    const engineEnv = Object.fromEntries(Object.entries(env).filter(([k]) => ENGINE_VARIABLES.includes(k)));
    return { env: engineEnv, actions: actions.filter((a) => HOSTED_ACTIONS.includes(a)).sort(), hosted, timeout: resources[id(f.function.node.defaultChild as CfnElement)].Properties.Timeout as number };
  };
}

describe('Stack: hosted engines', () => {
  describe('a default deployment', () => {
    it('has no engine variable and no hosted-model permission on any function', () => {
      // Prepare
      const { stack } = createDocintelApp();
      const of = inspect(stack);
      // Act / Assess
      for (const handler of Object.keys(stack.functions)) {
        expect(of(handler).env, handler).toEqual({});
        expect(of(handler).actions, handler).toEqual([]);
      }
    });
  });

  describe('-c docintel:engines with every hosted engine', () => {
    let of: ReturnType<typeof inspect>;
    let stack: DocintelStack;
    beforeAll(() => {
      ({ stack } = createDocintelApp({
        context: { [ENGINES_CONTEXT]: '{"classify":"bedrock","redact":"comprehend","ocr":"textract"}', [BEDROCK_MODEL_CONTEXT]: 'anthropic.claude-3-5-haiku-20241022-v1:0' },
      }));
      of = inspect(stack);
    });

    it('gives each inference function the variables and permissions of the slots it runs, and no others', () => {
      expect(of('parse')).toMatchObject({ env: { DOCINTEL_OCR_ENGINE: 'textract' }, actions: ['textract:DetectDocumentText'] });
      expect(of('redact')).toMatchObject({
        env: { DOCINTEL_OCR_ENGINE: 'textract', DOCINTEL_REDACT_ENGINE: 'comprehend' },
        actions: ['comprehend:DetectPiiEntities', 'textract:DetectDocumentText'],
      });
      expect(of('classify')).toMatchObject({
        env: { DOCINTEL_OCR_ENGINE: 'textract', DOCINTEL_CLASSIFY_ENGINE: 'bedrock', [BEDROCK_MODEL_ENV]: 'anthropic.claude-3-5-haiku-20241022-v1:0' },
        actions: ['bedrock:InvokeModel', 'textract:DetectDocumentText'],
      });
      // Extract and split stay local here: no model variable, no Bedrock permission.
      expect(of('extract')).toMatchObject({ env: { DOCINTEL_OCR_ENGINE: 'textract' }, actions: ['textract:DetectDocumentText'] });
      expect(of('split')).toMatchObject({ env: { DOCINTEL_OCR_ENGINE: 'textract' }, actions: ['textract:DetectDocumentText'] });
    });

    it('gives the job and batch workers every chosen engine, the page-range worker only the page reader', () => {
      for (const worker of [JOB_WORKER_HANDLER, BATCH_WORKER_HANDLER]) {
        expect(of(worker).actions, worker).toEqual(['bedrock:InvokeModel', 'comprehend:DetectPiiEntities', 'textract:DetectDocumentText']);
        expect(of(worker).env, worker).toEqual({
          DOCINTEL_OCR_ENGINE: 'textract',
          DOCINTEL_CLASSIFY_ENGINE: 'bedrock',
          DOCINTEL_REDACT_ENGINE: 'comprehend',
          [BEDROCK_MODEL_ENV]: 'anthropic.claude-3-5-haiku-20241022-v1:0',
        });
      }
      expect(of(PAGE_RANGE_WORKER_HANDLER)).toMatchObject({ env: { DOCINTEL_OCR_ENGINE: 'textract' }, actions: ['textract:DetectDocumentText'] });
    });

    it('leaves the control functions untouched', () => {
      for (const handler of ['upload', 'usage', 'limits', 'get-job', 'batch-submit', 'batch-webhook']) {
        expect(of(handler), handler).toMatchObject({ env: {}, actions: [] });
      }
    });

    it('scopes bedrock:InvokeModel to the one foundation model; the resource-less actions are only those that must be', () => {
      // Act
      const [statement] = of('classify').hosted.filter((s) => s.Action === 'bedrock:InvokeModel');
      const resources = JSON.stringify(statement.Resource);
      // Assess
      expect(resources).toContain(':bedrock:');
      expect(resources).toContain('::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
      expect(resources).not.toContain('*');
      for (const s of of('redact').hosted) expect(s.Resource, JSON.stringify(s.Action)).toBe('*');
      // CDK merges statements on the same resource: `*` holds X-Ray's and these two, nothing else.
      const unscoped = new Set(['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'comprehend:DetectPiiEntities', 'textract:DetectDocumentText']);
      for (const s of of(JOB_WORKER_HANDLER).hosted.filter((s) => s.Resource === '*')) {
        for (const action of Array.isArray(s.Action) ? s.Action : [s.Action]) expect(unscoped.has(action), action).toBe(true);
      }
    });

    it('keeps every hosted call budget inside the timeout of the functions that make it', () => {
      const budgets: Record<string, number> = { ocr: HOSTED_PAGE_READ_TIMEOUT_MS, redact: HOSTED_CALL_LIMITS.timeoutMs, classify: HOSTED_CALL_LIMITS.timeoutMs };
      for (const handler of Object.keys(stack.functions)) {
        for (const slot of slotsRunBy(handler).filter((s) => s in budgets)) {
          expect(budgets[slot], `${handler} ${slot}`).toBeLessThan(of(handler).timeout * 1000);
        }
      }
    });
  });

  it('grants an inference profile and the model it routes to in its geography', () => {
    // Prepare
    const { stack } = createDocintelApp({ context: { [ENGINES_CONTEXT]: { extract: 'bedrock' }, [BEDROCK_MODEL_CONTEXT]: 'us.amazon.nova-pro-v1:0' } });
    // Act
    const [statement] = inspect(stack)('extract').hosted;
    const resources = JSON.stringify(statement.Resource);
    // Assess
    expect(resources).toContain(':inference-profile/us.amazon.nova-pro-v1:0');
    expect(resources).toContain(':bedrock:*::foundation-model/amazon.nova-pro-v1:0');
  });

  it('keeps -c docintel:extractEngine working as an alias of the extract slot', () => {
    // Prepare
    const { stack } = createDocintelApp({ context: { [EXTRACT_ENGINE_CONTEXT]: 'bedrock' } });
    // Act
    const extract = inspect(stack)('extract');
    // Assess
    expect(extract.env).toMatchObject({ DOCINTEL_EXTRACT_ENGINE: 'bedrock', [BEDROCK_MODEL_ENV]: 'amazon.nova-lite-v1:0' });
    expect(extract.actions).toEqual(['bedrock:InvokeModel']);
  });

  it.each([
    [{ [ENGINES_CONTEXT]: '{"ocr":"bedrock"}' }, /Engine "bedrock" cannot run ocr \(choose one of: local, textract\)/],
    [{ [ENGINES_CONTEXT]: '{"translate":"bedrock"}' }, /Unknown engine slot "translate"/],
    [{ [ENGINES_CONTEXT]: 'classify=bedrock' }, /must be a JSON object/],
    [{ [ENGINES_CONTEXT]: '["bedrock"]' }, /must be a JSON object/],
    [{ [ENGINES_CONTEXT]: '{"classify":"bedrock"}', [BEDROCK_MODEL_CONTEXT]: 'not a model id!' }, /docintel:bedrockModelId must be a Bedrock model/],
    [{ [ENGINES_CONTEXT]: '{"extract":"local"}', [EXTRACT_ENGINE_CONTEXT]: 'bedrock' }, /contradicts/],
  ])('fails the synth on an invalid selection (%j)', (context, message) => {
    expect(() => createDocintelApp({ context })).toThrow(message);
  });

  it('refuses a global. inference profile unless -c docintel:allowGlobalInferenceProfile=true opts in', () => {
    const settingsWith = (context: Record<string, unknown>) => {
      const scope = new Stack(undefined, 'G', {});
      for (const [key, value] of Object.entries({ [ENGINES_CONTEXT]: '{"classify":"bedrock"}', ...context })) scope.node.setContext(key, value);
      return readHostedEngineSettings(scope);
    };
    const global = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';
    expect(() => settingsWith({ [BEDROCK_MODEL_CONTEXT]: global })).toThrow(/global inference profile.*-c docintel:allowGlobalInferenceProfile=true/);
    expect(() => settingsWith({ [BEDROCK_MODEL_CONTEXT]: global, [GLOBAL_PROFILE_CONTEXT]: 'false' })).toThrow(/global inference profile/);
    expect(settingsWith({ [BEDROCK_MODEL_CONTEXT]: global, [GLOBAL_PROFILE_CONTEXT]: 'true' }).bedrockModelId).toBe(global);
    expect(settingsWith({ [BEDROCK_MODEL_CONTEXT]: global, [GLOBAL_PROFILE_CONTEXT]: true }).bedrockModelId).toBe(global);
    // Geographic profiles and model ids need no opt-in.
    expect(settingsWith({ [BEDROCK_MODEL_CONTEXT]: 'eu.amazon.nova-lite-v1:0' }).bedrockModelId).toBe('eu.amazon.nova-lite-v1:0');
  });

  it('refuses a hosted call budget that would not end inside the function timeout', () => {
    // Prepare
    const stack = new Stack();
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const scope = new Stack(undefined, 'S', {});
    scope.node.setContext(ENGINES_CONTEXT, '{"redact":"comprehend"}');
    const settings = readHostedEngineSettings(scope);
    // Act / Assess
    expect(() => grantHostedEngines(settings, { handlerName: 'redact', role, timeout: Duration.seconds(20) })).toThrow(/comprehend call budget \(25 s\) does not end inside the redact function's timeout \(20 s\)/);
    expect(() => grantHostedEngines(settings, { handlerName: 'redact', role, timeout: Duration.seconds(29) })).not.toThrow();
  });

  it('passes cdk-nag with every hosted engine on (the wildcard resources acknowledged with a reason)', () => {
    // Prepare
    const { app } = createDocintelApp({
      nag: true,
      context: { [ENGINES_CONTEXT]: '{"classify":"bedrock","split":"bedrock","extract":"bedrock","redact":"comprehend","ocr":"textract"}', [BEDROCK_MODEL_CONTEXT]: 'eu.anthropic.claude-3-5-sonnet-20240620-v1:0' },
    });
    // Act & Assess: a finding makes synth throw with the report.
    expect(() => app.synth()).not.toThrow();
  });
});
