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
import { detectionView } from './detection-view.ts';
import { HOSTED_SPEND_LIMITS, type HostedSpendLimits } from '../../contracts/engines.ts';
import type { PiiDetectionService, PiiSpan as HostedSpan } from '../../contracts/hosted-models.ts';
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
  // Comprehend finds these where it sees them; their local recognizers keep running too (labels in other languages,
  // plates and codes by their form's label), so the two readings add up.
  CREDIT_DEBIT_CVV: 'CARD_SECURITY_CODE',
  PASSWORD: 'PASSWORD',
  PIN: 'PASSWORD',
  USERNAME: 'USERNAME',
  MAC_ADDRESS: 'MAC_ADDRESS',
  LICENSE_PLATE: 'VEHICLE_ID',
  VEHICLE_IDENTIFICATION_NUMBER: 'VEHICLE_ID',
};

/** Types both readers answer for: what Comprehend reports of them is added to what the local recognizers find. */
const ALSO_LOCAL: ReadonlySet<string> = new Set(['TAX_ID', 'UK_NINO', 'CARD_SECURITY_CODE', 'PASSWORD', 'USERNAME', 'MAC_ADDRESS', 'VEHICLE_ID']);

/** Our built-in types the hosted detector answers for alone (their local recognizers do not run). */
export const HOSTED_PII_TYPES: ReadonlySet<string> = new Set(Object.values(COMPREHEND_TYPES).filter((type) => !ALSO_LOCAL.has(type)));

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

/** A page's part of the document text (end exclusive). */
export interface PageTextRange {
  readonly pageNumber: number;
  readonly start: number;
  readonly end: number;
}

/** `metadata.hosted_text_limit`: the text past the hosted detector's caps, detected locally instead. */
export interface HostedTextLimit {
  readonly max_chars_per_page: number;
  readonly max_chars_per_request: number;
  /** Characters sent to the hosted detector. */
  readonly chars_hosted: number;
  /** Pages whose text (or part of it) was detected locally. */
  readonly pages: readonly number[];
}

type SpendLimits = Pick<HostedSpendLimits, 'comprehendCharsPerPage' | 'comprehendCharsPerRequest'>;

/** The end of at most `max` characters from `start`: at a line break or space in the second half when there is one, so no word is cut. */
function cutAt(text: string, start: number, max: number): number {
  const end = start + max;
  const window = text.slice(start, end);
  const breakAt = Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
  return breakAt > max / 2 ? start + breakAt : end;
}

/**
 * The parts of `text` the hosted detector may read: each page up to its
 * per-page cap, pages in order until the per-request cap; neighbouring
 * parts with only whitespace between them joined (fewer calls).
 */
export function hostedRanges(text: string, pages: readonly PageTextRange[], limits: SpendLimits = HOSTED_SPEND_LIMITS) {
  const ranges: { start: number; end: number }[] = [];
  const cut: number[] = [];
  let left = limits.comprehendCharsPerRequest;
  let sent = 0;
  for (const page of pages) {
    const allowed = Math.min(limits.comprehendCharsPerPage, left);
    const end = page.end - page.start <= allowed ? page.end : allowed > 0 ? cutAt(text, page.start, allowed) : page.start;
    if (end < page.end) cut.push(page.pageNumber);
    if (end <= page.start) continue;
    left -= end - page.start;
    sent += end - page.start;
    const last = ranges[ranges.length - 1];
    if (last && /^\s*$/u.test(text.slice(last.end, page.start))) last.end = end;
    else ranges.push({ start: page.start, end });
  }
  return { ranges, cut, sent };
}

/**
 * The spans of `text` under `config`, the hosted detector answering for the
 * built-in types it knows. Throws what the service throws
 * (`HostedEngineError`): the caller falls back to the local detector.
 *
 * With `pages` (each page's part of the text), the hosted detector reads at
 * most `HOSTED_SPEND_LIMITS` characters per page and per request; the text
 * past them is detected locally for every type, and `onLimit` hears which pages.
 */
export async function detectPiiWithService(
  text: string,
  config: DetectionConfig,
  service: PiiDetectionService,
  options: {
    languageCode: string;
    signal?: AbortSignal;
    pages?: readonly PageTextRange[];
    limits?: SpendLimits;
    onLimit?: (limit: HostedTextLimit) => void;
  },
): Promise<PiiSpan[]> {
  const enabled = enabledBuiltIns(config);
  const asked = new Set([...enabled].filter((type) => REPORTABLE.has(type)));
  const limits = options.limits ?? HOSTED_SPEND_LIMITS;
  const plan = options.pages ? hostedRanges(text, options.pages, limits) : { ranges: [{ start: 0, end: text.length }], cut: [], sent: text.length };
  const hosted: Candidate[] = [];
  if (asked.size > 0) {
    for (const range of plan.ranges) {
      for (const chunk of chunkText(text.slice(range.start, range.end), service.maxTextBytes)) {
        options.signal?.throwIfAborted();
        // The service reads the chunk as a viewer shows it (detection-view.ts), its spans placed back on the chunk's characters.
        const view = detectionView(chunk.text);
        const spans = (await service.detectPii(view.text, options.languageCode, options.signal)).map((span) => {
          const { start, end } = view.toOriginal(Math.max(0, span.beginOffset), Math.min(view.text.length, span.endOffset));
          return { ...span, beginOffset: start, endOffset: end };
        });
        hosted.push(...mapHostedSpans(text, range.start + chunk.start, chunk.text, spans, asked));
      }
    }
  }
  const persons = await personsFor(config);
  const skipped = new Set([...HOSTED_PII_TYPES].filter((type) => asked.has(type)));
  const local = localCandidates(text, config, persons, { skipBuiltIns: skipped });
  if (plan.cut.length > 0 && asked.size > 0) {
    options.onLimit?.({
      max_chars_per_page: limits.comprehendCharsPerPage,
      max_chars_per_request: limits.comprehendCharsPerRequest,
      chars_hosted: plan.sent,
      pages: plan.cut,
    });
    // The hosted types in the text the service did not read: the local recognizers answer for them there.
    const inside = (c: Candidate) => plan.ranges.some((r) => c.start >= r.start && c.end <= r.end);
    local.push(...localCandidates(text, config, persons).filter((c) => skipped.has(c.type) && !inside(c)));
  }
  return settleSpans(text, [...hosted, ...local], persons);
}

/** The service's spans of one chunk, as our candidates over the whole text. */
function mapHostedSpans(text: string, offset: number, chunk: string, spans: readonly HostedSpan[], asked: ReadonlySet<string>): Candidate[] {
  const out: Candidate[] = [];
  for (const span of spans) {
    const type = COMPREHEND_TYPES[span.type];
    if (!type || !asked.has(type)) continue;
    const start = offset + Math.max(0, span.beginOffset);
    const end = offset + Math.min(chunk.length, span.endOffset);
    // A value ends at its last letter or digit: Comprehend's spans sometimes take the punctuation after it.
    const trimmedEnd = start + text.slice(start, end).replace(/[\s.,;:]+$/u, '').length;
    if (trimmedEnd > start) out.push({ type, start, end: trimmedEnd, score: span.score, rule: 'hosted' });
  }
  return out;
}
