/**
 * Redaction plan for a document: which spans are PII, the text with them
 * replaced, a count per type, and the boxes to paint on each page.
 *
 * @module
 */
import type { BBox, DocumentPage } from '../document-model.ts';
import { detectPii, effectiveTypes, type DetectionConfig, type PiiSpan } from './detect.ts';
import type { MaskBox } from './mask.ts';
import { markerFor, SyntheticValues } from './synthetic.ts';
import { buildTextIndex, partialBox, wordsInRange, type IndexedWord, type TextIndex } from './text-index.ts';

export type RedactMode = 'redact' | 'deidentify';

export interface RedactionPlan {
  readonly spans: readonly PiiSpan[];
  /** The document text with each span replaced by its marker (redact) or synthetic value (deidentify). */
  readonly updatedText: string;
  /** Type → number of spans. */
  readonly summary: Record<string, number>;
  /** Boxes to paint, by index into the page list. */
  readonly boxes: ReadonlyMap<number, readonly MaskBox[]>;
}

/** Boxes of one span on one page: consecutive words on one line merge into one box (hiding word lengths too). */
function spanBoxes(words: readonly IndexedWord[], start: number, end: number): { pageIndex: number; bbox: BBox }[] {
  const out: { pageIndex: number; bbox: BBox }[] = [];
  for (const word of words) {
    const box = partialBox(word, start, end);
    const last = out[out.length - 1];
    const sameLine =
      last &&
      last.pageIndex === word.pageIndex &&
      Math.min(last.bbox[3], box[3]) - Math.max(last.bbox[1], box[1]) > 0.5 * Math.min(last.bbox[3] - last.bbox[1], box[3] - box[1]) &&
      box[0] >= last.bbox[0];
    if (sameLine) {
      last.bbox = [Math.min(last.bbox[0], box[0]), Math.min(last.bbox[1], box[1]), Math.max(last.bbox[2], box[2]), Math.max(last.bbox[3], box[3])];
    } else out.push({ pageIndex: word.pageIndex, bbox: [...box] as BBox });
  }
  return out;
}

export async function planRedaction(
  pages: readonly DocumentPage[],
  options: {
    mode: RedactMode;
    config: DetectionConfig;
    synthetic?: SyntheticValues;
    /** Spans already found over `redactionText(pages)` (by a hosted detector); absent → the local detector runs. */
    spans?: readonly PiiSpan[];
    /** The pages' text index when the caller already built it to find the spans (it is not built twice). */
    index?: TextIndex;
    /** The region masked whole when a span touches a word with this box (annotation text: see rendered-page.ts). */
    regionOf?: (wordBox: BBox) => BBox | undefined;
  },
): Promise<RedactionPlan> {
  const index = options.index ?? buildTextIndex(pages);
  const spans = options.spans ?? (await detectPii(index.text, options.config));
  const types = effectiveTypes(options.config);
  const synthetic = options.synthetic ?? new SyntheticValues();
  const replacementOf = (span: PiiSpan) =>
    options.mode === 'deidentify' && (types.get(span.type)?.hasSyntheticReplacement ?? true)
      ? synthetic.valueFor(span.type, span.value)
      : markerFor(span.type);

  let updatedText = '';
  let cursor = 0;
  const summary: Record<string, number> = {};
  const boxes = new Map<number, MaskBox[]>();
  for (const span of spans) {
    const replacement = replacementOf(span);
    updatedText += index.text.slice(cursor, span.start) + replacement;
    cursor = span.end;
    summary[span.type] = (summary[span.type] ?? 0) + 1;
    const words = wordsInRange(index, span.start, span.end);
    // Whole regions first: in de-identify mode the value written into the span's first box stays on top.
    const regions = new Set(words.map((word) => options.regionOf?.(word.bbox)).filter((region) => region !== undefined));
    const regionParts = words.flatMap((word) => {
      const region = options.regionOf?.(word.bbox);
      return region && regions.delete(region) ? [{ pageIndex: word.pageIndex, bbox: region }] : [];
    });
    const parts = spanBoxes(words, span.start, span.end);
    regionParts.forEach((part) => {
      const list = boxes.get(part.pageIndex) ?? [];
      list.push(options.mode === 'deidentify' ? { bbox: part.bbox, replacement: '' } : { bbox: part.bbox });
      boxes.set(part.pageIndex, list);
    });
    parts.forEach((part, i) => {
      const list = boxes.get(part.pageIndex) ?? [];
      // De-identify writes the value once, in the span's first box; the rest are blanked.
      list.push(options.mode === 'deidentify' ? { bbox: part.bbox, replacement: i === 0 ? replacement : '' } : { bbox: part.bbox });
      boxes.set(part.pageIndex, list);
    });
  }
  updatedText += index.text.slice(cursor);
  return { spans, updatedText, summary, boxes };
}

/** The text detectors read (and span offsets refer to): the pages' words, lines joined by '\n', pages by '\n\n'. */
export function redactionText(pages: readonly DocumentPage[]): string {
  return buildTextIndex(pages).text;
}

/** Embedded images placed in the header band of a page (PDF image placements): logo candidates. */
export function headerFigures(page: DocumentPage): BBox[] {
  return (page.figures ?? []).filter(([l, t, r, b]) => t < 0.2 && (r - l) * (b - t) < 0.25);
}
