import { z } from 'zod';

/** `true`/`false` query and header flags, case-insensitive; anything else is a 400. */
export const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'true' || v === 'false', { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true')
  .meta({ enum: ['true', 'false'], description: "'true' or 'false' (any case)" });

export const documentKey = z.uuid({ message: 'document_key must be the UUID returned by /v1/documents/upload' });
