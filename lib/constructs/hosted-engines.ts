/**
 * Hosted engines in the stack: which engine runs each slot (CDK context
 * `docintel:engines`, `docintel:bedrockModelId`; the older
 * `docintel:extractEngine` is an alias for the extract slot), the
 * `DOCINTEL_<SLOT>_ENGINE` / `DOCINTEL_BEDROCK_MODEL_ID` environment of the
 * functions that run each slot, and least-privilege IAM for exactly those
 * functions: a default deployment gets neither the variables nor a single
 * Bedrock, Comprehend or Textract permission.
 *
 * @module
 */
import { Aws, Duration, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  BEDROCK_MODEL_CONTEXT,
  BEDROCK_MODEL_ENV,
  DEFAULT_BEDROCK_MODEL_ID,
  GLOBAL_PROFILE_CONTEXT,
  ENGINE_SLOTS,
  ENGINES_CONTEXT,
  engineEnvVar,
  HOSTED_CALL_LIMITS,
  HOSTED_PAGE_READ_TIMEOUT_MS,
  InvalidEngineSelection,
  parseEngineSelection,
  type EngineSelection,
  type EngineSlot,
  type HostedEngineName,
} from '../../functions/contracts/engines.ts';
import { BATCH_WORKER_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER } from '../../functions/contracts/routes.ts';

/** CDK context key naming the extractor engine: the older spelling of `docintel:engines='{"extract":…}'`, kept as an alias. */
export const EXTRACT_ENGINE_CONTEXT = 'docintel:extractEngine';

export interface HostedEngineSettings {
  /** The resolved selection (unset slots: local). */
  readonly selection: EngineSelection;
  /** Slots the deployment named explicitly: only these get an environment variable. */
  readonly explicit: ReadonlySet<EngineSlot>;
  readonly bedrockModelId: string;
}

/** Which slots each function runs: every inference operation reads pages (ocr); the workers run any operation. */
const SLOTS_BY_HANDLER: Readonly<Record<string, readonly EngineSlot[]>> = {
  parse: ['ocr'],
  extract: ['ocr', 'extract'],
  classify: ['ocr', 'classify'],
  split: ['ocr', 'split'],
  redact: ['ocr', 'redact'],
  [JOB_WORKER_HANDLER]: ENGINE_SLOTS,
  [BATCH_WORKER_HANDLER]: ENGINE_SLOTS,
  [PAGE_RANGE_WORKER_HANDLER]: ['ocr'],
};

export function slotsRunBy(handler: string): readonly EngineSlot[] {
  return SLOTS_BY_HANDLER[handler] ?? [];
}

/** The budget of one call of each hosted engine (all SDK retries included). */
const CALL_BUDGET_MS: Readonly<Record<HostedEngineName, number>> = {
  textract: HOSTED_PAGE_READ_TIMEOUT_MS,
  comprehend: HOSTED_CALL_LIMITS.timeoutMs,
  bedrock: HOSTED_CALL_LIMITS.timeoutMs,
};

const MODEL_ID = /^[a-z0-9][a-z0-9.:_/-]{2,199}$/i;
/** Cross-region inference profiles: `us.anthropic.claude-…`, `eu.amazon.nova-…`, `global.…`. */
const PROFILE_PREFIX = /^(us|us-gov|eu|apac|ca|jp|au|global)\.(.+)$/;

function fail(message: string): never {
  throw new Error(`Invalid engine selection: ${message}`);
}

