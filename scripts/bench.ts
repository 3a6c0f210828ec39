/**
 * `npm run bench -- <operation> [options]`: end-to-end latency of the path a
 * user hits (HTTP → local API Gateway → handler → DynamoDB/S3 emulators),
 * against a fresh local server started as a child process (`bin/dev.ts`, the
 * same as `npm start`) in a temporary data dir. Prints a summary and writes
 * bench-results/<operation>-<timestamp>.json and <operation>-latest.json.
 *
 * Operations: parse. See docs/eval-bench.md.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYNC_OCR_MAX_PAGES } from '../functions/contracts/limits.ts';
import { ENGINE_NODE_FLAGS } from '../functions/contracts/env.ts';
import { formatTable, intOption, parseArgs, UsageError, writeResults } from './lib/cli.ts';
import { describeMachine, machineInfo, mib } from './lib/machine.ts';
import { nativePdfText, pdftotextVersion, type NativePdfText } from './lib/native-pdftotext.ts';
import { median, percentile, round } from './lib/stats.ts';
import { textScores } from './lib/text-metrics.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run bench -- <operation> [options]

operations:
  extract   POST /v1/extract: a 1-page text-layer invoice with 20 line items (target ≤ 300 ms)
  classify  POST /v1/classify: 1-page text PDF (target ≤ 100 ms) and a 200-page one read on its budgeted pages
  split     POST /v1/split: a 20-page text-PDF packet (target ≤ 500 ms), and the same packet
            scanned at 200 dpi against its parse (target ≤ 2× the OCR time; --skip-scans leaves it out)
  batch     POST /v1/batch: a 1,000-document batch of 1-page text PDFs (target: done within 2 minutes),
            and the p95 of synchronous 1-page parses while it runs vs idle (target ≤ 2×);
            --documents N (default 1000), --probe-iterations N (idle probes, default 30)
  redact    POST /v1/redact end to end on a 1-page text PDF with PII (inline, output=urls, deidentify),
            a 20-page output=pdf and the 36-page inline cap; --iterations N (default 15),
            --long-iterations N (20/36-page runs, default 3)
  ocr       the OCR engine in process on a dense 300-dpi A4 page and small photos, against Debian's
            tesseract (single thread) when installed; --iterations N (default 3), --workers N
            (OCR workers, default the cores: a dense page is read in bands on all of them)
  cold      the first parse a freshly started, warmed server answers (a small photo, a 1-page text
            PDF) against the same parse again (target ≤ 1 s); --rounds N server starts each (default 3)
  parse     POST /v1/parse end to end: 1- and 100-page text PDFs (fresh and cached),
            a 1-page 300-dpi scan (PNG and image-only PDF), a 10-page scan

options (parse):
  --iterations N        fresh runs of the 1-page text PDF (default 20; the 100-page PDF gets N/4, min 3)
  --cached N            cache-hit runs per text PDF (default 10)
  --scan-iterations N   fresh runs of each 1-page scan (default 3)
  --long-scan-iterations N  fresh runs of the 10-page scan (default 1)
  --skip-scans          text PDFs only
  --cases a,b           only these documents: text-pdf-1p, text-pdf-100p, scan-png-1p, scan-pdf-1p, scan-pdf-10p
  --async               send every scan with X-Async: true and poll the job
  --sizes 10,100,1000   page counts of the response-size cases (fast parse, dense A4 text;
                        each in a fresh server, so its peak RSS is that request's); default 10,100,1000
  --boxes-pages N       pages of the include_boxes=true size case (default 150; 0 skips it)
  --skip-sizes          no response-size cases
  --server-heap-mib N   start the server with --max-old-space-size=N (peak RSS then reflects what
                        requests need rather than V8's lazy collection)
  --out DIR             results folder (default bench-results)
`;

// ---------------------------------------------------------------------------
// The server under test: a child process, its memory read from /proc
// ---------------------------------------------------------------------------

interface ServerUnderTest {
  readonly url: string;
  readonly apiKey: string;
  readonly pid: number;
  readonly logPath: string;
  stop(): Promise<void>;
}

/** VmRSS and VmHWM (peak) of a process in bytes, from /proc (Linux); null elsewhere. */
function procMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss, peak } : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function procCpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name "(…)": state is field 3, utime 14, stime 15 (clock ticks, 100 per second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the server uses less than 10% of a core for a whole second
 * (work of an abandoned request can go on after its response), at most
 * `maxMs`; returns how long it waited.
 */
async function waitForIdle(pid: number, maxMs = 240_000): Promise<number> {
  const started = performance.now();
  let last = procCpuSeconds(pid);
  if (last === null) return 0;
  while (performance.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = procCpuSeconds(pid);
    if (now === null) break;
    if (now - last < 0.1) break;
    last = now;
  }
  return performance.now() - started;
}

/** V8 old-space cap of the server child (`--server-heap-mib`): peak RSS then shows what a request needs, not how lazily V8 collects. */
let serverHeapMib: number | undefined;

async function startServer(dataDir: string, options: { waitForOcr?: boolean } = {}): Promise<ServerUnderTest> {
  const logPath = join(dataDir, 'server.log');
  const log = createWriteStream(logPath);
  // One node process (tsx as a loader), so its pid is the server's.
  const heapCap = serverHeapMib ? [`--max-old-space-size=${serverHeapMib}`] : [];
  // The engine flags `npm start` and the Lambda functions run with, then extra ones (BENCH_SERVER_NODE_FLAGS, e.g. --cpu-prof;
  // BENCH_SERVER_NODE_FLAGS=none drops the engine flags, to measure what they do).
  const extra = process.env.BENCH_SERVER_NODE_FLAGS ?? '';
  const flags = [...(extra === 'none' ? [] : ENGINE_NODE_FLAGS), ...extra.split(/\s+/).filter((f) => f && f !== 'none')];
  const child: ChildProcess = spawn(process.execPath, [...heapCap, ...flags, '--import', 'tsx', join(ROOT, 'bin', 'dev.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DOCINTEL_DATA_DIR: dataDir,
      PORT: '0',
      POWERTOOLS_LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'WARN',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.pipe(log);
  let output = '';
  const ready = new Promise<{ url: string; apiKey: string }>((resolve, reject) => {
    // Warm-up (OCR workers, pdf.js, redact's models) takes minutes on a loaded 2-core box.
    const limitS = options.waitForOcr ? 300 : 60;
    const timer = setTimeout(() => reject(new Error(`The server did not start within ${limitS} s; see ${logPath}`)), limitS * 1000);
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const apiKey = /(hk_test_\S+)/.exec(output)?.[1];
      if (url && apiKey && (!options.waitForOcr || /OCR workers ready|OCR warm-up failed/.test(output))) {
        clearTimeout(timer);
        resolve({ url, apiKey });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before it was ready; see ${logPath}`));
    });
  });
  const { url, apiKey } = await ready;
  return {
    url,
    apiKey,
    pid: child.pid!,
    logPath,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}

// ---------------------------------------------------------------------------
// The client: the README's curl calls
// ---------------------------------------------------------------------------

interface Client {
  upload(filename: string, contentType: string, bytes: Uint8Array): Promise<string>;
  parse(documentKey: string, query: string, asyncMode: boolean): Promise<{ status: number; body: any; seconds: number; via: 'sync' | 'async' }>;
  /** POST one document to an inference route (`/v1/parse`, `/v1/split`, …), polling the job when sent with X-Async. */
  post(route: string, documentKey: string, query: string, asyncMode: boolean): Promise<{ status: number; body: any; seconds: number; via: 'sync' | 'async' }>;
  /** An authenticated GET (the fixed cost of any call: gateway, authentication, rate check). */
  get(path: string): Promise<{ status: number; seconds: number }>;
}

function client(url: string, apiKey: string): Client {
  const call = async (method: string, path: string, init: { headers?: Record<string, string>; body?: string | FormData } = {}) => {
    const res = await fetch(url + path, { method, headers: { 'X-API-Key': apiKey, ...(init.headers ?? {}) }, body: init.body });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as any };
  };
  const form = (documentKey: string) => {
    const fd = new FormData();
    fd.append('document_key', documentKey);
    return fd;
  };
  async function pollJob(jobId: string): Promise<{ status: number; body: any }> {
    for (;;) {
      const job = await call('GET', `/v1/jobs/${jobId}`);
      if (job.status !== 200) return job;
      if (job.body.status === 'succeeded') return { status: 200, body: job.body.response };
      if (job.body.status === 'failed') return { status: job.body.error?.http_status ?? 500, body: job.body.error };
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const post: Client['post'] = async (route, documentKey, query, asyncMode) => {
    const started = performance.now();
    const path = `${route}${query ? `?${query}` : ''}`;
    if (!asyncMode) {
      const res = await call('POST', path, { body: form(documentKey) });
      const refusedSync = res.status === 413 && JSON.stringify(res.body).includes('X-Async');
      if (!refusedSync) return { ...res, seconds: (performance.now() - started) / 1000, via: 'sync' };
    }
    const accepted = await call('POST', path, { headers: { 'X-Async': 'true' }, body: form(documentKey) });
    if (accepted.status !== 202 && accepted.status !== 200) return { ...accepted, seconds: (performance.now() - started) / 1000, via: 'async' };
    if (!accepted.body.job_id) return { ...accepted, seconds: (performance.now() - started) / 1000, via: 'async' };
    const done = await pollJob(accepted.body.job_id);
    return { ...done, seconds: (performance.now() - started) / 1000, via: 'async' };
  };
  return {
    async upload(filename, contentType, bytes) {
      const receipt = await call('POST', '/v1/documents/upload', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filename, content_type: contentType, content_length: bytes.byteLength }),
      });
      if (receipt.status !== 200) throw new Error(`upload receipt failed: ${receipt.status} ${JSON.stringify(receipt.body)}`);
      const put = await fetch(receipt.body.upload_url, {
        method: 'PUT',
        headers: receipt.body.upload_headers,
        body: bytes,
      });
      if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
      return receipt.body.document_key as string;
    },
    async get(path) {
      const started = performance.now();
      const res = await call('GET', path);
      return { status: res.status, seconds: (performance.now() - started) / 1000 };
    },
    parse: (documentKey, query, asyncMode) => post('/v1/parse', documentKey, query, asyncMode),
    post,
  };
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

interface BenchDocument {
  readonly name: string;
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly pages: number;
  readonly ocr: boolean;
  /** Page texts, for a CER check of OCR output. */
  readonly reference?: readonly string[];
}

interface CaseResult {
  readonly case: string;
  readonly document: string;
  readonly pages: number;
  readonly file_bytes: number;
  readonly cached: boolean;
  readonly iterations: number;
  readonly via: string[];
  readonly statuses: Record<string, number>;
  readonly cold_ms: number | null;
  readonly latencies_ms: number[];
  readonly median_ms: number | null;
  readonly p95_ms: number | null;
  readonly min_ms: number | null;
  readonly max_ms: number | null;
  readonly server_duration_median_ms: number | null;
  readonly server_rss_peak_mib: number | null;
  readonly cer?: number | null;
  readonly engines?: string;
  readonly target?: { description: string; limit_ms: number; measured_ms: number | null; pass: boolean | null };
  readonly error?: string;
  /** Set when a synchronous OCR call hit the integration timeout and the case was measured with X-Async instead. */
  readonly sync_failure?: string;
  /** `pdftotext` on the same file, run after each of our parses (same load): its median and our median over it. */
  readonly pdftotext?: {
    version: string;
    median_ms: number | null;
    ratio: number | null;
    target: { limit: number; pass: boolean | null };
    /** CPU (user + system) per run: the server's over each parse (its whole process) and pdftotext's; their medians' ratio. */
    cpu: { server_median_ms: number | null; pdftotext_median_ms: number | null; ratio: number | null };
  };
}

/** Issue 39: a dense 100-page text PDF parses end to end in at most this many times Debian's pdftotext on it. */
const PDFTOTEXT_RATIO_TARGET = 3;

async function buildDocuments(skipScans: boolean, log: (l: string) => void): Promise<BenchDocument[]> {
  const { makeA4TextPdf, makeScan, pageLines } = await import('./lib/synthetic.ts');
  const docs: BenchDocument[] = [];
  const one = [pageLines(0)];
  docs.push({ name: 'text-pdf-1p', filename: 'text-1p.pdf', contentType: 'application/pdf', bytes: await makeA4TextPdf(one), pages: 1, ocr: false });
  const hundred = Array.from({ length: 100 }, (_, i) => pageLines(i));
  docs.push({ name: 'text-pdf-100p', filename: 'text-100p.pdf', contentType: 'application/pdf', bytes: await makeA4TextPdf(hundred), pages: 100, ocr: false });
  if (skipScans) return docs;
  log('rendering synthetic 300-dpi scans …');
  const scan1 = await makeScan(1, 300);
  const ref1 = scan1.pages.map((p) => p.join('\n'));
  docs.push({ name: 'scan-png-1p', filename: 'scan-1p.png', contentType: 'image/png', bytes: scan1.png, pages: 1, ocr: true, reference: ref1 });
  docs.push({ name: 'scan-pdf-1p', filename: 'scan-1p.pdf', contentType: 'application/pdf', bytes: scan1.pdf, pages: 1, ocr: true, reference: ref1 });
  const scan10 = await makeScan(10, 300);
  docs.push({
    name: 'scan-pdf-10p',
    filename: 'scan-10p.pdf',
    contentType: 'application/pdf',
    bytes: scan10.pdf,
    pages: 10,
    ocr: true,
    reference: scan10.pages.map((p) => p.join('\n')),
  });
  return docs;
}

const TARGETS: Record<string, { description: string; limitMs: (pages: number, cores: number) => number }> = {
  'text-pdf-1p': { description: 'text PDF, 1 page ≤ 100 ms', limitMs: () => 100 },
  'text-pdf-100p': { description: 'text PDF, 100 pages ≤ 1 s', limitMs: () => 1000 },
  // ≤ 2 s per page per core: a single request can use at most min(pages, cores) cores.
  ocr: { description: 'OCR ≤ 2 s per page per core', limitMs: (pages, cores) => (2000 * pages) / Math.min(pages, cores) },
};

async function runCase(
  api: Client,
  server: ServerUnderTest,
  doc: BenchDocument,
  documentKey: string,
  options: { iterations: number; cached: boolean; warmup: boolean; asyncMode: boolean; cores: number; yardstick?: NativePdfText | null },
  log: (l: string) => void,
): Promise<CaseResult> {
  const caseName = `${doc.name}${options.cached ? ' (cache hit)' : ' (fresh)'}`;
  const query = options.cached ? '' : 'force_refresh=true';
  const latencies: number[] = [];
  const serverDurations: number[] = [];
  const native: number[] = [];
  const nativeCpu: number[] = [];
  const serverCpu: number[] = [];
  const statuses: Record<string, number> = {};
  const via = new Set<string>();
  let rssPeak = 0;
  const sampler = setInterval(() => {
    const m = procMemory(server.pid);
    if (m && m.rss > rssPeak) rssPeak = m.rss;
  }, 20);
  let cold: number | null = null;
  let cer: number | null | undefined;
  let engines: string | undefined;
  let error: string | undefined;
  let syncTimeout: string | undefined;
  try {
    // The first case of each kind (text, OCR) makes one unmeasured call first
    // (module loading, OCR engine start-up), reported as cold.
    const total = options.iterations + (options.warmup ? 1 : 0);
    let asyncMode = options.asyncMode;
    for (let i = 0; i < total; i++) {
      const cpuBefore = procCpuSeconds(server.pid);
      const res = await api.parse(documentKey, query, asyncMode);
      const cpuAfter = procCpuSeconds(server.pid);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      via.add(res.via);
      if (doc.ocr && !asyncMode && res.status >= 500 && res.seconds > 25) {
        // The synchronous call ran into the 29 s integration timeout: what a user
        // would do next is send X-Async: true, so measure that instead.
        syncTimeout = `${res.status} after ${res.seconds.toFixed(1)} s: ${JSON.stringify(res.body).slice(0, 200)}`;
        log(`    ${caseName}: synchronous call failed (${syncTimeout}); measuring with X-Async: true instead`);
        // The abandoned synchronous request may still be working: let it finish first.
        const waited = await waitForIdle(server.pid);
        syncTimeout += `; waited ${(waited / 1000).toFixed(0)} s for the server to go idle before measuring async`;
        log(`    ${caseName}: server idle after ${(waited / 1000).toFixed(0)} s`);
        asyncMode = true;
        i--;
        continue;
      }
      if (res.status !== 200) {
        error = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        log(`    ${caseName}: ${error}`);
        break;
      }
      if (options.cached && res.body.metadata?.cached !== true) error = 'expected a cache hit (metadata.cached = true)';
      const ms = res.seconds * 1000;
      if (i === 0) {
        engines = res.body.model_used;
        if (doc.reference) cer = textScores(doc.reference.join('\n\n'), res.body.result?.ocr ?? '').cer;
      }
      if (options.warmup && i === 0) {
        cold = ms;
        continue;
      }
      latencies.push(ms);
      if (typeof res.body.duration_ms === 'number') serverDurations.push(res.body.duration_ms);
      // Right after ours, so both see the same load.
      if (options.yardstick) {
        const run = await options.yardstick.time();
        native.push(run.wallMs);
        if (run.cpuMs !== null) nativeCpu.push(run.cpuMs);
        if (cpuBefore !== null && cpuAfter !== null) serverCpu.push((cpuAfter - cpuBefore) * 1000);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const m = procMemory(server.pid);
  if (m && m.rss > rssPeak) rssPeak = m.rss;
  const med = median(latencies);
  const targetKey = doc.ocr ? 'ocr' : doc.name;
  const target = !options.cached && TARGETS[targetKey] ? TARGETS[targetKey] : undefined;
  const limit = target?.limitMs(doc.pages, options.cores);
  const result: CaseResult = {
    case: caseName,
    document: doc.name,
    pages: doc.pages,
    file_bytes: doc.bytes.byteLength,
    cached: options.cached,
    iterations: latencies.length,
    via: [...via],
    statuses,
    cold_ms: round(cold, 1),
    latencies_ms: latencies.map((v) => round(v, 1)!),
    median_ms: round(med, 1),
    p95_ms: round(percentile(latencies, 95), 1),
    min_ms: round(latencies.length ? Math.min(...latencies) : null, 1),
    max_ms: round(latencies.length ? Math.max(...latencies) : null, 1),
    server_duration_median_ms: round(median(serverDurations), 1),
    server_rss_peak_mib: rssPeak ? mib(rssPeak) : null,
    ...(cer !== undefined ? { cer: round(cer, 4) } : {}),
    ...(engines ? { engines } : {}),
    ...(target && limit !== undefined
      ? {
          target: {
            description: target.description,
            limit_ms: round(limit, 0)!,
            measured_ms: round(med, 1),
            // An OCR case only counts when OCR really produced the text (CER well below 100%).
            pass: med === null || (doc.ocr && (cer === undefined || cer === null || cer > 0.5)) ? null : med <= limit,
          },
        }
      : {}),
    ...(error ? { error } : {}),
    ...(syncTimeout ? { sync_failure: syncTimeout } : {}),
    ...(native.length ? { pdftotext: pdftotextComparison(med, native, serverCpu, nativeCpu) } : {}),
  };
  log(
    `  ${caseName}: median ${result.median_ms ?? '–'} ms, p95 ${result.p95_ms ?? '–'} ms (n=${result.iterations}, cold ${result.cold_ms ?? '–'} ms, via ${result.via.join('/')})`,
  );
  if (result.pdftotext) {
    const { median_ms, ratio, target, cpu } = result.pdftotext;
    log(`  ${caseName}: pdftotext median ${median_ms} ms in the same run → ratio ${ratio ?? '–'}× (target ≤ ${target.limit}×: ${target.pass ? 'PASS' : 'FAIL'})`);
    log(`  ${caseName}: CPU per run: server ${cpu.server_median_ms ?? '–'} ms, pdftotext ${cpu.pdftotext_median_ms ?? '–'} ms → ratio ${cpu.ratio ?? '–'}×`);
  }
  return result;
}

function pdftotextComparison(ours: number | null, native: readonly number[], serverCpu: readonly number[], nativeCpu: readonly number[]): NonNullable<CaseResult['pdftotext']> {
  const nativeMedian = median([...native]);
  const ratio = ours !== null && nativeMedian ? ours / nativeMedian : null;
  const serverCpuMedian = median([...serverCpu]);
  const nativeCpuMedian = median([...nativeCpu]);
  return {
    version: pdftotextVersion() ?? 'pdftotext',
    median_ms: round(nativeMedian, 1),
    ratio: round(ratio, 2),
    target: { limit: PDFTOTEXT_RATIO_TARGET, pass: ratio === null ? null : ratio <= PDFTOTEXT_RATIO_TARGET },
    cpu: {
      server_median_ms: round(serverCpuMedian, 0),
      pdftotext_median_ms: round(nativeCpuMedian, 0),
      ratio: serverCpuMedian !== null && nativeCpuMedian ? round(serverCpuMedian / nativeCpuMedian, 2) : null,
    },
  };
}

// ---------------------------------------------------------------------------
// Response sizes (docs/api.md "Large responses"): output, gzip and offloaded
// sizes and the server's peak RSS per page count
// ---------------------------------------------------------------------------

interface SizeResult {
  readonly case: string;
  readonly pages: number;
  readonly include_boxes: boolean;
  readonly file_bytes: number;
  readonly status_gzip: number;
  readonly status_identity: number;
  /** The full JSON answer, as a client that follows the rule reads it. */
  readonly output_bytes: number | null;
  /** Bytes on the wire for a client sending Accept-Encoding: gzip. */
  readonly gzip_wire_bytes: number | null;
  readonly gzip_ratio: number | null;
  /** Whether the gzip client still got the offloaded envelope (compressed answer over the limit). */
  readonly gzip_offloaded: boolean;
  /** Bytes on the wire for a client sending Accept-Encoding: identity, and whether it was offloaded. */
  readonly identity_wire_bytes: number | null;
  readonly identity_offloaded: boolean;
  readonly latency_gzip_ms: number;
  readonly server_peak_rss_mib: number | null;
  readonly server_rss_after_start_mib: number | null;
  readonly error?: string;
}

async function rawParse(server: ServerUnderTest, documentKey: string, query: string, acceptEncoding: string) {
  const form = new FormData();
  form.append('document_key', documentKey);
  const started = performance.now();
  const res = await fetch(`${server.url}/v1/parse${query}`, {
    method: 'POST',
    headers: { 'X-API-Key': server.apiKey, 'Accept-Encoding': acceptEncoding },
    body: form,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  return { status: res.status, wireBytes: Number(res.headers.get('content-length')), body, text, ms };
}

/** The documented rule: an offloaded answer's full JSON is at response_url. */
async function fullText(answer: { body: any; text: string }): Promise<string> {
  if (answer.body?.response_offloaded !== true) return answer.text;
  const res = await fetch(answer.body.response_url);
  return res.text();
}

async function sizeCase(pages: number, includeBoxes: boolean, log: (l: string) => void): Promise<SizeResult> {
  const { makeA4TextPdf, pageLines } = await import('./lib/synthetic.ts');
  const name = `${pages}p${includeBoxes ? ' include_boxes' : ' fast'}`;
  const bytes = await makeA4TextPdf(Array.from({ length: pages }, (_, i) => pageLines(i)));
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-size-'));
  const server = await startServer(dataDir);
  const afterStart = procMemory(server.pid);
  try {
    const api = client(server.url, server.apiKey);
    const documentKey = await api.upload(`dense-${pages}p.pdf`, 'application/pdf', bytes);
    const query = includeBoxes ? '?include_boxes=true' : '';
    const gzip = await rawParse(server, documentKey, query, 'gzip');
    const identity = await rawParse(server, documentKey, query, 'identity');
    const memory = procMemory(server.pid);
    const full = gzip.status === 200 ? Buffer.byteLength(await fullText(gzip)) : null;
    const result: SizeResult = {
      case: name,
      pages,
      include_boxes: includeBoxes,
      file_bytes: bytes.byteLength,
      status_gzip: gzip.status,
      status_identity: identity.status,
      output_bytes: full,
      gzip_wire_bytes: gzip.status === 200 ? gzip.wireBytes : null,
      gzip_ratio: full && gzip.status === 200 ? round(full / gzip.wireBytes, 1) : null,
      gzip_offloaded: gzip.body?.response_offloaded === true,
      identity_wire_bytes: identity.status === 200 ? identity.wireBytes : null,
      identity_offloaded: identity.body?.response_offloaded === true,
      latency_gzip_ms: round(gzip.ms, 0)!,
      server_peak_rss_mib: memory ? mib(memory.peak) : null,
      server_rss_after_start_mib: afterStart ? mib(afterStart.rss) : null,
      ...(gzip.status !== 200 || identity.status !== 200 ? { error: `${gzip.status}/${identity.status} ${gzip.text.slice(0, 200)}` } : {}),
    };
    log(
      `  ${name}: output ${result.output_bytes ?? '–'} B, gzip ${result.gzip_wire_bytes ?? '–'} B (${result.gzip_ratio ?? '–'}x), identity ${result.identity_offloaded ? 'offloaded' : 'inline'}, peak RSS ${result.server_peak_rss_mib} MiB, ${result.latency_gzip_ms} ms`,
    );
    return result;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchResponseSizes(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<SizeResult[]> {
  const sizes = (typeof options.sizes === 'string' ? options.sizes : '10,100,1000')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const boxesPages = intOption(options, 'boxes-pages', 150);
  log('response sizes (each case in a fresh server):');
  const results: SizeResult[] = [];
  for (const pages of sizes) results.push(await sizeCase(pages, false, log));
  if (boxesPages > 0) results.push(await sizeCase(boxesPages, true, log));
  log('');
  log(
    formatTable(
      ['case', 'output MiB', 'gzip MiB', 'ratio', 'no-gzip client', 'peak RSS MiB', 'ms'],
      results.map((r) => [
        r.case,
        r.output_bytes === null ? '–' : (r.output_bytes / 2 ** 20).toFixed(2),
        r.gzip_wire_bytes === null ? '–' : (r.gzip_wire_bytes / 2 ** 20).toFixed(2),
        r.gzip_ratio ?? '–',
        r.error ? `ERROR ${r.error.slice(0, 30)}` : r.identity_offloaded ? 'offloaded (link)' : 'inline',
        r.server_peak_rss_mib,
        r.latency_gzip_ms,
      ]),
    ),
  );
  return results;
}

async function benchParse(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const iterations = intOption(options, 'iterations', 20);
  const cachedIterations = intOption(options, 'cached', 10);
  const scanIterations = intOption(options, 'scan-iterations', 3);
  const longScanIterations = intOption(options, 'long-scan-iterations', 1);
  const skipScans = options['skip-scans'] === true;
  serverHeapMib = options['server-heap-mib'] === undefined ? undefined : intOption(options, 'server-heap-mib', 0) || undefined;
  const forceAsync = options.async === true;
  const machine = machineInfo();
  log(`parse benchmark; machine: ${describeMachine(machine)}`);

  const only = typeof options.cases === 'string' ? new Set(options.cases.split(',').map((c) => c.trim())) : undefined;
  const docs = (await buildDocuments(skipScans, log)).filter((d) => !only || only.has(d.name));
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-'));
  const started = new Date();
  // Timed only once the server's warm-up (OCR workers, pdf.js, redact's models) is done: it would share the cores otherwise.
  const server = await startServer(dataDir, { waitForOcr: true });
  log(`server ${server.url} (pid ${server.pid}, data ${dataDir})`);
  const baseline = procMemory(server.pid);
  const results: CaseResult[] = [];
  let peak: number | null = null;
  let serverLog: string[] = [];
  let overhead: { median_ms: number | null; p95_ms: number | null; n: number } | null = null;
  try {
    const api = client(server.url, server.apiKey);
    const warmed = new Set<boolean>();
    // Baseline: the fixed cost of an authenticated call, to read the parse figures against.
    const baselineMs: number[] = [];
    await api.get('/v1/limits');
    for (let i = 0; i < 20; i++) {
      const res = await api.get('/v1/limits');
      if (res.status === 200) baselineMs.push(res.seconds * 1000);
    }
    overhead = { median_ms: round(median(baselineMs), 1), p95_ms: round(percentile(baselineMs, 95), 1), n: baselineMs.length };
    log(`  baseline GET /v1/limits: median ${overhead.median_ms} ms, p95 ${overhead.p95_ms} ms (n=${overhead.n})`);
    for (const doc of docs) {
      let documentKey: string;
      try {
        documentKey = await api.upload(doc.filename, doc.contentType, doc.bytes);
      } catch (error) {
        log(`  ${doc.name}: upload failed: ${(error as Error).message}`);
        continue;
      }
      const fresh = doc.ocr ? (doc.pages > 1 ? longScanIterations : scanIterations) : doc.pages > 1 ? Math.max(3, Math.floor(iterations / 4)) : iterations;
      // A sync call that would be refused (more OCR pages than the sync budget) goes async at once.
      const asyncMode = forceAsync && doc.ocr ? true : doc.ocr && doc.pages > SYNC_OCR_MAX_PAGES;
      const warmup = !warmed.has(doc.ocr);
      warmed.add(doc.ocr);
      // The 100-page text PDF is also timed against pdftotext, one run after each of ours.
      const yardstick = doc.name === 'text-pdf-100p' ? await nativePdfText(doc.bytes) : null;
      try {
        results.push(await runCase(api, server, doc, documentKey, { iterations: fresh, cached: false, warmup, asyncMode, cores: machine.cpu_count, yardstick }, log));
      } finally {
        await yardstick?.dispose();
      }
      if (!doc.ocr && cachedIterations > 0) {
        results.push(
          await runCase(api, server, doc, documentKey, { iterations: cachedIterations, cached: true, warmup: false, asyncMode: false, cores: machine.cpu_count }, log),
        );
      }
    }
  } finally {
    const memory = procMemory(server.pid);
    await server.stop();
    peak = memory?.peak ?? null;
    serverLog = existsSync(server.logPath)
      ? (await readFile(server.logPath, 'utf8'))
          .replace(/hk_(test|live)_\S+/g, 'hk_$1_…')
          .split('\n')
          .filter(Boolean)
          .slice(-20)
      : [];
    await rm(dataDir, { recursive: true, force: true });
  }
  const sizes = options['skip-sizes'] === true ? [] : await benchResponseSizes(options, log);
  const finished = new Date();

  log('');
  log(
    formatTable(
      ['case', 'pages', 'n', 'median ms', 'p95 ms', 'cold ms', 'server RSS MiB', 'CER', 'target', 'result'],
      results.map((r) => [
        r.case,
        r.pages,
        r.iterations,
        r.median_ms,
        r.p95_ms,
        r.cold_ms,
        r.server_rss_peak_mib,
        r.cer === undefined || r.cer === null ? '' : `${(r.cer * 100).toFixed(1)}%`,
        r.target ? `≤ ${r.target.limit_ms} ms` : '',
        r.error
          ? `ERROR ${/"code":"([^"]+)"/.exec(r.error)?.[1] ?? r.error.slice(0, 40)}`
          : r.target
            ? r.target.pass === null
              ? 'n/a (no OCR text)'
              : `${r.target.pass ? 'PASS' : 'FAIL'}${r.sync_failure ? ' (async: sync timed out)' : ''}`
            : '',
      ]),
    ),
  );
  if (overhead) log(`baseline: authenticated GET /v1/limits median ${overhead.median_ms} ms, p95 ${overhead.p95_ms} ms (the fixed cost in every call)`);
  log(`server peak RSS (VmHWM) ${peak ? mib(peak) : '–'} MiB; after start ${baseline ? mib(baseline.rss) : '–'} MiB`);
  const machineAtEnd = machineInfo();
  log(`machine: ${describeMachine(machine)} (load at the end ${machineAtEnd.load_average.join('/')})`);
  log('latency = client wall time of POST /v1/parse (sync) or POST + polling GET /v1/jobs/{id} every 100 ms (async), over loopback');

  return {
    operation: 'parse',
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    machine,
    load_average_end: machineAtEnd.load_average,
    server: {
      how: 'child process: node --import tsx bin/dev.ts (npm start), fresh temporary DOCINTEL_DATA_DIR, loopback',
      rss_after_start_mib: baseline ? mib(baseline.rss) : null,
      peak_rss_mib: peak ? mib(peak) : null,
      log_tail: serverLog,
    },
    options: { server_heap_mib: serverHeapMib ?? null, cases: only ? [...only] : 'all', iterations, cached: cachedIterations, scan_iterations: scanIterations, long_scan_iterations: longScanIterations, skip_scans: skipScans, async: forceAsync },
    baseline_get_limits: overhead,
    targets: Object.fromEntries(Object.entries(TARGETS).map(([k, t]) => [k, t.description])),
    cases: results,
    response_sizes: sizes,
  };
}

/**
 * `bench redact`: POST /v1/redact end to end on a 1-page text-layer A4 page
 * with PII in it (a name, email, phone, SSN, card, IBAN, address), fresh
 * each time (force_refresh), inline and output=urls, redact and deidentify;
 * then a 20-page document as one redacted PDF (output=pdf) and the spec's
 * inline cap (36 pages) in one synchronous call.
 * Targets (issues 13, 25): ≤ 800 ms for one page; ≤ 10 s for the 20-page
 * PDF; the 36 inline pages inside API Gateway's 29 s.
 */
async function benchRedact(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const iterations = intOption(options, 'iterations', 15);
  const machine = machineInfo();
  log(`redact benchmark; machine: ${describeMachine(machine)}`);
  const { makeA4TextPdf, pageLines } = await import('./lib/synthetic.ts');
  const lines = [
    'Customer record',
    'Name: Jane Doe',
    'Email: jane.doe@example.org   Phone: +1 415 555 0132',
    'SSN: 536-22-8145   Card: 4111 1111 1111 1111',
    'IBAN: DE89 3704 0044 0532 0130 00',
    'Address: 1600 Amphitheatre Parkway, Mountain View, CA 94043',
    ...pageLines(0, 40),
  ];
  const bytes = await makeA4TextPdf([lines]);
  const many = (count: number) => makeA4TextPdf(Array.from({ length: count }, (_, n) => [`Record page ${n + 1}`, ...lines.slice(1)]));
  const longIterations = intOption(options, 'long-iterations', 3);
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-redact-'));
  // Timed only once the server's warm-up (OCR workers, pdf.js, redact's models) is done: it would share the cores otherwise.
  const server = await startServer(dataDir, { waitForOcr: true });
  const started = new Date();
  const cases: Record<string, unknown>[] = [];
  try {
    const api = client(server.url, server.apiKey);
    const documentKey = await api.upload('record.pdf', 'application/pdf', bytes);
    const runs: { documentKey: string; query: string; iterations: number; pages: number }[] = [
      ...['force_refresh=true', 'force_refresh=true&output=urls', 'force_refresh=true&mode=deidentify'].map((query) => ({ documentKey, query, iterations, pages: 1 })),
      { documentKey: await api.upload('records-20.pdf', 'application/pdf', await many(20)), query: 'force_refresh=true&output=pdf', iterations: longIterations, pages: 20 },
      { documentKey: await api.upload('records-36.pdf', 'application/pdf', await many(36)), query: 'force_refresh=true', iterations: Math.min(2, longIterations), pages: 36 },
    ];
    for (const { documentKey, query, iterations, pages } of runs) {
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let summary: unknown;
      for (let i = 0; i <= iterations; i++) {
        const form = new FormData();
        form.append('document_key', documentKey);
        const t0 = performance.now();
        const res = await fetch(`${server.url}/v1/redact?${query}`, { method: 'POST', headers: { 'X-API-Key': server.apiKey }, body: form });
        const body = (await res.json()) as { result?: { summary?: unknown } };
        const ms = performance.now() - t0;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        summary = body.result?.summary;
        if (i > 0) latencies.push(ms); // the first call loads the engines
      }
      const row = { pages, query, iterations: latencies.length, statuses, median_ms: round(median(latencies), 1), p95_ms: round(percentile(latencies, 95), 1), summary };
      log(`  ${pages} page(s) /v1/redact?${query}: median ${row.median_ms} ms, p95 ${row.p95_ms} ms (n=${row.iterations}) ${JSON.stringify(statuses)}`);
      cases.push(row);
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const inline = cases[0] as { median_ms: number | null };
  const target = { description: 'redact, 1 text-layer page ≤ 800 ms end to end', limit_ms: 800, measured_ms: inline.median_ms, pass: inline.median_ms !== null && inline.median_ms <= 800 };
  const longTarget = (row: unknown, description: string, limit: number) => {
    const { median_ms } = row as { median_ms: number | null };
    return { description, limit_ms: limit, measured_ms: median_ms, pass: median_ms !== null && median_ms <= limit };
  };
  const targets = [
    target,
    longTarget(cases[3], 'redact, 20 text-layer pages as one redacted PDF ≤ 10 s end to end', 10_000),
    longTarget(cases[4], 'redact, 36 text-layer pages inline (the spec cap) inside the 29 s API Gateway limit', 29_000),
  ];
  for (const t of targets) log(`target: ${t.description}: ${t.pass ? 'PASS' : 'FAIL'} (${t.measured_ms} ms)`);
  return { operation: 'redact', started_at: started.toISOString(), finished_at: new Date().toISOString(), machine, cases, target, targets };
}

/** Fresh (force_refresh) POSTs of one document to one endpoint; the first call is a warm-up. */
async function timeEndpoint(server: ServerUnderTest, path: string, documentKey: string, fields: Record<string, string>, iterations: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let last: any;
  for (let i = 0; i <= iterations; i++) {
    const form = new FormData();
    form.append('document_key', documentKey);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const t0 = performance.now();
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'X-API-Key': server.apiKey }, body: form });
    last = await res.json();
    const ms = performance.now() - t0;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (i > 0) latencies.push(ms);
  }
  return { iterations: latencies.length, statuses, median_ms: round(median(latencies), 1), p95_ms: round(percentile(latencies, 95), 1), last };
}

/**
 * `bench classify` / `bench split`: 1-page classification (target ≤ 100 ms)
 * and a 20-page packet split (target ≤ 500 ms), text-layer PDFs, end to end.
 */
async function benchClassifySplit(operation: 'classify' | 'split', options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const iterations = intOption(options, 'iterations', 20);
  const machine = machineInfo();
  log(`${operation} benchmark; machine: ${describeMachine(machine)}`);
  const { makeA4TextPdf, pageLines } = await import('./lib/synthetic.ts');
  const invoice = ['INVOICE', 'Invoice number: INV-2026-0042', 'Invoice date: 01/11/2026', 'Bill to: Globex Ltd', ...pageLines(1, 30), 'Subtotal 1,500.00', 'VAT 300.00', 'Amount due 1,800.00'];
  const letter = ['March 3, 2026', 'Dear Ms. Chen,', ...pageLines(2, 30), 'Sincerely,', 'Peter Novak'];
  const dataDir = await mkdtemp(join(tmpdir(), `docintel-bench-${operation}-`));
  const server = await startServer(dataDir, { waitForOcr: operation === 'split' && !options['skip-scans'] });
  const started = new Date();
  const cases: Record<string, unknown>[] = [];
  let target: { description: string; limit_ms: number; measured_ms: number | null; pass: boolean };
  try {
    const api = client(server.url, server.apiKey);
    if (operation === 'classify') {
      const key = await api.upload('invoice.pdf', 'application/pdf', await makeA4TextPdf([invoice]));
      const row = await timeEndpoint(server, '/v1/classify?force_refresh=true', key, {}, iterations);
      log(`  classify 1 page: median ${row.median_ms} ms, p95 ${row.p95_ms} ms (n=${row.iterations}) → ${row.last?.result?.label}`);
      cases.push({ case: '1-page text PDF', ...row, last: row.last?.result });
      const long = await api.upload('long.pdf', 'application/pdf', await makeA4TextPdf([invoice, ...Array.from({ length: 199 }, (_, i) => pageLines(i + 3))]));
      const longRow = await timeEndpoint(server, '/v1/classify?force_refresh=true', long, {}, Math.max(3, Math.floor(iterations / 4)));
      log(`  classify 200 pages (reads ${JSON.stringify(longRow.last?.metadata?.pages_read)}): median ${longRow.median_ms} ms`);
      cases.push({ case: '200-page text PDF (budgeted reading)', ...longRow, last: longRow.last?.metadata });
      target = { description: 'classify a 1-page text-layer document ≤ 100 ms', limit_ms: 100, measured_ms: row.median_ms, pass: row.median_ms !== null && row.median_ms <= 100 };
    } else {
      const packet = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? letter : invoice.map((l) => l.replace('0042', String(i)))));
      const key = await api.upload('packet.pdf', 'application/pdf', await makeA4TextPdf(packet));
      const row = await timeEndpoint(server, '/v1/split?force_refresh=true', key, {}, iterations);
      log(`  split 20 pages: median ${row.median_ms} ms, p95 ${row.p95_ms} ms (n=${row.iterations}), ${row.last?.result?.segments?.length} segments`);
      cases.push({ case: '20-page text PDF packet', ...row, last: row.last?.result });
      target = { description: 'split a 20-page text-layer packet ≤ 500 ms', limit_ms: 500, measured_ms: row.median_ms, pass: row.median_ms !== null && row.median_ms <= 500 };
      if (!options['skip-scans']) cases.push(await benchScannedSplit(api, packet, log));
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  log(`target: ${target.description}: ${target.pass ? 'PASS' : 'FAIL'} (${target.measured_ms} ms)`);
  return { operation, started_at: started.toISOString(), finished_at: new Date().toISOString(), machine, cases, target };
}

/**
 * The packet scanned at 200 dpi (image-only PDF): split against parse of the
 * same pages, both fresh and sent with X-Async, in one run — the split's
 * own work past the OCR (target: the split ≤ 2× the OCR time of its pages).
 */
async function benchScannedSplit(api: Client, packet: readonly (readonly string[])[], log: (l: string) => void): Promise<Record<string, unknown>> {
  const { makeScan } = await import('./lib/synthetic.ts');
  log(`  rendering the ${packet.length}-page packet as a 200-dpi scan …`);
  const scan = await makeScan(packet, 200);
  const key = await api.upload('scanned-packet.pdf', 'application/pdf', scan.pdf);
  const split = await api.post('/v1/split', key, 'force_refresh=true', true);
  const parse = await api.post('/v1/parse', key, 'force_refresh=true', true);
  const segments = split.body?.result?.segments?.length ?? null;
  const ratio = split.status === 200 && parse.status === 200 ? round(split.seconds / parse.seconds, 2) : null;
  log(`  split ${packet.length} scanned pages: ${round(split.seconds, 1)} s (${segments} segments, status ${split.status}); parse (OCR) ${round(parse.seconds, 1)} s; ratio ${ratio}`);
  const target = { description: `split a ${packet.length}-page scanned stream ≤ 2× its OCR (parse) time`, limit: 2, measured: ratio, pass: ratio !== null && ratio <= 2 };
  log(`target: ${target.description}: ${target.pass ? 'PASS' : 'FAIL'} (${ratio}×)`);
  return { case: `${packet.length}-page scanned packet (200 dpi)`, split_s: round(split.seconds, 2), parse_s: round(parse.seconds, 2), segments, statuses: [split.status, parse.status], target };
}

/** `bench extract`: a 1-page text-layer invoice, fresh each time (target ≤ 300 ms). */
async function benchExtract(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const iterations = intOption(options, 'iterations', 20);
  const machine = machineInfo();
  log(`extract benchmark; machine: ${describeMachine(machine)}`);
  const { makeA4TextPdf } = await import('./lib/synthetic.ts');
  const invoice = [
    'ACME Widgets Ltd', '12 High Street, London EC1A 1BB', 'VAT No: GB574019283', 'INVOICE',
    'Invoice No: INV-2026-0042', 'Invoice Date: 17/03/2026', 'Bill To: Globex Corporation',
    'Description Qty Unit Price Amount',
    ...Array.from({ length: 20 }, (_, i) => `Widget model ${i + 1}   ${i + 1}   10.00   ${((i + 1) * 10).toFixed(2)}`),
    'Subtotal 2,100.00', 'VAT 20% 420.00', 'Total 2,520.00',
  ];
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-extract-'));
  const server = await startServer(dataDir);
  const started = new Date();
  let row;
  let longRow;
  try {
    const api = client(server.url, server.apiKey);
    const key = await api.upload('invoice.pdf', 'application/pdf', await makeA4TextPdf([invoice]));
    row = await timeEndpoint(server, '/v1/extract?force_refresh=true', key, {}, iterations);
    log(`  extract 1-page invoice: median ${row.median_ms} ms, p95 ${row.p95_ms} ms (n=${row.iterations}); ${Object.keys(row.last?.result?.entities ?? {}).length} entities, ${row.last?.result?.line_items?.length} line items`);
    // A long statement (300 pages of 34 item lines): extraction must stay linear in the lines.
    const longKey = await api.upload('statement.pdf', 'application/pdf', await makeA4TextPdf(Array.from({ length: 300 }, () => invoice.slice(7))));
    longRow = await timeEndpoint(server, '/v1/extract?force_refresh=true', longKey, {}, intOption(options, 'long-iterations', 3));
    log(`  extract 300-page statement: median ${longRow.median_ms} ms, p95 ${longRow.p95_ms} ms (n=${longRow.iterations}); ${longRow.last?.result?.line_items?.length} line items`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const target = { description: 'extract a 1-page text-layer invoice ≤ 300 ms', limit_ms: 300, measured_ms: row.median_ms, pass: row.median_ms !== null && row.median_ms <= 300 };
  log(`target: ${target.description}: ${target.pass ? 'PASS' : 'FAIL'} (${target.measured_ms} ms)`);
  return { operation: 'extract', started_at: started.toISOString(), finished_at: new Date().toISOString(), machine, cases: [{ ...row, last: row.last?.result }, { name: '300-page statement', ...longRow, last: undefined }], target };
}

/**
 * `bench batch`: uploads N distinct 1-page text PDFs, runs them as one parse
 * batch, and meanwhile sends synchronous 1-page parses (fresh each time) to
 * see what the batch lane costs interactive callers. Completion is watched
 * through GET /v1/batch?limit=1 (cheap), not the 1,000-item record.
 */
async function benchBatch(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const documents = intOption(options, 'documents', 1000);
  const probes = intOption(options, 'probe-iterations', 30);
  const machine = machineInfo();
  log(`batch benchmark; machine: ${describeMachine(machine)}`);
  const { makeA4TextPdf, pageLines } = await import('./lib/synthetic.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-batch-'));
  const server = await startServer(dataDir);
  const started = new Date();
  try {
    const api = client(server.url, server.apiKey);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(server.url + path, {
        method,
        headers: { 'X-API-Key': server.apiKey, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const probeKey = await api.upload('probe.pdf', 'application/pdf', await makeA4TextPdf([pageLines(7, 30)]));
    const probe = async () => {
      const form = new FormData();
      form.append('document_key', probeKey);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/v1/parse?force_refresh=true`, { method: 'POST', headers: { 'X-API-Key': server.apiKey }, body: form });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`probe parse answered ${res.status}`);
      return performance.now() - t0;
    };
    await probe(); // loads the engines
    const idle: number[] = [];
    for (let i = 0; i < probes; i++) idle.push(await probe());
    log(`  idle 1-page parse: median ${round(median(idle), 1)} ms, p95 ${round(percentile(idle, 95), 1)} ms (n=${idle.length})`);

    const uploadStart = performance.now();
    const keys: string[] = [];
    for (let i = 0; i < documents; i += 20) {
      const chunk = await Promise.all(
        Array.from({ length: Math.min(20, documents - i) }, async (_, j) =>
          api.upload(`doc-${i + j}.pdf`, 'application/pdf', await makeA4TextPdf([[`Batch document ${i + j}`, ...pageLines(i + j, 20)]])),
        ),
      );
      keys.push(...chunk);
    }
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    log(`  uploaded ${documents} documents in ${round(uploadSeconds, 1)} s`);

    const t0 = performance.now();
    const submitted = await call('POST', '/v1/batch', { endpoint: '/v1/parse', document_keys: keys });
    if (submitted.status !== 200) throw new Error(`batch submit answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
    const submitMs = performance.now() - t0;
    const loaded: number[] = [];
    let finished = false;
    const prober = (async () => {
      while (!finished) {
        loaded.push(await probe());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    let status = 'queued';
    while (!['completed', 'completed_with_errors', 'failed', 'canceled'].includes(status)) {
      await new Promise((r) => setTimeout(r, 250));
      const list = await call('GET', '/v1/batch?limit=1');
      status = list.body.batches?.[0]?.status ?? status;
      if (performance.now() - t0 > 15 * 60_000) throw new Error('batch did not finish within 15 minutes');
    }
    const batchSeconds = (performance.now() - t0) / 1000;
    finished = true;
    await prober;
    const record = await call('GET', `/v1/batch/${submitted.body.batch_id}`);
    const idleP95 = percentile(idle, 95);
    const loadedP95 = percentile(loaded, 95);
    const ratio = idleP95 && loadedP95 ? loadedP95 / idleP95 : null;
    log(`  batch of ${documents}: ${record.body.status} in ${round(batchSeconds, 1)} s (submit ${round(submitMs, 0)} ms), ${round(documents / batchSeconds, 1)} documents/s, counts ${JSON.stringify(record.body.counts)}`);
    log(`  1-page parse during the batch: median ${round(median(loaded), 1)} ms, p95 ${round(loadedP95, 1)} ms (n=${loaded.length}); p95 ratio to idle ${ratio === null ? 'n/a' : round(ratio, 2)}`);
    const targets = [
      { description: `a ${documents}-document batch of 1-page text PDFs finishes within 120 s`, limit: 120, measured: round(batchSeconds, 1), pass: batchSeconds <= 120 && record.body.counts?.done === documents },
      { description: 'p95 of synchronous 1-page parses during the batch ≤ 2× idle', limit: 2, measured: ratio === null ? null : round(ratio, 2), pass: ratio !== null && ratio <= 2 },
    ];
    for (const t of targets) log(`target: ${t.description}: ${t.pass ? 'PASS' : 'FAIL'} (${t.measured})`);
    return {
      operation: 'batch',
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      machine,
      documents,
      upload_seconds: round(uploadSeconds, 2),
      submit_ms: round(submitMs, 1),
      batch_seconds: round(batchSeconds, 2),
      documents_per_second: round(documents / batchSeconds, 2),
      counts: record.body.counts,
      idle: { n: idle.length, median_ms: round(median(idle), 1), p95_ms: round(idleP95, 1) },
      during_batch: { n: loaded.length, median_ms: round(median(loaded), 1), p95_ms: round(loadedP95, 1) },
      p95_ratio: ratio === null ? null : round(ratio, 3),
      local_batch_concurrency: Number(process.env.DOCINTEL_LOCAL_BATCH_CONCURRENCY ?? 2),
      targets,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `bench cold`: the first request a freshly started server (`npm start`,
 * OCR workers warmed, ready) answers, against the same request sent again:
 * a small photo (a business card, read by OCR) and a 1-page text PDF, each
 * as the very first parse of its own server start. What the first pays
 * more is what start-up left for later (module loading, first S3 and
 * DynamoDB calls, pdf.js, sharp). Target: first request ≤ 1 s.
 */
async function benchCold(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<Record<string, unknown>> {
  const rounds = intOption(options, 'rounds', 3);
  const { businessCardLookalike } = await import('./lib/photo-lookalikes.ts');
  const { makeA4TextPdf, pageLines } = await import('./lib/synthetic.ts');
  const photo = await businessCardLookalike({ width: 900, height: 600, angle: 3, seed: 12 });
  const docs = [
    { name: 'photo-900x600', filename: 'card.jpg', contentType: photo.bytes[0] === 0x89 ? 'image/png' : 'image/jpeg', bytes: new Uint8Array(photo.bytes) },
    { name: 'text-pdf-1p', filename: 'text-1p.pdf', contentType: 'application/pdf', bytes: await makeA4TextPdf([pageLines(0)]) },
  ];
  log(`cold bench: ${rounds} server starts per document, each document's first parse after start, then the same parse again`);
  const samples = new Map(docs.map((d) => [d.name, { start: [] as number[], first: [] as number[], second: [] as number[], firstOther: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [index, doc] of docs.entries()) {
      const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-cold-'));
      const started = performance.now();
      const server = await startServer(dataDir, { waitForOcr: true });
      const startMs = performance.now() - started;
      try {
        const api = client(server.url, server.apiKey);
        const keys = await Promise.all(docs.map((d) => api.upload(d.filename, d.contentType, d.bytes)));
        const parse = async (i: number) => {
          const res = await api.parse(keys[i], 'force_refresh=true', false);
          if (res.status !== 200) throw new Error(`${docs[i].name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          return res.seconds * 1000;
        };
        const s = samples.get(doc.name)!;
        s.start.push(startMs);
        s.first.push(await parse(index));
        s.second.push(await parse(index));
        // The other document, first of its kind but not the first request.
        const other = (index + 1) % docs.length;
        samples.get(docs[other].name)!.firstOther.push(await parse(other));
        log(`  round ${round + 1}, ${doc.name} first: ready after ${round2(startMs)} ms, first ${round2(s.first.at(-1)!)} ms, again ${round2(s.second.at(-1)!)} ms`);
      } finally {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  const cases = docs.map((d) => {
    const s = samples.get(d.name)!;
    return {
      case: d.name,
      server_ready_ms: round(median(s.start), 0),
      first_request_ms: round(median(s.first), 0),
      second_request_ms: round(median(s.second), 0),
      first_of_kind_after_other_ms: round(median(s.firstOther), 0),
      first_extra_ms: round((median(s.first) ?? 0) - (median(s.second) ?? 0), 0),
      pass: (median(s.first) ?? Infinity) <= 1000,
    };
  });
  log('');
  log(
    formatTable(
      ['case', 'server ready ms', 'first request ms', 'same again ms', 'first of its kind (2nd request) ms', 'first pays extra ms', '≤ 1 s'],
      cases.map((c) => [c.case, c.server_ready_ms, c.first_request_ms, c.second_request_ms, c.first_of_kind_after_other_ms, c.first_extra_ms, c.pass ? 'pass' : 'FAIL']),
    ),
  );
  const machine = machineInfo();
  log(`machine: ${describeMachine(machine)}`);
  return { operation: 'cold', rounds, cases, machine };
}

function round2(ms: number): number {
  return Math.round(ms);
}

const OPERATIONS: Record<string, (options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void) => Promise<Record<string, unknown>>> = {
  parse: benchParse,
  batch: benchBatch,
  extract: benchExtract,
  redact: benchRedact,
  classify: (options, log) => benchClassifySplit('classify', options, log),
  split: (options, log) => benchClassifySplit('split', options, log),
  ocr: async (options, log) => (await import('./bench-ocr.ts')).benchOcr(options, log),
  cold: benchCold,
};

async function main(): Promise<number> {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const operation = positional[0];
  if (!operation || !(operation in OPERATIONS)) {
    if (operation) console.error(`unknown operation '${operation}'\n`);
    console.error(USAGE);
    return 2;
  }
  try {
    const report = await OPERATIONS[operation](options, (line) => console.log(line));
    const path = await writeResults(typeof options.out === 'string' ? options.out : 'bench-results', operation, report);
    console.log(`results: ${path} (and ${operation}-latest.json)`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

process.exit(await main());
