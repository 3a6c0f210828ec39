/**
 * Page segments on AWS: each segment is one synchronous (RequestResponse)
 * invocation of the `page-range-worker` Lambda, which fetches the document
 * from the bucket itself, so only the blob key and page numbers travel.
 *
 * Wire format (both directions plain JSON):
 * - request: a `PageSegment`;
 * - response: a `SegmentResult`, or `{ error: { type: 'DocumentLoadError', code, message, details? } }`
 *   when the document itself is bad (encrypted, corrupt, …). The runner turns
 *   that back into the same `DocumentLoadError`, so the API answers exactly
 *   as if the pages had been extracted in-process. Anything else the worker
 *   throws comes back as `FunctionError` and is rethrown as a plain `Error`
 *   (an internal error for the caller).
 *
 * Size: a synchronous invocation returns at most 6 MB. The pipeline only
 * sends OCR segments (≤ `MAX_OCR_SEGMENT_PAGES` = 10 pages) to the worker;
 * word-level pages are tens of kilobytes each, so a segment's response
 * stays far below the limit. Should one ever exceed it, Lambda reports
 * `Function.ResponseSizeTooLarge` as a `FunctionError`, which is rethrown
 * like any other worker failure.
 *
 * @module
 */
import { InvokeCommand, type InvokeCommandOutput } from '@aws-sdk/client-lambda';
import { DocumentLoadError, ERROR_STATUS } from '../../contracts/errors.ts';
import { isPageRangeError, type PageRangeResponse, type PageSegment, type PageSegmentRunner, type SegmentResult } from '../../ports/page-segments.ts';

/** The codes a `DocumentLoadError` can carry. */
// The wire types the worker handler shares with this runner live with the port.
export { isPageRangeError, type DocumentLoadErrorCode, type PageRangeErrorResult, type PageRangeResponse } from '../../ports/page-segments.ts';

/** The part of `LambdaClient` the runner uses (tests stub it). */
export interface LambdaInvoker {
  send(command: InvokeCommand): Promise<InvokeCommandOutput>;
}

export interface LambdaPageSegmentRunnerOptions {
  /**
   * Segments the caller runs at once (one invocation each).
   * @default 8
   */
  readonly concurrency?: number;
}

export const DEFAULT_PAGE_SEGMENT_CONCURRENCY = 8;

export class LambdaPageSegmentRunner implements PageSegmentRunner {
  readonly concurrency: number;

  constructor(
    private readonly lambda: LambdaInvoker,
    /** Name or ARN of the page-range worker (`DOCINTEL_PAGE_RANGE_FUNCTION`). */
    private readonly functionName: string,
    options: LambdaPageSegmentRunnerOptions = {},
  ) {
    const concurrency = options.concurrency ?? DEFAULT_PAGE_SEGMENT_CONCURRENCY;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`LambdaPageSegmentRunner concurrency must be a positive integer, got ${concurrency}`);
    }
    if (!functionName) throw new Error('LambdaPageSegmentRunner needs the page-range worker function name');
    this.concurrency = concurrency;
  }

  async run(segment: PageSegment): Promise<SegmentResult> {
    const out = await this.lambda.send(
      new InvokeCommand({
        FunctionName: this.functionName,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify(segment)),
      }),
    );
    const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
    const range = describeRange(segment.pageNumbers);
    if (out.FunctionError) {
      const failure = parseJson(text) as { errorType?: string; errorMessage?: string } | undefined;
      throw new Error(
        `page-range worker failed on pages ${range} (${out.FunctionError}): ` +
          `${failure?.errorType ?? 'Error'}: ${failure?.errorMessage ?? (text.slice(0, 500) || 'no payload')}`,
      );
    }
    const body = parseJson(text) as PageRangeResponse | undefined;
    if (body && isPageRangeError(body)) {
      const { code, message, details } = body.error;
      if (body.error.type === 'DocumentLoadError' && code in ERROR_STATUS) {
        throw new DocumentLoadError(code, message, details ? { details } : {});
      }
      throw new Error(`page-range worker returned an unknown error on pages ${range}: ${code}: ${message}`);
    }
    if (!body || !Array.isArray(body.pages) || !Array.isArray(body.engines)) {
      throw new Error(`page-range worker returned an unexpected payload on pages ${range}: ${text.slice(0, 200)}`);
    }
    if (body.pages.length !== segment.pageNumbers.length) {
      throw new Error(`page-range worker returned ${body.pages.length} pages for ${segment.pageNumbers.length} (pages ${range})`);
    }
    return { pages: body.pages, engines: body.engines };
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeRange(pageNumbers: readonly number[]): string {
  if (pageNumbers.length === 0) return 'none';
  return pageNumbers.length === 1 ? `${pageNumbers[0]}` : `${pageNumbers[0]}-${pageNumbers[pageNumbers.length - 1]}`;
}
