/**
 * POST /v1/parse: text, words with boxes, page images and layout.
 *
 * @module
 */
import { TIER_LIMITS } from '../contracts/limits.ts';
import { ParseForm, ParseQuery } from '../contracts/schemas/parse.ts';
import { objectKeys } from '../contracts/storage.ts';
import { openDocument } from '../engines/registry.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { readFormFields } from '../middleware/form-fields.ts';
import { json } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import { advancedPageCap, buildParseResult, PAGE_IMAGE_TTL_SECONDS, type PageImageSink } from '../operations/parse.ts';
import { loadDocumentInput } from '../pipeline/document-input.ts';
import type { DepsProvider } from '../runtime/deps.ts';

export const createHandler = (getDeps?: DepsProvider) =>
  endpoint({ getDeps }, async ({ event, query: rawQuery, principal, deps, state }) => {
    const query = validate(ParseQuery, rawQuery, 'query parameter', 'invalid_option');
    const form = validate(ParseForm, await readFormFields(event), 'form field');
    const startedAt = Date.now();
    const input = await loadDocumentInput(deps, principal, form.document_key);

    const opened = await openDocument(input.bytes, { declaredKind: input.record.kind, filename: input.record.filename });
    try {
      if (query.mode === 'advanced') advancedPageCap(TIER_LIMITS[principal.tier].advancedPages, opened.pageCount);
      const document = await opened.extract();
      const sink: PageImageSink = {
        store: async (pageNumber, png) => {
          const key = objectKeys.storedPageImage(principal.orgId, state.requestId, pageNumber);
          await deps.blobs.put(key, png, 'image/png');
          const expiresAt = new Date(deps.clock.now().getTime() + PAGE_IMAGE_TTL_SECONDS * 1000);
          return { url: await deps.blobs.presignGet(key, PAGE_IMAGE_TTL_SECONDS), expiresAt };
        },
      };
      const output = await buildParseResult(document, query, { renderer: opened.renderer, sink });
      return json(200, {
        status: 'success',
        request_id: state.requestId,
        task: 'parse',
        model_used: document.engines.join('+'),
        result: output.result,
        duration_ms: Date.now() - startedAt,
        metadata: {
          pages: document.pages.length,
          file_type: document.kind,
          source: 'document_key',
          filename: input.record.filename,
          file_size: input.size,
          mode: query.mode,
        },
        ...(output.assetsExpireAt ? { assets_expire_at: output.assetsExpireAt.toISOString() } : {}),
      });
    } finally {
      await opened.close();
    }
  });

export const handler = createHandler();
