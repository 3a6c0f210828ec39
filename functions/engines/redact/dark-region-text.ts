/**
 * Light text on a dark ground on scanned and photographed pages: a
 * letterhead's band ("Prepared for …" in white on navy), a table's dark
 * header, a dark label on a card. The page reader binarises a page for dark
 * ink on light paper (it inverts only pages that are mostly dark), so such
 * text is read as nothing, detected as nothing and left readable on the
 * redacted image. Each dark region holding light ink is cut out, inverted
 * and read by the same reader; what it says joins the page like the text of
 * a picture (picture-text.ts).
 *
 * Which regions (the decision rule, also in docs/api.md): on pages read by
 * OCR, a block of cells mostly darker than {@link DARK_LEVEL}, at least
 * {@link MIN_REGION_WIDTH_INCHES} by {@link MIN_REGION_HEIGHT_INCHES},
 * filling most of its box (a band, a box: not a photograph's shadow), under
 * {@link MAX_REGION_PAGE_SHARE} of the page (a dark page is inverted by the
 * reader itself), with light ink inside ({@link LIGHT_LEVEL}); at most
 * {@link MAX_REGIONS_PER_PAGE}, the largest first.
 *
 * @module
 */
import sharp from 'sharp';
import type { PageTextService } from '../../contracts/hosted-models.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import type { BBox, DocumentPage, PageRenderer, Word } from '../document-model.ts';
import { readDrawnPages } from '../layout/drawn-pages.ts';
import { readPageImage } from '../ocr/hosted-page-read.ts';
import type { GrayImage } from '../ocr/page-analysis.ts';
import { OCR_RENDER_DPI } from '../pdf/pdf-ocr.ts';
import type { OverlayLine } from './rendered-page.ts';

/** Resolution the page is drawn at to look for dark regions (cheap; the regions are read from a drawing at the OCR resolution). */
const FIND_DPI = 72;
/** A grey level below this is dark ground; above {@link LIGHT_LEVEL}, light ink. */
export const DARK_LEVEL = 96;
export const LIGHT_LEVEL = 170;
/** A cell is dark ground when this share of its pixels is dark (light glyph strokes take the rest). */
const DARK_CELL_SHARE = 0.55;
/** Cell side at {@link FIND_DPI}: about 2 mm. */
const CELL_PX = 6;
/** The smallest region that holds a line of text worth reading: about 36 by 10 points, as pictures on text pages. */
export const MIN_REGION_WIDTH_INCHES = 0.5;
export const MIN_REGION_HEIGHT_INCHES = 0.14;
/** A region's dark cells fill at least this share of its box (bands and boxes, not a diagonal shadow). */
const MIN_FILL = 0.6;
/** Larger dark regions are the page itself: the reader inverts a mostly dark page on its own. */
export const MAX_REGION_PAGE_SHARE = 0.6;
/** Share of a region's pixels that must be light ink: some text, and not a light page seen through a dark frame. */
const MIN_LIGHT_SHARE = 0.004;
const MAX_LIGHT_SHARE = 0.45;
export const MAX_REGIONS_PER_PAGE = 4;
/** White margin added around an inverted region before it is read, in pixels at the OCR resolution (edge glyphs read badly). */
const READ_MARGIN_PX = 16;

interface CellGrid {
  readonly columns: number;
  readonly rows: number;
  readonly dark: Uint8Array;
}

function darkCells(gray: GrayImage): CellGrid {
  const columns = Math.ceil(gray.width / CELL_PX);
  const rows = Math.ceil(gray.height / CELL_PX);
  const dark = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let n = 0;
      let darkPixels = 0;
      for (let y = row * CELL_PX; y < Math.min(gray.height, (row + 1) * CELL_PX); y++) {
        for (let x = column * CELL_PX; x < Math.min(gray.width, (column + 1) * CELL_PX); x++) {
          n++;
          if (gray.data[y * gray.width + x] < DARK_LEVEL) darkPixels++;
        }
      }
      dark[row * columns + column] = n > 0 && darkPixels >= DARK_CELL_SHARE * n ? 1 : 0;
    }
  }
  return { columns, rows, dark };
}

