/**
 * Extract with a hosted language model, as an `Extractor` (the seam in
 * engines/extract/extractor.ts): the document's lines, each numbered, go
 * into one forced tool call; the model answers every value with the
 * numbers of the lines it read it from, and the existing grounding code
 * turns those lines into citations (page, box, text), exactly as the local
 * extractor's. Amounts and dates are normalised by the same code as the
 * local extractor's (`1234.50`, ISO 8601), so both engines' results compare.
 *
 * A value the model gives that is not on any page (a guess) keeps its
 * value but gets no citation, as an e-invoice's XML value does.
 *
 * @module
 */
import { z } from 'zod';
import { HostedEngineError, type LanguageModel } from '../../contracts/hosted-models.ts';
import type { ExtractShape } from '../../contracts/schemas/extract.ts';
import type { DocumentPage } from '../document-model.ts';
import type { Extractor } from '../extract/extractor.ts';
import { FINANCIAL_FIELDS, linesOf, orderEntities, type FinancialExtraction, type LineItem } from '../extract/financial.ts';
import { ground, groundItems, type Citation } from '../extract/grounding.ts';
import { parseAmount, parseDate } from '../extract/normalize.ts';
import type { FilledSchema } from '../extract/schema-fill.ts';
import { callTool, DOCUMENT_IS_DATA, fenceDocument, numberedText } from './prompt-text.ts';

export const FINANCIAL_TOOL = 'record_invoice_fields';
export const SCHEMA_TOOL = 'record_schema_values';

const AMOUNT_FIELDS = new Set(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);
const DATE_FIELDS = new Set(['invoice_date', 'due_date']);

const FIELD_HINTS: Readonly<Record<(typeof FINANCIAL_FIELDS)[number], string>> = {
  invoice_number: 'the invoice or receipt number',
  invoice_date: 'date of issue, ISO 8601 (YYYY-MM-DD)',
  due_date: 'payment due date, ISO 8601',
  vendor_name: 'the seller (company name only)',
  vendor_address: "the seller's address, lines joined by \", \"",
  vendor_tax_id: "the seller's VAT or tax id",
  customer_name: 'the buyer (bill-to)',
  customer_address: "the buyer's address, lines joined by \", \"",
  purchase_order: 'the purchase order number',
  currency: 'ISO 4217 code (EUR, USD, …)',
  subtotal: 'total before tax, digits with a dot for decimals (1234.50)',
  tax_amount: 'total tax, digits with a dot for decimals',
  total_amount: 'total including tax, digits with a dot for decimals',
  amount_due: 'amount still to pay, digits with a dot for decimals',
  payment_terms: 'payment terms as written',
  iban: 'IBAN without spaces',
  bic: 'BIC/SWIFT code',
};

const lineRefs = { type: 'array', items: { type: 'integer', minimum: 0 }, description: 'Numbers [i] of the lines the value was read from.' } as const;

const Field = z.object({ value: z.string().nullable(), lines: z.array(z.int().min(0)).default([]), confidence: z.number().min(0).max(1).default(0.5) });
const Item = z.object({
  description: z.string(),
  quantity: z.number().nullable().default(null),
  unit_price: z.union([z.string(), z.number()]).nullable().default(null),
  total: z.union([z.string(), z.number()]).nullable().default(null),
  lines: z.array(z.int().min(0)).default([]),
});
const FinancialAnswer = z.object({
  fields: z.partialRecord(z.enum(FINANCIAL_FIELDS), Field.nullable()),
  line_items: z.array(Item).default([]),
});

