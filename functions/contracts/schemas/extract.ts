import { z } from 'zod';
import { JSON_FIELD_LIMITS } from '../limits.ts';
import { booleanFlag, documentKey, jsonTextField, ocrLanguages } from './common.ts';

/** Query of POST /v1/extract (SPEC "POST /v1/extract"). */
export const ExtractQuery = z.strictObject({
  category: z.enum(['financial', 'non_financial']).default('financial'),
  parse_mode: z.enum(['fast', 'advanced']).default('fast'),
  force_refresh: booleanFlag.default(false),
  languages: ocrLanguages.optional(),
});
export type ExtractQuery = z.output<typeof ExtractQuery>;

/**
 * A schema's shape: `null` → a text value, `false` → a checkbox as
 * true/false, `"unselected"` → a checkbox as "selected"/"unselected",
 * nested objects, and arrays holding one object (the shape of each item).
 */
export type ExtractShape = null | false | 'unselected' | { [key: string]: ExtractShape } | ExtractShape[];

const MAX_SCHEMA_FIELDS = 500;

export const ExtractShapeSchema: z.ZodType<ExtractShape> = z.lazy(() =>
  z.union([
    z.null(),
    z.literal(false),
    z.literal('unselected'),
    z.array(ExtractShapeSchema).length(1, 'an array holds exactly one item: the shape of every item'),
    z.record(z.string().trim().min(1).max(200), ExtractShapeSchema),
  ]),
);

function countFields(shape: ExtractShape): number {
  if (Array.isArray(shape)) return shape.reduce((n: number, s) => n + countFields(s), 0);
  if (shape && typeof shape === 'object') return Object.values(shape).reduce((n: number, s) => n + 1 + countFields(s), 0);
  return 0;
}

/** A template: a non-empty JSON object (as text) whose values are shapes. */
export const ExtractTemplate = jsonTextField('schema', JSON_FIELD_LIMITS.schemaMaxDepth, {
  notJson: 'schema must be a JSON object sent as a string; it is not valid JSON',
})
  .pipe(
    z
      .record(z.string().trim().min(1).max(200), ExtractShapeSchema, { message: 'schema must be a JSON object' })
      .refine((o) => Object.keys(o).length > 0, 'schema must not be empty')
      .refine((o) => countFields(o) <= MAX_SCHEMA_FIELDS, `schema may have at most ${MAX_SCHEMA_FIELDS} fields`),
  );
export type ExtractTemplate = z.output<typeof ExtractTemplate>;

export const ExtractForm = z.object({
  document_key: documentKey,
  schema: ExtractTemplate.optional(),
});
export type ExtractForm = z.output<typeof ExtractForm>;

/** Where an extracted value was read: 1-based page, its box as fractions of the page (0..1), the text there. */
export const ExtractCitation = z.object({
  page: z.number().int().min(1),
  bbox: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)]),
  text: z.string(),
});
export type ExtractCitation = z.output<typeof ExtractCitation>;

export const ExtractLineItem = z.object({
  description: z.string(),
  quantity: z.number().nullable(),
  unit_price: z.string().nullable(),
  total: z.string().nullable(),
});

/**
 * The `result` of a financial extract: entities and per-field confidence,
 * line items, and `citations` grounding them on the pages (an entity absent
 * from `citations.entities` was not read from a page, e.g. an e-invoice's XML
 * value; `citations.line_items[i]` is null likewise).
 */
export const FinancialExtractResult = z.object({
  entities: z.record(z.string(), z.string()),
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  line_items: z.array(ExtractLineItem),
  citations: z.object({
    entities: z.record(z.string(), ExtractCitation),
    line_items: z.array(ExtractCitation.nullable()),
  }),
});
export type FinancialExtractResult = z.output<typeof FinancialExtractResult>;
