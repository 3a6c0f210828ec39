/**
 * Which engines one request may use. The SPEC says hk_test_ keys run the
 * same models as live, so by default they get the deployment's hosted
 * engines too; an administrator can turn those off for an organization's
 * test keys (`admin set-feature --feature test-key-hosted-engines`), since
 * test keys are unbilled and hosted calls are not. Then the request runs the
 * local engines everywhere (page-range workers included) and
 * `metadata.hosted_engines_off` says which slots it ran locally.
 *
 * @module
 */
import { DEFAULT_ENGINES, ENGINE_SLOTS, type EngineSlot } from '../contracts/engines.ts';
import type { Principal } from '../middleware/http.ts';
import type { PageSegmentRunner } from '../ports/page-segments.ts';
import type { AppDeps } from '../runtime/deps.ts';

/** `metadata.hosted_engines_off`: the slots the deployment runs hosted that this request ran locally, and why. */
export interface HostedEnginesOff {
  readonly reason: 'test_key';
  readonly slots: readonly EngineSlot[];
}

export interface RequestEngines {
  readonly deps: AppDeps;
  readonly hostedOff?: HostedEnginesOff;
}

/** Segments sent to page-range workers ask them for the local OCR too. */
function localSegments(runner: PageSegmentRunner): PageSegmentRunner {
  return { concurrency: runner.concurrency, run: (segment) => runner.run({ ...segment, localEngines: true }) };
}

export function enginesForRequest(deps: AppDeps, principal: Principal): RequestEngines {
  if (principal.keyKind !== 'test' || principal.testKeyHostedEngines !== false) return { deps };
  const slots = ENGINE_SLOTS.filter((slot) => deps.engines && deps.engines[slot] !== 'local');
  if (!slots.length) return { deps };
  const { hosted: _hosted, segments, ...rest } = deps;
  return {
    deps: { ...rest, engines: DEFAULT_ENGINES, ...(segments ? { segments: localSegments(segments) } : {}) },
    hostedOff: { reason: 'test_key', slots },
  };
}
