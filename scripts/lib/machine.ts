/**
 * What a measurement ran on, recorded beside every benchmark and evaluation
 * result (figures are only comparable on the same machine).
 *
 * @module
 */
import { arch, cpus, loadavg, platform, release, totalmem } from 'node:os';

export interface MachineInfo {
  readonly cpu_model: string;
  readonly cpu_count: number;
  readonly total_memory_bytes: number;
  readonly total_memory_gib: number;
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  readonly os_release: string;
  /** 1-, 5- and 15-minute load averages when measured (other work on the machine inflates timings). */
  readonly load_average: readonly number[];
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  const total = totalmem();
  return {
    cpu_model: list[0]?.model.trim() ?? 'unknown',
    cpu_count: list.length,
    total_memory_bytes: total,
    total_memory_gib: Math.round((total / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: platform(),
    arch: arch(),
    os_release: release(),
    load_average: loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

/** One line for console summaries. */
export const describeMachine = (m: MachineInfo): string =>
  `${m.cpu_model} × ${m.cpu_count}, ${m.total_memory_gib} GiB RAM, Node ${m.node}, ${m.platform}/${m.arch}, load ${m.load_average.join('/')}`;

/** Peak resident set size of this process so far, in bytes (`resourceUsage().maxRSS` is in KiB). */
export const peakRssBytes = (): number => process.resourceUsage().maxRSS * 1024;

/**
 * Samples `process.memoryUsage.rss()` while `work` runs and returns the
 * highest value seen (sampling stalls while the event loop is busy, so the
 * process-wide `peakRssBytes()` is the upper bound).
 */
export async function withRssSampling<T>(work: () => Promise<T>, intervalMs = 25): Promise<{ value: T; peakRss: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > peak) peak = rss;
  }, intervalMs);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakRss: peak };
  } finally {
    clearInterval(timer);
  }
}

export const mib = (bytes: number): number => Math.round((bytes / 1024 ** 2) * 10) / 10;
