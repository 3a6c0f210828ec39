/**
 * The document as one string with a map back to its words, so detectors
 * work on text (patterns, context windows, names across a line) and every
 * span found can be traced to the word boxes to mask.
 *
 * Layout: words of a line joined by one space, lines by '\n', pages by
 * '\n\n' (the same shape as parse's `ocr` text); a text file's line wrapped
 * on its virtual page is one line again (Line.continues).
 *
 * @module
 */
import type { BBox, DocumentPage } from '../document-model.ts';

export interface IndexedWord {
  /** Index of the page in the document's page list. */
  readonly pageIndex: number;
  readonly pageNumber: number;
  readonly text: string;
  readonly bbox: BBox;
  /** Character range in the document text, end exclusive. */
  readonly start: number;
  readonly end: number;
}

export interface TextIndex {
  readonly text: string;
  /** In text order (so ranges are ascending). */
  readonly words: readonly IndexedWord[];
}

/** Word order per page: the lines' reading order when there are lines, else the words as listed. */
function linesOf(page: DocumentPage): { words: number[]; continues?: 'space' | 'none' }[] {
  if (page.lines.length > 0) return page.lines.map((line) => ({ words: [...line.wordIndexes], continues: line.continues }));
  return page.words.length > 0 ? [{ words: page.words.map((_, i) => i) }] : [];
}

/** What goes between a line and the one before: a line break, or what a wrapped line's cut took (a space, nothing). */
const JOINT = { space: ' ', none: '' } as const;

export function buildTextIndex(pages: readonly DocumentPage[]): TextIndex {
  const parts: string[] = [];
  const words: IndexedWord[] = [];
  let offset = 0;
  const append = (s: string) => {
    parts.push(s);
    offset += s.length;
  };
  pages.forEach((page, pageIndex) => {
    const lines = linesOf(page);
    // A wrapped text line reads as the one line it was, also over a page break.
    if (pageIndex > 0 && !(lines[0]?.continues && offset > 0)) append('\n\n');
    lines.forEach((line, lineIndex) => {
      const joint = line.continues && offset > 0 ? JOINT[line.continues] : undefined;
      if (joint !== undefined) append(joint);
      else if (lineIndex > 0) append('\n');
      line.words.forEach((wordIndex, i) => {
        const word = page.words[wordIndex];
        if (!word) return;
        if (i > 0) append(' ');
        words.push({ pageIndex, pageNumber: page.pageNumber, text: word.text, bbox: word.bbox, start: offset, end: offset + word.text.length });
        append(word.text);
      });
    });
  });
  return { text: parts.join(''), words };
}

/** The words a character range touches (binary search; words are ascending). */
export function wordsInRange(index: TextIndex, start: number, end: number): IndexedWord[] {
  const { words } = index;
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: IndexedWord[] = [];
  for (let i = lo; i < words.length && words[i].start < end; i++) out.push(words[i]);
  return out;
}

/**
 * The part of a word's box a character range covers, assuming evenly wide
 * characters: masking `john@x.com` inside `Email:john@x.com` must not hide
 * the label, and must never leave part of the value showing, so the cut is
 * widened by one character on each side.
 */
export function partialBox(word: IndexedWord, start: number, end: number): BBox {
  const from = Math.max(start, word.start);
  const to = Math.min(end, word.end);
  if (from <= word.start && to >= word.end) return word.bbox;
  const length = Math.max(1, word.end - word.start);
  const [left, top, right, bottom] = word.bbox;
  const width = right - left;
  const a = Math.max(0, from - word.start - 1) / length;
  const b = Math.min(length, to - word.start + 1) / length;
  return [left + width * a, top, left + width * b, bottom];
}
