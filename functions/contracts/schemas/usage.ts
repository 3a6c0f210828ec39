import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /v1/usage query. `from`/`to` are UTC dates (YYYY-MM-DD, both days
 * included) or ISO 8601 timestamps (`from` included, `to` excluded).
 * Defaults: the current UTC month up to now.
 */
export const UsageQuery = z.strictObject({
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
  format: z.enum(['json', 'csv']).optional(),
});

export function parseBoundary(value: string, edge: 'from' | 'to'): Date | undefined {
  if (DATE.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
    return edge === 'from' ? day : new Date(day.getTime() + 24 * 3600 * 1000);
  }
  const ts = new Date(value);
  return Number.isNaN(ts.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : ts;
}
