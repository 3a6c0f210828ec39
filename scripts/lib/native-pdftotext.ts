/**
 * Debian's `pdftotext` (poppler) as the yardstick of text-PDF parse speed:
 * the same file, timed in the same run as ours, so the ratio holds on a
 * shared or loaded machine where absolute times do not.
 *
 * @module
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The installed pdftotext's version line, or null when it is not installed. */
export function pdftotextVersion(): string | null {
  // pdftotext -v prints its version to stderr.
  const res = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) return null;
  return `${res.stderr}${res.stdout}`.split('\n')[0] || 'pdftotext';
}

/**
 * CPU milliseconds of this process's waited-for children (cutime + cstime
 * from /proc, 10 ms ticks; Linux only, else null): what a pdftotext run
 * used, less sensitive to a loaded machine than its wall time.
 */
export function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** A PDF kept on disk for repeated `pdftotext` runs; `dispose()` removes it. */
export interface NativePdfText {
  /** Wall and CPU (user + system) milliseconds of one `pdftotext <file> <out>` (plain text, default options). */
  time(): Promise<{ wallMs: number; cpuMs: number | null }>;
  dispose(): Promise<void>;
}

/** Null when pdftotext is not installed. */
export async function nativePdfText(bytes: Uint8Array): Promise<NativePdfText | null> {
  if (!pdftotextVersion()) return null;
  const dir = await mkdtemp(join(tmpdir(), 'docintel-pdftotext-'));
  const file = join(dir, 'in.pdf');
  await writeFile(file, bytes);
  return {
    async time() {
      const cpu = childrenCpuMs();
      const started = performance.now();
      await run('pdftotext', [file, join(dir, 'out.txt')]);
      const wallMs = performance.now() - started;
      const after = childrenCpuMs();
      return { wallMs, cpuMs: cpu === null || after === null ? null : after - cpu };
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
