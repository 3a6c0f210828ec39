/**
 * The request pipeline every inference operation runs through, synchronous
 * or as a job: document lookup and ceilings, page caps before billable work,
 * the per-organization result cache, storing the request for 30 days, and
 * the billing ledger.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { LIFETIMES, SYNC_OCR_MAX_PAGES, TIER_LIMITS, type TierLimits } from '../contracts/limits.ts';
import { unitPriceMicroUsd } from '../contracts/prices.ts';
import { objectKeys } from '../contracts/storage.ts';
import { openDocument } from '../engines/registry.ts';
import type { Principal } from '../middleware/http.ts';
import type { CacheEntry, SignedAsset } from '../ports/requests.ts';
import type { AppDeps } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';
import { cacheDigest, contentHash, engineCacheTag } from './cache-policy.ts';
import { OcrFallbackLog, trackOcrFallbacks, withOcrFallback } from './ocr-fallback.ts';
import { loadDocumentInput, type DocumentInput } from './document-input.ts';
import { enginesForRequest, type HostedEnginesOff } from './engines-for-key.ts';
import type { OperationSpec } from './operation.ts';
import { PagesRead, trackPagesRead } from './pages-read.ts';
import { ranPastDeadline, SandboxCharge } from './sandbox.ts';
import { AssetCollector, resignAssets } from './signed-assets.ts';

export interface Submission<Q, F> {
  readonly requestId: string;
  readonly principal: Principal;
  readonly query: Q;
  readonly form: F & { document_key: string };
  /**
   * The document, already being looked up by the caller (the synchronous endpoint starts it beside
   * its concurrency slot); absent → looked up here. Only without raised limits: those look it up here.
   */
  readonly input?: Promise<DocumentInput>;
  /**
   * Called with the answer once it is final, before it is stored (the synchronous endpoint serialises
   * and compresses it meanwhile); it may hand back the answer's JSON, which is then stored as it is
   * instead of being serialised again. Not called for a retried batch item's own stored result.
   */
  readonly onEnvelope?: (envelope: Envelope) => string | undefined;
  readonly forceRefresh: boolean;
  readonly raised: boolean;
  /** Answered within the HTTP request (not a job): the synchronous OCR budget applies. */
  readonly synchronous: boolean;
  /**
   * Aborted when the caller stopped waiting: the work stops, and a result
   * finished too late is neither stored, cached nor billed (the caller got
   * a 503, not this result).
   */
  readonly signal?: AbortSignal;
  /**
   * A batch item: billed at the batch rate, and the billing row is keyed by
   * the batch's creation time and the item's request id, so every attempt
   * of the item writes the same row (recorded once).
   */
  readonly batch?: { readonly createdAt: string };
  /**
   * The time the billing row carries when it must be the same on every
   * attempt (an async job: its acceptance time), so a retried job writes
   * its one row again instead of a second one. @default now
   */
  readonly billedAt?: string;
}

/** The open's own page refusal, for a document over the request's cap, told as the cap (same message and hint as after opening). */
function asPageCapError(error: unknown, cap: number | undefined, raisedAvailable: boolean): ApiError | undefined {
  if (cap === undefined || !(error instanceof ApiError) || error.code !== 'page_limit_exceeded') return undefined;
  const pages = error.details?.pages;
  return typeof pages === 'number' && pages > cap ? pageCapError(cap, pages, raisedAvailable) : undefined;
}

export type Envelope = Record<string, any> & { request_id: string; metadata: Record<string, any> };

function pageCapError(cap: number, pages: number, raisedAvailable: boolean): ApiError {
  return new ApiError('page_limit_exceeded', `This request accepts at most ${cap} pages; the document has ${pages}.`, {
    details: {
      pages,
      max_pages: cap,
      ...(raisedAvailable ? { hint: 'Send X-Async: true from the API to use the raised limits of the custom tier.' } : {}),
    },
  });
}

