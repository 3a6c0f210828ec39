/**
 * Bounds what pdf.js's content evaluator does for one document, and lets the
 * event loop breathe while it works.
 *
 * pdf.js evaluates a form XObject again on every `Do` (and a Type3 glyph's
 * program, a tiling pattern's cell), with no cache and no limit: a 2 KB PDF
 * whose forms paint each other ten times a level, eight levels deep, asks
 * for 10^8 evaluations. Its evaluator also never gives the event loop a turn:
 * it pauses every 20 ms on an already resolved promise (it expects to run in
 * a worker thread; here it runs on the request's thread), so no timer, no
 * deadline and no other organization's request got through meanwhile.
 *
 * So, in pdf.js's evaluator (`PartialEvaluator`, `EvaluatorPreprocessor`):
 * - every evaluation of a content stream (page, form, glyph program, pattern,
 *   annotation appearance; for text and for graphics) is counted per page and
 *   per document, and every operator read, likewise;
 * - past a limit the document is refused: `document_corrupt`, details.reason
 *   `content_bomb`; the refusal is recorded in the {@link DecodeBudget} and
 *   every later evaluation fails at once (pdf.js skips what fails and gets
 *   through the rest quickly);
 * - at each evaluation and at pdf.js's own 20-ms pauses, once
 *   `yieldEveryMs` passed since the last turn, the evaluator waits for the
 *   event loop (`setImmediate`): timers, I/O and other requests run, and an
 *   aborted request signal (the deadline) stops the evaluation there.
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DocumentLoadError } from '../../contracts/errors.ts';

export interface EvaluationLimits {
  /** Content streams one page may evaluate (its own, forms, glyph programs, patterns), text and graphics passes together. */
  readonly maxEvaluationsPerPage: number;
  /** The same for the whole document, before the per-page allowance. */
  readonly maxEvaluationsPerDocument: number;
  /** Operators one page may evaluate, all passes together. */
  readonly maxOperatorsPerPage: number;
  /** The same for the whole document, before the per-page allowance. */
  readonly maxOperatorsPerDocument: number;
  /** Added to the document limits per page of the document. */
  readonly evaluationsPerPage: number;
  readonly operatorsPerPage: number;
  /** The evaluator gives the event loop a turn at least this often (ms). */
  readonly yieldEveryMs: number;
}

/**
 * Real pages evaluate a few to a few hundred content streams (forms for
 * logos, symbols on a map, glyphs of Type3 fonts) and up to a few million
 * operators (vector plots); a page is evaluated two or three times (text,
 * graphics, render). pdf.js evaluates 40 thousand (20 engineers on 2 cores) to ~1 million operators a second here
 * on a loaded 2-core machine: the per-page operator limit keeps one page
 * within a few seconds of evaluation, well inside a request's 15 s.
 */
export const DEFAULT_EVALUATION_LIMITS: EvaluationLimits = {
  maxEvaluationsPerPage: 2_000,
  maxEvaluationsPerDocument: 20_000,
  maxOperatorsPerPage: 500_000,
  maxOperatorsPerDocument: 3_000_000,
  evaluationsPerPage: 500,
  operatorsPerPage: 50_000,
  yieldEveryMs: 10,
};

/** What one page has evaluated so far. */
export class PageEvaluation {
  evaluations = 0;
  operators = 0;
  constructor(
    readonly pageNumber: number,
    readonly document: EvaluationBudget,
  ) {}

  /** One more content stream evaluated on this page. */
  evaluation(): void {
    const document = this.document;
    document.evaluations++;
    if (++this.evaluations > document.limits.maxEvaluationsPerPage || document.evaluations > document.maxEvaluations) {
      document.refuse('evaluations', this);
    }
  }

  /** One more operator read on this page (hot: one call per operator). */
  operator(): void {
    const document = this.document;
    if (document.refusal) throw document.refusal;
    document.operators++;
    if (++this.operators > document.limits.maxOperatorsPerPage || document.operators > document.maxOperators) {
      document.refuse('operators', this);
    }
  }
}

/** What one document may evaluate; lives in its DecodeBudget. */
export class EvaluationBudget {
  evaluations = 0;
  operators = 0;
  maxEvaluations: number;
  maxOperators: number;
  /** The refusal, once a limit was passed. */
  refusal: DocumentLoadError | undefined;
  /** The request's signal: an abort stops evaluation at the next turn. */
  signal: AbortSignal | undefined;
  private readonly pages = new Map<number, PageEvaluation>();
  private lastTurn = Date.now();

  constructor(
    readonly limits: EvaluationLimits = DEFAULT_EVALUATION_LIMITS,
    /** Records the refusal where the decode bounds record theirs (DecodeBudget#trip). */
    private readonly trip: (error: DocumentLoadError) => never = (error) => {
      throw error;
    },
  ) {
    this.maxEvaluations = limits.maxEvaluationsPerDocument;
    this.maxOperators = limits.maxOperatorsPerDocument;
  }

  /** Raises the document limits by the per-page allowance, once the page count is known. */
  setPageCount(pages: number): void {
    this.maxEvaluations = this.limits.maxEvaluationsPerDocument + this.limits.evaluationsPerPage * pages;
    this.maxOperators = this.limits.maxOperatorsPerDocument + this.limits.operatorsPerPage * pages;
  }

  /** The counter of a page (pdf.js's 0-based `pageIndex`). */
  page(pageIndex: number): PageEvaluation {
    let page = this.pages.get(pageIndex);
    if (!page) this.pages.set(pageIndex, (page = new PageEvaluation(pageIndex + 1, this)));
    return page;
  }

