/**
 * Result-cache rules (SPEC "Caching"): per organization, keyed by the
 * document's content hash, the operation and its normalised parameters.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { EngineSelection } from '../contracts/engines.ts';
import type { HostedServices } from '../contracts/hosted-models.ts';
import type { KeyKind } from '../ports/accounts.ts';

/** `no-cache` or `no-store` in Cache-Control force a re-run; other directives do not. */
export function cacheControlForcesRefresh(header: string | undefined): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((d) => d.trim().toLowerCase().split('=')[0])
    .some((d) => d === 'no-cache' || d === 'no-store');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The cache key. Organization scoping is in the table key, never in a shared
 * namespace. The key kind is part of it: a result computed for an unbilled
 * hk_test_ key must never reach an hk_live_ key as a (free) cache hit, or
 * test keys would make billing optional.
 */
export function cacheDigest(operation: string, documentHash: string, params: Record<string, unknown>, keyKind: KeyKind, engines = '', codeRevision = ''): string {
  // The engine tag is appended only when a hosted engine is on, so an all-local deployment keeps its keys; the code
  // revision whenever the build has one, so a new release never serves what an older one computed.
  return createHash('sha256')
    .update(
      `${keyKind}\n${operation}\n${documentHash}\n${JSON.stringify(canonical(params))}${engines ? `\n${engines}` : ''}${codeRevision ? `\ncode:${codeRevision}` : ''}`,
    )
    .digest('hex');
}

/**
 * The engines a result was computed with, for the cache key: the engine
 * choice is per deployment, and a deployment switched to (or from) a hosted
 * engine, or to another Bedrock model, must not serve results of the old one.
 * Empty when every slot runs locally.
 *
 * @example
 * engineCacheTag({ ...DEFAULT_ENGINES, ocr: 'textract' }); // 'ocr=textract'
 */
export function engineCacheTag(engines: EngineSelection | undefined, hosted?: HostedServices): string {
  if (!engines) return '';
  const chosen = (Object.keys(engines) as (keyof EngineSelection)[])
    .sort()
    .filter((slot) => engines[slot] !== 'local')
    .map((slot) => (engines[slot] === 'bedrock' && hosted?.languageModel ? `${slot}=bedrock:${hosted.languageModel.modelId}` : `${slot}=${engines[slot]}`));
  return chosen.join(',');
}
