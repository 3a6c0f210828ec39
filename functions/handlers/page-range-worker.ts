/**
 * The page-range worker: invoked directly (RequestResponse) with one
 * `PageSegment` of a long document, it reads the bytes from the blob store,
 * opens them, extracts only the segment's pages and returns them as a
 * `SegmentResult` (plain JSON). The caller is `LambdaPageSegmentRunner`
 * (functions/adapters/aws/lambda-page-segments.ts), which also documents the
 * wire format and the 6 MB response limit.
 *
 * A bad document (`DocumentLoadError`) is answered with a structured error
 * result rather than thrown, so the caller can rethrow the same error (same
 * code and message) instead of reporting a generic failure. A malformed
 * segment or a missing object is a defect of the caller: thrown, it reaches
 * the caller as a `FunctionError`.
 *
 * @module
 */
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import type { DocumentLoadErrorCode, PageRangeResponse } from '../ports/page-segments.ts';
import { DocumentLoadError } from '../contracts/errors.ts';
import { MEDIA_TYPES, type FileKind } from '../contracts/media-types.ts';
import { OCR_LANGUAGE_CODES, type OcrLanguage } from '../contracts/ocr-languages.ts';
import { openDocument, type OpenedDocument } from '../engines/registry.ts';
import type { PageSegment } from '../ports/page-segments.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';

const KINDS = MEDIA_TYPES.map((m) => m.kind) as [FileKind, ...FileKind[]];

const SegmentSchema = z.object({
  blobKey: z.string().min(1),
  kind: z.enum(KINDS),
  filename: z.string().optional(),
  pageNumbers: z
    .array(z.number().int().positive())
    .min(1)
    .refine((pages) => pages.every((n, i) => i === 0 || n > pages[i - 1]), 'page numbers must be strictly ascending'),
  languages: z.array(z.enum(OCR_LANGUAGE_CODES as [OcrLanguage, ...OcrLanguage[]])).optional(),
  visibleOnly: z.boolean().optional(),
  localEngines: z.boolean().optional(),
});

/** Validates the invocation payload; throws (→ FunctionError) on a malformed one. */
export function parseSegment(event: unknown): PageSegment {
  const parsed = SegmentSchema.safeParse(event);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(event)'}: ${i.message}`).join('; ');
    throw new TypeError(`Invalid page segment: ${problems}`);
  }
  return parsed.data;
}

export const createHandler =
  (getDeps: DepsProvider = defaultDeps) =>
  async (event: unknown, _context?: Context): Promise<PageRangeResponse> => {
    const segment = parseSegment(event);
    const deps = getDeps();
    const bytes = await deps.blobs.getBytes(segment.blobKey);
    // The deployment's page reader (Textract when chosen): pages it could not read say so (`ocrFallback`) to the caller.
    const pageText = deps.engines?.ocr === 'textract' && !segment.localEngines ? deps.hosted?.pageText : undefined;
    let opened: OpenedDocument | undefined;
    try {
      // The open-time scan (which pages need OCR) looks at this segment's pages only, not the whole document each time.
      const options = { pagesOfInterest: () => segment.pageNumbers, ...(pageText ? { pageText } : {}) };
      opened = await openDocument(bytes, { declaredKind: segment.kind, filename: segment.filename }, options);
      const last = segment.pageNumbers[segment.pageNumbers.length - 1];
      if (last > opened.pageCount) {
        throw new RangeError(`Page ${last} requested from a document of ${opened.pageCount} pages`);
      }
      const parsed = await opened.extract(segment.pageNumbers, { languages: segment.languages, visibleOnly: segment.visibleOnly });
      logger.debug('page segment extracted', { pages: segment.pageNumbers.length, engines: parsed.engines });
      return { pages: parsed.pages, engines: parsed.engines };
    } catch (error) {
      if (error instanceof DocumentLoadError) {
        return {
          error: {
            type: 'DocumentLoadError',
            code: error.code as DocumentLoadErrorCode,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
          },
        };
      }
      throw error;
    } finally {
      await opened?.close();
    }
  };

export const handler = createHandler();
