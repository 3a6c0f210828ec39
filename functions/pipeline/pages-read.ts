/**
 * Which pages of a request's document have been read so far: every page
 * `extract` returned in this process, and every page the page-range
 * workers returned for it. Work that ran past its deadline is metered by
 * this count (docs/api.md "Usage"), so a request that times out is not
 * free compute.
 *
 * @module
 */
import type { DocumentPage } from '../engines/document-model.ts';
import type { OpenedDocument } from '../engines/registry.ts';

export class PagesRead {
  private readonly pages = new Set<number>();

  note(pages: readonly DocumentPage[]): void {
    for (const page of pages) this.pages.add(page.pageNumber);
  }

  /** Distinct pages read (a page read twice, e.g. by two passes of one operation, counts once). */
  get count(): number {
    return this.pages.size;
  }
}

/**
 * The document, with every page it reads shown to `see`: the pages `extract`
 * returns here and those the page-range workers return (`notePages`), which
 * whatever the document itself watches still sees.
 */
export function observePages(document: OpenedDocument, see: (pages: readonly DocumentPage[]) => void): OpenedDocument {
  return {
    ...document,
    async extract(pageNumbers, options) {
      const parsed = await document.extract(pageNumbers, options);
      see(parsed.pages);
      return parsed;
    },
    notePages(pages) {
      see(pages);
      document.notePages?.(pages);
    },
  };
}

/** The document, with every page it reads noted in `log`. */
export function trackPagesRead(document: OpenedDocument, log: PagesRead): OpenedDocument {
  return observePages(document, (pages) => log.note(pages));
}
