/**
 * Text inside pictures on pages that have a text layer: a scanned
 * signature block, a photographed card, a stamp pasted onto a letter. The
 * page's text layer does not hold it, the rendered page shows it, so each
 * such picture is OCR'd the way scanned pages are (rendered at the OCR
 * resolution, read by the same reader) and what it says joins the page.
 *
 * Which pictures are read (the decision rule, also in docs/api.md): images
 * the page draws (PDF image placements), rows of text drawn as vector
 * outlines (pdf/outlined-text.ts), annotations whose appearance pdf.js
 * reads no text from (stamps, signature fields, buttons: pdf/annotations.ts)
 * and runs of text-layer words without readable characters
 * (unreadable-words.ts), on pages read from their text
 * layer (OCR'd pages were read whole), when the picture is big enough to
 * hold a line of text (at least {@link MIN_PICTURE_WIDTH_POINTS} by
 * {@link MIN_PICTURE_HEIGHT_POINTS}) and the text layer does not already
 * transcribe it (a searchable scan: its words cover
 * {@link TRANSCRIBED_SHARE} of the picture or more). At most
 * {@link MAX_PICTURES_PER_PAGE} reads per page, the largest pictures
 * first; past that, the last read is the region holding all the smaller
 * ones (a sheet of badges, a scan cut into strips), so no picture is left
 * unread however many the page draws.
 *
 * @module
 */
import { HOSTED_SPEND_LIMITS } from '../../contracts/engines.ts';
import type { PageTextService } from '../../contracts/hosted-models.ts';
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';
import type { BBox, DocumentPage, PageAnnotation, PageRenderer, Word } from '../document-model.ts';
import { readPageImage } from '../ocr/hosted-page-read.ts';
import { OCR_RENDER_DPI } from '../pdf/pdf-ocr.ts';
import type { OverlayLine } from './rendered-page.ts';
import { isUnreadableWord, unreadableRuns } from './unreadable-words.ts';

/** Narrower pictures hold no line of text worth reading (bullets, icons, rules). */
export const MIN_PICTURE_WIDTH_POINTS = 36;
export const MIN_PICTURE_HEIGHT_POINTS = 10;
/** A picture whose area the page's own words cover this much is already transcribed (a searchable scan). */
export const TRANSCRIBED_SHARE = 0.05;
export const MAX_PICTURES_PER_PAGE = HOSTED_SPEND_LIMITS.textractPicturesPerPage;
/** Annotations drawn as pictures when they carry no readable text. */
const PICTURE_ANNOTATIONS = new Set(['Stamp', 'FreeText']);
/** Margin added around a picture before reading it (OCR reads edge glyphs badly), as a share of the page. */
const CROP_MARGIN = 0.005;

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const inside = (x: number, y: number, b: BBox) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
const centreInside = (word: BBox, box: BBox) => inside((word[0] + word[2]) / 2, (word[1] + word[3]) / 2, box);

/** Words the text layer says (not a run of unreadable codes: that is a picture to read). */
const readable = (word: Word) => word.source === 'text-layer' && !isUnreadableWord(word);

/** A run of unreadable words as a picture: padded as outlined text is, and at least a readable picture's size around its middle. */
function unreadableRegions(page: DocumentPage): BBox[] {
  const minWidth = MIN_PICTURE_WIDTH_POINTS / page.width;
  const minHeight = MIN_PICTURE_HEIGHT_POINTS / page.height;
  return unreadableRuns(page).map(([l, t, r, b]) => {
    const pad = 0.35 * (b - t);
    const [cx, cy] = [(l + r) / 2, (t + b) / 2];
    const [w, h] = [Math.max(r - l + 2 * pad, minWidth), Math.max(b - t + 2 * pad, minHeight)];
    return [Math.max(0, cx - w / 2), Math.max(0, cy - h / 2), Math.min(1, cx + w / 2), Math.min(1, cy + h / 2)];
  });
}

/** An annotation that draws what no reading said: its appearance was not read as text (or, a stamp or free text, it says nothing). */
const drawnUnread = (a: PageAnnotation) => a.drawn && (a.appearanceUnread === true || (a.lines.length === 0 && PICTURE_ANNOTATIONS.has(a.subtype)));

