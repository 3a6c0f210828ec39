/**
 * Which engine runs each part of the work, chosen per deployment: the local
 * engines (the default, offline) or a hosted model in the deployment's own
 * AWS account. One table read by the CDK stack (environment, IAM), the
 * runtime configuration and the docs.
 *
 * Slots are the pieces of work, not routes: `ocr` is page reading for every
 * operation that reads scans; the others are the operations' own engines.
 *
 * @module
 */

/** The engines each slot can run; the first is the default. */
export const ENGINE_CHOICES = {
  ocr: ['local', 'textract'],
  classify: ['local', 'bedrock'],
  split: ['local', 'bedrock'],
  extract: ['local', 'bedrock'],
  redact: ['local', 'comprehend'],
} as const;

export type EngineSlot = keyof typeof ENGINE_CHOICES;
export type EngineName = (typeof ENGINE_CHOICES)[EngineSlot][number];
export type HostedEngineName = Exclude<EngineName, 'local'>;
export type EngineSelection = { readonly [S in EngineSlot]: (typeof ENGINE_CHOICES)[S][number] };

export const ENGINE_SLOTS = Object.keys(ENGINE_CHOICES) as EngineSlot[];

export const DEFAULT_ENGINES: EngineSelection = { ocr: 'local', classify: 'local', split: 'local', extract: 'local', redact: 'local' };

/** Function environment: `DOCINTEL_<SLOT>_ENGINE` (e.g. `DOCINTEL_CLASSIFY_ENGINE=bedrock`). */
export function engineEnvVar(slot: EngineSlot): string {
  return `DOCINTEL_${slot.toUpperCase()}_ENGINE`;
}

/** Function environment: the Bedrock model (or inference profile) id the `bedrock` engines call. */
export const BEDROCK_MODEL_ENV = 'DOCINTEL_BEDROCK_MODEL_ID';

/**
 * Amazon Nova Lite: on-demand in the Bedrock regions, supports Converse tool
 * use, and is among the cheapest models that follow a JSON tool schema well.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'amazon.nova-lite-v1:0';

/** CDK context: `-c docintel:engines='{"classify":"bedrock","redact":"comprehend"}'`. */
export const ENGINES_CONTEXT = 'docintel:engines';
/** CDK context: `-c docintel:bedrockModelId=anthropic.claude-3-5-haiku-20241022-v1:0`. */
export const BEDROCK_MODEL_CONTEXT = 'docintel:bedrockModelId';
/**
 * CDK context: `-c docintel:allowGlobalInferenceProfile=true`. A `global.` inference profile may route a
 * request to any commercial region, so documents leave the deployment's geography; without this opt-in
 * such a model id fails the synth.
 */
export const GLOBAL_PROFILE_CONTEXT = 'docintel:allowGlobalInferenceProfile';

/**
 * Budgets for one hosted call. The call also stops when the request's own
 * deadline signal fires, whichever is first, so a slow service never holds a
 * Lambda past its timeout: the local engine answers instead.
 */
export const HOSTED_CALL_LIMITS = {
  /** One call (all SDK retries included). */
  timeoutMs: 25_000,
  /** SDK attempts per call before the local engine takes over (throttling is retried once). */
  maxAttempts: 2,
} as const;

/**
 * Budget of one hosted page read (Textract, one page image): a page takes a
 * second or two, and the page-range worker reads up to ten of them within
 * its own 25 s, so a stuck page gives way to the local OCR early.
 */
export const HOSTED_PAGE_READ_TIMEOUT_MS = 8_000;

/** Why a hosted engine did not answer, as `metadata.engine_fallback.reason` reports it. */
export type FallbackReason = 'throttled' | 'unavailable' | 'timeout' | 'access_denied' | 'invalid_response';

/** `metadata.engine_fallback`: the hosted engine that was asked, why it failed, and what answered instead. */
export interface EngineFallback {
  readonly slot: EngineSlot;
  readonly engine: HostedEngineName;
  readonly reason: FallbackReason;
  readonly used: 'local';
}

export class InvalidEngineSelection extends Error {}

/**
 * Reads a selection from `{slot: engine}` pairs (CDK context or environment),
 * refusing unknown slots and engines so a typo fails the deploy or the first
 * request instead of silently running the local engine.
 */
