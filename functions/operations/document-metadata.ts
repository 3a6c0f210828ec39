/**
 * What every operation that reads pages reports about the reading in its
 * response's `metadata`: the languages of the text, any warnings (a page
 * with ink on which no text was read) and, for an e-mail, its header fields
 * and where each attachment's pages are (`email`).
 *
 * @module
 */
import type { ParsedDocument } from '../engines/document-model.ts';
import { guessLanguage } from '../engines/ocr/language-detect.ts';

/** `{ warnings: [...] }` from the pages' warnings (an OCR page with ink but no text read), or nothing when there are none. */
export function documentWarnings(document: ParsedDocument): { warnings?: string[] } {
  const warnings = document.pages.flatMap((p) => p.warnings ?? []);
  return warnings.length ? { warnings } : {};
}

/**
 * The languages of the document's text (ISO 639-1), most pages first: the
 * languages its OCR pages were read with, and for other pages the language
 * their text is clearly in. Empty when no page has text to tell by.
 */
export function documentLanguages(document: ParsedDocument): string[] {
  const counts = new Map<string, number>();
  for (const page of document.pages) {
    const languages = page.languages?.length ? page.languages : page.text ? [guessLanguage(page.text)].filter((g) => g.sure).map((g) => g.language) : [];
    for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([language]) => language);
}

/** `{ languages, warnings?, email? }` for a response's `metadata`. */
export function readingMetadata(document: ParsedDocument): { languages: string[]; warnings?: string[]; email?: ParsedDocument['email'] } {
  return { languages: documentLanguages(document), ...documentWarnings(document), ...(document.email ? { email: document.email } : {}) };
}
