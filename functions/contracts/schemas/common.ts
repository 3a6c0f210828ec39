import { z } from 'zod';
import { JSON_FIELD_LIMITS } from '../limits.ts';
import { MAX_OCR_LANGUAGES, OCR_LANGUAGE_CODES, ocrLanguageOf, type OcrLanguage } from '../ocr-languages.ts';

/** `true`/`false` query and header flags, case-insensitive; anything else is a 400. */
export const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'true' || v === 'false', { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true')
  .meta({ enum: ['true', 'false'], description: "'true' or 'false' (any case)" });

export const documentKey = z.uuid({ message: 'document_key must be the UUID returned by /v1/documents/upload' });

/** True when `value` nests containers (objects, arrays) more than `maxDepth` deep; iterative, so any depth is safe to ask about. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(current)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A form field holding JSON as a string: too long, invalid or nested past
 * `maxDepth` are 400s with a message naming the field (checked before the
 * value's schema runs, which recurses).
 */
export function jsonTextField(name: string, maxDepth: number, options: { objectOnly?: boolean; notJson?: string } = {}) {
  return z
    .string()
    .max(JSON_FIELD_LIMITS.maxBytes, `${name} may be at most ${JSON_FIELD_LIMITS.maxBytes} characters of JSON`)
    .transform((raw, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: options.notJson ?? `${name} is not valid JSON` });
        return z.NEVER;
      }
      if (options.objectOnly && (!value || typeof value !== 'object' || Array.isArray(value))) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a JSON object` });
        return z.NEVER;
      }
      if (nestsDeeperThan(value, maxDepth)) {
        ctx.addIssue({ code: 'custom', message: `${name} nests more than ${maxDepth} levels deep` });
        return z.NEVER;
      }
      return value;
    });
}
/**
 * `languages`: the languages of the document's text, comma-separated ISO
 * 639-1 codes (`de,en`; three-letter codes such as `deu` are accepted too),
 * for OCR. Absent: chosen per page from the text itself.
 */
export const ocrLanguages = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const codes = value.split(',').map((c) => c.trim()).filter(Boolean);
    const languages: OcrLanguage[] = [];
    for (const code of codes) {
      const language = ocrLanguageOf(code);
      if (!language) {
        ctx.addIssue({ code: 'custom', message: `unknown language '${code}'; OCR reads ${OCR_LANGUAGE_CODES.join(', ')}` });
        return z.NEVER;
      }
      if (!languages.includes(language)) languages.push(language);
    }
    if (!languages.length || languages.length > MAX_OCR_LANGUAGES) {
      ctx.addIssue({ code: 'custom', message: `give 1 to ${MAX_OCR_LANGUAGES} languages, comma-separated (${OCR_LANGUAGE_CODES.join(', ')})` });
      return z.NEVER;
    }
    return languages;
  })
  .meta({ description: `Languages of the text for OCR, comma-separated: ${OCR_LANGUAGE_CODES.join(', ')} (at most ${MAX_OCR_LANGUAGES}). Absent: detected per page.`, example: 'de,en' });
