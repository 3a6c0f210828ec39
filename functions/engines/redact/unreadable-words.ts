/**
 * Text-layer words without readable characters: glyphs whose font maps them
 * to control codes, private-use characters or U+FFFD — a Type3 font of
 * unnamed glyphs, a subset font with no usable character map, as a form
 * filler may embed for the typed values alone. The page shows text there
 * that its words do not say; a page whose other text reads well is not
 * OCR'd for it (pdf-ocr.ts judges the page as a whole). Redaction reads
 * runs of such words as pictures (picture-text.ts) and leaves the words
 * out: their codes are no reading, and would carry the value's shape (its
 * length, its repeated characters) into the redacted text and PDF.
 *
 * @module
 */
import type { BBox, DocumentPage, Line, Word } from '../document-model.ts';
import { mostlyUnreadable } from '../pdf/unreadable-chars.ts';

/** A run with fewer unreadable characters is an icon (a private-use phone or pin glyph), not a value. */
export const MIN_UNREADABLE_CHARS = 3;

/** A text-layer word most of whose characters are unreadable. */
export function isUnreadableWord(word: Word): boolean {
  return word.source === 'text-layer' && mostlyUnreadable(word.text);
}

/** Boxes of the runs of unreadable words on each line (consecutive in the line's reading order) holding enough unreadable characters. */
export function unreadableRuns(page: DocumentPage): BBox[] {
  const runs: BBox[] = [];
  for (const line of page.lines) {
    let run: BBox | undefined;
    let chars = 0;
    const close = () => {
      if (run && chars >= MIN_UNREADABLE_CHARS) runs.push(run);
      run = undefined;
      chars = 0;
    };
    for (const index of line.wordIndexes) {
      const word = page.words[index];
      if (!word || !isUnreadableWord(word)) {
        close();
        continue;
      }
      const b = word.bbox;
      run = run ? [Math.min(run[0], b[0]), Math.min(run[1], b[1]), Math.max(run[2], b[2]), Math.max(run[3], b[3])] : [...b];
      chars += [...word.text].length;
    }
    close();
  }
  return runs;
}

/** The page without its unreadable words (lines left empty dropped, blocks renumbered); the page itself when it has none. */
export function withoutUnreadableWords(page: DocumentPage): DocumentPage {
  if (!page.words.some(isUnreadableWord)) return page;
  const newIndex = new Map<number, number>();
  const words: Word[] = [];
  page.words.forEach((word, i) => {
    if (isUnreadableWord(word)) return;
    newIndex.set(i, words.length);
    words.push(word);
  });
  const lineIndex = new Map<number, number>();
  const lines: Line[] = [];
  page.lines.forEach((line, i) => {
    const kept = line.wordIndexes.filter((w) => newIndex.has(w));
    if (kept.length === 0) return;
    lineIndex.set(i, lines.length);
    const text = kept.length === line.wordIndexes.length ? line.text : kept.map((w) => page.words[w].text).join(' ');
    lines.push({ ...line, text, wordIndexes: kept.map((w) => newIndex.get(w)!) });
  });
  const blocks = page.blocks
    .map((block) => ({ ...block, lineIndexes: block.lineIndexes.filter((l) => lineIndex.has(l)).map((l) => lineIndex.get(l)!) }))
    .filter((block) => block.lineIndexes.length > 0)
    .map((block) => ({ ...block, text: block.lineIndexes.map((l) => lines[l].text).join('\n') }));
  return { ...page, words, lines, blocks, text: lines.map((l) => l.text).join('\n') };
}