async function storeRequest(
  deps: AppDeps,
  spec: OperationSpec,
  submission: Submission<unknown, unknown>,
  input: DocumentInput,
  envelope: Envelope,
  assets: readonly SignedAsset[],
  cached: boolean,
  receivedAt: Date,
): Promise<void> {
  const { orgId } = submission.principal;
  const serialized = submission.onEnvelope?.(envelope) ?? JSON.stringify(envelope);
  // SPEC snapshot `created_at`: the time of the original request — a job's acceptance, a batch's
  // submission, else when this request arrived — not when its result was stored.
  const createdAt = new Date(submission.billedAt ?? submission.batch?.createdAt ?? receivedAt);
  const responseKey = objectKeys.storedResponse(orgId, submission.requestId);
  const inputKey = objectKeys.storedInput(orgId, submission.requestId);
  await Promise.all([
    deps.blobs.put(responseKey, serialized, 'application/json'),
    // The upload lives 24 h; stored requests keep their own copy for 30 days.
    deps.blobs.copy(input.record.objectKey, inputKey),
  ]);
  await deps.requests.put({
    requestId: submission.requestId,
    orgId,
    endpoint: spec.endpoint,
    operation: spec.operation,
    status: 'completed',
    filename: input.record.filename,
    pageCount: envelope.metadata.pages,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + LIFETIMES.storedRequestSeconds * 1000).toISOString(),
    requestParams: spec.params(submission.query, submission.form),
    responseKey,
    inputKey,
    inputContentType: input.record.contentType,
    assets,
    cached,
  });
}

async function serveFromCache(
  deps: AppDeps,
  spec: OperationSpec,
  submission: Submission<unknown, unknown>,
  input: DocumentInput,
  entry: CacheEntry,
  startedAt: number,
  receivedAt: Date,
): Promise<Envelope> {
  const stored = JSON.parse(Buffer.from(await deps.blobs.getBytes(entry.responseKey)).toString('utf8')) as Envelope;
  const fresh = await resignAssets(stored, entry.assets, deps.blobs, deps.clock.now());
  const envelope: Envelope = {
    ...fresh,
    request_id: submission.requestId,
    duration_ms: Date.now() - startedAt,
    metadata: { ...fresh.metadata, filename: input.record.filename, cached: true, cached_request_id: entry.requestId },
  };
  await storeRequest(deps, spec, submission, input, envelope, entry.assets, true, receivedAt);
  return envelope;
}

/**
 * One usage row for a live key. Recording is idempotent per row key; batch
 * items use their stable request id and the batch's creation time, so every
 * attempt of an item writes the same row.
 */
async function bill<Q, F>(deps: AppDeps, spec: OperationSpec<Q, F>, submission: Submission<Q, F>, pages: number, now: Date): Promise<void> {
  const { principal, query } = submission;
  if (principal.keyKind !== 'live') return;
  const mode = spec.priceMode(query);
  const unit = unitPriceMicroUsd(spec.operation, mode, Boolean(submission.batch));
  await deps.ledger.record({
    orgId: principal.orgId,
    keyId: principal.keyId,
    requestId: submission.requestId,
    operation: spec.operation,
    mode,
    pages,
    unitPriceMicroUsd: unit,
    amountMicroUsd: unit * pages,
    batch: Boolean(submission.batch),
    createdAt: submission.batch?.createdAt ?? submission.billedAt ?? now.toISOString(),
  });
}

/** Runs one inference request to its envelope, or throws the ApiError the caller should see. */
export async function runInference<Q, F>(appDeps: AppDeps, spec: OperationSpec<Q, F>, submission: Submission<Q, F>): Promise<Envelope> {
  const startedAt = Date.now();
  const { principal, query } = submission;
  // A test key whose organization has hosted engines turned off sees a deployment of local engines only (cache tag included).
  const { deps, hostedOff } = enginesForRequest(appDeps, principal);
  const receivedAt = deps.clock.now();
  spec.authorize?.(query, principal);
  const limits = TIER_LIMITS[principal.tier];
  const cap = spec.pageCap(query, limits, submission.raised);
  const input = await (submission.input && !submission.raised
    ? submission.input
    : loadDocumentInput(deps, principal, submission.form.document_key, { raised: submission.raised }));

  // The content hash is remembered per object version, so a cache hit needs no download.
  let sha256 = input.knownSha256;
  if (!sha256) {
    sha256 = contentHash(await input.readBytes());
    if (input.etag) await deps.documents.rememberContentHash(principal.orgId, input.record.documentKey, input.etag, sha256);
  }
  const digest = cacheDigest(
    spec.operation,
    sha256,
    spec.params(query, submission.form),
    principal.keyKind,
    engineCacheTag(deps.engines, deps.hosted),
    deps.codeRevision,
  );
  if (!submission.forceRefresh) {
    const entry = await deps.cache.get(principal.orgId, digest, deps.clock.now());
    if (entry) {
      if (cap !== undefined && entry.pageCount > cap) throw pageCapError(cap, entry.pageCount, Boolean(limits.raised));
      if (entry.requestId === submission.requestId) {
        // A retry of this very request (a batch item whose worker stopped after caching its result):
        // its own stored result, billed (once: same row key) as the earlier attempt may not have been.
        const stored = JSON.parse(Buffer.from(await deps.blobs.getBytes(entry.responseKey)).toString('utf8')) as Envelope;
        const envelope = (await resignAssets(stored, entry.assets, deps.blobs, deps.clock.now())) as Envelope;
        await bill(deps, spec, submission, entry.pageCount, deps.clock.now());
        return envelope;
      }
      return serveFromCache(deps, spec, submission, input, entry, startedAt, receivedAt);
    }
  }

  // A test key's first page is counted before the document is opened (a day with nothing left reads nothing);
  // it is given back if the work fails, kept if the work ran past its deadline.
  const sandbox = await SandboxCharge.beforeOpening(deps, principal);
  const progress: WorkProgress = { pagesRead: new PagesRead(), opened: false, billed: false };
  try {
    return await openAndRun(deps, spec, submission, { input, cap, limits, digest, sandbox, startedAt, receivedAt, hostedOff, progress });
  } catch (error) {
    await sandbox?.abandon(error, submission.signal);
    await meterPastDeadline(deps, spec, submission, error, progress);
    throw error;
  }
}

