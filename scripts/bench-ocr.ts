/**
 * `npm run bench -- ocr`: the OCR engine in process (image in, page out, as
 * the image backend calls it) on the bench's dense synthetic A4 page at
 * 300 dpi and on generated small photos, against Debian's `tesseract`
 * command (single thread, `OMP_THREAD_LIMIT=1`) on the same files when it
 * is installed (`apt-get install tesseract-ocr`; never needed by CI).
 *
 * - `first_ms`: the first page after start (worker start, model load, page);
 * - `median_ms` of the following runs, with one OCR worker
 *   (`DOCINTEL_OCR_WORKERS=1`), so both sides use one core;
 * - `ratio`: our median over the native median (target ≤ 1.2 on the dense page);
 * - `ratio_same_model`: the same against native tesseract reading with our
 *   best_int model (Debian ships the smaller tessdata_fast network).
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
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

/** `tessdataDir`: read with that folder's model (ours) instead of Debian's (tessdata_fast). */
function runNative(path: string, tessdataDir?: string): { ms: number; text: string } {
  const started = performance.now();
  const args = [path, '-', '--psm', '3', ...(tessdataDir ? ['--tessdata-dir', tessdataDir] : [])];
  const out = spawnSync('tesseract', args, { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  return { ms: performance.now() - started, text: out.stdout ?? '' };
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

export async function benchOcr(options: ParsedArgs['options'], log: (line: string) => void): Promise<Record<string, unknown>> {
  process.env.DOCINTEL_OCR_WORKERS ??= '1';
  const iterations = intOption(options, 'iterations', 3);
  const { makeScan } = await import('./lib/synthetic.ts');
  const { photoSet } = await import('./lib/photo-lookalikes.ts');
  const scan = await makeScan(1, 300);
  const cases: OcrCase[] = [{ name: 'dense-a4-300dpi', bytes: scan.png, extension: 'png', reference: scan.pages[0].join('\n') }];
  for (const photo of (await photoSet()).slice(0, 3)) cases.push({ name: photo.name, bytes: new Uint8Array(photo.bytes), extension: photo.bytes[0] === 0x89 ? 'png' : 'jpg' });

  const native = nativeTesseract();
  log(`OCR bench: ${iterations} runs per case after the first, 1 OCR worker; native: ${native ?? 'not installed'}`);
  const dir = await mkdtemp(join(tmpdir(), 'docintel-bench-ocr-'));
  const { ocrImage } = await import('../functions/engines/ocr/ocr-page.ts');
  const { terminateOcr } = await import('../functions/engines/ocr/tesseract-pool.ts');
  const results: Record<string, unknown>[] = [];
  const sameModel = native ? await ourModelFolder(dir) : undefined;
  try {
    let first: number | undefined;
    for (const c of cases) {
      const path = join(dir, `${c.name}.${c.extension}`);
      await writeFile(path, c.bytes);
      const ours: number[] = [];
      let text = '';
      // The very first page also starts the worker and loads the model: timed apart, then `iterations` more.
      const runs = iterations + (first === undefined ? 1 : 0);
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const page = await ocrImage({ image: c.bytes, autoOrient: true });
        const ms = performance.now() - started;
        text = page.text;
        if (first === undefined) first = ms;
        else ours.push(ms);
      }
      const nativeRuns = native ? Array.from({ length: iterations }, () => runNative(path)) : [];
      const sameModelRuns = sameModel ? Array.from({ length: iterations }, () => runNative(path, sameModel)) : [];
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
        cer: c.reference ? round(textScores(c.reference, text).cer, 4) : null,
        native_cer: c.reference && nativeRuns.length ? round(textScores(c.reference, nativeRuns[0].text).cer, 4) : null,
      });
      log(`  ${c.name}: ${JSON.stringify(results.at(-1))}`);
    }
    log('');
    log(
      formatTable(
        ['case', 'ms (median)', 'native ms', 'ratio', 'native best_int ms', 'ratio same model', 'CER', 'native CER'],
        results.map((r) => [r.case, r.median_ms, r.native_median_ms, r.ratio, r.native_best_int_ms, r.ratio_same_model, r.cer, r.native_cer] as (string | number | null)[]),
      ),
    );
    log("native: Debian's tesseract with its tessdata_fast model; native best_int: the same command with our model (same network)");
    log(`first page after start (workers started, model loaded): ${round(first ?? null, 0)} ms`);
    const machine = machineInfo();
    log(`machine: ${describeMachine(machine)}`);
    return { operation: 'ocr', native: native ?? null, iterations, first_page_ms: round(first ?? null, 0), cases: results, machine };
  } finally {
    await terminateOcr();
    await rm(dir, { recursive: true, force: true });
  }
}
