/**
 * JSON rendered as indented `key: value` lines (YAML-like), the form an LLM
 * or an extraction step reads most easily:
 *
 * ```
 * invoice:
 *   number: 2026-001
 *   lines:
 *     - sku: A1
 *       qty: 2
 * ```
 *
 * Strings print bare (quoted as JSON when empty, multi-line or padded),
 * numbers, booleans and null as written; arrays of scalars up to 80
 * characters print inline (`tags: [a, b]`). Each top-level member of an
 * object is a block; a top-level array is one block. Nesting is checked before `JSON.parse` runs, so a deeply
 * nested document is refused cheaply instead of overflowing the stack.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import type { FlowItem } from './virtual-page.ts';

export const MAX_JSON_DEPTH = 64;
const INDENT = '  ';
/** Arrays of scalars up to this many characters print inline. */
const INLINE_ARRAY_MAX = 80;

/** Deepest nesting of arrays and objects outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

const scalar = (value: unknown): string => {
  if (typeof value === 'string') {
    return value === '' || /[\r\n]/.test(value) || value.trim() !== value ? JSON.stringify(value) : value;
  }
  return String(value);
};

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;
const isEmpty = (v: object) => (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);

/** Lines of one value under `prefix` (e.g. `key:` or `-`), at `level`. */
function render(value: unknown, level: number, prefix: string, out: string[]): void {
  const pad = INDENT.repeat(level);
  if (!isContainer(value) || isEmpty(value)) {
    const shown = isContainer(value) ? (Array.isArray(value) ? '[]' : '{}') : scalar(value);
    out.push(`${pad}${prefix}${prefix ? ' ' : ''}${shown}`);
    return;
  }
  // A short array of scalars stays on one line: `tags: [a, b]`.
  if (Array.isArray(value) && value.every((v) => !isContainer(v))) {
    const inline = `[${value.map(scalar).join(', ')}]`;
    if (inline.length <= INLINE_ARRAY_MAX) {
      out.push(`${pad}${prefix}${prefix ? ' ' : ''}${inline}`);
      return;
    }
  }
  if (prefix) out.push(`${pad}${prefix}`);
  const inner = prefix ? level + 1 : level;
  if (Array.isArray(value)) {
    for (const item of value) renderItem(item, inner, out);
  } else {
    for (const [key, item] of Object.entries(value)) render(item, inner, `${key}:`, out);
  }
}

/** An array item: `- scalar`, or `- ` followed by the first member of an object on the same line. */
function renderItem(item: unknown, level: number, out: string[]): void {
  if (isContainer(item) && !isEmpty(item) && !Array.isArray(item)) {
    const lines: string[] = [];
    for (const [key, v] of Object.entries(item)) render(v, level + 1, `${key}:`, lines);
    const pad = INDENT.repeat(level + 1);
    lines[0] = `${INDENT.repeat(level)}- ${lines[0].slice(pad.length)}`;
    out.push(...lines);
  } else render(item, level, '-', out);
}

/** @throws DocumentLoadError `document_corrupt` (not JSON, or nested deeper than {@link MAX_JSON_DEPTH}). */
export function* jsonFlow(text: string): Generator<FlowItem> {
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new DocumentLoadError('document_corrupt', `The JSON nests deeper than ${MAX_JSON_DEPTH} levels; refused.`, {
      details: { max_depth: MAX_JSON_DEPTH },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message.slice(0, 200)})` : '';
    throw new DocumentLoadError('document_corrupt', `The file is not valid JSON${detail}.`, { cause: error });
  }
  // Each top-level member or item is a block.
  if (isContainer(value) && !isEmpty(value)) {
    if (Array.isArray(value)) {
      // One block: a blank line between thousands of records would double the pages.
      const lines: string[] = [];
      for (const item of value) renderItem(item, 0, lines);
      yield { type: 'paragraph', text: lines.join('\n') };
    } else {
      for (const [key, item] of Object.entries(value)) {
        const lines: string[] = [];
        render(item, 0, `${key}:`, lines);
        yield { type: 'paragraph', text: lines.join('\n') };
      }
    }
  } else {
    const lines: string[] = [];
    render(value, 0, '', lines);
    yield { type: 'paragraph', text: lines.join('\n') };
  }
}
