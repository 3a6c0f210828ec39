/**
 * Order-preserving map with at most `limit` calls in flight: pages are OCR'd
 * in parallel across the worker pool, results come back in page order.
 *
 * @example
 * const pages = await mapConcurrent([1, 2, 3], 2, readPage);
 */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane);
  // Wait for every lane to settle so no page keeps running after a failure is reported.
  const settled = await Promise.allSettled(lanes);
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