/** What the work got through: the pages it read, whether it began opening the document, whether its billing row is written. */
interface WorkProgress {
  readonly pagesRead: PagesRead;
  opened: boolean;
  billed: boolean;
}

/**
 * Work that ran past its deadline (503 of a synchronous call, 504 of a job) used the compute
 * all the same: a live key is billed for the pages read before it stopped, at least one once the
 * document was being opened (opening is work too); work stopped before that is not billed. Batch
 * items are billed only when they succeed (SPEC "Prices").
 */
async function meterPastDeadline<Q, F>(
  deps: AppDeps,
  spec: OperationSpec<Q, F>,
  submission: Submission<Q, F>,
  error: unknown,
  progress: WorkProgress,
): Promise<void> {
  if (!progress.opened || progress.billed || submission.batch || submission.principal.keyKind !== 'live' || !ranPastDeadline(error, submission.signal)) return;
  const pages = Math.max(1, progress.pagesRead.count);
  // The answer is the deadline's either way; a lost row is logged (no document content in it).
  await bill(deps, spec, submission, pages, deps.clock.now()).catch((failure: unknown) => {
    logger.error('usage row of work past its deadline not written', { operation: spec.operation, pages, error: String(failure) });
  });
}

interface RunContext {
  readonly input: DocumentInput;
  readonly cap: number | undefined;
  readonly limits: TierLimits;
  readonly digest: string;
  readonly sandbox: SandboxCharge | undefined;
  readonly startedAt: number;
  readonly receivedAt: Date;
  readonly hostedOff: HostedEnginesOff | undefined;
  readonly progress: WorkProgress;
}

/** Refusals that need the page count (synchronous OCR and page budgets), before any billable work. */
function checkOpenedCaps<Q, F>(
  spec: OperationSpec<Q, F>,
  submission: Submission<Q, F>,
  document: { pageCount: number; ocrPageCount?: number },
): void {
  const ocrPages = document.ocrPageCount ?? 0;
  if (submission.synchronous && ocrPages > SYNC_OCR_MAX_PAGES) {
    throw new ApiError(
      'page_limit_exceeded',
      `${ocrPages} pages need OCR; synchronous requests OCR at most ${SYNC_OCR_MAX_PAGES} pages to answer within 29 s. Send X-Async: true and poll the job.`,
      { details: { ocr_pages: ocrPages, max_ocr_pages_sync: SYNC_OCR_MAX_PAGES, hint: 'X-Async: true' } },
    );
  }
  const syncCap = submission.synchronous ? spec.syncPageCap?.(submission.query) : undefined;
  if (syncCap !== undefined && document.pageCount > syncCap) {
    throw new ApiError(
      'page_limit_exceeded',
      `This document has ${document.pageCount} pages; a synchronous ${spec.operation} processes at most ${syncCap} to answer within 29 s. Send X-Async: true and poll the job.`,
      { details: { pages: document.pageCount, max_pages_sync: syncCap, hint: 'X-Async: true' } },
    );
  }
}

