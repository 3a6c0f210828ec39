/**
 * Small summary statistics for benchmark and evaluation results.
 *
 * @module
 */

/** Arithmetic mean; `null` for no values. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * Percentile by linear interpolation between closest ranks (the definition
 * of numpy's default and of Excel's PERCENTILE.INC); `null` for no values.
 *
 * @example
 * percentile([1, 2, 3, 4], 50) // 2.5
 * percentile([10, 20, 30, 40, 50], 95) // 48
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`Percentile ${p} is outside 0–100.`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export const median = (values: readonly number[]): number | null => percentile(values, 50);

/** Rounds for display and JSON (null passes through). */
export function round(value: number | null, digits = 1): number | null {
  if (value === null || !Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
