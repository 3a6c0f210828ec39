/**
 * What the hosted-model engines need from a hosted service, in our terms:
 * the engines (prompting, mapping to our result shapes, grounding) are
 * written against these interfaces, and the AWS adapters (Bedrock,
 * Comprehend, Textract clients) implement them. Engines never see an SDK.
 *
 * @module
 */
import type { FallbackReason } from './engines.ts';

/**
 * A hosted service could not give a usable answer (throttled, failing,
 * too slow, not allowed, or an answer that does not fit the schema). The
 * operation then answers with the local engine and reports
 * `metadata.engine_fallback`. Any other error is a bug and propagates.
 */
export class HostedEngineError extends Error {
  constructor(
    readonly reason: FallbackReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HostedEngineError';
  }
}

/** One forced tool call: the model must answer by calling `tool` with input matching its JSON schema. */
export interface ToolCallRequest {
  readonly system: string;
  /** The user turn: instructions and the document's text. */
  readonly prompt: string;
  readonly tool: {
    readonly name: string;
    readonly description: string;
    /** JSON Schema (draft 2020-12 subset the providers accept) of the tool's input. */
    readonly inputSchema: Readonly<Record<string, unknown>>;
  };
  readonly maxOutputTokens: number;
  /** Extended reasoning where the model offers it (`use_thinking`); ignored otherwise. */
  readonly reasoning?: boolean;
  readonly signal?: AbortSignal;
}

export interface ToolCallResult {
  /** The tool input the model produced (not yet validated by the caller). */
  readonly input: unknown;
  /** The model that answered, for `model_used`. */
  readonly modelId: string;
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
}

/** A hosted language model (Amazon Bedrock Converse). */
export interface LanguageModel {
  readonly modelId: string;
  callTool(request: ToolCallRequest): Promise<ToolCallResult>;
}

/** A PII span found by a hosted detector, as character offsets into the text sent. */
export interface PiiSpan {
  /** The service's own type name (e.g. Comprehend's `NAME`, `SSN`); the engine maps it to ours. */
  readonly type: string;
  readonly beginOffset: number;
  readonly endOffset: number;
  readonly score: number;
}

/** A hosted PII detector (Amazon Comprehend `DetectPiiEntities`). */
export interface PiiDetectionService {
  readonly name: string;
  /** Text within the service's size limit (the engine chunks). */
  detectPii(text: string, languageCode: string, signal?: AbortSignal): Promise<readonly PiiSpan[]>;
  /** The largest text one call accepts, in UTF-8 bytes. */
  readonly maxTextBytes: number;
}

/** A box in page fractions (0..1 from the top-left corner). */
export interface FractionBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface RecognizedWord {
  readonly text: string;
  /** 0..1 */
  readonly confidence: number;
  readonly box: FractionBox;
}

export interface RecognizedLine {
  readonly text: string;
  readonly confidence: number;
  readonly box: FractionBox;
  readonly words: readonly RecognizedWord[];
}

/** A hosted text reader for page images (Amazon Textract `DetectDocumentText`). */
export interface PageTextService {
  readonly name: string;
  /** Reads one page image (PNG or JPEG bytes); lines in reading order. */
  detectText(image: Uint8Array, signal?: AbortSignal): Promise<{ readonly lines: readonly RecognizedLine[] }>;
  /** The largest image one synchronous call accepts, in bytes. */
  readonly maxImageBytes: number;
}

/** The hosted services a deployment has turned on; absent → that engine is not selected. */
export interface HostedServices {
  readonly languageModel?: LanguageModel;
  readonly piiDetection?: PiiDetectionService;
  readonly pageText?: PageTextService;
}
