/**
 * An opened virtual-page document: pages planned at open (so the page count
 * is known before extraction), geometry computed per requested page.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FileKind } from '../../contracts/media-types.ts';
import type { DocumentPage, ParsedDocument } from '../document-model.ts';
import { paginate, renderPage, type FlowItem, type PlannedPage } from './virtual-page.ts';

export interface VirtualDocument {
  readonly kind: FileKind;
  readonly pageCount: number;
  readonly engine: string;
  extract(pageNumbers?: readonly number[]): Promise<ParsedDocument>;
  close(): Promise<void>;
}

/** Refuses a page count over `maxPages` with the error every backend uses. */
export function checkPageCap(pageCount: number, maxPages: number | undefined, what: string): void {
  if (maxPages !== undefined && pageCount > maxPages) {
    throw new DocumentLoadError('page_limit_exceeded', `This ${what} has ${pageCount} pages; at most ${maxPages} can be processed.`, {
      details: { pages: pageCount, max_pages: maxPages },
    });
  }
}

/** Builds the handle over already planned pages. */
export function virtualDocument(kind: FileKind, engine: string, planned: PlannedPage[]): VirtualDocument {
  let closed = false;
  const pageCount = planned.length;
  return {
    kind,
    pageCount,
    engine,
    async extract(pageNumbers) {
      if (closed) throw new Error('The document handle is closed.');
      const wanted = pageNumbers ?? Array.from({ length: pageCount }, (_, i) => i + 1);
      const pages: DocumentPage[] = [];
      for (const n of wanted) {
        if (!Number.isInteger(n) || n < 1 || n > pageCount) throw new RangeError(`Page ${n} is outside 1–${pageCount}.`);
        pages.push(renderPage(planned[n - 1], n));
      }
      return { kind, pages, engines: [engine] };
    },
    async close() {
      closed = true;
    },
  };
}

/** Paginates a flow into a handle, honouring `maxPages`. */
export function openFlow(
  kind: FileKind,
  engine: string,
  flow: Iterable<FlowItem>,
  maxPages: number | undefined,
  what: string,
  options: { autoBreak?: boolean } = {},
): VirtualDocument {
  // The paginator itself stops one page past the cap, so an over-cap document costs no more than the cap.
  let planned: PlannedPage[];
  try {
    planned = paginate(flow, maxPages === undefined ? undefined : maxPages + 1, options);
  } catch (error) {
    if (error instanceof DocumentLoadError && error.code === 'page_limit_exceeded' && maxPages !== undefined) {
      throw new DocumentLoadError('page_limit_exceeded', `This ${what} has more than ${maxPages} pages; at most ${maxPages} can be processed.`, {
        details: { pages_at_least: maxPages + 1, max_pages: maxPages },
        cause: error,
      });
    }
    throw error;
  }
  checkPageCap(planned.length, maxPages, what);
  return virtualDocument(kind, engine, planned);
}
