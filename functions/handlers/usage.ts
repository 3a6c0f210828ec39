/**
 * GET /v1/usage: the organization's billable rows and totals for a date
 * range, as JSON, or as CSV with `Accept: text/csv` (or `format=csv`).
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { formatUsd, type Operation } from '../contracts/prices.ts';
import { parseBoundary, UsageQuery } from '../contracts/schemas/usage.ts';
import { endpoint } from '../middleware/endpoint.ts';
import { json } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import type { UsageRow } from '../ports/requests.ts';
import { defaultDeps, type DepsProvider } from '../runtime/deps.ts';

const MAX_RANGE_DAYS = 366;
const CSV_COLUMNS = ['created_at', 'request_id', 'key_id', 'operation', 'mode', 'pages', 'unit_price_usd', 'amount_usd', 'batch'];

function publicRow(r: UsageRow) {
  return {
    created_at: r.createdAt,
    request_id: r.requestId,
    key_id: r.keyId,
    operation: r.operation,
    mode: r.mode,
    pages: r.pages,
    unit_price_usd: formatUsd(r.unitPriceMicroUsd),
    amount_usd: formatUsd(r.amountMicroUsd),
    batch: r.batch,
  };
}

function csvCell(value: unknown): string {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
  endpoint({ getDeps }, async ({ query: raw, principal, deps, headers }) => {
    const query = validate(UsageQuery, raw, 'query parameter', 'invalid_option');
    const now = deps.clock.now();
    const from = query.from ? parseBoundary(query.from, 'from') : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = query.to ? parseBoundary(query.to, 'to') : now;
    if (!from || !to) throw new ApiError('invalid_option', 'from and to must be dates (YYYY-MM-DD) or ISO 8601 timestamps.');
    if (to <= from) throw new ApiError('invalid_option', '`to` must be after `from`.');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 24 * 3600 * 1000) {
      throw new ApiError('invalid_option', `The range may span at most ${MAX_RANGE_DAYS} days.`);
    }

    const rows = await deps.ledger.list(principal.orgId, from, to);
    const wantsCsv = query.format === 'csv' || (!query.format && (headers.accept ?? '').toLowerCase().includes('text/csv'));
    if (wantsCsv) {
      const lines = [CSV_COLUMNS.join(','), ...rows.map((r) => {
        const p = publicRow(r) as Record<string, unknown>;
        return CSV_COLUMNS.map((c) => csvCell(p[c])).join(',');
      })];
      return {
        statusCode: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="usage-${principal.orgId}-${from.toISOString().slice(0, 10)}.csv"`,
        },
        body: lines.join('\r\n') + '\r\n',
      };
    }
    const byOperation: Record<string, { requests: number; pages: number; amount_usd: string }> = {};
    const sums = new Map<Operation, { requests: number; pages: number; micro: number }>();
    let totalMicro = 0;
    let totalPages = 0;
    for (const r of rows) {
      const s = sums.get(r.operation) ?? { requests: 0, pages: 0, micro: 0 };
      s.requests += 1;
      s.pages += r.pages;
      s.micro += r.amountMicroUsd;
      sums.set(r.operation, s);
      totalMicro += r.amountMicroUsd;
      totalPages += r.pages;
    }
    for (const [op, s] of sums) byOperation[op] = { requests: s.requests, pages: s.pages, amount_usd: formatUsd(s.micro) };
    return json(200, {
      org_id: principal.orgId,
      from: from.toISOString(),
      to: to.toISOString(),
      currency: 'USD',
      rows: rows.map(publicRow),
      totals: { requests: rows.length, pages: totalPages, amount_usd: formatUsd(totalMicro), by_operation: byOperation },
    });
  });

export const handler = createHandler();
