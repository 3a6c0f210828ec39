/**
 * Scale-out seam for the expensive per-page work (OCR, rendering): a long
 * document is cut into page segments that run concurrently somewhere else.
 *
 * - AWS: each segment is one invocation of the `page-range-worker` Lambda,
 *   which reads the document from the blob store itself (only the key
 *   travels) and returns the segment's pages.
 * - Local / tests: segments run in this process; the OCR engine's worker
 *   pool (one tesseract worker per core) gives the parallelism.
 *
 * Pages are plain JSON data (`DocumentPage`), so they cross a Lambda
 * boundary unchanged.
 *
 * @module
 */
import type { DocumentLoadError } from '../contracts/errors.ts';
import type { FileKind } from '../contracts/media-types.ts';
import type { OcrLanguage } from '../contracts/ocr-languages.ts';
import type { DocumentPage } from '../engines/document-model.ts';

export interface PageSegment {
  /** Blob-store key of the document bytes (a remote worker fetches them). */
  readonly blobKey: string;
  readonly kind: FileKind;
  /** Original filename, a hint for text kinds. */
  readonly filename?: string;
  /** 1-based, ascending. */
  readonly pageNumbers: readonly number[];
  /** OCR languages of the request (`languages`); absent: found per page. */
  readonly languages?: readonly OcrLanguage[];
  /** Leave out text a reader cannot see (extract, classify: ExtractOptions.visibleOnly). */
  readonly visibleOnly?: boolean;
  /** Read with the local OCR even where the deployment chose a hosted one (a test key with hosted engines off). */
  readonly localEngines?: boolean;
}

export interface SegmentResult {
  readonly pages: readonly DocumentPage[];
  /** What really ran for these pages, e.g. `tesseract.js@7.0.0/eng-best-int`. */
  readonly engines: readonly string[];
}

export interface PageSegmentRunner {
  /** Segments worth running at once (Lambda: many; local: cores). */
  readonly concurrency: number;
  run(segment: PageSegment): Promise<SegmentResult>;
}

export type DocumentLoadErrorCode = ConstructorParameters<typeof DocumentLoadError>[0];

/** What the worker returns instead of pages when the document cannot be read. */
export interface PageRangeErrorResult {
  readonly error: {
    readonly type: 'DocumentLoadError';
    readonly code: DocumentLoadErrorCode;
    readonly message: string;
    readonly details?: Record<string, unknown>;
  };
}

/** The page-range worker's response payload. */
export type PageRangeResponse = SegmentResult | PageRangeErrorResult;

export function isPageRangeError(response: PageRangeResponse): response is PageRangeErrorResult {
  return typeof response === 'object' && response !== null && 'error' in response;
}
