/**
 * The server under test: a fresh local server (`bin/dev.ts`, as `npm start`)
 * started as a child process in a temporary data dir, its memory and CPU read
 * from /proc.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_NODE_FLAGS } from '../../functions/contracts/env.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerUnderTest {
  readonly url: string;
  readonly apiKey: string;
  readonly pid: number;
  readonly logPath: string;
  stop(): Promise<void>;
}

/** VmRSS and VmHWM (peak) of a process in bytes, from /proc (Linux); null elsewhere. */
export function procMemory(pid: number): { rss: number; peak: number } | null {
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
export function procCpuSeconds(pid: number): number | null {
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
export async function waitForIdle(pid: number, maxMs = 240_000): Promise<number> {
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

/** Sets the heap cap of the servers started from now on (undefined: no cap). */
export function setServerHeapMib(mib: number | undefined): void {
  serverHeapMib = mib;
}

export async function startServer(dataDir: string, options: { waitForOcr?: boolean } = {}): Promise<ServerUnderTest> {
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
