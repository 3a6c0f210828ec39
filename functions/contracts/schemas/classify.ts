import { z } from 'zod';
import { JSON_FIELD_LIMITS } from '../limits.ts';
import { booleanFlag, documentKey, jsonTextField, ocrLanguages } from './common.ts';

/** The built-in class labels (`active_classes_type=default`); descriptions live with the classifier engine. */
export const DEFAULT_CLASSES = [
  'invoice',
  'receipt',
  'purchase_order',
  'quote',
  'credit_note',
  'bank_statement',
  'pay_stub',
  'tax_form',
  'utility_bill',
  'contract',
  'letter',
  'memo',
  'email',
  'resume',
  'identity_document',
  'insurance_claim',
  'medical_record',
  'form',
  'report',
  'scientific_article',
  'shipping_document',
  'bank_check',
  'business_card',
  'envelope',
  'presentation',
  'spreadsheet',
  'court_filing',
  'health_insurance_card',
  'vehicle_registration',
  'certificate',
  'mortgage_document',
  'news_article',
  'handwritten',
] as const;

/** `active_classes_type=minimal`: the types most mail rooms sort first. */
export const MINIMAL_CLASSES = ['invoice', 'receipt', 'bank_statement', 'contract', 'letter', 'form', 'identity_document'] as const;

/** A label callers may use: lower-case words joined by `_` (letters of any script, digits). */
const label = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}_ -]*$/u, 'a label: letters, digits, _, - and spaces');

/**
 * Count caps on caller-defined classes: each class is scored against every
 * page, so the count bounds the work a request can ask for.
 */
export const CLASS_LIMITS = {
  /** Entries of `custom_llm_classes` (classify) and of `segment_classes` (split). */
  maxCustomClasses: 50,
  /** Labels with neighbours in `confusion_neighbors`. */
  maxNeighborLabels: 50,
  /** Neighbours listed for one label. */
  maxNeighborsPerLabel: 20,
} as const;

/** A record of at most `max` entries, refused with a message that names the cap. */
const capped = <T extends z.ZodType>(record: T, max: number, what: string) =>
  record.refine((value) => Object.keys(value as object).length <= max, { message: `at most ${max} ${what}` });

/** Query of POST /v1/classify and /v1/split: the router selector has one value. */
export const RouterQuery = z.strictObject({
  // Callers reach for ?mode=thorough: the depth is an option, so the error says where it goes.
  mode: z
    .enum(['default'], { error: 'the query mode has one value, "default"; the depth (fast, balanced, thorough) goes in the options form field: options={"mode":"thorough"}' })
    .default('default'),
  force_refresh: booleanFlag.default(false),
  languages: ocrLanguages.optional(),
});
export type RouterQuery = z.output<typeof RouterQuery>;

const classDescription = z.string().trim().min(1, 'describe the class in words').max(2000);

/**
 * A custom class: its description, as a string or as `{description}` (the
 * SPEC leaves the entry's shape open and split's `segment_classes` entries are
 * objects, so callers write both); either way the engines get the string.
 */
const customClass = z.union([classDescription, z.strictObject({ description: classDescription }).transform((c) => c.description)]);

/** The `options` JSON object of POST /v1/classify (SPEC table). */
export const ClassifyOptions = z.strictObject({
  mode: z.enum(['fast', 'balanced', 'thorough']).default('balanced'),
  active_classes: z.array(label).min(1).max(100).optional(),
  active_classes_type: z.enum(['default', 'minimal']).default('default'),
  custom_llm_classes: capped(z.record(label, customClass), CLASS_LIMITS.maxCustomClasses, 'custom classes').optional(),
  system_instruction: z.string().max(4000).optional(),
  domain_options: z.string().max(500).optional(),
  non_domain_label: label.optional(),
  non_domain_exit_label: label.optional(),
  confusion_neighbors: capped(z.record(label, z.array(label).min(1).max(CLASS_LIMITS.maxNeighborsPerLabel)), CLASS_LIMITS.maxNeighborLabels, 'labels with neighbours').optional(),
  start_token_budget: z.int().min(256).max(8192).default(3200),
  end_token_budget: z.int().min(256).max(8192).default(1600),
  max_start_pages: z.int().min(1).max(20).default(4),
  max_end_pages: z.int().min(0).max(10).default(2),
}).superRefine((o, ctx) => {
  // Labels must name a class: built-in or one of custom_llm_classes.
  const known = new Set<string>([...DEFAULT_CLASSES, ...Object.keys(o.custom_llm_classes ?? {})]);
  const check = (labels: readonly string[], path: (string | number)[]) => {
    for (const l of labels) if (!known.has(l)) ctx.addIssue({ code: 'custom', path, message: `unknown class label '${l}' (built-in: ${DEFAULT_CLASSES.join(', ')}; or define it in custom_llm_classes)` });
  };
  check(o.active_classes ?? [], ['active_classes']);
  for (const [label, neighbors] of Object.entries(o.confusion_neighbors ?? {})) check([label, ...neighbors], ['confusion_neighbors', label]);
});
export type ClassifyOptions = z.output<typeof ClassifyOptions>;

/** The `options` JSON object of POST /v1/split (SPEC table). */
export const SplitOptions = z.strictObject({
  use_thinking: z.boolean().default(true),
  segment_classes: capped(
    z.record(label, z.strictObject({ description: z.string().trim().min(1).max(2000), standalone: z.boolean().default(false) })),
    CLASS_LIMITS.maxCustomClasses,
    'segment classes',
  ).optional(),
  extend_segment_classes: z.boolean().default(false),
  custom_domain_guidelines: z
    .strictObject({
      domain_name: z.string().trim().min(1, 'domain_name is required').max(200),
      identifier_patterns: z.string().max(2000).optional(),
      binding_patterns: z.string().max(2000).optional(),
      heuristics: z.string().max(4000).optional(),
      examples: z.string().max(4000).optional(),
    })
    .optional(),
});
export type SplitOptions = z.output<typeof SplitOptions>;

/** A form field holding a JSON object as a string; invalid JSON, non-objects, oversized and over-nested values are 400s. */
function jsonObjectField<S extends z.ZodType<unknown, object>>(schema: S, name: string) {
  return jsonTextField(name, JSON_FIELD_LIMITS.optionsMaxDepth, { objectOnly: true }).pipe(schema);
}

export const ClassifyForm = z.object({
  document_key: documentKey,
  options: jsonObjectField(ClassifyOptions, 'options').optional(),
});
export type ClassifyForm = z.output<typeof ClassifyForm>;

export const SplitForm = z.object({
  document_key: documentKey,
  options: jsonObjectField(SplitOptions, 'options').optional(),
});
export type SplitForm = z.output<typeof SplitForm>;
