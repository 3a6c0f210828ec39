/**
 * Split with a hosted language model: every page's text (each cut to a
 * share of the budget, its start and end kept) and the segment classes go
 * into one forced tool call that returns the documents as page ranges. The
 * answer must cover every page once, in order, with known types; anything
 * else is out of schema and the local splitter answers. Standalone classes
 * are applied after the model: each of their pages is a document of its own.
 *
 * @module
 */
import { z } from 'zod';
import { HostedEngineError, type LanguageModel } from '../../contracts/hosted-models.ts';
import type { DomainGuidelines, Segment, SegmentClass, SplitPage } from '../split/splitter.ts';
import { callTool, DOCUMENT_IS_DATA, fenceDocument, MAX_DOCUMENT_TOKENS, pagedText } from './prompt-text.ts';

export interface HostedSplitOptions {
  readonly classes: readonly SegmentClass[];
  /** `use_thinking`: the model's extended reasoning where it has one. */
  readonly thorough: boolean;
  readonly guidelines?: DomainGuidelines;
  readonly signal?: AbortSignal;
}

export const SPLIT_TOOL = 'record_documents';
/** Pages past this are not sent: a packet that long is split locally (the answer alone would be thousands of tokens). */
export const MAX_SPLIT_PAGES = 300;
/** A page gets an equal share of the budget, between these. */
const PAGE_TOKENS = { min: 60, max: 1_500 } as const;
const OTHER = 'other';

const Answer = z.object({
  documents: z.array(z.object({ start_page: z.int().min(1), end_page: z.int().min(1), type: z.string().min(1) })).min(1),
});

function inputSchema(labels: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      documents: {
        type: 'array',
        description: 'The documents in the file, in page order; together they cover every page exactly once.',
        items: {
          type: 'object',
          properties: {
            start_page: { type: 'integer', minimum: 1 },
            end_page: { type: 'integer', minimum: 1 },
            type: { type: 'string', enum: labels },
          },
          required: ['start_page', 'end_page', 'type'],
        },
      },
    },
    required: ['documents'],
  };
}

function prompts(pages: readonly SplitPage[], options: HostedSplitOptions): { system: string; prompt: string } {
  const perPage = Math.max(PAGE_TOKENS.min, Math.min(PAGE_TOKENS.max, Math.floor(MAX_DOCUMENT_TOKENS / Math.max(1, pages.length))));
  const types = options.classes.map((c) => `- ${c.definition.label}: ${c.definition.description}${c.standalone ? ' (always one page per document)' : ''}`);
  const g = options.guidelines;
  const guidance = g
    ? [
        `Domain: ${g.domainName}.`,
        ...(g.identifierPatterns ? [`Identifiers that change between documents: ${g.identifierPatterns}`] : []),
        ...(g.bindingPatterns ? [`Phrases that bind a page to the one before: ${g.bindingPatterns}`] : []),
        ...(g.heuristics ? [`Rules: ${g.heuristics}`] : []),
        ...(g.examples ? [`Examples: ${g.examples}`] : []),
      ].join('\n')
    : '';
  return {
    system: [
      'You split a scanned or merged file into the separate documents it contains.',
      'A new document starts where the sender, the document number, the page numbering ("Page 1 of N") or the kind of document changes; pages continuing one document stay together.',
      `Type each document with one of the listed types, or "${OTHER}" when none fits. Call the tool once with every page covered.`,
      DOCUMENT_IS_DATA,
    ].join('\n'),
    prompt: [`Types:\n${types.join('\n')}\n- ${OTHER}: none of the above.`, ...(guidance ? [`Guidelines from the caller:\n${guidance}`] : []), `File of ${pages.length} pages:\n${fenceDocument(pagedText(pages, perPage))}`].join('\n\n'),
  };
}

export async function splitWithModel(model: LanguageModel, pages: readonly SplitPage[], options: HostedSplitOptions): Promise<Segment[]> {
  if (pages.length === 0) return [];
  if (pages.length > MAX_SPLIT_PAGES) throw new HostedEngineError('invalid_response', `${pages.length} pages is more than the ${MAX_SPLIT_PAGES} a language-model split reads`);
  const labels = [...new Set([...options.classes.map((c) => c.definition.label), OTHER])];
  const { system, prompt } = prompts(pages, options);
  const answer = await callTool(
    model,
    {
      system,
      prompt,
      tool: { name: SPLIT_TOOL, description: 'Records the documents of the file as page ranges.', inputSchema: inputSchema(labels) },
      // ~25 tokens per document; a document per page at worst.
      maxOutputTokens: Math.min(8_000, 200 + 30 * pages.length),
      reasoning: options.thorough,
      signal: options.signal,
    },
    Answer,
  );
  return toSegments(answer.documents, pages, labels, new Set(options.classes.filter((c) => c.standalone).map((c) => c.definition.label)));
}

/** Ranges in page order covering every page once, with known types; standalone types one page each. Else out of schema. */
function toSegments(documents: z.output<typeof Answer>['documents'], pages: readonly SplitPage[], labels: readonly string[], standalone: ReadonlySet<string>): Segment[] {
  const numbers = pages.map((p) => p.pageNumber);
  const sorted = [...documents].sort((a, b) => a.start_page - b.start_page);
  const refuse = (why: string): never => {
    throw new HostedEngineError('invalid_response', `the split answer ${why}`);
  };
  // Page numbers in the answer are the pages' own numbers (which may not start at 1 for a page range).
  let expected = numbers[0];
  const ranges: { start: number; end: number; type: string }[] = [];
  for (const d of sorted) {
    if (!labels.includes(d.type)) refuse('names a type outside the class set');
    if (d.start_page !== expected || d.end_page < d.start_page) refuse('leaves a gap or overlaps');
    if (standalone.has(d.type)) for (let p = d.start_page; p <= d.end_page; p++) ranges.push({ start: p, end: p, type: d.type });
    else ranges.push({ start: d.start_page, end: d.end_page, type: d.type });
    expected = d.end_page + 1;
  }
  if (expected !== numbers[numbers.length - 1] + 1) refuse('does not end at the last page');
  return ranges.map((r, i) => ({ document_index: i, start_page: r.start, end_page: r.end, type: r.type }));
}