function financialSchema(): Record<string, unknown> {
  const field = (description: string) => ({
    type: 'object',
    description,
    properties: { value: { type: ['string', 'null'] }, lines: lineRefs, confidence: { type: 'number', minimum: 0, maximum: 1 } },
    required: ['value', 'lines', 'confidence'],
  });
  return {
    type: 'object',
    properties: {
      fields: { type: 'object', properties: Object.fromEntries(FINANCIAL_FIELDS.map((f) => [f, field(FIELD_HINTS[f])])), description: 'Only fields printed on the document; leave out the rest.' },
      line_items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            description: { type: 'string' },
            quantity: { type: ['number', 'null'] },
            unit_price: { type: ['string', 'null'], description: 'digits with a dot for decimals' },
            total: { type: ['string', 'null'], description: 'digits with a dot for decimals' },
            lines: lineRefs,
          },
          required: ['description', 'quantity', 'unit_price', 'total', 'lines'],
        },
      },
    },
    required: ['fields', 'line_items'],
  };
}

const SYSTEM = [
  'You read business documents and record values exactly as printed, normalised only as each field says.',
  'Every line of the document is numbered [i]. For each value give the numbers of the lines you read it from.',
  'Leave out what is not on the document: never guess. Confidence is the probability the value is right.',
  DOCUMENT_IS_DATA,
].join('\n');

const amount = (v: string | number | null): string | null => (v === null ? null : (parseAmount(String(v)) ?? null));

/** The citation of a value: on the lines the model named first, then anywhere (dates in either order). */
function cite(field: string, value: string, lines: ReturnType<typeof linesOf>, hint: readonly number[]): Citation | undefined {
  const valid = hint.filter((i) => i < lines.length);
  return ground(field, value, lines, { hint: valid }) ?? (DATE_FIELDS.has(field) ? ground(field, value, lines, { hint: valid, monthFirst: true }) : undefined);
}

async function financial(model: LanguageModel, pages: readonly DocumentPage[], signal?: AbortSignal): Promise<FinancialExtraction> {
  const lines = linesOf(pages);
  const { text, truncated } = numberedText(lines.map((l) => ({ page: l.pageIndex + 1, text: l.text })));
  const answer = await callTool(
    model,
    {
      system: SYSTEM,
      prompt: `Record the invoice or receipt fields and line items of this document${truncated ? ' (its end is cut off)' : ''}.\n\n${fenceDocument(text)}`,
      tool: { name: FINANCIAL_TOOL, description: 'Records the fields and line items of an invoice or receipt.', inputSchema: financialSchema() },
      maxOutputTokens: 4_000,
      signal,
    },
    FinancialAnswer,
  );
  const entities: Record<string, string> = {};
  const confidence: Record<string, number> = {};
  const cited: Record<string, Citation> = {};
  for (const field of FINANCIAL_FIELDS) {
    const found = answer.fields[field];
    const raw = found?.value?.trim();
    if (!found || !raw) continue;
    const value = AMOUNT_FIELDS.has(field) ? parseAmount(raw) : DATE_FIELDS.has(field) ? parseDate(raw) : field === 'currency' ? raw.toUpperCase() : field === 'iban' ? raw.replace(/\s+/g, '').toUpperCase() : raw;
    // An amount or date the shared normaliser cannot read is left out rather than reported in another notation.
    if (!value) continue;
    entities[field] = value;
    confidence[field] = Math.round(found.confidence * 100) / 100;
    if (field === 'currency') continue;
    const citation = cite(field, value, lines, found.lines);
    if (citation) cited[field] = citation;
    // Not found on the page (normalised as the field is): no citation, and at most half the model's confidence.
    else confidence[field] = Math.round(found.confidence * 50) / 100;
  }
  const items: LineItem[] = answer.line_items
    .filter((i) => i.description.trim())
    .map((i) => ({ description: i.description.trim(), quantity: i.quantity, unit_price: amount(i.unit_price), total: amount(i.total) }));
  return {
    entities: orderEntities(entities),
    confidence: orderEntities(confidence),
    line_items: items,
    citations: { entities: orderEntities(cited), line_items: groundItems(items, lines) },
  };
}

/** JSON Schema of a caller's shape: null → text, false → yes/no, 'unselected' → a checkbox, arrays and objects as they are. */
function shapeSchema(shape: ExtractShape): Record<string, unknown> {
  if (shape === null) return { type: ['string', 'null'] };
  if (shape === false) return { type: 'boolean' };
  if (shape === 'unselected') return { type: 'string', enum: ['selected', 'unselected'] };
  if (Array.isArray(shape)) return { type: 'array', items: shapeSchema(shape[0] ?? null) };
  return { type: 'object', properties: Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, shapeSchema(s)])) };
}

