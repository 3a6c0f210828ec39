/**
 * Parse as a pipeline operation: options, cache parameters, price mode and
 * page caps, and the execution from document to result.
 *
 * @module
 */
import { ParseForm, ParseQuery } from '../contracts/schemas/parse.ts';
import { objectKeys } from '../contracts/storage.ts';
import type { OperationSpec } from '../pipeline/operation.ts';
import { extractForRequest } from './segmented-extract.ts';
import { buildParseResult, PAGE_IMAGE_TTL_SECONDS } from './parse.ts';
import { readingMetadata } from './document-metadata.ts';
import { buildSearchablePdf } from '../engines/pdf/searchable-pdf.ts';

export const parseOperation: OperationSpec<ParseQuery, ParseForm> = {
  operation: 'parse',
  endpoint: '/v1/parse',
  querySchema: ParseQuery,
  formSchema: ParseForm,
  forceRefresh: (q) => q.force_refresh,
  params: (q) => ({
    mode: q.mode,
    include_boxes: q.include_boxes,
    include_image: q.include_image,
    ...(q.languages ? { languages: q.languages.join(',') } : {}),
    // Only when asked: the cache keys of plain parses stay what they were.
    ...(q.output === 'pdf' ? { output: 'pdf' } : {}),
  }),
  priceMode: (q) => q.mode,
  pageCap: (q, limits, raised) =>
    q.mode === 'advanced' ? (raised && limits.raised ? limits.raised.advancedPages : limits.advancedPages) : undefined,
  async execute(context) {
    const { deps, principal, requestId, query, document, assets, input, signal } = context;
    // Rulings and figures feed only the advanced layout: fast mode skips reading them.
    // Fast parse without boxes returns page text only: words would be held for nothing.
    const parsed = await extractForRequest(context, {
      graphics: query.mode === 'advanced',
      // The searchable PDF places every word: it needs them even when the answer does not.
      textOnly: query.mode === 'fast' && !query.include_boxes && query.output !== 'pdf',
      languages: query.languages,
    });
    const output = await buildParseResult(parsed, query, {
      renderer: document.renderer,
      sink: {
        async store(pageIndex, pageNumber, png) {
          const key = objectKeys.storedPageImage(principal.orgId, requestId, pageNumber);
          await deps.blobs.put(key, png, 'image/png');
          return assets.sign(key, PAGE_IMAGE_TTL_SECONDS, ['result', 'pages', pageIndex, 'image_url']);
        },
      },
    });
    let pdf: { pdf_url: string } | undefined;
    if (query.output === 'pdf') {
      const bytes = await buildSearchablePdf({
        ...(parsed.kind === 'pdf' ? { pdf: await input.readBytes() } : {}),
        pages: parsed.pages,
        renderer: document.renderer,
        signal,
      });
      const key = objectKeys.storedSearchablePdf(principal.orgId, requestId);
      await deps.blobs.put(key, bytes, 'application/pdf');
      // Same lifetime as page image links (15 minutes), re-signed on every later read.
      pdf = { pdf_url: (await assets.sign(key, PAGE_IMAGE_TTL_SECONDS, ['result', 'pdf_url'])).url };
    }
    return {
      result: { ...(output.result as unknown as Record<string, unknown>), ...pdf },
      modelUsed: parsed.engines.join('+'),
      pages: parsed.pages.length,
      metadata: { file_type: parsed.kind, mode: query.mode, ...readingMetadata(parsed) },
    };
  },
};
