/**
 * Extracts a document's pages in segments, shared by every operation.
 *
 * Why segments: OCR is the slow part (seconds per page), so a scanned
 * document is cut into page ranges that run concurrently — on AWS each range
 * is one invocation of the page-range worker Lambda (the `segments` runner),
 * locally the ranges run in this process and the OCR engine's worker pool
 * (one tesseract worker per core) provides the parallelism. A long document
 * under the raised limits is also walked in bounded segments, so a 500-page
 * advanced parse never holds more than one segment's intermediate state.
 *
 * Text-layer documents within the standard caps are extracted in one call:
 * pdf.js does ~6 ms a page, so fan-out would cost more than it saves.
 *
 * @module
 */
import { textOnlyPage, type DocumentPage, type ParsedDocument } from '../engines/document-model.ts';
import type { OpenedDocument } from '../engines/registry.ts';
import { availableParallelism } from 'node:os';
import type { PageSegmentRunner } from '../ports/page-segments.ts';
import type { OcrLanguage } from '../contracts/ocr-languages.ts';

/** Pages per raised-limit segment: the standard advanced cap, so each segment is a standard-sized request. */
export const RAISED_SEGMENT_PAGES = 60;
/** Most OCR pages one segment takes (≈ 10 × 1–2 s, well inside a worker invocation). */
export const MAX_OCR_SEGMENT_PAGES = 10;

export interface SegmentPlanInput {
  readonly pageCount: number;
  readonly ocrPageCount: number;
  readonly raised: boolean;
  /** Segments that can run at once. */
  readonly concurrency: number;
}

/** 1-based page numbers, cut into ascending segments; one segment means "no fan-out". */
export function planSegments({ pageCount, ocrPageCount, raised, concurrency }: SegmentPlanInput): number[][] {
  const all = Array.from({ length: pageCount }, (_, i) => i + 1);
  let size = pageCount;
  if (ocrPageCount > 0) {
    // Spread OCR over the available concurrency, but never more than MAX_OCR_SEGMENT_PAGES per segment.
    size = Math.min(MAX_OCR_SEGMENT_PAGES, Math.max(1, Math.ceil(pageCount / Math.max(1, concurrency))));
  }
  if (raised) size = Math.min(size, RAISED_SEGMENT_PAGES);
  size = Math.max(1, size);
  const segments: number[][] = [];
  for (let i = 0; i < all.length; i += size) segments.push(all.slice(i, i + size));
  return segments;
}

/** Runs `tasks` with at most `limit` in flight, keeping results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

export interface SegmentedExtractInput {
  readonly document: OpenedDocument;
  readonly raised: boolean;
  /** Where the bytes live, for a remote runner. */
  readonly blobKey: string;
  readonly filename?: string;
  /** Remote runner (AWS page-range worker); absent → segments run in this process. */
  readonly runner?: PageSegmentRunner;
  /** Local concurrency when no runner is given (OCR worker pool size). */
  readonly localConcurrency?: number;
  /** Stops before the next segment (and, locally, the next page) once aborted. */
  readonly signal?: AbortSignal;
  /** Whether pages need their graphics (rulings, figures): advanced layout does. @default true */
  readonly graphics?: boolean;
  /** Whether callers need only page text (see `ExtractOptions.textOnly`). @default false */
  readonly textOnly?: boolean;
  /** OCR languages of the request (see `ExtractOptions.languages`). */
  readonly languages?: readonly OcrLanguage[];
  /** Leave out text a reader cannot see (see `ExtractOptions.visibleOnly`). @default false */
  readonly visibleOnly?: boolean;
}

export async function extractInSegments(input: SegmentedExtractInput): Promise<ParsedDocument> {
  const { document, raised, runner } = input;
  const ocrPageCount = document.ocrPageCount ?? 0;
  const concurrency = runner?.concurrency ?? input.localConcurrency ?? 1;
  const segments = planSegments({ pageCount: document.pageCount, ocrPageCount, raised, concurrency });
  const { signal, graphics, textOnly, languages, visibleOnly } = input;
  if (segments.length <= 1) return document.extract(undefined, { signal, graphics, textOnly, languages, visibleOnly });

  // Remote fan-out only pays off when there is OCR to spread; text-layer segments stay local.
  const remote = runner && ocrPageCount > 0 ? runner : undefined;
  const engines = new Set<string>();
  let kind = document.kind;
  const parts = await mapLimited(segments, remote ? remote.concurrency : raised && ocrPageCount === 0 ? 1 : concurrency, async (pageNumbers) => {
    signal?.throwIfAborted();
    if (remote) {
      const result = await remote.run({ blobKey: input.blobKey, kind: document.kind, filename: input.filename, pageNumbers, ...(languages ? { languages } : {}), ...(visibleOnly ? { visibleOnly } : {}) });
      result.engines.forEach((e) => engines.add(e));
      document.notePages?.(result.pages);
      return textOnly ? result.pages.map(textOnlyPage) : result.pages;
    }
    const parsed = await document.extract(pageNumbers, { signal, graphics, textOnly, languages, visibleOnly });
    kind = parsed.kind;
    parsed.engines.forEach((e) => engines.add(e));
    return parsed.pages;
  });
  const pages: DocumentPage[] = parts.flat();
  return { kind, pages, engines: [...engines] };
}

/**
 * The pages of the request's document, extracted the way every operation
 * does it (segments, remote OCR fan-out, the request's deadline).
 */
export function extractForRequest(
  context: {
    readonly deps: { readonly segments?: PageSegmentRunner };
    readonly input: { readonly record: { readonly objectKey: string; readonly filename?: string } };
    readonly document: OpenedDocument;
    readonly raised: boolean;
    readonly signal?: AbortSignal;
  },
  options: { readonly graphics?: boolean; readonly textOnly?: boolean; readonly languages?: readonly OcrLanguage[]; readonly visibleOnly?: boolean } = {},
): Promise<ParsedDocument> {
  return extractInSegments({
    document: context.document,
    raised: context.raised,
    blobKey: context.input.record.objectKey,
    filename: context.input.record.filename,
    runner: context.deps.segments,
    localConcurrency: availableParallelism(),
    signal: context.signal,
    ...options,
  });
}
