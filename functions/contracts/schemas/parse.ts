import { z } from 'zod';
import { booleanFlag, documentKey, ocrLanguages } from './common.ts';

/** Query parameters of POST /v1/parse (SPEC "POST /v1/parse"). Unknown parameters are rejected. */
export const ParseQuery = z.strictObject({
  mode: z.enum(['fast', 'advanced']).default('fast'),
  include_boxes: booleanFlag.default(false),
  include_image: booleanFlag.default(false),
  force_refresh: booleanFlag.default(false),
  languages: ocrLanguages.optional(),
  /** Beyond the SPEC: `pdf` also returns `result.pdf_url`, the document as a searchable PDF (docs/api.md). */
  output: z.enum(['json', 'pdf']).default('json'),
});
export type ParseQuery = z.output<typeof ParseQuery>;

/** Form fields of POST /v1/parse. */
export const ParseForm = z.object({
  document_key: documentKey,
});
export type ParseForm = z.output<typeof ParseForm>;
