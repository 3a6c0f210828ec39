import { z } from 'zod';
import { JSON_FIELD_LIMITS } from '../limits.ts';
import { booleanFlag, documentKey, jsonTextField, ocrLanguages } from './common.ts';

/** Query parameters of POST /v1/redact (SPEC "POST /v1/redact"). Unknown parameters are rejected. */
export const RedactQuery = z.strictObject({
  mode: z.enum(['redact', 'deidentify']).default('redact'),
  include_logos: booleanFlag.default(false),
  // 'pdf' goes beyond the spec's urls/inline: one redacted PDF (page images plus an invisible text layer) behind a short-lived link.
  output: z.enum(['urls', 'pdf']).optional(),
  force_refresh: booleanFlag.default(false),
  languages: ocrLanguages.optional(),
});
export type RedactQuery = z.output<typeof RedactQuery>;

/** A PII type: a name that labels it, a description that guides detection (examples, formats, cue words). */
export const PiiTypeDefinition = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}_ -]+$/u, 'letters, digits, spaces, _ and - only'),
  description: z.string().trim().min(1, 'describe the type: examples, formats, cue words').max(2000),
  has_synthetic_replacement: z.boolean().default(true),
});

/** The `pii_config` form field once parsed from its JSON string. */
export const PiiConfig = z
  .strictObject({
    mode: z.enum(['extend', 'replace']).default('extend'),
    types: z.array(PiiTypeDefinition).max(50).default([]),
  })
  .refine((c) => c.mode !== 'replace' || c.types.length > 0, { message: "mode 'replace' needs at least one type", path: ['types'] });
export type PiiConfig = z.output<typeof PiiConfig>;

/** `pii_config` arrives as a string holding JSON; invalid JSON is a 400 of its own. */
export const piiConfigField = jsonTextField('pii_config', JSON_FIELD_LIMITS.optionsMaxDepth, {
  notJson: 'pii_config must be a JSON object sent as a string; it is not valid JSON',
})
  .pipe(PiiConfig)
  .meta({ description: 'JSON string: {"mode":"extend"|"replace","types":[{"name","description","has_synthetic_replacement"}]}' });

/** Form fields of POST /v1/redact. */
export const RedactForm = z.object({
  document_key: documentKey,
  pii_config: piiConfigField.optional(),
});
export type RedactForm = z.output<typeof RedactForm>;
