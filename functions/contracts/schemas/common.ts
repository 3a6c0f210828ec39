import { z } from 'zod';
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
