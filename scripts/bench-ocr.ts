/**
 * `npm run bench -- ocr`: the OCR engine in process (image in, page out, as
 * the image backend calls it) on the bench's dense synthetic A4 page at
 * 300 dpi and on generated small photos, against Debian's `tesseract`
 * command (single thread, `OMP_THREAD_LIMIT=1`) on the same files when it
 * is installed (`apt-get install tesseract-ocr`; never needed by CI).
 *
 * - `first_ms`: the first page after start (workers started, model loaded, page);
 * - `median_ms` of the following runs, with the pool the server would
 *   have (`--workers N`, default the machine's cores): a page of running
 *   text is read in bands on all of them at once (page-bands.ts), while
 *   native tesseract reads on one thread;
 * - `ratio`: our median over the native median (target ≤ 1.2 on the dense page);
 * - our runs and native runs alternate, so a change in the machine's load
 *   during the bench falls on both sides alike;
 * - `ratio_same_model`: the same against native tesseract reading with our
 *   best_int model (Debian ships the smaller tessdata_fast network).
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTable, intOption, type ParsedArgs } from './lib/cli.ts';
import { describeMachine, machineInfo } from './lib/machine.ts';
import { median, round } from './lib/stats.ts';
import { textScores } from './lib/text-metrics.ts';

interface OcrCase {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly extension: string;
  readonly reference?: string;
}

function nativeTesseract(): string | undefined {
  const probe = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? (probe.stdout || probe.stderr).split('\n')[0].trim() : undefined;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * `tessdataDir`: read with that folder's model (ours) instead of Debian's
 * (tessdata_fast). `cpuMs`: its user + system time (through /usr/bin/time
 * when there), which a loaded machine inflates far less than wall time.
 */
function runNative(path: string, tessdataDir?: string): { ms: number; cpuMs: number | null; text: string } {
  const started = performance.now();
  const args = [path, '-', '--psm', '3', ...(tessdataDir ? ['--tessdata-dir', tessdataDir] : [])];
  const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
  const out = TIME ? spawnSync(TIME, ['-f', 'cpu %U %S', 'tesseract', ...args], { encoding: 'utf8', env }) : spawnSync('tesseract', args, { encoding: 'utf8', env });
  const times = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(out.stderr ?? '');
  return { ms: performance.now() - started, cpuMs: times ? (Number(times[1]) + Number(times[2])) * 1000 : null, text: out.stdout ?? '' };
}

/** CPU time (ms) of each thread of this process so far, by thread id, from /proc (Linux); empty elsewhere. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    /* not Linux */
  }
  return out;
}

/**
 * The CPU time on the critical path of one page read in bands on `workers`
 * threads: everything but the `workers` busiest threads (preprocessing,
 * merging, image work), plus the busiest of those (the longest band). What
 * the page would take on an idle machine with a core per worker; on one
 * worker, simply the process's CPU time.
 */
function criticalCpuMs(before: Map<string, number>, after: Map<string, number>, workers: number): number | null {
  if (!after.size) return null;
  const used = [...after].map(([tid, ms]) => ms - (before.get(tid) ?? 0)).sort((a, b) => b - a);
  const total = used.reduce((a, b) => a + b, 0);
  const busiest = used.slice(0, workers);
  return total - busiest.reduce((a, b) => a + b, 0) + (busiest[0] ?? 0);
}

/**
 * Our English model (best_int) unpacked for the native command, so the
 * engine is compared on the same network: Debian's `eng.traineddata` is
 * tessdata_fast, a smaller network that reads faster and less accurately.
 */
async function ourModelFolder(dir: string): Promise<string> {
  const { gunzipSync } = await import('node:zlib');
  const { createRequire } = await import('node:module');
  const { dirname } = await import('node:path');
  const { readFile, mkdir } = await import('node:fs/promises');
  const require = createRequire(import.meta.url);
  const packed = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int', 'eng.traineddata.gz');
  const folder = join(dir, 'tessdata-best-int');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'eng.traineddata'), gunzipSync(await readFile(packed)));
  return folder;
}

/** The summary tables: wall times against native tesseract (its model and ours), then critical-path CPU. */
function logOcrTables(results: readonly Record<string, unknown>[], log: (line: string) => void): void {
  log('');
  log(
    formatTable(
      ['case', 'ms (median)', 'native ms', 'ratio', 'native best_int ms', 'ratio same model', 'CER', 'native CER'],
      results.map((r) => [r.case, r.median_ms, r.native_median_ms, r.ratio, r.native_best_int_ms, r.ratio_same_model, r.cer, r.native_cer] as (string | number | null)[]),
    ),
  );
  log("native: Debian's tesseract with its tessdata_fast model; native best_int: the same command with our model (same network)");
  log(
    formatTable(
      ['case', 'critical-path CPU ms', 'native CPU ms', 'CPU ratio', 'native best_int CPU ms', 'CPU ratio same model'],
      results.map((r) => {
        const cpu = r.critical_cpu_ms as number | null;
        const ratio = (n: unknown) => (cpu !== null && typeof n === 'number' && n > 0 ? round(cpu / n, 2) : null);
        return [r.case, cpu, r.native_cpu_ms, ratio(r.native_cpu_ms), r.native_best_int_cpu_ms, ratio(r.native_best_int_cpu_ms)] as (string | number | null)[];
      }),
    ),
  );
  log('critical-path CPU: our CPU time less the worker threads but the busiest (bands run side by side): the wall time on an idle machine with a core per worker');
}

