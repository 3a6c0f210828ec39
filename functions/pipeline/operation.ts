/**
 * What an operation plugs into the request pipeline. The pipeline does the
 * shared work (document lookup, limits, cache, storage, billing, async
 * jobs); the operation only validates its options and turns a document
 * into a result.
 *
 * @module
 */
import type { z } from 'zod';
import type { TierLimits } from '../contracts/limits.ts';
import type { Operation, PriceMode } from '../contracts/prices.ts';
import type { OpenedDocument } from '../engines/registry.ts';
import type { Principal } from '../middleware/http.ts';
import type { AppDeps } from '../runtime/deps.ts';
import type { DocumentInput } from './document-input.ts';
import type { AssetCollector } from './signed-assets.ts';

export interface OperationContext<Q, F> {
  readonly deps: AppDeps;
  readonly principal: Principal;
  readonly requestId: string;
  readonly query: Q;
  readonly form: F;
  readonly input: DocumentInput;
  readonly document: OpenedDocument;
  /** The raised limits apply: process in segments. */
  readonly raised: boolean;
  readonly assets: AssetCollector;
  /** Aborted when the caller stopped waiting (synchronous deadline); pass it to long work. */
  readonly signal?: AbortSignal;
}

export interface OperationOutput {
  readonly result: Record<string, unknown>;
  readonly modelUsed: string;
  readonly pages: number;
  /** Operation-specific metadata (parse: file_type; redact: mode). */
  readonly metadata: Record<string, unknown>;
}

export interface OperationSpec<Q = any, F = any> {
  readonly operation: Operation;
  readonly endpoint: string;
  readonly querySchema: z.ZodType<Q>;
  readonly formSchema: z.ZodType<F>;
  forceRefresh(query: Q): boolean;
  /** The options that change the result: part of the cache key and of `request_params`. */
  params(query: Q, form: F): Record<string, unknown>;
  priceMode(query: Q): PriceMode;
  /** The page cap for this request, or undefined for none. */
  pageCap(query: Q, limits: TierLimits, raised: boolean): number | undefined;
  /**
   * The most pages this request may have when answered synchronously, so it
   * answers inside API Gateway's 29 s (a SYNC_* limit of contracts/limits.ts);
   * over it → 413 with the X-Async hint, before any billable work. Jobs and
   * batch items have no such cap. @default none
   */
  syncPageCap?(query: Q): number | undefined;
  /**
   * The pages this request will read, given the page count, when it reads
   * only some (classify): the open-time OCR scan and the synchronous OCR cap
   * then consider those pages only. @default every page
   */
  pagesOfInterest?(query: Q, form: F, pageCount: number): readonly number[];
  /** Tier and feature checks that do not need the document (403 plan_required). */
  authorize?(query: Q, principal: Principal): void;
  execute(context: OperationContext<Q, F>): Promise<OperationOutput>;
}
