/**
 * PII detection with a hosted detector (Amazon Comprehend through the
 * `PiiDetectionService` contract) for the built-in types it knows, the local
 * recognizers for everything else (the caller's custom types, and the
 * built-in types the service has no equivalent of), merged into one set of
 * non-overlapping spans over the same text the local detector reads, so the
 * masking that follows is unchanged.
 *
 * @module
 */
import type { PiiDetectionService } from '../../contracts/hosted-models.ts';
import { enabledBuiltIns, localCandidates, personsFor, settleSpans, type DetectionConfig, type PiiSpan } from './detect.ts';
import type { Candidate } from './recognizers.ts';

/**
 * Comprehend's entity types → ours. Types without an entry (DATE_TIME, URL,
 * AGE, USERNAME, PASSWORD, AWS keys, …) are not among the types redact
 * reports and are ignored; a date is a DATE_OF_BIRTH only next to birth
 * context, which the local recognizer checks.
 */
export const COMPREHEND_TYPES: Readonly<Record<string, string>> = {
  NAME: 'PERSON',
  EMAIL: 'EMAIL_ADDRESS',
  PHONE: 'PHONE_NUMBER',
  SSN: 'US_SSN',
  CREDIT_DEBIT_NUMBER: 'CREDIT_CARD',
  INTERNATIONAL_BANK_ACCOUNT_NUMBER: 'IBAN_CODE',
  BANK_ROUTING: 'ABA_ROUTING_NUMBER',
  BANK_ACCOUNT_NUMBER: 'US_BANK_NUMBER',
  ADDRESS: 'STREET_ADDRESS',
  PASSPORT_NUMBER: 'PASSPORT_NUMBER',
  DRIVER_ID: 'DRIVER_LICENSE',
  IP_ADDRESS: 'IP_ADDRESS',
  UK_NATIONAL_HEALTH_SERVICE_NUMBER: 'UK_NHS',
  // Comprehend follows HMRC's prefix rules only; UK_NINO's local recognizer also takes other prefixes next to "National Insurance", so it keeps running too.
  UK_NATIONAL_INSURANCE_NUMBER: 'UK_NINO',
  // Comprehend finds ITINs only; TAX_ID also covers EINs and EU VAT numbers, so its local recognizer keeps running too.
  US_INDIVIDUAL_TAX_IDENTIFICATION_NUMBER: 'TAX_ID',
};

/** Our built-in types the hosted detector answers for alone (their local recognizers do not run). */
export const HOSTED_PII_TYPES: ReadonlySet<string> = new Set(Object.values(COMPREHEND_TYPES).filter((type) => type !== 'TAX_ID' && type !== 'UK_NINO'));

/** Our types the hosted detector can report. */
const REPORTABLE: ReadonlySet<string> = new Set(Object.values(COMPREHEND_TYPES));

/** Comprehend's language for the request's OCR languages: Spanish when that is what was asked, English otherwise (its only two). */
export function piiLanguageCode(languages?: readonly string[]): string {
  return languages?.[0] === 'es' ? 'es' : 'en';
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * Cuts `text` into pieces of at most `maxBytes` of UTF-8, each ending at a
 * page or block break, else a line break, else a space (a hard cut only for
 * a single "word" longer than the limit), so no entity is split unless it
 * spans lines.
 */
export function chunkText(text: string, maxBytes: number): { start: number; text: string }[] {
  const chunks: { start: number; text: string }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start;
    let bytes = 0;
    while (end < text.length) {
      const char = String.fromCodePoint(text.codePointAt(end) ?? 0);
      const size = utf8Length(char);
      if (bytes + size > maxBytes) break;
      bytes += size;
      end += char.length;
    }
    if (end < text.length) {
      const window = text.slice(start, end);
      const floor = Math.floor(window.length / 2);
      const breakAt = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find((i) => i > floor);
      if (breakAt !== undefined) end = start + breakAt + 1;
    }
    chunks.push({ start, text: text.slice(start, end) });
    start = end;
  }
  return chunks;
}

/** Whether `config` turns on any type the hosted detector reports (else there is nothing to ask it). */
export function asksHostedDetector(config: DetectionConfig): boolean {
  return [...enabledBuiltIns(config)].some((type) => REPORTABLE.has(type));
}

/**
 * The spans of `text` under `config`, the hosted detector answering for the
 * built-in types it knows. Throws what the service throws
 * (`HostedEngineError`): the caller falls back to the local detector.
 */
export async function detectPiiWithService(
  text: string,
  config: DetectionConfig,
  service: PiiDetectionService,
  options: { languageCode: string; signal?: AbortSignal },
): Promise<PiiSpan[]> {
  const enabled = enabledBuiltIns(config);
  const asked = new Set([...enabled].filter((type) => REPORTABLE.has(type)));
  const hosted: Candidate[] = [];
  if (asked.size > 0) {
    for (const chunk of chunkText(text, service.maxTextBytes)) {
      options.signal?.throwIfAborted();
      for (const span of await service.detectPii(chunk.text, options.languageCode, options.signal)) {
        const type = COMPREHEND_TYPES[span.type];
        if (!type || !asked.has(type)) continue;
        const start = chunk.start + Math.max(0, span.beginOffset);
        const end = chunk.start + Math.min(chunk.text.length, span.endOffset);
        // A value ends at its last letter or digit: Comprehend's spans sometimes take the punctuation after it.
        const trimmedEnd = start + text.slice(start, end).replace(/[\s.,;:]+$/u, '').length;
        if (trimmedEnd > start) hosted.push({ type, start, end: trimmedEnd, score: span.score, rule: 'hosted' });
      }
    }
  }
  const persons = await personsFor(config);
  const local = localCandidates(text, config, persons, { skipBuiltIns: new Set([...HOSTED_PII_TYPES].filter((type) => asked.has(type))) });
  return settleSpans(text, [...hosted, ...local], persons);
}
