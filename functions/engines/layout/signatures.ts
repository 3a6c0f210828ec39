/**
 * Signatures: a handwritten-looking stroke cluster on or near a signature
 * label or line, found in the drawn page (so vector strokes and ink on scans
 * alike), like Textract's SIGNATURES.
 *
 * - Where to look: right of and above a signature label ("Signature",
 *   "Signed", "Sign here", "Unterschrift", "Firma", "Signé", …), which is
 *   where forms put the line to sign on.
 * - What counts: dark pixels in that area that are not printed text (word
 *   boxes read with confidence) and not a ruling (long straight runs), whose
 *   cluster is at least a line high and three line heights wide, neither a
 *   speck nor a filled block (2–45 % ink in its box), and drawn in many
 *   separate vertical strokes' worth of direction changes (handwriting
 *   wiggles; an underline does not).
 * Only pages with a label are rendered, at a low resolution.
 *
 * @module
 */
import type { BBox, DocumentPage, PageRenderer } from '../document-model.ts';
import type { GrayImage } from '../ocr/page-analysis.ts';
import { readDrawnPages } from './drawn-pages.ts';

const LABEL =
  /^(?:(?:authori[sz]ed\s+|customer\s+|applicant\s+|employee\s+|client\s+)?signature|signed(?:\s+by)?|sign\s+here|unterschrift|unterschriften|firma|signé|signature\s+du|handtekening|podpis|assinatura)\b/iu;
/** Pages are drawn at this resolution for the ink check: strokes stay visible, pixels stay few. */
const DPI = 72;
const DARK = 140;
/** Search area around a label, in line heights. */
const RIGHT_REACH = 28;
const ABOVE_REACH = 3.5;
const MIN_HEIGHT_LINES = 0.8;
const MIN_WIDTH_LINES = 3;
const MIN_INK_SHARE = 0.02;
const MAX_INK_SHARE = 0.45;
/** Vertical direction changes per line height of width that handwriting shows and a rule does not. */
const MIN_WIGGLE = 0.6;
const MAX_LABELS = 20;


/** Boxes of the page's signature labels (line by line, a label at the start of a line or after a gap). */
export function signatureLabels(page: DocumentPage): BBox[] {
  const out: BBox[] = [];
  for (const line of page.lines) {
    const words = line.wordIndexes.map((w) => page.words[w]);
    for (let k = 0; k < words.length && out.length < MAX_LABELS; k++) {
      const text = words
        .slice(k, k + 3)
        .map((w) => w.text)
        .join(' ');
      if (!LABEL.test(text)) continue;
      const m = LABEL.exec(text)![0].split(/\s+/).length;
      const ws = words.slice(k, k + m);
      out.push([ws[0].bbox[0], Math.min(...ws.map((w) => w.bbox[1])), ws.at(-1)!.bbox[2], Math.max(...ws.map((w) => w.bbox[3]))]);
      break;
    }
  }
  return out;
}

/** Where a signature for a label would be: to its right on its line (and a little above), or just above it. */
function searchAreas(label: BBox, aspect: number): BBox[] {
  const h = label[3] - label[1];
  const right: BBox = [label[2], label[1] - 2.5 * h, Math.min(1, label[2] + RIGHT_REACH * h * aspect), label[3] + 0.6 * h];
  const above: BBox = [Math.max(0, label[0] - 4 * h * aspect), label[1] - ABOVE_REACH * h, Math.min(1, label[2] + 16 * h * aspect), label[1]];
  return [right, above].map((b) => [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(1, b[2]), Math.min(1, b[3])] as BBox);
}

/**
 * The box of handwriting-like ink inside `area` of a grey page, or undefined.
 * `exclude`: printed words (their ink is not a signature). Boxes are fractions of the page.
 */
