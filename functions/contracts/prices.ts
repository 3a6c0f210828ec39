/**
 * Per-page prices, in micro-dollars (1 USD = 1,000,000) so amounts add up
 * exactly. Advanced (layout-aware) modes cost twice the fast price.
 *
 * @module
 */

export type Operation = 'parse' | 'extract' | 'classify' | 'split' | 'redact';
export const OPERATIONS: readonly Operation[] = ['parse', 'extract', 'classify', 'split', 'redact'];

export type PriceMode = 'fast' | 'advanced';

export const MICRO_USD = 1_000_000;

export const PRICES_MICRO_USD: Readonly<Record<Operation, Readonly<Record<PriceMode, number>>>> = {
  parse: { fast: 40_000, advanced: 80_000 },
  extract: { fast: 50_000, advanced: 100_000 },
  classify: { fast: 30_000, advanced: 30_000 },
  split: { fast: 30_000, advanced: 30_000 },
  redact: { fast: 50_000, advanced: 50_000 },
};

/** Batch items are billed at half the synchronous price, on success only. */
export const BATCH_DISCOUNT = 0.5;

export function unitPriceMicroUsd(operation: Operation, mode: PriceMode, batch = false): number {
  const base = PRICES_MICRO_USD[operation][mode];
  return batch ? Math.round(base * BATCH_DISCOUNT) : base;
}

export function formatUsd(microUsd: number): string {
  return (microUsd / MICRO_USD).toFixed(4);
}