/** Opens the document within the request's caps, runs the operation, then stores, bills and caches its result (in that order). */
async function openAndRun<Q, F>(deps: AppDeps, spec: OperationSpec<Q, F>, submission: Submission<Q, F>, run: RunContext): Promise<Envelope> {
  const { principal, query } = submission;
  const { input, cap, limits, sandbox } = run;
  const pagesOfInterest = spec.pagesOfInterest;
  const ocrFallbacks = new OcrFallbackLog();
  const pageText = deps.engines?.ocr === 'textract' ? deps.hosted?.pageText : undefined;
  // Work whose deadline passed before it opened anything stops here, unmetered.
  submission.signal?.throwIfAborted();
  run.progress.opened = true;
  const opened = await openDocument(
    await input.readBytes(),
    { declaredKind: input.record.kind, filename: input.record.filename },
    {
      ...(pagesOfInterest ? { pagesOfInterest: (pageCount: number) => pagesOfInterest(query, submission.form, pageCount) } : {}),
      // Opening reads pages too (the PDF OCR scan): it stops when the request's deadline passes.
      signal: submission.signal,
      // Over the tier's cap is refused from the page count, before any page is read.
      ...(cap !== undefined ? { maxPages: cap } : {}),
      ...(pageText ? { pageText } : {}),
    },
  ).catch((error: unknown) => {
    throw asPageCapError(error, cap, Boolean(limits.raised)) ?? error;
  });
  const document = trackPagesRead(pageText ? trackOcrFallbacks(opened, ocrFallbacks) : opened, run.progress.pagesRead);
  try {
    // Page caps are checked before any billable work.
    if (cap !== undefined && document.pageCount > cap) throw pageCapError(cap, document.pageCount, Boolean(limits.raised));
    checkOpenedCaps(spec, submission, document);
    const pagesToRead = pagesOfInterest ? pagesOfInterest(query, submission.form, document.pageCount).length : document.pageCount;
    // The rest of the sandbox charge (one conditional write, ~30 ms) runs beside the work instead of before it:
    // a refusal aborts the work at its next step and is the answer; nothing is stored, cached or billed
    // before the charge is granted (page images redact stored meanwhile expire with the bucket rules).
    const refusal = new AbortController();
    const signal = submission.signal ? AbortSignal.any([submission.signal, refusal.signal]) : refusal.signal;
    const reservation = (sandbox?.extendTo(pagesToRead) ?? Promise.resolve()).catch((error: unknown) => {
      refusal.abort(error);
      throw error;
    });
    // Awaited below on every path; this only keeps an early refusal from counting as unhandled.
    reservation.catch(() => undefined);
    try {
      const assets = new AssetCollector(deps.blobs, () => deps.clock.now());
      const output = await spec.execute({
        deps,
        principal,
        requestId: submission.requestId,
        query,
        form: submission.form,
        input,
        document,
        raised: submission.raised,
        assets,
        signal,
      });
      await reservation;
      submission.signal?.throwIfAborted();
      const envelope: Envelope = {
        status: 'success',
        request_id: submission.requestId,
        task: spec.operation,
        model_used: output.modelUsed,
        result: output.result,
        duration_ms: Date.now() - run.startedAt,
        metadata: {
          pages: output.pages,
          ...withOcrFallback(output.metadata, ocrFallbacks.fallback()),
          source: 'document_key',
          filename: input.record.filename,
          file_size: input.size,
          cached: false,
          ...(run.hostedOff ? { hosted_engines_off: run.hostedOff } : {}),
        },
        ...(assets.earliestExpiry ? { assets_expire_at: assets.earliestExpiry.toISOString() } : {}),
      };
      await storeBillAndCache(deps, spec, submission, run, envelope, assets.assets, output.pages);
      // The sandbox counts what was processed (classify reads only some pages).
      await sandbox?.settle(output.pages);
      return envelope;
    } catch (error) {
      // A refused reservation is the answer (the work stopped because of it).
      await reservation;
      throw error;
    }
  } finally {
    await document.close();
  }
}

/**
 * The billing row is written before the cache entry: a failed ledger write
 * fails the request and leaves nothing a later request could get for free.
 */
async function storeBillAndCache<Q, F>(
  deps: AppDeps,
  spec: OperationSpec<Q, F>,
  submission: Submission<Q, F>,
  run: RunContext,
  envelope: Envelope,
  assets: readonly SignedAsset[],
  pages: number,
): Promise<void> {
  const { orgId } = submission.principal;
  await storeRequest(deps, spec, submission, run.input, envelope, assets, false, run.receivedAt);
  const now = deps.clock.now();
  await bill(deps, spec, submission, pages, now);
  run.progress.billed = true;
  // A local stand-in for a throttled or failing hosted engine is not cached: the next request asks the hosted engine again.
  if (envelope.metadata.engine_fallback) return;
  await deps.cache.put(orgId, run.digest, {
    requestId: submission.requestId,
    responseKey: objectKeys.storedResponse(orgId, submission.requestId),
    assets,
    pageCount: pages,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIFETIMES.resultCacheSeconds * 1000).toISOString(),
  });
}
