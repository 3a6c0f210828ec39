/**
 * The extractor seam (issue 11 "Engine seam"): extract reads the document
 * model through this interface only, so a deployment can add a hosted-model
 * extractor (e.g. one calling Amazon Bedrock) by registering it here and
 * naming it in configuration, without touching the operation or handlers.
 * `model` is what `model_used` reports.
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

/** Extractors a deployment can choose by name (`DOCINTEL_EXTRACT_ENGINE`). */
export const EXTRACTORS: Readonly<Record<string, Extractor>> = { local: localExtractor };

export const DEFAULT_EXTRACTOR = 'local';

/** The extractor named in configuration; an unknown name fails loudly instead of silently running another engine. */
export function extractorNamed(name: string = DEFAULT_EXTRACTOR): Extractor {
  const extractor = EXTRACTORS[name];
  if (!extractor) throw new Error(`Unknown extract engine "${name}" (known: ${Object.keys(EXTRACTORS).join(', ')})`);
  return extractor;
}