export function parseEngineSelection(raw: Readonly<Record<string, unknown>>): EngineSelection {
  const selection: Record<string, string> = { ...DEFAULT_ENGINES };
  for (const [slot, engine] of Object.entries(raw)) {
    if (engine === undefined || engine === null || engine === '') continue;
    if (!(slot in ENGINE_CHOICES)) {
      throw new InvalidEngineSelection(`Unknown engine slot "${slot}" (known: ${ENGINE_SLOTS.join(', ')})`);
    }
    const allowed = ENGINE_CHOICES[slot as EngineSlot] as readonly string[];
    if (typeof engine !== 'string' || !allowed.includes(engine)) {
      throw new InvalidEngineSelection(`Engine "${String(engine)}" cannot run ${slot} (choose one of: ${allowed.join(', ')})`);
    }
    selection[slot] = engine;
  }
  return selection as unknown as EngineSelection;
}

/** The selection in a function environment (`DOCINTEL_<SLOT>_ENGINE`). */
export function engineSelectionFromEnv(env: Readonly<Record<string, string | undefined>>): EngineSelection {
  return parseEngineSelection(Object.fromEntries(ENGINE_SLOTS.map((slot) => [slot, env[engineEnvVar(slot)]])));
}

/** The hosted services a selection needs (for IAM and for building clients). */
export function hostedEnginesIn(selection: EngineSelection): Set<HostedEngineName> {
  return new Set(Object.values(selection).filter((engine): engine is HostedEngineName => engine !== 'local'));
}

/**
 * What the hosted services cost the deployment (AWS list prices, us-east-1,
 * on demand, 2026), in micro-dollars like PRICES_MICRO_USD, so the spend
 * bounds below can be checked against what a request is billed.
 */
export const HOSTED_PRICES_MICRO_USD = {
  /** Comprehend DetectPiiEntities: $0.0001 per unit of 100 characters, at least 3 units per call. */
  comprehendPerUnit: 100,
  comprehendCharsPerUnit: 100,
  comprehendMinUnitsPerCall: 3,
  /** Textract DetectDocumentText: $1.50 per 1,000 pages. */
  textractPerPage: 1_500,
  /** Bedrock, per million tokens (input / output), by model id without a geography prefix (`us.`, `eu.`, …). */
  bedrockPerMillionTokens: {
    'amazon.nova-micro-v1:0': { input: 35_000, output: 140_000 },
    'amazon.nova-lite-v1:0': { input: 60_000, output: 240_000 },
    'anthropic.claude-3-haiku-20240307-v1:0': { input: 250_000, output: 1_250_000 },
    'anthropic.claude-3-5-haiku-20241022-v1:0': { input: 800_000, output: 4_000_000 },
  } as Readonly<Record<string, { readonly input: number; readonly output: number }>>,
} as const;

/**
 * Spend bounds of one request on the hosted engines, in one place. With the
 * prices above they keep the hosted spend of every request under 10× what
 * it is billed (test/unit/pipeline/hosted-spend.test.ts does the arithmetic;
 * docs/api.md "Hosted spend" explains it).
 */
export const HOSTED_SPEND_LIMITS = {
  /** Characters of one page sent to Comprehend; the rest of the page is detected locally (`metadata.hosted_text_limit`). */
  comprehendCharsPerPage: 5_000,
  /** Characters of one request sent to Comprehend; the pages past it are detected locally. */
  comprehendCharsPerRequest: 100_000,
  /**
   * Estimated input tokens of one request's Bedrock calls: the document text is cut to 24,000 tokens by the
   * engines, so what passes this is caller text (class descriptions, instructions, neighbour labels, schema);
   * over it the request is refused (400 `invalid_option`, reason `hosted_prompt_budget`) before any call.
   */
  bedrockInputTokensPerRequest: 32_000,
  /**
   * Estimated tokens of the caller's own text in one request's prompt (custom classes and their descriptions,
   * system_instruction, confusion_neighbors, split guidelines, an extract schema): over it, 400 `invalid_option`
   * (`hosted_prompt_budget`) before any call. 24,000 of document text + 8,000 of caller text = the input budget.
   */
  bedrockCallerTokensPerRequest: 8_000,
  /** Output tokens one request's Bedrock calls may ask for together. */
  bedrockOutputTokensPerRequest: 8_000,
  /** Pictures on one text page read by Textract when redacting (picture-text.ts). */
  textractPicturesPerPage: 8,
} as const;

/** The spend bounds as plain numbers (tests and evaluations pass smaller ones). */
export type HostedSpendLimits = { readonly [K in keyof typeof HOSTED_SPEND_LIMITS]: number };
