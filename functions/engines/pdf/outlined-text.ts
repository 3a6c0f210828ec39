/**
 * Text a PDF draws as vector outlines — a line "converted to curves" by a
 * design tool, a form's values flattened into shapes — shows on the page
 * and is in no text layer. Each glyph is one or more filled subpaths with
 * curves or slanted edges; this groups those subpaths' boxes into lines of
 * text-sized shapes, so what reads the page's pictures (redaction's OCR of
 * what the text layer does not hold) reads these regions too.
 *
 * A region is a row of at least {@link MIN_GLYPHS} shapes of a glyph's
 * height ({@link MIN_GLYPH_HEIGHT}–{@link MAX_GLYPH_HEIGHT} points), each at
 * most a few heights from the next; a logo or a chart's curves rarely make
 * such a row, and when they do the region is read and holds no words.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';

/** Glyph boxes kept per page (a hostile page of millions of paths costs a bounded amount). */
export const MAX_GLYPH_BOXES = 20_000;
/** Shapes per row before it counts as text (a word of three letters has at least that many subpaths). */
const MIN_GLYPHS = 4;
/** A glyph's height on a page, in points: a footnote's to a heading's. */
const MIN_GLYPH_HEIGHT = 2;
const MAX_GLYPH_HEIGHT = 72;
/** The gap between two shapes of one row, in the row's heights (a word space is a third of one). */
const MAX_GAP_HEIGHTS = 1.5;
/** Space added above and below a region, in its heights (OCR reads edge glyphs badly). */
const PAD_HEIGHTS = 0.35;

type Box = readonly [number, number, number, number];
interface Row {
  box: [number, number, number, number];
  count: number;
}
/** The height of one band of the row index, in points. */
const BAND = 8;
const bandOf = (y: number) => Math.floor(y / BAND);

/**
 * Rows of glyph-sized shapes among `boxes` (viewport points, y down), as regions normalised to the page
 * (`width` × `height`), padded; the page's outlined text.
 */
export function outlinedTextRegions(boxes: readonly Box[], width: number, height: number): BBox[] {
  const glyphs = boxes.filter((b) => b[3] - b[1] >= MIN_GLYPH_HEIGHT && b[3] - b[1] <= MAX_GLYPH_HEIGHT).sort((a, b) => a[0] - b[0]);
  const rows: Row[] = [];
  // Rows by the bands of the page's height they span, so a shape is compared with the rows beside it only
  // (a hostile page of thousands of scattered shapes would otherwise compare each with every row).
  const bands = new Map<number, Row[]>();
  const register = (row: Row, from: number, to: number) => {
    for (let band = from; band <= to; band++) {
      const list = bands.get(band);
      if (list) list.push(row);
      else bands.set(band, [row]);
    }
  };
  for (const g of glyphs) {
    const candidates = new Set<Row>();
    for (let band = bandOf(g[1]); band <= bandOf(g[3]); band++) for (const row of bands.get(band) ?? []) candidates.add(row);
    const row = [...candidates].find(({ box }) => sameRow(box, g));
    if (row) {
      const [before, after] = [[bandOf(row.box[1]), bandOf(row.box[3])], [bandOf(Math.min(row.box[1], g[1])), bandOf(Math.max(row.box[3], g[3]))]];
      row.box = [Math.min(row.box[0], g[0]), Math.min(row.box[1], g[1]), Math.max(row.box[2], g[2]), Math.max(row.box[3], g[3])];
      row.count++;
      if (after[0] < before[0]) register(row, after[0], before[0] - 1);
      if (after[1] > before[1]) register(row, before[1] + 1, after[1]);
    } else {
      const added: Row = { box: [...g], count: 1 };
      rows.push(added);
      register(added, bandOf(g[1]), bandOf(g[3]));
    }
  }
  return rows
    .filter((row) => row.count >= MIN_GLYPHS)
    .map(({ box: [x0, y0, x1, y1] }) => {
      const pad = PAD_HEIGHTS * (y1 - y0);
      return [clamp01(x0 / width), clamp01((y0 - pad) / height), clamp01(x1 / width), clamp01((y1 + pad) / height)] as BBox;
    });
}

/** Whether a shape continues a row: their heights overlap by half the smaller, and it starts within a few heights of the row's end. */
function sameRow(row: Box, g: Box): boolean {
  const overlap = Math.min(row[3], g[3]) - Math.max(row[1], g[1]);
  const h = Math.max(row[3] - row[1], g[3] - g[1]);
  return overlap >= 0.5 * Math.min(row[3] - row[1], g[3] - g[1]) && g[0] - row[2] <= MAX_GAP_HEIGHTS * h && g[2] >= row[0];
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);