/** The pictures of a page to OCR (see the module note for the rule). */
export function picturesToRead(page: DocumentPage): BBox[] {
  if (page.source === 'ocr') return [];
  const drawn: BBox[] = [
    ...(page.figures ?? []),
    ...(page.outlinedText ?? []),
    ...(page.annotations ?? []).filter(drawnUnread).map((a) => a.bbox),
  ];
  const candidates = drawn
    .filter((box) => (box[2] - box[0]) * page.width >= MIN_PICTURE_WIDTH_POINTS && (box[3] - box[1]) * page.height >= MIN_PICTURE_HEIGHT_POINTS)
    .filter((box) => {
      const covered = page.words.filter((w) => readable(w) && centreInside(w.bbox, box)).reduce((sum, w) => sum + area(w.bbox), 0);
      return covered < TRANSCRIBED_SHARE * area(box);
    })
    .concat(unreadableRegions(page))
    .sort((a, b) => area(b) - area(a));
  if (candidates.length <= MAX_PICTURES_PER_PAGE) return candidates;
  const rest = candidates.slice(MAX_PICTURES_PER_PAGE - 1);
  const around = rest.reduce<BBox>((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])], rest[0]);
  return [...candidates.slice(0, MAX_PICTURES_PER_PAGE - 1), around];
}

interface Crop {
  readonly box: BBox;
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

export interface PictureReadOptions {
  readonly languages?: readonly OcrLanguage[];
  /** The hosted page reader the deployment chose for scans; absent → the local OCR. */
  readonly pageText?: PageTextService;
  readonly signal?: AbortSignal;
}

/** A crop's OCR lines as page lines: boxes mapped from the crop to the page; words the text layer already has are left out. */
function pageLines(page: DocumentPage, crop: BBox, lines: readonly { wordIndexes: readonly number[] }[], words: readonly Word[]): OverlayLine[] {
  const [l, t, r, b] = crop;
  const toPage = (w: BBox): BBox => [l + w[0] * (r - l), t + w[1] * (b - t), l + w[2] * (r - l), t + w[3] * (b - t)];
  const known = page.words.filter(readable).map((w) => w.bbox);
  return lines.map((line) => ({
    words: line.wordIndexes
      .map((i) => words[i])
      .filter((w): w is Word => w !== undefined)
      .map((w): Word => ({ ...w, bbox: toPage(w.bbox), source: 'ocr' }))
      .filter((w) => !known.some((k) => centreInside(w.bbox, k))),
  }));
}

/**
 * What the pictures on text pages say, by page index: each page with
 * pictures to read is rendered once at the OCR resolution, its pictures
 * cut out and read (concurrently, on the OCR worker pool).
 */
export async function readPictures(
  pages: readonly DocumentPage[],
  renderer: PageRenderer | undefined,
  options: PictureReadOptions = {},
): Promise<Map<number, OverlayLine[]>> {
  const found = new Map<number, OverlayLine[]>();
  if (!renderer?.withPageCanvas) return found;
  const reads: Promise<{ pageIndex: number; lines: OverlayLine[] }>[] = [];
  for (const [pageIndex, page] of pages.entries()) {
    const boxes = picturesToRead(page);
    if (boxes.length === 0) continue;
    options.signal?.throwIfAborted();
    const crops = await renderer.withPageCanvas(page.pageNumber, { dpi: OCR_RENDER_DPI }, async ({ canvas, width, height }): Promise<Crop[]> => {
      const context = canvas.getContext('2d');
      return boxes.map((bbox) => {
        const box: BBox = [
          Math.max(0, bbox[0] - CROP_MARGIN),
          Math.max(0, bbox[1] - CROP_MARGIN),
          Math.min(1, bbox[2] + CROP_MARGIN),
          Math.min(1, bbox[3] + CROP_MARGIN),
        ];
        const x = Math.floor(box[0] * width);
        const y = Math.floor(box[1] * height);
        const w = Math.max(1, Math.ceil(box[2] * width) - x);
        const h = Math.max(1, Math.ceil(box[3] * height) - y);
        const data = context.getImageData(x, y, w, h).data;
        // The crop as exactly cut (whole pixels), so OCR boxes map back to the page without drift.
        return { box: [x / width, y / height, (x + w) / width, (y + h) / height], width: w, height: h, rgba: Uint8Array.from(data) };
      });
    });
    for (const crop of crops) {
      const read = readPageImage({ image: crop.rgba, raw: { width: crop.width, height: crop.height, channels: 4 } }, options).then(({ ocr }) => ({
        pageIndex,
        lines: pageLines(page, crop.box, ocr.lines, ocr.words),
      }));
      // Reported by Promise.all below; this only keeps a failure while later pages render from being "unhandled".
      read.catch(() => undefined);
      reads.push(read);
    }
  }
  // Kept in page and picture order, whatever order the reads finish in.
  for (const { pageIndex, lines } of await Promise.all(reads)) found.set(pageIndex, [...(found.get(pageIndex) ?? []), ...lines]);
  return found;
}
