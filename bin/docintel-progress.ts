/**
 * The batch progress bar of `docintel batch`, on stderr: redrawn on a
 * terminal, a plain line every 2 s otherwise (CI, a log file). The ETA is
 * computed here: cli-progress prints "ETA NFs" until its buffer fills.
 */
import cliProgress from 'cli-progress';

export class BatchProgressBar {
  private bar: cliProgress.SingleBar | undefined;
  private startedAt = 0;
  private value = 0;
  private total = 0;
  private payload: Record<string, unknown> = {};

  start(phase: string, total: number): void {
    this.stop();
    this.bar = new cliProgress.SingleBar(
      {
        format: '{phase} [{bar}] {value}/{total} | done {done} failed {failed} | ETA {eta_text}',
        hideCursor: true,
        noTTYOutput: true,
        notTTYSchedule: 2000,
        stream: process.stderr,
      },
      cliProgress.Presets.shades_classic,
    );
    this.startedAt = Date.now();
    this.value = 0;
    this.total = total;
    this.payload = { phase, done: 0, failed: 0 };
    this.bar.start(total, 0, { ...this.payload, eta_text: eta(0, total, 0) });
  }

  advance(payload: Record<string, unknown> = {}): void {
    this.update(this.value + 1, payload);
  }

  update(value: number, payload: Record<string, unknown> = {}): void {
    this.value = value;
    this.payload = { ...this.payload, ...payload };
    this.bar?.update(value, { ...this.payload, eta_text: eta(value, this.total, Date.now() - this.startedAt) });
  }

  /** Idempotent: safe in a finally block. */
  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}

/** "12s", "3m05s", or "--" before the first item finished. */
export function eta(value: number, total: number, elapsedMs: number): string {
  if (value >= total) return '0s';
  if (value <= 0 || elapsedMs <= 0) return '--';
  const seconds = Math.round(((total - value) * elapsedMs) / value / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
