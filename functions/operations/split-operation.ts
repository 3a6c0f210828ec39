/**
 * Split as a pipeline operation (SPEC "POST /v1/split"): every page is
 * read (a boundary can be anywhere), then cut into typed ranges.
 *
 * @module
 */
import { DEFAULT_CLASSES, RouterQuery, SplitForm, SplitOptions } from '../contracts/schemas/classify.ts';
import { BUILT_IN_CLASSES, type ClassDefinition } from '../engines/classify/classes.ts';
import { classesFromDescriptions, contentWords } from '../engines/classify/classifier.ts';
import { splitPages, type SegmentClass } from '../engines/split/splitter.ts';
import { SPARSE_WORDS } from '../engines/split/pair-features.ts';
import { splitWithModel } from '../engines/hosted/split.ts';
import { fallbackMetadata, runLanguageModelEngine } from './language-model-engine.ts';
import type { OperationSpec } from '../pipeline/operation.ts';
import { extractForRequest } from './segmented-extract.ts';
import { readingMetadata } from './document-metadata.ts';

export const SPLITTER_MODEL = 'docintel-split@2';

/** Sentences of `examples` that mention a class add their words to that class. */
function withExamples(definition: ClassDefinition, examples: string | undefined): ClassDefinition {
  if (!examples) return definition;
  const name = definition.label.replace(/[_-]+/g, ' ').toLowerCase();
  const sentences = examples.split(/(?<=[.;\n])\s*/).filter((s) => s.toLowerCase().includes(name));
  if (sentences.length === 0) return definition;
  const phrases = { ...definition.phrases };
  for (const w of new Set(sentences.flatMap((s) => contentWords(s)))) if (!name.includes(w)) phrases[w] = Math.max(phrases[w] ?? 0, 1.5);
  for (const m of sentences.join(' ').matchAll(/["“'‘]([^"”'’]{2,60})["”'’]/gu)) phrases[m[1].toLowerCase()] = 3;
  return { ...definition, phrases };
}

export function segmentClasses(options: SplitOptions): SegmentClass[] {
  const custom = Object.entries(options.segment_classes ?? {});
  // extend_segment_classes is off whenever custom_domain_guidelines is set (SPEC).
  const extend = options.extend_segment_classes && !options.custom_domain_guidelines;
  const builtIn: SegmentClass[] = DEFAULT_CLASSES.map((l) => ({ definition: BUILT_IN_CLASSES[l], standalone: false }));
  const definitions = classesFromDescriptions(
    custom.map(([label, c]) => [label, c.description] as const),
    DEFAULT_CLASSES.map((l) => BUILT_IN_CLASSES[l].description),
  );
  const customClasses: SegmentClass[] = custom.map(([, c], i) => ({ definition: definitions[i], standalone: c.standalone }));
  const chosen = custom.length === 0 ? builtIn : extend ? [...builtIn.filter((b) => !options.segment_classes![b.definition.label]), ...customClasses] : customClasses;
  const examples = options.custom_domain_guidelines?.examples;
  return chosen.map((c) => ({ ...c, definition: withExamples(c.definition, examples) }));
}

export const splitOperation: OperationSpec<RouterQuery, SplitForm> = {
  operation: 'split',
  endpoint: '/v1/split',
  querySchema: RouterQuery,
  formSchema: SplitForm,
  forceRefresh: (q) => q.force_refresh,
  params: (q, f) => ({ options: f.options ?? null, ...(q.languages ? { languages: q.languages.join(',') } : {}) }),
  priceMode: () => 'fast',
  pageCap: () => undefined,
  async execute(context) {
    const { form, query } = context;
    const options = form.options ?? SplitOptions.parse({});
    const parsed = await extractForRequest(context, { graphics: false, textOnly: true, languages: query.languages });
    const g = options.custom_domain_guidelines;
    const pages = parsed.pages.map((p) => ({
      pageNumber: p.pageNumber,
      text: p.text,
      width: p.width,
      height: p.height,
      kind: parsed.kind,
      source: p.source,
      ...(p.signature ? { signature: p.signature } : {}),
    }));
    const splitOptions = {
      classes: segmentClasses(options),
      thorough: options.use_thinking,
      ...(g
        ? {
            guidelines: {
              domainName: g.domain_name,
              identifierPatterns: g.identifier_patterns,
              bindingPatterns: g.binding_patterns,
              heuristics: g.heuristics,
              examples: g.examples,
            },
          }
        : {}),
    };
    const answer = await runLanguageModelEngine(
      context.deps,
      'split',
      (model) => splitWithModel(model, pages, { ...splitOptions, signal: context.signal }),
      async () => splitPages(pages, splitOptions),
      context.signal,
      JSON.stringify(options),
    );
    const segments = answer.value;
    // Scanned pages on which OCR found little text: boundaries next to them rest on the page images.
    const thin = pages.filter((p) => p.source !== 'text-layer' && p.text.split(/\s+/).filter(Boolean).length < SPARSE_WORDS).map((p) => p.pageNumber);
    return {
      result: { segments },
      modelUsed: [...parsed.engines, answer.hostedModel ?? SPLITTER_MODEL].join('+'),
      pages: parsed.pages.length,
      metadata: {
        use_thinking: options.use_thinking,
        file_type: parsed.kind,
        ...readingMetadata(parsed),
        ...(g ? { domain_name: g.domain_name } : {}),
        ...(thin.length ? { ocr_limited_pages: thin } : {}),
        ...fallbackMetadata(answer),
      },
    };
  },
};
