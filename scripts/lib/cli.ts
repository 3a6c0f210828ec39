/**
 * Small command-line helpers shared by the eval and bench scripts: option
 * parsing (`--name value`, `--name=value`, `--flag`), result files and a
 * plain-text table.
 *
 * @module
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface ParsedArgs {
  /** Words that are not options, in order. */
  readonly positional: string[];
  readonly options: Record<string, string | true>;
}

/**
 * @example
 * parseArgs(['parse', '--limit', '10', '--quick']) // { positional: ['parse'], options: { limit: '10', quick: true } }
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) options[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) options[arg.slice(2)] = argv[++i];
    else options[arg.slice(2)] = true;
  }
  return { positional, options };
}

/** A positive integer option, or `fallback`; throws a usage error for anything else. */
export function intOption(options: ParsedArgs['options'], name: string, fallback: number): number {
  const value = options[name];
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number ≥ 0, got ${String(value)}.`);
  return n;
}

export class UsageError extends Error {}

/** `2026-11-22T22-30-05Z`: sortable and safe in file names. */
export const fileTimestamp = (date = new Date()): string => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

/**
 * Writes `<dir>/<name>-<timestamp>.json` and `<dir>/<name>-latest.json`;
 * returns the timestamped path.
 */
export async function writeResults(dir: string, name: string, data: unknown): Promise<string> {
  const out = resolve(dir);
  await mkdir(out, { recursive: true });
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const path = join(out, `${name}-${fileTimestamp()}.json`);
  await writeFile(path, json);
  await writeFile(join(out, `${name}-latest.json`), json);
  return path;
}

/** A left-aligned first column, right-aligned others, for console summaries. */
export function formatTable(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cells = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '–' : String(c))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** 0.1234 → '12.3%'; null → '–'. */
export const pct = (v: number | null | undefined, digits = 1): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : `${(v * 100).toFixed(digits)}%`;
