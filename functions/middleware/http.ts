/**
 * The request and response types handlers work with, independent of how
 * the event arrived (API Gateway REST proxy event on AWS and locally).
 *
 * @module
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { limitsObject, type LimitsObject, type Tier } from '../contracts/limits.ts';
import type { KeyKind } from '../ports/accounts.ts';

export interface Principal {
  readonly orgId: string;
  readonly tier: Tier;
  readonly keyId: string;
  readonly keyKind: KeyKind;
  /** The organization's own daily page ceiling for hk_test_ keys, when an operator set one. */
  readonly sandboxPagesPerDay?: number;
  /** False when an administrator turned the deployment's hosted engines off for the organization's hk_test_ keys. */
  readonly testKeyHostedEngines?: boolean;
  /** The organization's own in-flight share per operation for hk_test_ keys, when an operator set one. */
  readonly testKeyConcurrency?: number;
  /** The same for hk_live_ keys. */
  readonly liveKeyConcurrency?: number;
  /** The organization's own per-minute ceiling for its hk_test_ keys, when an operator set one. */
  readonly testKeyRequestsPerMinute?: number;
}

/** Per-invocation state the middlewares attach to the Lambda context. */
export interface RequestState {
  readonly requestId: string;
  readonly startedAt: number;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  principal?: Principal;
  /** Extra response headers (rate-limit info) the error and success paths both add. */
  responseHeaders: Record<string, string>;
}

export type DocintelContext = Context & { docintel: RequestState };

export type ApiEvent = APIGatewayProxyEvent;
export type ApiResult = APIGatewayProxyResult;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

export function lowerCaseHeaders(headers: Record<string, string | undefined> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) out[name.toLowerCase()] = value;
  }
  return out;
}

/** The limits object as it applies to the caller's organization (its own concurrency shares, when an operator set them). */
export function limitsFor(principal: Principal): LimitsObject {
  return limitsObject(principal.tier, {
    testKeys: principal.testKeyConcurrency,
    liveKeys: principal.liveKeyConcurrency,
    testKeyRequestsPerMinute: principal.testKeyRequestsPerMinute,
  });
}
