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
    message: issue.code === 'unrecognized_keys' ? unknownKeysMessage(issue.keys, knownKeysAt(schema, issue.path)) : issue.message,
  }));
  const summary = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');
  throw new ApiError(code, `Invalid ${what}: ${summary}`, { details: { issues } });
}

/** `unknown key "mood" (did you mean "mode"?)`: a typo is the usual reason for an unknown key. */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  const named = keys.map((key) => {
    const guess = closest(key, known);
    return guess ? `"${key}" (did you mean "${guess}"?)` : `"${key}"`;
  });
  return `unknown key${keys.length > 1 ? 's' : ''} ${named.join(', ')}`;
}

type Def = { shape?: Record<string, z.ZodType>; innerType?: z.ZodType; out?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; getter?: () => z.ZodType };

/** The keys the object schema at `path` accepts (through optional, default, pipe, lazy, array and record wrappers). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: z.ZodType | undefined = schema;
  const rest = [...path];
  for (let guard = 0; node && guard < 100; guard++) {
    const def: Def = (node as unknown as { _zod: { def: Def } })._zod.def;
    if (def.innerType) node = def.innerType;
    else if (def.out) node = def.out;
    else if (def.getter) node = def.getter();
    else if (rest.length === 0) return def.shape ? Object.keys(def.shape) : [];
    else if (def.shape) node = def.shape[String(rest.shift())];
    else if (def.element || def.valueType) {
      rest.shift();
      node = def.element ?? def.valueType;
    } else return [];
  }
  return [];
}

/** The known key nearest to `key` by edits (2, or a third of a long key's length, at most 3), if any. */
function closest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= Math.min(3, Math.max(2, Math.floor(key.length / 3))) && distance < key.length && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

/** Edits between two keys, a swap of neighbours counting as one ("mdoe" → "mode"). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
