/**
 * A text in pieces that keep their offsets: pieces of bounded length, for
 * work whose cost grows faster than the length it reads (a tagger, a
 * detector between deadline checks), and its lines.
 *
 * @module
 */

/** A piece of a text and where it starts in it. */
export interface TextPiece {
  readonly start: number;
  readonly text: string;
}

/**
 * `text` in pieces of at most `max` characters that join back to it: each
 * cut where `cutIn` places it in the next `max` characters (the length of
 * the piece; 0 or less cuts at the limit).
 */
export function textPieces(text: string, max: number, cutIn: (window: string) => number): TextPiece[] {
  const pieces: TextPiece[] = [];
  let start = 0;
  while (text.length - start > max) {
    const found = cutIn(text.slice(start, start + max));
    const cut = found > 0 && found <= max ? found : max;
    pieces.push({ start, text: text.slice(start, start + cut) });
    start += cut;
  }
  pieces.push({ start, text: text.slice(start) });
  return pieces;
}

/** The lines of `text` (split at '\n'), each with where it starts in the text. */
export function textLines(text: string): TextPiece[] {
  let start = 0;
  return text.split('\n').map((line) => {
    const piece = { start, text: line };
    start += line.length + 1;
    return piece;
  });
}

/** Where the line holding `at` starts: after the line break before it, or the text's start. */
export function lineStartAt(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** Where the line holding `at` ends: its line break, or the text's end. */
export function lineEndAt(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end;
}