  refuse(what: 'evaluations' | 'operators', page: PageEvaluation): never {
    const perPage = what === 'evaluations' ? this.limits.maxEvaluationsPerPage : this.limits.maxOperatorsPerPage;
    const perDocument = what === 'evaluations' ? this.maxEvaluations : this.maxOperators;
    const overPage = (what === 'evaluations' ? page.evaluations : page.operators) > perPage;
    const noun = what === 'evaluations' ? 'form, pattern or glyph programs' : 'drawing operators';
    const where = overPage ? `Page ${page.pageNumber} of the PDF` : 'The PDF';
    const limit = overPage ? perPage : perDocument;
    this.refusal ??= new DocumentLoadError(
      'document_corrupt',
      `${where} evaluates more than ${limit.toLocaleString('en-US')} ${noun} (forms that paint each other over and over: a content bomb); it was not processed.`,
      { details: { reason: 'content_bomb', ...(overPage ? { page: page.pageNumber } : {}), [`max_${what}${overPage ? '_per_page' : ''}`]: limit } },
    );
    return this.trip(this.refusal);
  }

  /**
   * Resolves at once, or after a turn of the event loop when `yieldEveryMs`
   * passed since the last; rejects once refused or aborted.
   */
  turn(): Promise<void> | undefined {
    this.checkLive();
    if (Date.now() - this.lastTurn < this.limits.yieldEveryMs) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.lastTurn = Date.now();
      this.checkLive();
    });
  }

  private checkLive(): void {
    if (this.refusal) throw this.refusal;
    this.signal?.throwIfAborted();
  }
}

// ---------------------------------------------------------------------------
// The patch of pdf.js's evaluator
// ---------------------------------------------------------------------------

/** The pdf.js worker module's private names this relies on (exported by the loader in pdfjs.ts). */
export const EVALUATOR_EXPORTS = ['PartialEvaluator', 'EvaluatorPreprocessor', 'deferred'] as const;

const pageScope = new AsyncLocalStorage<PageEvaluation>();
const COUNTER = Symbol('docintel.pageEvaluation');
const PATCHED = Symbol.for('docintel.evaluationBoundsInstalled');

type Method = (this: { pageIndex?: number }, ...args: unknown[]) => Promise<unknown>;

/**
 * Patches pdf.js's evaluator (in-process "fake worker"). `budgetOf` finds the
 * running request's budget (none: nothing is counted). Idempotent.
 *
 * @throws Error when the module lacks what this relies on (a pdf.js upgrade
 *   changed it): PDFs must not be evaluated unbounded.
 */
export function installEvaluationBounds(worker: Record<string, unknown>, budgetOf: () => EvaluationBudget | undefined): void {
  const evaluator = (worker.PartialEvaluator as { prototype?: Record<string | symbol, unknown> } | undefined)?.prototype;
  const preprocessor = (worker.EvaluatorPreprocessor as { prototype?: Record<string, unknown> } | undefined)?.prototype;
  const deferred = worker.deferred as Promise<void> | undefined;
  for (const [name, ok] of [
    ['PartialEvaluator#getOperatorList', typeof evaluator?.getOperatorList === 'function'],
    ['PartialEvaluator#getTextContent', typeof evaluator?.getTextContent === 'function'],
    ['EvaluatorPreprocessor#read', typeof preprocessor?.read === 'function'],
    ['deferred', deferred instanceof Promise],
  ] as const) {
    if (!ok) throw new Error(`pdf.js worker module does not expose ${name}: the evaluation bounds cannot be installed.`);
  }
  if (evaluator![PATCHED]) return;

  // Every evaluation of a content stream, text or graphics, nested or not, comes through these two.
  for (const name of ['getOperatorList', 'getTextContent'] as const) {
    const original = evaluator![name] as Method;
    evaluator![name] = async function (this: { pageIndex?: number }, ...args: unknown[]) {
      const budget = budgetOf();
      if (!budget) return original.apply(this, args);
      const page = budget.page(this.pageIndex ?? -1);
      page.evaluation();
      await budget.turn();
      return pageScope.run(page, () => original.apply(this, args));
    };
  }

  // One call per operator: counted against the page the evaluation belongs to.
  const read = preprocessor!.read as (this: Record<symbol, PageEvaluation | null>, operation: unknown) => boolean;
  preprocessor!.read = function (this: Record<symbol, PageEvaluation | null>, operation: unknown): boolean {
    const more = read.call(this, operation);
    if (more) {
      const page = this[COUNTER] === undefined ? (this[COUNTER] = pageScope.getStore() ?? null) : this[COUNTER];
      page?.operator();
    }
    return more;
  };

  // pdf.js pauses every 20 ms on this resolved promise (`next(deferred)`),
  // which gives the event loop no turn: within a request, it now does.
  const then = Promise.prototype.then;
  void Object.defineProperty(deferred, 'then', {
    value(this: Promise<void>, onFulfilled?: (value: void) => unknown, onRejected?: (reason: unknown) => unknown) {
      let turn: Promise<void> | undefined;
      try {
        turn = budgetOf()?.turn();
      } catch (error) {
        return then.call(Promise.reject(error), onFulfilled, onRejected);
      }
      return then.call(turn ?? this, onFulfilled, onRejected);
    },
  });

  Object.defineProperty(evaluator, PATCHED, { value: true });
}
