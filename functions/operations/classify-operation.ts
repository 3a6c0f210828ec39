/**
 * Classify as a pipeline operation (SPEC "POST /v1/classify"): reads only
 * the pages its budgets ask for, and bills those pages.
 *
 * @module
 */
import { ClassifyForm, ClassifyOptions, RouterQuery } from '../contracts/schemas/classify.ts';
import { buildClassSet } from '../engines/classify/class-set.ts';
import { classifyText } from '../engines/classify/classifier.ts';
import { budgetFor, pagesToRead, withinBudget, type ReadingBudget } from '../engines/classify/reading.ts';
import { classifyWithModel } from '../engines/hosted/classify.ts';
import { fallbackMetadata, runLanguageModelEngine } from './language-model-engine.ts';
import type { OperationSpec } from '../pipeline/operation.ts';
import { readingMetadata } from './document-metadata.ts';

export const CLASSIFIER_MODEL = 'docintel-classify@2';

function readingBudget(form: ClassifyForm): ReadingBudget {
  const options = form.options ?? ClassifyOptions.parse({});
  return budgetFor(options.mode, {
    startTokens: options.start_token_budget,
    endTokens: options.end_token_budget,
    maxStartPages: options.max_start_pages,
    maxEndPages: options.max_end_pages,
  });
}

export const classifyOperation: OperationSpec<RouterQuery, ClassifyForm> = {
  operation: 'classify',
  endpoint: '/v1/classify',
  querySchema: RouterQuery,
  formSchema: ClassifyForm,
  forceRefresh: (q) => q.force_refresh,
  params: (q, f) => ({ options: f.options ?? null, ...(q.languages ? { languages: q.languages.join(',') } : {}) }),
  priceMode: () => 'fast',
  pageCap: () => undefined,
  // Only the budgeted pages are scanned at open, extracted and billed: a 200-page PDF is not read whole.
  pagesOfInterest: (_q, f, pageCount) => pagesToRead(pageCount, readingBudget(f)),
  async execute({ deps, query, form, document, signal }) {
    const options = form.options ?? ClassifyOptions.parse({});
    const budget = readingBudget(form);
    // An e-mail is classified by its message (headers and body); its attachments are documents of their own and are not read.
    const wanted = pagesToRead(document.messagePages?.page_end ?? document.pageCount, budget);
    const parsed = await document.extract(wanted, { signal, graphics: false, textOnly: true, languages: query.languages, visibleOnly: true });
    const read = withinBudget(
      parsed.pages.map((p) => ({ pageNumber: p.pageNumber, text: p.text })),
      budget,
    );
    // The learned model reads the page shape and the file kind too.
    const size = new Map(parsed.pages.map((p) => [p.pageNumber, { width: p.width, height: p.height }]));
    const pages = read.pages.map((p) => ({ ...p, ...size.get(p.pageNumber), kind: parsed.kind }));
    const common = {
      classes: buildClassSet({ type: options.active_classes_type, active: options.active_classes, custom: options.custom_llm_classes }),
      depth: options.mode,
      systemInstruction: options.system_instruction,
      domains: options.domain_options?.split(/[,;|]/).map((d) => d.trim().toLowerCase()).filter(Boolean),
      neighbors: options.confusion_neighbors,
      nonDomainLabel: options.non_domain_label ?? 'other',
      nonDomainExitLabel: options.non_domain_exit_label,
    };
    // The same budgeted pages either way: the token budgets bound what the language model is sent.
    const answer = await runLanguageModelEngine(
      deps,
      'classify',
      (model) => classifyWithModel(model, pages, { ...common, signal }),
      async () => classifyText(pages, common),
      signal,
      // What the caller adds to the prompt (the built-in class set is ours and fixed).
      JSON.stringify([options.custom_llm_classes, options.system_instruction, options.confusion_neighbors, options.domain_options]),
    );
    const result = answer.value;
    return {
      result: { label: result.label, confidence: result.confidence, candidates: result.candidates },
      modelUsed: [...parsed.engines, answer.hostedModel ?? CLASSIFIER_MODEL].join('+'),
      pages: read.pages.length,
      metadata: {
        mode: options.mode,
        document_pages: document.pageCount,
        pages_read: read.pages.map((p) => p.pageNumber),
        tokens_read: read.tokens,
        file_type: parsed.kind,
        ...readingMetadata(parsed),
        ...fallbackMetadata(answer),
      },
    };
  },
};
