/**
 * Builds synthetic word boxes for layout tests on a 612 × 792 pt page:
 * a fixed-pitch font where every character is half the font size wide.
 */
import type { LayoutWord, Orientation } from '../../../functions/engines/layout/reading-order.ts';

export const PAGE = { width: 612, height: 792 } as const;

let nextRun = 0;

/**
 * Words of one line of text starting at `x`, baseline box top at `y` (points
 * from the top). Each call is one source run, like a pdf.js text item.
 */
export function textLine(text: string, x: number, y: number, size = 10, orientation?: Orientation): LayoutWord[] {
  const run = nextRun++;
  const charWidth = size / 2;
  const words: LayoutWord[] = [];
  let cursor = x;
  for (const token of text.split(/(\s+)/)) {
    const width = token.length * charWidth;
    if (token.trim()) {
      words.push({
        text: token,
        bbox: [cursor / PAGE.width, y / PAGE.height, (cursor + width) / PAGE.width, (y + size * 1.1) / PAGE.height],
        confidence: 1,
        source: 'text-layer',
        run,
        ...(orientation !== undefined ? { orientation } : {}),
      });
    }
    cursor += width;
  }
  return words;
}

/** Several lines at a fixed leading. */
export function paragraph(lines: readonly string[], x: number, y: number, leading = 12, size = 10): LayoutWord[] {
  return lines.flatMap((line, i) => textLine(line, x, y + i * leading, size));
}

/** Cells of a row at given column positions. */
export function row(cells: readonly string[], columns: readonly number[], y: number, size = 10): LayoutWord[] {
  return cells.flatMap((cell, i) => textLine(cell, columns[i], y, size));
}

/** Shuffles deterministically, so tests do not depend on input order. */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
