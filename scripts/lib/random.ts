/**
 * One seeded generator for every script that samples (training folds,
 * synthetic documents, look-alike images, generated packets), so each run
 * repeats exactly.
 *
 * @module
 */
export type Random = () => number;

/** Mulberry32: small, fast, and good enough for sampling and shuffling. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One item of `items`, chosen by `random`. */
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** A seeded choice of `n` names (Fisher–Yates on a copy), sorted: the same names for the same seed in every script. */
export function seededSample(names: readonly string[], n: number, seed: number): string[] {
  const random = seeded(seed);
  const copy = [...names];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, Math.min(n, copy.length)).sort();
}
