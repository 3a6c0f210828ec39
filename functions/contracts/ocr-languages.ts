/**
 * The languages OCR reads, one source of truth for the API (`languages`
 * option, `metadata.languages`), the OCR engine (which Tesseract model to
 * load) and the deployment (which traineddata packages the Lambda bundles
 * carry).
 *
 * @module
 */

/** API language codes (ISO 639-1) and the Tesseract model of each. */
export const OCR_LANGUAGES = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pt: 'por',
} as const;

export type OcrLanguage = keyof typeof OCR_LANGUAGES;
export type TesseractLanguage = (typeof OCR_LANGUAGES)[OcrLanguage];

export const OCR_LANGUAGE_CODES = Object.keys(OCR_LANGUAGES) as OcrLanguage[];

/** At most this many languages per request (each one more model every line is read with). */
export const MAX_OCR_LANGUAGES = 3;

/** npm package holding a language's traineddata. */
export function traineddataPackage(language: TesseractLanguage | 'osd'): string {
  return `@tesseract.js-data/${language}`;
}

/** Accepts `de`, `deu`, `DE`; undefined for a language OCR does not read. */
export function ocrLanguageOf(code: string): OcrLanguage | undefined {
  const c = code.trim().toLowerCase();
  if (c in OCR_LANGUAGES) return c as OcrLanguage;
  const entry = Object.entries(OCR_LANGUAGES).find(([, tess]) => tess === c);
  return entry?.[0] as OcrLanguage | undefined;
}