/** Connected blocks of dark cells (4-neighbours), as cell boxes [left, top, right, bottom) with their cell counts. */
function darkBlocks(grid: CellGrid): { box: [number, number, number, number]; cells: number }[] {
  const { columns, rows, dark } = grid;
  const seen = new Uint8Array(dark.length);
  const blocks: { box: [number, number, number, number]; cells: number }[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) continue;
    const stack = [start];
    seen[start] = 1;
    const box: [number, number, number, number] = [columns, rows, 0, 0];
    let cells = 0;
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % columns;
      const y = (at - x) / columns;
      cells++;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x + 1);
      box[3] = Math.max(box[3], y + 1);
      const next = [x > 0 ? at - 1 : -1, x < columns - 1 ? at + 1 : -1, y > 0 ? at - columns : -1, y < rows - 1 ? at + columns : -1];
      for (const n of next) {
        if (n >= 0 && dark[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    blocks.push({ box, cells });
  }
  return blocks;
}

/** Share of a pixel box's pixels lighter than {@link LIGHT_LEVEL}. */
function lightShare(gray: GrayImage, [l, t, r, b]: readonly number[]): number {
  let light = 0;
  for (let y = t; y < b; y++) for (let x = l; x < r; x++) if (gray.data[y * gray.width + x] > LIGHT_LEVEL) light++;
  return light / Math.max(1, (r - l) * (b - t));
}

/**
 * The dark regions holding light ink on a page drawn in grey at `dpi`, as
 * page-normalised boxes, largest first (see the module note for the rule).
 */
export function darkTextRegions(gray: GrayImage, dpi: number): BBox[] {
  const grid = darkCells(gray);
  const minWidth = (MIN_REGION_WIDTH_INCHES * dpi) / CELL_PX;
  const minHeight = (MIN_REGION_HEIGHT_INCHES * dpi) / CELL_PX;
  return darkBlocks(grid)
    .filter(({ box: [l, t, r, b], cells }) => r - l >= minWidth && b - t >= minHeight && cells >= MIN_FILL * (r - l) * (b - t))
    .filter(({ box: [l, t, r, b] }) => (r - l) * (b - t) < MAX_REGION_PAGE_SHARE * grid.columns * grid.rows)
    .map(({ box }) => box.map((v, i) => Math.min(v * CELL_PX, i % 2 === 0 ? gray.width : gray.height)) as [number, number, number, number])
    .filter((px) => {
      const share = lightShare(gray, px);
      return share >= MIN_LIGHT_SHARE && share <= MAX_LIGHT_SHARE;
    })
    .sort((a, b) => (b[2] - b[0]) * (b[3] - b[1]) - (a[2] - a[0]) * (a[3] - a[1]))
    .slice(0, MAX_REGIONS_PER_PAGE)
    .map(([l, t, r, b]): BBox => [l / gray.width, t / gray.height, r / gray.width, b / gray.height]);
}

export interface DarkRegionReadOptions {
  readonly languages?: readonly OcrLanguage[];
  /** The hosted page reader the deployment chose for scans; absent → the local OCR. */
  readonly pageText?: PageTextService;
  readonly signal?: AbortSignal;
}

const centreInside = (word: BBox, box: BBox) => {
  const x = (word[0] + word[2]) / 2;
  const y = (word[1] + word[3]) / 2;
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
};

/** One region cut from the page drawn at the OCR resolution, inverted (light ink becomes dark), framed in white and read. */
async function readRegion(png: Uint8Array, region: BBox, page: DocumentPage, options: DarkRegionReadOptions): Promise<OverlayLine[]> {
  const { width, height } = await sharp(png).metadata();
  if (!width || !height) return [];
  const left = Math.floor(region[0] * width);
  const top = Math.floor(region[1] * height);
  const w = Math.max(1, Math.min(width, Math.ceil(region[2] * width)) - left);
  const h = Math.max(1, Math.min(height, Math.ceil(region[3] * height)) - top);
  const m = READ_MARGIN_PX;
  const image = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extract({ left, top, width: w, height: h })
    .grayscale()
    .negate({ alpha: false })
    .extend({ top: m, bottom: m, left: m, right: m, background: '#ffffff' })
    .png()
    .toBuffer();
  const { ocr } = await readPageImage({ image: new Uint8Array(image) }, options);
  // Crop boxes (of the framed crop) back to page boxes; words the page already has are left out.
  const cw = w + 2 * m;
  const ch = h + 2 * m;
  const toPage = (b: BBox): BBox => [
    (left - m + b[0] * cw) / width,
    (top - m + b[1] * ch) / height,
    (left - m + b[2] * cw) / width,
    (top - m + b[3] * ch) / height,
  ];
  const known = page.words.map((word) => word.bbox);
  return ocr.lines
    .map((line) => ({
      words: line.wordIndexes
        .map((i) => ocr.words[i])
        .filter((word): word is Word => word !== undefined)
        .map((word): Word => ({ ...word, bbox: toPage(word.bbox), source: 'ocr' }))
        .filter((word) => !known.some((k) => centreInside(word.bbox, k))),
    }))
    .filter((line) => line.words.length > 0);
}

/**
 * What light text on dark regions of OCR'd pages says, by page index: each
 * OCR'd page is drawn small to find the regions; a page with some is drawn
 * again at the OCR resolution and its regions read.
 */
export async function readDarkRegions(
  pages: readonly DocumentPage[],
  renderer: PageRenderer | undefined,
  options: DarkRegionReadOptions = {},
): Promise<Map<number, OverlayLine[]>> {
  const found = new Map<number, OverlayLine[]>();
  const regions = await readDrawnPages(pages, renderer, { dpi: FIND_DPI, signal: options.signal }, (page) =>
    page.source === 'ocr' ? (gray) => darkTextRegions(gray, FIND_DPI) : undefined,
  );
  for (const [pageIndex, page] of pages.entries()) {
    const boxes = regions.get(page.pageNumber) ?? [];
    if (boxes.length === 0 || !renderer) continue;
    options.signal?.throwIfAborted();
    const { png } = await renderer.renderPng(page.pageNumber, { dpi: OCR_RENDER_DPI });
    const lines = (await Promise.all(boxes.map((box) => readRegion(png, box, page, options)))).flat();
    if (lines.length) found.set(pageIndex, lines);
  }
  return found;
}
