/**
 * Construct ids and output names derived from contract identifiers, so a
 * new table or route gets a predictable logical id without a lookup table.
 *
 * @module
 */

/**
 * `documents` → `Documents`, `rate-limits` → `RateLimits`.
 *
 * @example
 * pascalCase('upload'); // 'Upload'
 */
export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
