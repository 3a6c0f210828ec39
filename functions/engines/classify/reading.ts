/**
 * What a classification reads: the first pages up to a token budget and the
 * last pages up to another, so a 200-page document is judged on a few pages
 * and only those pages are ever extracted. A token here is a
 * whitespace-separated word.
 *
 * @module
 */
import type { ClassifyPage, Depth } from './classifier.ts';

export interface ReadingBudget {
  readonly startTokens: number;
  readonly endTokens: number;
  readonly maxStartPages: number;
  readonly maxEndPages: number;
}

/** `fast` reads the first page only, within at most 800 tokens. */
export function budgetFor(depth: Depth, budget: ReadingBudget): ReadingBudget {
  if (depth !== 'fast') return budget;
  return { startTokens: Math.min(budget.startTokens, 800), endTokens: 0, maxStartPages: 1, maxEndPages: 0 };
}

/** Page numbers (1-based, ascending) to extract for a document of `pageCount` pages. */
export function pagesToRead(pageCount: number, budget: ReadingBudget): number[] {
  const start = Array.from({ length: Math.min(pageCount, budget.maxStartPages) }, (_, i) => i + 1);
  const end = Array.from({ length: Math.min(pageCount, budget.maxEndPages) }, (_, i) => pageCount - i);
  return [...new Set([...start, ...end])].sort((a, b) => a - b);
}

/** The extracted pages cut to the token budgets: words from the start, then from the end. */
export function withinBudget(pages: readonly ClassifyPage[], budget: ReadingBudget): { pages: ClassifyPage[]; tokens: number } {
  const startPages = pages.filter((p) => p.pageNumber <= budget.maxStartPages);
  const endPages = pages.filter((p) => p.pageNumber > budget.maxStartPages);
  const out: ClassifyPage[] = [];
  let tokens = 0;
  let left = budget.startTokens;
  for (const page of startPages) {
    if (left <= 0) break;
    const kept = cut(page.text, left, 'start');
    left -= kept.tokens;
    tokens += kept.tokens;
    out.push({ pageNumber: page.pageNumber, text: kept.text });
  }
  left = budget.endTokens;
  const tail: ClassifyPage[] = [];
  for (const page of [...endPages].reverse()) {
    if (left <= 0) break;
    const kept = cut(page.text, left, 'end');
    left -= kept.tokens;
    tokens += kept.tokens;
    tail.unshift({ pageNumber: page.pageNumber, text: kept.text });
  }
  return { pages: [...out, ...tail], tokens };
}

/** Keeps at most `budget` words of a text, from its start or its end, keeping line breaks. */
function cut(text: string, budget: number, from: 'start' | 'end'): { text: string; tokens: number } {
  const parts = text.split(/(\s+)/);
  const words = parts.filter((p) => p.trim()).length;
  if (words <= budget) return { text, tokens: words };
  let count = 0;
  const ordered = from === 'start' ? parts : [...parts].reverse();
  const kept: string[] = [];
  for (const part of ordered) {
    if (part.trim()) {
      if (count >= budget) break;
      count++;
    }
    kept.push(part);
  }
  return { text: (from === 'start' ? kept : kept.reverse()).join(''), tokens: count };
}
