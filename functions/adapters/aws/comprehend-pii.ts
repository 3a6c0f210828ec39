/**
 * Amazon Comprehend `DetectPiiEntities` as a `PiiDetectionService`: one
 * synchronous call per text of at most 100 KB of UTF-8 (the engine chunks
 * longer documents). Comprehend reports offsets in Unicode code points; they
 * are turned into JavaScript string indices (UTF-16 code units) here, so an
 * emoji or a CJK extension character before a name does not shift its mask.
 *
 * @module
 */
import { ComprehendClient, DetectPiiEntitiesCommand, type LanguageCode } from '@aws-sdk/client-comprehend';
import { HOSTED_CALL_LIMITS } from '../../contracts/engines.ts';
import type { PiiDetectionService, PiiSpan } from '../../contracts/hosted-models.ts';
import { callHosted, invalidResponse } from './hosted-call.ts';

import { COMPREHEND_MAX_TEXT_BYTES, COMPREHEND_PII_ENGINE } from './hosted-service-facts.ts';

export { COMPREHEND_MAX_TEXT_BYTES, COMPREHEND_PII_ENGINE };

/** Languages DetectPiiEntities accepts; the engine sends one of them. */
const SUPPORTED_LANGUAGES = new Set(['en', 'es']);

/** UTF-16 index of each code-point offset in `text` (offsets past the end map to its length). */
export function codePointToUtf16(text: string): (codePointOffset: number) => number {
  // ASCII and BMP-only text (nearly all of it): the offsets are the same.
  if (!/[\uD800-\uDBFF]/.test(text)) return (offset) => Math.min(offset, text.length);
  const indexes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    indexes.push(i);
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
  }
  indexes.push(text.length);
  return (offset) => indexes[Math.min(Math.max(0, offset), indexes.length - 1)];
}

export class ComprehendPiiDetection implements PiiDetectionService {
  readonly name = COMPREHEND_PII_ENGINE;
  readonly maxTextBytes = COMPREHEND_MAX_TEXT_BYTES;

  constructor(private readonly client: ComprehendClient) {}

  /** A client with the call budget's retries; the endpoint comes from `AWS_ENDPOINT_URL_COMPREHEND` when set. */
  static create(region: string): ComprehendPiiDetection {
    return new ComprehendPiiDetection(new ComprehendClient({ region, maxAttempts: HOSTED_CALL_LIMITS.maxAttempts }));
  }

  async detectPii(text: string, languageCode: string, signal?: AbortSignal): Promise<readonly PiiSpan[]> {
    if (!text.trim()) return [];
    const language = (SUPPORTED_LANGUAGES.has(languageCode) ? languageCode : 'en') as LanguageCode;
    const answer = await callHosted('Comprehend DetectPiiEntities', signal, (abortSignal) =>
      this.client.send(new DetectPiiEntitiesCommand({ Text: text, LanguageCode: language }), { abortSignal }),
    );
    if (!Array.isArray(answer.Entities)) throw invalidResponse('Comprehend DetectPiiEntities', 'an Entities list');
    const toIndex = codePointToUtf16(text);
    const codePoints = [...text].length;
    const spans: PiiSpan[] = [];
    for (const entity of answer.Entities) {
      const { Type: type, BeginOffset: begin, EndOffset: end, Score: score } = entity;
      if (typeof type !== 'string' || typeof begin !== 'number' || typeof end !== 'number') {
        throw invalidResponse('Comprehend DetectPiiEntities', 'entity types and offsets');
      }
      if (begin < 0 || end > codePoints) throw invalidResponse('Comprehend DetectPiiEntities', 'offsets inside the text sent');
      const beginOffset = toIndex(begin);
      const endOffset = toIndex(end);
      if (endOffset <= beginOffset) continue;
      spans.push({ type, beginOffset, endOffset, score: typeof score === 'number' ? score : 1 });
    }
    return spans;
  }
}
