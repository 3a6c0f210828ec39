/**
 * Set overlap (Jaccard): how much two pages' word sets share, the measure
 * the splitter's rules and its learned pair features both use.
 *
 * @module
 */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}
