/**
 * The evaluation bounds inside pdf.js's evaluator (evaluation-budget.ts),
 * through the real backend: forms, glyph programs and patterns that paint
 * each other are counted per page and per document and refused past the
 * limits (`document_corrupt`, details.reason `content_bomb`), the evaluator
 * gives the event loop turns (timers fire, an aborted signal stops it), and
 * ordinary nesting is untouched.
 *
 * Small limits keep these quick; the full-size bombs run through the API in
 * test/integration/hostile.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { DEFAULT_EVALUATION_LIMITS, type EvaluationLimits } from '../../../functions/engines/pdf/evaluation-budget.ts';
import { loadPdf } from '../../../functions/engines/pdf/pdf-text-backend.ts';
import { nestedFormBombPdf, patternFormBombPdf, type3FormBombPdf, wideFormBombPdf } from '../../../scripts/make-hostile-fixtures.ts';

const SMALL: EvaluationLimits = {
  ...DEFAULT_EVALUATION_LIMITS,
  maxEvaluationsPerPage: 300,
  maxEvaluationsPerDocument: 1_000,
  maxOperatorsPerPage: 20_000,
  maxOperatorsPerDocument: 50_000,
};

/** Opens and reads every page with graphics (text pass + operator list), then closes; returns the text. */
async function readAll(bytes: Uint8Array, evaluationLimits: EvaluationLimits = SMALL, signal?: AbortSignal): Promise<string> {
  const pdf = await loadPdf(bytes, { evaluationLimits, signal });
  try {
    const doc = await pdf.extract(undefined, { graphics: true, signal });
    return doc.pages.map((p) => p.text).join('\n');
  } finally {
    await pdf.close();
  }
}

async function refusal(run: Promise<unknown>): Promise<DocumentLoadError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

describe('pdf.js evaluation bounds', () => {
  it('reads ordinary nesting (a form painted a few times, two levels deep) with the default limits', async () => {
    const text = await readAll(nestedFormBombPdf(3, 2), DEFAULT_EVALUATION_LIMITS);
    expect(text).toContain('Nested forms');
  });

  it('refuses nested forms that paint each other past the evaluations a page may make', async () => {
    const error = await refusal(readAll(nestedFormBombPdf(10, 8)));
    expect(error.code).toBe('document_corrupt');
    expect(error.details).toMatchObject({ reason: 'content_bomb', page: 1, max_evaluations_per_page: SMALL.maxEvaluationsPerPage });
  });

  it('refuses the same tree behind a Type3 glyph and behind a tiling pattern', async () => {
    for (const bytes of [type3FormBombPdf(10, 8), patternFormBombPdf(10, 8)]) {
      const error = await refusal(readAll(bytes));
      expect(error.details).toMatchObject({ reason: 'content_bomb' });
    }
  });

  it('refuses a form with many operators painted many times past the operators a page may evaluate', async () => {
    const error = await refusal(readAll(wideFormBombPdf(5_000, 10, 2)));
    expect(error.details).toMatchObject({ reason: 'content_bomb', page: 1, max_operators_per_page: SMALL.maxOperatorsPerPage });
  });

  it('holds the document limit whatever the page limit', async () => {
    // The page limit is out of reach: the document's refuses.
    const limits: EvaluationLimits = { ...SMALL, maxEvaluationsPerPage: 1_000_000, maxEvaluationsPerDocument: 200, evaluationsPerPage: 0 };
    const error = await refusal(readAll(nestedFormBombPdf(10, 3), limits));
    expect(error.details).toMatchObject({ reason: 'content_bomb', max_evaluations: 200 });
    expect(error.details).not.toHaveProperty('page');
  });

  it('gives timers turns while it evaluates, and stops at the next turn once the signal aborts', async () => {
    const unbounded: EvaluationLimits = {
      ...DEFAULT_EVALUATION_LIMITS,
      maxEvaluationsPerPage: 1e12,
      maxEvaluationsPerDocument: 1e12,
      maxOperatorsPerPage: 1e12,
      maxOperatorsPerDocument: 1e12,
    };
    const controller = new AbortController();
    const reason = new Error('deadline');
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks++;
      if (ticks === 5) controller.abort(reason);
    }, 20);
    try {
      const error = await readAll(nestedFormBombPdf(10, 8), unbounded, controller.signal).then(
        () => undefined,
        (e: unknown) => e,
      );
      // Without turns the timer never fires, the signal never aborts, and this evaluates 10^8 forms.
      expect(ticks).toBeGreaterThanOrEqual(5);
      expect(error).toBe(reason);
    } finally {
      clearInterval(ticker);
    }
  }, 120_000);
});
