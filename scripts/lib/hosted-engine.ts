/**
 * `--engine <name>` for the eval scripts: the hosted service a deployment
 * would call (Textract for parse's OCR, Comprehend for redact), built with
 * the caller's own AWS credentials so accuracy can be measured on the corpus
 * from a machine that has them. Without credentials or a region it stops
 * before any work, saying what is missing. Failures during the run are
 * counted (a page the local OCR read instead is not Textract's reading).
 *
 * @module
 */
import { ComprehendClient } from '@aws-sdk/client-comprehend';
import { TextractClient } from '@aws-sdk/client-textract';
import { ComprehendPiiDetection } from '../../functions/adapters/aws/comprehend-pii.ts';
import { TextractPageText } from '../../functions/adapters/aws/textract-page-text.ts';
import { ENGINE_CHOICES, HOSTED_CALL_LIMITS } from '../../functions/contracts/engines.ts';
import { HostedEngineError, type PageTextService, type PiiDetectionService } from '../../functions/contracts/hosted-models.ts';
import { UsageError, type ParsedArgs } from './cli.ts';

/** Calls and failures of a hosted service during a run, by reason. */
export interface HostedUsage {
  readonly engine: string;
  calls: number;
  failures: Record<string, number>;
}

function counted<T>(usage: HostedUsage, call: () => Promise<T>): Promise<T> {
  usage.calls++;
  return call().catch((error: unknown) => {
    if (error instanceof HostedEngineError) usage.failures[error.reason] = (usage.failures[error.reason] ?? 0) + 1;
    throw error;
  });
}

/** The engine `--engine` names for the slot (`local` when absent), refusing names the slot cannot run. */
export function engineOption(options: ParsedArgs['options'], slot: 'ocr' | 'redact'): string {
  const value = options.engine;
  if (value === undefined) return 'local';
  const allowed = ENGINE_CHOICES[slot] as readonly string[];
  if (typeof value !== 'string' || !allowed.includes(value)) throw new UsageError(`--engine must be one of: ${allowed.join(', ')}`);
  return value;
}

async function requireCredentials(engine: string, permission: string, credentials: () => Promise<unknown>): Promise<string> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new UsageError(`--engine ${engine} calls AWS: set AWS_REGION (a region where ${permission} is available)`);
  try {
    await credentials();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(
      `--engine ${engine} calls AWS in ${region} and needs credentials allowed ${permission} ` +
        `(AWS_PROFILE, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or an instance role); none were found (${reason})`,
    );
  }
  return region;
}

/** Textract for parse's OCR, with the caller's credentials; undefined for `local`. */
export async function pageTextFor(engine: string): Promise<{ service: PageTextService; usage: HostedUsage } | undefined> {
  if (engine === 'local') return undefined;
  const probe = new TextractClient({ region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1' });
  const region = await requireCredentials(engine, 'textract:DetectDocumentText', () => probe.config.credentials());
  const inner = new TextractPageText(new TextractClient({ region, maxAttempts: HOSTED_CALL_LIMITS.maxAttempts }));
  const usage: HostedUsage = { engine: inner.name, calls: 0, failures: {} };
  return { usage, service: { name: inner.name, maxImageBytes: inner.maxImageBytes, detectText: (image, signal) => counted(usage, () => inner.detectText(image, signal)) } };
}

/** Comprehend for redact, with the caller's credentials; undefined for `local`. */
export async function piiDetectionFor(engine: string): Promise<{ service: PiiDetectionService; usage: HostedUsage } | undefined> {
  if (engine === 'local') return undefined;
  const probe = new ComprehendClient({ region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1' });
  const region = await requireCredentials(engine, 'comprehend:DetectPiiEntities', () => probe.config.credentials());
  const inner = new ComprehendPiiDetection(new ComprehendClient({ region, maxAttempts: HOSTED_CALL_LIMITS.maxAttempts }));
  const usage: HostedUsage = { engine: inner.name, calls: 0, failures: {} };
  return {
    usage,
    service: { name: inner.name, maxTextBytes: inner.maxTextBytes, detectPii: (text, languageCode, signal) => counted(usage, () => inner.detectPii(text, languageCode, signal)) },
  };
}
