/**
 * Builds a route's Lambda handler: middy with the shared middlewares first,
 * the route's own function last. Handlers stay a few lines long.
 *
 * @example
 * export const createHandler = (getDeps: DepsProvider = defaultDeps) =>
 *   endpoint({ getDeps }, async ({ principal }) => json(200, limitsFor(principal)));
 * export const handler = createHandler();
 *
 * @module
 */
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { ApiError } from '../contracts/errors.ts';
import { LIFETIMES } from '../contracts/limits.ts';
import { objectKeys } from '../contracts/storage.ts';
import type { AppDeps, DepsProvider } from '../runtime/deps.ts';
import { authenticate } from './authenticate.ts';
import { deadlineExceeded, httpErrors } from './http-errors.ts';
import type { ApiEvent, ApiResult, DocintelContext, Principal, RequestState } from './http.ts';
import { fitResponse, type ResponseOffloader } from './response-size.ts';

export interface EndpointRequest {
  readonly event: ApiEvent;
  readonly state: RequestState;
  readonly principal: Principal;
  readonly deps: AppDeps;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /**
   * Aborted (with the 503 `deadlineExceeded` error) `DEADLINE_CLEANUP_MS`
   * before middy answers for the deadline, so work nobody waits for stops. Per request: middy's own
   * signal is one controller shared by every request of the process, which
   * would cancel all concurrent requests of the local server at once.
   */
  readonly signal: AbortSignal;
  /**
   * Starts fitting `result` for the wire (compressing or offloading it, see response-size.ts) at once,
   * while the function finishes other work (storing what it answers); when the function then returns
   * this same result, the endpoint answers with what was fitted instead of fitting it again.
   */
  readonly fitEarly: (result: ApiResult) => void;
}

export interface EndpointOptions {
  /** The handler passes the composition root's `defaultDeps` (tests pass fakes); middleware never builds adapters itself. */
  readonly getDeps: DepsProvider;
  /** @default true */
  readonly authenticated?: boolean;
}

/** middy's default `timeoutEarlyInMillis`. */
const MIDDY_TIMEOUT_EARLY_MS = 5;
/**
 * The work is stopped this long before middy would answer 503 itself, so a
 * request that stops in time meters what it read and hands back its
 * concurrency slot before the answer: once a Lambda has answered it is
 * frozen, and anything still pending waits for the next invocation.
 */
export const DEADLINE_CLEANUP_MS = 1_000;

export type EndpointFunction = (request: EndpointRequest) => Promise<ApiResult>;

/** Offloaded bodies live under the caller's organization, one object per invocation. */
function offloaderFor(deps: AppDeps, orgId: string, invocationId: string): ResponseOffloader {
  return {
    async offload(body, contentType) {
      const key = objectKeys.offloadedResponse(orgId, invocationId);
      await deps.blobs.put(key, body, contentType);
      const expiresAt = new Date(deps.clock.now().getTime() + LIFETIMES.offloadedResponseUrlSeconds * 1000).toISOString();
      return { url: await deps.blobs.presignGet(key, LIFETIMES.offloadedResponseUrlSeconds, { contentType }), expiresAt };
    },
  };
}

export function endpoint(options: EndpointOptions, fn: EndpointFunction) {
  const { getDeps } = options;
  const chain = middy<ApiEvent, ApiResult, Error, DocintelContext>().use(httpErrors());
  if (options.authenticated !== false) chain.use(authenticate(getDeps));
  const handler = chain.handler(async (event, context) => {
    const state = context.docintel;
    if (options.authenticated !== false && !state.principal) {
      throw new ApiError('invalid_api_key', 'The API key is invalid or has been revoked.');
    }
    const deadline = new AbortController();
    const remaining = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : undefined;
    // A second before middy answers 503 (its default timeoutEarlyInMillis is 5 ms): the work's own 503 comes first when it stops in time.
    const stopAt = remaining === undefined ? undefined : Math.max(0, remaining - MIDDY_TIMEOUT_EARLY_MS - DEADLINE_CLEANUP_MS);
    const timer = stopAt === undefined ? undefined : setTimeout(() => deadline.abort(deadlineExceeded()), stopAt);
    timer?.unref();
    const deps = getDeps();
    const fit = (result: ApiResult) => fitResponse(result, state.headers['accept-encoding'], offloaderFor(deps, state.principal!.orgId, state.requestId));
    let early: { readonly result: ApiResult; readonly fitted: Promise<ApiResult> } | undefined;
    try {
      const result = await fn({
        event,
        state,
        principal: state.principal!,
        deps,
        headers: state.headers,
        query: Object.fromEntries(
          Object.entries(event.queryStringParameters ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
        ),
        signal: deadline.signal,
        fitEarly: (result) => {
          if (!state.principal) return;
          const fitted = fit(result);
          // Awaited below when the function answers with it; otherwise its failure concerns nobody.
          fitted.catch(() => undefined);
          early = { result, fitted };
        },
      });
      // Unauthenticated answers (404/405) are small and have no organization to store under.
      if (!state.principal) return result;
      return await (early?.result === result ? early.fitted : fit(result));
    } catch (error) {
      // Whatever the stopped work threw on its way out (an abort error of a library), the answer is the deadline's.
      throw deadline.signal.aborted ? deadline.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  });
  // Callers (Lambda, the local server, tests) pass a plain Lambda context.
  return handler as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>;
}
