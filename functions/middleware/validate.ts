import type { z } from 'zod';
import { ApiError, type ErrorCode } from '../contracts/errors.ts';

/** Validates input against a zod schema; failures become a 400 listing every problem. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
  code: ErrorCode = 'invalid_request',
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message: issue.code === 'unrecognized_keys' ? `unknown ${what} field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const summary = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  throw new ApiError(code, `Invalid ${what}: ${summary}`, { details: { issues } });
}
