/**
 * Characters no font meant to say: what a glyph reads as when its font has no usable character map (a Type3 font of
 * unnamed glyphs, a subset mapped to private-use codes). Shared by the OCR decision (pdf-ocr.ts), annotation
 * appearances (annotations.ts) and redaction's unreadable words (redact/unreadable-words.ts).
 *
 * @module
 */

/** Control, private-use and surrogate code points, and U+FFFD. */
export const UNREADABLE_CHAR = /[\uFFFD\p{Cc}\p{Co}\p{Cs}]/u;

/** Whether most characters of a reading (spaces aside) are unreadable; an empty reading is not. */
export function mostlyUnreadable(text: string): boolean {
  const chars = [...text.replace(/\s+/gu, '')];
  return chars.length > 0 && chars.filter((ch) => UNREADABLE_CHAR.test(ch)).length * 2 > chars.length;
}
