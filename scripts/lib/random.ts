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
