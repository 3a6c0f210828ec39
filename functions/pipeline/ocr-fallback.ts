/**
 * Which pages the deployment's hosted page reader (Textract) could not read,
 * so the local OCR did: every page a backend returns carries the reason
 * (`DocumentPage.ocrFallback`); this log sees every page the request's
 * document extracts (in this process, or from the page-range workers) and
 * turns them into `metadata.engine_fallback`.
 *
 * @module
 */
import type { EngineFallback, FallbackReason } from '../contracts/engines.ts';
import type { DocumentPage } from '../engines/document-model.ts';
import type { OpenedDocument } from '../engines/registry.ts';
import { logger } from '../runtime/logger.ts';
import { observePages } from './pages-read.ts';

/** `metadata.engine_fallback` of the OCR slot: the pages the local OCR read instead. */
export interface OcrEngineFallback extends EngineFallback {
  readonly pages: readonly number[];
}

export class OcrFallbackLog {
  private readonly reasons = new Map<number, FallbackReason>();

  note(pages: readonly DocumentPage[]): void {
    for (const page of pages) if (page.ocrFallback) this.reasons.set(page.pageNumber, page.ocrFallback);
  }

  /** The fallback to report, or undefined when every page the hosted reader was asked for was read by it. */
  fallback(): OcrEngineFallback | undefined {
    if (this.reasons.size === 0) return undefined;
    const pages = [...this.reasons.keys()].sort((a, b) => a - b);
    const reason = this.reasons.get(pages[0]) as FallbackReason;
    // The reason and page numbers only: never the document's text.
    logger.warn('hosted page reader failed; the local OCR read the pages', { slot: 'ocr', engine: 'textract', reason, pages: pages.length });
    return { slot: 'ocr', engine: 'textract', reason, used: 'local', pages };
  }
}

/** The document, with every page it extracts noted in `log` (pages from remote workers are noted by `notePages`). */
export function trackOcrFallbacks(document: OpenedDocument, log: OcrFallbackLog): OpenedDocument {
  return observePages(document, (pages) => log.note(pages));
}

/**
 * The operation's metadata with the OCR fallback added: `engine_fallback` is
 * one object when one slot fell back (the usual case), a list when both the
 * page reader and the operation's own engine did.
 */
export function withOcrFallback(metadata: Record<string, unknown>, fallback: OcrEngineFallback | undefined): Record<string, unknown> {
  if (!fallback) return metadata;
  const own = metadata.engine_fallback;
  if (!own) return { ...metadata, engine_fallback: fallback };
  return { ...metadata, engine_fallback: [fallback, ...(Array.isArray(own) ? own : [own])] };
}