export function inkCluster(gray: GrayImage, area: BBox, exclude: readonly BBox[], lineHeight: number): BBox | undefined {
  const { data, width: W, height: H } = gray;
  const x0 = Math.floor(area[0] * W);
  const x1 = Math.ceil(area[2] * W);
  const y0 = Math.floor(area[1] * H);
  const y1 = Math.ceil(area[3] * H);
  if (x1 - x0 < 4 || y1 - y0 < 4) return undefined;
  const ink = new Uint8Array((x1 - x0) * (y1 - y0));
  const w = x1 - x0;
  const excluded = exclude.map((b) => [b[0] * W - 1, b[1] * H - 1, b[2] * W + 1, b[3] * H + 1]);
  for (let y = y0; y < y1; y++) {
    // A row dark over most of the area is a ruling (the line to sign on), not a stroke.
    let dark = 0;
    for (let x = x0; x < x1; x++) if (data[y * W + x] < DARK) dark++;
    if (dark > 0.5 * w) continue;
    for (let x = x0; x < x1; x++) {
      if (data[y * W + x] >= DARK) continue;
      if (excluded.some((e) => x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3])) continue;
      ink[(y - y0) * w + (x - x0)] = 1;
    }
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -1;
  let maxY = -1;
  let count = 0;
  for (let y = 0; y < y1 - y0; y++) {
    for (let x = 0; x < w; x++) {
      if (!ink[y * w + x]) continue;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (count === 0) return undefined;
  const linePx = Math.max(2, lineHeight * H);
  const bw = maxX - minX + 1;
  const bh = maxY - minY + 1;
  const share = count / (bw * bh);
  if (bh < MIN_HEIGHT_LINES * linePx || bw < MIN_WIDTH_LINES * linePx || share < MIN_INK_SHARE || share > MAX_INK_SHARE) return undefined;
  // Handwriting: the topmost ink of neighbouring columns goes up and down many times.
  let turns = 0;
  let lastTop = -1;
  let lastDir = 0;
  for (let x = minX; x <= maxX; x++) {
    let top = -1;
    for (let y = minY; y <= maxY; y++) {
      if (ink[y * w + x]) {
        top = y;
        break;
      }
    }
    if (top < 0) continue;
    if (lastTop >= 0 && top !== lastTop) {
      const dir = Math.sign(top - lastTop);
      if (lastDir && dir !== lastDir) turns++;
      lastDir = dir;
    }
    lastTop = top;
  }
  if (turns < MIN_WIGGLE * (bw / linePx)) return undefined;
  return [(x0 + minX) / W, (y0 + minY) / H, (x0 + maxX + 1) / W, (y0 + maxY + 1) / H];
}

/** Signature boxes on a drawn page (grey), given the page's words. */
export function signaturesOnPage(page: DocumentPage, gray: GrayImage): BBox[] {
  const aspect = (page.height || 1) / (page.width || 1);
  const printed = page.words.filter((w) => w.confidence >= 0.6).map((w) => w.bbox);
  const out: BBox[] = [];
  for (const label of signatureLabels(page)) {
    const h = label[3] - label[1];
    for (const area of searchAreas(label, aspect)) {
      const found = inkCluster(gray, area, printed, h);
      if (found && !out.some((b) => b[0] < found[2] && found[0] < b[2] && b[1] < found[3] && found[1] < b[3])) {
        out.push(found);
        break;
      }
    }
  }
  return out;
}

/**
 * Signatures of every page that has a signature label, by page number. Pages
 * without a label are not drawn; a page that cannot be drawn has none.
 */
export async function findSignatures(pages: readonly DocumentPage[], renderer: PageRenderer | undefined, signal?: AbortSignal): Promise<Map<number, BBox[]>> {
  return readDrawnPages(pages, renderer, { dpi: DPI, signal }, (page) =>
    signatureLabels(page).length
      ? (gray) => {
          const found = signaturesOnPage(page, gray);
          return found.length ? found : undefined;
        }
      : undefined,
  );
}