/** Reads and checks the deployment's engine choice; an invalid one fails the synth with what to write instead. */
export function readHostedEngineSettings(scope: Construct): HostedEngineSettings {
  const raw = scope.node.tryGetContext(ENGINES_CONTEXT) as unknown;
  let pairs: Record<string, unknown> = {};
  if (typeof raw === 'string' && raw.trim()) {
    try {
      pairs = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      fail(`-c ${ENGINES_CONTEXT} must be a JSON object such as '{"classify":"bedrock","redact":"comprehend","ocr":"textract"}', got ${raw}`);
    }
  } else if (raw !== undefined && raw !== null && raw !== '') {
    pairs = raw as Record<string, unknown>;
  }
  if (typeof pairs !== 'object' || pairs === null || Array.isArray(pairs)) {
    fail(`-c ${ENGINES_CONTEXT} must be a JSON object of slot → engine, got ${JSON.stringify(raw)}`);
  }
  const legacy = scope.node.tryGetContext(EXTRACT_ENGINE_CONTEXT) as unknown;
  if (typeof legacy === 'string' && legacy) {
    if (pairs.extract !== undefined && pairs.extract !== legacy) {
      fail(`-c ${EXTRACT_ENGINE_CONTEXT}=${legacy} contradicts "extract":"${String(pairs.extract)}" in -c ${ENGINES_CONTEXT}; keep one`);
    }
    pairs = { ...pairs, extract: legacy };
  }
  let selection: EngineSelection;
  try {
    selection = parseEngineSelection(pairs);
  } catch (error) {
    if (error instanceof InvalidEngineSelection) fail(`${error.message} (-c ${ENGINES_CONTEXT})`);
    throw error;
  }
  const explicit = new Set(ENGINE_SLOTS.filter((slot) => pairs[slot] !== undefined && pairs[slot] !== null && pairs[slot] !== ''));
  const model = scope.node.tryGetContext(BEDROCK_MODEL_CONTEXT) as unknown;
  if (model !== undefined && (typeof model !== 'string' || !MODEL_ID.test(model))) {
    fail(`-c ${BEDROCK_MODEL_CONTEXT} must be a Bedrock model or inference profile id such as ${DEFAULT_BEDROCK_MODEL_ID}, got ${JSON.stringify(model)}`);
  }
  const modelId = (model as string | undefined) ?? DEFAULT_BEDROCK_MODEL_ID;
  const allowGlobal = scope.node.tryGetContext(GLOBAL_PROFILE_CONTEXT) as unknown;
  if (modelId.startsWith('global.') && allowGlobal !== true && allowGlobal !== 'true') {
    fail(
      `-c ${BEDROCK_MODEL_CONTEXT}=${modelId} is a global inference profile: Bedrock may process documents in any region, outside this deployment's geography. ` +
        `Use a geographic profile (us., eu., apac., …) or a model id, or opt in with -c ${GLOBAL_PROFILE_CONTEXT}=true.`,
    );
  }
  return { selection, explicit, bedrockModelId: modelId };
}

/** The hosted engines a function runs (its slots that are not local). */
function hostedOf(settings: HostedEngineSettings, handler: string): Map<HostedEngineName, EngineSlot[]> {
  const hosted = new Map<HostedEngineName, EngineSlot[]>();
  for (const slot of slotsRunBy(handler)) {
    const engine = settings.selection[slot];
    if (engine === 'local') continue;
    hosted.set(engine, [...(hosted.get(engine) ?? []), slot]);
  }
  return hosted;
}

/** The function's engine environment: the variables of the slots it runs that the deployment named. */
export function engineEnvironment(settings: HostedEngineSettings, handler: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const slot of slotsRunBy(handler)) if (settings.explicit.has(slot)) env[engineEnvVar(slot)] = settings.selection[slot];
  if (hostedOf(settings, handler).has('bedrock')) env[BEDROCK_MODEL_ENV] = settings.bedrockModelId;
  return env;
}

/** The ARNs `bedrock:InvokeModel` needs for a model id: the foundation model, or an inference profile and the models it routes to. */
export function bedrockModelArns(modelId: string): string[] {
  const profile = PROFILE_PREFIX.exec(modelId);
  if (!profile) return [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${modelId}`];
  return [
    `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${modelId}`,
    // A cross-region profile invokes the model in any region of its geography.
    `arn:${Aws.PARTITION}:bedrock:*::foundation-model/${profile[2]}`,
  ];
}

/**
 * Grants a function exactly the hosted calls its slots make, and refuses at
 * synth a hosted call budget that would not end inside the function's
 * timeout (the local engine must still have time to answer).
 */
export function grantHostedEngines(
  settings: HostedEngineSettings,
  target: { readonly handlerName: string; readonly role: iam.IRole & Construct; readonly timeout: Duration },
): void {
  const hosted = hostedOf(settings, target.handlerName);
  if (hosted.size === 0) return;
  for (const engine of hosted.keys()) {
    const budget = Duration.millis(CALL_BUDGET_MS[engine]);
    if (budget.toMilliseconds() >= target.timeout.toMilliseconds()) {
      throw new Error(
        `The ${engine} call budget (${budget.toSeconds()} s) does not end inside the ${target.handlerName} function's timeout (${target.timeout.toSeconds()} s).`,
      );
    }
  }
  const reasons: string[] = [];
  if (hosted.has('bedrock')) {
    target.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: bedrockModelArns(settings.bedrockModelId) }));
    const profile = PROFILE_PREFIX.exec(settings.bedrockModelId);
    if (profile) {
      Validations.of(target.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${profile[2]}]`,
        reason: `The cross-region inference profile ${settings.bedrockModelId} routes each call to ${profile[2]} in any region of its geography; the model is fixed, the region cannot be.`,
      });
    }
  }
  if (hosted.has('comprehend')) {
    target.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['comprehend:DetectPiiEntities'], resources: ['*'] }));
    reasons.push('comprehend:DetectPiiEntities');
  }
  if (hosted.has('textract')) {
    target.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['textract:DetectDocumentText'], resources: ['*'] }));
    reasons.push('textract:DetectDocumentText');
  }
  if (reasons.length) {
    Validations.of(target.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `X-Ray PutTraceSegments/PutTelemetryRecords (tracing: ACTIVE) and ${reasons.join(', ')} support no resource-level permissions; each action is granted alone, to the functions that run that engine.`,
    });
  }
}