export async function benchOcr(options: ParsedArgs['options'], log: (line: string) => void): Promise<Record<string, unknown>> {
  const { poolSize, terminateOcr } = await import('../functions/engines/ocr/tesseract-pool.ts');
  if (options.workers !== undefined) process.env.DOCINTEL_OCR_WORKERS = String(intOption(options, 'workers', 1));
  const workers = poolSize();
  const iterations = intOption(options, 'iterations', 3);
  const { makeScan } = await import('./lib/synthetic.ts');
  const { photoSet } = await import('./lib/photo-lookalikes.ts');
  const scan = await makeScan(1, 300);
  const cases: OcrCase[] = [{ name: 'dense-a4-300dpi', bytes: scan.png, extension: 'png', reference: scan.pages[0].join('\n') }];
  for (const photo of (await photoSet()).slice(0, 3)) cases.push({ name: photo.name, bytes: new Uint8Array(photo.bytes), extension: photo.bytes[0] === 0x89 ? 'png' : 'jpg' });

  const native = nativeTesseract();
  log(`OCR bench: ${iterations} runs per case after the first, ${workers} OCR worker(s); native (one thread): ${native ?? 'not installed'}`);
  const dir = await mkdtemp(join(tmpdir(), 'docintel-bench-ocr-'));
  const { ocrImage } = await import('../functions/engines/ocr/ocr-page.ts');
  const results: Record<string, unknown>[] = [];
  const sameModel = native ? await ourModelFolder(dir) : undefined;
  try {
    let first: number | undefined;
    for (const c of cases) {
      const path = join(dir, `${c.name}.${c.extension}`);
      await writeFile(path, c.bytes);
      const ours: number[] = [];
      const ourCpu: number[] = [];
      let text = '';
      const readOnce = async () => {
        const cpuBefore = threadCpu();
        const started = performance.now();
        const page = await ocrImage({ image: c.bytes, autoOrient: true });
        const ms = performance.now() - started;
        const cpu = criticalCpuMs(cpuBefore, threadCpu(), workers);
        if (cpu !== null) ourCpu.push(cpu);
        text = page.text;
        return ms;
      };
      // The very first page also starts the workers and loads the model: timed apart.
      if (first === undefined) {
        first = await readOnce();
        ourCpu.length = 0;
      }
      const nativeRuns: Array<{ ms: number; cpuMs: number | null; text: string }> = [];
      const sameModelRuns: Array<{ ms: number; cpuMs: number | null; text: string }> = [];
      for (let i = 0; i < iterations; i++) {
        ours.push(await readOnce());
        if (native) nativeRuns.push(runNative(path));
        if (sameModel) sameModelRuns.push(runNative(path, sameModel));
      }
      const ourMedian = median(ours);
      const nativeMedian = nativeRuns.length ? median(nativeRuns.map((r) => r.ms)) : null;
      const sameModelMedian = sameModelRuns.length ? median(sameModelRuns.map((r) => r.ms)) : null;
      results.push({
        case: c.name,
        median_ms: round(ourMedian, 0),
        native_median_ms: round(nativeMedian, 0),
        ratio: ourMedian !== null && nativeMedian ? round(ourMedian / nativeMedian, 2) : null,
        native_best_int_ms: round(sameModelMedian, 0),
        ratio_same_model: ourMedian !== null && sameModelMedian ? round(ourMedian / sameModelMedian, 2) : null,
        // On a loaded machine wall times mislead; the CPU on the critical path does much less.
        critical_cpu_ms: round(median(ourCpu), 0),
        native_cpu_ms: round(median(nativeRuns.flatMap((r) => (r.cpuMs === null ? [] : [r.cpuMs]))), 0),
        native_best_int_cpu_ms: round(median(sameModelRuns.flatMap((r) => (r.cpuMs === null ? [] : [r.cpuMs]))), 0),
        cer: c.reference ? round(textScores(c.reference, text).cer, 4) : null,
        native_cer: c.reference && nativeRuns.length ? round(textScores(c.reference, nativeRuns[0].text).cer, 4) : null,
      });
      log(`  ${c.name}: ${JSON.stringify(results.at(-1))}`);
    }
    logOcrTables(results, log);
    log(`first page after start (workers started, model loaded): ${round(first ?? null, 0)} ms`);
    const machine = machineInfo();
    log(`machine: ${describeMachine(machine)}`);
    return { operation: 'ocr', native: native ?? null, workers, iterations, first_page_ms: round(first ?? null, 0), cases: results, machine };
  } finally {
    await terminateOcr();
    await rm(dir, { recursive: true, force: true });
  }
}
