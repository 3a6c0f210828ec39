/**
 * Reading the drawn page where the page model cannot tell: a signature's ink
 * beside its label (signatures.ts), a cross or tick drawn inside a check box
 * (selection-marks.ts). Only pages with something to look at are drawn, each
 * once per reader, in grey.
 *
 * @module
 */
import sharp from 'sharp';
import type { DocumentPage, PageRenderer } from '../document-model.ts';
import { grayRaw } from '../ocr/gray-raw.ts';
import type { GrayImage } from '../ocr/page-analysis.ts';

/**
 * For every page `plan` wants to look at (it returns how to read the drawn
 * page, or undefined to skip the page), the page drawn at `dpi` in grey and
 * read; the answers that are not undefined, by page number. A page that
 * cannot be drawn has no answer (like a page without an image); an abort
 * stops the walk.
 */
export async function readDrawnPages<T>(
  pages: readonly DocumentPage[],
  renderer: PageRenderer | undefined,
  options: { dpi: number; signal?: AbortSignal },
  plan: (page: DocumentPage) => ((gray: GrayImage) => T | undefined) | undefined,
): Promise<Map<number, T>> {
  const out = new Map<number, T>();
  if (!renderer) return out;
  for (const page of pages) {
    const read = plan(page);
    if (!read) continue;
    options.signal?.throwIfAborted();
    try {
      const { png } = await renderer.renderPng(page.pageNumber, { dpi: options.dpi });
      const answer = read(await grayRaw(sharp(png)));
      if (answer !== undefined) out.set(page.pageNumber, answer);
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
  }
  return out;
}