const refuse = (path: string): never => {
  throw new HostedEngineError('invalid_response', `the schema answer has the wrong kind of value at ${path || '(root)'}`);
};

/**
 * The answer in the caller's shape, as the local filler returns it: every
 * key present (null, false or "unselected" when not found), arrays of the
 * item shape. A value of the wrong kind is out of schema.
 */
function conform(shape: ExtractShape, value: unknown, path: string, found: Set<string>): unknown {
  const missing = value === undefined || value === null;
  if (shape === null) {
    if (missing || value === '') return null;
    if (typeof value === 'number' || typeof value === 'boolean') return (found.add(path), String(value));
    if (typeof value !== 'string') return refuse(path);
    return (found.add(path), value);
  }
  if (shape === false) {
    if (missing) return false;
    if (typeof value !== 'boolean') return refuse(path);
    return (found.add(path), value);
  }
  if (shape === 'unselected') {
    if (missing) return 'unselected';
    if (value !== 'selected' && value !== 'unselected') return refuse(path);
    return (found.add(path), value);
  }
  if (Array.isArray(shape)) {
    if (missing) return [];
    if (!Array.isArray(value)) return refuse(path);
    return value.map((v, i) => conform(shape[0] ?? null, v, `${path}[${i}]`, found));
  }
  if (!missing && (typeof value !== 'object' || Array.isArray(value))) return refuse(path);
  const object = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, conform(s, object[k], path ? `${path}.${k}` : k, found)]));
}

const SchemaAnswer = z.object({ data: z.record(z.string(), z.unknown()), confidence: z.record(z.string(), z.number().min(0).max(1)).default({}) });

async function fillSchema(model: LanguageModel, schema: Record<string, ExtractShape>, pages: readonly DocumentPage[], signal?: AbortSignal): Promise<FilledSchema> {
  const lines = linesOf(pages);
  const { text, truncated } = numberedText(lines.map((l) => ({ page: l.pageIndex + 1, text: l.text })));
  const answer = await callTool(
    model,
    {
      system: SYSTEM,
      prompt: [
        'Fill the schema from this document. Keys name what to find (in any language or wording on the document).',
        'Text values as printed; yes/no values true or false; checkboxes "selected" or "unselected"; lists one entry per item (table row).',
        'In `confidence`, give each filled value\'s dotted path (a.b, items[0].name) and the probability it is right.',
        `Document${truncated ? ' (its end is cut off)' : ''}:\n${fenceDocument(text)}`,
      ].join('\n'),
      tool: {
        name: SCHEMA_TOOL,
        description: "Records the values of the caller's schema.",
        inputSchema: {
          type: 'object',
          properties: { data: shapeSchema(schema), confidence: { type: 'object', additionalProperties: { type: 'number', minimum: 0, maximum: 1 } } },
          required: ['data', 'confidence'],
        },
      },
      maxOutputTokens: 4_000,
      signal,
    },
    SchemaAnswer,
  );
  const found = new Set<string>();
  const result = conform(schema, answer.data, '', found);
  // Confidence for the paths that hold a value, like the local filler's (paths without a match are absent).
  const confidence: Record<string, number> = {};
  for (const path of found) confidence[path] = Math.round((answer.confidence[path] ?? 0.5) * 100) / 100;
  return { result, confidence };
}

/** The `model_used` name of a hosted model. */
export function hostedModelName(model: LanguageModel): string {
  return `bedrock/${model.modelId}`;
}

/** An `Extractor` that asks the language model (the operation puts the local extractor behind it). */
export function languageModelExtractor(model: LanguageModel): Extractor {
  return {
    model: hostedModelName(model),
    financial: (pages, signal) => financial(model, pages, signal),
    fillSchema: (schema, pages, signal) => fillSchema(model, schema, pages, signal),
  };
}
