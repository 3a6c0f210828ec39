/**
 * The daily page allowance of an organization's hk_test_ keys, charged in
 * two steps: one page before the document is opened (opening a hostile
 * document costs compute even when it is then refused), the rest once the
 * page count is known. Pages are given back for work that failed, but not
 * for work that ran past its deadline: that work used its whole budget.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { SANDBOX_LIMITS } from '../contracts/limits.ts';
import type { Principal } from '../middleware/http.ts';
import type { AppDeps } from '../runtime/deps.ts';

/** The deadline errors of the synchronous gateway (503) and of the workers (504). */
const DEADLINE_CODES: ReadonlySet<string> = new Set(['service_unavailable', 'processing_timeout']);

/** True when the work stopped because its time ran out (the caller stopped waiting, or a worker's limit). */
export function ranPastDeadline(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  if (error instanceof ApiError) return DEADLINE_CODES.has(error.code);
  return error instanceof Error && error.name === 'TimeoutError';
}

/** What one test-key request has counted against its organization's day; `undefined` for live keys. */
export class SandboxCharge {
  private charged: number;

  private constructor(
    private readonly deps: AppDeps,
    private readonly principal: Principal,
    private readonly day: string,
    private readonly cap: number,
  ) {
    this.charged = 0;
  }

  /**
   * Charges the first page before anything is opened: a day with no page
   * left answers 429 without reading the document.
   */
  static async beforeOpening(deps: AppDeps, principal: Principal): Promise<SandboxCharge | undefined> {
    if (principal.keyKind !== 'test') return undefined;
    const cap = principal.sandboxPagesPerDay ?? SANDBOX_LIMITS.testKeyPagesPerDay;
    const charge = new SandboxCharge(deps, principal, deps.clock.now().toISOString().slice(0, 10), cap);
    await charge.reserve(1, 1);
    return charge;
  }

  /** Pages counted so far (for tests and logs). */
  get pages(): number {
    return this.charged;
  }

  /** Raises the charge to the `pages` the request will read (at least the page already charged). */
  async extendTo(pages: number): Promise<void> {
    if (pages > this.charged) await this.reserve(pages - this.charged, pages);
  }

  /** Success: the charge becomes what was processed (classify reads only some pages), never below one page. */
  async settle(processed: number): Promise<void> {
    const keep = Math.max(1, processed);
    if (keep < this.charged) await this.giveBack(this.charged - keep);
  }

  /** Failure: everything is given back, unless the work ran past its deadline (then it all stays counted). */
  async abandon(error: unknown, signal: AbortSignal | undefined): Promise<void> {
    if (ranPastDeadline(error, signal)) return;
    await this.giveBack(this.charged);
  }

  private async giveBack(pages: number): Promise<void> {
    if (pages <= 0) return;
    this.charged -= pages;
    await this.deps.sandbox.release(this.principal.orgId, this.day, pages).catch(() => undefined);
  }

  private async reserve(pages: number, requestPages: number): Promise<void> {
    const decision = await this.deps.sandbox.reserve(this.principal.orgId, this.day, pages, this.cap);
    // `used` counts this request's own earlier page too; the caller is told what other requests used.
    if (!decision.allowed) throw this.refusal(requestPages, decision.used - this.charged);
    this.charged += pages;
  }

  private refusal(pages: number, used: number): ApiError {
    const now = this.deps.clock.now();
    const resetAt = new Date(`${this.day}T00:00:00Z`).getTime() + 86_400_000;
    const retryAfter = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
    return new ApiError(
      'sandbox_limit_exceeded',
      `hk_test_ keys of this organization may process ${this.cap} pages per UTC day; ${used} are used and this request needs ${pages}. ` +
        `Use an hk_live_ key, or retry after ${retryAfter} s.`,
      {
        headers: { 'Retry-After': String(retryAfter) },
        details: { pages, used_today: used, max_pages_per_day: this.cap, retry_after_seconds: retryAfter },
      },
    );
  }
}
