/**
 * The text the recognizers read: the page text with the characters that
 * render like ASCII written as ASCII, and the invisible ones left out, so
 * a value is found however it was typed. A word processor turns
 * "512-48-7730" into "512–48–7730" (en dashes), a form may hold fullwidth
 * digits ("５１２"), a non-breaking space or a soft hyphen may sit inside
 * a number or a name ("Quill\u00ADfeather"): a viewer, and an OCR of the
 * masked page, read all of them as the plain value, so detection must too.
 *
 * Spans found in the view are mapped back to the original text's offsets:
 * the masks and `updated_text_block` stay on the characters as they are.
 *
 * @module
 */

/** Characters a viewer draws as nothing: left out of the view. */
const INVISIBLE = new Set([0x00ad, 0x034f, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);

/** Hyphens, dashes and minus signs, read as '-'. */
const DASHES = new Set([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2043, 0x2212, 0xfe58, 0xfe63]);

/** Space characters other than the ASCII space, read as ' ' (line breaks are kept as they are). */
const SPACES = new Set([0x00a0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x202f, 0x205f, 0x3000]);

/** Other look-alikes of ASCII punctuation that values are written with. */
const PUNCTUATION: ReadonlyMap<number, string> = new Map([
  [0x2024, '.'], // one dot leader
  [0xfe52, '.'], // small full stop
  [0xfe6b, '@'], // small commercial at
  [0x2044, '/'], // fraction slash
  [0x2215, '/'], // division slash
]);

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * The ASCII digit a decimal digit of another script stands for (Arabic-Indic
 * "٥" → "5"). Unicode writes each script's digits as a run of ten code
 * points from zero, so the digit's value is how far its run reaches back.
 */
function asciiDigit(code: number): string {
  let value = 0;
  while (value < 9 && DECIMAL_DIGIT.test(String.fromCharCode(code - value - 1))) value++;
  return String(value);
}

/** What one UTF-16 code unit reads as in the view: itself, another character, or nothing. */
function viewOf(code: number): string | undefined {
  if (code < 0x80) return undefined;
  if (INVISIBLE.has(code)) return '';
  if (DASHES.has(code)) return '-';
  if (SPACES.has(code)) return ' ';
  // Fullwidth ASCII (U+FF01–U+FF5E): the same characters 0xFEE0 higher.
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0);
  const punctuation = PUNCTUATION.get(code);
  if (punctuation) return punctuation;
  // Surrogates (astral digits such as mathematical bold) are left as they are.
  if (code < 0xd800 || code > 0xdfff) {
    if (DECIMAL_DIGIT.test(String.fromCharCode(code))) return asciiDigit(code);
  }
  return undefined;
}

/** The view of a text and the way back to the text's own offsets. */
export interface DetectionView {
  readonly text: string;
  /** The original offsets of the view's span [start, end). */
  toOriginal(start: number, end: number): { start: number; end: number };
}

const IDENTITY = (start: number, end: number) => ({ start, end });

/**
 * Lines longer than this are broken in the view (at a space between words, else at the limit). Real
 * lines are far shorter (a PDF line across a page, 100-column text); a hostile line of 200,000 dashes
 * or spaces would otherwise hold patterns for minutes, whose cost grows with a line's length.
 */
const MAX_VIEW_LINE = 1_000;

/** `view` with each line longer than {@link MAX_VIEW_LINE} broken by a '\n' put in place of one character (offsets unchanged). */
function cappedLines(view: string): string {
  let chars: string[] | undefined;
  let lineStart = 0;
  let lastGap = -1;
  for (let i = 0; i < view.length; i++) {
    const code = view.charCodeAt(i);
    if (code === 10) {
      lineStart = i + 1;
      lastGap = -1;
      continue;
    }
    // A space between two words (not inside a number written in groups) is where a line may be broken.
    if ((code === 32 || code === 9) && !/\d/u.test(view.charAt(i - 1))) lastGap = i;
    if (i - lineStart < MAX_VIEW_LINE) continue;
    const cut = lastGap > lineStart ? lastGap : i;
    chars ??= view.split('');
    chars[cut] = '\n';
    lineStart = cut + 1;
    lastGap = -1;
  }
  return chars ? chars.join('') : view;
}

/** The view of `text` (the text itself, at no cost, when nothing in it needs reading otherwise). */
export function detectionView(text: string): DetectionView {
  const view = mappedView(text);
  const capped = cappedLines(view.text);
  return capped === view.text ? view : { text: capped, toOriginal: view.toOriginal };
}

function mappedView(text: string): DetectionView {
  let first = -1;
  for (let i = 0; i < text.length; i++) {
    if (viewOf(text.charCodeAt(i)) !== undefined) {
      first = i;
      break;
    }
  }
  if (first < 0) return { text, toOriginal: IDENTITY };
  const parts: string[] = [text.slice(0, first)];
  // origin[k]: the original offset of the view's k-th character.
  const origin: number[] = Array.from({ length: first }, (_, i) => i);
  for (let i = first; i < text.length; i++) {
    const read = viewOf(text.charCodeAt(i));
    const written = read ?? text.charAt(i);
    if (written.length === 0) continue;
    parts.push(written);
    origin.push(i);
  }
  const view = parts.join('');
  return {
    text: view,
    toOriginal(start, end) {
      if (end <= start) return { start: origin[start] ?? text.length, end: origin[start] ?? text.length };
      return { start: origin[start] ?? text.length, end: (origin[end - 1] ?? text.length - 1) + 1 };
    },
  };
}
