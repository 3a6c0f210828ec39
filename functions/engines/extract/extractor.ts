/**
 * The extractor seam (issue 11 "Engine seam"): extract reads the document
 * model through this interface only. The local extractor is the default and
 * the fallback; the hosted one (engines/hosted/extract.ts, Amazon Bedrock)
 * is chosen per deployment by `DOCINTEL_EXTRACT_ENGINE=bedrock`
 * (contracts/engines.ts, which refuses unknown names). `model` is what
 * `model_used` reports.
 *
 * @module
 */
import type { ExtractShape } from '../../contracts/schemas/extract.ts';
import type { DocumentPage } from '../document-model.ts';
import { extractFinancial, type FinancialExtraction } from './financial.ts';
import { fillSchema, type FilledSchema } from './schema-fill.ts';

export interface Extractor {
  /** Name and version, reported in `model_used`, e.g. `docintel-extract@1`. */
  readonly model: string;
  /** Invoice and receipt entities, per-field confidence and line items. */
  financial(pages: readonly DocumentPage[], signal?: AbortSignal): Promise<FinancialExtraction>;
  /** The caller's schema filled from the document, with per-path confidence. */
  fillSchema(schema: Record<string, ExtractShape>, pages: readonly DocumentPage[], signal?: AbortSignal): Promise<FilledSchema>;
}

/** The default: rules over the document model (labels in six languages, tables, cross-checks); offline, no model calls. */
export const localExtractor: Extractor = {
  model: 'docintel-extract@1',
  financial: async (pages) => extractFinancial(pages),
  fillSchema: async (schema, pages) => fillSchema(schema, pages),
};
