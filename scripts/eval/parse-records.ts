/**
 * What the parse evaluation records per file and per source: opening and
 * extracting a document in process under a time limit, text scores (CER,
 * WER, bag-of-words F1), pooled metrics, and the per-source summary.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { PageTextService } from '../../functions/contracts/hosted-models.ts';
import type { ParsedDocument } from '../../functions/engines/document-model.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { pct } from '../lib/cli.ts';
import { mean, round } from '../lib/stats.ts';
import { bagOfWords, textScores } from '../lib/text-metrics.ts';

/** The run's hosted page reader, for every document the run opens. */
let hostedPageText: PageTextService | undefined;

/** Sets the hosted page reader of the documents opened from now on (undefined: the local OCR). */
export function setHostedPageText(pageText: PageTextService | undefined): void {
  hostedPageText = pageText;
}

export interface FileError {
  readonly code: string;
  readonly message: string;
}

export interface FileRecord {
  readonly file: string;
  readonly pages: number;
  readonly seconds: number;
  readonly engines?: readonly string[];
  readonly error?: FileError;
  readonly scores?: Record<string, number | null>;
  readonly fields?: Record<string, boolean>;
}

export interface SourceSummary {
  readonly source: string;
  readonly files: number;
  readonly ok: number;
  readonly errors: number;
  readonly error_codes: Record<string, number>;
  readonly pages: number;
  readonly seconds: number;
  readonly pages_per_second: number | null;
  readonly metrics: Record<string, number | null>;
  readonly notes: string[];
  readonly records: FileRecord[];
}

/** Evenly spaced sample of `limit` items (all when there are fewer); deterministic. */
export function sample<T>(items: readonly T[], limit: number): T[] {
  if (limit <= 0 || items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]);
}

export function errorOf(error: unknown): FileError {
  const e = error as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'error';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return { code, message: message.length > 300 ? `${message.slice(0, 300)}…` : message };
}

class TimeoutError extends Error {
  readonly code = 'timeout';
}

/** Opens and extracts a document in process; times the whole (open + extract + close). */
export async function parseFile(
  path: string,
  timeoutMs: number,
): Promise<{ parsed?: ParsedDocument; seconds: number; error?: FileError }> {
  return parseBytes(new Uint8Array(await readFile(path)), basename(path), timeoutMs);
}

/** {@link parseFile} for generated documents. */
export async function parseBytes(
  bytes: Uint8Array,
  filename: string,
  timeoutMs: number,
): Promise<{ parsed?: ParsedDocument; seconds: number; error?: FileError }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const work = (async () => {
    const opened = await openDocument(bytes, { filename }, hostedPageText ? { pageText: hostedPageText } : {});
    try {
      return await opened.extract();
    } finally {
      await opened.close();
    }
  })();
  try {
    const parsed = await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`No result after ${timeoutMs / 1000} s.`)), timeoutMs);
      }),
    ]);
    return { parsed, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    work.catch(() => undefined);
    return { seconds: (performance.now() - started) / 1000, error: errorOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

const bowF1 = (reference: string, hypothesis: string, caseInsensitive = false): number => {
  const { precision, recall } = bagOfWords(reference, hypothesis, { caseInsensitive });
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
};

export function textRecord(reference: string, hypothesis: string): Record<string, number> {
  const s = textScores(reference, hypothesis);
  const bow = bagOfWords(reference, hypothesis);
  return {
    cer: s.cer,
    wer: s.wer,
    cer_ci: s.cer_ci,
    wer_ci: s.wer_ci,
    bow_f1: bowF1(reference, hypothesis),
    bow_f1_ci: bowF1(reference, hypothesis, true),
    bow_recall: bow.recall,
    bow_precision: bow.precision,
    ref_chars: s.ref_chars,
    ref_words: s.ref_words,
    cer_errors: s.cer * s.ref_chars,
    wer_errors: s.wer * s.ref_words,
    cer_ci_errors: s.cer_ci * s.ref_chars,
    wer_ci_errors: s.wer_ci * s.ref_words,
  };
}

/** Micro (pooled) CER/WER and macro means over the scored records. */
export function textMetrics(records: readonly FileRecord[]): Record<string, number | null> {
  const scored = records.filter((r) => r.scores && typeof r.scores.cer === 'number');
  const sum = (k: string) => scored.reduce((s, r) => s + (r.scores![k] ?? 0), 0);
  const chars = sum('ref_chars');
  const words = sum('ref_words');
  const avg = (k: string) => mean(scored.map((r) => r.scores![k]!).filter((v) => typeof v === 'number'));
  return {
    cer: chars > 0 ? sum('cer_errors') / chars : null,
    wer: words > 0 ? sum('wer_errors') / words : null,
    cer_ci: chars > 0 ? sum('cer_ci_errors') / chars : null,
    wer_ci: words > 0 ? sum('wer_ci_errors') / words : null,
    cer_mean: avg('cer'),
    wer_mean: avg('wer'),
    cer_ci_mean: avg('cer_ci'),
    wer_ci_mean: avg('wer_ci'),
    bow_f1_mean: avg('bow_f1'),
    bow_f1_ci_mean: avg('bow_f1_ci'),
  };
}

export function summarise(source: string, records: FileRecord[], metrics: Record<string, number | null>, notes: string[] = []): SourceSummary {
  const ok = records.filter((r) => !r.error);
  const errorCodes: Record<string, number> = {};
  for (const r of records) if (r.error) errorCodes[r.error.code] = (errorCodes[r.error.code] ?? 0) + 1;
  const pages = ok.reduce((s, r) => s + r.pages, 0);
  const seconds = ok.reduce((s, r) => s + r.seconds, 0);
  return {
    source,
    files: records.length,
    ok: ok.length,
    errors: records.length - ok.length,
    error_codes: errorCodes,
    pages,
    seconds: round(seconds, 2) ?? 0,
    pages_per_second: seconds > 0 ? round(pages / seconds, 2) : null,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, round(v, 4)])),
    notes,
    records: records.map((r) => ({
      ...r,
      seconds: round(r.seconds, 3) ?? 0,
      ...(r.scores ? { scores: Object.fromEntries(Object.entries(r.scores).map(([k, v]) => [k, round(v, 4)])) } : {}),
    })),
  };
}

export const pageText = (parsed: ParsedDocument, index = 0) => parsed.pages[index]?.text ?? '';
export const fullText = (parsed: ParsedDocument) => parsed.pages.map((p) => p.text).join('\n\n');

export function logRecord(log: (line: string) => void, source: string, r: FileRecord): void {
  const detail = r.error
    ? `ERROR ${r.error.code}: ${r.error.message.slice(0, 120)}`
    : r.scores?.cer !== undefined
      ? `CER ${pct(r.scores.cer)} (ci ${pct(r.scores.cer_ci)}) WER ${pct(r.scores.wer)} BoW-F1 ${pct(r.scores.bow_f1)}${r.scores.box_match !== undefined ? ` box ${pct(r.scores.box_match)}` : ''}`
      : r.fields
        ? `fields ${Object.values(r.fields).filter(Boolean).length}/${Object.keys(r.fields).length}`
        : '';
  log(`  ${source} ${r.file} ${r.pages}p ${r.seconds.toFixed(2)}s ${detail}`);
}
